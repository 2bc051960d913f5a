/**
 * The hot queries as drizzle prepared queries (bench/RESULTS.md, throughput): built and compiled
 * to SQL once per database handle instead of on every request. Works on both drivers the
 * `Database` type covers — postgres.js (which then also keeps a server-side prepared statement
 * per connection) and PGlite.
 */
import { sessions, spaces, toolChanges, toolContents, users, type Database } from '@cipherspace/db';
import { and, asc, eq, gt, lte, or, sql } from 'drizzle-orm';

import { CHANGES_PAGE_MAX_BYTES, CHANGES_SINCE_MAX_VERSIONS } from '../constants.ts';
import { pagedChangeColumns } from './history.ts';

function prepareQueries(db: Database) {
  // The changes after `since` (at most CHANGES_SINCE_MAX_VERSIONS of them), paged by bytes.
  const ranged = db
    .select(pagedChangeColumns)
    .from(toolChanges)
    .where(
      and(
        eq(toolChanges.spaceId, sql.placeholder('spaceId')),
        eq(toolChanges.tool, sql.placeholder('tool')),
        gt(toolChanges.version, sql.placeholder('since')),
        lte(
          toolChanges.version,
          sql`${sql.placeholder('since')} + ${sql.raw(String(CHANGES_SINCE_MAX_VERSIONS))}`,
        ),
      ),
    )
    .as('ranged');
  return {
    /** The session `id` with its user and space, or no row. */
    sessionById: db
      .select({ session: sessions, user: users, space: spaces })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .innerJoin(spaces, eq(spaces.id, sessions.spaceId))
      .where(eq(sessions.id, sql.placeholder('id')))
      .limit(1)
      .prepare('cs_session_by_id'),
    /**
     * The content of tool `tool` in space `spaceId` — `{id, tool, contentMetadata,
     * encryptedData, version, snapshotVersion}`, the columns its answer shows (no timestamps to
     * parse) — or no row.
     */
    toolContent: db
      .select({
        id: toolContents.id,
        tool: toolContents.tool,
        contentMetadata: toolContents.contentMetadata,
        encryptedData: toolContents.encryptedData,
        version: toolContents.version,
        snapshotVersion: toolContents.snapshotVersion,
      })
      .from(toolContents)
      .where(
        and(
          eq(toolContents.spaceId, sql.placeholder('spaceId')),
          eq(toolContents.tool, sql.placeholder('tool')),
        ),
      )
      .limit(1)
      .prepare('cs_tool_content'),
    /**
     * The changes of tool `tool` in space `spaceId` after version `since`, read together with
     * the current version in one statement (one snapshot, one round trip): one row per change
     * with `since < version ≤ current`, by version, each carrying `current` and `total` (how many
     * changes the range holds) — cut after the last change whose operations keep the page within
     * CHANGES_PAGE_MAX_BYTES (the first always comes; only the page's rows leave the database);
     * a single row with null change columns when there is none, or when the gap exceeds
     * CHANGES_SINCE_MAX_VERSIONS (then no change is read at all); no row when the tool has no
     * content. The range is read on the unique index (space_id, tool, version).
     */
    toolChangesSince: db
      .select({
        current: toolContents.version,
        version: ranged.version,
        kind: ranged.kind,
        operations: ranged.operations,
        baseVersion: ranged.baseVersion,
        modifiedBy: ranged.modifiedBy,
        createdAt: ranged.createdAt,
        total: ranged.total,
      })
      .from(toolContents)
      .leftJoin(
        ranged,
        and(
          lte(ranged.version, toolContents.version),
          sql`${toolContents.version} - ${sql.placeholder('since')} <= ${sql.raw(String(CHANGES_SINCE_MAX_VERSIONS))}`,
          or(lte(ranged.running, sql.raw(String(CHANGES_PAGE_MAX_BYTES))), eq(ranged.position, 1)),
        ),
      )
      .where(
        and(
          eq(toolContents.spaceId, sql.placeholder('spaceId')),
          eq(toolContents.tool, sql.placeholder('tool')),
        ),
      )
      .orderBy(asc(ranged.version))
      .prepare('cs_tool_changes_since'),
  };
}

const byDatabase = new WeakMap<Database, ReturnType<typeof prepareQueries>>();

/** The prepared hot queries of `db`, prepared on first use. */
export function preparedQueries(db: Database): ReturnType<typeof prepareQueries> {
  let queries = byDatabase.get(db);
  if (!queries) {
    queries = prepareQueries(db);
    byDatabase.set(db, queries);
  }
  return queries;
}
