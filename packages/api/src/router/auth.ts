/** auth: log in and out of a space (spec §2 /space/login, §3 Login payload/response, §4 Session, §7). */
import { spaces, users } from '@cipherspace/db';
import { TRPCError } from '@trpc/server';
import { and, desc, eq, or, sql } from 'drizzle-orm';
import { z } from 'zod';

import { ERROR } from '../errors.ts';
import { spaceNameSchema, usernameSchema, verifierSchema } from '../schemas.ts';
import { nameKey } from '../services/names.ts';
import { createSession, invalidateSession } from '../services/sessions.ts';
import { requireSpace, requireSpaceVerifier } from '../services/spaces.ts';
import { verifyVerifier } from '../services/verifier-hash.ts';
import { publicProcedure, router, sessionProcedure } from '../trpc.ts';
import { spaceView, userView } from '../views.ts';

export const authRouter = router({
  /**
   * Logs a user in. Input: space_name, encrypted_space_name, username, encrypted_password
   * (optional). Returns { access_token, token_type 'bearer', expires_at, space, user }.
   * Errors: 404 space missing; 401 'Invalid space name or space key'; 401 'User not found'
   * (the login screen switches to register mode on it, spec §8); 401 'Invalid password'.
   * A user registered without a password logs in without one.
   */
  login: publicProcedure
    .input(
      z.object({
        space_name: spaceNameSchema,
        encrypted_space_name: verifierSchema('encrypted_space_name'),
        username: usernameSchema,
        encrypted_password: verifierSchema('encrypted_password').optional(),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const space = await requireSpace(ctx.db, input.space_name);
      await requireSpaceVerifier(space, input.encrypted_space_name);
      // Fold case in the database on both sides, as the unique index does: JavaScript's
      // toLowerCase() differs from PostgreSQL's lower() (e.g. 'İ'), which made such users
      // unable to log in under the very name they registered.
      const sameLowerCase = sql`lower(${users.username}) = lower(${input.username})`;
      // Else the user whose name is this one written otherwise (`Ａnn`, `ann ` for `Ann`;
      // services/names.ts nameKey). Users named before the rules whose keys clash keep null
      // keys but the case-folded match above.
      const [user] = await ctx.db
        .select()
        .from(users)
        .where(
          and(
            eq(users.spaceId, space.id),
            or(sameLowerCase, eq(users.usernameKey, nameKey(input.username))),
          ),
        )
        .orderBy(desc(sameLowerCase))
        .limit(1);
      if (!user) throw new TRPCError({ code: 'UNAUTHORIZED', message: ERROR.userNotFound });
      if (user.passwordHash !== null) {
        const ok =
          input.encrypted_password !== undefined &&
          (await verifyVerifier(user.passwordHash, input.encrypted_password));
        if (!ok) throw new TRPCError({ code: 'UNAUTHORIZED', message: ERROR.invalidPassword });
      }
      const now = ctx.now();
      const session = await createSession(ctx.db, user, now);
      await ctx.db.update(spaces).set({ lastLoginAt: now }).where(eq(spaces.id, space.id));
      return {
        access_token: session.token,
        token_type: 'bearer' as const,
        expires_at: session.expiresAt,
        space: spaceView(space),
        user: userView(user),
      };
    }),

  /** Ends the caller's session; its token is refused from now on and its sockets close. */
  logout: sessionProcedure.mutation(async ({ ctx }) => {
    await invalidateSession(ctx.db, ctx.auth.sessionId);
    await ctx.bus.publish({
      spaceId: ctx.auth.space.id,
      origin: null,
      payload: { type: 'session_revoked', session_id: ctx.auth.sessionId },
    });
    return { logged_out: true as const };
  }),

  /** The caller's session: { user, space, expires_at } (expiry already slid by this call). */
  session: sessionProcedure.query(({ ctx }) => ({
    user: userView(ctx.auth.user),
    space: spaceView(ctx.auth.space),
    expires_at: ctx.auth.expiresAt,
  })),
});
