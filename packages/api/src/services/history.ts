/**
 * The history of a tool's content, ciphertext only: every saved version's encrypted
 * operations (`tool_changes`) and, every HISTORY_SNAPSHOT_EVERY_VERSIONS versions or on
 * a replacement, the whole encrypted content (`tool_snapshots`). A kept version is rebuilt by
 * the client from the newest snapshot at or before it plus the changes after that snapshot; the
 * server hands out both and never reads either.
 */
import {
  toolChanges,
  toolContents,
  toolSnapshots,
  type Database,
  type ToolChangeKind,
} from '@cipherspace/db';
import { TRPCError } from '@trpc/server';
import { and, asc, desc, eq, gt, gte, lt, lte, max, min, or, sql } from 'drizzle-orm';

import { CHANGES_PAGE_MAX_BYTES } from '../constants.ts';
import { ERROR } from '../errors.ts';
import { LAST_VERSION } from '../schemas.ts';

/** The tool `tool` of space `spaceId`. */
export interface ToolRef {
  spaceId: string;
  tool: string;
}

/** A database handle or an open transaction on it. */
type Queryable = Pick<Database, 'select' | 'insert' | 'delete'>;

const ofTool = (table: typeof toolChanges | typeof toolSnapshots, ref: ToolRef) =>
  and(eq(table.spaceId, ref.spaceId), eq(table.tool, ref.tool));

const ofContent = (ref: ToolRef) =>
  and(eq(toolContents.spaceId, ref.spaceId), eq(toolContents.tool, ref.tool));

/** One version in a `history.list` answer. */
export interface HistoryEntry {
  version: number;
  kind: ToolChangeKind;
  modified_by: string;
  /** When it was saved. */
  modified_at: Date;
  /** Bytes the history keeps for it: its operation envelopes, plus its snapshot when kept. */
  size_bytes: number;
}

/** The answer of `history.list`. */
export interface HistoryPage {
  /** Newest first. */
  versions: HistoryEntry[];
  current_version: number;
  /** The oldest version `history.version` can rebuild. */
  oldest_version: number;
}

/** One change in a `history.version` answer. */
export interface HistoryChange {
  version: number;
  kind: ToolChangeKind;
  /** The encrypted operation envelopes in order; null for a replacement. */
  operations: string[] | null;
  modified_by: string;
  modified_at: Date;
}

/** The answer of `history.version`: what rebuilds `version`. */
export interface HistoryVersion {
  version: number;
  /** The newest snapshot at or before `version` (the content itself for the current version). */
  base: { version: number; encrypted_data: string };
  /**
   * The changes base.version + 1 … version, in order (apply their operations to `base`); only
   * up to `next_after` when the answer was cut at CHANGES_PAGE_MAX_BYTES.
   */
  changes: HistoryChange[];
  /**
   * Present only when `changes` stops short of `version` (CHANGES_PAGE_MAX_BYTES): the last
   * version in `changes`; `history.changes` with `after` = it answers the next page.
   */
  next_after?: number;
}

/** The answer of `history.changes`: a page of the changes after `after` up to `version`. */
export interface HistoryChangesPage {
  version: number;
  /** The changes after `after`, ascending, at most CHANGES_PAGE_MAX_BYTES of operations. */
  changes: HistoryChange[];
  /** Present only when the page stops short of `version`: ask again with `after` = it. */
  next_after?: number;
}

/** The stored JSON text of a change's operations, in bytes (0 for a replacement). */
export const changeBytes = sql<number>`coalesce(octet_length(${toolChanges.operations}::text), 0)`;

/**
 * The columns of a byte-bounded page of changes, for a range ordered by version: each change,
 * `running` (bytes of operations up to and including it), `position` (1 for the first) and
 * `total` (how many the range holds). A page keeps the rows with `running` within its budget,
 * and always the first.
 */
export const pagedChangeColumns = {
  version: toolChanges.version,
  kind: toolChanges.kind,
  operations: toolChanges.operations,
  baseVersion: toolChanges.baseVersion,
  modifiedBy: toolChanges.modifiedBy,
  createdAt: toolChanges.createdAt,
  running: sql<number>`sum(${changeBytes}) over (order by ${toolChanges.version})`.as('running'),
  position: sql<number>`row_number() over (order by ${toolChanges.version})`.as('position'),
  total: sql<number>`(count(*) over ())::int`.as('total'),
};

/**
 * The recorded changes of `ref` after version `after` up to `upTo`, ascending, cut after the
 * last one that keeps their operations within `budgetBytes` (the first change always comes).
 * `total` is how many changes the whole range holds: fewer than `upTo − after` means part of it
 * is not recorded. Only the page's rows leave the database.
 */
async function changesPage(
  tx: Queryable,
  ref: ToolRef,
  range: { after: number; upTo: number },
  budgetBytes: number,
): Promise<{ changes: HistoryChange[]; total: number }> {
  const ranged = tx
    .select(pagedChangeColumns)
    .from(toolChanges)
    .where(
      and(
        ofTool(toolChanges, ref),
        gt(toolChanges.version, range.after),
        lte(toolChanges.version, range.upTo),
      ),
    )
    .as('ranged');
  const rows = await tx
    .select()
    .from(ranged)
    .where(or(lte(ranged.running, budgetBytes), eq(ranged.position, 1)))
    .orderBy(asc(ranged.version));
  return {
    total: rows[0]?.total ?? 0,
    changes: rows.map((row) => ({
      version: row.version,
      kind: row.kind,
      operations: row.kind === 'operations' ? (row.operations ?? []) : null,
      modified_by: row.modifiedBy,
      modified_at: row.createdAt,
    })),
  };
}

/** `next_after` of an answer whose `changes` stop short of `version`; nothing when complete. */
function nextAfter(changes: HistoryChange[], version: number): { next_after?: number } {
  const last = changes[changes.length - 1];
  return last && last.version < version ? { next_after: last.version } : {};
}

/**
 * The tool's current version, as `{ current }`.
 * @throws TRPCError NOT_FOUND 'No content for this tool yet' when the tool has no content.
 */
async function currentVersion(tx: Queryable, ref: ToolRef): Promise<{ current: number }> {
  const [head] = await tx
    .select({ current: toolContents.version })
    .from(toolContents)
    .where(ofContent(ref));
  if (!head) throw new TRPCError({ code: 'NOT_FOUND', message: ERROR.contentNotFound });
  return head;
}

/** Reads in one consistent view of the database: a save or prune meanwhile cannot mix in. */
function readConsistently<T>(db: Database, read: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(read, { isolationLevel: 'repeatable read', accessMode: 'read only' });
}

/**
 * A page of the tool's kept versions, newest first: at most `limit` of those below `before`
 * (all when absent), from the oldest version a snapshot can rebuild up to the current one.
 * Content saved before the history existed starts its history at its next save: until then
 * `oldest_version` is the current version and the list is empty.
 * @throws TRPCError NOT_FOUND 'No content for this tool yet' when the tool has no content.
 */
export function listHistory(
  db: Database,
  ref: ToolRef,
  page: { before?: number | undefined; limit: number },
): Promise<HistoryPage> {
  return readConsistently(db, async (tx) => {
    const head = await currentVersion(tx, ref);
    const [first] = await tx
      .select({ version: min(toolSnapshots.version) })
      .from(toolSnapshots)
      .where(and(ofTool(toolSnapshots, ref), lte(toolSnapshots.version, head.current)));
    const oldest = first?.version ?? head.current;
    const operationBytes = sql<number>`coalesce((
      select sum(octet_length(envelope)) from jsonb_array_elements_text(${toolChanges.operations}) as envelope
    ), 0)`;
    const rows = await tx
      .select({
        version: toolChanges.version,
        kind: toolChanges.kind,
        modifiedBy: toolChanges.modifiedBy,
        createdAt: toolChanges.createdAt,
        sizeBytes: sql<number>`(${operationBytes} + coalesce(octet_length(${toolSnapshots.encryptedData}), 0))::int`,
      })
      .from(toolChanges)
      .leftJoin(
        toolSnapshots,
        and(
          eq(toolSnapshots.spaceId, toolChanges.spaceId),
          eq(toolSnapshots.tool, toolChanges.tool),
          eq(toolSnapshots.version, toolChanges.version),
        ),
      )
      .where(
        and(
          ofTool(toolChanges, ref),
          gte(toolChanges.version, oldest),
          lte(toolChanges.version, head.current),
          page.before === undefined ? undefined : lt(toolChanges.version, page.before),
        ),
      )
      .orderBy(desc(toolChanges.version))
      .limit(page.limit);
    return {
      versions: rows.map((row) => ({
        version: row.version,
        kind: row.kind,
        modified_by: row.modifiedBy,
        modified_at: row.createdAt,
        size_bytes: row.sizeBytes,
      })),
      current_version: head.current,
      oldest_version: oldest,
    };
  });
}

/**
 * Refuses a version that cannot exist before anything is read: below 1 (ERROR.versionBeforeFirst)
 * or beyond LAST_VERSION (ERROR.versionAhead), both BAD_REQUEST (REST 400) like a version newer
 * than the current one.
 * @throws TRPCError BAD_REQUEST.
 */
export function requireVersionInRange(version: number): void {
  if (version < 1) throw new TRPCError({ code: 'BAD_REQUEST', message: ERROR.versionBeforeFirst });
  if (version > LAST_VERSION) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: ERROR.versionAhead });
  }
}

/**
 * What rebuilds `version` of the tool: the newest snapshot at or before it (the content row
 * itself for the current version) and the changes after that snapshot up to `version`. With
 * `from` (< `version`), the snapshot is the newest at or before `from` instead, so the changes
 * cover every version after `from`. The changes stop after the last one within
 * CHANGES_PAGE_MAX_BYTES (counting the base's envelope too; at least one comes), and then
 * `next_after` names the last one given: {@link readChanges} answers the rest.
 * @throws TRPCError NOT_FOUND 'No content for this tool yet' when the tool has no content;
 * NOT_FOUND 'This version is not kept in the history' when it was pruned or saved before the
 * history existed; BAD_REQUEST 'This version does not exist yet…' when it is newer than the
 * current version, '…versions start at 1' when it is below 1.
 */
export function readVersion(
  db: Database,
  ref: ToolRef,
  version: number,
  from?: number,
): Promise<HistoryVersion> {
  const start = Math.min(version, from ?? version);
  return readConsistently(db, async (tx) => {
    requireVersionInRange(version);
    const notKept = () => new TRPCError({ code: 'NOT_FOUND', message: ERROR.versionNotKept });
    const [head] = await tx
      .select({
        current: toolContents.version,
        snapshotVersion: toolContents.snapshotVersion,
        // Only when it is the base: a snapshot can be megabytes.
        encryptedData: sql<
          string | null
        >`case when ${toolContents.snapshotVersion} <= ${start} then ${toolContents.encryptedData} end`,
      })
      .from(toolContents)
      .where(ofContent(ref));
    if (!head) throw new TRPCError({ code: 'NOT_FOUND', message: ERROR.contentNotFound });
    if (version > head.current) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: ERROR.versionAhead });
    }
    // The content row's envelope is the newest snapshot: the base when it is not after `start`.
    if (head.encryptedData !== null) {
      const base = { version: head.snapshotVersion, encrypted_data: head.encryptedData };
      if (head.snapshotVersion === version) return { version, base, changes: [] };
      const page = await changesPage(
        tx,
        ref,
        { after: head.snapshotVersion, upTo: version },
        CHANGES_PAGE_MAX_BYTES - head.encryptedData.length,
      );
      if (page.total !== version - head.snapshotVersion) throw notKept();
      return { version, base, changes: page.changes, ...nextAfter(page.changes, version) };
    }
    const [newest] = await tx
      .select({ version: max(toolSnapshots.version) })
      .from(toolSnapshots)
      .where(and(ofTool(toolSnapshots, ref), lte(toolSnapshots.version, start)));
    const baseVersion = newest?.version ?? null;
    if (baseVersion === null) throw notKept();
    const [base] = await tx
      .select({ encryptedData: toolSnapshots.encryptedData })
      .from(toolSnapshots)
      .where(and(ofTool(toolSnapshots, ref), eq(toolSnapshots.version, baseVersion)));
    if (!base) throw notKept();
    const page = await changesPage(
      tx,
      ref,
      { after: baseVersion, upTo: version },
      CHANGES_PAGE_MAX_BYTES - base.encryptedData.length,
    );
    // The versions are unique and within the range: as many as the gap means none is missing.
    if (baseVersion < version && page.total !== version - baseVersion) throw notKept();
    return {
      version,
      base: { version: baseVersion, encrypted_data: base.encryptedData },
      changes: page.changes,
      ...nextAfter(page.changes, version),
    };
  });
}

/**
 * A page of the changes of the tool after version `after` up to `version`, ascending: as many as
 * fit in CHANGES_PAGE_MAX_BYTES of operations (at least one), with `next_after` when more
 * follow. Empty when `after` ≥ `version`. What follows a `history.version` answer cut at
 * its `next_after`.
 * @throws TRPCError NOT_FOUND 'No content for this tool yet' when the tool has no content;
 * NOT_FOUND 'This version is not kept in the history' when a change of the range is not kept;
 * BAD_REQUEST 'This version does not exist yet…' when `version` is newer than the current one.
 */
export function readChanges(
  db: Database,
  ref: ToolRef,
  version: number,
  after: number,
): Promise<HistoryChangesPage> {
  return readConsistently(db, async (tx) => {
    requireVersionInRange(version);
    const head = await currentVersion(tx, ref);
    if (version > head.current) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: ERROR.versionAhead });
    }
    if (after >= version) return { version, changes: [] };
    const page = await changesPage(tx, ref, { after, upTo: version }, CHANGES_PAGE_MAX_BYTES);
    if (page.total !== version - after) {
      throw new TRPCError({ code: 'NOT_FOUND', message: ERROR.versionNotKept });
    }
    return { version, changes: page.changes, ...nextAfter(page.changes, version) };
  });
}
