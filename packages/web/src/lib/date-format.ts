/**
 * Dates and times as the interface language writes them (spec §5 Language), with one
 * `Intl.DateTimeFormat` per language and style for the page's lifetime: creating one costs far
 * more than formatting with it, and the first one a page creates also loads the locale's data —
 * 30–120 ms on the main thread in Chromium (bench/RESULTS.md, issue 15 first render). A tool
 * opened by its address therefore creates its formatter while the page still waits for the
 * network ({@link prepareDateFormat}, from app/first-screen.ts), not while its cards render.
 */

/** The styles the app shows: 'Mar 5, 2025' / '05.03.2025' and 'Mar 5, 2025, 2:07 PM' / '05.03.2025, 14:07'. */
export type DateStyle = 'date' | 'dateTime';

const OPTIONS: Readonly<Record<DateStyle, Intl.DateTimeFormatOptions>> = {
  date: { dateStyle: 'medium' },
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
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
 * An ISO 8601 time (or anything `Date` parses) in `language` and `style`, in local time; the
 * text itself when it is not a valid date.
 */
export function formatDate(iso: string, language: string, style: DateStyle): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return formatFor(language, style).format(date);
}

/**
 * Creates the formatter of `language` and `style` when the browser is next idle (within 1 s), so
 * a screen about to show dates finds it ready. Never throws.
 */
export function prepareDateFormat(language: string, style: DateStyle): void {
  const prepare = () => {
    try {
      formatFor(language, style);
    } catch {
      // An unknown language: formatDate reports nothing either, the screen falls back itself.
    }
  };
  if (typeof requestIdleCallback === 'function') requestIdleCallback(prepare, { timeout: 1000 });
  else setTimeout(prepare, 0);
}
