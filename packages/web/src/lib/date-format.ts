/**
 * Dates and times as the interface language writes them (spec §5 Language), with one
 * `Intl.DateTimeFormat` per language and style for the page's lifetime: creating one costs far
 * more than formatting with it, and the first one a page creates also loads the locale's data —
 * 30–120 ms on the main thread in Chromium (bench/RESULTS.md, issue 15 first render). A tool
 * whose first screen shows dates, opened by its address, therefore creates its formatter while
 * the page still waits for the network ({@link prepareDateFormat}, from app/first-screen.ts), not
 * while its cards render; the others create none.
 */

import { whenIdle } from './when-idle.ts';

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

/**
 * A `Date`, or an ISO 8601 time (anything `Date` parses), in `language` and `style`, in local
 * time; the input as text when it is not a valid date.
 */
export function formatDate(value: string | Date, language: string, style: DateStyle): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return String(value);
  return formatFor(language, style).format(date);
}

/**
 * Creates the formatter of `language` and `style` when the browser is next idle (within 1 s), so
 * a screen about to show dates finds it ready. Never throws.
 */
export function prepareDateFormat(language: string, style: DateStyle): void {
  whenIdle(() => {
    try {
      formatFor(language, style);
    } catch {
      // An unknown language: formatDate reports nothing either, the screen falls back itself.
    }
  }, 1000);
}
