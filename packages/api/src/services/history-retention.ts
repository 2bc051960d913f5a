/**
 * History retention: the kept versions of every tool's content are pruned by age (`retentionDays`:
 * versions saved more than that many days ago) and by number (`maxVersions` newest versions per
 * tool); a version goes when either rule says so. Whatever the rules, the job never removes the
 * current version, and it keeps what rebuilds every version it keeps: the newest snapshot at or
 * before the oldest kept version stays, with every change after it — so up to
 * HISTORY_SNAPSHOT_EVERY_VERSIONS − 1 versions older than the rules ask for can remain, and
 * `history.list` shows them (they are still rebuildable). Nor does it remove a change after the
 * version the content row's envelope holds (`snapshot_version`): those changes make the current
 * version. Only rows of `tool_changes` and `tool_snapshots` go; the content itself never does.
 *
 * Safe with several server instances on one database, like the space retention: every batch runs
 * in a transaction that first takes `pg_try_advisory_xact_lock(HISTORY_RETENTION_LOCK_KEY)`; an
 * instance that does not get it skips its run, because another instance is doing the work. The
 * same SQL runs on embedded PGlite (one process, so the lock is always free there).
 */
import { toolChanges, toolContents, toolSnapshots, type Database } from '@cipherspace/db';
import { sql, type SQL } from 'drizzle-orm';

import { rowsOf, withJobLock } from './job-lock.ts';

/** Advisory-lock key of the history retention job ("cshist" in ASCII); unique within this database. */
export const HISTORY_RETENTION_LOCK_KEY = 0x63_73_68_69_73_74;
/** Tools pruned per transaction, so that no run holds its locks for long. */
export const HISTORY_RETENTION_BATCH_SIZE = 200;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The retention rules; 0 switches a rule off. */
export interface HistoryRetention {
  /** Versions saved more than this many days (× 24 h) before `now` go; 0 keeps them. */
  retentionDays: number;
  /** At most this many newest versions per tool are kept; 0 keeps every one. */
  maxVersions: number;
}

/** What one run did. */
export interface HistoryPruneRun {
  /** Tools looked at. */
  tools: number;
  /** Rows of `tool_changes` removed. */
  deletedChanges: number;
  /** Rows of `tool_snapshots` removed. */
  deletedSnapshots: number;
  /** True when another instance held the lock, so this run removed nothing. */
  skipped: boolean;
}

/**
 * Prunes every tool's history by `rules` as of `now`, HISTORY_RETENTION_BATCH_SIZE tools per
 * transaction. With both rules off it touches nothing.
 * @throws RangeError when a rule is not a whole number ≥ 0; database errors propagate (the
 * scheduler logs them and tries again at its next run).
 */
export async function pruneToolHistory(
  db: Database,
  options: HistoryRetention & { now: Date },
): Promise<HistoryPruneRun> {
  const { now, retentionDays, maxVersions } = options;
  for (const [name, value] of Object.entries({ retentionDays, maxVersions })) {
    if (!Number.isInteger(value) || value < 0) {
      throw new RangeError(`${name} must be a whole number ≥ 0, got ${value}`);
    }
  }
  const run: HistoryPruneRun = { tools: 0, deletedChanges: 0, deletedSnapshots: 0, skipped: false };
  if (retentionDays === 0 && maxVersions === 0) return run;
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS).toISOString();

  // The oldest version each rule keeps (0: the rule keeps every version).
  const keptByAge =
    retentionDays > 0
      ? sql`coalesce((
          select min(${toolChanges.version}) from ${toolChanges}
          where ${toolChanges.spaceId} = batch.space_id and ${toolChanges.tool} = batch.tool
            and ${toolChanges.version} <= batch.current
            and ${toolChanges.createdAt} >= ${cutoff}::timestamptz
        ), batch.current)`
      : sql`0`;
  const keptByCount = maxVersions > 0 ? sql`batch.current - ${maxVersions}::int + 1` : sql`0`;

  let after: { spaceId: string; tool: string } | null = null;
  for (;;) {
    const from: { spaceId: string; tool: string } | null = after;
    const batch = await withJobLock(db, HISTORY_RETENTION_LOCK_KEY, async (tx) => {
      const rows = rowsOf(await tx.execute(pruneBatch(from, keptByAge, keptByCount)));
      return rows[0] ?? { tools: 0, changes: 0, snapshots: 0 };
    });
    if (batch === null) return { ...run, skipped: run.tools === 0 };
    const tools = Number(batch.tools);
    run.tools += tools;
    run.deletedChanges += Number(batch.changes);
    run.deletedSnapshots += Number(batch.snapshots);
    if (tools < HISTORY_RETENTION_BATCH_SIZE) return run;
    after = { spaceId: String(batch.last_space), tool: String(batch.last_tool) };
  }
}

/**
 * One statement for one batch of tools after `from` (by space id, tool): for each, the version
 * below which nothing is needed — the newest snapshot at or before the oldest version the rules
 * keep (that version itself when no snapshot is that old) — and the deletion of the changes and
 * snapshots below it. Answers one row: tools, changes, snapshots, last_space, last_tool.
 */
function pruneBatch(
  from: { spaceId: string; tool: string } | null,
  keptByAge: SQL,
  keptByCount: SQL,
): SQL {
  const afterKey = from
    ? sql`where (${toolContents.spaceId}, ${toolContents.tool}) > (${from.spaceId}::uuid, ${from.tool})`
    : sql``;
  return sql`
    with batch as (
      select ${toolContents.spaceId} as space_id, ${toolContents.tool} as tool,
        ${toolContents.version} as current, ${toolContents.snapshotVersion} as snapshot
      from ${toolContents} ${afterKey}
      order by ${toolContents.spaceId}, ${toolContents.tool}
      limit ${sql.raw(String(HISTORY_RETENTION_BATCH_SIZE))}
    ),
    kept as (
      select batch.space_id, batch.tool, batch.snapshot,
        greatest(${keptByAge}, ${keptByCount}) as oldest
      from batch
    ),
    bound as (
      -- The changes after the content row's own snapshot always stay: they make the current version.
      select kept.space_id, kept.tool, least(coalesce((
        select max(${toolSnapshots.version}) from ${toolSnapshots}
        where ${toolSnapshots.spaceId} = kept.space_id and ${toolSnapshots.tool} = kept.tool
          and ${toolSnapshots.version} <= kept.oldest
      ), kept.oldest), kept.snapshot + 1) as below
      from kept
    ),
    gone_changes as (
      delete from ${toolChanges} using bound
      where ${toolChanges.spaceId} = bound.space_id and ${toolChanges.tool} = bound.tool
        and ${toolChanges.version} < bound.below
      returning 1
    ),
    gone_snapshots as (
      delete from ${toolSnapshots} using bound
      where ${toolSnapshots.spaceId} = bound.space_id and ${toolSnapshots.tool} = bound.tool
        and ${toolSnapshots.version} < bound.below
      returning 1
    )
    select
      (select count(*) from batch)::int as tools,
      (select count(*) from gone_changes)::int as changes,
      (select count(*) from gone_snapshots)::int as snapshots,
      (select batch.space_id::text from batch order by batch.space_id desc, batch.tool desc limit 1) as last_space,
      (select batch.tool from batch order by batch.space_id desc, batch.tool desc limit 1) as last_tool`;
}
