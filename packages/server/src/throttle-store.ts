/**
 * Where the throttle counts with REDIS_URL: a `@fastify/rate-limit` store that keeps every counter
 * in Redis (the library's own RedisStore, through `ioredis`), so all instances share one budget per
 * window and a restart keeps it — and that counts in this instance's memory (the library's
 * LocalStore) whenever Redis does not answer.
 *
 * A dead Redis fails fast instead of stalling logins: no offline queue (a command while
 * disconnected is refused at once), no retry of a command cut off by a disconnect, at most
 * {@link COMMAND_TIMEOUT_MS} per command and {@link CONNECT_TIMEOUT_MS} per connection attempt.
 * ioredis keeps reconnecting (at most 2 s apart); while it is away every attempt is counted
 * locally, so each instance still enforces the limits on its own — the throttle never fails
 * open (`skipOnError` stays off) and never answers 500. The switch is logged both ways and
 * {@link SharedCounters.state} tells `/api/health`. Counts taken locally during an outage are not
 * copied to Redis when it is back.
 */
import { once } from 'node:events';
import { createRequire } from 'node:module';

import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

// @fastify/rate-limit's own two stores (store/*.js, shipped without types; arguments as in 11.x).
const require = createRequire(import.meta.url);
/** Fixed-window counters in Redis (one Lua INCR/PEXPIRE per attempt) under `keyPrefix` + key. */
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  keyPrefix: string,
) => FastifyRateLimitStore;
/** Fixed-window counters in this process's memory (LRU-bounded by each limiter's `cache`). */
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
) => FastifyRateLimitStore;

/** Longest wait for a connection to Redis (and for the first one at start-up), in ms. */
const CONNECT_TIMEOUT_MS = 2000;
/** Longest wait for one counter update before it is counted locally instead, in ms. */
const COMMAND_TIMEOUT_MS = 500;

/** Counters in Redis, with this instance's memory as the fallback. */
export interface SharedCounters {
  /** `@fastify/rate-limit`'s `store` option. */
  readonly store: FastifyRateLimitStoreCtor;
  /** 'redis' while Redis answers, else 'redis-unreachable' (attempts are counted locally). */
  state(): 'redis' | 'redis-unreachable';
  /** Closes the connection. */
  close(): Promise<void>;
}

/**
 * Connects to the Redis at `url` (waiting at most {@link CONNECT_TIMEOUT_MS} for it; an
 * unreachable Redis is logged, not thrown) and returns the store whose keys start with
 * `keyPrefix`.
 */
export async function openSharedCounters(options: {
  url: string;
  keyPrefix: string;
  log: FastifyBaseLogger;
}): Promise<SharedCounters> {
  const { log } = options;
  const redis = new Redis(options.url, {
    connectTimeout: CONNECT_TIMEOUT_MS,
    commandTimeout: COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
  });
  let failing = false;
  const fail = (error: unknown) => {
    if (failing) return;
    failing = true;
    log.error(
      { err: error },
      'Redis unreachable: login and creation attempts are counted per instance until it answers',
    );
  };
  const recover = () => {
    if (!failing) return;
    failing = false;
    log.info('Redis answers again: login and creation attempts are counted in Redis');
  };
  redis.on('error', fail);
  redis.on('ready', recover);
  await once(redis, 'ready', { signal: AbortSignal.timeout(CONNECT_TIMEOUT_MS) }).catch(
    () => undefined,
  );

  const shared = new RedisStore(false, false, redis, options.keyPrefix);

  /** Redis while it is connected and answers, this instance's counters otherwise. */
  class FallbackStore implements FastifyRateLimitStore {
    constructor(private readonly local: FastifyRateLimitStore) {}

    incr: FastifyRateLimitStore['incr'] = (key, callback, timeWindow, max) => {
      if (redis.status !== 'ready') {
        this.local.incr(key, callback, timeWindow, max);
        return;
      }
      shared.incr(
        key,
        (error, result) => {
          if (error || !result) {
            fail(error);
            this.local.incr(key, callback, timeWindow, max);
            return;
          }
          recover();
          callback(null, result);
        },
        timeWindow,
        max,
      );
    };

    /** One limiter (`app.createRateLimit`): the shared Redis keys, its own local counters. */
    child: FastifyRateLimitStore['child'] = (limiterOptions) =>
      new FallbackStore(this.local.child(limiterOptions));
  }

  return {
    store: class extends FallbackStore {
      constructor() {
        super(new LocalStore(false, false));
      }
    },
    state: () => (redis.status === 'ready' && !failing ? 'redis' : 'redis-unreachable'),
    async close() {
      redis.off('error', fail);
      redis.on('error', () => undefined);
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
