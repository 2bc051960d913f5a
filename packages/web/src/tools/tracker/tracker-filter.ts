/**
 * The state of the trackers' search and filter bar (spec §3 Issue filter) and the choices it
 * offers, shared by Kanban and Issue Management. No React; the matching itself is the domain's
 * `matchesFilter` / `filterIssues` in @cipherspace/tools/tracker.
 */
import {
  distinctMembers,
  sortByOrder,
  type DueStatus,
  type Issue,
  type IssueFilter,
  type IssuePriority,
  type IssueType,
  type Phase,
  type TrackerContent,
  wipState,
} from '@cipherspace/tools/tracker';
import type { Language } from '../../lib/i18n.ts';
import { m } from '../../paraglide/messages.js';

/** The filter bar's state: blank text and `null` selections do not restrict. */
export interface FilterState {
  text: string;
  type: IssueType | null;
  priority: IssuePriority | null;
  /** `null`: everyone; `''`: unassigned items only; otherwise one person. */
  assignee: string | null;
  /** `null`: any tag; otherwise items carrying this tag (case-insensitive). */
  tag: string | null;
  /**
   * `null`: any due date; 'overdue' / 'dueSoon' (today and the next 2 days) / 'none' (no due
   * date): only items whose due status on the member's local day is that one.
   */
  due: DueFilterChoice | null;
  /** Also show archived items (marked as such) on the board. */
  archived: boolean;
}

/** The due-date choices of the filter bar (a subset of the domain's due statuses, plus none). */
export type DueFilterChoice = Extract<DueStatus, 'overdue' | 'dueSoon'> | 'none';

/** The due filter's choices in the order the bar offers them. */
export const DUE_FILTER_CHOICES: readonly DueFilterChoice[] = ['overdue', 'dueSoon', 'none'];

/**
 * The calendar day `YYYY-MM-DD` of `date` in the member's own time zone (default: now): what
 * "today" means for due dates, which are calendar days without a zone.
 */
export function localDate(date: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${String(date.getFullYear())}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The filter bar with nothing entered. */
export const EMPTY_FILTER_STATE: FilterState = {
  text: '',
  type: null,
  priority: null,
  assignee: null,
  tag: null,
  due: null,
  archived: false,
};

/**
 * The domain {@link IssueFilter} of the filter bar's state (spec §3 Issue filter); `today` is
 * the member's local day `YYYY-MM-DD` the due filter measures against (default: {@link localDate}).
 */
export function toIssueFilter(state: FilterState, today: string = localDate()): IssueFilter {
  const filter: IssueFilter = {};
  if (state.text.trim() !== '') filter.textSearch = state.text;
  if (state.type !== null) filter.types = [state.type];
  if (state.priority !== null) filter.priorities = [state.priority];
  if (state.assignee !== null) filter.assignees = [state.assignee];
  if (state.tag !== null) filter.tags = [state.tag];
  if (state.due !== null) filter.due = { statuses: [state.due], today };
  if (state.archived) filter.includeArchived = true;
  return filter;
}

/** True when the filter bar restricts nothing. */
export function isFilterStateEmpty(state: FilterState): boolean {
  return (
    state.text.trim() === '' &&
    state.type === null &&
    state.priority === null &&
    state.assignee === null &&
    state.tag === null &&
    state.due === null &&
    !state.archived
  );
}

// The issues of each phase object on the board in order, computed once: operations keep an
// untouched phase by reference, so its list stays the same array and a memoised list skips a render.
const activeSorted = new WeakMap<Phase, Issue[]>();

/**
 * The issues of `phase` the board shows without a filter: sorted by `order`, archived ones left
 * out. The same array for the same phase object.
 */
export function activeIssuesInOrder(phase: Phase): Issue[] {
  let sorted = activeSorted.get(phase);
  if (!sorted) {
    sorted = sortByOrder(phase.issues).filter((issue) => issue.archived !== true);
    activeSorted.set(phase, sorted);
  }
  return sorted;
}

/** How many archived issues `content` holds (the header's "Archived (n)"). */
export function archivedCount(content: TrackerContent): number {
  let count = 0;
  for (const phase of content.phases)
    for (const issue of phase.issues) if (issue.archived === true) count += 1;
  return count;
}

/**
 * Trimmed, non-empty, first spelling wins (case-insensitive: `distinctMembers` of the tracker
 * domain), sorted for display.
 */
export function distinctNames(names: Iterable<string>, language: Language): string[] {
  return distinctMembers(names).sort((a, b) => a.localeCompare(b, language));
}

/** Everyone an item is assigned to, for the assignee filter (sorted, without duplicates). */
export function assigneesOf(content: TrackerContent, language: Language = 'en'): string[] {
  return distinctNames(
    content.phases.flatMap((phase) => phase.issues.map((issue) => issue.assignedPerson)),
    language,
  );
}

/** Every tag on the board, for the tag filter (sorted, case-insensitively without duplicates). */
export function tagsOf(content: TrackerContent, language: Language = 'en'): string[] {
  return distinctNames(
    content.phases.flatMap((phase) => phase.issues.flatMap((issue) => issue.tags)),
    language,
  );
}

/**
 * The warning of a column or phase at or over its work-in-progress limit `maxIssues` ('At the
 * limit of 5', 'Over the limit: 6 of 5'; the domain's `wipState`, archived issues not counted);
 * null below the limit or without one.
 */
export function wipWarning(phase: Pick<Phase, 'issues' | 'maxIssues'>): string | null {
  const wip = wipState(phase);
  if (wip === null) return null;
  if (wip.over) return m.tracker_wip_over({ count: String(wip.count), limit: String(wip.limit) });
  if (wip.atLimit) return m.tracker_wip_at_limit({ limit: String(wip.limit) });
  return null;
}
