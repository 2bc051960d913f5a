/**
 * Limits of one tRPC WebSocket (`/trpc`, docs/typed-client.md "Limits"): a message rate per
 * connection, and a deadline to authenticate. The subscriptions of a connection are bounded by
 * the api (`TRPC_SUBSCRIPTIONS_PER_CONNECTION_MAX`, trpc.ts); the raw WebSocket has its own rate
 * (rest-adapter ws.ts).
 *
 * Over a limit the client gets one tRPC error message `{id: null, error}` and the socket closes:
 * - more than `rate` allows → TOO_MANY_REQUESTS, close 4429 `rate_limited`;
 * - no live session `authDeadlineMs` after opening → UNAUTHORIZED, close 4401 `not_authenticated`.
 */
import {
  ERROR,
  TRPC_SOCKET_AUTH_DEADLINE_MS,
  type AppRouter,
  type Context,
} from '@cipherspace/api';
import {
  DEFAULT_MESSAGE_RATE,
  MessageRate,
  WS_CLOSE,
  type MessageRateLimits,
} from '@cipherspace/rest-adapter';
import type { WebSocket } from '@fastify/websocket';
import { getTRPCErrorShape, transformTRPCResponse, TRPCError } from '@trpc/server';
import type { FastifyBaseLogger } from 'fastify';

/** What {@link limitTrpcSocket} enforces. */
export interface TrpcSocketLimits {
  /** Messages per second and burst; a batch frame counts once per call in it. */
  rate: MessageRateLimits;
  /** How long the socket may stay open without a live session, in ms. */
  authDeadlineMs: number;
}

/** WS_MESSAGES_PER_SECOND, WS_MESSAGE_BURST and TRPC_SOCKET_AUTH_DEADLINE_MS. */
export const DEFAULT_TRPC_SOCKET_LIMITS: TrpcSocketLimits = {
  rate: DEFAULT_MESSAGE_RATE,
  authDeadlineMs: TRPC_SOCKET_AUTH_DEADLINE_MS,
};

/** The socket's "it has a live session" callback, for {@link watchTrpcSocketAuth}. */
const authenticatedCallbacks = new WeakMap<object, () => void>();

/**
 * Puts `socket` under `limits` (see the module comment). Call after the throttle's guard and
 * before handing the socket to tRPC: frames beyond the rate never reach either.
 */
export function limitTrpcSocket(
  socket: WebSocket,
  router: AppRouter,
  log: FastifyBaseLogger,
  limits: TrpcSocketLimits = DEFAULT_TRPC_SOCKET_LIMITS,
): void {
  const rate = new MessageRate(limits.rate);
  let closing = false;
  const refuse = (error: TRPCError, code: number, reason: string) => {
    closing = true;
    clearTimeout(deadline);
    if (socket.readyState !== socket.OPEN) return;
    socket.send(JSON.stringify(errorMessage(router, error)));
    socket.close(code, reason);
  };

  const deadline = setTimeout(() => {
    log.info('tRPC socket not authenticated in time: closed');
    refuse(
      new TRPCError({ code: 'UNAUTHORIZED', message: ERROR.socketNotAuthenticated }),
      WS_CLOSE.sessionEnded,
      'not_authenticated',
    );
  }, limits.authDeadlineMs);
  authenticatedCallbacks.set(socket, () => clearTimeout(deadline));
  socket.once('close', () => clearTimeout(deadline));

  const emit = socket.emit.bind(socket);
  const limited = (event: string | symbol, ...args: unknown[]): boolean => {
    if (event !== 'message') return emit(event, ...args);
    if (closing) return true;
    // One for the frame first: a batch is parsed to count its calls only while there is room.
    const extra = rate.take() ? callsIn(args[0]) - 1 : Infinity;
    if (extra > 0 && !rate.take(extra)) {
      log.warn('tRPC socket over its message rate: closed');
      refuse(
        new TRPCError({ code: 'TOO_MANY_REQUESTS', message: ERROR.tooManyMessages }),
        WS_CLOSE.rateLimited,
        'rate_limited',
      );
      return true;
    }
    return emit(event, ...args);
  };
  socket.emit = limited as typeof socket.emit;
}

/**
 * For the tRPC WebSocket's `createContext` (`res` is the socket): once the context's token is a
 * live session, the socket of {@link limitTrpcSocket} is authenticated and its deadline is off.
 * A missing or invalid token (or a database that does not answer) leaves the deadline running.
 */
export function watchTrpcSocketAuth(socket: object, context: Context): void {
  const authenticated = authenticatedCallbacks.get(socket);
  if (!authenticated || context.token === null) return;
  context.authenticate().then(
    (auth) => {
      if (auth) authenticated();
    },
    () => undefined,
  );
}

/** Calls in a frame: the length of a JSON array (a batch), else 1. */
function callsIn(data: unknown): number {
  if (!Buffer.isBuffer(data)) return 1;
  const first = data.find(
    (byte) => byte !== 0x20 && byte !== 0x0a && byte !== 0x0d && byte !== 0x09,
  );
  if (first !== 0x5b) return 1; // '['
  try {
    const parsed: unknown = JSON.parse(data.toString('utf8'));
    return Array.isArray(parsed) ? Math.max(1, parsed.length) : 1;
  } catch {
    return 1;
  }
}

/** A tRPC error message for no call in particular (`id: null`), as tRPC sends one itself. */
function errorMessage(router: AppRouter, error: TRPCError): unknown {
  const config = router._def._config;
  const shape = getTRPCErrorShape({
    config,
    error,
    type: 'unknown',
    path: undefined,
    input: undefined,
    ctx: undefined,
  });
  return transformTRPCResponse(config, { id: null, error: shape });
}
