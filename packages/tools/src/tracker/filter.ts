/**
 * The issue filter of Issue Management's search and filter bar (spec §3 Issue filter; the
 * settings flags `enableSearch` and `enableFiltering` switch the bar on).
 */
import { sortByOrder } from './operations.ts';
import { type Issue, type IssueFilter, type Phase, type TrackerContent } from './types.ts';

/** An issue that passed the filter, with the phase it sits in. */
export interface FilteredIssue {
  issue: Issue;
  phase: Phase;
}

const DATE_ONLY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

function normalise(text: string): string {
  return text.trim().toLowerCase();
}

// Epoch milliseconds of a range bound; a date-only `to` means the end of that day (UTC).
function boundMs(bound: string | undefined, side: 'from' | 'to'): number | null {
  if (bound === undefined || bound.trim() === '') return null;
  const ms = Date.parse(bound);
  if (Number.isNaN(ms)) return null;
  return side === 'to' && DATE_ONLY_PATTERN.test(bound.trim()) ? ms + DAY_MS - 1 : ms;
}

/** True when `filter` restricts nothing: every list empty or absent, no bound, blank text. */
export function isEmptyFilter(filter: IssueFilter): boolean {
  return (
    (filter.types?.length ?? 0) === 0 &&
    (filter.priorities?.length ?? 0) === 0 &&
    (filter.assignees?.length ?? 0) === 0 &&
    (filter.tags?.length ?? 0) === 0 &&
    boundMs(filter.dateRange?.from, 'from') === null &&
    boundMs(filter.dateRange?.to, 'to') === null &&
    (filter.textSearch ?? '').trim() === ''
  );
}

/**
 * Whether one issue passes `filter` (spec §3 Issue filter). All given criteria must hold; an
 * absent or empty criterion does not restrict:
 * - `types`, `priorities`: the issue's value is in the list;
 * - `assignees`: the trimmed assignee equals one entry, case-insensitive ('' selects unassigned);
 * - `tags`: at least one of the issue's tags equals one entry, trimmed and case-insensitive;
 * - `dateRange`: `createdAt` lies within `from`..`to`, both inclusive, either optional; a
 *   date-only `to` ('2024-05-31') includes that whole day (UTC); an unparsable bound is ignored,
 *   an unparsable `createdAt` fails any bound;
 * - `textSearch`: the trimmed text is a case-insensitive substring of the title, description,
 *   assignee, one tag, one comment's content or the ticket number written `#12` (so `#12` and
 *   `12` find issue 12; not ids, type or priority).
 */
export function matchesFilter(issue: Issue, filter: IssueFilter): boolean {
  const { types, priorities, assignees, tags, dateRange, textSearch } = filter;
  if (types?.length && !types.includes(issue.type)) return false;
  if (priorities?.length && !priorities.includes(issue.priority)) return false;
  if (assignees?.length) {
    const assignee = normalise(issue.assignedPerson);
    if (!assignees.some((entry) => normalise(entry) === assignee)) return false;
  }
  if (tags?.length) {
    const wanted = new Set(tags.map(normalise));
    if (!issue.tags.some((tag) => wanted.has(normalise(tag)))) return false;
  }
  const from = boundMs(dateRange?.from, 'from');
  const to = boundMs(dateRange?.to, 'to');
  if (from !== null || to !== null) {
    const created = Date.parse(issue.createdAt);
    if (Number.isNaN(created)) return false;
    if (from !== null && created < from) return false;
    if (to !== null && created > to) return false;
  }
  const needle = normalise(textSearch ?? '');
  if (needle !== '') {
    const haystack = [
      issue.title,
      issue.description,
      issue.assignedPerson,
      ...issue.tags,
      ...issue.comments.map((comment) => comment.content),
      issue.number === undefined ? '' : `#${String(issue.number)}`,
    ];
    if (!haystack.some((text) => text.toLowerCase().includes(needle))) return false;
  }
  return true;
}

/**
 * The issues of `content` that pass `filter` ({@link matchesFilter}), each with its phase, in
 * board order (phases by `order`, issues by `order`). An empty filter returns every issue.
 */
export function filterIssues(content: TrackerContent, filter: IssueFilter): FilteredIssue[] {
  return sortByOrder(content.phases).flatMap((phase) =>
    sortByOrder(phase.issues)
      .filter((issue) => matchesFilter(issue, filter))
      .map((issue) => ({ issue, phase })),
  );
}
