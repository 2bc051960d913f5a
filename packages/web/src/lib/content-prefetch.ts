/**
 * Starts loading a tool's stored content while the tool's screen is still downloading its code
 * (spec §4 Tool content: entering a tool loads its content). Without it the screen's first
 * `content.find` waits for the tool's chunk; with it both travel at once, and the screen's first
 * load takes the answer already on its way (see useToolContent).
 *
 * An answer is handed out once, only within {@link CONTENT_PREFETCH_MAX_AGE_MS}, and dropped when
 * a `content_update` of that tool arrives meanwhile — the screen then loads the newer version
 * itself. A failed prefetch costs nothing: the screen loads again.
 */
import type { RealtimeMessage } from './realtime/realtime-manager.ts';

/** How long a prefetched answer may wait for the screen that asked for it, in ms. */
export const CONTENT_PREFETCH_MAX_AGE_MS = 10_000;

/** The prefetch cache; {@link contentPrefetch} is the app's one instance. */
export interface ContentPrefetch {
  /** Calls `get` for `tool` of `spaceName` now, unless a fresh call for it is already waiting. */
  prefetch<T>(spaceName: string, tool: string, get: () => Promise<T>): void;
  /** The waiting answer for `tool` of `spaceName` (taken: the next call gets null), or null. */
  take<T>(spaceName: string, tool: string): Promise<T> | null;
}

/**
 * A prefetch cache over the realtime messages `subscribe` delivers, with `now()` in ms. The app
 * uses {@link contentPrefetch}; tests build their own.
 */
export function createContentPrefetch(
  subscribe: (listener: (message: RealtimeMessage) => void) => () => void,
  now: () => number = Date.now,
): ContentPrefetch {
  const waiting = new Map<string, { answer: Promise<unknown>; startedAt: number; tool: string }>();
  let unsubscribe: (() => void) | null = null;
  const keyOf = (spaceName: string, tool: string) => JSON.stringify([spaceName, tool]);
  const fresh = (entry: { startedAt: number }) =>
    now() - entry.startedAt < CONTENT_PREFETCH_MAX_AGE_MS;

  const watchUpdates = () => {
    unsubscribe ??= subscribe((message) => {
      if (message.type !== 'content_update') return;
      for (const [key, entry] of waiting) if (entry.tool === message.data.tool) waiting.delete(key);
    });
  };

  return {
    prefetch(spaceName, tool, get) {
      const key = keyOf(spaceName, tool);
      const entry = waiting.get(key);
      if (entry && fresh(entry)) return;
      watchUpdates();
      const answer = get();
      // Nobody may take it; the screen's own load reports failures.
      answer.catch(() => undefined);
      waiting.set(key, { answer, startedAt: now(), tool });
    },
    take<T>(spaceName: string, tool: string): Promise<T> | null {
      const key = keyOf(spaceName, tool);
      const entry = waiting.get(key);
      waiting.delete(key);
      return entry && fresh(entry) ? (entry.answer as Promise<T>) : null;
    },
  };
}

/** The listener of the app's cache, once it has one (its first prefetch). */
let appCacheListener: ((message: RealtimeMessage) => void) | null = null;

/**
 * Hands one §3 message of the tab's live connection to the app's cache. The connection
 * (realtime/connection.ts) calls it for every message, as its first listener: its code loads
 * with the first signed-in screen, while this cache is part of every page's shell (main.tsx
 * prefetches before the app's code has loaded).
 */
export function forwardRealtimeMessage(message: RealtimeMessage): void {
  appCacheListener?.(message);
}

/** The app's prefetch cache, dropping answers on the live connection's content updates. */
export const contentPrefetch = createContentPrefetch((listener) => {
  appCacheListener = listener;
  return () => {
    if (appCacheListener === listener) appCacheListener = null;
  };
});
