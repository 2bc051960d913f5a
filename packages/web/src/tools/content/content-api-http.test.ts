import superjson from 'superjson';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { httpSyncApi } from './content-api-http.ts';

/**
 * Stubs `fetch` as a server whose `_csrf` cookie matches `cookie.token`: `/api/csrf` answers it,
 * a POST to `/trpc/…` with another token is refused 403 `{detail}` (packages/server/src/csrf.ts),
 * every other call answers null. Records the URL and CSRF header of each request.
 */
function stubServer(cookie: { token: string }) {
  const sent: [string, string | null][] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = (input instanceof Request ? input.url : String(input)).replace(/\?.*$/, '');
    const csrf = new Headers(init?.headers).get('x-csrf-token');
    sent.push([url, csrf]);
    if (url === '/api/csrf') return Promise.resolve(Response.json({ csrf_token: cookie.token }));
    if (init?.method === 'POST' && csrf !== cookie.token)
      return Promise.resolve(Response.json({ detail: 'Invalid csrf token' }, { status: 403 }));
    return Promise.resolve(Response.json([{ result: { data: superjson.serialize(null) } }]));
  });
  return sent;
}

describe('httpSyncApi (the offline sync worker) and its CSRF token (spec §7)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('a save refused because a page of the browser replaced the cookie goes again with a new token', async () => {
    const cookie = { token: 'worker-token' };
    const sent = stubServer(cookie);
    const api = await httpSyncApi('session-token');
    cookie.token = 'page-token';
    await api.save({
      space_name: 'Team',
      tool: 'kanban',
      encrypted_data: '{"data":"AA==","iv":"AA==","salt":"AA=="}',
      metadata: { version: 1 },
    });
    expect(sent).toEqual([
      ['/api/csrf', null],
      ['/trpc/content.save', 'worker-token'],
      ['/api/csrf', null],
      ['/trpc/content.save', 'page-token'],
    ]);
    // The worker keeps the new token for its next save.
    await api.save({
      space_name: 'Team',
      tool: 'kanban',
      encrypted_data: '{"data":"AA==","iv":"AA==","salt":"AA=="}',
      metadata: { version: 2 },
    });
    expect(sent.at(-1)).toEqual(['/trpc/content.save', 'page-token']);
    expect(sent).toHaveLength(5);
  });
});
