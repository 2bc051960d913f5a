/**
 * The content procedures over HTTP at /trpc (spec §7) for the offline sync worker
 * (./offline-sync.worker.ts), which has no page of its own: no session in localStorage, no CSRF
 * token yet. The page hands it the session token; the CSRF token of this browser's `_csrf`
 * cookie is fetched here. Queries and mutations made together share one request (batched).
 */
import type { AppRouter } from '@cipherspace/api';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import superjson from 'superjson';

import { csrfRecoveringFetch, requestCsrfToken } from '../../lib/csrf.ts';
import type { ContentApi } from './content-transport.ts';

/** What the worker uses: the content procedures a sync engine needs, and the list of tools. */
export interface SyncApi extends ContentApi {
  /** `content.list`: the tools of the space that have content, with their current version. */
  list(input: { space_name: string }): Promise<{ tools: { tool: string; version: number }[] }>;
}

/**
 * The content procedures as the member `token`, with the CSRF token `csrf.current()` gives; a
 * request the server refuses for it goes once more with `csrf.renew()`'s (null: the refusal is
 * the answer, see csrfRecoveringFetch).
 */
function contentClient(
  token: string,
  csrf: { current: () => string | null; renew: () => Promise<string | null> },
): SyncApi {
  const client = createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: '/trpc',
        transformer: superjson,
        fetch: csrfRecoveringFetch(csrf.renew),
        headers: () => {
          const current = csrf.current();
          return {
            authorization: `Bearer ${token}`,
            ...(current === null ? {} : { 'x-csrf-token': current }),
          };
        },
      }),
    ],
  });
  return {
    find: (input) => client.content.find.query(input),
    save: (input) => client.content.save.mutate(input),
    changes: (input) => client.content.changes.query(input),
    snapshot: (input) => client.content.snapshot.mutate(input),
    list: (input) => client.content.list.query(input),
  };
}

/**
 * The content procedures as the member `token` (`Authorization: Bearer`), with a CSRF token
 * fetched first from GET /api/csrf (and fetched again when the server refuses a save for it:
 * a page of this browser may have replaced the cookie meanwhile, see csrfRecoveringFetch).
 * Rejects when the server cannot be reached for it (nothing was sent).
 */
export async function httpSyncApi(token: string): Promise<SyncApi> {
  let csrf = await requestCsrfToken();
  return contentClient(token, {
    current: () => csrf,
    renew: async () => (csrf = await requestCsrfToken().catch(() => null)),
  });
}

/** What a page hands a worker to upload a snapshot in its name (spec §7 `content.snapshot`). */
export interface SnapshotUpload {
  /** The member's session token. */
  token: string;
  /** The page's CSRF token: the worker never fetches its own, which would replace the cookie. */
  csrf: string;
  input: Parameters<NonNullable<ContentApi['snapshot']>>[0];
}

/**
 * Uploads snapshots as a page asks (`content.snapshot`), from a worker: the request body of a
 * 5,000-card board (3.2 MB) costs the thread that sends it ~50 ms. One client per session token;
 * rejects as the procedure does, and when the server refuses the page's CSRF token (the page then
 * sends it itself, renewing its token).
 */
export function workerSnapshotUploader(): (upload: SnapshotUpload) => Promise<void> {
  let pageCsrf: string | null = null;
  let client: { token: string; api: SyncApi } | null = null;
  return async ({ token, csrf, input }) => {
    pageCsrf = csrf;
    if (client?.token !== token) {
      const api = contentClient(token, {
        current: () => pageCsrf,
        renew: () => Promise.resolve(null),
      });
      client = { token, api };
    }
    await client.api.snapshot?.(input);
  };
}
