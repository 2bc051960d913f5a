import { describe, expect, it } from 'vitest';

import { buildShareLink } from './share-link.ts';

describe('share link (spec §6, key in the URL fragment)', () => {
  it('points at the login page with the space name in the query and the key in the fragment', () => {
    expect(buildShareLink('https://example.org', 'Team A', 'Abc123!xyz')).toBe(
      'https://example.org/space/login?spaceName=Team%20A#spaceKey=Abc123!xyz',
    );
  });

  it('round-trips names and keys with characters that mean something in URLs', () => {
    const key = 'K3y+/&#%?=;"\'<>`~|[]{}';
    const name = 'Team-B 2';
    const url = new URL(buildShareLink('http://127.0.0.1:4000', name, key));
    expect(url.pathname).toBe('/space/login');
    expect(url.searchParams.get('spaceName')).toBe(name);
    expect(url.searchParams.has('spaceKey')).toBe(false);
    expect(new URLSearchParams(url.hash.slice(1)).get('spaceKey')).toBe(key);
  });

  it('never puts the key before the fragment (the part a browser sends)', () => {
    const key = 'S3cret-Key!long';
    const link = buildShareLink('https://example.org', 'Space', key);
    const sent = link.split('#')[0] ?? '';
    expect(sent).not.toContain(key);
    expect(sent).not.toContain(encodeURIComponent(key));
  });
});
