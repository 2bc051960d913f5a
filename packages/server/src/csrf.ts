/**
 * Cross-site request forgery protection (spec §7: "Non-GET relative requests carry a
 * cross-site request forgery header taken from a cookie").
 *
 * Two layers, both only for state-changing requests to `/api` and `/trpc`:
 * 1. Fetch Metadata: a browser request marked `Sec-Fetch-Site: cross-site` is refused (403).
 * 2. Double-submit cookie (`@fastify/csrf-protection`): a request that carries our `_csrf`
 *    cookie — i.e. comes from a browser that fetched `GET /api/csrf` — must send the token from
 *    that response in the `X-CSRF-Token` header, or it is refused with 403.
 *
 * Bearer-only clients (CLIs, servers, the typed tRPC client in Node) send no cookie and are
 * unaffected; authentication itself never rides on a cookie.
 */
import fastifyCookie from '@fastify/cookie';
import fastifyCsrf from '@fastify/csrf-protection';
import type { FastifyInstance } from 'fastify';

import { pathOnly } from './logging.ts';

export const CSRF_COOKIE = '_csrf';
export const CSRF_HEADER = 'x-csrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function isProtectedPath(url: string): boolean {
  const path = pathOnly(url);
  return (
    path === '/api' || path.startsWith('/api/') || path === '/trpc' || path.startsWith('/trpc/')
  );
}

export async function registerCsrf(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCookie);
  await app.register(fastifyCsrf, {
    cookieKey: CSRF_COOKIE,
    cookieOpts: { path: '/', sameSite: 'strict', httpOnly: true },
    getToken: (request) => {
      const value = request.headers[CSRF_HEADER];
      return Array.isArray(value) ? value[0] : value;
    },
  });

  /** Issues a CSRF token (and its cookie) for browser clients: `{ csrf_token }`. */
  app.get('/api/csrf', async (_request, reply) => ({ csrf_token: reply.generateCsrf() }));

  app.addHook('onRequest', (request, reply, done) => {
    if (SAFE_METHODS.has(request.method) || !isProtectedPath(request.url)) {
      done();
      return;
    }
    if (request.headers['sec-fetch-site'] === 'cross-site') {
      void reply.code(403).send({ detail: 'Cross-site request refused' });
      return;
    }
    if (request.cookies[CSRF_COOKIE] === undefined) {
      done();
      return;
    }
    app.csrfProtection(request, reply, done);
  });
}
