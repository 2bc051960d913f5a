import {
  AES_ALGORITHM,
  DECRYPT_FAILED_MESSAGE,
  ENVELOPE_FIELDS,
  IV_BYTES,
  SALT_BYTES,
  TAG_BITS,
  TAG_BYTES,
} from './constants.ts';
import { base64ToBytes, bytesToBase64, utf8Encode } from './encoding.ts';
import { defaultKeyCache, type KeyCache } from './key-cache.ts';
import { randomBytes, subtle, type Bytes, type WebCryptoKey } from './support.ts';

/** Options of {@link encryptJson}, {@link encryptJsonWithParams} and {@link decryptJson}. */
export interface CryptoOptions {
  /** Where derived keys are cached; defaults to the module-level `defaultKeyCache`. */
  cache?: KeyCache;
}

/** Fixed salt and IV for {@link encryptJsonWithParams}: `salt` 32 bytes, `iv` 12 bytes. */
export interface EnvelopeParams {
  salt: Uint8Array;
  iv: Uint8Array;
}

/**
 * The decoded members of an envelope: `data` = AES-GCM ciphertext followed by the 16-byte tag (≥ 17
 * bytes), `iv` 12 bytes, `salt` 32 bytes. Spec §3 Tool content, §9 Encryption.
 */
export interface ParsedEnvelope {
  data: Uint8Array<ArrayBuffer>;
  iv: Uint8Array<ArrayBuffer>;
  salt: Uint8Array<ArrayBuffer>;
}

/**
 * The one error `decryptJson` and `parseEnvelope` reject with: `name` 'DecryptError', message
 * exactly 'Failed to decrypt content - invalid space key?' (DECRYPT_FAILED_MESSAGE); the underlying
 * error, if any, is in `cause`. Spec §8 Error catalogue (Decrypt failure).
 */
export class DecryptError extends Error {
  override readonly name = 'DecryptError';

  constructor(options?: ErrorOptions) {
    super(DECRYPT_FAILED_MESSAGE, options);
  }
}

const utf8Decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Throws `TypeError` unless `spaceKey` is a non-empty string. Internal (shared with the operations
 * key and the key pool).
 */
export function assertSpaceKey(spaceKey: unknown): asserts spaceKey is string {
  if (typeof spaceKey !== 'string' || spaceKey.length === 0) {
    throw new TypeError('The space key must be a non-empty string');
  }
}

/**
 * A copy of `bytes` (so the caller's array is never aliased) after checking it is `length` bytes
 * long; throws `RangeError` naming `label` otherwise. Internal.
 */
export function copyWithLength(bytes: Uint8Array, length: number, label: string): Bytes {
  if (bytes.length !== length) {
    throw new RangeError(`${label} must be a Uint8Array of ${length} bytes`);
  }
  return new Uint8Array(bytes);
}

/**
 * `JSON.stringify(value)`, the plaintext of every envelope; throws `TypeError` when JSON cannot
 * represent `value` (`undefined`, a function), and passes `JSON.stringify`'s own errors (cycles,
 * BigInt) through. Exported for `EnvelopeKeyPool.encryptText`, whose text is made elsewhere.
 */
export function jsonText(value: unknown): string {
  const json: string | undefined = JSON.stringify(value);
  if (typeof json !== 'string') {
    throw new TypeError('The value is not JSON-serialisable (JSON.stringify returned undefined)');
  }
  return json;
}

/**
 * AES-256-GCM (128-bit tag, no additional authenticated data) of the UTF-8 bytes of `json` under
 * `key` and the 12-byte `iv`; resolves to ciphertext ‖ tag (`json` bytes + 16). Internal.
 */
export async function sealJsonText(json: string, key: WebCryptoKey, iv: Bytes): Promise<Bytes> {
  const sealed = await subtle().encrypt(
    { name: AES_ALGORITHM, iv, tagLength: TAG_BITS },
    key,
    utf8Encode(json),
  );
  return new Uint8Array(sealed);
}

/**
 * Opens what {@link sealJsonText} sealed: AES-256-GCM decryption of `data` (ciphertext ‖ tag),
 * strict UTF-8 decoding, `JSON.parse`. Rejects with the runtime's error on a wrong key or
 * tampering, `TypeError` on non-UTF-8 and `SyntaxError` on non-JSON plaintext (callers wrap it in
 * {@link DecryptError}). Internal.
 */
export async function openJsonText(key: WebCryptoKey, iv: Bytes, data: Bytes): Promise<unknown> {
  const plaintext = await subtle().decrypt(
    { name: AES_ALGORITHM, iv, tagLength: TAG_BITS },
    key,
    data,
  );
  return JSON.parse(utf8Decoder.decode(plaintext)) as unknown;
}

/**
 * The content envelope v1 text, members in the documented wire order `data`, `iv`, `salt` (README
 * §3): `sealed` is ciphertext ‖ tag, `iv` 12 bytes, `salt` 32 bytes. Internal (shared with the key
 * pool so its output is byte for byte the same).
 */
export function formatEnvelope(sealed: Uint8Array, iv: Uint8Array, salt: Uint8Array): string {
  return JSON.stringify({
    data: bytesToBase64(sealed),
    iv: bytesToBase64(iv),
    salt: bytesToBase64(salt),
  });
}

async function encryptWith(
  value: unknown,
  spaceKey: string,
  salt: Bytes,
  iv: Bytes,
  cache: KeyCache,
) {
  assertSpaceKey(spaceKey);
  const json = jsonText(value);
  const key = await cache.getKey(spaceKey, salt);
  return formatEnvelope(await sealJsonText(json, key, iv), iv, salt);
}

/**
 * Encrypts `JSON.stringify(value)` (UTF-8) with AES-256-GCM (128-bit tag) under
 * PBKDF2-SHA-256(`spaceKey`, fresh random 32-byte salt, 100 000 iterations) and a fresh random
 * 12-byte IV. Resolves to the envelope, exactly `{"data":"<base64 ciphertext‖tag>","iv":"<base64 12
 * bytes>","salt":"<base64 32 bytes>"}`. The derived key is put in the cache, so decrypting this
 * envelope right away derives nothing. Rejects with `TypeError` for an empty space key or a value
 * JSON cannot represent (`undefined`, a function; `JSON.stringify` errors such as cycles or BigInt
 * pass through), `Error(WEB_CRYPTO_UNSUPPORTED_MESSAGE)` without Web Crypto. Spec §9 Encryption.
 */
export async function encryptJson(
  value: unknown,
  spaceKey: string,
  options: CryptoOptions = {},
): Promise<string> {
  return encryptWith(
    value,
    spaceKey,
    randomBytes(SALT_BYTES),
    randomBytes(IV_BYTES),
    options.cache ?? defaultKeyCache,
  );
}

/**
 * {@link encryptJson} with a caller-chosen `salt` (32 bytes) and `iv` (12 bytes) — FOR TEST VECTORS
 * AND TESTS ONLY. Reusing an IV with the same key destroys AES-GCM's confidentiality and integrity;
 * production code must call `encryptJson`. Rejects with `RangeError` for wrong lengths, otherwise
 * like `encryptJson`. Spec §9 Encryption.
 */
export async function encryptJsonWithParams(
  value: unknown,
  spaceKey: string,
  params: EnvelopeParams,
  options: CryptoOptions = {},
): Promise<string> {
  const salt = copyWithLength(params.salt, SALT_BYTES, 'salt');
  const iv = copyWithLength(params.iv, IV_BYTES, 'iv');
  return encryptWith(value, spaceKey, salt, iv, options.cache ?? defaultKeyCache);
}

/** Whether `value` is a JSON object (not null, not an array). Internal. */
export function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Throws `TypeError` unless `record` has exactly the members `fields` (in any order): none missing,
 * none unknown. Internal (content and operation envelopes).
 */
export function assertExactMembers(
  record: Record<string, unknown>,
  fields: readonly string[],
): void {
  const members = Object.keys(record);
  if (members.length !== fields.length || !fields.every((field) => members.includes(field))) {
    throw new TypeError(`The envelope must have exactly the members ${fields.join(', ')}`);
  }
}

/**
 * Strict base64 decoding (README §1) of the string member `field` of an envelope object; throws
 * `TypeError` if it is not a string, `SyntaxError` for bad base64. Internal.
 */
export function decodeMember(record: Record<string, unknown>, field: string): Bytes {
  const member = record[field];
  if (typeof member !== 'string') {
    throw new TypeError(`Envelope member "${field}" is not a string`);
  }
  return base64ToBytes(member);
}

/**
 * Checks and decodes an envelope string without decrypting: a JSON object with exactly the string
 * members `data`, `iv`, `salt` (any order and JSON whitespace are accepted on input), each strict
 * padded standard base64, with `iv` 12 bytes, `salt` 32 bytes and `data` longer than the 16-byte
 * tag. Throws `DecryptError` (cause attached) otherwise. Spec §3 Tool content, §9 Encryption.
 */
export function parseEnvelope(envelope: string): ParsedEnvelope {
  try {
    if (typeof envelope !== 'string') {
      throw new TypeError('The envelope must be a string');
    }
    const parsed: unknown = JSON.parse(envelope);
    if (!isPlainRecord(parsed)) {
      throw new TypeError('The envelope is not a JSON object');
    }
    assertExactMembers(parsed, ENVELOPE_FIELDS);
    const data = decodeMember(parsed, 'data');
    const iv = decodeMember(parsed, 'iv');
    const salt = decodeMember(parsed, 'salt');
    if (iv.length !== IV_BYTES || salt.length !== SALT_BYTES || data.length <= TAG_BYTES) {
      throw new RangeError(
        `Envelope lengths: iv ${IV_BYTES}, salt ${SALT_BYTES}, data > ${TAG_BYTES} bytes`,
      );
    }
    return { data, iv, salt };
  } catch (error) {
    throw new DecryptError({ cause: error });
  }
}

/**
 * Whether `value` is a well-formed envelope string (the checks of {@link parseEnvelope}; nothing is
 * decrypted, so a `true` says nothing about the key). For servers validating `encrypted_data`.
 * Never throws. Spec §3 Tool content.
 */
export function isEnvelope(value: unknown): value is string {
  if (typeof value !== 'string') {
    return false;
  }
  try {
    parseEnvelope(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * Decrypts an envelope made by {@link encryptJson} (or any client following README.md) with
 * `spaceKey` and resolves to the parsed JSON value, typed as `T` WITHOUT validation (check it with
 * a schema). Rejects with `DecryptError` (message 'Failed to decrypt content - invalid space key?',
 * cause attached) on every failure: malformed envelope, bad base64 or lengths, wrong key, tampered
 * data/iv/salt/tag, non-UTF-8 or non-JSON plaintext, empty key, missing Web Crypto. Spec §9
 * Encryption, §8 Error catalogue.
 */
export async function decryptJson<T = unknown>(
  envelope: string,
  spaceKey: string,
  options: CryptoOptions = {},
): Promise<T> {
  const { data, iv, salt } = parseEnvelope(envelope);
  try {
    assertSpaceKey(spaceKey);
    const cache = options.cache ?? defaultKeyCache;
    const key = await cache.getKey(spaceKey, salt);
    const value = await openJsonText(key, iv, data);
    return value as T;
  } catch (error) {
    throw new DecryptError({ cause: error });
  }
}
