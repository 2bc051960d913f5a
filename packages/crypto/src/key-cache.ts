import { KEY_CACHE_DEFAULT_MAX_ENTRIES } from './constants.ts';
import { bytesToBase64 } from './encoding.ts';
import { deriveContentKey, sha256Base64 } from './kdf.ts';
import { createPromiseLru } from './promise-lru.ts';
import type { WebCryptoKey } from './support.ts';

/** Counters of one {@link KeyCache} since it was created (not reset by `clear()`). */
export interface KeyCacheStats {
  /** PBKDF2 derivations started (100 000 iterations each), including ones that failed. */
  readonly derivations: number;
  /** Look-ups answered from the cache, including ones that joined a derivation still in flight. */
  readonly hits: number;
  /** Entries dropped because the cache was full (least recently used first). */
  readonly evictions: number;
}

/**
 * Bounded LRU of derived AES-GCM keys, keyed by (base64 SHA-256 of the space key, base64 salt) so
 * the raw space key is never a map key. It holds key *promises*: concurrent look-ups of one pair
 * derive once; a failed derivation is removed. Spec §9 Encryption (PBKDF2 costs 100 000 iterations
 * per salt; this avoids paying it twice).
 */
export interface KeyCache {
  /**
   * The AES-256-GCM key for `spaceKey` and `salt` (any length; envelopes use 32 bytes), derived
   * with PBKDF2 on a miss. Rejects like the derivation does (e.g.
   * `Error(WEB_CRYPTO_UNSUPPORTED_MESSAGE)`); failures are not cached.
   */
  getKey(spaceKey: string, salt: Uint8Array): Promise<WebCryptoKey>;
  /** Drops every cached key (call on logout); counters keep counting. */
  clear(): void;
  /** Entries currently held, settled or in flight. */
  readonly size: number;
  /** Capacity; the least recently used entry is evicted beyond it. */
  readonly maxEntries: number;
  /** Snapshot of the counters. */
  readonly stats: KeyCacheStats;
}

/**
 * A new, independent {@link KeyCache} holding at most `maxEntries` keys (default 256).
 * Throws `RangeError` unless `maxEntries` is a positive integer. Spec §9 Encryption.
 */
export function createKeyCache(maxEntries: number = KEY_CACHE_DEFAULT_MAX_ENTRIES): KeyCache {
  const lru = createPromiseLru<WebCryptoKey>(maxEntries);

  async function getKey(spaceKey: string, salt: Uint8Array): Promise<WebCryptoKey> {
    const saltCopy = new Uint8Array(salt);
    const cacheKey = `${await sha256Base64(spaceKey)}|${bytesToBase64(saltCopy)}`;
    return lru.get(cacheKey, () => deriveContentKey(spaceKey, saltCopy));
  }

  return {
    getKey,
    clear: () => {
      lru.clear();
    },
    get size() {
      return lru.size;
    },
    maxEntries,
    get stats() {
      return lru.stats;
    },
  };
}

/**
 * The process-wide (per browser tab) cache used by `encryptJson`/`decryptJson` when no `cache`
 * option is given.
 */
export const defaultKeyCache: KeyCache = createKeyCache();
