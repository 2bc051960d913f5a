import { describe, expect, it } from 'vitest';

import {
  checkQuickUsername,
  formatQuickSpaceName,
  generateQuickSpaceName,
  QUICK_SPACE_NAME_PATTERN,
} from './quick-space.ts';

describe('quick space name (spec §9 Quick space)', () => {
  it('formats 6 bytes as quick- plus 12 lowercase hex digits in three groups of four', () => {
    expect(formatQuickSpaceName(Uint8Array.of(0x1a, 0x2b, 0x3c, 0x4d, 0x5e, 0x6f))).toBe(
      'quick-1a2b-3c4d-5e6f',
    );
  });

  it('keeps leading zeros and covers the whole byte range', () => {
    expect(formatQuickSpaceName(Uint8Array.of(0, 1, 0x0f, 0x10, 0xfe, 0xff))).toBe(
      'quick-0001-0f10-feff',
    );
  });

  it('refuses any other number of bytes', () => {
    expect(() => formatQuickSpaceName(new Uint8Array(5))).toThrow(RangeError);
    expect(() => formatQuickSpaceName(new Uint8Array(7))).toThrow(RangeError);
  });

  it('draws its bytes from the given random source', () => {
    const name = generateQuickSpaceName((bytes) => bytes.fill(0xab));
    expect(name).toBe('quick-abab-abab-abab');
  });

  it('generates well-formed, different names from crypto.getRandomValues', () => {
    const names = new Set(Array.from({ length: 200 }, () => generateQuickSpaceName()));
    expect(names.size).toBe(200);
    for (const name of names) expect(name).toMatch(QUICK_SPACE_NAME_PATTERN);
  });

  it('is a valid space name (letters, digits, dashes; 3 to 100 characters)', () => {
    const name = generateQuickSpaceName();
    expect(name).toHaveLength(20);
    expect(name).toMatch(/^[A-Za-z0-9 -]{3,100}$/);
  });
});

describe('quick access name (spec §4: letters and digits only; no name cancels)', () => {
  it.each(['Alice', 'bob42', 'Jürgen', 'Zoë', '李雷', '7'])('accepts %j', (name) => {
    expect(checkQuickUsername(name)).toEqual({ kind: 'ok', username: name });
  });

  it('trims surrounding whitespace', () => {
    expect(checkQuickUsername('  Alice \t')).toEqual({ kind: 'ok', username: 'Alice' });
  });

  it.each(['', '   ', '\n'])('treats %j as no name', (name) => {
    expect(checkQuickUsername(name)).toEqual({ kind: 'empty' });
  });

  it.each(['Ann Lee', 'ann-lee', 'ann_lee', 'ann.lee', 'a@b', '<script>', 'x😀'])(
    'refuses %j',
    (name) => {
      expect(checkQuickUsername(name)).toEqual({ kind: 'invalid' });
    },
  );

  it('allows 50 characters and refuses 51', () => {
    expect(checkQuickUsername('a'.repeat(50)).kind).toBe('ok');
    expect(checkQuickUsername('a'.repeat(51))).toEqual({ kind: 'too-long' });
  });
});
