import { afterEach, describe, expect, it, vi } from 'vitest';

import { getCsrfToken, initCsrf } from './csrf.ts';

describe('initCsrf (spec §7 CSRF header; a page opened offline)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('fetches the token when the network is back after the start-up fetch failed', async () => {
    // Test files share the window: a start-up fetch an earlier file left waiting for the
    // network is finished first, so that only this file's module answers `online` below.
    vi.stubGlobal('fetch', () => Promise.resolve(Response.json({ csrf_token: 'earlier' })));
    window.dispatchEvent(new Event('online'));
    await new Promise((resolve) => setTimeout(resolve, 0));

    const requests: string[] = [];
    let online = false;
    vi.stubGlobal('fetch', (url: string) => {
      requests.push(url);
      return online
        ? Promise.resolve(Response.json({ csrf_token: 'token-after-online' }))
        : Promise.reject(new TypeError('Failed to fetch'));
    });

    await initCsrf();
    await initCsrf(); // a tool's retry while still offline
    expect(getCsrfToken()).toBeNull();
    expect(requests).toEqual(['/api/csrf', '/api/csrf']);

    online = true;
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(getCsrfToken()).toBe('token-after-online'));
    // One fetch for however many failures, and none on a later `online` event.
    window.dispatchEvent(new Event('online'));
    await Promise.resolve();
    expect(requests).toEqual(['/api/csrf', '/api/csrf', '/api/csrf']);
  });
});
