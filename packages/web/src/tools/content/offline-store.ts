/**
 * Where the sync engine (`@cipherspace/sync`) keeps a tool's pending log in this browser, in
 * IndexedDB through `idb-keyval` (database `cipherspace_offline`, store `entries`), per space and
 * tool:
 *
 * - `['content', space, tool]` → {@link CachedContent}: the last content **as ciphertext** — the
 *   content envelope the server sent, or the encrypted snapshot the engine made — with its
 *   version. A write never replaces a newer version.
 * - `['queue', space, tool]` → {@link LoggedChange}[]: the pending log — every change not yet
 *   confirmed by the server, oldest first, each as its **op1 operation envelope** with the version
 *   it was made on. A change is written here in the task that shows it.
 * - `['unapplied', space, tool]` → {@link UnappliedChange}[]: logged changes that could not be
 *   applied when pushed, kept until the member has seen them (never dropped silently).
 *
 * Never plaintext and never the space key: everything stored here was encrypted with the space key
 * before. Logout removes a space's entries ({@link clearOfflineSpace}). This module is loaded by
 * the tool chunks, the logout path and the offline sync worker only, never by the landing page.
 *
 * One log, one engine at a time: a tool screen's engine pushes its own tool's log, and the offline
 * sync worker (./offline-sync.worker.ts) runs the same engine for the tools no screen shows. They
 * keep out of each other's way with one Web Lock per space and tool ({@link toolLockName}): a
 * screen holds it shared while it shows the tool ({@link showingTool}) and reads the log under
 * it; the worker takes it exclusively, only when it is free, for as long as it pushes.
 */
import type { CachedContent, LogStore, LoggedChange, UnappliedChange } from '@cipherspace/sync';
import { createStore, del, get, keys, update, type UseStore } from 'idb-keyval';

/** The offline store of one tool of one space: the engine's {@link LogStore} in IndexedDB. */
export type OfflineStore = LogStore;

const DATABASE = 'cipherspace_offline';
const STORE = 'entries';
let defaultStore: UseStore | null = null;

/** The app's IndexedDB store (created on first use); null where IndexedDB is missing. */
function storeOf(): UseStore | null {
  if (typeof indexedDB === 'undefined') return null;
  defaultStore ??= createStore(DATABASE, STORE);
  return defaultStore;
}

type Kind = 'content' | 'queue' | 'unapplied';

/** The Web Lock of `tool` in `spaceName` that keeps its two replayers apart (module comment). */
export function toolLockName(spaceName: string, tool: string): string {
  return `cipherspace-offline:${JSON.stringify([spaceName, tool])}`;
}

/** The browser's Web Locks; null where they are missing (then nothing is locked). */
export function webLocks(): LockManager | null {
  return typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : null;
}

/**
 * Marks `tool` of `spaceName` as shown by a screen until the returned function is called: holds
 * its lock shared, so the offline sync worker leaves the tool's queue to the screen (in this tab
 * and every other tab of the origin).
 */
export function showingTool(spaceName: string, tool: string): () => void {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  webLocks()
    ?.request(toolLockName(spaceName, tool), { mode: 'shared' }, () => held)
    .catch(() => undefined);
  return release;
}

/**
 * The offline store of `tool` in `spaceName`, in IndexedDB (`customStore`: another idb-keyval
 * store, e.g. for tests). Null where the browser has no IndexedDB (some private modes): the tool
 * then works online only, as before. A screen's store reads the queue under the tool's lock
 * (shared), so it waits while the offline sync worker replays that queue and then reads what is
 * left; `replayer: true` is the worker's own store, which holds the lock already.
 */
export function offlineStore(
  spaceName: string,
  tool: string,
  customStore: UseStore | null = storeOf(),
  { replayer = false }: { replayer?: boolean } = {},
): OfflineStore | null {
  if (customStore === null) return null;
  const store = customStore;
  const key = (kind: Kind) => [kind, spaceName, tool];
  const list = async <T>(kind: Kind): Promise<T[]> => (await get<T[]>(key(kind), store)) ?? [];
  const lockManager = replayer ? null : webLocks();
  return {
    readContent: async () => (await get<CachedContent>(key('content'), store)) ?? null,
    writeContent: (content) =>
      update<CachedContent>(
        key('content'),
        (stored) => (stored && stored.version > content.version ? stored : content),
        store,
      ),
    readLog: async () => {
      if (!lockManager) return list<LoggedChange>('queue');
      let queue: LoggedChange[] = [];
      await lockManager.request(toolLockName(spaceName, tool), { mode: 'shared' }, async () => {
        queue = await list<LoggedChange>('queue');
      });
      return queue;
    },
    appendLog: (change) =>
      update<LoggedChange[]>(key('queue'), (queue) => [...(queue ?? []), change], store),
    removeLogged: (id) =>
      update<LoggedChange[]>(
        key('queue'),
        (queue) => (queue ?? []).filter((change) => change.id !== id),
        store,
      ),
    readUnapplied: () => list<UnappliedChange>('unapplied'),
    addUnapplied: (change) =>
      update<UnappliedChange[]>(
        key('unapplied'),
        (known) => [...(known ?? []).filter((entry) => entry.id !== change.id), change],
        store,
      ),
    clearUnapplied: () => del(key('unapplied'), store),
  };
}

/**
 * The tools of `spaceName` with changes waiting in their offline queue (what the offline replay
 * worker replays), in no particular order; none without IndexedDB. Rejects on IndexedDB errors.
 */
export async function waitingTools(
  spaceName: string,
  customStore: UseStore | null = storeOf(),
): Promise<string[]> {
  if (customStore === null) return [];
  const queues = (await keys(customStore)).filter(
    (key): key is ['queue', string, string] =>
      Array.isArray(key) &&
      key[0] === 'queue' &&
      key[1] === spaceName &&
      typeof key[2] === 'string',
  );
  // Only the queues are read: a tool's cached content may be megabytes of ciphertext.
  const lengths = await Promise.all(
    queues.map(async (key) => (await get<unknown[]>(key, customStore))?.length ?? 0),
  );
  return queues.flatMap((key, index) => ((lengths[index] ?? 0) > 0 ? [key[2]] : []));
}

/**
 * Removes every cached content, queued and reported change of `spaceName` (logout, spec
 * §4 Session). Resolves when they are gone; does nothing without IndexedDB.
 */
export async function clearOfflineSpace(
  spaceName: string,
  customStore: UseStore | null = storeOf(),
): Promise<void> {
  if (customStore === null) return;
  const all = await keys(customStore);
  await Promise.all(
    all
      .filter((entry) => Array.isArray(entry) && entry[1] === spaceName)
      .map((entry) => del(entry, customStore)),
  );
}
