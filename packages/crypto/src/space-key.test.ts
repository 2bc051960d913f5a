import { describe, expect, it } from 'vitest';
import {
  GENERATED_KEY_MAX_CHARS,
  GENERATED_KEY_MIN_CHARS,
  HEX_KEY_NOT_HEX_MESSAGE,
  HEX_KEY_STRONG_MESSAGE,
  HEX_KEY_TOO_SHORT_MESSAGE,
  SPACE_KEY_SPECIAL_CHARS,
  SPACE_NAME_HINT,
  SPACE_NAME_VALID_MESSAGE,
} from './constants.ts';
import {
  SPACE_NAME_PATTERN,
  checkHexKeyStrength,
  checkSpaceKey,
  generateSpaceKey,
  validateSpaceName,
  type SpaceKeyChecks,
} from './space-key.ts';

const ALL_PASS: SpaceKeyChecks = {
  minLength: true,
  lowercase: true,
  uppercase: true,
  digit: true,
  special: true,
  noSlash: true,
};

describe('SPACE_KEY_SPECIAL_CHARS', () => {
  it('is exactly the set of spec §5', () => {
    expect(SPACE_KEY_SPECIAL_CHARS).toBe(String.raw`!@#$%^&*()_+-=[]{}|;':",.\<>?` + '`~');
    expect(SPACE_KEY_SPECIAL_CHARS).toHaveLength(31);
    expect(new Set(SPACE_KEY_SPECIAL_CHARS).size).toBe(31);
    expect(SPACE_KEY_SPECIAL_CHARS).not.toContain('/');
  });
});

describe('generateSpaceKey', () => {
  it('500 samples: valid, 20..25 characters, no slash, every length reached', () => {
    const lengths = new Set<number>();
    const keys = new Set<string>();
    for (let sample = 0; sample < 500; sample += 1) {
      const key = generateSpaceKey();
      expect(checkSpaceKey(key)).toEqual({ valid: true, checks: ALL_PASS });
      expect(key.length).toBeGreaterThanOrEqual(GENERATED_KEY_MIN_CHARS);
      expect(key.length).toBeLessThanOrEqual(GENERATED_KEY_MAX_CHARS);
      expect(key).not.toContain('/');
      expect(key).toMatch(/^[\x21-\x7e]+$/);
      lengths.add(key.length);
      keys.add(key);
    }
    expect([...lengths].sort((a, b) => a - b)).toEqual([20, 21, 22, 23, 24, 25]);
    expect(keys.size).toBe(500);
  });

  it('does not always put the mandatory classes first (shuffled)', () => {
    const firstIsLowercase = Array.from({ length: 200 }, () => /^[a-z]/.test(generateSpaceKey()));
    expect(firstIsLowercase.some((value) => !value)).toBe(true);
  });
});

describe('checkSpaceKey', () => {
  const base = 'Abcdefgh1!';
  it('accepts a key meeting every rule', () => {
    expect(checkSpaceKey(base)).toEqual({ valid: true, checks: ALL_PASS });
  });

  it.each<[keyof SpaceKeyChecks, string]>([
    ['minLength', 'Abcdefg1!'],
    ['lowercase', 'ABCDEFGH1!'],
    ['uppercase', 'abcdefgh1!'],
    ['digit', 'Abcdefghi!'],
    ['special', 'Abcdefghi1'],
    ['noSlash', 'Abcdefgh1!/'],
  ])('fails only %s for %s', (failing, key) => {
    expect(checkSpaceKey(key)).toEqual({ valid: false, checks: { ...ALL_PASS, [failing]: false } });
  });

  it('counts characters as code points and accepts Unicode letters', () => {
    expect(checkSpaceKey('Äbcdefgh1!').valid).toBe(true);
    expect(checkSpaceKey('ÄÖÜäöü12!x').valid).toBe(true);
    expect(checkSpaceKey('A🎉🎉🎉🎉a1!').checks.minLength).toBe(false); // 8 code points, 12 UTF-16 units
  });

  it('reports every failure of an empty key', () => {
    expect(checkSpaceKey('')).toEqual({
      valid: false,
      checks: {
        minLength: false,
        lowercase: false,
        uppercase: false,
        digit: false,
        special: false,
        noSlash: true,
      },
    });
  });

  it.each(Array.from(SPACE_KEY_SPECIAL_CHARS))('accepts special character %s', (char) => {
    expect(checkSpaceKey(`Abcdefgh1${char}`).checks.special).toBe(true);
  });
});

describe('validateSpaceName', () => {
  const valid = { valid: true, message: SPACE_NAME_VALID_MESSAGE };
  const invalid = { valid: false, message: SPACE_NAME_HINT };
  it.each<[string, string, typeof valid | typeof invalid]>([
    ['2 characters', 'ab', invalid],
    ['3 characters', 'abc', valid],
    ['100 characters', 'a'.repeat(100), valid],
    ['101 characters', 'a'.repeat(101), invalid],
    ['empty', '', invalid],
    ['umlauts', 'Grüße aus Köln', valid],
    ['3 umlauts', 'äöü', valid],
    ['spaces, dashes, digits', 'Team 42 - Alpha', valid],
    ['underscore', 'team_alpha', invalid],
    ['slash', 'team/alpha', invalid],
    ['dot', 'team.alpha', invalid],
    ['tab', 'team\talpha', invalid],
    ['newline at the end', 'team\n', invalid],
    ['non-breaking space', 'team\u00a0alpha', invalid],
    ['emoji', 'team 🎉', invalid],
    ['100 astral letters (code points)', '𝒜'.repeat(100), valid],
  ])('%s', (_label, name, expected) => {
    expect(validateSpaceName(name)).toEqual(expected);
    expect(SPACE_NAME_PATTERN.test(name)).toBe(expected.valid);
  });

  it('SPACE_NAME_PATTERN is stateless (no g or y flag)', () => {
    expect(SPACE_NAME_PATTERN.flags).toBe('u');
  });
});

describe('checkHexKeyStrength', () => {
  it.each<[string, string, boolean, string]>([
    ['32 lowercase hex', 'a'.repeat(32), true, HEX_KEY_STRONG_MESSAGE],
    [
      '64 mixed-case hex',
      '0123456789abcdefABCDEF'.repeat(3).slice(0, 64),
      true,
      HEX_KEY_STRONG_MESSAGE,
    ],
    ['31 hex', 'f'.repeat(31), false, HEX_KEY_TOO_SHORT_MESSAGE],
    ['empty', '', false, HEX_KEY_TOO_SHORT_MESSAGE],
    ['32 with a g', `${'a'.repeat(31)}g`, false, HEX_KEY_NOT_HEX_MESSAGE],
    ['0x prefix', `0x${'a'.repeat(32)}`, false, HEX_KEY_NOT_HEX_MESSAGE],
    ['whitespace', ` ${'a'.repeat(32)}`, false, HEX_KEY_NOT_HEX_MESSAGE],
  ])('%s', (_label, hex, valid, message) => {
    expect(checkHexKeyStrength(hex)).toEqual({ valid, message });
  });
});
