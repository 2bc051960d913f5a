import { SHA256_ALGORITHM } from './constants.ts';
import { utf8Encode } from './encoding.ts';
import { subtle, type Bytes } from './support.ts';

/**
 * SHA-256 applied `iterations` times: `d₀ = input` (UTF-8 bytes of a string, or the bytes as
 * given), `dᵢ = SHA-256(dᵢ₋₁)`; resolves to `d_iterations` (32 bytes; for 0 iterations a copy of
 * the input bytes). This is the crypto page's key-derivation test (spec §9: 1000 iterations of
 * SHA-256), a benchmark and self-check — NOT a password hash (use PBKDF2 for that). Rejects
 * with `RangeError` unless `iterations` is a non-negative safe integer, and with
 * `Error(WEB_CRYPTO_UNSUPPORTED_MESSAGE)` without Web Crypto.
 */
export async function iteratedSha256(
  input: string | Uint8Array,
  iterations: number,
): Promise<Bytes> {
  if (!Number.isSafeInteger(iterations) || iterations < 0) {
    throw new RangeError(`iterations must be a non-negative integer, got ${String(iterations)}`);
  }
  let digest: Bytes = typeof input === 'string' ? utf8Encode(input) : new Uint8Array(input);
  if (iterations === 0) return digest;
  const api = subtle();
  for (let round = 0; round < iterations; round += 1) {
    digest = new Uint8Array(await api.digest(SHA256_ALGORITHM, digest));
  }
  return digest;
}
