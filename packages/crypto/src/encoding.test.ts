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
