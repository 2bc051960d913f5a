import { randomBytes as nodeRandomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { base64ToBytes, bytesToBase64, utf8Encode } from './encoding.ts';

describe('bytesToBase64 / base64ToBytes', () => {
  it('matches Node Buffer base64 for every length 0..64 and a large random buffer', () => {
    for (let length = 0; length <= 64; length += 1) {
      const bytes = new Uint8Array(nodeRandomBytes(length));
      const expected = Buffer.from(bytes).toString('base64');
      expect(bytesToBase64(bytes)).toBe(expected);
      expect(base64ToBytes(expected)).toEqual(bytes);
    }
    const large = new Uint8Array(nodeRandomBytes(3 * 1024 * 1024 + 1));
    const encoded = bytesToBase64(large);
    expect(encoded).toBe(Buffer.from(large).toString('base64'));
    // Buffer#equals: a deep toEqual over 3 MB of elements takes seconds.
    expect(Buffer.from(base64ToBytes(encoded)).equals(Buffer.from(large))).toBe(true);
  });

  it('round-trips like Node Buffer at sizes around 32 KiB and 64 KiB boundaries', () => {
    // Lengths on both sides of 2^15 and 2^16 bytes and characters, with every remainder mod 3.
    const lengths = [0x6000, 0x8000, 0xc000, 0x10000].flatMap((base) =>
      [-4, -3, -2, -1, 0, 1, 2, 3, 4].map((delta) => base + delta),
    );
    for (const length of lengths) {
      const bytes = new Uint8Array(nodeRandomBytes(length));
      const expected = Buffer.from(bytes).toString('base64');
      const encoded = bytesToBase64(bytes);
      expect(encoded).toBe(expected);
      expect(Buffer.from(base64ToBytes(encoded)).equals(Buffer.from(bytes))).toBe(true);
    }
  });

  it('encodes every byte value and a subarray view of a larger buffer', () => {
    const all = Uint8Array.from({ length: 256 }, (_, index) => index);
    expect(bytesToBase64(all)).toBe(Buffer.from(all).toString('base64'));
    const view = all.subarray(7, 7 + 100);
    expect(bytesToBase64(view)).toBe(Buffer.from(view).toString('base64'));
  });

  it('rejects an invalid character in any position of a long input', () => {
    const valid = Buffer.from(nodeRandomBytes(3000)).toString('base64');
    for (const position of [0, 1, 2, 3, 1999, 2000, valid.length - 5]) {
      const broken = `${valid.slice(0, position)}*${valid.slice(position + 1)}`;
      expect(() => base64ToBytes(broken)).toThrow(
        new SyntaxError(`Invalid base64: unexpected character at index ${position}`),
      );
    }
  });

  it('encodes the RFC 4648 test vectors', () => {
    const cases: [string, string][] = [
      ['', ''],
      ['f', 'Zg=='],
      ['fo', 'Zm8='],
      ['foo', 'Zm9v'],
      ['foob', 'Zm9vYg=='],
      ['fooba', 'Zm9vYmE='],
      ['foobar', 'Zm9vYmFy'],
    ];
    for (const [text, base64] of cases) {
      expect(bytesToBase64(utf8Encode(text))).toBe(base64);
      expect(new TextDecoder().decode(base64ToBytes(base64))).toBe(text);
    }
    expect(bytesToBase64(new Uint8Array([0xfb, 0xff, 0xbf]))).toBe('+/+/');
  });

  it.each([
    ['missing padding', 'Zg'],
    ['length not a multiple of 4', 'Zm9vY'],
    ['URL-safe alphabet', '-_-_'],
    ['whitespace', 'Zm9v YmFy'],
    ['line break', 'Zm9v\nYmFy'],
    ['padding in the middle', 'Zg==Zm9v'],
    ['three padding characters', 'Z==='],
    ['only padding', '===='],
    ['non-zero bits before ==', 'Zh=='],
    ['non-zero bits before =', 'Zm9='],
    ['non-ASCII character', 'Zm9ü'],
  ])('rejects %s', (_label, text) => {
    expect(() => base64ToBytes(text)).toThrow(SyntaxError);
  });
});

describe('utf8Encode', () => {
  it('encodes umlauts and astral characters as UTF-8', () => {
    expect(Array.from(utf8Encode('ä€🎉'))).toEqual([
      0xc3, 0xa4, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x8e, 0x89,
    ]);
  });
});
