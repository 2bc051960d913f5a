/**
 * history: the kept versions of a tool's content, for members of the space exactly like `content`
 * (401 UNAUTHORIZED without a valid token, 403 FORBIDDEN for another space's token). The server
 * hands out ciphertext only — snapshots and encrypted operations — and the client rebuilds a
 * version by decrypting the snapshot and applying the operations after it. Which versions are kept:
 * HISTORY_SNAPSHOT_EVERY_VERSIONS, and the retention job (services/history-retention.ts).
 */
import { z } from 'zod';

import {
  historyAfterSchema,
  historyBeforeSchema,
  historyFromSchema,
  historyLimitSchema,
  historyVersionSchema,
  toolSchema,
} from '../schemas.ts';
import {
  listHistory,
  readChanges,
  readVersion,
  type HistoryChangesPage,
  type HistoryPage,
  type HistoryVersion,
} from '../services/history.ts';
import { memberProcedure, router } from '../trpc.ts';

const toolInput = z.object({ tool: toolSchema });

export const historyRouter = router({
  /**
   * A page of the tool's kept versions, newest first: { versions: [{ version, kind, modified_by,
   * modified_at (Date), size_bytes }], current_version, oldest_version }. `before` (optional)
   * answers the versions below it — pass the last version of a page for the next one; `limit`
   * 1–HISTORY_PAGE_MAX_VERSIONS, default HISTORY_PAGE_DEFAULT_VERSIONS. Every version from
   * `oldest_version` to `current_version` can be asked for with `history.version`. NOT_FOUND
   * 'No content for this tool yet' when the tool has none; BAD_REQUEST (REST 422) for a
   * malformed `before` or `limit`.
   */
  list: memberProcedure
    .input(
      toolInput.extend({
        before: historyBeforeSchema.optional(),
        limit: historyLimitSchema,
      }),
    )
    .query(({ ctx, input }): Promise<HistoryPage> =>
      listHistory(
        ctx.db,
        { spaceId: ctx.auth.space.id, tool: input.tool },
        { before: input.before, limit: input.limit },
      ),
    ),

  /**
   * What rebuilds `version`: { version, base: { version, encrypted_data }, changes: [{ version,
   * kind, operations (null for a replacement), modified_by, modified_at (Date) }] } — base is the
   * newest kept snapshot at or before `version` (the content itself for the current version),
   * changes are base.version + 1 … version in order. NOT_FOUND 'No content for this tool yet';
   * NOT_FOUND 'This version is not kept in the history' (pruned, or saved before the history
   * existed); BAD_REQUEST 'This version does not exist yet…' (REST 400) when it is newer than
   * the current version, and 'This version does not exist: versions start at 1' (REST 400) when
   * it is below 1; BAD_REQUEST (REST 422) for a version that is not a whole number.
   * `from` (optional, ≥ 1): start from the newest snapshot at or before `from` instead, so the
   * changes cover every version after `from` — what a client needs to describe a whole page of
   * the list (each version's operations), not only to rebuild its newest version.
   * Paged: the changes stop after the last that keeps the answer (base envelope + operations)
   * within CHANGES_PAGE_MAX_BYTES (at least one comes); the answer then carries `next_after`, the
   * last version given — `history.changes` with `after: next_after` answers the rest. An answer
   * that fits carries no `next_after` (as before paging).
   */
  version: memberProcedure
    .input(toolInput.extend({ version: historyVersionSchema, from: historyFromSchema.optional() }))
    .query(({ ctx, input }): Promise<HistoryVersion> =>
      readVersion(
        ctx.db,
        { spaceId: ctx.auth.space.id, tool: input.tool },
        input.version,
        input.from,
      ),
    ),

  /**
   * The changes after version `after` up to `version`, ascending — the pages that follow a
   * `history.version` answer cut at its `next_after`: { version, changes: [as in
   * `history.version`], next_after? }. At most CHANGES_PAGE_MAX_BYTES of operations (at least one
   * change); `next_after` (the last version given) is present only when more follow. `after` ≥
   * `version` → no changes. NOT_FOUND 'No content for this tool yet'; NOT_FOUND 'This version is
   * not kept in the history' when a change of the range is not kept; BAD_REQUEST 'This version
   * does not exist yet…' (REST 400) when `version` is newer than the current one, or below 1
   * ('…versions start at 1'); BAD_REQUEST (REST 422) for a malformed `version` or `after`.
   */
  changes: memberProcedure
    .input(toolInput.extend({ version: historyVersionSchema, after: historyAfterSchema }))
    .query(({ ctx, input }): Promise<HistoryChangesPage> =>
      readChanges(
        ctx.db,
        { spaceId: ctx.auth.space.id, tool: input.tool },
        input.version,
        input.after,
      ),
    ),
});
