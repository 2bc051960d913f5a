/**
 * An answer given before the request's body has all arrived — a 413, a 401 or 403 before
 * reading, any refusal of a body — is followed by a lingering close (RFC 9112 §9.6): the server
 * sends its answer and FIN, then keeps reading and discarding what the client still sends, up to
 * {@link LINGER_MAX_BYTES} or {@link LINGER_MAX_MS}, and closes once the body has arrived.
 *
 * Node closes such a connection at once after the answer (Fastify sends `Connection: close` with
 * a refused body). The client's next bytes then meet a closed socket, its kernel answers with a
 * reset, and a reset discards the answer the client had not read yet: a Node `fetch` or a
 * browser, which write the whole body before reading, reported a network error instead of the
 * 413 (curl, which reads while it writes, saw it).
 */
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

import type { FastifyInstance } from 'fastify';

/**
 * Most bytes read and discarded after an early answer, per connection: 64 MiB, room for a
 * refused upload several times BODY_LIMIT_BYTES. Beyond, the connection is closed at once.
 */
export const LINGER_MAX_BYTES = 64 * 1024 * 1024;
/** Longest a connection lingers after an early answer, in ms: 30 s (Apache's lingering close). */
export const LINGER_MAX_MS = 30_000;

/** Whether the request announces a body (a length above 0, or chunks). */
function hasBody(request: IncomingMessage): boolean {
  const length = request.headers['content-length'];
  return (
    request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0')
  );
}

/** Reads and discards the rest of `request` after the answer, then closes `socket`. */
function linger(socket: Socket, request: IncomingMessage): void {
  socket.end();
  const start = socket.bytesRead;
  const close = () => {
    clearTimeout(timer);
    socket.destroy();
  };
  const timer = setTimeout(close, LINGER_MAX_MS);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
  if (request.complete) {
    close();
    return;
  }
  request.on('data', () => {
    if (socket.bytesRead - start > LINGER_MAX_BYTES) close();
  });
  request.once('end', close);
  request.once('error', close);
  // A body reader that stopped (a refused body) may still be attached: detach it, read on.
  request.unpipe();
  request.resume();
}

/**
 * Adds the lingering close to every answer of `app` sent while the request's body has not all
 * arrived: such an answer says `Connection: close`, and the connection lingers (see above) instead
 * of closing when it has been sent.
 */
export function lingerAfterEarlyAnswers(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, _payload, done) => {
    const raw = request.raw;
    const { socket } = raw;
    if (!raw.complete && hasBody(raw) && raw.headers.upgrade === undefined) {
      void reply.header('connection', 'close');
      // Node ends a `Connection: close` answer's socket with destroySoon() once it is sent.
      socket.destroySoon = () => {
        linger(socket, raw);
      };
    }
    done();
  });
}
