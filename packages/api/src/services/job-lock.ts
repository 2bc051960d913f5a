/**
 * The advisory lock of a background job: with several server instances on one database, each job
 * runs its batches in transactions that first try the job's own transaction-scoped advisory lock,
 * so only one instance does the work at a time. The same SQL runs on embedded PGlite (one process,
 * so the lock is always free there).
 */
import type { Database } from '@cipherspace/db';
import { sql } from 'drizzle-orm';

/** An open transaction of {@link Database}. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Runs `work` in a transaction that first takes the advisory lock `key` without waiting.
 * Resolves to what `work` returns, or to null — having done nothing — when another session holds
 * the lock (another instance runs the same job). The lock ends with the transaction.
 */
export function withJobLock<T>(
  db: Database,
  key: number,
  work: (tx: Transaction) => Promise<T>,
): Promise<T | null> {
  return db.transaction(async (tx) => {
    const locked = rowsOf(
      await tx.execute(sql`select pg_try_advisory_xact_lock(${sql.raw(String(key))}) as locked`),
    )[0]?.locked;
    return locked === true ? work(tx) : null;
  });
}

/** The rows of a raw query result (PGlite answers `{ rows }`, postgres.js an array). */
export function rowsOf(result: unknown): Record<string, unknown>[] {
  if (Array.isArray(result)) return result as Record<string, unknown>[];
  return (result as { rows: Record<string, unknown>[] }).rows;
}
