/** Counters of one {@link PromiseLru} since it was created (not reset by `clear()`). */
export interface PromiseLruStats {
  /** Values created on a miss (each a derivation), including ones that failed. */
  readonly derivations: number;
  /** Look-ups answered from the cache, including ones that joined a creation still in flight. */
  readonly hits: number;
  /** Entries dropped because the cache was full (least recently used first). */
  readonly evictions: number;
}

/**
 * Bounded LRU map from a string to the *promise* of a value: concurrent look-ups of one key create
 * once; a rejected promise is removed so the next look-up tries again. Internal: the engine of the
 * derived-key cache and the operations-key cache (README "Derived-key cache", "Operations key").
 */
export interface PromiseLru<V> {
  /**
   * The cached promise for `cacheKey`, or the one `create()` returns (stored before it settles).
   * `create` must not throw synchronously; its rejection reaches the caller and is not cached.
   */
  get(cacheKey: string, create: () => Promise<V>): Promise<V>;
  /** Drops every entry; counters keep counting. */
  clear(): void;
  /** Entries currently held, settled or in flight. */
  readonly size: number;
  /** Capacity; the least recently used entry is evicted beyond it. */
  readonly maxEntries: number;
  /** Snapshot of the counters. */
  readonly stats: PromiseLruStats;
}

/**
 * A new {@link PromiseLru} holding at most `maxEntries` entries. Throws `RangeError` unless
 * `maxEntries` is a positive integer. Internal.
 */
export function createPromiseLru<V>(maxEntries: number): PromiseLru<V> {
  if (!Number.isInteger(maxEntries) || maxEntries < 1) {
    throw new RangeError(`maxEntries must be a positive integer, got ${String(maxEntries)}`);
  }
  // Map iteration order is insertion order; re-inserting on every hit makes the first entry the
  // least recent.
  const entries = new Map<string, Promise<V>>();
  let derivations = 0;
  let hits = 0;
  let evictions = 0;

  function get(cacheKey: string, create: () => Promise<V>): Promise<V> {
    // Synchronous from look-up to `entries.set`, so two concurrent callers cannot both miss.
    const cached = entries.get(cacheKey);
    if (cached !== undefined) {
      hits += 1;
      entries.delete(cacheKey);
      entries.set(cacheKey, cached);
      return cached;
    }
    derivations += 1;
    const pending = create();
    entries.set(cacheKey, pending);
    pending.catch(() => {
      if (entries.get(cacheKey) === pending) {
        entries.delete(cacheKey);
      }
    });
    while (entries.size > maxEntries) {
      const oldest = entries.keys().next();
      if (oldest.done === true) {
        break;
      }
      entries.delete(oldest.value);
      evictions += 1;
    }
    return pending;
  }

  return {
    get,
    clear: () => {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
    maxEntries,
    get stats() {
      return { derivations, hits, evictions };
    },
  };
}
