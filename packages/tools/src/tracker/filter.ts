/**
 * The issue filter of Issue Management's search and filter bar (spec §3 Issue filter; the
 * settings flags `enableSearch` and `enableFiltering` switch the bar on).
 */
import { sortByOrder } from './operations.ts';
import {
  type DueStatus,
  type Issue,
  type IssueFilter,
  type Phase,
  type TicketSettings,
  type TrackerContent,
} from './types.ts';
import { DUE_SOON_DAYS, dueStatus } from './view.ts';

/** An issue that passed the filter, with the phase it sits in. */
export interface FilteredIssue {
  issue: Issue;
  phase: Phase;
}

const DATE_ONLY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 60 * 60 * 1000;
// Joins the searchable texts of an issue; no typed search text holds it.
const FIELD_SEPARATOR = '\u0000';

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

/**
 * True when `filter` restricts nothing beyond hiding archived issues: every list empty or
 * absent, no bound, blank text, no due statuses, not `archivedOnly` (`includeArchived` alone
 * counts as empty).
 */
export function isEmptyFilter(filter: IssueFilter): boolean {
  return (
    (filter.types?.length ?? 0) === 0 &&
    (filter.priorities?.length ?? 0) === 0 &&
    (filter.assignees?.length ?? 0) === 0 &&
    (filter.tags?.length ?? 0) === 0 &&
    boundMs(filter.dateRange?.from, 'from') === null &&
    boundMs(filter.dateRange?.to, 'to') === null &&
    (filter.textSearch ?? '').trim() === '' &&
    (filter.due?.statuses.length ?? 0) === 0 &&
    filter.archivedOnly !== true
  );
}

/**
 * `filter` as far as the board's settings allow it (spec §3 Ticket settings): without
 * `enableSearch` the text search is dropped, without `enableFiltering` every other criterion
 * (types, priorities, assignees, tags, dateRange, due) — a part the board switched off never
 * restricts. The archived choices (`includeArchived`, `archivedOnly`) always stay. Pure.
 */
export function allowedFilter(
  filter: IssueFilter,
  settings: Pick<TicketSettings, 'enableSearch' | 'enableFiltering'>,
): IssueFilter {
  const { textSearch, includeArchived, archivedOnly, ...criteria } = filter;
  return {
    ...(settings.enableFiltering ? criteria : {}),
    ...(settings.enableSearch && textSearch !== undefined ? { textSearch } : {}),
    ...(includeArchived !== undefined ? { includeArchived } : {}),
    ...(archivedOnly !== undefined ? { archivedOnly } : {}),
  };
}

/**
 * The lower-cased searchable text of each issue, its fields joined. Content is never changed in
 * place (an operation gives the issues it changes new objects), so a search typed letter by
 * letter over a 5,000-card board lower-cases each card once.
 */
const searchTexts = new WeakMap<Issue, string>();

function searchTextOf(issue: Issue): string {
  let text = searchTexts.get(issue);
  if (text === undefined) {
    const parts = [issue.title, issue.description, issue.assignedPerson, ...issue.tags];
    for (const comment of issue.comments) parts.push(comment.content);
    for (const item of issue.checklist ?? []) parts.push(item.text);
    if (issue.number !== undefined) parts.push(`#${String(issue.number)}`);
    text = parts.join(FIELD_SEPARATOR).toLowerCase();
    searchTexts.set(issue, text);
  }
  return text;
}

/**
 * Works out the text search's text of every issue of `content` ahead of a search (kept per issue
 * object, so an edit redoes only the issues it replaced): the first keystroke of a search then
 * tests 5,000 issues without first lower-casing all their fields.
 */
export function prepareTextSearch(content: Pick<TrackerContent, 'phases'>): void {
  for (const phase of content.phases) for (const issue of phase.issues) searchTextOf(issue);
}

/**
 * A test of one issue (and the phase it sits in, for the end-phase rule of due dates) against
 * a filter; see {@link issueMatcher}.
 */
export type IssueMatcher = (issue: Issue, phase?: Pick<Phase, 'isEndPhase'>) => boolean;

/**
 * The test of `filter` (spec §3 Issue filter), with everything about the filter worked out once
 * so that testing each of many issues allocates nothing new: what {@link filterIssues} runs, and
 * what a view testing issues one by one should build once per filter. All given criteria must
 * hold; an absent or empty criterion does not restrict:
 * - archived issues never match unless `includeArchived`; with `archivedOnly` only they match;
 * - `types`, `priorities`: the issue's value is in the list;
 * - `assignees`: the trimmed assignee equals one entry, case-insensitive ('' selects unassigned);
 * - `tags`: at least one of the issue's tags equals one entry, trimmed and case-insensitive;
 * - `dateRange`: `createdAt` lies within `from`..`to`, both inclusive, either optional; a
 *   date-only `to` ('2024-05-31') includes that whole day (UTC); an unparsable bound is ignored,
 *   an unparsable `createdAt` fails any bound;
 * - `due`: the issue's due status on `due.today` (dueStatus in ./view.ts, given the phase) is
 *   one of `due.statuses`; 'none' selects issues without a (valid) due date;
 * - `textSearch`: the trimmed text is a case-insensitive substring of the title, description,
 *   assignee, one tag, one comment's content, one checklist item's text or the ticket number
 *   written `#12` (so `#12` and `12` find issue 12; not ids, type or priority).
 */
export function issueMatcher(filter: IssueFilter): IssueMatcher {
  const { types, priorities, dateRange } = filter;
  const archivedOnly = filter.archivedOnly === true;
  const includeArchived = archivedOnly || filter.includeArchived === true;
  const assignees = filter.assignees?.length ? new Set(filter.assignees.map(normalise)) : null;
  const tags = filter.tags?.length ? new Set(filter.tags.map(normalise)) : null;
  const from = boundMs(dateRange?.from, 'from');
  const to = boundMs(dateRange?.to, 'to');
  const due = filter.due?.statuses.length ? filter.due : null;
  const dueStatuses = due ? new Set<DueStatus | 'none'>(due.statuses) : null;
  const soonDays = due?.soonDays ?? DUE_SOON_DAYS;
  const needle = normalise(filter.textSearch ?? '');

  return (issue, phase) => {
    const archived = issue.archived === true;
    if (archived ? !includeArchived : archivedOnly) return false;
    if (types?.length && !types.includes(issue.type)) return false;
    if (priorities?.length && !priorities.includes(issue.priority)) return false;
    if (assignees && !assignees.has(normalise(issue.assignedPerson))) return false;
    if (tags && !issue.tags.some((tag) => tags.has(normalise(tag)))) return false;
    if (from !== null || to !== null) {
      const created = Date.parse(issue.createdAt);
      if (Number.isNaN(created)) return false;
      if (from !== null && created < from) return false;
      if (to !== null && created > to) return false;
    }
    if (due && dueStatuses) {
      const status = dueStatus(issue, due.today, soonDays, phase);
      if (!dueStatuses.has(status ?? 'none')) return false;
    }
    if (needle !== '' && !searchTextOf(issue).includes(needle)) return false;
    return true;
  };
}

/**
 * Whether one issue passes `filter` ({@link issueMatcher}: the criteria are listed there);
 * `phase` is the issue's phase, which the due-date criterion needs (an issue in an end phase is
 * never overdue). For many issues build the matcher once instead.
 */
export function matchesFilter(
  issue: Issue,
  filter: IssueFilter,
  phase?: Pick<Phase, 'isEndPhase'>,
): boolean {
  return issueMatcher(filter)(issue, phase);
}

/**
 * The issues of `content` that pass `filter` ({@link issueMatcher}), each with its phase, in
 * board order (phases by `order`, issues by `order`). An empty filter returns every issue that
 * is not archived.
 */
export function filterIssues(content: TrackerContent, filter: IssueFilter): FilteredIssue[] {
  const matches = issueMatcher(filter);
  const found: FilteredIssue[] = [];
  for (const phase of sortByOrder(content.phases))
    for (const issue of sortByOrder(phase.issues))
      if (matches(issue, phase)) found.push({ issue, phase });
  return found;
}
