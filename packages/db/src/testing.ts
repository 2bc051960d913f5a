/**
 * Test harness: a fresh, migrated database per call, on the driver the test project selects
 * (`TEST_DB=pglite` — in-memory PGlite, the default — or `TEST_DB=postgres`, which creates a
 * database with a random name on `TEST_POSTGRES_URL` and drops it in `cleanup`).
 */
import { randomBytes } from 'node:crypto';

import postgres from 'postgres';

import { createDb, ignoreNotice, type DbHandle } from './client.ts';

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

/** Creates an isolated, migrated database for one test file. */
export async function createTestDb(): Promise<TestDb> {
  if (testDriver() === 'pglite') {
    const handle = await createDb({ dataDir: null });
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
