/**
 * Brute-force throttling with `@fastify/rate-limit`'s manual limiters (`app.createRateLimit`, the
 * library's documented way to limit tRPC).
 *
 * What counts as an attempt, whichever way it arrives (REST, tRPC over HTTP, tRPC over the
 * WebSocket):
 * - login (`auth.login`, `POST /api/auth/login`) and registration (`users.register`,
 *   `POST /api/spaces/:spaceName/users/register`) share two counters: one per account
 *   (space name lower-cased + username trimmed and lower-cased — so other users of the same space
 *   are never locked out) and one per client IP;
 * - space creation (`spaces.create`, `POST /api/spaces/create`) counts per client IP only.
 *
 * Every attempt counts, successful or not (counting only failures would let parallel requests
 * slip through before the first failure is recorded). Past a limit the answer is 429 with a
 * `Retry-After` header (seconds until the window ends) and the detail
 * 'Too many attempts. Please try again in N seconds.' — REST as `{detail}`, tRPC as a
 * `TOO_MANY_REQUESTS` error with that message.
 *
 * Counters are fixed windows. With REDIS_URL they live in Redis (throttle-store.ts): every
 * instance counts against one budget per window and a restart keeps it; while Redis does not
 * answer, and without REDIS_URL, they live in this instance's memory (LRU-bounded), so several
 * instances behind one load balancer each count on their own. The client IP is `request.ip`:
 * behind a reverse proxy set TRUST_PROXY.
 */
import { createHash } from 'node:crypto';

import { nameKey, type AppRouter } from '@cipherspace/api';
import fastifyRateLimit, { normalizeIP, type RateLimitOptions } from '@fastify/rate-limit';
import type { WebSocket } from '@fastify/websocket';
import { getTRPCErrorShape, transformTRPCResponse, TRPCError } from '@trpc/server';
import type { TRPCRequestInfo } from '@trpc/server/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import type { RateLimits, ServerConfig } from './config.ts';
import { openSharedCounters } from './throttle-store.ts';

/** What one call tries: a login/registration for an account (null: unreadable), or a creation. */
export type Attempt = { kind: 'auth'; account: string | null } | { kind: 'create' };

/** The throttled tRPC procedures and what each attempts. */
const PROCEDURES: Record<string, (input: unknown) => Attempt> = {
  'auth.login': (input) => ({ kind: 'auth', account: accountOf(input) }),
  'users.register': (input) => ({ kind: 'auth', account: accountOf(input) }),
  'spaces.create': () => ({ kind: 'create' }),
};

/** The throttled REST routes (`POST`, by route pattern) and the procedure each maps onto. */
const REST_ROUTES: Record<string, string> = {
  '/api/auth/login': 'auth.login',
  '/api/spaces/:spaceName/users/register': 'users.register',
  '/api/spaces/create': 'spaces.create',
};

/** Longer names are invalid anyway; the cap bounds the memory a hostile key can take. */
const MAX_KEY_PART_CHARS = 200;
/** Entries per counter (least recently used are dropped beyond this). */
const ACCOUNT_CACHE_ENTRIES = 50_000;
const IP_CACHE_ENTRIES = 20_000;

/**
 * The attempt a call of procedure `path` with `input` makes, or null when `path` is not
 * throttled. Never throws, whatever `input` is.
 */
export function attemptFor(path: string, input: unknown): Attempt | null {
  const attempt = Object.hasOwn(PROCEDURES, path) ? PROCEDURES[path] : undefined;
  return attempt ? attempt(input) : null;
}

/**
 * The per-account key of a login/registration input: `[space name, username]` as the api's
 * `nameKey` compares names (NFKC, case folded, whitespace runs collapsed, trimmed — so `Team
 * Alpha` and `team  alpha` share one counter), or null unless both keys are non-empty.
 */
export function accountOf(input: unknown): string | null {
  if (typeof input !== 'object' || input === null) return null;
  const { space_name: space, username } = input as Record<string, unknown>;
  if (typeof space !== 'string' || typeof username !== 'string') return null;
  const spaceKey = nameKey(space.slice(0, MAX_KEY_PART_CHARS));
  const userKey = nameKey(username.slice(0, MAX_KEY_PART_CHARS));
  if (!spaceKey || !userKey) return null;
  return JSON.stringify([spaceKey, userKey]);
}

/** The detail of a 429. */
export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  return `Too many attempts. Please try again in ${retryAfterSeconds} seconds.`;
}

/** Thrown by the REST hook: the error handlers answer 429 `{detail}`. */
export class TooManyAttemptsError extends Error {
  readonly statusCode = 429;
  constructor(readonly retryAfterSeconds: number) {
    super(tooManyAttemptsMessage(retryAfterSeconds));
    this.name = 'TooManyAttemptsError';
  }
}

/**
 * Where the counters are: 'memory' (no REDIS_URL), 'redis', or 'redis-unreachable' (REDIS_URL
 * set but Redis does not answer: counted in this instance's memory until it does).
 */
export type ThrottleCounting = 'memory' | 'redis' | 'redis-unreachable';

export interface Throttle {
  /** Where the counters are right now (for `/api/health`). */
  counting(): ThrottleCounting;
  /**
   * Counts `attempts` of the client behind `request`. Resolves null while every limit holds,
   * else the seconds until the exceeded window ends (the `Retry-After` value).
   */
  check(request: FastifyRequest, attempts: Attempt[]): Promise<number | null>;
  /**
   * For the tRPC HTTP handler's `createContext`: counts the throttled calls of the request.
   * @throws TRPCError TOO_MANY_REQUESTS (and sets `Retry-After` on `reply`) past a limit.
   */
  checkTrpcRequest(
    request: FastifyRequest,
    reply: FastifyReply,
    calls: TRPCRequestInfo['calls'],
  ): Promise<void>;
  /**
   * Makes the tRPC WebSocket `socket` count the throttled calls it receives; a frame past a
   * limit is answered with TOO_MANY_REQUESTS errors (one per call in it) and never reaches
   * tRPC. Call before handing the socket to tRPC.
   */
  guardTrpcSocket(socket: WebSocket, request: FastifyRequest, router: AppRouter): void;
}

const ATTEMPT_KEY = Symbol('throttle.attemptKey');
type KeyedRequest = FastifyRequest & { [ATTEMPT_KEY]: string };

/**
 * Registers `@fastify/rate-limit` (no global limit; counters in the Redis of `redis`, else in
 * memory) and the REST hook; returns the throttle for the tRPC handlers. Register before the
 * REST routes. Closing `app` closes the Redis connection.
 */
export async function registerThrottle(
  app: FastifyInstance,
  limits: RateLimits,
  redis: ServerConfig['throttleRedis'],
): Promise<Throttle> {
  const shared = redis ? await openSharedCounters({ ...redis, log: app.log }) : null;
  if (shared) app.addHook('onClose', () => shared.close());
  await app.register(fastifyRateLimit, {
    global: false,
    ...(shared ? { store: shared.store } : {}),
  });

  /** A limiter whose keys start with `name` (the counters of all limiters share one store). */
  const limiter = (name: string, max: number, timeWindow: number, cache: number) => {
    const options: RateLimitOptions = {
      max,
      timeWindow,
      cache,
      keyGenerator: (request) => `${name}:${(request as KeyedRequest)[ATTEMPT_KEY]}`,
    };
    const check = app.createRateLimit(options);
    /** Counts one attempt under `key`; resolves the seconds to wait when over the limit. */
    return async (request: FastifyRequest, key: string): Promise<number | null> => {
      // The key travels on a per-call view of the request, so concurrent checks on one
      // request (several frames of one WebSocket) never see each other's key.
      const keyed = Object.create(request, { [ATTEMPT_KEY]: { value: key } }) as KeyedRequest;
      const result = await check(keyed);
      return !result.isAllowed && result.isExceeded ? Math.max(1, result.ttlInSeconds) : null;
    };
  };
  const loginPerIp = limiter('login-ip', limits.loginPerIp, limits.windowMs, IP_CACHE_ENTRIES);
  const loginPerAccount = limiter(
    'login-account',
    limits.loginPerAccount,
    limits.windowMs,
    ACCOUNT_CACHE_ENTRIES,
  );
  const createPerIp = limiter(
    'create-ip',
    limits.createPerIp,
    limits.createWindowMs,
    IP_CACHE_ENTRIES,
  );

  async function check(request: FastifyRequest, attempts: Attempt[]): Promise<number | null> {
    const ip = normalizeIP(request.ip);
    for (const attempt of attempts) {
      const waits =
        attempt.kind === 'create'
          ? [await createPerIp(request, ip)]
          : [
              await loginPerIp(request, ip),
              attempt.account === null
                ? null
                : await loginPerAccount(request, hashedAccount(attempt.account)),
            ];
      const exceeded = waits.filter((wait): wait is number => wait !== null);
      if (exceeded.length > 0) {
        request.log.warn({ kind: attempt.kind }, 'attempt throttled');
        return Math.max(...exceeded);
      }
    }
    return null;
  }

  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'POST') return;
    const route = request.routeOptions.url;
    const path =
      route !== undefined && Object.hasOwn(REST_ROUTES, route) ? REST_ROUTES[route] : null;
    if (!path) return;
    const attempt = attemptFor(path, restInput(request));
    if (!attempt) return;
    const wait = await check(request, [attempt]);
    if (wait === null) return;
    void reply.header('retry-after', String(wait));
    throw new TooManyAttemptsError(wait);
  });

  return {
    counting: () => shared?.state() ?? 'memory',
    check,

    async checkTrpcRequest(request, reply, calls) {
      const attempts: Attempt[] = [];
      for (const call of calls) {
        if (!Object.hasOwn(PROCEDURES, call.path)) continue;
        let input: unknown = null;
        try {
          input = await call.getRawInput();
        } catch {
          // Unreadable input: tRPC answers it itself; the call still counts per IP.
        }
        const attempt = attemptFor(call.path, input);
        if (attempt) attempts.push(attempt);
      }
      if (attempts.length === 0) return;
      const wait = await check(request, attempts);
      if (wait === null) return;
      void reply.header('retry-after', String(wait));
      throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: tooManyAttemptsMessage(wait) });
    },

    guardTrpcSocket(socket, request, router) {
      const emit = socket.emit.bind(socket);
      const guarded = (event: string | symbol, ...args: unknown[]): boolean => {
        if (event !== 'message') return emit(event, ...args);
        const frame = parseFrame(args[0]);
        // Whatever `method` a message claims: counting by path alone leaves nothing to dodge.
        const attempts = frame.flatMap((message) => {
          const attempt = attemptFor(message.path, message.input);
          return attempt ? [attempt] : [];
        });
        if (attempts.length === 0) return emit(event, ...args);
        check(request, attempts).then(
          (wait) => {
            if (wait === null) emit(event, ...args);
            else refuseFrame(socket, router, frame, wait);
          },
          (error: unknown) => {
            request.log.error({ err: error }, 'throttle check failed');
            socket.close(1011);
          },
        );
        return true;
      };
      socket.emit = guarded as typeof socket.emit;
    },
  };
}

/**
 * The counter key of an account: a SHA-256 of {@link accountOf}'s key (base64url, 43 chars), so
 * no space name or username is kept in the counters — in memory or in a shared Redis.
 */
function hashedAccount(account: string): string {
  return createHash('sha256').update(account).digest('base64url');
}

/** The REST body as a procedure input (the register route takes the space from its path). */
function restInput(request: FastifyRequest): unknown {
  const body: unknown = request.body;
  const fields = typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {};
  if (request.routeOptions.url !== '/api/spaces/:spaceName/users/register') return fields;
  const { spaceName } = request.params as { spaceName?: unknown };
  return { ...fields, space_name: spaceName };
}

interface FrameMessage {
  id: unknown;
  jsonrpc: unknown;
  method: unknown;
  path: string;
  input: unknown;
}

/**
 * The calls in a tRPC WebSocket frame (one message or an array), with each input unwrapped
 * from the superjson envelope `{json}`. Anything that is not such JSON yields []: tRPC answers
 * it (or it is a PING/PONG or the connection-params message).
 */
function parseFrame(data: unknown): FrameMessage[] {
  if (!Buffer.isBuffer(data)) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(data.toString('utf8'));
  } catch {
    return [];
  }
  const messages: unknown[] = Array.isArray(parsed) ? parsed : [parsed];
  return messages.flatMap((message): FrameMessage[] => {
    if (typeof message !== 'object' || message === null) return [];
    const { id, jsonrpc, method, params } = message as Record<string, unknown>;
    if (typeof params !== 'object' || params === null) return [];
    const { path, input } = params as Record<string, unknown>;
    if (typeof path !== 'string') return [];
    const unwrapped =
      typeof input === 'object' && input !== null && 'json' in input ? input.json : input;
    return [{ id, jsonrpc, method, path, input: unwrapped }];
  });
}

/** Answers every call of a refused frame with TOO_MANY_REQUESTS, as tRPC itself would. */
function refuseFrame(socket: WebSocket, router: AppRouter, frame: FrameMessage[], wait: number) {
  if (socket.readyState !== socket.OPEN) return;
  const config = router._def._config;
  const error = new TRPCError({ code: 'TOO_MANY_REQUESTS', message: tooManyAttemptsMessage(wait) });
  for (const message of frame) {
    if (typeof message.id !== 'string' && typeof message.id !== 'number') continue;
    const shape = getTRPCErrorShape({
      config,
      error,
      type: message.method === 'query' ? 'query' : 'mutation',
      path: message.path,
      input: undefined,
      ctx: undefined,
    });
    const response = {
      id: message.id,
      ...(message.jsonrpc === '2.0' ? { jsonrpc: '2.0' as const } : {}),
      error: shape,
    };
    socket.send(JSON.stringify(transformTRPCResponse(config, response)));
  }
}
