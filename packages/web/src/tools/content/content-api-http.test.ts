import superjson from 'superjson';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { httpSyncApi, workerSnapshotUploader } from './content-api-http.ts';

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

describe("workerSnapshotUploader (the envelope worker) and the page's CSRF token (spec §7)", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const input = {
    space_name: 'Team',
    tool: 'kanban' as const,
    version: 41,
    encrypted_data: '{"data":"AA==","iv":"AA==","salt":"AA=="}',
  };

  it("sends the snapshot with the page's session and CSRF tokens, never fetching a token of its own", async () => {
    const cookie = { token: 'page-token' };
    const sent = stubServer(cookie);
    const requests: Headers[] = [];
    const stubbed = globalThis.fetch;
    vi.stubGlobal('fetch', (url: RequestInfo | URL, init?: RequestInit) => {
      requests.push(new Headers(init?.headers));
      return stubbed(url, init);
    });
    const upload = workerSnapshotUploader();
    await upload({ token: 'session-1', csrf: 'page-token', input });
    expect(sent).toEqual([['/trpc/content.snapshot', 'page-token']]);
    expect(requests[0]?.get('authorization')).toBe('Bearer session-1');
    // The page's token changed (it renewed it): the next upload carries the new one.
    cookie.token = 'page-token-2';
    await upload({ token: 'session-1', csrf: 'page-token-2', input: { ...input, version: 42 } });
    expect(sent.at(-1)).toEqual(['/trpc/content.snapshot', 'page-token-2']);
  });

  it("rejects when the server refuses the page's token, without replacing the cookie", async () => {
    const sent = stubServer({ token: 'newer-token' });
    await expect(
      workerSnapshotUploader()({ token: 'session-1', csrf: 'stale-token', input }),
    ).rejects.toThrow();
    expect(sent).toEqual([['/trpc/content.snapshot', 'stale-token']]);
  });
});
