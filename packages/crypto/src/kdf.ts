import {
  AES_ALGORITHM,
  AES_KEY_BITS,
  PBKDF2_ALGORITHM,
  PBKDF2_HASH,
  PBKDF2_ITERATIONS,
} from './constants.ts';
import { bytesToBase64, utf8Encode } from './encoding.ts';
import { subtle, type Bytes, type WebCryptoKey } from './support.ts';

/**
 * AES-256-GCM key (non-extractable, usages encrypt + decrypt) = PBKDF2-HMAC-SHA-256(UTF-8 of
 * `spaceKey`, `salt`, 100 000 iterations, 32 bytes). Rejects with
 * `Error(WEB_CRYPTO_UNSUPPORTED_MESSAGE)` without Web Crypto, or with the runtime's error. Spec §9
 * Encryption.
 */
export async function deriveContentKey(spaceKey: string, salt: Bytes): Promise<WebCryptoKey> {
  const api = subtle();
  const baseKey = await api.importKey('raw', utf8Encode(spaceKey), PBKDF2_ALGORITHM, false, [
    'deriveKey',
  ]);
  return api.deriveKey(
    { name: PBKDF2_ALGORITHM, salt, iterations: PBKDF2_ITERATIONS, hash: PBKDF2_HASH },
    baseKey,
    { name: AES_ALGORITHM, length: AES_KEY_BITS },
    false,
    ['encrypt', 'decrypt'],
  );
}

/**
 * PBKDF2-HMAC-SHA-256(`password`, `salt`, 100 000 iterations) truncated to `bits` bits. Spec §9
 * Encryption.
 */
export async function pbkdf2Sha256(password: Bytes, salt: Bytes, bits: number): Promise<Bytes> {
  const api = subtle();
  const baseKey = await api.importKey('raw', password, PBKDF2_ALGORITHM, false, ['deriveBits']);
  const derived = await api.deriveBits(
    { name: PBKDF2_ALGORITHM, salt, iterations: PBKDF2_ITERATIONS, hash: PBKDF2_HASH },
    baseKey,
    bits,
  );
  return new Uint8Array(derived);
}

/** Standard base64 of SHA-256(UTF-8 of `text`), 44 characters. */
export async function sha256Base64(text: string): Promise<string> {
  const digest = await subtle().digest('SHA-256', utf8Encode(text));
  return bytesToBase64(new Uint8Array(digest));
}
