/**
 * Several server instances started at the same moment on a new PostgreSQL database: every one
 * of them comes up; the migrations run once (an advisory lock makes the
 * others wait instead of failing on "duplicate key … pg_type_typname_nsp_index").
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createDb, ignoreNotice, MIGRATIONS_FOLDER } from './client.ts';
import { spaces } from './schema.ts';

describe('instances starting together on a new database', () => {
  const name = `cs_test_${randomBytes(6).toString('hex')}`;
  let admin: postgres.Sql;
  let url: string;

  beforeAll(async () => {
    const adminUrl = process.env.TEST_POSTGRES_URL;
    if (!adminUrl) throw new Error('this file needs TEST_POSTGRES_URL');
    admin = postgres(adminUrl, { max: 1, onnotice: ignoreNotice });
    await admin.unsafe(`create database ${name}`);
    const parsed = new URL(adminUrl);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
  });
  afterAll(async () => {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end({ timeout: 5 });
  });

  it('all come up, and each migration is applied once', async () => {
    const started = await Promise.allSettled(
      Array.from({ length: 4 }, () => createDb({ databaseUrl: url, poolSize: 1 })),
    );
    const handles = started.flatMap((result) =>
      result.status === 'fulfilled' ? [result.value] : [],
    );
    try {
      expect(started.map((result) => result.status)).toEqual(Array(4).fill('fulfilled'));
      const journal = JSON.parse(
        readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
      ) as { entries: unknown[] };
      const [first] = handles;
      if (!first) throw new Error('no instance');
      const result = await first.db.execute(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      const rows = (Array.isArray(result) ? result : []) as { n: number }[];
      expect(rows[0]?.n).toBe(journal.entries.length);
      // Every instance works on the one schema.
      for (const [i, handle] of handles.entries()) {
        await handle.db.insert(spaces).values({ name: `Instance ${i}`, verifierHash: 'h' });
      }
      expect(await first.db.$count(spaces)).toBe(handles.length);
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
    }
  });
});
