/**
 * Replays the offline changes of tools that no screen shows (they must all arrive when the cable is
 * back), in the offline sync worker (./offline-sync.worker.ts). A tool screen replays its own
 * tool's queue (./use-tool-content.ts); this replays every other tool's queue of the space through
 * the same {@link SyncClient} a screen uses, so every rule of offline work holds: re-applied
 * on the latest version after a 409, reported (kept in IndexedDB, shown when the tool is opened)
 * when it no longer applies, never dropped.
 *
 * Runs in a dedicated worker, not on the page: it needs the tools' rules and the sync engine, and
 * the worker's own bundle keeps them off the landing page's JS; the worker loads this module only
 * when some tool has changes waiting.
 */
import { getTool, isToolName, type ContentLanguage } from '@cipherspace/tools';
import type { UseStore } from 'idb-keyval';

import { SyncClient } from '@cipherspace/sync';
import { contentTransport, spaceKeyCodec, type ContentApi } from './content-transport.ts';
import { offlineStore, toolLockName, webLocks } from './offline-store.ts';

/** Who replays: the signed-in member of `spaceName`, and how to reach the server. */
export interface BackgroundReplayOptions {
  /** The content procedures (the worker's: content-api-http.ts). */
  api: ContentApi;
  spaceName: string;
  /** The space key (never leaves the browser: the page hands it to its own worker). */
  spaceKey: string;
  /** The member's username: the author of the changes. */
  author: string;
  /** The member's interface language: the default content of a tool that has none yet. */
  language: ContentLanguage;
  /** The tools with changes waiting (offline-store.ts `waitingTools`). */
  tools: readonly string[];
  /** Another idb-keyval store than the app's (tests). */
  store?: UseStore;
  /** Whether the browser believes it is online (default `navigator.onLine`). */
  online?: () => boolean;
}

/** What became of one tool's queue. */
export interface ToolReplay {
  tool: string;
  /**
   * `replayed`: the queue is empty (saved, or reported as not applicable); `waiting`: changes
   * are left (the network went again, or the server failed): the next replay tries again;
   * `shown`: a screen shows the tool and replays its queue itself.
   */
  outcome: 'replayed' | 'waiting' | 'shown';
}

/**
 * Replays the queue of every tool in `options.tools` that no screen shows, one after the other,
 * each under its Web Lock (offline-store.ts `toolLockName`, taken only when free), through a
 * {@link SyncClient} like a screen's. Resolves to what became of each tool; never rejects
 * for a tool's failure (its queue waits).
 */
export async function replayWaitingTools(options: BackgroundReplayOptions): Promise<ToolReplay[]> {
  const { api, spaceName, spaceKey, author, language } = options;
  const codec = spaceKeyCodec(spaceKey, spaceName);
  const results: ToolReplay[] = [];
  for (const tool of options.tools.filter(isToolName)) {
    const domain = getTool(tool);
    const offline = offlineStore(spaceName, tool, options.store, { replayer: true });
    if (!domain || !offline) continue;
    const replay = async (): Promise<ToolReplay['outcome']> => {
      const content = new SyncClient({
        domain,
        transport: contentTransport(api, spaceName, tool),
        codec,
        author,
        language: () => language,
        store: offline,
        online: options.online ?? (() => navigator.onLine),
      });
      try {
        await content.load();
        const state = content.getState();
        return state.status === 'loaded' && state.queued === 0 ? 'replayed' : 'waiting';
      } finally {
        content.dispose();
      }
    };
    // Where Web Locks are missing, a screen's replay and this one rely on the operation ids that
    // the server keeps (a change found stored already is not applied twice).
    const locks = webLocks();
    const outcome = locks
      ? await locks.request(toolLockName(spaceName, tool), { ifAvailable: true }, (lock) =>
          lock === null ? 'shown' : replay(),
        )
      : await replay();
    results.push({ tool, outcome });
  }
  return results;
}
