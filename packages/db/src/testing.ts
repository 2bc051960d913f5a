/**
 * Test harness: a fresh, migrated database per call, on the driver the test project selects
 * (`TEST_DB=pglite` — in-memory PGlite, the default — or `TEST_DB=postgres`, which creates a
 * database with a random name on `TEST_POSTGRES_URL` and drops it in `cleanup`).
 *
 * PGlite databases start from the migrated image named by `TEST_PGLITE_IMAGE` when it is set
 * (the root vitest global setup writes one per run, {@link writePgliteImage}): ~0.3 s instead of
 * ~1.4 s of initdb and migrations per database.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';

import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import postgres from 'postgres';

import { createDb, ignoreNotice, MIGRATIONS_FOLDER, type DbHandle } from './client.ts';

export interface TestDb extends DbHandle {
  /** The postgres:// URL of the test database (Postgres only), for a second server instance. */
  url: string | null;
  /** Closes the handle and drops the database. */
  cleanup(): Promise<void>;
  /**
   * PostgreSQL only: terminates every backend connected to this test database (all pools and
   * LISTEN connections of every instance), as a database restart would; returns how many.
   * Other databases of the cluster are not touched. @throws on PGlite.
   */
  terminateBackends(): Promise<number>;
}

/** Which database the current test project runs against. */
export function testDriver(): 'pglite' | 'postgres' {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

/** The variable naming the file of a migrated PGlite data directory image (a tar). */
export const PGLITE_IMAGE_ENV = 'TEST_PGLITE_IMAGE';

/**
 * Writes the image of a freshly migrated in-memory PGlite database (uncompressed tar, ~40 MB)
 * to `path`, for `createTestDb` to start every PGlite database from (via `TEST_PGLITE_IMAGE`).
 */
export async function writePgliteImage(path: string): Promise<void> {
  const client = new PGlite();
  try {
    await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
    const image = await client.dumpDataDir('none');
    writeFileSync(path, new Uint8Array(await image.arrayBuffer()));
  } finally {
    await client.close();
  }
}

/** This worker's copy of the image named by TEST_PGLITE_IMAGE (read once per process). */
let pgliteImage: Blob | null | undefined;
function cachedPgliteImage(): Blob | null {
  if (pgliteImage === undefined) {
    const path = process.env[PGLITE_IMAGE_ENV];
    pgliteImage = path ? new Blob([readFileSync(path)]) : null;
  }
  return pgliteImage;
}

/** Creates an isolated, migrated database for one test file. */
export async function createTestDb(): Promise<TestDb> {
  if (testDriver() === 'pglite') {
    // Migrations still run: on an image of the current schema they find nothing to do.
    const handle = await createDb({ dataDir: null, pgliteImage: cachedPgliteImage() ?? undefined });
    return {
      ...handle,
      url: null,
      cleanup: () => handle.close(),
      terminateBackends: () => Promise.reject(new Error('terminateBackends needs PostgreSQL')),
    };
  }
  const adminUrl = process.env.TEST_POSTGRES_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_POSTGRES_URL');
  const name = `cs_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: ignoreNotice });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await createDb({ databaseUrl: url.toString(), poolSize: 10 });
  return {
    ...handle,
    url: url.toString(),
    async cleanup() {
      await handle.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end({ timeout: 5 });
    },
    async terminateBackends() {
      const rows = await admin<{ done: boolean }[]>`
        select pg_terminate_backend(pid) as done from pg_stat_activity
        where datname = ${name} and pid <> pg_backend_pid()`;
      return rows.filter((row) => row.done).length;
    },
  };
}
