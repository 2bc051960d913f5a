/**
 * The hot queries as drizzle prepared queries (bench/RESULTS.md, throughput): built and compiled
 * to SQL once per database handle instead of on every request. Works on both drivers the
 * `Database` type covers — postgres.js (which then also keeps a server-side prepared statement
 * per connection) and PGlite.
 */
import { sessions, spaces, toolContents, users, type Database } from '@cipherspace/db';
import { and, eq, sql } from 'drizzle-orm';

function prepareQueries(db: Database) {
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
    /** The content of tool `tool` in space `spaceId`, or no row. */
    toolContent: db
      .select()
      .from(toolContents)
      .where(
        and(
          eq(toolContents.spaceId, sql.placeholder('spaceId')),
          eq(toolContents.tool, sql.placeholder('tool')),
        ),
      )
      .limit(1)
      .prepare('cs_tool_content'),
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
