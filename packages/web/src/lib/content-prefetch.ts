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
import { onRealtimeMessage, type RealtimeMessage } from './realtime/index.ts';

/** How long a prefetched answer may wait for the screen that asked for it, in ms. */
export const CONTENT_PREFETCH_MAX_AGE_MS = 10_000;

/** A prefetched answer and what `open` made of it (e.g. the content it decrypts to). */
export interface OpenedAnswer<T, O> {
  answer: T;
  opened: O;
}

/**
 * A prefetched answer being opened, as {@link ContentPrefetch.takeOpening} hands it out: `result`
 * settles once the answer has arrived and been opened (rejects when either failed); `ready` is
 * the same value when it was already there at the time of taking, else null.
 */
export interface Opening<T, O> {
  result: Promise<OpenedAnswer<T, O>>;
  ready: OpenedAnswer<T, O> | null;
}

/** The prefetch cache; {@link contentPrefetch} is the app's one instance. */
export interface ContentPrefetch {
  /**
   * Calls `get` for `tool` of `spaceName` now, unless a fresh call for it is already waiting;
   * with `open`, also opens the answer as soon as it arrives (the first screen decrypts it while
   * the tool's code is still loading).
   */
  prefetch<T, O = never>(
    spaceName: string,
    tool: string,
    get: () => Promise<T>,
    open?: (answer: T) => Promise<O>,
  ): void;
  /** The waiting answer for `tool` of `spaceName` (taken: the next call gets null), or null. */
  take<T>(spaceName: string, tool: string): Promise<T> | null;
  /**
   * The waiting answer for `tool` of `spaceName` with what `open` makes of it (taken, as with
   * {@link take}); null when there is none or it was prefetched without `open` (then left for
   * {@link take}).
   */
  takeOpening<T, O>(spaceName: string, tool: string): Opening<T, O> | null;
}

interface Waiting {
  answer: Promise<unknown>;
  opening: Promise<OpenedAnswer<unknown, unknown>> | null;
  ready: OpenedAnswer<unknown, unknown> | null;
  startedAt: number;
  tool: string;
}

/**
 * A prefetch cache over the realtime messages `subscribe` delivers, with `now()` in ms. The app
 * uses {@link contentPrefetch}; tests build their own.
 */
export function createContentPrefetch(
  subscribe: (listener: (message: RealtimeMessage) => void) => () => void,
  now: () => number = Date.now,
): ContentPrefetch {
  const waiting = new Map<string, Waiting>();
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
    prefetch<T, O>(
      spaceName: string,
      tool: string,
      get: () => Promise<T>,
      open?: (answer: T) => Promise<O>,
    ) {
      const key = keyOf(spaceName, tool);
      const current = waiting.get(key);
      if (current && fresh(current)) return;
      watchUpdates();
      const answer = get();
      const entry: Waiting = { answer, opening: null, ready: null, startedAt: now(), tool };
      if (open) {
        entry.opening = answer.then(async (value) => {
          const opened = { answer: value, opened: await open(value) };
          entry.ready = opened;
          return opened;
        });
        entry.opening.catch(() => undefined);
      }
      // Nobody may take it; the screen's own load reports failures.
      answer.catch(() => undefined);
      waiting.set(key, entry);
    },
    take<T>(spaceName: string, tool: string): Promise<T> | null {
      const key = keyOf(spaceName, tool);
      const entry = waiting.get(key);
      waiting.delete(key);
      return entry && fresh(entry) ? (entry.answer as Promise<T>) : null;
    },
    takeOpening<T, O>(spaceName: string, tool: string): Opening<T, O> | null {
      const key = keyOf(spaceName, tool);
      const entry = waiting.get(key);
      if (!entry?.opening) return null;
      waiting.delete(key);
      if (!fresh(entry)) return null;
      return {
        result: entry.opening as Promise<OpenedAnswer<T, O>>,
        ready: entry.ready as OpenedAnswer<T, O> | null,
      };
    },
  };
}

/** The app's prefetch cache, dropping answers on the live connection's content updates. */
export const contentPrefetch = createContentPrefetch(onRealtimeMessage);
