/**
 * Unread mentions of Kanban and Issue Management: a card or issue holding a comment by someone
 * else that mentions the member (`@name`, see `mentionsIn` of @cipherspace/tools/tracker) which
 * the member has not seen since shows an unread marker. What was seen is a list of comment ids,
 * kept per member and space in this browser ({@link mentionsSeenStorageKey}); opening the details
 * marks the issue's mentions seen. Pure functions plus the storage read/write.
 */
import { mentionsIn, sameName, type Issue, type TrackerContent } from '@cipherspace/tools/tracker';

import { mentionsSeenStorageKey, readJson, writeJson } from '../../lib/storage.ts';

/**
 * The ids of the comments of `issue` that mention `me` and were written by someone else, in the
 * issue's order; none for a blank `me`.
 */
export function mentionCommentIds(issue: Pick<Issue, 'comments'>, me: string): string[] {
  if (me.trim() === '') return [];
  return issue.comments
    .filter(
      (comment) => !sameName(comment.createdBy, me) && mentionsIn(comment.content, [me]).length > 0,
    )
    .map((comment) => comment.id);
}

/** Whether `issue` holds a mention of `me` (see {@link mentionCommentIds}) not in `seen`. */
export function hasUnreadMention(
  issue: Pick<Issue, 'comments'>,
  me: string,
  seen: ReadonlySet<string>,
): boolean {
  return mentionCommentIds(issue, me).some((id) => !seen.has(id));
}

/** The ids of the issues of `content` with an unread mention of `me` (see {@link hasUnreadMention}). */
export function unreadMentionIssues(
  content: TrackerContent,
  me: string,
  seen: ReadonlySet<string>,
): Set<string> {
  const unread = new Set<string>();
  if (me.trim() === '') return unread;
  for (const phase of content.phases)
    for (const issue of phase.issues) if (hasUnreadMention(issue, me, seen)) unread.add(issue.id);
  return unread;
}

/**
 * `seen` plus the mentions of `me` in `issue`; `seen` itself (the same object) when it already
 * holds them all, so a caller can skip storing and re-rendering.
 */
export function markMentionsSeen(
  seen: ReadonlySet<string>,
  issue: Pick<Issue, 'comments'>,
  me: string,
): ReadonlySet<string> {
  const fresh = mentionCommentIds(issue, me).filter((id) => !seen.has(id));
  if (fresh.length === 0) return seen;
  return new Set([...seen, ...fresh]);
}

/**
 * `seen` without the ids of comments no longer on the board (deleted comments or issues), so the
 * stored list does not grow for ever; `seen` itself when nothing was dropped.
 */
export function pruneSeen(seen: ReadonlySet<string>, content: TrackerContent): ReadonlySet<string> {
  if (seen.size === 0) return seen;
  const present = new Set<string>();
  for (const phase of content.phases)
    for (const issue of phase.issues) for (const comment of issue.comments) present.add(comment.id);
  const kept = [...seen].filter((id) => present.has(id));
  return kept.length === seen.size ? seen : new Set(kept);
}

/** The comment ids `member` has seen in `spaceName` in this browser (empty when none stored). */
export function readSeenMentions(spaceName: string, member: string): Set<string> {
  const stored = readJson<unknown>(mentionsSeenStorageKey(spaceName, member));
  return new Set(
    Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [],
  );
}

/** Stores the comment ids `member` has seen in `spaceName` (see {@link readSeenMentions}). */
export function writeSeenMentions(
  spaceName: string,
  member: string,
  seen: ReadonlySet<string>,
): void {
  try {
    writeJson(mentionsSeenStorageKey(spaceName, member), [...seen]);
  } catch {
    // Storage full or blocked: the marker comes back after a reload, nothing else breaks.
  }
}
