/**
 * What a board shows about an issue or a phase beyond its fields: due-date status, checklist
 * progress, work-in-progress limits and archived issues (spec §3 Shared phase/issue tool
 * content, Phase `maxIssues`). Pure functions of the content; no clock of their own (the caller
 * passes today's date).
 */
import { DUE_DATE_PATTERN, type DueStatus, type Issue, type Phase } from './types.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The default of `soonDays` in {@link dueStatus}: today and the next 2 days are "due soon". */
export const DUE_SOON_DAYS = 2;

/**
 * The day number (days since 1970-01-01) of a calendar date `YYYY-MM-DD`, or null when `date`
 * is not one (wrong format or no such day, e.g. '2024-02-30').
 */
export function dayNumber(date: string): number | null {
  if (!DUE_DATE_PATTERN.test(date)) return null;
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const day = Number(date.slice(8, 10));
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1) return null;
  if (back.getUTCDate() !== day) return null;
  return ms / DAY_MS;
}

/** Whether `date` is a calendar date `YYYY-MM-DD` that exists (what a due date must be). */
export function isDueDate(date: string): boolean {
  return dayNumber(date) !== null;
}

/** Whether `issue` is archived: hidden from the board, restorable. */
export function isArchived(issue: Pick<Issue, 'archived'>): boolean {
  return issue.archived === true;
}

/**
 * The issues of `phase` that are on the board (not archived): what counts against its
 * `maxIssues` — a hidden card must not block a column.
 */
export function activeIssueCount(phase: Pick<Phase, 'issues'>): number {
  let count = 0;
  for (const issue of phase.issues) if (issue.archived !== true) count += 1;
  return count;
}

/**
 * How `issue`'s due date stands on `today` (both `YYYY-MM-DD`): 'overdue' before today,
 * 'dueSoon' from today up to `soonDays` days after it, 'due' later. An issue in an end phase
 * (pass its `phase`; `isEndPhase` true) is done, so never overdue or due soon: 'due'. Null when
 * the issue has no due date, or `dueDate` or `today` is not a date.
 */
export function dueStatus(
  issue: Pick<Issue, 'dueDate'>,
  today: string,
  soonDays: number = DUE_SOON_DAYS,
  phase?: Pick<Phase, 'isEndPhase'>,
): DueStatus | null {
  if (issue.dueDate === undefined) return null;
  const due = dayNumber(issue.dueDate);
  const now = dayNumber(today);
  if (due === null || now === null) return null;
  if (phase?.isEndPhase === true) return 'due';
  if (due < now) return 'overdue';
  return due - now <= soonDays ? 'dueSoon' : 'due';
}

/** Ticked and all items of `issue`'s checklist; null when it has none (absent or empty). */
export function checklistProgress(
  issue: Pick<Issue, 'checklist'>,
): { done: number; total: number } | null {
  const items = issue.checklist;
  if (items === undefined || items.length === 0) return null;
  let done = 0;
  for (const item of items) if (item.done) done += 1;
  return { done, total: items.length };
}

/**
 * A phase's work-in-progress state against its `maxIssues`: `count` the issues on the board
 * (archived ones left out, see {@link activeIssueCount}), `limit` the maximum, `atLimit` when
 * they are equal, `over` when the count exceeds it (only content from elsewhere can). Null when
 * the phase has no limit.
 */
export function wipState(
  phase: Pick<Phase, 'issues' | 'maxIssues'>,
): { count: number; limit: number; over: boolean; atLimit: boolean } | null {
  if (typeof phase.maxIssues !== 'number') return null;
  const count = activeIssueCount(phase);
  const limit = phase.maxIssues;
  return { count, limit, over: count > limit, atLimit: count === limit };
}
