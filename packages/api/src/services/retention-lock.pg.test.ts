/**
 * The retention job's advisory lock between two instances on one PostgreSQL database (PGlite is
 * one process with one connection, so only PostgreSQL can hold the lock elsewhere): while another
 * instance runs the job, this one skips its run and deletes nothing; afterwards the lock is free.
 */
import { createDb, spaces, type DbHandle } from '@cipherspace/db';
import { createTestDb, type TestDb } from '@cipherspace/db/testing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { EventBus } from '../events.ts';
import { deleteInactiveSpaces, SPACE_RETENTION_LOCK_KEY } from './retention.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('inactive-space retention with two instances', () => {
  let database: TestDb;
  let other: DbHandle;
  let bus: EventBus;

  beforeAll(async () => {
    database = await createTestDb();
    if (!database.url) throw new Error('this file needs PostgreSQL');
    other = await createDb({ databaseUrl: database.url, migrate: false, poolSize: 2 });
    bus = new EventBus(database.notifier);
    await bus.start();
  });
  afterAll(async () => {
    await bus.close();
    await other.close();
    await database.cleanup();
  });

  it('skips the run while another instance holds the job lock, and runs once it is released', async () => {
    const now = new Date();
    const lastLoginAt = new Date(now.getTime() - 100 * DAY_MS);
    const [stale] = await database.db
      .insert(spaces)
      .values({ name: 'Forgotten team', verifierHash: '$argon2id$unused', lastLoginAt })
      .returning();
    if (!stale) throw new Error('no space');

    let release: () => void = () => undefined;
    let held: () => void = () => undefined;
    const isHeld = new Promise<void>((resolve) => (held = resolve));
    // The other instance is "running the job": it holds the transaction-scoped lock.
    const otherRun = other.db.transaction(async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(${sql.raw(String(SPACE_RETENTION_LOCK_KEY))})`,
      );
      held();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await isHeld;

    const skipped = await deleteInactiveSpaces(database.db, bus, { now, retentionDays: 90 });
    expect(skipped).toEqual({ deletedSpaceIds: [], skipped: true });
    expect(await database.db.select().from(spaces).where(eq(spaces.id, stale.id))).toHaveLength(1);

    release();
    await otherRun;
    const ran = await deleteInactiveSpaces(database.db, bus, { now, retentionDays: 90 });
    expect(ran).toEqual({ deletedSpaceIds: [stale.id], skipped: false });
  });
});
