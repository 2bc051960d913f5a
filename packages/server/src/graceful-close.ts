/**
 * Graceful shutdown of HTTP traffic on SIGTERM: once `app.close()` begins, every response closes
 * its connection (so a keep-alive connection that was busy when the shutdown began does not hold
 * the close up), and a request that arrives after that point is answered `503 {detail}` with
 * `Retry-After` instead of Fastify's own 503 body. Requests received before the close are answered
 * as usual.
 */
import type { FastifyInstance } from 'fastify';

/** The detail of the 503 a request gets when it arrives while the server shuts down. */
export const SHUTTING_DOWN_DETAIL = 'The server is shutting down. Please try again in a moment.';
/** The `Retry-After` of that 503, in seconds. */
const RETRY_AFTER_S = 5;

/** Adds the hooks; call before any plugin is registered, so that every route inherits them. */
export function registerGracefulClose(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onRequest', (_request, reply, done) => {
    if (!closing) {
      done();
      return;
    }
    void reply
      .code(503)
      .header('retry-after', String(RETRY_AFTER_S))
      .send({ detail: SHUTTING_DOWN_DETAIL });
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) void reply.header('connection', 'close');
    done(null, payload);
  });
}
