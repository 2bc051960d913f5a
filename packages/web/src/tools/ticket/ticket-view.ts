/**
 * Pure view helpers of the Issue Management screen (spec §2 /tools/ticket, §3 Issue filter):
 * type letters, translated type and priority names, comment order, date formatting, the
 * filter's matches by phase and the people offered as assignees (type and priority names come from
 * ../tracker/tracker-messages.ts). No React; the rules themselves live in
 * @cipherspace/tools/tracker.
 */
import {
  sortByOrder,
  type Comment,
  type FilteredIssue,
  type Issue,
  type IssueType,
  type Phase,
  type TrackerContent,
} from '@cipherspace/tools/tracker';
import { formatDate } from '../../lib/date-format.ts';
import type { Language } from '../../lib/i18n.ts';
import { distinctNames } from '../tracker/tracker-filter.ts';

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

/**
 * An ISO 8601 timestamp as local date and time in `language` ('Mar 5, 2024, 2:07 PM' /
 * '05.03.2024, 14:07'); an unparsable value is returned as it is.
 */
export function formatDateTime(iso: string, language: Language): string {
  return formatDate(iso, language, 'dateTime');
}

// The issues of each phase object in board order, computed once: operations keep an untouched
// phase by reference, so its list stays the same array and its memoised section skips a render.
const sortedIssues = new WeakMap<Phase, Issue[]>();

/** The issues of `phase` sorted by `order`; the same array for the same phase object. */
export function issuesInOrder(phase: Phase): Issue[] {
  let sorted = sortedIssues.get(phase);
  if (!sorted) {
    sorted = sortByOrder(phase.issues);
    sortedIssues.set(phase, sorted);
  }
  return sorted;
}

/**
 * The issues that passed the filter (domain `filterIssues`), grouped by phase id, each list in
 * board order. Phases without a match are absent.
 */
export function groupByPhase(filtered: readonly FilteredIssue[]): Map<string, Issue[]> {
  const groups = new Map<string, Issue[]>();
  for (const { issue, phase } of filtered) {
    const list = groups.get(phase.id);
    if (list) list.push(issue);
    else groups.set(phase.id, [issue]);
  }
  return groups;
}

/**
 * The people the issue form suggests as assignees: the board's team members, the current user,
 * and everyone who already created or holds an issue (sorted, without duplicates).
 */
export function knownPeople(
  content: TrackerContent,
  currentUser: string | null,
  language: Language = 'en',
): string[] {
  return distinctNames(
    [
      ...content.teamMembers,
      ...(currentUser === null ? [] : [currentUser]),
      ...content.phases.flatMap((phase) =>
        phase.issues.flatMap((issue) => [issue.assignedPerson, issue.createdBy]),
      ),
    ],
    language,
  );
}

/** The phases of `content` in board order. */
export function phasesInOrder(content: TrackerContent) {
  return sortByOrder(content.phases);
}
