/**
 * Pre-derived content keys: the content envelope keeps spec §9 exactly (PBKDF2, fresh 32-byte salt
 * per encryption), but the sender derives the next (salt, key) pair ahead of time, so a save does
 * not wait for a PBKDF2. README "Key pool".
 */
import { IV_BYTES, SALT_BYTES } from './constants.ts';
import { assertSpaceKey, formatEnvelope, jsonText, sealJsonText } from './envelope.ts';
import { defaultKeyCache, type KeyCache } from './key-cache.ts';
import { randomBytes, type Bytes, type WebCryptoKey } from './support.ts';

/** Options of {@link createEnvelopeKeyPool}. */
export interface EnvelopeKeyPoolOptions {
  /**
   * Where the derived keys are put (so decrypting what this client wrote derives nothing);
   * defaults to `defaultKeyCache`.
   */
  cache?: KeyCache;
  /**
   * Whether every `encrypt` starts preparing the next pair as soon as it has taken one (default
   * true). With false, only `prepare()` prepares.
   */
  autoPrepare?: boolean;
}

/** Counters of one {@link EnvelopeKeyPool} since it was created. */
export interface EnvelopeKeyPoolStats {
  /** Pairs started ahead of time (by `prepare()` or the automatic preparation after `encrypt`). */
  readonly prepared: number;
  /** Encryptions that used a pair prepared ahead of time (ready, or still deriving). */
  readonly fromPool: number;
  /** Encryptions that found no pair and derived their own, as `encryptJson` does. */
  readonly onDemand: number;
  /** Prepared pairs dropped unused by `clear()`. */
  readonly discarded: number;
}

/**
 * A sender's supply of pre-derived (salt, AES key) pairs for the content envelope v1 of one space
 * key. Each pair is used for exactly one encryption, so every envelope still has its own random
 * salt. README "Key pool" (spec §9 Encryption).
 */
export interface EnvelopeKeyPool {
  /**
   * Starts deriving one pair in the background unless one is already prepared or deriving; call it
   * from idle time (e.g. `requestIdleCallback`) or when an editor opens. Resolves when that pair is
   * ready; rejects like the derivation (`Error(WEB_CRYPTO_UNSUPPORTED_MESSAGE)`), after which the
   * failed pair is dropped and the next call starts over.
   */
  prepare(): Promise<void>;
  /**
   * Encrypts `value` into a content envelope v1, byte for byte what `encryptJson` writes (fresh
   * 12-byte IV). Takes the prepared pair if there is one (waiting for it if it is still deriving,
   * which is never longer than a new derivation), otherwise derives a new pair; then (with
   * `autoPrepare`) starts preparing the next. Rejects with `TypeError` for a value JSON cannot
   * represent (no pair is used up then), or like the derivation.
   */
  encrypt(value: unknown): Promise<string>;
  /**
   * As {@link encrypt}, for JSON text serialised already (`jsonText(value)`), e.g. in another
   * thread: a string crosses to a worker several times faster than the object it describes.
   */
  encryptText(json: string): Promise<string>;
  /** Whether a prepared pair is derived and waiting, so the next `encrypt` runs no PBKDF2. */
  readonly ready: boolean;
  /**
   * Drops the prepared pair, if any (call on logout together with the key cache's `clear()`);
   * later calls prepare afresh.
   */
  clear(): void;
  /** Snapshot of the counters. */
  readonly stats: EnvelopeKeyPoolStats;
}

interface KeyPair {
  readonly salt: Bytes;
  readonly key: Promise<WebCryptoKey>;
  ready: boolean;
}

/**
 * A new {@link EnvelopeKeyPool} for `spaceKey`, holding at most one prepared pair. Nothing is
 * derived until `prepare()` or `encrypt()`. Throws `TypeError` for an empty space key. README
 * "Key pool" (spec §9 Encryption: PBKDF2-SHA-256, 100 000 iterations, fresh 32-byte salt per
 * encryption).
 */
export function createEnvelopeKeyPool(
  spaceKey: string,
  options: EnvelopeKeyPoolOptions = {},
): EnvelopeKeyPool {
  assertSpaceKey(spaceKey);
  const cache = options.cache ?? defaultKeyCache;
  const autoPrepare = options.autoPrepare ?? true;
  let next: KeyPair | undefined;
  let prepared = 0;
  let fromPool = 0;
  let onDemand = 0;
  let discarded = 0;

  function derivePair(): KeyPair {
    const salt = randomBytes(SALT_BYTES);
    const pair: KeyPair = { salt, key: cache.getKey(spaceKey, salt), ready: false };
    pair.key.then(
      () => {
        pair.ready = true;
      },
      () => {
        // A failed pair is not offered again; whoever already took it sees the rejection.
        if (next === pair) {
          next = undefined;
        }
      },
    );
    return pair;
  }

  function prepareNext(): KeyPair {
    if (next === undefined) {
      next = derivePair();
      prepared += 1;
    }
    return next;
  }

  async function encryptText(json: string): Promise<string> {
    // Taking the pair is synchronous, so two concurrent calls never share one.
    let pair = next;
    next = undefined;
    if (pair === undefined) {
      pair = derivePair();
      onDemand += 1;
    } else {
      fromPool += 1;
    }
    if (autoPrepare) {
      prepareNext().key.catch(() => {
        // Reported to the encrypt that takes this pair, or retried by the next prepare().
      });
    }
    const iv = randomBytes(IV_BYTES);
    const key = await pair.key;
    return formatEnvelope(await sealJsonText(json, key, iv), iv, pair.salt);
  }

  return {
    async prepare() {
      await prepareNext().key;
    },
    async encrypt(value) {
      return encryptText(jsonText(value));
    },
    encryptText,
    get ready() {
      return next?.ready === true;
    },
    clear() {
      if (next !== undefined) {
        discarded += 1;
        next = undefined;
      }
    },
    get stats() {
      return { prepared, fromPool, onDemand, discarded };
    },
  };
}
