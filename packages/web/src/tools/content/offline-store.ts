/**
 * Where the sync engine (`@cipherspace/sync`) keeps a tool's pending log in this browser, in
 * IndexedDB through `idb-keyval` (database `cipherspace_offline`, store `entries`), per space and
 * tool:
 *
 * - `['content', space, tool]` → {@link CachedContent}: the last content **as ciphertext** — the
 *   content envelope the server sent, or the encrypted snapshot the engine made — with its
 *   version. A write never replaces a newer version.
 * - `['log', space, tool, id]` → a {@link LoggedChange} with its order: the pending log — every
 *   change not yet confirmed by the server, each as its **op1 operation envelope** with the
 *   version it was made on, under its own key: written with one put, committed in the task that
 *   shows it, so closing the tab right after loses nothing. (`['queue', space, tool]`, a list,
 *   is the log of earlier versions of the app, still read and emptied.)
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
import { createStore, del, get, getMany, keys, update, type UseStore } from 'idb-keyval';

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

/** A logged change as kept under its own key, with the order it was logged in. */
interface KeptChange extends LoggedChange {
  order: number;
}

let logged = 0;

/**
 * Orders entries logged in any tab of this browser: the time, then a count within this tab (a
 * tab logs one change at a time, so two tabs' changes never share a millisecond in practice).
 */
function logOrder(): number {
  logged = (logged + 1) % 1_000;
  return Date.now() * 1_000 + logged;
}

/**
 * Stores `value` under `key` with one put and commits at once: the write needs no further round
 * trip to this page, so it lands even when the tab is closed right after (the log's promise).
 */
function putNow(store: UseStore, key: IDBValidKey, value: unknown): Promise<void> {
  return store('readwrite', (objects) => {
    objects.put(value, key);
    const transaction = objects.transaction;
    transaction.commit();
    return new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve();
      transaction.onabort = transaction.onerror = () =>
        reject(transaction.error ?? new Error('IndexedDB write aborted'));
    });
  });
}

/** Whether `key` is a logged change of `spaceName` (and of `tool`, when given). */
function isLogKey(key: IDBValidKey, spaceName: string, tool?: string): key is string[] {
  return (
    Array.isArray(key) &&
    key[0] === 'log' &&
    key[1] === spaceName &&
    typeof key[2] === 'string' &&
    (tool === undefined || key[2] === tool)
  );
}

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
  // Each change under its own key (one put, committed at once), in the order logged; a list
  // written by an earlier version of the app comes first.
  const readLog = async (): Promise<LoggedChange[]> => {
    const logKeys = (await keys(store)).filter((entry) => isLogKey(entry, spaceName, tool));
    const kept = (await getMany<KeptChange | undefined>(logKeys, store)).filter(
      (entry): entry is KeptChange => entry !== undefined,
    );
    kept.sort((a, b) => a.order - b.order);
    const earlier = await list<LoggedChange>('queue');
    return [
      ...earlier,
      ...kept.map(({ id, baseVersion, operation }) => ({ id, baseVersion, operation })),
    ];
  };
  return {
    readContent: async () => (await get<CachedContent>(key('content'), store)) ?? null,
    writeContent: (content) =>
      update<CachedContent>(
        key('content'),
        (stored) => (stored && stored.version > content.version ? stored : content),
        store,
      ),
    readLog: async () => {
      if (!lockManager) return readLog();
      let changes: LoggedChange[] = [];
      await lockManager.request(toolLockName(spaceName, tool), { mode: 'shared' }, async () => {
        changes = await readLog();
      });
      return changes;
    },
    appendLog: (change) =>
      putNow(store, ['log', spaceName, tool, change.id], { ...change, order: logOrder() }),
    removeLogged: async (id) => {
      await del(['log', spaceName, tool, id], store);
      // A log written by an earlier version of the app, as one list.
      if ((await list<LoggedChange>('queue')).some((change) => change.id === id))
        await update<LoggedChange[]>(
          key('queue'),
          (queue) => (queue ?? []).filter((change) => change.id !== id),
          store,
        );
    },
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
  const all = await keys(customStore);
  const tools = new Set(all.filter((key) => isLogKey(key, spaceName)).map((key) => key[2] ?? ''));
  const queues = all.filter(
    (key): key is ['queue', string, string] =>
      Array.isArray(key) &&
      key[0] === 'queue' &&
      key[1] === spaceName &&
      typeof key[2] === 'string',
  );
  // Only the lists are read: a tool's cached content may be megabytes of ciphertext.
  const lengths = await Promise.all(
    queues.map(async (key) => (await get<unknown[]>(key, customStore))?.length ?? 0),
  );
  queues.forEach((key, index) => {
    if ((lengths[index] ?? 0) > 0) tools.add(key[2]);
  });
  return [...tools];
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
