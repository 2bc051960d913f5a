/**
 * Typed access to our API — the only data layer for our own server (no hand-written fetch):
 * `@trpc/react-query` hooks over TanStack Query. Queries and mutations go over HTTP batch;
 * subscriptions (and the heartbeat) over the tab's one WebSocket (see ./realtime).
 */
import type { AppRouter } from '@cipherspace/api';
import { splitLink, type TRPCLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';

import { httpLink } from './http-link.ts';
import { realtimeLink, sessionEndLink } from './realtime/connection.ts';

export const trpc = createTRPCReact<AppRouter>();

/** Procedures that travel over the WebSocket besides subscriptions. */
const WS_PATHS = new Set(['realtime.heartbeat']);

export function createLinks(): TRPCLink<AppRouter>[] {
  return [
    sessionEndLink(),
    splitLink({
      condition: (op) => op.type === 'subscription' || WS_PATHS.has(op.path),
      true: realtimeLink(),
      false: httpLink(),
    }),
  ];
}

export function createTrpcClient() {
  return trpc.createClient({ links: createLinks() });
}
