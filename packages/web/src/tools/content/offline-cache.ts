/**
 * Keeps the last content of every tool of the space in this browser, not only of the tools the
 * member opened (with no network, the app starts and every tool opens): the offline sync worker
 * (./offline-sync.worker.ts) asks which tools have content and at which version (`content.list`),
 * and fetches — in one batched request — the ciphertext of those whose cached version is older,
 * into the same store a tool screen caches to (./offline-store.ts). Ciphertext only: nothing is
 * decrypted here, and the space key is not needed.
 */
import { isToolName } from '@cipherspace/tools/metadata';
import type { UseStore } from 'idb-keyval';

import type { SyncApi } from './content-api-http.ts';
import { contentVersion } from './content-record.ts';
import { offlineStore, toolLockName, webLocks } from './offline-store.ts';

/** What {@link refreshOfflineCache} needs. */
export interface OfflineCacheOptions {
  api: Pick<SyncApi, 'list' | 'find'>;
  spaceName: string;
  /** Another idb-keyval store than the app's (tests). */
  store?: UseStore;
}

/**
 * Brings the cached ciphertext of every tool of `spaceName` with content up to its current
 * version; resolves to the tools whose cache was written. Skipped: a tool outside the registry,
 * and a tool a screen shows (its Web Lock is held: the screen catches up by operations and caches
 * what it has, without downloading the whole content); a newer version cached meanwhile is kept. Rejects when the server cannot be
 * reached or IndexedDB fails (what was cached stays).
 */
export async function refreshOfflineCache({
  api,
  spaceName,
  store,
}: OfflineCacheOptions): Promise<string[]> {
  const { tools } = await api.list({ space_name: spaceName });
  // A tool a screen shows (its lock is held) is that screen's to keep up to date.
  const held = new Set((await webLocks()?.query())?.held?.map((lock) => lock.name));
  const stale = await Promise.all(
    tools.map(async ({ tool, version }) => {
      if (!isToolName(tool) || held.has(toolLockName(spaceName, tool))) return null;
      const offline = offlineStore(spaceName, tool, store);
      if (!offline) return null;
      const cached = await offline.readContent();
      return cached && cached.version >= version ? null : { tool, offline };
    }),
  );
  const written = await Promise.all(
    stale.map(async (entry) => {
      if (!entry) return null;
      const record = await api.find({ space_name: spaceName, tool: entry.tool });
      if (!record) return null;
      const version = contentVersion(record.content_metadata);
      await entry.offline.writeContent({ encryptedData: record.encrypted_data, version });
      return entry.tool;
    }),
  );
  return written.filter((tool) => tool !== null);
}
