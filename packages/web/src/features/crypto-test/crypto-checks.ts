/**
 * The checks of the crypto page's six sections (spec §2 Crypto test page, §5 Key strength
 * check, §9 Encryption), as plain functions over this runtime's Web Crypto. They return
 * reports; the page only renders them.
 */
import {
  bytesToBase64,
  checkHexKeyStrength,
  decryptJson,
  DecryptError,
  deriveSpaceNameVerifier,
  encryptJson,
  generateSpaceKey,
  HEX_KEY_NOT_HEX_MESSAGE,
  iteratedSha256,
  parseEnvelope,
  validateSpaceName,
} from '@cipherspace/crypto';

import type { Measurement, PerformanceOperation } from './performance-metrics.ts';

/** Rounds of the page's SHA-256 key-derivation loop. spec §9. */
export const KEY_DERIVATION_TEST_ITERATIONS = 1000;

/** Payload sizes of the performance test, in bytes of JSON. */
export const PERFORMANCE_PAYLOAD_BYTES = { small: 10 * 1024, large: 100 * 1024 } as const;

/** The `crypto.subtle` methods the app uses. */
export const SUBTLE_METHODS = [
  'encrypt',
  'decrypt',
  'importKey',
  'deriveKey',
  'deriveBits',
  'digest',
] as const;

/** Browser capability section: each check and whether all passed. */
export interface CapabilityReport {
  webCrypto: boolean;
  subtleMethods: { method: (typeof SUBTLE_METHODS)[number]; present: boolean }[];
  randomValues: boolean;
  passed: boolean;
}

interface CryptoLike {
  subtle?: unknown;
  getRandomValues?: unknown;
}

/**
 * Checks Web Crypto in `scope` (default: this window) as `hasWebCrypto` does at start-up: `crypto.subtle` and
 * `crypto.getRandomValues` present, each of SUBTLE_METHODS a function, and getRandomValues
 * filling 32 bytes that are not all zero. Never throws.
 */
export function checkBrowserCapability(
  scope: { crypto?: CryptoLike } = globalThis,
): CapabilityReport {
  const cryptoApi = scope.crypto;
  const subtle: unknown = cryptoApi?.subtle;
  const methods =
    typeof subtle === 'object' && subtle !== null ? (subtle as Record<string, unknown>) : null;
  const subtleMethods = SUBTLE_METHODS.map((method) => ({
    method,
    present: typeof methods?.[method] === 'function',
  }));
  let randomValues = false;
  if (typeof cryptoApi?.getRandomValues === 'function') {
    try {
      const bytes = new Uint8Array(32);
      (cryptoApi.getRandomValues as (array: Uint8Array) => Uint8Array).call(cryptoApi, bytes);
      randomValues = bytes.some((byte) => byte !== 0);
    } catch {
      randomValues = false;
    }
  }
  const webCrypto = methods !== null && typeof cryptoApi?.getRandomValues === 'function';
  return {
    webCrypto,
    subtleMethods,
    randomValues,
    passed: webCrypto && randomValues && subtleMethods.every((entry) => entry.present),
  };
}

/** Security context section. */
export interface SecurityContextReport {
  secure: boolean;
  protocol: string;
  origin: string;
}

/** Reads `isSecureContext`, `location.protocol` and `location.origin` of `scope` (default: window). */
export function readSecurityContext(
  scope: { isSecureContext: boolean; location: { protocol: string; origin: string } } = window,
): SecurityContextReport {
  return {
    secure: scope.isSecureContext,
    protocol: scope.location.protocol,
    origin: scope.location.origin,
  };
}

/**
 * A copy of `envelope` with one bit of its ciphertext flipped, still well-formed (for the
 * tamper check). Throws DecryptError when `envelope` is not an envelope.
 */
export function tamperEnvelope(envelope: string): string {
  const { data, iv, salt } = parseEnvelope(envelope);
  const changed = new Uint8Array(data);
  changed[0] = (changed[0] ?? 0) ^ 0x01;
  return JSON.stringify({
    data: bytesToBase64(changed),
    iv: bytesToBase64(iv),
    salt: bytesToBase64(salt),
  });
}

/** Encryption section: round trip and tamper detection. */
export interface EncryptionReport {
  roundTrip: boolean;
  envelopeChars: number;
  /** decryptJson rejected the tampered envelope with DecryptError (spec §8 decrypt message). */
  tamperRejected: boolean;
  passed: boolean;
}

/** A sample document like a small tool content. */
const SAMPLE_DOCUMENT = {
  title: 'Crypto test',
  phases: [{ name: 'To Do', issues: [{ id: 'i1', title: 'Ünïcödé ✓ and "quotes"' }] }],
  version: 1,
};

/**
 * Encrypts a sample document with `spaceKey` (default: a freshly generated key), decrypts it,
 * compares, then checks that a tampered copy is rejected. Rejects only when Web Crypto fails.
 */
export async function runEncryptionTest(
  spaceKey: string = generateSpaceKey(),
): Promise<EncryptionReport> {
  const envelope = await encryptJson(SAMPLE_DOCUMENT, spaceKey);
  const decrypted = await decryptJson(envelope, spaceKey);
  const roundTrip = JSON.stringify(decrypted) === JSON.stringify(SAMPLE_DOCUMENT);
  let tamperRejected = false;
  try {
    await decryptJson(tamperEnvelope(envelope), spaceKey);
  } catch (error) {
    tamperRejected = error instanceof DecryptError;
  }
  return {
    roundTrip,
    envelopeChars: envelope.length,
    tamperRejected,
    passed: roundTrip && tamperRejected,
  };
}

/**
 * The space-name verifier the server receives (spec §9 verification hashes), or null when the
 * name is invalid (spec §5) or the key is empty.
 */
export async function spaceNameVerifier(name: string, spaceKey: string): Promise<string | null> {
  if (!validateSpaceName(name).valid || spaceKey.length === 0) return null;
  return deriveSpaceNameVerifier(spaceKey, name);
}

/**
 * The crypto page's key-derivation test: SHA-256 applied `iterations` times (default 1000),
 * starting from the UTF-8 bytes of `seed` (`iteratedSha256` of @cipherspace/crypto). Resolves to
 * the final 32-byte digest.
 */
export function deriveKeyBySha256(
  seed: string,
  iterations: number = KEY_DERIVATION_TEST_ITERATIONS,
): Promise<Uint8Array> {
  return iteratedSha256(seed, iterations);
}

/** A JSON document whose serialisation is exactly `bytes` bytes long (bytes ≥ 12). */
export function payloadOfBytes(bytes: number): { text: string } {
  return { text: 'x'.repeat(Math.max(0, bytes - '{"text":""}'.length)) };
}

/**
 * Times one performance run with `now` (ms): encrypt and decrypt of 10 KB and 100 KB documents
 * and the SHA-256 key-derivation loop. Resolves to five measurements; rejects when a decrypted
 * payload differs or Web Crypto fails.
 */
export async function runPerformanceTest(
  now: () => number = () => performance.now(),
): Promise<Measurement[]> {
  const spaceKey = generateSpaceKey();
  const measurements: Measurement[] = [];
  const time = async <T>(operation: PerformanceOperation, work: () => Promise<T>): Promise<T> => {
    const start = now();
    const result = await work();
    measurements.push({ operation, durationMs: now() - start });
    return result;
  };
  const sizes = [
    [PERFORMANCE_PAYLOAD_BYTES.small, 'encrypt-10kb', 'decrypt-10kb'],
    [PERFORMANCE_PAYLOAD_BYTES.large, 'encrypt-100kb', 'decrypt-100kb'],
  ] as const;
  for (const [bytes, encryptOperation, decryptOperation] of sizes) {
    const payload = payloadOfBytes(bytes);
    const envelope = await time(encryptOperation, () => encryptJson(payload, spaceKey));
    const decrypted = await time(decryptOperation, () =>
      decryptJson<{ text: string }>(envelope, spaceKey),
    );
    if (decrypted.text !== payload.text) throw new Error('Decrypted payload differs');
  }
  await time('key-derivation', () => deriveKeyBySha256(spaceKey));
  return measurements;
}

/** A random hexadecimal key of `bytes` bytes (default 32 → 64 hex characters). */
export function randomHexKey(bytes = 32): string {
  const random = crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(random, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Which key-strength message applies (spec §5 Key strength check: ≥ 32 hex characters). */
export type KeyStrengthOutcome = 'strong' | 'too_short' | 'not_hex';

/** The outcome of checkHexKeyStrength for `hex`, for a translated message. */
export function keyStrengthOutcome(hex: string): KeyStrengthOutcome {
  const result = checkHexKeyStrength(hex);
  if (result.valid) return 'strong';
  return result.message === HEX_KEY_NOT_HEX_MESSAGE ? 'not_hex' : 'too_short';
}
