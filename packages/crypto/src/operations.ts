/**
 * The operations channel: an operations key derived once per space and session, and the
 * operation envelope `op1`, which receivers open with one HKDF-SHA-256 and one AES-256-GCM — no
 * PBKDF2. The spec (§9 Encryption) covers content snapshots only; this is an addition with the same
 * primitives. Formats byte for byte: ../README.md "Operations key" and "Operation envelope".
 */
import {
  AES_ALGORITHM,
  AES_KEY_BITS,
  HKDF_ALGORITHM,
  HKDF_HASH,
  IV_BYTES,
  OPERATION_ENVELOPE_FIELDS,
  OPERATION_ENVELOPE_VERSION,
  OPERATION_KEY_HKDF_INFO,
  OPERATION_SALT_BYTES,
  OPERATIONS_KEY_BYTES,
  OPERATIONS_KEY_CACHE_DEFAULT_MAX_ENTRIES,
  OPERATIONS_KEY_SALT_LABEL,
  OPERATIONS_KEY_SALT_SEPARATOR_BYTE,
  SHA256_ALGORITHM,
  TAG_BYTES,
} from './constants.ts';
import { bytesToBase64, utf8Encode } from './encoding.ts';
import {
  DecryptError,
  assertExactMembers,
  assertSpaceKey,
  copyWithLength,
  decodeMember,
  isPlainRecord,
  jsonText,
  openJsonText,
  sealJsonText,
} from './envelope.ts';
import { pbkdf2Sha256, sha256Base64 } from './kdf.ts';
import { createPromiseLru, type PromiseLruStats } from './promise-lru.ts';
import { randomBytes, subtle, type Bytes, type WebCryptoKey } from './support.ts';

/**
 * The operations key of one space: a **non-extractable** HKDF base key (usage `deriveKey`) over
 * the 32 bytes PBKDF2-HMAC-SHA-256(UTF-8(spaceKey), SHA-256("cipherspace/operations-key/v1" ‖ 00 ‖
 * spaceName), 100 000 iterations). Made only by {@link deriveOperationsKey}; its bytes cannot be
 * read back. Opaque: pass it to {@link encryptOperation} / {@link decryptOperation}. README
 * "Operations key".
 */
export interface OperationsKey {
  /** Marks the object as an operations key of format version 1. */
  readonly kind: 'cipherspace/operations-key/v1';
  /** The HKDF base key (algorithm 'HKDF', extractable false, usages ['deriveKey']). */
  readonly hkdfKey: WebCryptoKey;
}

const OPERATIONS_KEY_KIND = 'cipherspace/operations-key/v1';

/** Counters of an {@link OperationsKeyCache} (PBKDF2 derivations, hits, evictions). */
export type OperationsKeyCacheStats = PromiseLruStats;

/**
 * Bounded LRU of operations keys by (SHA-256 of the space key, SHA-256 of the space name), so a
 * session pays the operations key's one PBKDF2 once per space (the raw key is never a map key). It
 * holds promises: concurrent look-ups derive once; a failed derivation is not kept. README
 * "Operations key".
 */
export interface OperationsKeyCache {
  /**
   * The operations key of (`spaceKey`, `spaceName`), derived on a miss. Rejects with `TypeError`
   * for an empty space key or space name, or like the derivation does (e.g.
   * `Error(WEB_CRYPTO_UNSUPPORTED_MESSAGE)`); failures are not cached.
   */
  getKey(spaceKey: string, spaceName: string): Promise<OperationsKey>;
  /** Drops every cached key (call on logout); counters keep counting. */
  clear(): void;
  /** Entries currently held, settled or in flight. */
  readonly size: number;
  /** Capacity; the least recently used entry is evicted beyond it. */
  readonly maxEntries: number;
  /** Snapshot of the counters; `derivations` counts PBKDF2 runs. */
  readonly stats: OperationsKeyCacheStats;
}

/** Options of {@link deriveOperationsKey}. */
export interface OperationsKeyOptions {
  /** Where operations keys are cached; defaults to `defaultOperationsKeyCache`. */
  cache?: OperationsKeyCache;
}

/** Fixed salt and IV for {@link encryptOperationWithParams}: `salt` 32 bytes, `iv` 12 bytes. */
export interface OperationEnvelopeParams {
  salt: Uint8Array;
  iv: Uint8Array;
}

/**
 * The decoded members of an operation envelope (`v` is always 'op1' and not repeated): `data` =
 * AES-GCM ciphertext ‖ 16-byte tag (≥ 17 bytes), `iv` 12 bytes, `salt` 32 bytes (the HKDF salt).
 * README "Operation envelope".
 */
export interface ParsedOperationEnvelope {
  data: Uint8Array<ArrayBuffer>;
  iv: Uint8Array<ArrayBuffer>;
  salt: Uint8Array<ArrayBuffer>;
}

function assertSpaceName(spaceName: unknown): asserts spaceName is string {
  if (typeof spaceName !== 'string' || spaceName.length === 0) {
    throw new TypeError('The space name must be a non-empty string');
  }
}

/**
 * The fixed per-space PBKDF2 salt of the operations key: SHA-256(UTF-8(OPERATIONS_KEY_SALT_LABEL)
 * ‖ 0x00 ‖ UTF-8(spaceName)), 32 bytes. The name is used exactly as given (no trimming or
 * normalisation). Internal (exported for the test vectors).
 */
export async function operationsKeySalt(spaceName: string): Promise<Bytes> {
  const label = utf8Encode(OPERATIONS_KEY_SALT_LABEL);
  const name = utf8Encode(spaceName);
  const input = new Uint8Array(label.length + 1 + name.length);
  input.set(label, 0);
  input[label.length] = OPERATIONS_KEY_SALT_SEPARATOR_BYTE;
  input.set(name, label.length + 1);
  return new Uint8Array(await subtle().digest(SHA256_ALGORITHM, input));
}

/**
 * The raw 32 operations-key bytes = PBKDF2-HMAC-SHA-256(UTF-8(spaceKey), {@link operationsKeySalt},
 * 100 000 iterations, 32 bytes). FOR TEST VECTORS ONLY — production code never sees these bytes
 * (use {@link deriveOperationsKey}). Rejects with `TypeError` for an empty key or name. Internal:
 * not exported from the package index.
 */
export async function deriveOperationsKeyBytes(
  spaceKey: string,
  spaceName: string,
): Promise<Bytes> {
  assertSpaceKey(spaceKey);
  assertSpaceName(spaceName);
  return pbkdf2Sha256(
    utf8Encode(spaceKey),
    await operationsKeySalt(spaceName),
    OPERATIONS_KEY_BYTES * 8,
  );
}

/**
 * Imports 32 operations-key bytes as a non-extractable HKDF base key. Throws `RangeError` for
 * another length. Internal: not exported from the package index (tests import keys from vectors
 * with it).
 */
export async function importOperationsKey(bytes: Uint8Array): Promise<OperationsKey> {
  const raw = copyWithLength(bytes, OPERATIONS_KEY_BYTES, 'operations key');
  try {
    const hkdfKey = await subtle().importKey('raw', raw, HKDF_ALGORITHM, false, ['deriveKey']);
    return Object.freeze({ kind: OPERATIONS_KEY_KIND, hkdfKey });
  } finally {
    raw.fill(0);
  }
}

async function deriveUncached(spaceKey: string, spaceName: string): Promise<OperationsKey> {
  const bytes = await deriveOperationsKeyBytes(spaceKey, spaceName);
  try {
    return await importOperationsKey(bytes);
  } finally {
    // Best effort: the bytes live on only inside the non-extractable key.
    bytes.fill(0);
  }
}

/**
 * A new, independent {@link OperationsKeyCache} holding at most `maxEntries` keys (default 16, one
 * per space in use). Throws `RangeError` unless `maxEntries` is a positive integer. README
 * "Operations key".
 */
export function createOperationsKeyCache(
  maxEntries: number = OPERATIONS_KEY_CACHE_DEFAULT_MAX_ENTRIES,
): OperationsKeyCache {
  const lru = createPromiseLru<OperationsKey>(maxEntries);

  async function getKey(spaceKey: string, spaceName: string): Promise<OperationsKey> {
    assertSpaceKey(spaceKey);
    assertSpaceName(spaceName);
    // Two fixed-length digests joined: unambiguous for any key and name.
    const cacheKey = `${await sha256Base64(spaceKey)}|${await sha256Base64(spaceName)}`;
    return lru.get(cacheKey, () => deriveUncached(spaceKey, spaceName));
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
 * The process-wide (per browser tab) operations-key cache used by {@link deriveOperationsKey} when
 * no `cache` option is given. Call `clear()` on logout.
 */
export const defaultOperationsKeyCache: OperationsKeyCache = createOperationsKeyCache();

/**
 * The operations key of a space: PBKDF2-HMAC-SHA-256(UTF-8(`spaceKey`), salt =
 * SHA-256(UTF-8("cipherspace/operations-key/v1") ‖ 0x00 ‖ UTF-8(`spaceName`)), 100 000 iterations,
 * 32 bytes), imported as a non-extractable HKDF key. Cached per (`spaceKey`, `spaceName`), so a
 * session runs the PBKDF2 (tens of ms) once per space; call it early (e.g. on entering the space).
 * Rejects with `TypeError` for an empty key or name, `Error(WEB_CRYPTO_UNSUPPORTED_MESSAGE)`
 * without Web Crypto. README "Operations key" (extends spec §9 Encryption).
 */
export async function deriveOperationsKey(
  spaceKey: string,
  spaceName: string,
  options: OperationsKeyOptions = {},
): Promise<OperationsKey> {
  return (options.cache ?? defaultOperationsKeyCache).getKey(spaceKey, spaceName);
}

function assertOperationsKey(key: unknown): asserts key is OperationsKey {
  if (
    typeof key !== 'object' ||
    key === null ||
    (key as Partial<OperationsKey>).kind !== OPERATIONS_KEY_KIND
  ) {
    throw new TypeError('Expected an OperationsKey made by deriveOperationsKey');
  }
}

/**
 * The per-envelope AES-256-GCM key (non-extractable): HKDF-SHA-256(operations key, `salt`, info
 * "cipherspace/operation/v1", 32 bytes).
 */
async function envelopeKey(key: OperationsKey, salt: Bytes): Promise<WebCryptoKey> {
  return subtle().deriveKey(
    { name: HKDF_ALGORITHM, hash: HKDF_HASH, salt, info: utf8Encode(OPERATION_KEY_HKDF_INFO) },
    key.hkdfKey,
    { name: AES_ALGORITHM, length: AES_KEY_BITS },
    false,
    ['encrypt', 'decrypt'],
  );
}

async function encryptOperationWith(
  value: unknown,
  key: OperationsKey,
  salt: Bytes,
  iv: Bytes,
): Promise<string> {
  assertOperationsKey(key);
  const json = jsonText(value);
  const sealed = await sealJsonText(json, await envelopeKey(key, salt), iv);
  // Literal member order is the documented wire order: v, data, iv, salt.
  return JSON.stringify({
    v: OPERATION_ENVELOPE_VERSION,
    data: bytesToBase64(sealed),
    iv: bytesToBase64(iv),
    salt: bytesToBase64(salt),
  });
}

/**
 * Encrypts `JSON.stringify(value)` (UTF-8) into an operation envelope, exactly
 * `{"v":"op1","data":"<base64 ciphertext‖tag>","iv":"<base64 12 bytes>",
 * "salt":"<base64 32 bytes>"}` (one line, no whitespace):
 * AES-256-GCM (128-bit tag, no additional authenticated data) under HKDF-SHA-256(operations key,
 * fresh random 32-byte salt, info "cipherspace/operation/v1") with a fresh random 12-byte IV. No
 * PBKDF2. Rejects with `TypeError` for a value JSON cannot represent or a `key` that is not an
 * {@link OperationsKey}, `Error(WEB_CRYPTO_UNSUPPORTED_MESSAGE)` without Web Crypto. README
 * "Operation envelope".
 */
export async function encryptOperation(value: unknown, key: OperationsKey): Promise<string> {
  return encryptOperationWith(value, key, randomBytes(OPERATION_SALT_BYTES), randomBytes(IV_BYTES));
}

/**
 * {@link encryptOperation} with a caller-chosen `salt` (32 bytes) and `iv` (12 bytes) — FOR TEST
 * VECTORS AND TESTS ONLY (a repeated salt and IV repeats the AES key and nonce, which destroys
 * AES-GCM's security). Rejects with `RangeError` for wrong lengths, otherwise like
 * `encryptOperation`. README "Operation envelope".
 */
export async function encryptOperationWithParams(
  value: unknown,
  key: OperationsKey,
  params: OperationEnvelopeParams,
): Promise<string> {
  const salt = copyWithLength(params.salt, OPERATION_SALT_BYTES, 'salt');
  const iv = copyWithLength(params.iv, IV_BYTES, 'iv');
  return encryptOperationWith(value, key, salt, iv);
}

/**
 * Checks and decodes an operation envelope without decrypting: a JSON object with exactly the
 * members `v`, `data`, `iv`, `salt` (any order and JSON whitespace are accepted), `v` the string
 * 'op1', the others strict padded standard base64 with `iv` 12 bytes, `salt` 32 bytes and `data`
 * longer than the 16-byte tag. A content envelope (no `v`) is refused. Throws `DecryptError`
 * (message 'Failed to decrypt content - invalid space key?', cause attached) otherwise. README
 * "Operation envelope".
 */
export function parseOperationEnvelope(envelope: string): ParsedOperationEnvelope {
  try {
    if (typeof envelope !== 'string') {
      throw new TypeError('The operation envelope must be a string');
    }
    const parsed: unknown = JSON.parse(envelope);
    if (!isPlainRecord(parsed)) {
      throw new TypeError('The operation envelope is not a JSON object');
    }
    assertExactMembers(parsed, OPERATION_ENVELOPE_FIELDS);
    if (parsed.v !== OPERATION_ENVELOPE_VERSION) {
      throw new TypeError(`The operation envelope version must be "${OPERATION_ENVELOPE_VERSION}"`);
    }
    const data = decodeMember(parsed, 'data');
    const iv = decodeMember(parsed, 'iv');
    const salt = decodeMember(parsed, 'salt');
    if (
      iv.length !== IV_BYTES ||
      salt.length !== OPERATION_SALT_BYTES ||
      data.length <= TAG_BYTES
    ) {
      throw new RangeError(
        `Operation envelope lengths: iv ${IV_BYTES}, salt ${OPERATION_SALT_BYTES}, ` +
          `data > ${TAG_BYTES} bytes`,
      );
    }
    return { data, iv, salt };
  } catch (error) {
    throw new DecryptError({ cause: error });
  }
}

/**
 * Whether `value` is a well-formed operation envelope string (the checks of
 * {@link parseOperationEnvelope}; nothing is decrypted). False for content envelopes. Never
 * throws. README "Operation envelope".
 */
export function isOperationEnvelope(value: unknown): value is string {
  if (typeof value !== 'string') {
    return false;
  }
  try {
    parseOperationEnvelope(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * Opens an operation envelope made by {@link encryptOperation} (or any client following README.md)
 * with the space's operations key and resolves to the parsed JSON value, typed as `T` WITHOUT
 * validation (check it with a schema, e.g. @cipherspace/tools `parseOperation`). Runs one HKDF and
 * one AES-GCM decryption, never PBKDF2. Rejects with `DecryptError` (message 'Failed to decrypt
 * content - invalid space key?', cause attached) on every failure: malformed envelope, content
 * envelope, bad base64 or lengths, wrong key or space, tampered v/data/iv/salt/tag, non-UTF-8 or
 * non-JSON plaintext, a `key` that is not an OperationsKey, missing Web Crypto. README "Operation
 * envelope".
 */
export async function decryptOperation<T = unknown>(
  envelope: string,
  key: OperationsKey,
): Promise<T> {
  const { data, iv, salt } = parseOperationEnvelope(envelope);
  try {
    assertOperationsKey(key);
    const value = await openJsonText(await envelopeKey(key, salt), iv, data);
    return value as T;
  } catch (error) {
    throw new DecryptError({ cause: error });
  }
}
