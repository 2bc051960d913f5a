/**
 * Pure view helpers of an issue on both trackers (spec §2 /tools/ticket, /tools/kanban details):
 * type letters, badge CSS modifiers and the comments' order. No React.
 */
import type { Comment, IssueType } from '@cipherspace/tools/tracker';

/** spec §2: the letter badge of each issue type (Task T, Bug B, User Story U, Epic E). */
export const TYPE_LETTERS: Readonly<Record<IssueType, string>> = {
  Task: 'T',
  Bug: 'B',
  'User Story': 'U',
  Epic: 'E',
};

/** CSS modifier of each type badge and priority badge (`ticket-type-task`, `ticket-priority-high`…). */
export function cssToken(value: string): string {
  return value.toLowerCase().replace(/\s+/g, '-');
}

/**
 * The comments of an issue newest first (spec §2), by `createdAt`; comments with equal or
 * unparsable times keep their reverse insertion order (the later one first). Returns a copy.
 */
export function commentsNewestFirst(comments: readonly Comment[]): Comment[] {
  const time = (comment: Comment) => {
    const ms = Date.parse(comment.createdAt);
    return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
  };
  return comments
    .map((comment, index) => ({ comment, index }))
    .toSorted((a, b) => time(b.comment) - time(a.comment) || b.index - a.index)
    .map(({ comment }) => comment);
}
