/**
 * `createDb()`: the one way the server opens its database (spec: issue "Server core" §3).
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

import * as schema from './schema.ts';

/** The typed Drizzle database, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Cross-instance notifications (Postgres LISTEN/NOTIFY). Payloads must stay < 8000 bytes. */
export interface DbNotifier {
  /** Sends `payload` on `channel` to every listening instance (including this one). */
  notify(channel: string, payload: string): Promise<void>;
  /**
   * Listens on `channel` on one dedicated connection per instance; resolves once listening.
   * postgres.js re-issues LISTEN by itself after a reconnect.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
  ): Promise<{ unlisten(): Promise<void> }>;
}

export interface DbHandle {
  db: Database;
  driver: 'postgres' | 'pglite';
  /** Present on Postgres only: in-process PGlite needs no cross-instance fan-out. */
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
  /** postgres.js pool size (connections). Default 10. */
  poolSize?: number | undefined;
  /** Run migrations before returning. Default true. */
  migrate?: boolean | undefined;
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
    ? openPostgres(options.databaseUrl, options.poolSize ?? 10)
    : await openPglite(options.dataDir === undefined ? './data' : options.dataDir);
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

function openPostgres(url: string, poolSize: number): OpenedHandle {
  const client = postgres(url, {
    max: poolSize,
    onnotice: ignoreNotice,
  });
  const db = drizzlePostgres({ client, schema }) as unknown as Database;
  let closed = false;
  return {
    db,
    driver: 'postgres',
    notifier: {
      async notify(channel, payload) {
        await client`select pg_notify(${channel}, ${payload})`;
      },
      async listen(channel, onPayload) {
        const subscription = await client.listen(channel, onPayload);
        return { unlisten: () => subscription.unlisten() };
      },
    },
    async ping() {
      await client`select 1`;
    },
    async close() {
      if (closed) return;
      closed = true;
      await client.end({ timeout: 5 });
    },
    async migrate() {
      await migratePostgres(drizzlePostgres({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
    },
  };
}

async function openPglite(dataDir: string | null): Promise<OpenedHandle> {
  let client: PGlite;
  if (dataDir === null) {
    client = new PGlite();
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
