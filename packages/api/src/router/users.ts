/** users: registration and user management of a space (spec §2 /space/settings, §3 User, §5, §6, §7). */
import { spaces, users } from '@cipherspace/db';
import { TRPCError } from '@trpc/server';
import { and, asc, count, eq } from 'drizzle-orm';
import { z } from 'zod';

import { ERROR } from '../errors.ts';
import {
  newUsernameSchema,
  renameSchema,
  roleSchema,
  spaceNameSchema,
  verifierSchema,
} from '../schemas.ts';
import { isUniqueViolation } from '../services/db-errors.ts';
import { keyUsernamesAhead } from '../services/name-keys.ts';
import { requireSpace, requireSpaceVerifier } from '../services/spaces.ts';
import { insertUser, passwordHashFor, renameUser } from '../services/users.ts';
import { adminProcedure, memberProcedure, publicProcedure, router } from '../trpc.ts';
import { userView } from '../views.ts';

const userIdSchema = z.uuid({ error: 'user_id must be a user id' });

export const usersRouter = router({
  /**
   * Registers the caller as a new user. The first user of a space becomes admin whatever the
   * self-registration setting; later users only when allow_self_registration is on (spec §6).
   * Input: space_name, username, encrypted_password (optional; required when the space forces
   * passwords), encrypted_space_name. Returns the user with its role.
   * Errors: 400 (REST 422) a username with invisible characters or mixed scripts; 404 space;
   * 401 wrong space key; 403 self registration off; 409 username taken or one that looks the
   * same (services/users.ts insertUser);
   * 422 password missing where forced.
   */
  register: publicProcedure
    .input(
      z.object({
        space_name: spaceNameSchema,
        username: newUsernameSchema,
        encrypted_password: verifierSchema('encrypted_password').optional(),
        encrypted_space_name: verifierSchema('encrypted_space_name'),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const space = await requireSpace(ctx.db, input.space_name);
      await requireSpaceVerifier(space, input.encrypted_space_name);
      const passwordHash = await passwordHashFor(space, input.encrypted_password);
      await keyUsernamesAhead(ctx.db, space.id);
      // Registrations of one space are serialised on the space row, so two simultaneous
      // "first" registrations cannot both become admin.
      const user = await ctx.db.transaction(async (tx) => {
        await tx
          .select({ id: spaces.id })
          .from(spaces)
          .where(eq(spaces.id, space.id))
          .for('update');
        const [row] = await tx
          .select({ n: count() })
          .from(users)
          .where(eq(users.spaceId, space.id));
        const isFirst = (row?.n ?? 0) === 0;
        if (!isFirst && !space.allowSelfRegistration) {
          throw new TRPCError({ code: 'FORBIDDEN', message: ERROR.selfRegistrationDisabled });
        }
        return insertUser(tx, {
          spaceId: space.id,
          username: input.username,
          passwordHash,
          role: isFirst ? 'admin' : 'member',
          createdAt: ctx.now(),
        });
      });
      return userView(user);
    }),

  /** Every user of the caller's space, oldest first: { users: UserView[] }. */
  list: memberProcedure.query(async ({ ctx }) => {
    const rows = await ctx.db
      .select()
      .from(users)
      .where(eq(users.spaceId, ctx.auth.space.id))
      .orderBy(asc(users.createdAt), asc(users.username));
    return { users: rows.map(userView) };
  }),

  /** The usernames of the caller's space (spec §7, used by the randomizer): { usernames: string[] }. */
  usernames: memberProcedure.query(async ({ ctx }) => {
    const rows = await ctx.db
      .select({ username: users.username })
      .from(users)
      .where(eq(users.spaceId, ctx.auth.space.id))
      .orderBy(asc(users.createdAt), asc(users.username));
    return { usernames: rows.map((row) => row.username) };
  }),

  /**
   * Adds a user (admin only, spec §2 Add User). Input: username, encrypted_password (optional
   * unless forced), role (default member). Returns the user. 400/409 as `register`.
   */
  create: adminProcedure
    .input(
      z.object({
        username: newUsernameSchema,
        encrypted_password: verifierSchema('encrypted_password').optional(),
        role: roleSchema.default('member'),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const passwordHash = await passwordHashFor(ctx.auth.space, input.encrypted_password);
      await keyUsernamesAhead(ctx.db, ctx.auth.space.id);
      const user = await ctx.db.transaction((tx) =>
        insertUser(tx, {
          spaceId: ctx.auth.space.id,
          username: input.username,
          passwordHash,
          role: input.role,
          createdAt: ctx.now(),
        }),
      );
      return userView(user);
    }),

  /**
   * Renames the caller ({username}: letters and digits, anyone, only themself) or changes
   * another user's role ({role}: admins only, never their own). Returns the user.
   * Errors: 400 (REST 422) a name not of letters and digits, of mixed scripts or invisible;
   * 403 for the rules above; 404 unknown user; 409 'Username already exists…' or 'A username
   * that looks the same already exists…'.
   */
  update: memberProcedure
    .input(
      z
        .object({
          user_id: userIdSchema,
          username: renameSchema.optional(),
          role: roleSchema.optional(),
        })
        .refine((value) => value.username !== undefined || value.role !== undefined, {
          error: 'Give a new username or role',
        }),
    )
    .mutation(async ({ ctx, input }) => {
      const self = ctx.auth.user;
      const isSelf = input.user_id === self.id;
      if (input.username !== undefined && !isSelf) {
        throw new TRPCError({ code: 'FORBIDDEN', message: ERROR.renameOnlyYourself });
      }
      if (input.role !== undefined) {
        if (self.role !== 'admin')
          throw new TRPCError({ code: 'FORBIDDEN', message: ERROR.adminOnly });
        if (isSelf) throw new TRPCError({ code: 'FORBIDDEN', message: ERROR.cannotChangeOwnRole });
      }
      const spaceId = ctx.auth.space.id;
      const { username, role } = input;
      try {
        // Both are never given together: a username only for oneself, a role only for others.
        const user =
          username !== undefined
            ? await keyUsernamesAhead(ctx.db, spaceId).then(() =>
                ctx.db.transaction((tx) => renameUser(tx, spaceId, input.user_id, username)),
              )
            : (
                await ctx.db
                  .update(users)
                  .set({ role })
                  .where(and(eq(users.id, input.user_id), eq(users.spaceId, spaceId)))
                  .returning()
              )[0];
        if (!user) throw new TRPCError({ code: 'NOT_FOUND', message: ERROR.userNotFound });
        // Cached sessions of every instance hold the old name and role: they are re-read.
        await ctx.bus.publish({
          spaceId: ctx.auth.space.id,
          origin: null,
          payload: { type: 'space_updated' },
        });
        return userView(user);
      } catch (error) {
        if (isUniqueViolation(error))
          throw new TRPCError({ code: 'CONFLICT', message: ERROR.usernameExists });
        throw error;
      }
    }),

  /**
   * Deletes a user with their sessions (admin only, never themself). Their open connections
   * close. 404 when the user is not in the space.
   */
  delete: adminProcedure
    .input(z.object({ user_id: userIdSchema }))
    .mutation(async ({ ctx, input }) => {
      if (input.user_id === ctx.auth.user.id) {
        throw new TRPCError({ code: 'FORBIDDEN', message: ERROR.cannotDeleteYourself });
      }
      const deleted = await ctx.db
        .delete(users)
        .where(and(eq(users.id, input.user_id), eq(users.spaceId, ctx.auth.space.id)))
        .returning({ id: users.id });
      if (deleted.length === 0)
        throw new TRPCError({ code: 'NOT_FOUND', message: ERROR.userNotFound });
      await ctx.bus.publish({
        spaceId: ctx.auth.space.id,
        origin: null,
        payload: { type: 'member_removed', user_id: input.user_id },
      });
      return { deleted: true as const };
    }),
});
