/**
 * The sync engine of a tool screen (spec §4 Tool content, §8 Tool entry) as a React hook:
 * builds a {@link SyncClient} for the signed-in space with the app's tRPC client and the
 * stored space key, loads on entry, catches up on a `content_update` of this tool from someone else
 * (applying the change's encrypted operations when they suffice), on reconnect and 1 s after the
 * connection is restored (the realtime signals 'reconnected' and 'restored') and on the server's
 * `resync` message (./follow-realtime.ts), and re-renders on every state change. Keys are prepared
 * in idle time, so no save or live update waits for a PBKDF2.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useSyncExternalStore } from 'react';

import type {
  FieldConflict,
  NamedOperation,
  ToolDefinition,
  ToolName,
  Tools,
} from '@cipherspace/tools';

import { contentPrefetch } from '../../lib/content-prefetch.ts';
import { getCsrfToken } from '../../lib/csrf.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import {
  onRealtimeMessage,
  onRealtimeSignal,
  REALTIME_CLIENT_ID,
} from '../../lib/realtime/index.ts';
import { serverNow } from '../../lib/realtime/server-clock.ts';
import { getSpaceKey, getToken, useSession } from '../../lib/session.ts';
import { trpc } from '../../lib/trpc.ts';
import { whenIdle } from '../../lib/when-idle.ts';
import {
  SyncClient,
  INITIAL_CONTENT_STATE,
  historyPageOf,
  historyRebuildOf,
  type ContentState,
  type PerformOptions,
  type PerformResult,
  type AppliedOperationListener,
  type HistorySource,
  type Timeline,
} from '@cipherspace/sync';
import { contentTransport, spaceKeyCodec } from './content-transport.ts';
import { tabEnvelopeWorker } from './envelope-client.ts';
import type { ConflictChoices } from './EditConflictPanel.tsx';
import { followRealtime } from './follow-realtime.ts';
import { offlineStore, showingTool, type OfflineStore } from './offline-store.ts';
import { showToolStatus } from './save-status.ts';

/** The content type of the tool named `N` in the registry. */
export type ContentOf<N extends ToolName> =
  Tools[N] extends ToolDefinition<infer C, infer _Op> ? C : never;

/** The operations (`{type, ...args}`) of the tool named `N` in the registry. */
export type OperationOf<N extends ToolName> =
  Tools[N] extends ToolDefinition<infer _C, infer Op> ? Op : never;

export interface ToolContent<C, Op> {
  /** Screen state; `entry` tells why there is no sync engine (no session or no space key). */
  state: ContentState<C>;
  /** Set when the tool cannot be entered (spec §8 Tool entry); the screen shows and redirects. */
  entry: 'no-session' | 'no-space-key' | null;
  /**
   * Applies, validates and saves a named operation (see SyncClient.perform; `basedOn` is
   * the version the user started the change on, e.g. `state.version` when a form opened). Stable.
   */
  perform: (operation: Op, options?: PerformOptions) => Promise<PerformResult<C>>;
  /** Loads again (the Retry button, the Refresh button). Stable. */
  reload: () => void;
  /**
   * Calls `listener` with each stored operation of others this tab applies, with the content
   * before and after it (SyncClient.onRemoteOperation); returns the unsubscribe function.
   * Stable per loaded tool.
   */
  onRemoteOperation: (listener: AppliedOperationListener<C>) => () => void;
  /** Forgets the report of offline changes that could not be applied. Stable. */
  dismissUnapplied: () => void;
  /**
   * The fields of an unapplied offline edit that teammates changed since, as stored now (null:
   * nothing to choose; see SyncClient.unappliedConflict). Stable.
   */
  unappliedConflict: (id: string) => readonly FieldConflict[] | null;
  /** Saves an unapplied offline edit as the member chose per field (SyncClient.resolveUnapplied). Stable. */
  resolveUnapplied: (id: string, choices: ConflictChoices) => Promise<PerformResult<C>>;
  /** Undoes this tab's latest change (see SyncClient.undo). Stable. */
  undo: () => Promise<PerformResult<C>>;
  /** Redoes the latest undone change. Stable. */
  redo: () => Promise<PerformResult<C>>;
  /** Makes an earlier version's content current again, as one undoable change. Stable. */
  restore: (content: C) => Promise<PerformResult<C>>;
  /**
   * Replaces the content with what `build` makes of the content as it is when the change is made
   * (SyncClient.replace), as one undoable change. Stable.
   */
  replace: (build: (current: C) => C) => Promise<PerformResult<C>>;
  /**
   * Saves the version shown in place of a stored one that does not open (`state.unreadable`)
   * as the new current version (SyncClient.restoreShown). Stable.
   */
  restoreShown: () => Promise<PerformResult<C>>;
  /**
   * Rebuilds a page of the tool's history in this browser (see loadTimeline): the newest versions,
   * or those below `before`. Rejects when there is no session. Stable.
   */
  loadHistory: (options?: { before?: number }) => Promise<Timeline<C>>;
  /**
   * The sync engine's state right now, which may be newer than the rendered `state`: read it after
   * an await (e.g. a `perform`) to see what the content ended up as. Stable.
   */
  current: () => ContentState<C>;
}

const UNAVAILABLE = INITIAL_CONTENT_STATE;
const NOT_LOADED = { status: 'rejected', error: new Error('No content loaded') } as const;
const noSubscription = () => () => undefined;
const unavailableState = () => UNAVAILABLE;

/** The app's tRPC client, as `trpc.useUtils().client` gives it. */
export type ApiClient = ReturnType<typeof trpc.useUtils>['client'];

/**
 * `history.version` with every change of its range: the server cuts a large range into pages
 * (`next_after`, CHANGES_PAGE_MAX_BYTES each), which this follows to the end.
 */
async function wholeHistoryVersion(
  client: ApiClient,
  input: Parameters<ApiClient['history']['version']['query']>[0],
) {
  const answer = await client.history.version.query(input);
  const changes = [...answer.changes];
  for (let after = answer.next_after; after !== undefined;) {
    const page = await client.history.changes.query({
      space_name: input.space_name,
      tool: input.tool,
      version: input.version,
      after,
    });
    changes.push(...page.changes);
    after = page.next_after;
  }
  return { base: answer.base, changes };
}

/** A tool's sync engine and the codec it encrypts with (see {@link createToolClient}). */
export interface ToolClient<C, Op extends NamedOperation> {
  /** The engine: `load()` it, read `getState()`, `dispose()` it when done. */
  content: SyncClient<C, Op>;
  /** The space key's codec; `prepare()` derives the next save's keys ahead of time. */
  codec: ReturnType<typeof spaceKeyCodec>;
}

/** What {@link createToolClient} needs of the signed-in session. */
export interface ToolClientOptions {
  /** The app's tRPC client (`trpc.useUtils().client`). */
  client: ApiClient;
  spaceName: string;
  /** The space key as stored for `spaceName` (`getSpaceKey`); never sent anywhere. */
  spaceKey: string;
  /** The signed-in member's username, recorded as the author of changes. */
  author: string;
  /**
   * Where the engine keeps its cache and pending log; default the tool's IndexedDB store
   * (`offlineStore`), none where the browser has no IndexedDB.
   */
  store?: OfflineStore | null;
  /** False: a tool with no content yet is not created (see SyncParts `createMissing`). */
  createMissing?: boolean;
}

/**
 * A sync engine for the tool `domain` (its registry entry) in `spaceName`, not loaded yet: the
 * content API over the app's tRPC client (the first `find` takes the route's prefetched answer),
 * the space key's codec, the transport and the offline store (spec §4 Tool content). Nothing is
 * fetched until `content.load()`; it never throws. A tool whose metadata has `disableWebSocket`
 * gets no `propose` (it tells no one of changes in flight).
 */
export function createToolClient<C, Op extends NamedOperation>(
  domain: ToolDefinition<C, Op>,
  {
    client,
    spaceName,
    spaceKey,
    author,
    store = offlineStore(spaceName, domain.metadata.name),
    createMissing,
  }: ToolClientOptions,
): ToolClient<C, Op> {
  const tool = domain.metadata.name;
  const realtime = !domain.metadata.disableWebSocket;
  // Mutations carry the CSRF token (spec §7): made before the page has one — its start-up fetch
  // still under way, or failed because the page was opened offline and the replay starts on the
  // same `online` event as that fetch's retry — they wait for it in the HTTP link
  // (lib/http-link.ts).
  const api = {
    // The first load takes the answer the route already asked for (lib/content-prefetch.ts).
    find: (input: { space_name: string; tool: ToolName }) => {
      const fetch = () => client.content.find.query(input);
      const prefetched = contentPrefetch.take<Awaited<ReturnType<typeof fetch>>>(
        input.space_name,
        input.tool,
      );
      return prefetched ? prefetched.catch(fetch) : fetch();
    },
    save: (input: Parameters<typeof client.content.save.mutate>[0]) =>
      client.content.save.mutate(input),
    changes: (input: Parameters<typeof client.content.changes.query>[0]) =>
      client.content.changes.query(input),
    // The body of a large board's snapshot is sent from the envelope worker, off this thread.
    snapshot: async (input: Parameters<typeof client.content.snapshot.mutate>[0]) => {
      const token = getToken();
      const csrf = getCsrfToken();
      if (token && csrf && (await tabEnvelopeWorker().upload({ token, csrf, input }))) return;
      await client.content.snapshot.mutate(input);
    },
    // A stored version that does not open: the newest earlier one that does.
    historyVersion: (input: Parameters<typeof client.history.version.query>[0]) =>
      wholeHistoryVersion(client, input),
    // Live tools tell the others of a change while its snapshot uploads.
    ...(realtime && {
      propose: (input: Parameters<typeof client.content.propose.mutate>[0]) =>
        client.content.propose.mutate({ ...input, client_id: REALTIME_CLIENT_ID }),
    }),
  };
  const codec = spaceKeyCodec(spaceKey, spaceName);
  return {
    codec,
    content: new SyncClient<C, Op>({
      domain,
      transport: contentTransport(api, spaceName, tool),
      codec,
      author,
      language: currentLanguage,
      // The last content as ciphertext and the changes made offline.
      store: store ?? undefined,
      online: () => navigator.onLine,
      // Operations are stamped with the server's time, so members whose clocks differ agree on
      // shared times (a round timer's start, dates shown to everyone).
      context: {
        now: () => new Date(serverNow()).toISOString(),
        newId: () => crypto.randomUUID(),
      },
      ...(createMissing === false && { createMissing }),
    }),
  };
}

/**
 * The content of the tool `domain` (its registry entry in `@cipherspace/tools`, e.g. `kanbanTool`
 * from `@cipherspace/tools/tracker`) in the signed-in space, with that tool's rules and operations.
 * Taking the entry rather than the registry keeps every other tool's rules out of the screen's
 * code, for a fast first render. A tool whose metadata has `disableWebSocket` (diagrams, spec §1)
 * skips the live reloads but keeps the 409 re-apply.
 */
export function useToolContent<C, Op extends NamedOperation>(
  domain: ToolDefinition<C, Op>,
): ToolContent<C, Op> {
  const tool = domain.metadata.name;
  const realtime = !domain.metadata.disableWebSocket;
  const session = useSession();
  const client = trpc.useUtils().client;
  const spaceName = session?.space.name ?? null;
  const author = session?.user.username ?? '';
  const spaceKey = spaceName === null ? null : getSpaceKey(spaceName);

  const prepared = useMemo(
    () =>
      spaceName === null || spaceKey === null
        ? null
        : createToolClient(domain, { client, spaceName, spaceKey, author }),
    [client, domain, spaceName, spaceKey, author],
  );
  const lifecycle = prepared?.content ?? null;

  // A page being hidden (another tab, the app closed) uploads the snapshot of this tab's
  // saves of operations alone now rather than after the quiet time.
  useEffect(() => {
    if (!lifecycle) return;
    const onHidden = () => {
      if (document.visibilityState === 'hidden') void lifecycle.flushSnapshot();
    };
    document.addEventListener('visibilitychange', onHidden);
    return () => document.removeEventListener('visibilitychange', onHidden);
  }, [lifecycle]);

  // Loads in the commit that mounts the screen, not in a passive effect: those run only after
  // the browser has painted the loading state, which cost a board opened by its address
  // 15–25 ms before its content was even opened (bench/RESULTS.md, 2026-12-04 21:20 UTC).
  useLayoutEffect(() => {
    if (!prepared) return;
    let cancel: (() => void) | null = null;
    let active = true;
    // The next save's content key and the operations key, derived while the user reads — only
    // once the content is shown: their PBKDF2 runs would otherwise compete with the one that
    // opens the content (2 cores: the first render waited for all three).
    void prepared.content.load().finally(() => {
      if (!active) return;
      cancel = whenIdle(
        () => {
          prepared.codec.prepare().catch(() => {
            // Derived on demand by the save instead, which reports any failure.
          });
        },
        2000,
        200,
      );
    });
    return () => {
      active = false;
      cancel?.();
    };
  }, [prepared]);

  // While this screen shows the tool, its offline queue is this screen's to replay: the offline
  // sync worker of any tab leaves it alone (offline-store.ts).
  useEffect(
    () => (spaceName === null ? undefined : showingTool(spaceName, tool)),
    [spaceName, tool],
  );

  // The header's saving status follows this tool while it is shown.
  useEffect(() => (lifecycle ? showToolStatus(lifecycle) : undefined), [lifecycle]);

  // Back online: catch up and replay the changes queued meanwhile; every tool, also those without
  // realtime (the realtime reconnect below does the same for the others).
  useEffect(() => {
    if (!lifecycle) return;
    const online = () => void lifecycle.refresh();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [lifecycle]);

  useEffect(() => {
    if (!lifecycle || !realtime) return;
    return followRealtime(lifecycle, tool, {
      onMessage: onRealtimeMessage,
      onSignal: onRealtimeSignal,
    });
  }, [lifecycle, realtime, tool]);

  const state = useSyncExternalStore<ContentState<C>>(
    lifecycle?.subscribe ?? noSubscription,
    lifecycle?.getState ?? unavailableState,
  );

  const perform = useCallback(
    (operation: Op, options?: PerformOptions): Promise<PerformResult<C>> =>
      lifecycle ? lifecycle.perform(operation, options) : Promise.resolve(NOT_LOADED),
    [lifecycle],
  );
  const reload = useCallback(() => void lifecycle?.load(), [lifecycle]);
  const dismissUnapplied = useCallback(() => void lifecycle?.dismissUnapplied(), [lifecycle]);
  const unappliedConflict = useCallback(
    (id: string) => lifecycle?.unappliedConflict(id) ?? null,
    [lifecycle],
  );
  const resolveUnapplied = useCallback(
    (id: string, choices: ConflictChoices): Promise<PerformResult<C>> =>
      lifecycle?.resolveUnapplied(id, choices) ?? Promise.resolve(NOT_LOADED),
    [lifecycle],
  );
  const loadHistory = useCallback(
    async (options: { before?: number } = {}): Promise<Timeline<C>> => {
      if (!prepared || spaceName === null) return Promise.reject(new Error('No session'));
      const input = { space_name: spaceName, tool };
      const source: HistorySource = {
        list: async ({ before, limit }) => {
          const page = await client.history.list.query({
            ...input,
            limit,
            ...(before === undefined ? {} : { before }),
          });
          return historyPageOf(page);
        },
        version: async (version, from) => {
          return historyRebuildOf(
            await wholeHistoryVersion(client, {
              ...input,
              version,
              ...(from === undefined ? {} : { from }),
            }),
          );
        },
      };
      // The history's code (every tool's activity texts) loads when the panel first asks.
      const { loadTimeline } = await import('@cipherspace/sync/history');
      return loadTimeline(tool, domain, prepared.codec, source, options);
    },
    [prepared, spaceName, tool, client, domain],
  );
  const onRemoteOperation = useCallback(
    (listener: AppliedOperationListener<C>) =>
      lifecycle ? lifecycle.onRemoteOperation(listener) : () => undefined,
    [lifecycle],
  );
  const undo = useCallback(
    (): Promise<PerformResult<C>> => lifecycle?.undo() ?? Promise.resolve(NOT_LOADED),
    [lifecycle],
  );
  const redo = useCallback(
    (): Promise<PerformResult<C>> => lifecycle?.redo() ?? Promise.resolve(NOT_LOADED),
    [lifecycle],
  );
  const restore = useCallback(
    (content: C): Promise<PerformResult<C>> =>
      lifecycle?.restore(content) ?? Promise.resolve(NOT_LOADED),
    [lifecycle],
  );
  const replace = useCallback(
    (build: (latest: C) => C): Promise<PerformResult<C>> =>
      lifecycle?.replace(build) ?? Promise.resolve(NOT_LOADED),
    [lifecycle],
  );
  const restoreShown = useCallback(
    (): Promise<PerformResult<C>> => lifecycle?.restoreShown() ?? Promise.resolve(NOT_LOADED),
    [lifecycle],
  );
  const current = useCallback(
    (): ContentState<C> => lifecycle?.getState() ?? UNAVAILABLE,
    [lifecycle],
  );

  return {
    state,
    entry: session === null ? 'no-session' : spaceKey === null ? 'no-space-key' : null,
    perform,
    reload,
    dismissUnapplied,
    unappliedConflict,
    resolveUnapplied,
    onRemoteOperation,
    undo,
    redo,
    restore,
    replace,
    restoreShown,
    loadHistory,
    current,
  };
}
