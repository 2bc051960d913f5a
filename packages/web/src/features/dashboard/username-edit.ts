/**
 * Rules of the inline username edit on the dashboard (spec §4 Username edit, §9 Limits:
 * "username edit alphanumeric"). Only letters and digits may be typed; navigation and editing
 * keys keep working; an unchanged or empty name cancels without a call; a 409 means the name
 * is taken.
 */
import { hasInvisibleCharacters, isSingleScript } from '@cipherspace/crypto';

import type { ServerErrorReason } from '../../lib/server-errors.ts';

/** The server's limit on usernames (characters). */
export const USERNAME_MAX_CHARS = 50;

const USERNAME_CHAR = /^[\p{L}\p{N}]$/u;
const USERNAME_CHARS = /[\p{L}\p{N}]/gu;
/** Exactly one character (code point): a typed character rather than a named key. */
const ONE_CHAR = /^.$/su;

/** true for one letter or digit of any script ('a', 'Ü', '7'); false for anything else. */
export function isUsernameChar(char: string): boolean {
  return USERNAME_CHAR.test(char);
}

/**
 * The letters and digits of `text`, in order, cut to {@link USERNAME_MAX_CHARS} — what the
 * field keeps after typing or pasting ('Ann-Marie 2!' → 'AnnMarie2').
 */
export function filterUsername(text: string): string {
  let kept = '';
  for (const char of text.match(USERNAME_CHARS) ?? []) {
    // The server counts UTF-16 units; never cut a character in half.
    if (kept.length + char.length > USERNAME_MAX_CHARS) break;
    kept += char;
  }
  return kept;
}

/** The parts of a keydown event the filter looks at. */
export interface UsernameKey {
  /** `KeyboardEvent.key`: a character ('a', '-') or a named key ('Enter', 'ArrowLeft'). */
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  /** true while an input method composes text (its result is filtered on input instead). */
  isComposing?: boolean;
}

/**
 * Whether a keydown may reach the field: named keys (navigation, Backspace, Delete, Tab,
 * Enter, Escape, …), shortcuts with Ctrl/⌘ (copy, paste, select all) and composition pass;
 * a typed character passes only if it is a letter or digit.
 */
export function isAllowedUsernameKey(event: UsernameKey): boolean {
  if (event.isComposing) return true;
  if (event.ctrlKey || event.metaKey) return true;
  if (!ONE_CHAR.test(event.key)) return true;
  return isUsernameChar(event.key);
}

/** What finishing an edit does: nothing (back to view) or save `username`. */
export type UsernameEditResult = { kind: 'cancel' } | { kind: 'save'; username: string };

/**
 * Decides how an edit ends (spec §4): an empty draft or one equal to `current` cancels without
 * a call; anything else is saved (filtered to letters and digits).
 */
export function resolveUsernameEdit(current: string, draft: string): UsernameEditResult {
  const username = filterUsername(draft);
  if (username === '' || username === current) return { kind: 'cancel' };
  return { kind: 'save', username };
}

/**
 * Why the server would refuse `username` as a new name: 'usernameInvisible' (a letter that shows
 * nothing, such as U+3164 HANGUL FILLER) or 'usernameMixedScripts' (letters of two scripts, such as
 * a Cyrillic е among Latin letters); null when it may be sent. The page shows the server's
 * translated text for the reason without a call.
 */
export function newUsernameProblem(
  username: string,
): 'usernameInvisible' | 'usernameMixedScripts' | null {
  if (hasInvisibleCharacters(username)) return 'usernameInvisible';
  return isSingleScript(username) ? null : 'usernameMixedScripts';
}

/** Server refusals of a new name that say more than 'exists' (look-alike names). */
const NAME_REFUSALS: ReadonlySet<ServerErrorReason> = new Set<ServerErrorReason>([
  'usernameLookalike',
  'usernameMixedScripts',
  'usernameInvisible',
]);

/**
 * Which message a failed rename shows (spec §8 Dashboard): 'refused' for the server's look-alike,
 * mixed-script and invisible-character refusals (with their translated detail), 'exists' for any
 * other tRPC code 'CONFLICT' (HTTP 409, the old name is restored), 'failed' for anything else.
 */
export function renameFailure(
  code: string | undefined,
  reason: ServerErrorReason | null = null,
): 'refused' | 'exists' | 'failed' {
  if (reason !== null && NAME_REFUSALS.has(reason)) return 'refused';
  return code === 'CONFLICT' ? 'exists' : 'failed';
}
