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

/**
 * Bytes per second all the lingering connections of one server may read together: 16 MiB, a
 * refused 10 MB body drained in under a second while at most a few percent of a core is spent.
 */
export const LINGER_BYTES_PER_SECOND = 16 * 1024 * 1024;

/**
 * A token bucket of bytes shared by every lingering request of a server: a request that reads past
 * it is paused until the bucket has refilled (at `bytesPerSecond`, holding at most one second).
 */
class DrainBudget {
  private tokens: number;
  private refilledAt = performance.now();
  private readonly paused = new Set<IncomingMessage>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly bytesPerSecond: number) {
    this.tokens = bytesPerSecond;
  }

  /** Counts `bytes` read by `request`; pauses it while the budget is overdrawn. */
  spend(request: IncomingMessage, bytes: number): void {
    this.refill();
    this.tokens -= bytes;
    if (this.tokens >= 0) return;
    request.pause();
    this.paused.add(request);
    this.schedule();
  }

  private refill(): void {
    const now = performance.now();
    const earned = ((now - this.refilledAt) / 1000) * this.bytesPerSecond;
    this.tokens = Math.min(this.bytesPerSecond, this.tokens + earned);
    this.refilledAt = now;
  }

  private schedule(): void {
    if (this.timer) return;
    const waitMs = Math.ceil((-this.tokens / this.bytesPerSecond) * 1000);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.refill();
      if (this.tokens < 0) {
        this.schedule();
        return;
      }
      for (const request of this.paused) request.resume();
      this.paused.clear();
    }, waitMs);
    this.timer.unref();
  }
}

/** Whether the request announces a body (a length above 0, or chunks). */
function hasBody(request: IncomingMessage): boolean {
  const length = request.headers['content-length'];
  return (
    request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0')
  );
}

/**
 * Reads and discards the rest of `request`, within `budget`, from the moment its early answer is
 * ready; once the answer has been sent (Node calls `destroySoon`), sends FIN and closes the socket
 * when the body has all arrived, after {@link LINGER_MAX_BYTES} or after {@link LINGER_MAX_MS}.
 *
 * The reading starts before the answer is sent: a request nobody reads when its answer finishes is
 * dumped by Node, which then pulls its bytes off the wire at full speed with no way to pause them.
 */
function linger(
  socket: Socket,
  request: IncomingMessage,
  budget: DrainBudget,
  lingering: Set<Socket>,
): void {
  lingering.add(socket);
  socket.once('close', () => lingering.delete(socket));
  const closeWhenSent = socket.destroySoon.bind(socket);
  let discarded = 0;
  let answered = false;
  const close = () => {
    clearTimeout(timer);
    if (answered) closeWhenSent();
    else socket.destroy();
  };
  const timer = setTimeout(close, LINGER_MAX_MS);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
  request.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > LINGER_MAX_BYTES) close();
    else budget.spend(request, chunk.length);
  });
  request.once('error', close);
  // A body reader that stopped (a refused body) may still be attached: detach it, read on.
  request.unpipe();
  request.resume();
  // Node ends a `Connection: close` answer's socket with destroySoon() once it is sent.
  socket.destroySoon = () => {
    answered = true;
    socket.end();
    if (request.complete) closeWhenSent();
    else request.once('end', closeWhenSent);
  };
}

/**
 * Adds the lingering close to every answer of `app` sent while the request's body has not all
 * arrived: such an answer says `Connection: close`, and the connection lingers (see above) instead
 * of closing when it has been sent.
 */
export function lingerAfterEarlyAnswers(
  app: FastifyInstance,
  bytesPerSecond = LINGER_BYTES_PER_SECOND,
): void {
  const budget = new DrainBudget(bytesPerSecond);
  const lingering = new Set<Socket>();
  // Their answers are sent: a server shutting down does not wait for their bodies.
  app.addHook('preClose', (done) => {
    for (const socket of lingering) socket.destroy();
    done();
  });
  app.addHook('onSend', (request, reply, _payload, done) => {
    const raw = request.raw;
    // An injected request (`app.inject`) has a socket stand-in with nothing to linger on.
    const lingers = typeof raw.socket.destroySoon === 'function';
    if (lingers && !raw.complete && hasBody(raw) && raw.headers.upgrade === undefined) {
      void reply.header('connection', 'close');
      linger(raw.socket, raw, budget, lingering);
    }
    done();
  });
}
