/**
 * `createDb()`: the one way the server opens its database.
 *
 * - With a `databaseUrl` it connects to PostgreSQL through postgres.js (a pool of `poolSize`
 *   connections) and can LISTEN/NOTIFY across server instances.
 * - Without one it opens **embedded PGlite** persisted in `dataDir` (created if missing), or in
 *   memory when `dataDir` is `null` (tests). PGlite lives inside this process, so fan-out stays
 *   in-process.
 *
 * Migrations from `drizzle/` run before the handle is returned, on both drivers.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql as sqlTag } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';

import { SupervisedListener, type ListenState } from './listener.ts';
import * as schema from './schema.ts';

export type { ListenState } from './listener.ts';

/** The typed Drizzle database, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * Cross-instance notifications: the one seam between the event bus and what carries its events
 * to the other server instances — PostgreSQL LISTEN/NOTIFY (this module, `kind: 'postgres'`) or
 * a broker (`EVENT_BUS_URL`: NATS or Redis pub/sub, packages/server/src/event-bus/). Every
 * implementation is fire-and-forget (nothing is stored; a notification sent while an instance
 * does not listen is lost to it) and reports through `onState` when its subscription is lost and
 * when it is back, so that subscribers catch up. Payloads must stay < 8000 bytes (NOTIFY's limit).
 */
export interface DbNotifier {
  /** What carries the notifications (reported by `/api/health` as `event_bus`). */
  readonly kind: 'postgres' | 'nats' | 'redis';
  /**
   * Sends `payload` on `channel` to every listening instance (including this one). `topic`
   * (letters, digits, `_` and `-`; e.g. a space id) names what the payload is about: a broker
   * publishes on one subject per topic (`<channel>.<topic>`); PostgreSQL ignores it (one channel).
   */
  notify(channel: string, payload: string, topic?: string): Promise<void>;
  /**
   * Listens on `channel` (every topic of it) on one dedicated connection per instance; resolves
   * once listening (@throws when the database or broker cannot be reached). The connection is
   * watched and listens again by itself after an outage (see listener.ts); `onState` hears every
   * change. Payloads starting with `#probe:` are the listener's own probes and never reach
   * `onPayload`.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onState?: (state: ListenState, error?: unknown) => void,
  ): Promise<{ unlisten(): Promise<void> }>;
}

export interface DbHandle {
  db: Database;
  driver: 'postgres' | 'pglite';
  /**
   * LISTEN/NOTIFY, present on Postgres only: in-process PGlite needs no cross-instance fan-out.
   * The server uses a broker instead when EVENT_BUS_URL is set.
   */
  notifier: DbNotifier | null;
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  ping(): Promise<void>;
  /** Closes the pool / PGlite instance. Idempotent. */
  close(): Promise<void>;
}

export interface CreateDbOptions {
  /** postgres:// URL; when absent, embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; `null` keeps PGlite in memory. Default `./data`. */
  dataDir?: string | null | undefined;
  /**
   * In-memory PGlite only: starts from this data directory image (`PGlite.dumpDataDir('none')`,
   * a tar) instead of running initdb, which costs ~1 s per database. Tests use it
   * (testing.ts); ignored for PostgreSQL and a PGlite `dataDir`.
   */
  pgliteImage?: Blob | undefined;
  /** postgres.js pool size (connections). Default 10. */
  poolSize?: number | undefined;
  /** Run migrations before returning. Default true. */
  migrate?: boolean | undefined;
  /** How often the LISTEN connection is proven alive, in ms (Postgres only). Default 5000. */
  listenProbeIntervalMs?: number | undefined;
  /** How long a probe may take before the LISTEN is re-established, in ms. Default 5000. */
  listenProbeTimeoutMs?: number | undefined;
}

/** Default of {@link CreateDbOptions.listenProbeIntervalMs}. */
export const LISTEN_PROBE_INTERVAL_MS = 5000;
/** Default of {@link CreateDbOptions.listenProbeTimeoutMs}. */
export const LISTEN_PROBE_TIMEOUT_MS = 5000;
/** Advisory-lock key held while migrating ("csmigr" in ASCII); unique within the database. */
const MIGRATION_LOCK_KEY = 0x63_73_6d_69_67_72;
/** How long opening a PostgreSQL connection may take before the query fails, in s. */
const CONNECT_TIMEOUT_S = 10;

/**
 * Wait before reconnecting after a failed connection, in s (postgres.js calls it with the number
 * of failures in a row): 0.05, 0.1, 0.2 … capped at 2 s, so that during an outage a request fails
 * (503) within about 2 s and after it the pool is back within about 2 s. postgres.js's default
 * grows to 20 s.
 */
function reconnectBackoffS(failures: number): number {
  return Math.min(0.025 * 2 ** failures, 2);
}

/** Server NOTICEs (e.g. "relation already exists, skipping" during migrations) are not errors. */
export function ignoreNotice(): void {
  // intentionally empty
}

/** Folder of the committed drizzle-kit migrations. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../drizzle', import.meta.url));

/**
 * Opens the database described by `options` and migrates it.
 * @throws when the server is unreachable or a migration fails (the caller should exit).
 */
export async function createDb(options: CreateDbOptions = {}): Promise<DbHandle> {
  const handle = options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize ?? 10, {
        intervalMs: options.listenProbeIntervalMs ?? LISTEN_PROBE_INTERVAL_MS,
        timeoutMs: options.listenProbeTimeoutMs ?? LISTEN_PROBE_TIMEOUT_MS,
      })
    : await openPglite(
        options.dataDir === undefined ? './data' : options.dataDir,
        options.pgliteImage,
      );
  if (options.migrate ?? true) {
    try {
      await handle.migrate();
    } catch (error) {
      await handle.close();
      throw error;
    }
  }
  return handle;
}

type OpenedHandle = DbHandle & { migrate(): Promise<void> };

/**
 * `pg_notify` for every notification asked for in one turn of the event loop, in one statement
 * per channel, in the order asked: under load many saves end together, and every round trip to
 * the database costs the server a socket write (a third of a save's CPU with one statement of its
 * own per notification). Each call resolves once its statement has run; alone it is one call.
 */
function batchedNotify(client: postgres.Sql): (channel: string, payload: string) => Promise<void> {
  let pending: Map<string, string[]> | null = null;
  let sent: Promise<void> = Promise.resolve();
  return (channel, payload) => {
    if (pending === null) {
      const batch = new Map<string, string[]>();
      pending = batch;
      sent = new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
        pending = null;
        await Promise.all(
          [...batch].map(
            ([name, payloads]) =>
              client`select pg_notify(${name}, payload) from json_array_elements_text(${JSON.stringify(payloads)}::json) as payload`,
          ),
        );
      });
    }
    const payloads = pending.get(channel);
    if (payloads) payloads.push(payload);
    else pending.set(channel, [payload]);
    return sent;
  };
}

function openPostgres(
  url: string,
  poolSize: number,
  probe: { intervalMs: number; timeoutMs: number },
): OpenedHandle {
  const connectionOptions = {
    onnotice: ignoreNotice,
    connect_timeout: CONNECT_TIMEOUT_S,
    backoff: reconnectBackoffS,
    // postgres.js runs a catalog query for array types first on every new connection and drops
    // its promise: when the database terminates the connection during that query (a restart),
    // the rejection is unhandled and kills the process (porsager/postgres#1192, #1223). The
    // schema has no array columns, so the lookup is not needed.
    fetch_types: false,
  };
  const client = postgres(url, { ...connectionOptions, max: poolSize });
  const db = drizzlePostgres({ client, schema }) as unknown as Database;
  const listeners = new Set<SupervisedListener>();
  let closed = false;
  const notify = batchedNotify(client);
  return {
    db,
    driver: 'postgres',
    notifier: {
      kind: 'postgres',
      notify,
      async listen(channel, onPayload, onState) {
        const listener = new SupervisedListener({
          connect: () => postgres(url, { ...connectionOptions, max: 1 }),
          notify,
          channel,
          onPayload,
          onState,
          probeIntervalMs: probe.intervalMs,
          probeTimeoutMs: probe.timeoutMs,
        });
        await listener.start();
        listeners.add(listener);
        return {
          async unlisten() {
            listeners.delete(listener);
            await listener.close();
          },
        };
      },
    },
    async ping() {
      await client`select 1`;
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([...listeners].map((listener) => listener.close()));
      await client.end({ timeout: 5 });
    },
    async migrate() {
      // Instances started together would otherwise run the same migration at the same time and
      // all but one fail ("duplicate key … pg_type_typname_nsp_index"). One connection holds a
      // session-level advisory lock while it migrates; the others wait, then find nothing to do.
      const single = postgres(url, { ...connectionOptions, max: 1 });
      try {
        // Released when `single` ends, whatever happens in between.
        await single.unsafe(`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`);
        await migratePostgres(drizzlePostgres({ client: single }), {
          migrationsFolder: MIGRATIONS_FOLDER,
        });
      } finally {
        await single.end({ timeout: 5 });
      }
    },
  };
}

async function openPglite(dataDir: string | null, image?: Blob): Promise<OpenedHandle> {
  let client: PGlite;
  if (dataDir === null) {
    client = new PGlite(image ? { loadDataDir: image } : {});
  } else {
    const dir = join(dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir);
  }
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  let closed = false;
  return {
    db,
    driver: 'pglite',
    notifier: null,
    async ping() {
      await db.execute(sqlTag`select 1`);
    },
    async close() {
      if (closed) return;
      closed = true;
      await client.close();
    },
    async migrate() {
      await migratePglite(drizzlePglite({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
    },
  };
}
