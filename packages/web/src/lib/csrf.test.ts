import { afterEach, describe, expect, it, vi } from 'vitest';

import { getCsrfToken, initCsrf, requestCsrfToken } from './csrf.ts';
import { HTTP_DATE_RESOLUTION_MS, serverNow } from './realtime/server-clock.ts';

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

describe('requestCsrfToken (the first estimate of the server clock)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("takes the server's time from the answer's Date header", async () => {
    // The server's clock is 90 s ahead of this computer's.
    vi.stubGlobal('fetch', (_url: string, init?: RequestInit) => {
      expect(init?.cache).toBe('no-store');
      const date = new Date(Date.now() + 90_000).toUTCString();
      return Promise.resolve(Response.json({ csrf_token: 'with-date' }, { headers: { date } }));
    });
    expect(await requestCsrfToken()).toBe('with-date');
    const offset = serverNow() - Date.now();
    expect(offset).toBeGreaterThan(90_000 - HTTP_DATE_RESOLUTION_MS);
    expect(offset).toBeLessThan(90_000 + HTTP_DATE_RESOLUTION_MS);
  });
});
