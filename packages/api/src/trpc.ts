/**
 * The one place `initTRPC` is called: the router factory and the named procedures.
 *
 * - `publicProcedure`: anyone.
 * - `sessionProcedure`: any live session (401 UNAUTHORIZED without a valid token).
 * - `memberProcedure`: a live session whose space is the input's `space_name`
 *   (401 UNAUTHORIZED without a valid token, 403 FORBIDDEN for another space's token).
 * - `adminProcedure`: a member whose role is admin (403 otherwise). spec §6.
 *
 * All of them answer SERVICE_UNAVAILABLE (503) while the database cannot be reached, and a
 * subscription beyond TRPC_SUBSCRIPTIONS_PER_CONNECTION_MAX open ones of its connection with
 * TOO_MANY_REQUESTS (429).
 */
import { initTRPC, TRPCError } from '@trpc/server';
import { z, ZodError } from 'zod';

import { broadcastTransformer } from './broadcast.ts';
import { TRPC_SUBSCRIPTIONS_PER_CONNECTION_MAX } from './constants.ts';
import type { Context } from './context.ts';
import { ERROR } from './errors.ts';
import { spaceNameSchema } from './schemas.ts';
import { isDatabaseUnavailable, unavailableCause } from './services/db-errors.ts';

const t = initTRPC.context<Context>().create({
  // superjson, serialising a live event once for all its subscribers (./broadcast.ts).
  transformer: broadcastTransformer,
  // Never send stack traces to clients, whatever NODE_ENV says.
  isDev: false,
  errorFormatter({ shape, error }) {
    const zodError = error.cause instanceof ZodError ? error.cause : null;
    return {
      ...shape,
      message: zodError ? (zodError.issues[0]?.message ?? shape.message) : shape.message,
      data: {
        ...shape.data,
        zodIssues: zodError
          ? zodError.issues.map(({ path, message }) => ({ path, message }))
          : null,
      },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/**
 * Every procedure: a database that cannot be reached (outage, restart; see `isDatabaseUnavailable`)
 * ends in SERVICE_UNAVAILABLE (HTTP 503) 'The service is temporarily unavailable…' instead of
 * INTERNAL_SERVER_ERROR.
 */
/**
 * Open subscriptions per context. A tRPC WebSocket builds one context for all the calls of its
 * connection, so this counts per connection; HTTP and the raw WebSocket build one per request or
 * socket, and never come near the bound.
 */
const openSubscriptions = new WeakMap<object, number>();

/**
 * Every subscription holds a slot of its context until its stream ends, fails or is stopped (a
 * call that fails before its stream exists frees it at once); beyond
 * TRPC_SUBSCRIPTIONS_PER_CONNECTION_MAX → TOO_MANY_REQUESTS, and the connection's other calls
 * go on.
 */
const boundedSubscriptions = t.procedure.use(async ({ ctx, type, next }) => {
  if (type !== 'subscription') return next();
  const open = openSubscriptions.get(ctx) ?? 0;
  if (open >= TRPC_SUBSCRIPTIONS_PER_CONNECTION_MAX) {
    throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: ERROR.tooManySubscriptions });
  }
  openSubscriptions.set(ctx, open + 1);
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    const left = (openSubscriptions.get(ctx) ?? 1) - 1;
    if (left > 0) openSubscriptions.set(ctx, left);
    else openSubscriptions.delete(ctx);
  };
  const result = await next();
  if (!result.ok || !isAsyncIterable(result.data)) {
    release();
    return result;
  }
  return { ...result, data: releasingAtEnd(result.data, release) };
});

/** `source` as it is, calling `release` once it ends, fails or is stopped. */
async function* releasingAtEnd<T>(source: AsyncIterable<T>, release: () => void) {
  try {
    yield* source;
  } finally {
    release();
  }
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}

export const publicProcedure = boundedSubscriptions.use(async ({ next }) => {
  const result = await next();
  if (!result.ok && isDatabaseUnavailable(result.error.cause)) {
    throw new TRPCError({
      code: 'SERVICE_UNAVAILABLE',
      message: ERROR.databaseUnavailable,
      cause: unavailableCause(result.error.cause),
    });
  }
  return result;
});

export const sessionProcedure = publicProcedure.use(async ({ ctx, next }) => {
  if (!ctx.token) throw new TRPCError({ code: 'UNAUTHORIZED', message: ERROR.authRequired });
  const auth = await ctx.authenticate();
  if (!auth) throw new TRPCError({ code: 'UNAUTHORIZED', message: ERROR.sessionInvalid });
  return next({ ctx: { ...ctx, auth } });
});

export const memberProcedure = sessionProcedure
  .input(z.object({ space_name: spaceNameSchema }))
  .use(({ ctx, input, next }) => {
    if (input.space_name !== ctx.auth.space.name) {
      throw new TRPCError({ code: 'FORBIDDEN', message: ERROR.otherSpace });
    }
    return next();
  });

export const adminProcedure = memberProcedure.use(({ ctx, next }) => {
  if (ctx.auth.user.role !== 'admin')
    throw new TRPCError({ code: 'FORBIDDEN', message: ERROR.adminOnly });
  return next();
});
