import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SHA256_BYTES, WEB_CRYPTO_UNSUPPORTED_MESSAGE } from './constants.ts';
import { iteratedSha256 } from './digest.ts';

/** The same loop with node:crypto alone. */
function nodeIterated(input: string | Uint8Array, iterations: number): string {
  let digest = typeof input === 'string' ? Buffer.from(input, 'utf8') : Buffer.from(input);
  for (let round = 0; round < iterations; round += 1) {
    digest = createHash('sha256').update(digest).digest();
  }
  return digest.toString('hex');
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('iteratedSha256 (spec §9 crypto page key derivation)', () => {
  it('1000 iterations over "Abcdef12345!" give the fixed digest', async () => {
    const digest = await iteratedSha256('Abcdef12345!', 1000);
    expect(digest).toHaveLength(SHA256_BYTES);
    expect(hex(digest)).toBe('75cf5946f7f996b1098c26b21b2bff7dd6d5d63fbb6b56f32a977c101c58cb27');
    expect(hex(digest)).toBe(nodeIterated('Abcdef12345!', 1000));
  });

  it('one iteration is SHA-256 of the UTF-8 bytes', async () => {
    expect(hex(await iteratedSha256('', 1))).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
    expect(hex(await iteratedSha256('Grüße 🔑', 3))).toBe(
      'f83f5bb2cefe476905cfe2aea80ae6ad51c79dd132c844fdaff6696ad395569d',
    );
  });

  it('takes bytes as well as text, and does not change them', async () => {
    const input = new Uint8Array([1, 2, 3]);
    expect(hex(await iteratedSha256(input, 7))).toBe(nodeIterated(input, 7));
    expect(Array.from(input)).toEqual([1, 2, 3]);
  });

  it('0 iterations return a copy of the input bytes', async () => {
    const input = new Uint8Array([9, 8]);
    const result = await iteratedSha256(input, 0);
    expect(Array.from(result)).toEqual([9, 8]);
    expect(result).not.toBe(input);
    expect(hex(await iteratedSha256('ab', 0))).toBe('6162');
  });

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])(
    'rejects %s iterations with RangeError',
    async (iterations) => {
      await expect(iteratedSha256('x', iterations)).rejects.toThrow(RangeError);
    },
  );

  it('rejects with the spec message without Web Crypto', async () => {
    vi.stubGlobal('crypto', undefined);
    await expect(iteratedSha256('x', 1)).rejects.toThrow(WEB_CRYPTO_UNSUPPORTED_MESSAGE);
  });
});
