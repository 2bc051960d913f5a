/**
 * Pure view helpers of the Issue Management screen (spec §2 /tools/ticket, §3 Issue filter):
 * the filter's matches by phase and the people offered as assignees (type and priority names come from
 * ../tracker/tracker-messages.ts). No React; the rules themselves live in
 * @cipherspace/tools/tracker.
 */
import {
  sortByOrder,
  type FilteredIssue,
  type Issue,
  type Phase,
  type TrackerContent,
} from '@cipherspace/tools/tracker';
import type { Language } from '../../lib/i18n.ts';
import { distinctNames } from '../tracker/tracker-filter.ts';

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
