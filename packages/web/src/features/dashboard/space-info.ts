/** Formatting for the dashboard's space information (spec §2 /dashboard Space-info section). */
import type { Language } from '../../lib/i18n.ts';

/**
 * A date and time (ISO string or Date) as the language writes it, e.g. 'March 5, 2025 at
 * 2:07 PM' (en) or '5. März 2025 um 14:07' (de). Unparsable input is returned as given.
 */
export function formatCreatedDate(value: string | Date, language: Language): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return String(value);
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short' }).format(date);
}
