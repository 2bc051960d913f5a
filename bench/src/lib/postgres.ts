/**
 * Throw-away PostgreSQL databases: every benchmark run works in a database of its own, created
 * on the configured server and dropped afterwards, so no run sees another's rows and nothing is
 * left behind.
 */
import { randomBytes } from 'node:crypto';

import postgres from 'postgres';

/** A database created for one benchmark. */
export interface ThrowawayDatabase {
  /** postgres:// URL of the new database. */
  url: string;
  /** Its name (`cs_bench_<12 hex>`). */
  name: string;
  /** The server's version string (`select version()`), for the report. */
  serverVersion: string;
  /** Drops the database, ending every connection still open on it. Idempotent. */
  drop(): Promise<void>;
}

/** A postgres.js `onnotice` that drops server NOTICEs ("… does not exist, skipping" is no error). */
export function ignoreNotice(): void {
  // intentionally empty
}

/**
 * Creates an empty database on the server at `adminUrl` (which must allow CREATE DATABASE).
 * Tables come from the server's own migrations when it first opens the database.
 * @throws when the server cannot be reached, with the URL's host in the message.
 */
export async function createThrowawayDatabase(adminUrl: string): Promise<ThrowawayDatabase> {
  const name = `cs_bench_${randomBytes(6).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: ignoreNotice, connect_timeout: 10 });
  let serverVersion: string;
  try {
    const [row] = await admin<{ version: string }[]>`select version()`;
    serverVersion = row?.version.split(' on ')[0] ?? 'PostgreSQL';
    await admin.unsafe(`create database ${name}`);
  } catch (error) {
    await admin.end({ timeout: 1 });
    const host = new URL(adminUrl).host;
    throw new Error(
      `PostgreSQL at ${host} is not usable for benchmarks (set BENCH_POSTGRES_URL): ${String(error)}`,
      { cause: error },
    );
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    url: url.toString(),
    name,
    serverVersion,
    async drop() {
      if (dropped) return;
      dropped = true;
      try {
        await admin.unsafe(`drop database if exists ${name} with (force)`);
      } finally {
        await admin.end({ timeout: 5 });
      }
    },
  };
}
