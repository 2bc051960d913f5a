/**
 * Reading the values of other tools' exports (dates, estimates, names) the same way for every
 * importer. Pure; dates without a zone are read as UTC, so every browser gets the same result.
 */
import { estimationToNumber } from '../estimation.ts';
import { ESTIMATION_MAX_CHARS } from '../types.ts';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

// Jira's own format: `12/Mar/24 10:15 AM`, also with a 4-digit year, 24-hour time or no time.
const JIRA_DATE =
  /^(\d{1,2})\/([A-Za-z]{3})\/(\d{2}|\d{4})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AaPp][Mm])?)?$/;
// ISO 8601 date, optionally with a time and zone (a time without a zone is read as UTC).
const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

function utc(year: number, month: number, day: number, hour = 0, minute = 0, second = 0) {
  const date = new Date(Date.UTC(year, month, day, hour, minute, second));
  // Date.UTC rolls 31 Feb over to March: such a date is not a date.
  return date.getUTCMonth() === month && date.getUTCDate() === day ? date : null;
}

function readJira(match: RegExpMatchArray): Date | null {
  const [, day, monthName, yearText, hourText, minute, second, meridiem] = match;
  const month = MONTHS.indexOf((monthName ?? '').toLowerCase());
  if (month < 0) return null;
  const year = Number(yearText) + ((yearText ?? '').length === 2 ? 2000 : 0);
  let hour = Number(hourText ?? 0);
  if (meridiem !== undefined) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (meridiem.toLowerCase() === 'pm' ? 12 : 0);
  }
  if (hour > 23 || Number(minute ?? 0) > 59) return null;
  return utc(year, month, Number(day), hour, Number(minute ?? 0), Number(second ?? 0));
}

function readIso(text: string, match: RegExpMatchArray): Date | null {
  const [, year, month, day, hour, , , zone] = match;
  const calendar = utc(Number(year), Number(month) - 1, Number(day));
  if (calendar === null) return null;
  if (hour === undefined) return calendar;
  const iso = text.replace(' ', 'T');
  // `+0100` as Date.parse reads it everywhere: `+01:00`.
  const zoned = zone === undefined ? `${iso}Z` : iso.replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
  const parsed = Date.parse(zoned);
  return Number.isNaN(parsed) ? null : new Date(parsed);
}

/**
 * An export's date or timestamp as an ISO 8601 UTC timestamp (`2024-03-12T10:15:00.000Z`), or
 * null when `text` is blank or not a date. Reads ISO 8601 (`2024-03-12`, `2024-03-12T10:15:00Z`,
 * with or without zone) and Jira's `12/Mar/24 10:15 AM` (also 4-digit years, 24-hour times, no
 * time). Without a zone the time is taken as UTC.
 */
export function parseExportDate(text: string | null | undefined): string | null {
  const trimmed = (text ?? '').trim();
  if (trimmed === '') return null;
  const jira = JIRA_DATE.exec(trimmed);
  const iso = jira ? null : ISO_DATE.exec(trimmed);
  const date = jira ? readJira(jira) : iso ? readIso(trimmed, iso) : null;
  return date === null ? null : date.toISOString();
}

/**
 * The calendar date (`YYYY-MM-DD`) of an export's date or timestamp, as {@link parseExportDate}
 * reads it; null when it is not one. An ISO timestamp keeps the date it names in UTC.
 */
export function parseExportDay(text: string | null | undefined): string | null {
  return parseExportDate(text)?.slice(0, 10) ?? null;
}

/**
 * An estimate as a board keeps it (spec §5: at most 3 characters, not negative): trimmed,
 * numbers without a trailing `.0` (`3.0` → `3`); null when it cannot be kept that way.
 */
export function importEstimation(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined) return '';
  let text = String(value).trim();
  if (/^-?\d+\.0+$/.test(text)) text = text.replace(/\.0+$/, '');
  if (text.length > ESTIMATION_MAX_CHARS) return null;
  const points = estimationToNumber(text);
  return points !== null && points < 0 ? null : text;
}

/** Text of an export's field: a string trimmed, anything else ''. */
export function textOf(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** Whether `value` is a plain object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
