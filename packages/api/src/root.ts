/** The application router: every domain router, combined (tRPC docs "Merging routers"). */
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';

import { authRouter } from './router/auth.ts';
import { contentRouter } from './router/content.ts';
import { historyRouter } from './router/history.ts';
import { realtimeRouter } from './router/realtime.ts';
import { spacesRouter } from './router/spaces.ts';
import { usersRouter } from './router/users.ts';
import { createCallerFactory, router } from './trpc.ts';

export const appRouter = router({
  spaces: spacesRouter,
  auth: authRouter,
  users: usersRouter,
  content: contentRouter,
  history: historyRouter,
  realtime: realtimeRouter,
});

/** The router type a typed client imports (`createTRPCClient<AppRouter>`). */
export type AppRouter = typeof appRouter;
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;

/** `createCaller(ctx)` for server-side calls (REST adapter, raw WebSocket, tests). */
export const createCaller = createCallerFactory(appRouter);
