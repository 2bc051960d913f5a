/**
 * The per-space storage quota: how many bytes a space's tool content may occupy in the
 * database, its history included (the current envelopes in `tool_contents`, the kept snapshots in
 * `tool_snapshots` and the recorded operations in `tool_changes`), counted as stored — after the
 * database's own compression (`pg_column_size`).
 *
 * A save that would take the space over its quota is refused (PAYLOAD_TOO_LARGE, REST 413, with
 * ERROR.storageQuotaReached) and stores nothing. A save is charged what it may add at most: its
 * envelope twice (the content row and a history snapshot) plus its operations.
 *
 * The usage of a space is measured in the database at most once per QUOTA_MEASURE_EVERY_MS per
 * instance and, in between, grown by the saves this instance made: one aggregate query per space
 * and minute instead of one per save. Saves made meanwhile on other instances are seen at the next
 * measurement, so a space may overshoot by what the other instances store within that time.
 */
import { toolChanges, toolContents, toolSnapshots, type Database } from '@cipherspace/db';
import { TRPCError } from '@trpc/server';
import { eq, sql } from 'drizzle-orm';

import { ERROR } from '../errors.ts';

/** How long a measured usage is trusted before it is measured again, in ms. */
export const QUOTA_MEASURE_EVERY_MS = 60_000;
/** Spaces whose usage one instance remembers at once (least recently used forgotten first). */
const REMEMBERED_SPACES_MAX = 10_000;

interface Usage {
  bytes: number;
  measuredAt: number;
}

/** What one save stores at most, in bytes: see the module docstring. */
export function saveCharge(encryptedData: string, operations: readonly string[] | null): number {
  let bytes = 2 * Buffer.byteLength(encryptedData);
  for (const operation of operations ?? []) bytes += Buffer.byteLength(operation);
  return bytes;
}

/** The bytes a space's tool content and history occupy in the database, as stored. */
export async function measureSpaceStorage(db: Database, spaceId: string): Promise<number> {
  const [contents] = await db
    .select({ bytes: sql<string | null>`sum(pg_column_size(${toolContents.encryptedData}))` })
    .from(toolContents)
    .where(eq(toolContents.spaceId, spaceId));
  const [snapshots] = await db
    .select({ bytes: sql<string | null>`sum(pg_column_size(${toolSnapshots.encryptedData}))` })
    .from(toolSnapshots)
    .where(eq(toolSnapshots.spaceId, spaceId));
  const [changes] = await db
    .select({ bytes: sql<string | null>`sum(pg_column_size(${toolChanges.operations}))` })
    .from(toolChanges)
    .where(eq(toolChanges.spaceId, spaceId));
  return [contents, snapshots, changes].reduce((sum, row) => sum + Number(row?.bytes ?? 0), 0);
}

/**
 * One instance's view of every space's storage against a quota of `quotaBytes` (0 = no quota).
 * `clock` gives ms (tests pass a controlled one).
 */
export class StorageQuota {
  private readonly usage = new Map<string, Usage>();

  constructor(
    readonly quotaBytes: number,
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * Throws PAYLOAD_TOO_LARGE (ERROR.storageQuotaReached) when `charge` more bytes would take the
   * space over the quota; otherwise counts them as stored. Call before the save is written; a save
   * that then fails leaves its charge counted until the next measurement (never too little).
   */
  async admit(db: Database, spaceId: string, charge: number): Promise<void> {
    if (this.quotaBytes <= 0) return;
    const now = this.clock();
    let known = this.usage.get(spaceId);
    if (!known || now - known.measuredAt >= QUOTA_MEASURE_EVERY_MS) {
      known = { bytes: await measureSpaceStorage(db, spaceId), measuredAt: now };
    }
    // Re-inserted: the Map's order is the order of use, oldest first.
    this.usage.delete(spaceId);
    this.usage.set(spaceId, known);
    if (this.usage.size > REMEMBERED_SPACES_MAX) {
      const oldest = this.usage.keys().next().value;
      if (oldest !== undefined) this.usage.delete(oldest);
    }
    if (known.bytes + charge > this.quotaBytes) {
      throw new TRPCError({ code: 'PAYLOAD_TOO_LARGE', message: ERROR.storageQuotaReached });
    }
    known.bytes += charge;
  }
}
