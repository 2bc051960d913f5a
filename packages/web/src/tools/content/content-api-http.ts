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
 * The content procedures as the member `token` (`Authorization: Bearer`), with a CSRF token
 * fetched first from GET /api/csrf (and fetched again when the server refuses a save for it:
 * a page of this browser may have replaced the cookie meanwhile, see csrfRecoveringFetch).
 * Rejects when the server cannot be reached for it (nothing was sent).
 */
export async function httpSyncApi(token: string): Promise<SyncApi> {
  let csrf = await requestCsrfToken();
  const renewCsrf = async () => {
    csrf = await requestCsrfToken().catch(() => null);
    return csrf;
  };
  const client = createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: '/trpc',
        transformer: superjson,
        fetch: csrfRecoveringFetch(renewCsrf),
        headers: () => ({
          authorization: `Bearer ${token}`,
          ...(csrf === null ? {} : { 'x-csrf-token': csrf }),
        }),
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
