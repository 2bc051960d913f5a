/**
 * Dates and times as the interface language writes them (spec §5 Language).
 *
 * The styles the tools' first screens show — `date` on the Kanban cards, `dateTime` on Issue
 * Management's issues and the Pinboard's notes — are written in en and de from the date's local
 * fields, without `Intl`: a page's first `Intl` object loads ICU's data, 36–47 ms on the main
 * thread of a 2-core machine, which a board opened by its address paid before it could show
 * (even made "in idle time": the main thread of a loading page has none; bench/RESULTS.md,
 * 2026-12-05). The text is what Chromium's and Node's Intl write, character for character
 * (date-format.test.ts compares them).
 * Every other style and language goes through one `Intl.DateTimeFormat` per language and style
 * for the page's lifetime: creating one costs far more than formatting with it.
 */

/**
 * The styles the app shows (en / de): `date` 'Mar 5, 2025' / '05.03.2025'; `dateTime`
 * 'Mar 5, 2025, 2:07 PM' / '05.03.2025, 14:07'; `shortDateTime` '3/5/25, 2:07 PM' /
 * '05.03.25, 14:07'; `longDateTime` 'March 5, 2025 at 2:07 PM' / '5. März 2025 um 14:07';
 * `fullDate` 'Wednesday, March 5, 2025' / 'Mittwoch, 5. März 2025'; `time` '2:07 PM' / '14:07'.
 */
export type DateStyle =
  'date' | 'dateTime' | 'shortDateTime' | 'longDateTime' | 'fullDate' | 'time';

const OPTIONS: Readonly<Record<DateStyle, Intl.DateTimeFormatOptions>> = {
  date: { dateStyle: 'medium' },
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  shortDateTime: { dateStyle: 'short', timeStyle: 'short' },
  longDateTime: { dateStyle: 'long', timeStyle: 'short' },
  fullDate: { dateStyle: 'full' },
  time: { timeStyle: 'short' },
};

const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(language: string, style: DateStyle): Intl.DateTimeFormat {
  const key = `${language} ${style}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language, OPTIONS[style]);
    formats.set(key, format);
  }
  return format;
}

/** English's month abbreviations in its medium date ('Mar 5, 2025'), as CLDR writes them. */
const EN_MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

const twoDigits = (value: number): string => String(value).padStart(2, '0');

/**
 * `date` and `dateTime` of en and de for years 1–9999, as Intl writes them: en 'Mar 5, 2025' and
 * 'Mar 5, 2025, 2:07 PM', de '05.03.2025' and '05.03.2025, 14:07' (local time). Null for any
 * other style, language or year: Intl writes those.
 */
function formatWithoutIntl(date: Date, language: string, style: DateStyle): string | null {
  if (style !== 'date' && style !== 'dateTime') return null;
  if (language !== 'en' && language !== 'de') return null;
  const year = date.getFullYear();
  if (year < 1 || year > 9999) return null;
  const day = date.getDate();
  const month = date.getMonth();
  const dateText =
    language === 'en'
      ? `${EN_MONTHS[month]} ${day}, ${year}`
      : `${twoDigits(day)}.${twoDigits(month + 1)}.${year}`;
  if (style === 'date') return dateText;
  const hours = date.getHours();
  const minutes = twoDigits(date.getMinutes());
  const time =
    language === 'en'
      ? `${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`
      : `${twoDigits(hours)}:${minutes}`;
  return `${dateText}, ${time}`;
}

/**
 * A `Date`, or an ISO 8601 time (anything `Date` parses), in `language` (a BCP 47 tag: 'en',
 * 'de', …) and `style`, in local time; the input as text when it is not a valid date. Never
 * throws for a valid date; `Intl` throws a RangeError for a language it cannot read.
 */
export function formatDate(value: string | Date, language: string, style: DateStyle): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return String(value);
  return formatWithoutIntl(date, language, style) ?? formatFor(language, style).format(date);
}

/**
 * An ISO 8601 timestamp as local date and time in `language` ('Mar 5, 2024, 2:07 PM' /
 * '05.03.2024, 14:07'); an unparsable value is returned as it is.
 */
export function formatDateTime(iso: string, language: string): string {
  return formatDate(iso, language, 'dateTime');
}
