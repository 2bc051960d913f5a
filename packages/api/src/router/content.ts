/**
 * content: one encrypted document per tool and space (spec §3 Tool content, §4 Tool content,
 * §7 /api/content/*). The server never decrypts: it stores `encrypted_data` byte-exact and
 * guards it with an optimistic version counter.
 */
import { createHash } from 'node:crypto';

import { toolContents, type ToolContent } from '@cipherspace/db';
import { TRPCError } from '@trpc/server';
import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';

import { ERROR } from '../errors.ts';
import type { ContentUpdateData, EventBus } from '../events.ts';
import { rethrowSpaceGone } from '../services/db-errors.ts';
import { preparedQueries } from '../services/prepared.ts';
import type { AuthSession } from '../services/sessions.ts';
import { envelopeSchema, saveMetadataSchema, toolSchema } from '../schemas.ts';
import { memberProcedure, router } from '../trpc.ts';

const toolInput = z.object({ tool: toolSchema });

/** hex SHA-256 of the envelope, announced in content_update so clients can skip no-op reloads. */
function contentHash(encryptedData: string): string {
  return createHash('sha256').update(encryptedData).digest('hex');
}

function recordView(row: ToolContent, spaceName: string) {
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

export const contentRouter = router({
  /**
   * The tool's stored content: { id, tool, space_name, content_metadata, encrypted_data }.
   * 404 NOT_FOUND 'No content for this tool yet' (clients treat it as "create the default").
   */
  get: memberProcedure.input(toolInput).query(async ({ ctx, input }) => {
    const [row] = await preparedQueries(ctx.db).toolContent.execute({
      spaceId: ctx.auth.space.id,
      tool: input.tool,
    });
    if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: ERROR.contentNotFound });
    return { ...recordView(row, ctx.auth.space.name), encrypted_data: row.encryptedData };
  }),

  /**
   * Saves new ciphertext. `metadata.version` is the version the edit is based on (0 or absent
   * when the tool has no content yet); the save succeeds only if it is still the stored
   * version, and stores version + 1. Returns { id, tool, space_name, content_metadata } where
   * content_metadata = caller metadata + { version, last_modified (ISO), modified_by (the
   * caller's username) }. 409 CONFLICT when someone saved first; 422 for a malformed envelope.
   * Members are told through content_update (metadata only).
   */
  save: memberProcedure
    .input(
      toolInput.extend({
        encrypted_data: envelopeSchema,
        metadata: saveMetadataSchema.default({}),
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
      const values = {
        encryptedData: input.encrypted_data,
        contentMetadata,
        version: baseVersion + 1,
        updatedAt: now,
      };
      const [row] =
        baseVersion === 0
          ? await ctx.db
              .insert(toolContents)
              .values({ ...values, spaceId: space.id, tool: input.tool, createdAt: now })
              .onConflictDoNothing()
              .returning()
              .catch(rethrowSpaceGone)
          : await ctx.db
              .update(toolContents)
              .set(values)
              .where(
                and(
                  eq(toolContents.spaceId, space.id),
                  eq(toolContents.tool, input.tool),
                  eq(toolContents.version, baseVersion),
                ),
              )
              .returning();
      if (!row) throw new TRPCError({ code: 'CONFLICT', message: ERROR.versionConflict });
      await announceUpdate(ctx.bus, ctx.auth, now, {
        tool: input.tool,
        content_hash: contentHash(input.encrypted_data),
        version: row.version,
      });
      return recordView(row, space.name);
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

  /** Deletes the tool's content (members are told with a content_update of version 0). 404 when none. */
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
