import {
  AES_ALGORITHM,
  AES_KEY_BITS,
  IV_BYTES,
  TAG_BITS,
  UNWRAP_FAILED_MESSAGE,
  WRAPPED_SECRET_MIN_BYTES,
  WRAPPED_SECRET_VERSION,
} from './constants.ts';
import { base64ToBytes, bytesToBase64, utf8Encode } from './encoding.ts';
import { randomBytes, subtle, type WebCryptoKey } from './support.ts';

/**
 * The one error {@link unwrapSecret} rejects with: `name` 'UnwrapError', message
 * UNWRAP_FAILED_MESSAGE; the underlying error, if any, is in `cause`.
 */
export class UnwrapError extends Error {
  override readonly name = 'UnwrapError';

  constructor(options?: ErrorOptions) {
    super(UNWRAP_FAILED_MESSAGE, options);
  }
}

/**
 * A fresh random AES-256-GCM key for {@link wrapSecret}, NON-extractable (its bytes can never be
 * read, only used), usages encrypt + decrypt. Browsers can keep such a key in IndexedDB (it is
 * structured-cloneable) so a secret wrapped under it is useless without that browser profile.
 * Rejects with `Error(WEB_CRYPTO_UNSUPPORTED_MESSAGE)` without Web Crypto.
 */
export async function generateWrappingKey(): Promise<WebCryptoKey> {
  return subtle().generateKey({ name: AES_ALGORITHM, length: AES_KEY_BITS }, false, [
    'encrypt',
    'decrypt',
  ]);
}

const utf8Decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Encrypts the UTF-8 bytes of `secret` with AES-GCM under `key` (any AES-GCM key with usage
 * encrypt, e.g. from {@link generateWrappingKey}), a fresh random 12-byte IV, a 128-bit tag and
 * the UTF-8 bytes of `associatedData` (default '') as additional authenticated data. Resolves to
 * standard padded base64 of `01 ‖ iv (12) ‖ ciphertext ‖ tag (16)` (README.md "Wrapped
 * secrets"). The associated data is not stored; the same text must be given to unwrap. Rejects
 * with `TypeError` when `secret` is not a string, otherwise like Web Crypto.
 */
export async function wrapSecret(
  secret: string,
  key: WebCryptoKey,
  associatedData = '',
): Promise<string> {
  if (typeof secret !== 'string') throw new TypeError('The secret must be a string');
  const iv = randomBytes(IV_BYTES);
  const sealed = new Uint8Array(
    await subtle().encrypt(
      {
        name: AES_ALGORITHM,
        iv,
        tagLength: TAG_BITS,
        additionalData: utf8Encode(associatedData),
      },
      key,
      utf8Encode(secret),
    ),
  );
  const out = new Uint8Array(1 + IV_BYTES + sealed.length);
  out[0] = WRAPPED_SECRET_VERSION;
  out.set(iv, 1);
  out.set(sealed, 1 + IV_BYTES);
  return bytesToBase64(out);
}

/**
 * Opens a secret made by {@link wrapSecret} with the same `key` and `associatedData`. Rejects
 * with {@link UnwrapError} (cause attached) on every failure: bad base64, too short, unknown
 * version byte, wrong key, other associated data, tampering, non-UTF-8 plaintext, missing Web
 * Crypto.
 */
export async function unwrapSecret(
  wrapped: string,
  key: WebCryptoKey,
  associatedData = '',
): Promise<string> {
  try {
    const bytes = base64ToBytes(wrapped);
    if (bytes.length < WRAPPED_SECRET_MIN_BYTES) {
      throw new RangeError(`A wrapped secret has at least ${WRAPPED_SECRET_MIN_BYTES} bytes`);
    }
    if (bytes[0] !== WRAPPED_SECRET_VERSION) {
      throw new RangeError(`Unknown wrapped-secret version ${String(bytes[0])}`);
    }
    const plaintext = await subtle().decrypt(
      {
        name: AES_ALGORITHM,
        iv: bytes.slice(1, 1 + IV_BYTES),
        tagLength: TAG_BITS,
        additionalData: utf8Encode(associatedData),
      },
      key,
      bytes.slice(1 + IV_BYTES),
    );
    return utf8Decoder.decode(plaintext);
  } catch (error) {
    throw new UnwrapError({ cause: error });
  }
}
