import type { AppRouter } from '@cipherspace/api';
import { createTRPCClient } from '@trpc/client';
import superjson from 'superjson';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** One request the page sent: its URL and the CSRF header it carried (null: none). */
interface Sent {
  url: string;
  csrf: string | null;
}

/**
 * Stubs the global `fetch` as the server: `/api/csrf` answers `{csrf_token}` when the test calls
 * `answerCsrf` (or fails as offline with `failCsrf`), every `/trpc/…` call answers null at once
 * (one result per procedure of a batch). Records what was sent, in order.
 */
function stubServer() {
  const sent: Sent[] = [];
  let answer: (response: Response) => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    sent.push({ url, csrf: new Headers(init?.headers).get('x-csrf-token') });
    if (url === '/api/csrf')
      return new Promise<Response>((resolve, reject) => {
        answer = resolve;
        fail = reject;
      });
    const { pathname, searchParams } = new URL(url, 'http://localhost');
    const result = { result: { data: superjson.serialize(null) } };
    const paths = pathname.replace(/^\/trpc\//, '').split(',');
    return Promise.resolve(
      Response.json(searchParams.get('batch') === '1' ? paths.map(() => result) : result),
    );
  });
  return {
    sent,
    answerCsrf: (token: string) => answer(Response.json({ csrf_token: token })),
    failCsrf: () => fail(new TypeError('Failed to fetch')),
  };
}

/** Fresh modules (no token, no fetch under way) and a typed client over the link. */
async function pageStart(batch: boolean) {
  vi.resetModules();
  const csrf = await import('./csrf.ts');
  const { httpLink } = await import('./http-link.ts');
  const client = createTRPCClient<AppRouter>({ links: [httpLink({ batch })] });
  return { csrf, client };
}

const announce = {
  space_name: 'Team',
  tool: 'kanban',
  status: 'active',
  client_id: 'tab-1',
} as const;
const find = { space_name: 'Team', tool: 'kanban' } as const;

/** Lets the client's timers (the batch's tick) and the stub's promises run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('httpLink and the CSRF token (spec §7): a mutation waits for it, a query never does', () => {
  beforeEach(() => {
    localStorage.setItem('token', 'session-token');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it.each([true, false])(
    'a mutation made while the start-up fetch is under way waits for it and carries the token (batch: %s)',
    async (batch) => {
      const server = stubServer();
      const { csrf, client } = await pageStart(batch);
      void csrf.initCsrf(); // main.tsx
      const announced = client.realtime.announce.mutate(announce);
      await settle();
      expect(server.sent.map((request) => request.url)).toEqual(['/api/csrf']);

      server.answerCsrf('start-up-token');
      await announced;
      expect(server.sent).toHaveLength(2); // no second fetch of the token
      expect(server.sent[1]?.url).toMatch(/^\/trpc\/realtime\.announce/);
      expect(server.sent[1]?.csrf).toBe('start-up-token');
    },
  );

  it.each([true, false])(
    'a query goes at once, without a token, while the start-up fetch is under way (batch: %s)',
    async (batch) => {
      const server = stubServer();
      const { csrf, client } = await pageStart(batch);
      void csrf.initCsrf();
      const found = client.content.find.query(find);
      await settle();
      expect(server.sent.map((request) => request.url)).toEqual([
        '/api/csrf',
        expect.stringMatching(/^\/trpc\/content\.find/),
      ]);
      expect(server.sent[1]?.csrf).toBeNull();
      await expect(found).resolves.toBeNull();
    },
  );

  it('a mutation waits no longer than CSRF_WAIT_MS for a token that does not come', async () => {
    vi.useFakeTimers();
    const server = stubServer();
    const { csrf, client } = await pageStart(true);
    void csrf.initCsrf();
    const announced = client.realtime.announce.mutate(announce);
    await vi.advanceTimersByTimeAsync(csrf.CSRF_WAIT_MS - 1);
    expect(server.sent).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(1);
    await announced;
    expect(server.sent).toHaveLength(2);
    expect(server.sent[1]).toMatchObject({ url: expect.stringMatching(/^\/trpc\//), csrf: null });
  });

  it('a page with no token and no fetch under way fetches one before its mutation', async () => {
    const server = stubServer();
    const { client } = await pageStart(true);
    const announced = client.realtime.announce.mutate(announce);
    await settle();
    expect(server.sent.map((request) => request.url)).toEqual(['/api/csrf']);

    server.answerCsrf('fetched-for-the-mutation');
    await announced;
    expect(server.sent[1]?.csrf).toBe('fetched-for-the-mutation');
  });

  it('offline, the fetch of the token fails and the mutation goes at once without one', async () => {
    vi.useFakeTimers();
    const server = stubServer();
    const { client } = await pageStart(true);
    const announced = client.realtime.announce.mutate(announce);
    await vi.advanceTimersByTimeAsync(0);
    server.failCsrf();
    await vi.advanceTimersByTimeAsync(0); // no waiting for CSRF_WAIT_MS
    await announced;
    expect(server.sent).toEqual([
      { url: '/api/csrf', csrf: null },
      { url: expect.stringMatching(/^\/trpc\/realtime\.announce/), csrf: null },
    ]);
  });

  it('a mutation made when the page has its token goes at once with it', async () => {
    const server = stubServer();
    const { csrf, client } = await pageStart(true);
    const started = csrf.initCsrf();
    server.answerCsrf('known-token');
    await started;
    await client.realtime.announce.mutate(announce);
    expect(server.sent).toHaveLength(2);
    expect(server.sent[1]?.csrf).toBe('known-token');
  });
});

/**
 * Stubs the global `fetch` as a server whose `_csrf` cookie now matches `cookie.token`:
 * `/api/csrf` answers that token at once; a POST to `/trpc/…` with another token is refused 403
 * `{detail}` before any procedure runs, as the server's CSRF check does (packages/server/src/
 * csrf.ts); `forbidden` makes every `/trpc/…` call a procedure's 403 (a tRPC error body).
 */
function stubCsrfServer(cookie: { token: string }, { forbidden = false } = {}) {
  const sent: (Sent & { method: string })[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    const method = init?.method ?? 'GET';
    const csrf = new Headers(init?.headers).get('x-csrf-token');
    sent.push({ url, csrf, method });
    if (url === '/api/csrf') return Promise.resolve(Response.json({ csrf_token: cookie.token }));
    if (method === 'POST' && csrf !== cookie.token)
      return Promise.resolve(Response.json({ detail: 'Invalid csrf token' }, { status: 403 }));
    const { pathname, searchParams } = new URL(url, 'http://localhost');
    const paths = pathname.replace(/^\/trpc\//, '').split(',');
    const one = forbidden
      ? { error: superjson.serialize({ message: 'Not your space', code: -32003, data: {} }) }
      : { result: { data: superjson.serialize(null) } };
    const body = searchParams.get('batch') === '1' ? paths.map(() => one) : one;
    return Promise.resolve(Response.json(body, { status: forbidden ? 403 : 200 }));
  });
  return sent;
}

describe('httpLink and a CSRF token the server no longer accepts (spec §7)', () => {
  beforeEach(() => {
    localStorage.setItem('token', 'session-token');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  /** A page whose token is `page-token`; the browser's cookie is then replaced (another tab). */
  async function pageWithStaleToken(batch: boolean, options?: { forbidden?: boolean }) {
    const cookie = { token: 'page-token' };
    const sent = stubCsrfServer(cookie, options);
    const { csrf, client } = await pageStart(batch);
    await csrf.initCsrf();
    expect(csrf.getCsrfToken()).toBe('page-token');
    cookie.token = 'other-tab-token';
    sent.length = 0;
    return { cookie, sent, csrf, client };
  }

  it.each([true, false])(
    'a mutation refused for its token is sent once more with a new one, and succeeds (batch: %s)',
    async (batch) => {
      const { sent, csrf, client } = await pageWithStaleToken(batch);
      await expect(client.realtime.announce.mutate(announce)).resolves.toBeNull();
      expect(sent.map(({ url, csrf }) => [url.replace(/\?.*$/, ''), csrf])).toEqual([
        ['/trpc/realtime.announce', 'page-token'],
        ['/api/csrf', null],
        ['/trpc/realtime.announce', 'other-tab-token'],
      ]);
      // The page keeps the new token: the next mutation goes with it at once.
      expect(csrf.getCsrfToken()).toBe('other-tab-token');
      await client.realtime.announce.mutate(announce);
      expect(sent).toHaveLength(4);
      expect(sent[3]?.csrf).toBe('other-tab-token');
    },
  );

  it('mutations refused together fetch one new token between them', async () => {
    const { sent, client } = await pageWithStaleToken(false);
    await Promise.all([
      client.realtime.announce.mutate(announce),
      client.realtime.announce.mutate({ ...announce, client_id: 'tab-2' }),
    ]);
    expect(sent.filter(({ url }) => url === '/api/csrf')).toHaveLength(1);
    expect(sent.filter(({ url }) => url.startsWith('/trpc/'))).toHaveLength(4);
  });

  it('a mutation refused again with the new token fails with the 403: one retry, no loop', async () => {
    const { cookie, sent, client } = await pageWithStaleToken(true);
    // Every token the page gets is already stale when it uses it.
    vi.stubGlobal(
      'fetch',
      ((inner) => (input: RequestInfo | URL, init?: RequestInit) => {
        const answer = inner(input, init);
        cookie.token = `${cookie.token}+`;
        return answer;
      })(globalThis.fetch),
    );
    await expect(client.realtime.announce.mutate(announce)).rejects.toThrow();
    expect(sent.filter(({ url }) => url.startsWith('/trpc/'))).toHaveLength(2);
    expect(sent.filter(({ url }) => url === '/api/csrf')).toHaveLength(1);
  });

  it("a procedure's 403 (a tRPC error, not the CSRF check) is not sent again", async () => {
    const sent = stubCsrfServer({ token: 'page-token' }, { forbidden: true });
    const { csrf, client } = await pageStart(true);
    await csrf.initCsrf();
    await expect(client.realtime.announce.mutate(announce)).rejects.toThrow('Not your space');
    expect(sent.map(({ url, csrf }) => [url.replace(/\?.*$/, ''), csrf])).toEqual([
      ['/api/csrf', null],
      ['/trpc/realtime.announce', 'page-token'],
    ]);
  });

  it('a query is never sent again (GETs need no token)', async () => {
    const { sent, client } = await pageWithStaleToken(false, { forbidden: true });
    await expect(client.content.find.query(find)).rejects.toThrow();
    expect(sent.map(({ url, method }) => [url.replace(/\?.*$/, ''), method])).toEqual([
      ['/trpc/content.find', 'GET'],
    ]);
  });
});
