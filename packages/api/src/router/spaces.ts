/**
 * spaces: create, look up, configure and delete a space (spec §2 /space/create, /space/settings;
 * §3 Space; §6; §7 /api/spaces/*).
 */
import { spaces, users } from '@cipherspace/db';
import { TRPCError } from '@trpc/server';
import { count, eq, sql } from 'drizzle-orm';
import { z } from 'zod';

import { ERROR } from '../errors.ts';
import { newSpaceNameSchema, spaceNameSchema, verifierSchema } from '../schemas.ts';
import { isUniqueViolation } from '../services/db-errors.ts';
import {
  keySpaceNames,
  keySpaceNamesAhead,
  lockSpaceNames,
  nameKeysOf,
  spaceNameClash,
} from '../services/name-keys.ts';
import { NAME_KEYS_VERSION } from '../services/names.ts';
import { requireSpace } from '../services/spaces.ts';
import { hashVerifier } from '../services/verifier-hash.ts';
import { adminProcedure, publicProcedure, router } from '../trpc.ts';
import { spaceView } from '../views.ts';

export const spacesRouter = router({
  /**
   * Creates a space. Input: space_name (spec §5; one script, nothing invisible),
   * encrypted_space_name (verifier), force_user_passwords (default true), allow_self_registration
   * (default false). Returns the space. 409 CONFLICT 'A space with this name already exists' when a
   * space has the same name ignoring case, compatibility forms and spacing (services/names.ts
   * `nameKey`), 'A space with a name that looks the same already exists' when one looks the same
   * (UTS #39 skeleton).
   */
  create: publicProcedure
    .input(
      z.object({
        space_name: newSpaceNameSchema,
        encrypted_space_name: verifierSchema('encrypted_space_name'),
        force_user_passwords: z
          .boolean({ error: 'force_user_passwords must be a boolean' })
          .default(true),
        allow_self_registration: z
          .boolean({ error: 'allow_self_registration must be a boolean' })
          .default(false),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const verifierHash = await hashVerifier(input.encrypted_space_name);
      const keys = nameKeysOf(input.space_name);
      const now = ctx.now();
      await keySpaceNamesAhead(ctx.db);
      try {
        const space = await ctx.db.transaction(async (tx) => {
          await lockSpaceNames(tx);
          await keySpaceNames(tx);
          const clash = await spaceNameClash(tx, keys);
          if (clash) {
            const message = clash === 'same' ? ERROR.spaceExists : ERROR.spaceLookalike;
            throw new TRPCError({ code: 'CONFLICT', message });
          }
          const [row] = await tx
            .insert(spaces)
            .values({
              name: input.space_name,
              nameKey: keys.key,
              nameSkeleton: keys.skeleton,
              nameKeysVersion: NAME_KEYS_VERSION,
              verifierHash,
              forceUserPasswords: input.force_user_passwords,
              allowSelfRegistration: input.allow_self_registration,
              createdAt: now,
              lastLoginAt: now,
            })
            .returning();
          if (!row) throw new Error('insert returned no row');
          return row;
        });
        return spaceView(space);
      } catch (error) {
        if (isUniqueViolation(error))
          throw new TRPCError({ code: 'CONFLICT', message: ERROR.spaceExists });
        throw error;
      }
    }),

  /** The space as shown (spec §3). 404 NOT_FOUND when it does not exist. */
  byName: publicProcedure
    .input(z.object({ space_name: spaceNameSchema }))
    .query(async ({ ctx, input }) => {
      return spaceView(await requireSpace(ctx.db, input.space_name));
    }),

  /**
   * What the login screen needs before anyone logs in (spec §3 Space info): name, both
   * settings and whether the next registration is the first (and so becomes admin). 404 when missing.
   */
  info: publicProcedure
    .input(z.object({ space_name: spaceNameSchema }))
    .query(async ({ ctx, input }) => {
      const space = await requireSpace(ctx.db, input.space_name);
      const [row] = await ctx.db
        .select({ n: count() })
        .from(users)
        .where(eq(users.spaceId, space.id));
      return {
        name: space.name,
        force_user_passwords: space.forceUserPasswords,
        allow_self_registration: space.allowSelfRegistration,
        is_first_user_registration: (row?.n ?? 0) === 0,
      };
    }),

  /** Changes either setting (admin only, spec §6). Returns the space. */
  update: adminProcedure
    .input(
      z.object({
        force_user_passwords: z
          .boolean({ error: 'force_user_passwords must be a boolean' })
          .optional(),
        allow_self_registration: z
          .boolean({ error: 'allow_self_registration must be a boolean' })
          .optional(),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      if (input.force_user_passwords === undefined && input.allow_self_registration === undefined) {
        throw new TRPCError({
          code: 'UNPROCESSABLE_CONTENT',
          message: 'Give force_user_passwords or allow_self_registration',
        });
      }
      // A setting not given keeps its stored value (not the one read at authentication), so two
      // toggles saved at the same time cannot undo each other.
      const [space] = await ctx.db
        .update(spaces)
        .set({
          forceUserPasswords: input.force_user_passwords ?? sql`${spaces.forceUserPasswords}`,
          allowSelfRegistration:
            input.allow_self_registration ?? sql`${spaces.allowSelfRegistration}`,
        })
        .where(eq(spaces.id, ctx.auth.space.id))
        .returning();
      if (!space) throw new TRPCError({ code: 'NOT_FOUND', message: ERROR.spaceNotFound });
      // Cached sessions of every instance hold the old settings: they are re-read.
      await ctx.bus.publish({
        spaceId: space.id,
        origin: null,
        payload: { type: 'space_updated' },
      });
      return spaceView(space);
    }),

  /**
   * Deletes the space with its users, sessions and contents (admin only, irreversible).
   * Open connections of the space are closed.
   */
  delete: adminProcedure.mutation(async ({ ctx }) => {
    await ctx.db.delete(spaces).where(eq(spaces.id, ctx.auth.space.id));
    await ctx.bus.publish({
      spaceId: ctx.auth.space.id,
      origin: null,
      payload: { type: 'space_deleted' },
    });
    return { deleted: true as const };
  }),
});
