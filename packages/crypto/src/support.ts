import { WEB_CRYPTO_UNSUPPORTED_MESSAGE } from './constants.ts';

/**
 * What a runtime without Web Crypto may look like; the ambient types claim `crypto` is always
 * there.
 */
interface MaybeWebCryptoGlobal {
  readonly crypto?: { readonly subtle?: unknown; readonly getRandomValues?: unknown };
}

/** The Web Crypto `SubtleCrypto` of this runtime (browser or Node ≥ 20). */
export type Subtle = typeof globalThis.crypto.subtle;

/**
 * A Web Crypto key object as returned by `crypto.subtle` (the DOM `CryptoKey`; spelled this way so
 * the package type-checks with either the DOM lib or `@types/node`). Keys made by this package are
 * non-extractable.
 */
export type WebCryptoKey = Awaited<ReturnType<Subtle['importKey']>>;

/**
 * Bytes backed by a plain `ArrayBuffer`, which is what `BufferSource` demands under the DOM lib.
 */
export type Bytes = Uint8Array<ArrayBuffer>;

/**
 * Whether this runtime offers `globalThis.crypto.subtle` and `globalThis.crypto.getRandomValues`.
 * Browsers hide `subtle` outside secure contexts (plain http other than localhost). Spec §1 (Web
 * Crypto required).
 */
export function hasWebCrypto(): boolean {
  const { crypto } = globalThis as MaybeWebCryptoGlobal;
  return (
    typeof crypto === 'object' &&
    typeof crypto.subtle === 'object' &&
    crypto.subtle !== null &&
    typeof crypto.getRandomValues === 'function'
  );
}

/**
 * Throws `Error(WEB_CRYPTO_UNSUPPORTED_MESSAGE)` ('Web Crypto API not supported.') unless the
 * runtime has `crypto.subtle` and `crypto.getRandomValues`; call it at startup. Spec §1 Feature
 * flags, §8 Error catalogue.
 */
export function assertWebCrypto(): void {
  if (!hasWebCrypto()) {
    throw new Error(WEB_CRYPTO_UNSUPPORTED_MESSAGE);
  }
}

/**
 * The runtime's `SubtleCrypto`; throws `Error(WEB_CRYPTO_UNSUPPORTED_MESSAGE)` when there is none.
 */
export function subtle(): Subtle {
  assertWebCrypto();
  return globalThis.crypto.subtle;
}

/**
 * `length` cryptographically random bytes (at most 65 536 per call, the Web Crypto limit).
 * Throws `Error(WEB_CRYPTO_UNSUPPORTED_MESSAGE)` when the runtime has no Web Crypto.
 */
export function randomBytes(length: number): Bytes {
  assertWebCrypto();
  const bytes = new Uint8Array(length);
  globalThis.crypto.getRandomValues(bytes);
  return bytes;
}
