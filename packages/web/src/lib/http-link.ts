/**
 * The HTTP side of our API's typed client (see ./trpc.ts): queries and mutations at /trpc, with
 * superjson, the session's token and the CSRF token. Kept apart from the React bindings so the
 * start-up code (app/first-screen.ts) can send a request before React Query has even loaded.
 */
import type { AppRouter } from '@cipherspace/api';
import {
  httpBatchLink,
  httpLink as unbatchedHttpLink,
  type Operation,
  type TRPCLink,
} from '@trpc/client';
import superjson from 'superjson';

import { csrfRecoveringFetch, csrfTokenForMutation, getCsrfToken, renewCsrfToken } from './csrf.ts';
import { getToken } from './session.ts';

type RequestHeaders = Record<string, string>;

/** The session's token (`Authorization: Bearer`) and the CSRF token `csrf`, when there are. */
function headersWith(csrf: string | null): RequestHeaders {
  const headers: RequestHeaders = {};
  const token = getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  if (csrf) headers['x-csrf-token'] = csrf;
  return headers;
}

/**
 * The headers of one request carrying `ops`. A request with a mutation made before the page's
 * CSRF token is in waits for it (csrfTokenForMutation, bounded by CSRF_WAIT_MS): sent without
 * one, the server would refuse it with 403 when the browser still has the `_csrf` cookie of an
 * earlier page load — e.g. a tool's first presence announcement, lost. Queries are GETs, which
 * need no token: they never wait (the first screen's `content.find` leaves at once).
 */
function requestHeaders(ops: readonly Operation[]): RequestHeaders | Promise<RequestHeaders> {
  const csrf = getCsrfToken();
  if (csrf !== null || !ops.some((op) => op.type === 'mutation')) return headersWith(csrf);
  return csrfTokenForMutation().then(headersWith);
}

/**
 * Queries and mutations over HTTP at /trpc, with the session's token and the CSRF token: batched
 * (calls made in one tick share a request), or with `batch: false` one request per call, sent the
 * moment it is made — for a request that must not wait a tick behind others the page starts
 * meanwhile (the first screen's content: see app/first-screen.ts). A mutation made before the
 * page's CSRF token is in waits for it (see requestHeaders); one refused for its token all the
 * same is sent once more with a new one (csrfRecoveringFetch).
 */
export function httpLink({ batch = true }: { batch?: boolean } = {}): TRPCLink<AppRouter> {
  const options = {
    url: '/trpc',
    transformer: superjson,
    fetch: csrfRecoveringFetch(() => renewCsrfToken()),
  };
  return batch
    ? httpBatchLink({ ...options, headers: ({ opList }) => requestHeaders(opList) })
    : unbatchedHttpLink({ ...options, headers: ({ op }) => requestHeaders([op]) });
}
