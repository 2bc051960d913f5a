import {
  GENERATED_KEY_MAX_CHARS,
  GENERATED_KEY_MIN_CHARS,
  HEX_KEY_MIN_CHARS,
  HEX_KEY_NOT_HEX_MESSAGE,
  HEX_KEY_STRONG_MESSAGE,
  HEX_KEY_TOO_SHORT_MESSAGE,
  SPACE_KEY_FORBIDDEN_CHAR,
  SPACE_KEY_MIN_CHARS,
  SPACE_KEY_SPECIAL_CHARS,
  SPACE_NAME_HINT,
  SPACE_NAME_MAX_CHARS,
  SPACE_NAME_MIN_CHARS,
  SPACE_NAME_VALID_MESSAGE,
} from './constants.ts';
import { randomBytes } from './support.ts';

const LOWERCASE_CHARS = 'abcdefghijklmnopqrstuvwxyz';
const UPPERCASE_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGIT_CHARS = '0123456789';
const GENERATED_KEY_CLASSES = [
  LOWERCASE_CHARS,
  UPPERCASE_CHARS,
  DIGIT_CHARS,
  SPACE_KEY_SPECIAL_CHARS,
];
const GENERATED_KEY_ALPHABET = GENERATED_KEY_CLASSES.join('');

/**
 * Result of {@link checkSpaceKey}: `valid` is true exactly when every check is true. Spec §5 Space
 * key.
 */
export interface SpaceKeyCheck {
  valid: boolean;
  checks: SpaceKeyChecks;
}

/** One boolean per rule of spec §5 Space key, for the live checklist on /space/create. */
export interface SpaceKeyChecks {
  /** At least 10 characters (Unicode code points). */
  minLength: boolean;
  /** At least one lowercase letter (Unicode `\p{Ll}`, e.g. a–z, ä). */
  lowercase: boolean;
  /** At least one uppercase letter (Unicode `\p{Lu}`, e.g. A–Z, Ä). */
  uppercase: boolean;
  /** At least one decimal digit (Unicode `\p{Nd}`, e.g. 0–9). */
  digit: boolean;
  /** At least one of the 31 characters of SPACE_KEY_SPECIAL_CHARS. */
  special: boolean;
  /** No forward slash '/'. */
  noSlash: boolean;
}

/** Result of {@link validateSpaceName}: the message to show under the field. Spec §5 Space name. */
export type SpaceNameValidation =
  | { valid: true; message: typeof SPACE_NAME_VALID_MESSAGE }
  | { valid: false; message: typeof SPACE_NAME_HINT };

/**
 * Result of {@link checkHexKeyStrength}: whether the key passes and the message to show. Spec §5
 * Key strength.
 */
export interface HexKeyStrength {
  valid: boolean;
  message: string;
}

/**
 * The whole space-name rule as one pattern: 3 to 100 code points, each a Unicode letter (`\p{L}`),
 * a Unicode number (`\p{N}`), a space U+0020 or a dash U+002D. Flag `u` (so lengths count code
 * points); no `g` flag, so `test` is stateless and servers (e.g.
 * `z.string().regex(SPACE_NAME_PATTERN)`) can share it. Spec §5 Space name.
 */
export const SPACE_NAME_PATTERN = new RegExp(
  `^[\\p{L}\\p{N} -]{${SPACE_NAME_MIN_CHARS},${SPACE_NAME_MAX_CHARS}}$`,
  'u',
);

const HEX_PATTERN = /^[0-9a-fA-F]*$/;

/**
 * Uniform random integers in [0, bound) for bound ≤ 256, by rejection sampling on random bytes (no
 * modulo bias).
 */
function createRandomBelow(): (bound: number) => number {
  let pool = new Uint8Array(0);
  let next = 0;
  return (bound) => {
    // The largest multiple of `bound` not above 256; bytes at or beyond it would favour small
    // results.
    const limit = 256 - (256 % bound);
    for (;;) {
      if (next >= pool.length) {
        pool = randomBytes(64);
        next = 0;
      }
      const byte = pool[next] ?? limit;
      next += 1;
      if (byte < limit) {
        return byte % bound;
      }
    }
  };
}

/**
 * A fresh random space key of 20 to 25 characters (length uniform), drawn from a–z, A–Z, 0–9 and
 * the 31 SPACE_KEY_SPECIAL_CHARS (never '/'), with at least one character of each class, shuffled
 * with a crypto-random Fisher–Yates; always passes {@link checkSpaceKey}. Throws
 * `Error(WEB_CRYPTO_UNSUPPORTED_MESSAGE)` without Web Crypto. Spec §5 Space key (generated keys).
 */
export function generateSpaceKey(): string {
  const randomBelow = createRandomBelow();
  const pick = (chars: string): string => chars.charAt(randomBelow(chars.length));
  const length =
    GENERATED_KEY_MIN_CHARS + randomBelow(GENERATED_KEY_MAX_CHARS - GENERATED_KEY_MIN_CHARS + 1);
  const chars = GENERATED_KEY_CLASSES.map(pick);
  while (chars.length < length) {
    chars.push(pick(GENERATED_KEY_ALPHABET));
  }
  for (let index = chars.length - 1; index > 0; index -= 1) {
    const other = randomBelow(index + 1);
    const current = chars[index] ?? '';
    chars[index] = chars[other] ?? '';
    chars[other] = current;
  }
  return chars.join('');
}

/**
 * Checks `key` against every space-key rule: at least 10 code points, a lowercase letter, an
 * uppercase letter, a digit, one of SPACE_KEY_SPECIAL_CHARS, no '/'. Returns `{ valid, checks }`
 * with one boolean per rule for the live checklist. Never throws. Spec §5 Space key (creation).
 */
export function checkSpaceKey(key: string): SpaceKeyCheck {
  const codePoints = Array.from(key);
  const checks: SpaceKeyChecks = {
    minLength: codePoints.length >= SPACE_KEY_MIN_CHARS,
    lowercase: /\p{Ll}/u.test(key),
    uppercase: /\p{Lu}/u.test(key),
    digit: /\p{Nd}/u.test(key),
    special: codePoints.some((char) => SPACE_KEY_SPECIAL_CHARS.includes(char)),
    noSlash: !key.includes(SPACE_KEY_FORBIDDEN_CHAR),
  };
  return { valid: Object.values(checks).every(Boolean), checks };
}

/**
 * Validates a space name: required, 3 to 100 code points, only Unicode letters, numbers, spaces and
 * dashes ({@link SPACE_NAME_PATTERN}). Returns `{ valid: true, message: 'Valid space name' }` or `{
 * valid: false, message: SPACE_NAME_HINT }`. Never throws. Spec §5 Space name.
 */
export function validateSpaceName(name: string): SpaceNameValidation {
  return typeof name === 'string' && SPACE_NAME_PATTERN.test(name)
    ? { valid: true, message: SPACE_NAME_VALID_MESSAGE }
    : { valid: false, message: SPACE_NAME_HINT };
}

/**
 * Crypto-page key strength: valid when `hex` is only 0–9/a–f/A–F and at least 32 characters long
 * (128 bits). Returns `{ valid, message }` with HEX_KEY_STRONG_MESSAGE, HEX_KEY_NOT_HEX_MESSAGE or
 * HEX_KEY_TOO_SHORT_MESSAGE. Never throws. Spec §5 Key strength check.
 */
export function checkHexKeyStrength(hex: string): HexKeyStrength {
  if (!HEX_PATTERN.test(hex)) {
    return { valid: false, message: HEX_KEY_NOT_HEX_MESSAGE };
  }
  if (hex.length < HEX_KEY_MIN_CHARS) {
    return { valid: false, message: HEX_KEY_TOO_SHORT_MESSAGE };
  }
  return { valid: true, message: HEX_KEY_STRONG_MESSAGE };
}
