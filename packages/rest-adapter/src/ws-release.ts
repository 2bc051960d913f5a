/**
 * Letting the HTTP request of a WebSocket upgrade go once the socket is open (bench/RESULTS.md,
 * sockets). Two references would otherwise keep the request — Fastify's request and reply,
 * Node's IncomingMessage and ServerResponse, the headers — alive for the socket's lifetime:
 * - the TCP socket's `_httpMessage`: @fastify/websocket hijacks a ServerResponse that is never
 *   finished, so Node never detaches it;
 * - @fastify/websocket's `error` listener on the socket, a closure over request and reply.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

import type { WebSocket } from '@fastify/websocket';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';

const responses = new WeakMap<IncomingMessage, ServerResponse>();

/**
 * `onRequest` hook of a WebSocket route: remembers the upgrade's ServerResponse for
 * {@link releaseUpgradeRequest} (the WebSocket handler is not given the reply).
 */
export function rememberUpgradeResponse(
  request: FastifyRequest,
  reply: FastifyReply,
  done: () => void,
): void {
  if (request.ws) responses.set(request.raw, reply.raw);
  done();
}

/**
 * Call first thing in a WebSocket handler whose route has the {@link rememberUpgradeResponse}
 * hook. Detaches the ServerResponse from the TCP socket and replaces @fastify/websocket's
 * `error` listener by one that logs the error — a client's mistake ({@link isClientSocketError})
 * once at info without a stack, anything else at error — terminates the socket and then calls
 * `onError`, without holding the request. Returns the request's logger.
 */
export function releaseUpgradeRequest(
  socket: WebSocket,
  request: FastifyRequest,
  onError?: (error: Error) => void,
): FastifyBaseLogger {
  const response = responses.get(request.raw);
  responses.delete(request.raw);
  const tcp = request.raw.socket;
  if (response?.socket === tcp) response.detachSocket(tcp);
  const log = request.log;
  for (const listener of socket.listeners('error')) {
    socket.off('error', listener as (error: Error) => void);
  }
  socket.on('error', (error) => {
    if (isClientSocketError(error)) {
      log.info({ code: error.code, reason: error.message }, 'websocket client error: closed');
    } else {
      log.error({ err: error }, 'websocket failed');
    }
    socket.terminate();
    onError?.(error);
  });
  return log;
}

/**
 * Network errors a client's side causes (it reset or abandoned the connection), as Node names
 * them in `error.code`.
 */
const CLIENT_NETWORK_ERRORS = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ETIMEDOUT']);

/**
 * Whether a WebSocket's `error` is the client's doing, not the server's: a frame that breaks the
 * protocol (ws names these `WS_ERR_*`: a bad opcode, unmasked frame, invalid UTF-8, a message
 * over `maxPayload`, …) or a connection the client reset. Such errors are logged at info without
 * a stack; anything else is a server fault.
 */
export function isClientSocketError(error: unknown): error is Error & { code: string } {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return (
    typeof code === 'string' && (code.startsWith('WS_ERR_') || CLIENT_NETWORK_ERRORS.has(code))
  );
}
