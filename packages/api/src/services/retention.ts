/**
 * Inactive spaces: a space in which nobody has logged in for `retentionDays` days is deleted with
 * everything in it — its users, their sessions and every tool's content (the foreign keys cascade)
 * — and its open real-time connections are closed (`space_deleted`, as when an admin deletes it).
 * "Logged in" is `spaces.last_login_at`: set when the space is created and by every successful
 * login.
 *
 * Safe with several server instances on one database: every batch runs in a transaction that
 * first takes `pg_try_advisory_xact_lock(SPACE_RETENTION_LOCK_KEY)`; an instance that does not
 * get the lock skips its run, because another instance is doing the work. The same SQL runs on
 * embedded PGlite (one process, so the lock is always free there).
 */
import { spaces, type Database } from '@cipherspace/db';
import { asc, inArray, lt } from 'drizzle-orm';

import type { EventBus } from '../events.ts';
import { withJobLock } from './job-lock.ts';

/** Advisory-lock key of the retention job ("csretn" in ASCII); unique within this database. */
export const SPACE_RETENTION_LOCK_KEY = 0x63_73_72_65_74_6e;
/** Spaces deleted per transaction, so that no run holds its locks for long. */
export const SPACE_RETENTION_BATCH_SIZE = 200;

const DAY_MS = 24 * 60 * 60 * 1000;

/** What one run did. */
export interface RetentionRun {
  /** Ids of the spaces this run deleted. */
  deletedSpaceIds: string[];
  /** True when another instance held the lock, so this run deleted nothing. */
  skipped: boolean;
}

/**
 * Deletes every space whose `last_login_at` is more than `retentionDays` × 24 h before `now`,
 * in batches of SPACE_RETENTION_BATCH_SIZE, and tells their open connections (`space_deleted`).
 * @throws RangeError when `retentionDays` is not a positive integer (0 means "disabled": the
 * caller does not schedule the job at all); database errors propagate (the scheduler logs them
 * and tries again at its next run).
 */
export async function deleteInactiveSpaces(
  db: Database,
  bus: EventBus,
  options: { now: Date; retentionDays: number },
): Promise<RetentionRun> {
  const { now, retentionDays } = options;
  if (!Number.isInteger(retentionDays) || retentionDays < 1) {
    throw new RangeError(`retentionDays must be a positive integer, got ${retentionDays}`);
  }
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS);
  const deletedSpaceIds: string[] = [];
  for (;;) {
    const batch = await withJobLock(db, SPACE_RETENTION_LOCK_KEY, async (tx) => {
      const stale = tx
        .select({ id: spaces.id })
        .from(spaces)
        .where(lt(spaces.lastLoginAt, cutoff))
        .orderBy(asc(spaces.lastLoginAt))
        .limit(SPACE_RETENTION_BATCH_SIZE);
      const deleted = await tx
        .delete(spaces)
        .where(inArray(spaces.id, stale))
        .returning({ id: spaces.id });
      return deleted.map((row) => row.id);
    });
    if (batch === null) return { deletedSpaceIds, skipped: deletedSpaceIds.length === 0 };
    deletedSpaceIds.push(...batch);
    await Promise.all(batch.map((spaceId) => announceDeleted(bus, spaceId)));
    if (batch.length < SPACE_RETENTION_BATCH_SIZE) return { deletedSpaceIds, skipped: false };
  }
}

/** Closes the deleted space's connections on every instance; the deletion itself is done. */
async function announceDeleted(bus: EventBus, spaceId: string): Promise<void> {
  try {
    await bus.publish({ spaceId, origin: null, payload: { type: 'space_deleted' } });
  } catch {
    // Local connections were told already (publish delivers locally first); if the NOTIFY to
    // the other instances failed, their sockets end at their next heartbeat instead (the
    // session is gone).
  }
}
