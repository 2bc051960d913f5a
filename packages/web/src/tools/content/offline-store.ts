/**
 * What a tool keeps in this browser to work offline (issue 17 items 4–5), in IndexedDB through
 * `idb-keyval` (database `cipherspace_offline`, store `entries`), per space and tool:
 *
 * - `['content', space, tool]` → {@link CachedContent}: the last content **as ciphertext** — the
 *   content envelope the server sent, or the encrypted snapshot this tab saved or made of what it
 *   caught up to — with its version. A write never replaces a newer version.
 * - `['queue', space, tool]` → {@link QueuedChange}[]: the changes made while the server could not
 *   be reached, oldest first, each as its **op1 operation envelope** with the version it was based on.
 * - `['unapplied', space, tool]` → {@link UnappliedChange}[]: queued changes that could not be
 *   applied when replayed, kept until the member has seen them (never dropped silently).
 *
 * Never plaintext and never the space key: everything stored here was encrypted with the space key
 * before. Logout removes a space's entries ({@link clearOfflineSpace}). This module is loaded by
 * the tool chunks and the logout path only, never by the landing page.
 */
import { createStore, del, get, keys, update, type UseStore } from 'idb-keyval';

/** A tool's last content as ciphertext: an envelope of spec §9 and the version it holds. */
export interface CachedContent {
  encryptedData: string;
  version: number;
}

/** A change made offline: its operation id, the version it was based on and its op1 envelope. */
export interface QueuedChange {
  id: string;
  baseVersion: number;
  operation: string;
}

/**
 * A queued change that could not be applied when it was replayed: `reason` is the lifecycle's
 * result (`conflict`: someone else's change made it impossible; `rejected` / `invalid`: a rule
 * refused it on the content it met).
 */
export interface UnappliedChange {
  id: string;
  operation: string;
  reason: 'conflict' | 'rejected' | 'invalid';
}

/** The offline store of one tool of one space (see the module comment). Rejects on IndexedDB errors. */
export interface OfflineStore {
  readContent(): Promise<CachedContent | null>;
  /** Stores `content` unless a newer version is stored already. */
  writeContent(content: CachedContent): Promise<void>;
  readQueue(): Promise<QueuedChange[]>;
  /** Adds `change` at the end of the queue. */
  appendQueued(change: QueuedChange): Promise<void>;
  /** Removes the queued change with id `id` (replayed or reported). */
  removeQueued(id: string): Promise<void>;
  readUnapplied(): Promise<UnappliedChange[]>;
  addUnapplied(change: UnappliedChange): Promise<void>;
  /** Forgets the reported changes (the member dismissed the report). */
  clearUnapplied(): Promise<void>;
}

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

/**
 * The offline store of `tool` in `spaceName`, in IndexedDB (`customStore`: another idb-keyval
 * store, e.g. for tests). Null where the browser has no IndexedDB (some private modes): the tool
 * then works online only, as before.
 */
export function offlineStore(
  spaceName: string,
  tool: string,
  customStore: UseStore | null = storeOf(),
): OfflineStore | null {
  if (customStore === null) return null;
  const store = customStore;
  const key = (kind: Kind) => [kind, spaceName, tool];
  const list = async <T>(kind: Kind): Promise<T[]> => (await get<T[]>(key(kind), store)) ?? [];
  return {
    readContent: async () => (await get<CachedContent>(key('content'), store)) ?? null,
    writeContent: (content) =>
      update<CachedContent>(
        key('content'),
        (stored) => (stored && stored.version > content.version ? stored : content),
        store,
      ),
    readQueue: () => list<QueuedChange>('queue'),
    appendQueued: (change) =>
      update<QueuedChange[]>(key('queue'), (queue) => [...(queue ?? []), change], store),
    removeQueued: (id) =>
      update<QueuedChange[]>(
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
 * Removes every cached content, queued and reported change of `spaceName` (logout, spec §4
 * Session; issue 17). Resolves when they are gone; does nothing without IndexedDB.
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
