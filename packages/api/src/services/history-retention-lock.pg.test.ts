/**
 * The history retention job's advisory lock between two instances on one PostgreSQL database
 * (PGlite is one process with one connection, so only PostgreSQL can hold the lock
 * elsewhere): while another instance runs the job, this one skips its run and removes nothing;
 * afterwards the lock is free. Its key is its own: the space retention job running meanwhile
 * does not stop it.
 */
import { createDb, spaces, toolChanges, toolContents, type DbHandle } from '@cipherspace/db';
import { createTestDb, type TestDb } from '@cipherspace/db/testing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { HISTORY_RETENTION_LOCK_KEY, pruneToolHistory } from './history-retention.ts';
import { SPACE_RETENTION_LOCK_KEY } from './retention.ts';

describe('history retention with two instances', () => {
  let database: TestDb;
  let other: DbHandle;

  beforeAll(async () => {
    database = await createTestDb();
    if (!database.url) throw new Error('this file needs PostgreSQL');
    other = await createDb({ databaseUrl: database.url, migrate: false, poolSize: 2 });
  });
  afterAll(async () => {
    await other.close();
    await database.cleanup();
  });

  /** Holds `key` in a transaction of the other instance until the returned release is called. */
  async function holdLock(key: number): Promise<() => Promise<void>> {
    let release: () => void = () => undefined;
    let held: () => void = () => undefined;
    const isHeld = new Promise<void>((resolve) => (held = resolve));
    const run = other.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(key))})`);
      held();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await isHeld;
    return async () => {
      release();
      await run;
    };
  }

  it('skips the run while another instance holds the job lock, and runs once it is released', async () => {
    expect(HISTORY_RETENTION_LOCK_KEY).not.toBe(SPACE_RETENTION_LOCK_KEY);
    const [space] = await database.db
      .insert(spaces)
      .values({ name: 'Busy team', verifierHash: '$argon2id$unused' })
      .returning();
    if (!space) throw new Error('no space');
    const envelope = '{"data":"AAAA","iv":"AAAAAAAAAAAAAAAA","salt":"AAAA"}';
    await database.db.insert(toolContents).values({
      spaceId: space.id,
      tool: 'kanban',
      encryptedData: envelope,
      contentMetadata: { version: 3 },
      version: 3,
      snapshotVersion: 3,
    });
    await database.db.insert(toolChanges).values(
      [1, 2, 3].map((version) => ({
        spaceId: space.id,
        tool: 'kanban',
        version,
        kind: 'replacement' as const,
        modifiedBy: 'alice',
      })),
    );
    const rules = { now: new Date(), retentionDays: 0, maxVersions: 1 };
    const left = async () =>
      (
        await database.db
          .select({ version: toolChanges.version })
          .from(toolChanges)
          .where(eq(toolChanges.spaceId, space.id))
      ).map((row) => row.version);

    const releaseHistory = await holdLock(HISTORY_RETENTION_LOCK_KEY);
    expect(await pruneToolHistory(database.db, rules)).toEqual({
      tools: 0,
      deletedChanges: 0,
      deletedSnapshots: 0,
      skipped: true,
    });
    expect(await left()).toEqual([1, 2, 3]);
    await releaseHistory();

    // The space retention's lock is another key: it does not hold this job up.
    const releaseSpaces = await holdLock(SPACE_RETENTION_LOCK_KEY);
    try {
      // No snapshot at all (content saved before the history existed): versions below the
      // oldest kept one go.
      expect(await pruneToolHistory(database.db, rules)).toEqual({
        tools: 1,
        deletedChanges: 2,
        deletedSnapshots: 0,
        skipped: false,
      });
    } finally {
      await releaseSpaces();
    }
    expect(await left()).toEqual([3]);
  });
});
