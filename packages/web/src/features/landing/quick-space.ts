/**
 * Rules of quick access (spec §4 Quick access, §9 Quick space): the generated space name and
 * the name a person gives for themself. Pure apart from the default random source.
 */

/** Prefix of every quick space name (spec §9). */
export const QUICK_SPACE_PREFIX = 'quick-';
/** Random bytes in a quick space name: 6 bytes = 12 hex digits (spec §9). */
export const QUICK_SPACE_RANDOM_BYTES = 6;
/** Hex digits per dash-separated group (three groups of four). */
const GROUP_HEX_DIGITS = 4;
/** Longest username the server accepts, in UTF-16 code units as zod counts (api USERNAME_MAX_CHARS). */
export const QUICK_USERNAME_MAX_CHARS = 50;

/** A quick space name: `quick-` + 12 lowercase hex digits in three groups of four. */
export const QUICK_SPACE_NAME_PATTERN = /^quick-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}$/;

/** Letters and digits only, any script (the same rule as the username edit, spec §4, §9). */
const USERNAME_PATTERN = /^[\p{L}\p{N}]+$/u;

/**
 * Formats 6 bytes as `quick-xxxx-xxxx-xxxx` (lowercase hex). Throws RangeError for any other
 * number of bytes.
 */
export function formatQuickSpaceName(bytes: Uint8Array): string {
  if (bytes.length !== QUICK_SPACE_RANDOM_BYTES)
    throw new RangeError(`expected ${QUICK_SPACE_RANDOM_BYTES} bytes, got ${bytes.length}`);
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  const groups: string[] = [];
  for (let start = 0; start < hex.length; start += GROUP_HEX_DIGITS)
    groups.push(hex.slice(start, start + GROUP_HEX_DIGITS));
  return QUICK_SPACE_PREFIX + groups.join('-');
}

/**
 * A fresh quick space name from a crypto-random source (spec §9 Quick space). `fill` defaults
 * to `crypto.getRandomValues`; it must fill the array it is given.
 */
export function generateQuickSpaceName(
  fill: (bytes: Uint8Array) => Uint8Array = (bytes) => crypto.getRandomValues(bytes),
): string {
  return formatQuickSpaceName(fill(new Uint8Array(QUICK_SPACE_RANDOM_BYTES)));
}

/**
 * The outcome of checking the name typed into the quick-access prompt (trimmed first):
 * `empty` cancels quick access (spec §4 "no name cancels"); `invalid` means something other
 * than letters and digits; `too-long` means more than QUICK_USERNAME_MAX_CHARS characters.
 */
export type QuickUsernameCheck =
  { kind: 'ok'; username: string } | { kind: 'empty' } | { kind: 'invalid' } | { kind: 'too-long' };

/** Checks a typed name against the username rules before any call is made. */
export function checkQuickUsername(input: string): QuickUsernameCheck {
  const username = input.trim();
  if (username === '') return { kind: 'empty' };
  if (username.length > QUICK_USERNAME_MAX_CHARS) return { kind: 'too-long' };
  if (!USERNAME_PATTERN.test(username)) return { kind: 'invalid' };
  return { kind: 'ok', username };
}
