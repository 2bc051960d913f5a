/**
 * The tools of a space as the content API names them (spec §3 Tool metadata), taken from the
 * `@cipherspace/tools` registry, and the rule a tool id must follow before the CLI uses it in a
 * URL or a file name. The content shapes themselves live only in the registry.
 */
import { TOOL_NAMES, tools, type ToolName } from '@cipherspace/tools';
import { z } from 'zod';

/** The six tools of a space, in the dashboard's order (spec §1, §3): the registry's content ids. */
export const KNOWN_TOOLS: readonly ToolName[] = TOOL_NAMES;

/** The content ids of the two tools whose content is the shared phase/issue board (spec §3). */
export type BoardToolName = 'kanban' | 'ticket-system';

/**
 * The registry entries of the board tools (spec §3 Shared phase/issue tool content), by content
 * id: Kanban and Issue Management, exported to Markdown too.
 */
export const BOARD_TOOL_DEFINITIONS = {
  kanban: tools.kanban,
  'ticket-system': tools['ticket-system'],
} as const satisfies Record<BoardToolName, (typeof tools)[BoardToolName]>;

/** The content ids of {@link BOARD_TOOL_DEFINITIONS}: the tools exported to Markdown too. */
export const BOARD_TOOLS: ReadonlySet<string> = new Set(
  Object.values(BOARD_TOOL_DEFINITIONS).map((tool) => tool.metadata.name),
);

/** Whether `tool` is one of {@link BOARD_TOOLS} (Kanban or Issue Management, spec §3). */
export function isBoardTool(tool: string): tool is BoardToolName {
  return BOARD_TOOLS.has(tool);
}

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
