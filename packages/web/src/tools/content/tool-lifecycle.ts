/**
 * A tool's {@link ContentLifecycle} in the signed-in space, wired to the app's tRPC client, the
 * space key's codec and the browser's offline store (spec §4 Tool content; issue 17): what a
 * tool screen uses (./use-tool-content.ts) and what replays the offline changes of the tools no
 * screen shows (./background-replay.ts).
 */
import type { NamedOperation, ToolDefinition } from '@cipherspace/tools';

import { contentPrefetch } from '../../lib/content-prefetch.ts';
import { getCsrfToken, initCsrf } from '../../lib/csrf.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { REALTIME_CLIENT_ID } from '../../lib/realtime/index.ts';
import type { trpc } from '../../lib/trpc.ts';
import { ContentLifecycle } from './content-lifecycle.ts';
import { contentTransport, spaceKeyCodec } from './content-transport.ts';
import { offlineStore } from './offline-store.ts';

/** The app's typed tRPC client (`trpc.useUtils().client`). */
export type AppClient = ReturnType<typeof trpc.useUtils>['client'];

let csrfRefresh: Promise<void> | null = null;

/**
 * Runs `call` with a CSRF token (spec §7): a page opened offline (issue 17) has none — its
 * start-up fetch of /api/csrf failed — and the server refuses its requests until it has one, so
 * it is fetched again first (once for calls made together; offline it fails fast and the call
 * fails as offline too). csrf.ts fetches it again on the `online` event as well, but the replay
 * starts on that same event, before that answer is in — hence this check stays.
 */
function withCsrf<T>(call: () => Promise<T>): Promise<T> {
  if (getCsrfToken() !== null) return call();
  csrfRefresh ??= initCsrf().finally(() => {
    csrfRefresh = null;
  });
  return csrfRefresh.then(call);
}

/** What {@link createToolLifecycle} needs: who works on which tool of which space. */
export interface ToolLifecycleOptions<C, Op extends NamedOperation> {
  client: AppClient;
  /** The tool's registry entry in `@cipherspace/tools` (its rules and operations). */
  domain: ToolDefinition<C, Op>;
  spaceName: string;
  /** The space key (never leaves the browser). */
  spaceKey: string;
  /** The signed-in member's username (the author of changes). */
  author: string;
  /** Whether others are told of a change while its snapshot uploads (live tools, issue 15). */
  realtime: boolean;
}

/**
 * The lifecycle of `domain` in `spaceName` and its codec (whose `prepare()` derives the keys
 * ahead of the first save). Loads nothing yet: call `content.load()`.
 */
export function createToolLifecycle<C, Op extends NamedOperation>({
  client,
  domain,
  spaceName,
  spaceKey,
  author,
  realtime,
}: ToolLifecycleOptions<C, Op>) {
  const tool = domain.metadata.name;
  const api = {
    // The first load takes the answer the route already asked for (lib/content-prefetch.ts).
    find: (input: { space_name: string; tool: string }) => {
      const fetch = () => withCsrf(() => client.content.find.query(input));
      const prefetched = contentPrefetch.take<Awaited<ReturnType<typeof fetch>>>(
        input.space_name,
        input.tool,
      );
      return prefetched ? prefetched.catch(fetch) : fetch();
    },
    save: (input: Parameters<typeof client.content.save.mutate>[0]) =>
      withCsrf(() => client.content.save.mutate(input)),
    changes: (input: Parameters<typeof client.content.changes.query>[0]) =>
      withCsrf(() => client.content.changes.query(input)),
    // Live tools tell the others of a change while its snapshot uploads (issue 15).
    ...(realtime && {
      propose: (input: Parameters<typeof client.content.propose.mutate>[0]) =>
        withCsrf(() => client.content.propose.mutate({ ...input, client_id: REALTIME_CLIENT_ID })),
    }),
  };
  const codec = spaceKeyCodec(spaceKey, spaceName);
  return {
    codec,
    content: new ContentLifecycle<C, Op>({
      domain,
      transport: contentTransport(api, spaceName, tool),
      codec,
      author,
      language: currentLanguage,
      // The last content as ciphertext and the changes made offline (issue 17).
      offline: offlineStore(spaceName, tool) ?? undefined,
      online: () => navigator.onLine,
    }),
  };
}
