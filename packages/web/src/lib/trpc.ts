/**
 * Typed access to our API — the only data layer for our own server (no hand-written fetch):
 * `@trpc/react-query` hooks over TanStack Query. Queries and mutations go over HTTP; the live
 * channel is the tab's one raw WebSocket (see ./realtime).
 */
import type { AppRouter } from '@cipherspace/api';
import type { TRPCLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';

import { httpLink } from './http-link.ts';
import { sessionEndLink } from './realtime/session-end-link.ts';

export const trpc = createTRPCReact<AppRouter>();

export function createLinks(): TRPCLink<AppRouter>[] {
  return [sessionEndLink(), httpLink()];
}

export function createTrpcClient() {
  return trpc.createClient({ links: createLinks() });
}
