/**
 * The benchmarks' settings from the environment — the only module of `bench/` that reads
 * `process.env` (children get what they need from their parent over IPC).
 *
 * | variable | default | meaning |
 * |---|---|---|
 * | BENCH_POSTGRES_URL, else DATABASE_URL | postgres://postgres@127.0.0.1:5432/postgres | a PostgreSQL server on which each run creates (and drops) a throw-away database |
 * | BENCH_NATS_URL | nats://127.0.0.1:4222 | the NATS server the cross-instance benchmark measures as EVENT_BUS_URL |
 * | BENCH_REDIS_URL | redis://127.0.0.1:6379 | the Redis server the cross-instance benchmark measures as EVENT_BUS_URL |
 * | CHROMIUM_PATH | /usr/bin/chromium | the Chromium the crypto and web benchmarks drive (Debian's package; never downloaded) |
 * | BENCH_WEB_DIST | (unset: build the working tree) | a finished web build (`vite build` output) for the web and live benchmarks to serve instead of building one — e.g. a build of an older commit, for before/after figures |
 * | BENCH_SEARCH_TRACE | (unset: no trace) | a file the search benchmark writes a Chromium performance trace of the typing to (JSON; opens in Chrome DevTools' Performance panel), to see where a slow keystroke's time goes |
 */

/** The PostgreSQL server a run uses when the environment names none. */
export const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** The brokers a run measures when the environment names none (the test machine's). */
export const DEFAULT_NATS_URL = 'nats://127.0.0.1:4222';
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

/** Debian's Chromium. */
export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

export interface BenchConfig {
  /** An administrative postgres:// URL: throw-away databases are created and dropped through it. */
  postgresUrl: string;
  /** The brokers measured as EVENT_BUS_URL (live events between instances). */
  natsUrl: string;
  redisUrl: string;
  /** The Chromium executable. */
  chromiumPath: string;
  /** A finished web build to serve instead of building the working tree, or null. */
  webDistDir: string | null;
  /** Where the search benchmark writes a performance trace of the typing, or null: none. */
  searchTracePath: string | null;
}

/** Reads the configuration from `env` (default `process.env`); empty values count as unset. */
export function loadBenchConfig(
  env: Record<string, string | undefined> = process.env,
): BenchConfig {
  const pick = (...values: (string | undefined)[]) => values.find((value) => value?.trim());
  return {
    postgresUrl: pick(env.BENCH_POSTGRES_URL, env.DATABASE_URL) ?? DEFAULT_POSTGRES_URL,
    natsUrl: pick(env.BENCH_NATS_URL) ?? DEFAULT_NATS_URL,
    redisUrl: pick(env.BENCH_REDIS_URL) ?? DEFAULT_REDIS_URL,
    chromiumPath: pick(env.CHROMIUM_PATH) ?? DEFAULT_CHROMIUM_PATH,
    webDistDir: pick(env.BENCH_WEB_DIST) ?? null,
    searchTracePath: pick(env.BENCH_SEARCH_TRACE) ?? null,
  };
}
