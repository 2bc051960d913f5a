/**
 * The state of the trackers' search and filter bar (spec §3 Issue filter) and the choices it
 * offers, shared by Kanban and Issue Management. No React; the matching itself is the domain's
 * `matchesFilter` / `filterIssues` in @cipherspace/tools/tracker.
 */
import type {
  IssueFilter,
  IssuePriority,
  IssueType,
  TrackerContent,
} from '@cipherspace/tools/tracker';
import type { Language } from '../../lib/i18n.ts';

/** The filter bar's state: blank text and `null` selections do not restrict. */
export interface FilterState {
  text: string;
  type: IssueType | null;
  priority: IssuePriority | null;
  /** `null`: everyone; `''`: unassigned items only; otherwise one person. */
  assignee: string | null;
  /** `null`: any tag; otherwise items carrying this tag (case-insensitive). */
  tag: string | null;
}

/** The filter bar with nothing entered. */
export const EMPTY_FILTER_STATE: FilterState = {
  text: '',
  type: null,
  priority: null,
  assignee: null,
  tag: null,
};

/** The domain {@link IssueFilter} of the filter bar's state (spec §3 Issue filter). */
export function toIssueFilter(state: FilterState): IssueFilter {
  const filter: IssueFilter = {};
  if (state.text.trim() !== '') filter.textSearch = state.text;
  if (state.type !== null) filter.types = [state.type];
  if (state.priority !== null) filter.priorities = [state.priority];
  if (state.assignee !== null) filter.assignees = [state.assignee];
  if (state.tag !== null) filter.tags = [state.tag];
  return filter;
}

/** True when the filter bar restricts nothing. */
export function isFilterStateEmpty(state: FilterState): boolean {
  return (
    state.text.trim() === '' &&
    state.type === null &&
    state.priority === null &&
    state.assignee === null &&
    state.tag === null
  );
}

/** Trimmed, non-empty, first spelling wins (case-insensitive), sorted for display. */
export function distinctNames(names: Iterable<string>, language: Language): string[] {
  const seen = new Map<string, string>();
  for (const name of names) {
    const trimmed = name.trim();
    const key = trimmed.toLowerCase();
    if (trimmed !== '' && !seen.has(key)) seen.set(key, trimmed);
  }
  return [...seen.values()].sort((a, b) => a.localeCompare(b, language));
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
