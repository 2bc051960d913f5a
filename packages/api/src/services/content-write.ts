/**
 * A save's write (spec §7 content calls) as one SQL statement: the content row, the change log's
 * row for the new version and, when due, the history snapshot, as data-modifying CTEs that all read
 * the row the statement writes. One round trip instead of one per table (plus BEGIN and COMMIT): a
 * save without a save id needs no explicit transaction at all — a statement is atomic — and the
 * live event leaves ~0.4 ms sooner on loopback (bench/RESULTS.md, fanout). Ciphertext only; the
 * snapshot is copied from the row the statement writes, so a large envelope is sent to the database
 * once.
 */
import {
  toolChanges,
  toolContents,
  toolSnapshots,
  type Database,
  type ToolChangeKind,
} from '@cipherspace/db';
import { and, eq, gt, gte, lt, notExists, or, sql, type Query } from 'drizzle-orm';

import { HISTORY_SNAPSHOT_EVERY_VERSIONS } from '../constants.ts';
import { rethrowSpaceGone } from './db-errors.ts';

/** A database handle or an open transaction on it. */
type Queryable = Pick<Database, '_' | '$with' | 'with' | 'insert' | 'update' | 'select'>;

/** What one save writes. */
export interface SaveWrite {
  spaceId: string;
  tool: string;
  /** The version the save is based on: 0 inserts the tool's first content. */
  baseVersion: number;
  /**
   * The new envelope (spec §9), stored as it is; null for a save of operations only, which
   * leaves the stored snapshot at its version (`snapshot_version`) until one is uploaded.
   */
  encryptedData: string | null;
  /** The content's metadata for the new version (caller metadata + version, author, time). */
  contentMetadata: Record<string, unknown>;
  /** 'operations' when `operations` (encrypted operation envelopes) made it, else 'replacement'. */
  kind: ToolChangeKind;
  operations: string[] | null;
  modifiedBy: string;
  now: Date;
}

/** The row a save wrote: what its answer shows. */
export interface SavedRow {
  id: string;
  tool: string;
  contentMetadata: Record<string, unknown>;
  version: number;
}

/**
 * What decides the text of a save's statement; every other part of a save is a parameter.
 * `insert`: base version 0; `envelope`: an envelope is stored; `fromSnapshot`: a replacement on
 * a base version above 0 (it may be based on the stored snapshot's version).
 */
interface SaveShape {
  insert: boolean;
  envelope: boolean;
  fromSnapshot: boolean;
}

/** The placeholder values of a save's statement, by name (see {@link compileSave}). */
type SaveValues = Record<string, unknown>;

// A placeholder as SQL: the value is sent as the driver gets it (a string or a number), with no
// column encoder — the text, JSON and ISO time are made in writeSave.
const p = (name: string) => sql`${sql.placeholder(name)}`;

/**
 * The statement of a save of shape `shape` with a placeholder for every value, compiled to SQL
 * text — built by drizzle once per shape, not per save (building it cost about a quarter of a
 * save's server CPU, bench/RESULTS.md throughput). Placeholders: spaceId, tool, baseVersion,
 * version (baseVersion + 1), snapshotFloor (version − HISTORY_SNAPSHOT_EVERY_VERSIONS),
 * encryptedData, contentMetadataJson, kind, operationsJson (JSON text or null), modifiedBy and
 * nowIso (ISO 8601).
 */
function compileSave(q: Queryable, shape: SaveShape): Query {
  const { insert, envelope, fromSnapshot } = shape;
  // A replacement may be made from the stored snapshot while newer saves carried operations
  // only: it becomes the version after the current one (the operations in between are applied
  // again by members, docs/websocket.md).
  const nextVersion = fromSnapshot ? sql<number>`${toolContents.version} + 1` : p('version');
  const values = {
    ...(envelope ? { encryptedData: p('encryptedData'), snapshotVersion: nextVersion } : {}),
    contentMetadata: fromSnapshot
      ? sql`${p('contentMetadataJson')}::jsonb || jsonb_build_object('version', ${toolContents.version} + 1)`
      : p('contentMetadataJson'),
    version: nextVersion,
    updatedAt: p('nowIso'),
  };
  const returned = {
    id: toolContents.id,
    spaceId: toolContents.spaceId,
    tool: toolContents.tool,
    contentMetadata: toolContents.contentMetadata,
    version: toolContents.version,
    // Not read back for a save of operations only: the stored snapshot may be megabytes.
    encryptedData: (envelope
      ? sql<string>`${toolContents.encryptedData}`
      : sql<string>`null::text`
    ).as('encrypted_data'),
    updatedAt: toolContents.updatedAt,
  };
  const matches = fromSnapshot
    ? or(
        eq(toolContents.version, p('baseVersion')),
        eq(toolContents.snapshotVersion, p('baseVersion')),
      )
    : eq(toolContents.version, p('baseVersion'));
  // After a deletion the history stays (router/content.ts `delete`): a new first version goes
  // after the newest it keeps, so that none of them is overwritten.
  const firstVersion = sql<number>`(greatest(
    (select max(${toolChanges.version}) from ${toolChanges}
      where ${toolChanges.spaceId} = ${p('spaceId')} and ${toolChanges.tool} = ${p('tool')}),
    (select max(${toolSnapshots.version}) from ${toolSnapshots}
      where ${toolSnapshots.spaceId} = ${p('spaceId')} and ${toolSnapshots.tool} = ${p('tool')}),
    0) + 1)::int`;
  const written = q.$with('written').as(
    insert
      ? q
          .insert(toolContents)
          .values({
            ...values,
            // An insert without an envelope stores an empty one (content.save refuses it).
            encryptedData: envelope ? p('encryptedData') : '',
            version: firstVersion,
            snapshotVersion: firstVersion,
            contentMetadata: sql`${p('contentMetadataJson')}::jsonb || jsonb_build_object('version', ${firstVersion})`,
            spaceId: p('spaceId'),
            tool: p('tool'),
            createdAt: p('nowIso'),
          })
          .onConflictDoNothing()
          .returning(returned)
      : q
          .update(toolContents)
          .set(values)
          .where(
            and(eq(toolContents.spaceId, p('spaceId')), eq(toolContents.tool, p('tool')), matches),
          )
          .returning(returned),
  );

  // The leading columns of a log or snapshot row made from the written row; insert … select
  // names every column, in the table's order.
  const rowOfWritten = {
    id: sql<string>`gen_random_uuid()`.as('id'),
    spaceId: written.spaceId,
    tool: written.tool,
    version: written.version,
  };
  const change = {
    kind: p('kind'),
    operations: sql`${p('operationsJson')}::jsonb`,
    baseVersion: sql`excluded.base_version`,
    modifiedBy: p('modifiedBy'),
    createdAt: p('nowIso'),
  };
  // A first save after a deletion is logged as a replacement: its operations were made on no
  // content, and a client still at an earlier version must not apply them to what it holds.
  const restarted = insert ? sql`${written.version} > 1` : sql`false`;
  const logged = q.$with('logged').as(
    q
      .insert(toolChanges)
      .select(
        q
          .select({
            ...rowOfWritten,
            kind: sql<ToolChangeKind>`case when ${restarted} then 'replacement' else ${p('kind')}::text end`.as(
              'kind',
            ),
            operations: sql<
              string[] | null
            >`case when ${restarted} then null else ${p('operationsJson')}::jsonb end`.as(
              'operations',
            ),
            baseVersion: sql<
              number | null
            >`case when ${written.version} - 1 > ${p('baseVersion')} and not ${restarted} then ${p('baseVersion')}::int end`.as(
              'base_version',
            ),
            modifiedBy: sql<string>`${p('modifiedBy')}::text`.as('modified_by'),
            createdAt: sql<Date>`${p('nowIso')}::timestamptz`.as('created_at'),
          })
          .from(written),
      )
      .onConflictDoUpdate({
        target: [toolChanges.spaceId, toolChanges.tool, toolChanges.version],
        set: change,
      }),
  );

  // The statement's snapshot of tool_snapshots is the one before it: the snapshot this
  // statement may insert is not seen here.
  const due = !envelope
    ? sql`false`
    : fromSnapshot || insert
      ? undefined
      : notExists(
          q
            .select({ one: sql`1` })
            .from(toolSnapshots)
            .where(
              and(
                eq(toolSnapshots.spaceId, p('spaceId')),
                eq(toolSnapshots.tool, p('tool')),
                gt(toolSnapshots.version, p('snapshotFloor')),
              ),
            ),
        );
  const kept = q.$with('kept').as(
    q
      .insert(toolSnapshots)
      .select(
        q
          .select({
            ...rowOfWritten,
            encryptedData: written.encryptedData,
            createdAt: written.updatedAt,
          })
          .from(written)
          .where(due),
      )
      .onConflictDoUpdate({
        target: [toolSnapshots.spaceId, toolSnapshots.tool, toolSnapshots.version],
        set: {
          encryptedData: sql`excluded.encrypted_data`,
          createdAt: sql`excluded.created_at`,
        },
      }),
  );

  return q
    .with(written, logged, kept)
    .select({
      id: written.id,
      tool: written.tool,
      contentMetadata: written.contentMetadata,
      version: written.version,
    })
    .from(written)
    .toSQL();
}

/**
 * The compiled statements by shape. The text is the same on every driver: both use drizzle's
 * PgDialect without a casing option.
 */
const compiledSaves = new Map<string, Query>();

/** The written row from the statement's one result row (id, tool, content_metadata, version). */
function savedRows(rows: unknown[][]): SavedRow[] {
  return rows.map(([id, tool, contentMetadata, version]) => ({
    id: id as string,
    tool: tool as string,
    contentMetadata: toolContents.contentMetadata.mapFromDriverValue(contentMetadata) as Record<
      string,
      unknown
    >,
    version: Number(version),
  }));
}

/**
 * Writes `save` in one statement: for `baseVersion` 0 inserts the content (nothing when the tool
 * already has content) as the version after the newest its history keeps — 1 for a new tool; a
 * deleted tool's history stays, so its numbering goes on and no kept version is overwritten —
 * with that version in its metadata (and, after a deletion, logged as a replacement), else
 * updates it where its version is still `baseVersion`; in the same statement records the change
 * (kind and operations) with the new version — replacing a leftover row of that version, which
 * only a log written by hand could hold — and keeps the written envelope as a history snapshot
 * when the save is a replacement, when the tool has no snapshot yet, or when its newest is
 * HISTORY_SNAPSHOT_EVERY_VERSIONS or more versions older (a leftover snapshot of the version is
 * replaced likewise); an insert is always kept as a snapshot, since no kept version before it
 * leads to it. Resolves the written row, or undefined when nothing was written (someone saved
 * first: the stored version is not `baseVersion`). The statement's text is built once per shape
 * ({@link compileSave}) and run as a prepared statement (postgres.js keeps it per connection).
 * @throws the 404 of {@link rethrowSpaceGone} when the space was deleted meanwhile; database
 * errors otherwise.
 */
export async function writeSave(q: Queryable, save: SaveWrite): Promise<SavedRow | undefined> {
  const shape: SaveShape = {
    insert: save.baseVersion === 0,
    envelope: save.encryptedData !== null,
    fromSnapshot: save.kind === 'replacement' && save.baseVersion > 0,
  };
  const key = `${Number(shape.insert)}${Number(shape.envelope)}${Number(shape.fromSnapshot)}`;
  let query = compiledSaves.get(key);
  if (!query) {
    query = compileSave(q, shape);
    compiledSaves.set(key, query);
  }
  const version = save.baseVersion + 1;
  const values: SaveValues = {
    spaceId: save.spaceId,
    tool: save.tool,
    baseVersion: save.baseVersion,
    version,
    snapshotFloor: version - HISTORY_SNAPSHOT_EVERY_VERSIONS,
    encryptedData: save.encryptedData,
    contentMetadataJson: JSON.stringify(save.contentMetadata),
    kind: save.kind,
    operationsJson: save.operations === null ? null : JSON.stringify(save.operations),
    modifiedBy: save.modifiedBy,
    nowIso: save.now.toISOString(),
  };
  // A named query is a prepared statement on postgres.js: parsed once per connection, with no
  // describe round trip before each run.
  const rows = await q._.session
    .prepareQuery<{ execute: SavedRow[]; all: unknown; values: unknown }>(
      query,
      undefined,
      'cs_write_save',
      true,
      savedRows,
    )
    .execute(values)
    .catch(rethrowSpaceGone);
  return rows[0];
}

/** A snapshot a member uploads for a version that saves of operations only produced. */
export interface SnapshotWrite {
  spaceId: string;
  tool: string;
  /** The version the envelope holds: newer than the stored snapshot, at most the current one. */
  version: number;
  /** The envelope (spec §9), stored as it is. */
  encryptedData: string;
  now: Date;
}

/**
 * Stores `snapshot` as the tool's content envelope when it is newer than the stored one and not
 * ahead of the current version (its version and metadata stay), and keeps it as a history
 * snapshot when the tool's newest kept snapshot is HISTORY_SNAPSHOT_EVERY_VERSIONS or more
 * versions older — one statement. Resolves the version the stored envelope now holds, or
 * undefined when the tool has no content. Never makes a version; an upload that is older than
 * the stored snapshot (another member's came first) or ahead of the current version stores
 * nothing. @throws database errors.
 */
export async function writeSnapshot(
  q: Queryable,
  snapshot: SnapshotWrite,
): Promise<{ snapshotVersion: number; version: number; stored: boolean } | undefined> {
  const ofTool = and(
    eq(toolContents.spaceId, snapshot.spaceId),
    eq(toolContents.tool, snapshot.tool),
  );
  const written = q.$with('written').as(
    q
      .update(toolContents)
      .set({ encryptedData: snapshot.encryptedData, snapshotVersion: snapshot.version })
      .where(
        and(
          ofTool,
          lt(toolContents.snapshotVersion, snapshot.version),
          gte(toolContents.version, snapshot.version),
        ),
      )
      .returning({
        spaceId: toolContents.spaceId,
        tool: toolContents.tool,
        snapshotVersion: toolContents.snapshotVersion,
        version: toolContents.version,
      }),
  );
  const kept = q.$with('kept').as(
    q
      .insert(toolSnapshots)
      .select(
        q
          .select({
            id: sql<string>`gen_random_uuid()`.as('id'),
            spaceId: written.spaceId,
            tool: written.tool,
            version: written.snapshotVersion,
            encryptedData: sql<string>`${snapshot.encryptedData}::text`.as('encrypted_data'),
            createdAt: sql<Date>`${snapshot.now.toISOString()}::timestamptz`.as('created_at'),
          })
          .from(written)
          .where(
            notExists(
              q
                .select({ one: sql`1` })
                .from(toolSnapshots)
                .where(
                  and(
                    eq(toolSnapshots.spaceId, snapshot.spaceId),
                    eq(toolSnapshots.tool, snapshot.tool),
                    gt(toolSnapshots.version, snapshot.version - HISTORY_SNAPSHOT_EVERY_VERSIONS),
                  ),
                ),
            ),
          ),
      )
      .onConflictDoNothing(),
  );
  const [stored] = await q
    .with(written, kept)
    .select({ snapshotVersion: written.snapshotVersion, version: written.version })
    .from(written);
  if (stored) return { ...stored, stored: true };
  const [current] = await q
    .select({ snapshotVersion: toolContents.snapshotVersion, version: toolContents.version })
    .from(toolContents)
    .where(ofTool);
  return current ? { ...current, stored: false } : undefined;
}
