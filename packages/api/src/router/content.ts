/**
 * content: one encrypted document per tool and space (spec §3 Tool content, §4 Tool content,
 * §7 /api/content/*), and the log of its changes. The server never decrypts: it
 * stores `encrypted_data` byte-exact and guards it with an optimistic version counter, and
 * stores beside each new version the encrypted operations that produced it (or that it was a
 * replacement), so that members can catch up by operations instead of downloading the snapshot.
 */
import { createHash } from 'node:crypto';

import { toolContents, type Database, type ToolChangeKind } from '@cipherspace/db';
import { TRPCError } from '@trpc/server';
import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';

import { CHANGES_SINCE_MAX_VERSIONS, INLINE_OPERATIONS_MAX_CHARS } from '../constants.ts';
import { ERROR } from '../errors.ts';
import type { ContentUpdateData, EventBus } from '../events.ts';
import {
  writeSave,
  writeSnapshot,
  type SavedRow,
  type SaveWrite,
} from '../services/content-write.ts';
import { requireVersionInRange } from '../services/history.ts';
import { preparedQueries } from '../services/prepared.ts';
import { saveCharge } from '../services/storage-quota.ts';
import { findSave, rememberSave, saveBodyDigest, type SaveKey } from '../services/saves.ts';
import type { AuthSession } from '../services/sessions.ts';
import { originOf } from './realtime.ts';
import {
  baseVersionSchema,
  clientIdSchema,
  envelopeSchema,
  operationsSchema,
  saveIdSchema,
  saveMetadataSchema,
  sinceSchema,
  toolSchema,
  snapshotVersionSchema,
} from '../schemas.ts';
import { memberProcedure, router } from '../trpc.ts';

const toolInput = z.object({ tool: toolSchema });

/** hex SHA-256 of the envelope, announced in content_update so clients can skip no-op reloads. */
function contentHash(encryptedData: string): string {
  return createHash('sha256').update(encryptedData).digest('hex');
}

function recordView(
  row: { id: string; tool: string; contentMetadata: Record<string, unknown> },
  spaceName: string,
) {
  return {
    id: row.id,
    tool: row.tool,
    space_name: spaceName,
    content_metadata: row.contentMetadata,
  };
}

/** Tells every member (on every instance) that a tool's content changed: metadata only. */
async function announceUpdate(
  bus: EventBus,
  auth: AuthSession,
  now: Date,
  change: Omit<ContentUpdateData, 'modified_by'>,
): Promise<void> {
  await bus.publish({
    spaceId: auth.space.id,
    origin: null,
    payload: {
      type: 'content_update',
      space_name: auth.space.name,
      timestamp: now.toISOString(),
      data: { ...change, modified_by: auth.user.username },
    },
  });
}

/**
 * What content_update adds for a save with operations: the base version, the kind,
 * and the envelopes themselves when they total at most INLINE_OPERATIONS_MAX_CHARS characters.
 * A replacement adds nothing (the spec's four fields only) — unless it was made from an older
 * version than the one before it: then `base_version` names that version, and members apply the
 * operations of the versions in between again (docs/websocket.md, Versions and snapshots).
 */
function operationsAnnouncement(
  version: number,
  baseVersion: number,
  operations: readonly string[] | undefined,
): Pick<ContentUpdateData, 'base_version' | 'kind' | 'operations'> {
  // A first save (base 0) after a deletion starts over: nothing to apply again.
  if (!operations)
    return baseVersion > 0 && version - 1 > baseVersion ? { base_version: baseVersion } : {};
  let chars = 0;
  for (const operation of operations) chars += operation.length;
  return {
    base_version: version - 1,
    kind: 'operations',
    ...(chars <= INLINE_OPERATIONS_MAX_CHARS ? { operations: [...operations] } : {}),
  };
}

/** One entry of a `content.changes` answer. */
export interface ToolChangeView {
  /** The version this change produced. */
  version: number;
  kind: ToolChangeKind;
  /** The encrypted operation envelopes in order; null for a replacement. */
  operations: string[] | null;
  /**
   * Present on a replacement made from an older snapshot than the version before it: the
   * version it was made from. The operations of the versions after it are not in the
   * replacement; members apply them again on top of it.
   */
  base_version?: number;
  modified_by: string;
  /** When it was saved, ISO 8601 UTC. */
  at: string;
}

/** The answer of `content.changes`. */
export interface ToolChangesView {
  tool: string;
  /** The current version of the tool's content. */
  version: number;
  /** Load the snapshot instead: the gap is too wide, or part of it is not recorded. */
  too_far_behind: boolean;
  changes: ToolChangeView[];
  /**
   * Present only when `changes` stop short of `version` (CHANGES_PAGE_MAX_BYTES): the last
   * version in `changes`; ask again with `since` = it for the next page.
   */
  next_since?: number;
}

/**
 * The stored content of `tool` in the caller's space as `get` and `find` answer it:
 * { id, tool, space_name, content_metadata, encrypted_data, current_version }, or null when
 * there is none. `content_metadata.version` is the version `encrypted_data` holds; the current
 * version is newer when saves of operations only came after it (their operations:
 * `changes` since that version).
 */
async function findContent(ctx: { db: Database; auth: AuthSession }, tool: string) {
  const [row] = await preparedQueries(ctx.db).toolContent.execute({
    spaceId: ctx.auth.space.id,
    tool,
  });
  if (!row) return null;
  const record = recordView(row, ctx.auth.space.name);
  return {
    ...record,
    // The envelope's own version: saves of operations only leave it behind the current one.
    content_metadata: { ...record.content_metadata, version: row.snapshotVersion },
    encrypted_data: row.encryptedData,
    current_version: row.version,
  };
}

export const contentRouter = router({
  /**
   * The tool's stored content: { id, tool, space_name, content_metadata, encrypted_data }.
   * 404 NOT_FOUND 'No content for this tool yet' (clients treat it as "create the default").
   * The REST GET /api/content/{spaceName}/{tool} answers the same (spec §7).
   */
  get: memberProcedure.input(toolInput).query(async ({ ctx, input }) => {
    const content = await findContent(ctx, input.tool);
    if (!content) throw new TRPCError({ code: 'NOT_FOUND', message: ERROR.contentNotFound });
    return content;
  }),

  /**
   * Like `get`, but a tool without content yet is an answer, not an error: null (200). The web
   * app opens its tools with it, so a tool's first visit is a normal answer (no 404 in the
   * browser's console); `get` keeps its 404 for existing clients.
   */
  find: memberProcedure
    .input(toolInput)
    .query(async ({ ctx, input }) => await findContent(ctx, input.tool)),

  /**
   * Saves new ciphertext. `metadata.version` is the version the edit is based on (0 or absent
   * when the tool has no content yet); the save succeeds only if it is still the stored
   * version, and stores version + 1. Optional `operations`: the encrypted operation
   * envelopes that turn the stored version into this one (1–OPERATIONS_PER_SAVE_MAX, each at
   * most OPERATION_ENVELOPE_MAX_CHARS characters); they are recorded with the new version in the
   * same transaction as the snapshot (kind 'operations'; without them kind 'replacement'), and
   * the content is kept as a history snapshot when due — one statement, see
   * `writeSave`.
   * Returns { id, tool, space_name, content_metadata } where content_metadata = caller metadata
   * + { version, last_modified (ISO), modified_by (the caller's username) }. 409 CONFLICT when
   * someone saved first (nothing is stored); BAD_REQUEST (REST 422) for a malformed envelope or
   * operations. Members are told through content_update (metadata, plus the operations when
   * small: see {@link operationsAnnouncement}).
   *
   * Exactly-once: optional `save_id` (1–SAVE_ID_MAX_CHARS visible ASCII
   * characters; REST: the `Idempotency-Key` header) names this save operation; the client sends
   * the same id when it retries it. The server remembers the id with the result in the save's
   * transaction for SAVE_ID_RETENTION_MS (24 h), and answers a repeated id — also one arriving
   * while the first attempt is still saving — with the original result (same version and
   * metadata), storing and announcing nothing again, instead of a 409. An id is the member's own
   * (another member's equal id is another save) and bound to the body it came with (the SHA-256
   * of {@link saveBodyDigest}): the same member sending it with another body is refused with
   * UNPROCESSABLE_CONTENT (REST 422) ERROR.saveIdReused, nothing stored.
   *
   * PAYLOAD_TOO_LARGE (REST 413, ERROR.storageQuotaReached) when the save would take the space
   * over its storage quota (services/storage-quota.ts); nothing is stored.
   */
  save: memberProcedure
    .input(
      toolInput
        .extend({
          encrypted_data: envelopeSchema.optional(),
          metadata: saveMetadataSchema.default({}),
          operations: operationsSchema.optional(),
          save_id: saveIdSchema.optional(),
        })
        .superRefine((input, issues) => {
          if (input.encrypted_data !== undefined) return;
          if (!input.operations)
            issues.addIssue({
              code: 'custom',
              path: ['encrypted_data'],
              message: ERROR.envelopeOrOperations,
            });
          else if ((input.metadata.version ?? 0) === 0)
            issues.addIssue({
              code: 'custom',
              path: ['encrypted_data'],
              message: ERROR.firstSaveNeedsEnvelope,
            });
        }),
    )
    .mutation(async ({ ctx, input }) => {
      const { space, user } = ctx.auth;
      const baseVersion = input.metadata.version ?? 0;
      const now = ctx.now();
      const contentMetadata = {
        ...input.metadata,
        version: baseVersion + 1,
        last_modified: now.toISOString(),
        modified_by: user.username,
      };
      const kind: ToolChangeKind = input.operations ? 'operations' : 'replacement';
      const write: SaveWrite = {
        spaceId: space.id,
        tool: input.tool,
        baseVersion,
        encryptedData: input.encrypted_data ?? null,
        contentMetadata,
        kind,
        operations: input.operations ?? null,
        modifiedBy: user.username,
        now,
      };
      const conflict = () => new TRPCError({ code: 'CONFLICT', message: ERROR.versionConflict });
      const saveId = input.save_id;
      const key: SaveKey | null =
        saveId === undefined
          ? null
          : { spaceId: space.id, tool: input.tool, userId: user.id, saveId };
      const digest = key ? saveBodyDigest(input) : '';
      try {
        // Over the space's storage quota: PAYLOAD_TOO_LARGE, nothing stored.
        await ctx.storage.admit(
          ctx.db,
          space.id,
          saveCharge(input.encrypted_data ?? '', input.operations ?? null),
        );
      } catch (error) {
        // A retry of a save stored before the quota was reached still gets that save's answer.
        const earlier = key ? await findSave(ctx.db, key, digest) : null;
        if (!earlier) throw error;
        return recordView(earlier, space.name);
      }
      let row: SavedRow;
      let repeated = false;
      if (key === null) {
        // One statement, atomic on its own: no transaction to open (services/content-write.ts).
        const written = await writeSave(ctx.db, write);
        if (!written) throw conflict();
        row = written;
      } else {
        ({ row, repeated } = await ctx.db.transaction(async (tx) => {
          // A retry of a save whose answer was lost: the original result, nothing stored again.
          // findSave throws 422 when the id came with another body.
          const earlier = await findSave(tx, key, digest);
          if (earlier) return { row: earlier, repeated: true };
          const written = await writeSave(tx, write);
          if (!written) {
            // A concurrent attempt of this same save may have won (the write waited for it).
            const winner = await findSave(tx, key, digest);
            if (winner) return { row: winner, repeated: true };
            // Throwing rolls the transaction back: a refused save records no change.
            throw conflict();
          }
          if (!(await rememberSave(tx, key, digest, written, now))) {
            // The id names another save of this member's, committed meanwhile: with another
            // body that is a reused key (findSave throws 422), else not this one.
            await findSave(tx, key, digest);
            throw conflict();
          }
          return { row: written, repeated: false };
        }));
      }
      // A repeated save was announced when it was stored.
      if (!repeated) {
        await announceUpdate(ctx.bus, ctx.auth, now, {
          tool: input.tool,
          // Operations only: the stored envelope did not change.
          content_hash:
            input.encrypted_data === undefined ? null : contentHash(input.encrypted_data),
          version: row.version,
          ...operationsAnnouncement(row.version, baseVersion, input.operations),
        });
      }
      return recordView(row, space.name);
    }),

  /**
   * Uploads the snapshot of a version that saves of operations only produced, so that loading
   * the tool needs fewer operations and the history keeps a whole version: { tool, version,
   * encrypted_data } — the envelope of the content at `version`, made by applying the recorded
   * operations to the stored snapshot (the server cannot check it). Stored when it is newer than
   * the stored snapshot and not newer than the current version; it is kept as a history
   * snapshot when the newest kept one is HISTORY_SNAPSHOT_EVERY_VERSIONS or more versions older.
   * Never makes a version and announces nothing. Returns { snapshot_version, stored }: the
   * version the stored envelope holds now, and whether it is this upload (false when another
   * member's newer one came first). 404 NOT_FOUND 'No content for this tool yet'; BAD_REQUEST
   * (REST 400) ERROR.versionAhead when `version` is newer than the current version and
   * ERROR.versionBeforeFirst when it is below 1;
   * PAYLOAD_TOO_LARGE (REST 413) when it would take the space over its storage quota.
   */
  snapshot: memberProcedure
    .input(
      toolInput.extend({
        version: snapshotVersionSchema,
        encrypted_data: envelopeSchema,
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const { space } = ctx.auth;
      requireVersionInRange(input.version);
      await ctx.storage.admit(ctx.db, space.id, saveCharge(input.encrypted_data, null));
      const result = await writeSnapshot(ctx.db, {
        spaceId: space.id,
        tool: input.tool,
        version: input.version,
        encryptedData: input.encrypted_data,
        now: ctx.now(),
      });
      if (!result) throw new TRPCError({ code: 'NOT_FOUND', message: ERROR.contentNotFound });
      if (!result.stored && input.version > result.version)
        throw new TRPCError({ code: 'BAD_REQUEST', message: ERROR.versionAhead });
      return { snapshot_version: result.snapshotVersion, stored: result.stored };
    }),

  /**
   * The changes after version `since`: { tool, version (current), too_far_behind,
   * changes: [{ version, kind, operations (null for a replacement), modified_by, at (ISO) }] }
   * for since < version ≤ current, ascending. `too_far_behind` is true — and `changes` empty —
   * when current − since exceeds CHANGES_SINCE_MAX_VERSIONS, when a version of the range has no
   * recorded change (saved before the log existed), or when `since` is ahead of the current
   * version: the client loads the snapshot then.
   * `since` = current → no changes. A replacement inside the range is returned as such (the
   * client loads the snapshot). 404 NOT_FOUND 'No content for this tool yet' when there is none.
   * Paged: `changes` stop after the last one whose operations keep the answer within
   * CHANGES_PAGE_MAX_BYTES (at least one comes), and `next_since` — present only then — is the
   * last version given: ask again with `since: next_since` for the rest.
   */
  changes: memberProcedure
    .input(toolInput.extend({ since: sinceSchema }))
    .query(async ({ ctx, input }): Promise<ToolChangesView> => {
      const rows = await preparedQueries(ctx.db).toolChangesSince.execute({
        spaceId: ctx.auth.space.id,
        tool: input.tool,
        since: input.since,
      });
      const current = rows[0]?.current;
      if (current === undefined) {
        throw new TRPCError({ code: 'NOT_FOUND', message: ERROR.contentNotFound });
      }
      const answer = (too_far_behind: boolean, changes: ToolChangeView[] = []): ToolChangesView => {
        const last = changes[changes.length - 1];
        return {
          tool: input.tool,
          version: current,
          too_far_behind,
          changes,
          ...(last && last.version < current ? { next_since: last.version } : {}),
        };
      };
      if (input.since >= current) return answer(input.since > current);
      if (current - input.since > CHANGES_SINCE_MAX_VERSIONS) return answer(true);
      const changes: ToolChangeView[] = [];
      for (const row of rows) {
        // The one row without a change (left join) has null change columns.
        if (row.version === null || row.kind === null) continue;
        if (row.modifiedBy === null || row.createdAt === null) continue;
        changes.push({
          version: row.version,
          kind: row.kind,
          operations: row.kind === 'operations' ? (row.operations ?? []) : null,
          ...(row.baseVersion === null ? {} : { base_version: row.baseVersion }),
          modified_by: row.modifiedBy,
          at: row.createdAt.toISOString(),
        });
      }
      // The versions are unique and within the range: as many as the gap means none is missing
      // (the page may hold fewer: cut at CHANGES_PAGE_MAX_BYTES).
      if (Number(rows[0]?.total) !== current - input.since) return answer(true);
      return answer(false, changes);
    }),

  /**
   * Tells the other members at once that the caller is saving a change made of these encrypted
   * operations on top of `base_version`, so their screens can show it before the
   * snapshot upload of `save` has finished: a content_pending message to the app clients of the
   * space, not echoed to `client_id`. Stores nothing and decides nothing — the change counts only
   * once `save` stores it, and receivers drop it when it never arrives. Operations as in `save`,
   * at most INLINE_OPERATIONS_MAX_CHARS characters in all (BAD_REQUEST, REST 422, beyond). Returns
   * { ok: true }.
   */
  propose: memberProcedure
    .input(
      toolInput.extend({
        base_version: baseVersionSchema,
        operations: operationsSchema.refine(
          (operations) =>
            operations.reduce((sum, text) => sum + text.length, 0) <= INLINE_OPERATIONS_MAX_CHARS,
          { error: ERROR.proposalTooLarge },
        ),
        client_id: clientIdSchema,
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const { space, user } = ctx.auth;
      await ctx.bus.publish({
        spaceId: space.id,
        origin: originOf(ctx.auth, input.client_id),
        payload: {
          type: 'content_pending',
          space_name: space.name,
          timestamp: ctx.now().toISOString(),
          data: {
            tool: input.tool,
            base_version: input.base_version,
            modified_by: user.username,
            operations: input.operations,
          },
        },
      });
      return { ok: true as const };
    }),

  /** The tools that have content: { tools: [{ tool, version, last_modified, modified_by }] }. */
  list: memberProcedure.query(async ({ ctx }) => {
    const rows = await ctx.db
      .select({
        tool: toolContents.tool,
        version: toolContents.version,
        metadata: toolContents.contentMetadata,
        updatedAt: toolContents.updatedAt,
      })
      .from(toolContents)
      .where(eq(toolContents.spaceId, ctx.auth.space.id))
      .orderBy(asc(toolContents.tool));
    return {
      tools: rows.map((row) => ({
        tool: row.tool,
        version: row.version,
        last_modified: row.updatedAt,
        modified_by: typeof row.metadata.modified_by === 'string' ? row.metadata.modified_by : null,
      })),
    };
  }),

  /**
   * Deletes the tool's current content; its history stays (spec §6: tools have no roles, so any
   * member may delete, and any member can undo it). The kept versions (`tool_changes`,
   * `tool_snapshots`) are not touched, and the next save of the tool continues their numbering
   * (services/content-write.ts), so every earlier version can be opened and restored from the
   * History panel once the tool is opened again. Members are told with a content_update of
   * version 0 (the spec's four fields). Returns { deleted: true }; NOT_FOUND 'No content for this
   * tool yet' when there is none.
   */
  delete: memberProcedure.input(toolInput).mutation(async ({ ctx, input }) => {
    const { space } = ctx.auth;
    const deleted = await ctx.db
      .delete(toolContents)
      .where(and(eq(toolContents.spaceId, space.id), eq(toolContents.tool, input.tool)))
      .returning({ id: toolContents.id });
    if (deleted.length === 0)
      throw new TRPCError({ code: 'NOT_FOUND', message: ERROR.contentNotFound });
    await announceUpdate(ctx.bus, ctx.auth, ctx.now(), {
      tool: input.tool,
      content_hash: null,
      version: 0,
    });
    return { deleted: true as const };
  }),
});
