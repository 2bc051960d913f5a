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
 * `error` listener by one that does what it did — log the error, terminate the socket — and
 * then calls `onError`, without holding the request. Returns the request's logger.
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
    log.error(error);
    socket.terminate();
    onError?.(error);
  });
  return log;
}
