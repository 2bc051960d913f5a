import { createDecipheriv } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { IV_BYTES, TAG_BYTES, UNWRAP_FAILED_MESSAGE, WRAPPED_SECRET_VERSION } from './constants.ts';
import { base64ToBytes, bytesToBase64 } from './encoding.ts';
import { generateWrappingKey, unwrapSecret, UnwrapError, wrapSecret } from './secret-wrap.ts';

/** README "Wrapped secrets" worked example: key 00..1f, IV 10..1b, AAD "Team A". */
const EXAMPLE = {
  keyHex: '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f',
  secret: 'Abcdef12345!',
  associatedData: 'Team A',
  wrapped: 'ARAREhMUFRYXGBkaGzyc+3IsrwuB+UE9PB2IPcusRBfol1lem4v3768=',
};

function importRaw(hex: string) {
  return crypto.subtle.importKey('raw', Buffer.from(hex, 'hex'), 'AES-GCM', false, [
    'encrypt',
    'decrypt',
  ]);
}

/** Opens a wrapped secret with node:crypto alone, following README.md byte for byte. */
function nodeUnwrap(wrapped: string, keyHex: string, associatedData: string): string {
  const bytes = Buffer.from(wrapped, 'base64');
  expect(bytes[0]).toBe(1);
  const iv = bytes.subarray(1, 1 + IV_BYTES);
  const sealed = bytes.subarray(1 + IV_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(keyHex, 'hex'), iv, {
    authTagLength: 16,
  });
  decipher.setAAD(Buffer.from(associatedData, 'utf8'));
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
  return Buffer.concat([
    decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)),
    decipher.final(),
  ]).toString('utf8');
}

describe('generateWrappingKey', () => {
  it('makes a non-extractable AES-256-GCM key', async () => {
    const key = await generateWrappingKey();
    expect(key.extractable).toBe(false);
    expect(key.algorithm).toMatchObject({ name: 'AES-GCM', length: 256 });
    expect([...key.usages].sort()).toEqual(['decrypt', 'encrypt']);
    await expect(crypto.subtle.exportKey('raw', key)).rejects.toThrow();
  });
});

describe('wrapSecret / unwrapSecret', () => {
  it('round-trips, and the wrapped form does not contain the secret', async () => {
    const key = await generateWrappingKey();
    const secret = 'Schlüssel-Äpfel#2024ß 🔑';
    const wrapped = await wrapSecret(secret, key, 'Team A');
    expect(wrapped).not.toContain(secret);
    expect(wrapped).not.toContain(bytesToBase64(new TextEncoder().encode(secret)));
    const bytes = base64ToBytes(wrapped);
    expect(bytes[0]).toBe(WRAPPED_SECRET_VERSION);
    expect(bytes).toHaveLength(1 + IV_BYTES + new TextEncoder().encode(secret).length + TAG_BYTES);
    expect(await unwrapSecret(wrapped, key, 'Team A')).toBe(secret);
  });

  it('uses a fresh IV each time', async () => {
    const key = await generateWrappingKey();
    const first = await wrapSecret('same', key);
    const second = await wrapSecret('same', key);
    expect(first).not.toBe(second);
    expect(await unwrapSecret(first, key)).toBe('same');
    expect(await unwrapSecret(second, key)).toBe('same');
  });

  it('writes the documented format (node:crypto opens it)', async () => {
    const key = await importRaw(EXAMPLE.keyHex);
    const wrapped = await wrapSecret(EXAMPLE.secret, key, EXAMPLE.associatedData);
    expect(nodeUnwrap(wrapped, EXAMPLE.keyHex, EXAMPLE.associatedData)).toBe(EXAMPLE.secret);
  });

  it('opens the README worked example', async () => {
    const key = await importRaw(EXAMPLE.keyHex);
    expect(await unwrapSecret(EXAMPLE.wrapped, key, EXAMPLE.associatedData)).toBe(EXAMPLE.secret);
    expect(nodeUnwrap(EXAMPLE.wrapped, EXAMPLE.keyHex, EXAMPLE.associatedData)).toBe(
      EXAMPLE.secret,
    );
  });

  it('refuses another key, other associated data, tampering and bad input with UnwrapError', async () => {
    const key = await generateWrappingKey();
    const wrapped = await wrapSecret('secret', key, 'Team A');
    const tampered = base64ToBytes(wrapped);
    tampered[tampered.length - 1] = (tampered[tampered.length - 1] ?? 0) ^ 1;
    const versioned = base64ToBytes(wrapped);
    versioned[0] = 2;
    const otherKey = await generateWrappingKey();
    const cases: [string, () => Promise<string>][] = [
      ['other key', () => unwrapSecret(wrapped, otherKey, 'Team A')],
      ['other associated data', () => unwrapSecret(wrapped, key, 'Team B')],
      ['no associated data', () => unwrapSecret(wrapped, key)],
      ['tampered tag', () => unwrapSecret(bytesToBase64(tampered), key, 'Team A')],
      ['unknown version', () => unwrapSecret(bytesToBase64(versioned), key, 'Team A')],
      ['too short', () => unwrapSecret(bytesToBase64(new Uint8Array(28).fill(1)), key)],
      ['not base64', () => unwrapSecret('not base64!', key)],
    ];
    for (const [label, attempt] of cases) {
      const error: unknown = await attempt().catch((caught: unknown) => caught);
      expect(error, label).toBeInstanceOf(UnwrapError);
      expect((error as Error).message, label).toBe(UNWRAP_FAILED_MESSAGE);
    }
  });

  it('rejects a non-string secret with TypeError', async () => {
    const key = await generateWrappingKey();
    await expect(wrapSecret(42 as unknown as string, key)).rejects.toThrow(TypeError);
  });
});
