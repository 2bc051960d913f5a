/** The crypto page's checks with this runtime's real Web Crypto. */
import {
  DecryptError,
  decryptJson,
  encryptJson,
  iteratedSha256,
  validateSpaceName,
} from '@cipherspace/crypto';
import { describe, expect, it } from 'vitest';

import {
  checkBrowserCapability,
  deriveKeyBySha256,
  keyStrengthOutcome,
  payloadOfBytes,
  randomHexKey,
  readSecurityContext,
  runEncryptionTest,
  runPerformanceTest,
  spaceNameVerifier,
  SUBTLE_METHODS,
  tamperEnvelope,
} from './crypto-checks.ts';

const KEY = 'Crypto-T3st!key';

describe('checkBrowserCapability', () => {
  it('passes with this runtime’s Web Crypto', () => {
    const report = checkBrowserCapability();
    expect(report.passed).toBe(true);
    expect(report.subtleMethods.map((entry) => entry.method)).toEqual([...SUBTLE_METHODS]);
  });

  it('fails without crypto.subtle', () => {
    const report = checkBrowserCapability({
      crypto: { getRandomValues: (array: Uint8Array) => array.fill(7) },
    });
    expect(report).toMatchObject({ webCrypto: false, randomValues: true, passed: false });
    expect(report.subtleMethods.every((entry) => !entry.present)).toBe(true);
  });

  it('fails when getRandomValues returns only zeros or is missing', () => {
    const subtle = Object.fromEntries(SUBTLE_METHODS.map((name) => [name, () => undefined]));
    expect(
      checkBrowserCapability({ crypto: { subtle, getRandomValues: (array: Uint8Array) => array } })
        .randomValues,
    ).toBe(false);
    expect(checkBrowserCapability({ crypto: { subtle } }).passed).toBe(false);
    expect(checkBrowserCapability({}).passed).toBe(false);
  });
});

describe('readSecurityContext', () => {
  it('reports secure context, protocol and origin', () => {
    expect(
      readSecurityContext({
        isSecureContext: false,
        location: { protocol: 'http:', origin: 'http://example.test' },
      }),
    ).toEqual({ secure: false, protocol: 'http:', origin: 'http://example.test' });
  });
});

describe('runEncryptionTest', () => {
  it('round-trips and rejects tampered ciphertext', async () => {
    const report = await runEncryptionTest(KEY);
    expect(report).toMatchObject({ roundTrip: true, tamperRejected: true, passed: true });
    expect(report.envelopeChars).toBeGreaterThan(100);
  });

  it('uses a fresh generated key by default', async () => {
    expect((await runEncryptionTest()).passed).toBe(true);
  });
});

describe('tamperEnvelope', () => {
  it('keeps the envelope well-formed but makes decryption fail with the §8 message', async () => {
    const envelope = await encryptJson({ a: 1 }, KEY);
    const tampered = tamperEnvelope(envelope);
    expect(tampered).not.toBe(envelope);
    expect(Object.keys(JSON.parse(tampered) as object)).toEqual(['data', 'iv', 'salt']);
    const error = await decryptJson(tampered, KEY).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DecryptError);
    expect((error as Error).message).toBe('Failed to decrypt content - invalid space key?');
  });
});

describe('spaceNameVerifier', () => {
  it('derives a 44-character base64 verifier for a valid name', async () => {
    const verifier = await spaceNameVerifier('Team Alpha', KEY);
    expect(verifier).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect(await spaceNameVerifier('Team Alpha', KEY)).toBe(verifier);
  });

  it('is null for an invalid name or an empty key', async () => {
    expect(validateSpaceName('ab').valid).toBe(false);
    expect(await spaceNameVerifier('ab', KEY)).toBeNull();
    expect(await spaceNameVerifier('Team Alpha', '')).toBeNull();
  });
});

describe('deriveKeyBySha256', () => {
  it('applies SHA-256 the given number of times', async () => {
    const once = new Uint8Array(
      await crypto.subtle.digest('SHA-256', new TextEncoder().encode('seed')),
    );
    expect(await deriveKeyBySha256('seed', 1)).toEqual(once);
    const twice = new Uint8Array(await crypto.subtle.digest('SHA-256', once));
    expect(await deriveKeyBySha256('seed', 2)).toEqual(twice);
  });

  it('runs 1000 rounds by default and yields 32 bytes', async () => {
    const key = await deriveKeyBySha256('seed');
    expect(key).toHaveLength(32);
    expect(key).not.toEqual(await deriveKeyBySha256('seed', 999));
  });

  it('is the iteratedSha256 primitive of @cipherspace/crypto (fixed 1000-round vector)', async () => {
    const key = await deriveKeyBySha256('Abcdef12345!');
    expect(key).toEqual(await iteratedSha256('Abcdef12345!', 1000));
    expect(Array.from(key, (byte) => byte.toString(16).padStart(2, '0')).join('')).toBe(
      '75cf5946f7f996b1098c26b21b2bff7dd6d5d63fbb6b56f32a977c101c58cb27',
    );
  });
});

describe('payloadOfBytes', () => {
  it('serialises to exactly the requested size', () => {
    expect(JSON.stringify(payloadOfBytes(10 * 1024))).toHaveLength(10 * 1024);
    expect(JSON.stringify(payloadOfBytes(100 * 1024))).toHaveLength(100 * 1024);
  });
});

describe('runPerformanceTest', () => {
  it('measures the five operations with the given clock', async () => {
    let clock = 0;
    const measurements = await runPerformanceTest(() => (clock += 5));
    expect(measurements.map((entry) => entry.operation)).toEqual([
      'encrypt-10kb',
      'decrypt-10kb',
      'encrypt-100kb',
      'decrypt-100kb',
      'key-derivation',
    ]);
    expect(measurements.every((entry) => entry.durationMs === 5)).toBe(true);
  });
});

describe('key strength', () => {
  it('needs at least 32 hexadecimal characters', () => {
    expect(keyStrengthOutcome('a'.repeat(32))).toBe('strong');
    expect(keyStrengthOutcome('AbCdEf0123456789'.repeat(4))).toBe('strong');
    expect(keyStrengthOutcome('a'.repeat(31))).toBe('too_short');
    expect(keyStrengthOutcome('')).toBe('too_short');
    expect(keyStrengthOutcome(`${'a'.repeat(32)}g`)).toBe('not_hex');
  });

  it('generates random 64-character keys that pass', () => {
    const key = randomHexKey();
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(keyStrengthOutcome(key)).toBe('strong');
    expect(randomHexKey()).not.toBe(key);
  });
});
