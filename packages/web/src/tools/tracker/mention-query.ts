/**
 * The `@name` being typed in a comment box and what the mention picker offers for it. Pure; the
 * boundaries follow `mentionsIn` of @cipherspace/tools/tracker (an `@` right after a name
 * character, as in an e-mail address, starts no mention).
 */

import { mentionableMembers, sameName } from '@cipherspace/tools/tracker';

/** The mention being typed: `start` the index of its `@`, `query` what follows up to the caret. */
export interface MentionQuery {
  start: number;
  query: string;
}

// `@` at the start or after a character that cannot end a name, then name characters to the caret.
const TYPING = /(?:^|[^\p{L}\p{N}_.@-])@([\p{L}\p{N}_.-]{0,40})$/u;

/** The mention being typed in `text` with the caret at `caret` (UTF-16 index); null when none. */
export function mentionQueryAt(text: string, caret: number): MentionQuery | null {
  const before = text.slice(0, Math.max(0, Math.min(caret, text.length)));
  const match = TYPING.exec(before);
  if (!match) return null;
  const query = match[1] ?? '';
  return { start: before.length - query.length - 1, query };
}

/**
 * The members offered for `query`: only names that can be mentioned, one per member
 * (`mentionableMembers` of @cipherspace/tools/tracker: each, inserted as `@name`, is found by
 * `mentionsIn`), those whose name starts with `query` first, then those containing it (both
 * ignoring case, each group in the order of `members`), without `me`, at most `limit`.
 */
export function mentionOptions(
  members: readonly string[],
  query: string,
  me: string,
  limit = 8,
): string[] {
  const wanted = query.toLowerCase();
  const starts: string[] = [];
  const contains: string[] = [];
  for (const name of mentionableMembers(members)) {
    const key = name.toLowerCase();
    if (sameName(name, me)) continue;
    if (key.startsWith(wanted)) starts.push(name);
    else if (key.includes(wanted)) contains.push(name);
  }
  return [...starts, ...contains].slice(0, limit);
}

/**
 * `text` with the mention typed from `query.start` to `caret` replaced by `@name` and a space
 * (no second space when one follows already); `caret` is where the cursor goes, after it.
 */
export function insertMention(
  text: string,
  query: MentionQuery,
  caret: number,
  name: string,
): { text: string; caret: number } {
  const after = text.slice(caret);
  const inserted = after.startsWith(' ') ? `@${name}` : `@${name} `;
  const next = text.slice(0, query.start) + inserted + after;
  const end = query.start + inserted.length + (after.startsWith(' ') ? 1 : 0);
  return { text: next, caret: end };
}
