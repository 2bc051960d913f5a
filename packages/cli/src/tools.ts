/**
 * The tools of a space as the content API names them (spec §3 Tool metadata), and the rule a
 * tool id must follow before the CLI uses it in a URL or a file name.
 */
import { z } from 'zod';

/** The six tools of a space, in the dashboard's order (spec §1, §3). */
export const KNOWN_TOOLS = [
  'kanban',
  'ticket-system',
  'bulletin',
  'diagrams',
  'poker',
  'randomizer',
] as const;

/** The tools whose content is the shared phase/issue board (spec §3), exported to Markdown too. */
export const BOARD_TOOLS: ReadonlySet<string> = new Set(['kanban', 'ticket-system']);

/**
 * A tool id: lowercase letters, digits and dashes, at most 64 characters (the server's rule).
 * Checked on everything a server or a backup file names, so an id can never climb out of the
 * export folder (`../x`) or change the URL.
 */
export const toolIdSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, { error: 'not a tool id (a-z, 0-9, -)' });

/**
 * The tools to visit: the known six in their order, then any other tool the server lists
 * (a newer server may have more), each once.
 */
export function toolsToVisit(listed: readonly string[]): string[] {
  const known: readonly string[] = KNOWN_TOOLS;
  const extra = listed.filter((tool) => !known.includes(tool)).sort();
  return [...known, ...new Set(extra)];
}
