/** Formatting for the dashboard's space information (spec §2 /dashboard Space-info section). */
import { formatDate } from '../../lib/date-format.ts';
import type { Language } from '../../lib/i18n.ts';

/**
 * A date and time (ISO string or Date) as the language writes it, e.g. 'March 5, 2025 at
 * 2:07 PM' (en) or '5. März 2025 um 14:07' (de). Unparsable input is returned as given.
 */
export function formatCreatedDate(value: string | Date, language: Language): string {
  return formatDate(value, language, 'longDateTime');
}
