/**
 * The engine's own base64 path of ./encoding.ts (Uint8Array.fromBase64 / toBase64, which Node 20
 * lacks and Chromium has): run here over core-js's implementation of the TC39 proposal, loaded
 * before the module so it takes the native path. It must accept and refuse exactly what the
 * portable loops do, with their messages.
 */
import 'core-js/actual/typed-array/from-base64.js';
import 'core-js/actual/typed-array/to-base64.js';

import { describe, expect, it } from 'vitest';

const { base64ToBytes, bytesToBase64 } = await import('./encoding.ts');

describe('with the engine’s own base64', () => {
  it('is in use here', () => {
    expect(typeof (Uint8Array as unknown as { fromBase64?: unknown }).fromBase64).toBe('function');
  });

  it('round-trips every length and byte value like Buffer', () => {
    const all = Uint8Array.from({ length: 256 }, (_, index) => index);
    for (let length = 0; length <= 256; length += 1) {
      const bytes = all.subarray(0, length);
      const expected = Buffer.from(bytes).toString('base64');
      expect(bytesToBase64(bytes)).toBe(expected);
      expect(Buffer.from(base64ToBytes(expected)).equals(Buffer.from(bytes))).toBe(true);
    }
  });

  it('gives bytes backed by a whole ArrayBuffer of their own', () => {
    const bytes = base64ToBytes('AAEC');
    expect(bytes.byteOffset).toBe(0);
    expect(bytes.buffer.byteLength).toBe(3);
  });

  it.each([
    ['whitespace inside', 'AA EC', 'Invalid base64: length is not a multiple of 4'],
    ['a line break inside', 'AAEC\nAAEC', 'Invalid base64: length is not a multiple of 4'],
    ['whitespace keeping the length', 'AA E', 'Invalid base64: unexpected character at index 2'],
    ['trailing spaces', 'AAEC    ', 'Invalid base64: unexpected character at index 4'],
    ['spaces between groups', 'AAEC    AAEC', 'Invalid base64: unexpected character at index 4'],
    ['the URL-safe alphabet', 'AA-_', 'Invalid base64: unexpected character at index 2'],
    ['padding in the middle', 'AA==AAAA', 'Invalid base64: unexpected character at index 2'],
    ['non-zero padding bits (two =)', 'AB==', 'Invalid base64: non-zero padding bits'],
    ['non-zero padding bits (one =)', 'AAB=', 'Invalid base64: non-zero padding bits'],
    ['no padding', 'AAE', 'Invalid base64: length is not a multiple of 4'],
  ])('refuses %s with the portable decoder’s message', (_, text, message) => {
    expect(() => base64ToBytes(text)).toThrow(new SyntaxError(message));
  });
});
