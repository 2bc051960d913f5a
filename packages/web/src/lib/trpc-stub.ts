/**
 * Test support (component tests only, never imported by the app): answers the page's tRPC HTTP
 * batch requests from canned replies, so a component test can show what the screen does with a
 * server's answer without a server. The real flows against the real server are in e2e/.
 */
import superjson from 'superjson';
import { vi } from 'vitest';

/** What the stubbed server answers for one procedure: its data, or an error with its detail. */
export type StubReply =
  { data: unknown } | { error: { message: string; code: string; httpStatus: number } };

const NOT_FOUND: StubReply = {
  error: { message: 'Not found', code: 'NOT_FOUND', httpStatus: 404 },
};

/**
 * Stubs the global `fetch` to answer each procedure of a `/trpc/…` batch from `replies` (by path,
 * e.g. 'auth.login'; anything else: NOT_FOUND), and `GET /api/csrf` with a token as the server
 * does (a mutation made before the page has one fetches it first: lib/csrf.ts). Returns the list
 * of procedures called, in order. Undo with `vi.unstubAllGlobals()`.
 */
export function stubTrpcServer(replies: Record<string, StubReply>): string[] {
  const called: string[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    if (url.pathname === '/api/csrf')
      return Promise.resolve(Response.json({ csrf_token: 'stub-csrf-token' }));
    const paths = url.pathname.replace(/^\/trpc\//, '').split(',');
    called.push(...paths);
    const body = paths.map((path) => {
      const reply = replies[path] ?? NOT_FOUND;
      return 'data' in reply
        ? { result: { data: superjson.serialize(reply.data) } }
        : {
            error: superjson.serialize({
              message: reply.error.message,
              code: -32600,
              data: { code: reply.error.code, httpStatus: reply.error.httpStatus },
            }),
          };
    });
    return Promise.resolve(
      new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }),
    );
  });
  return called;
}
