/**
 * The HTTP side of our API's typed client (see ./trpc.ts): queries and mutations at /trpc, with
 * superjson, the session's token and the CSRF token. Kept apart from the React bindings so the
 * start-up code (app/first-screen.ts) can send a request before React Query has even loaded.
 */
import type { AppRouter } from '@cipherspace/api';
import { httpBatchLink, httpLink as unbatchedHttpLink, type TRPCLink } from '@trpc/client';
import superjson from 'superjson';

import { getCsrfToken } from './csrf.ts';
import { getToken } from './session.ts';

/**
 * Queries and mutations over HTTP at /trpc, with the session's token and the CSRF token: batched
 * (calls made in one tick share a request), or with `batch: false` one request per call, sent the
 * moment it is made — for a request that must not wait a tick behind others the page starts
 * meanwhile (the first screen's content: see app/first-screen.ts).
 */
export function httpLink({ batch = true }: { batch?: boolean } = {}): TRPCLink<AppRouter> {
  const options = {
    url: '/trpc',
    transformer: superjson,
    headers: () => {
      const headers: Record<string, string> = {};
      const token = getToken();
      if (token) headers.authorization = `Bearer ${token}`;
      const csrf = getCsrfToken();
      if (csrf) headers['x-csrf-token'] = csrf;
      return headers;
    },
  };
  return batch ? httpBatchLink(options) : unbatchedHttpLink(options);
}
