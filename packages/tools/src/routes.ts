/**
 * Where each tool's screen lives (spec §1 Tools, §2 routes; §3 Tool metadata `route`), with no
 * schema attached: a client that only needs to know which tool a path opens — the web app at
 * start-up, before any tool code has loaded — imports `@cipherspace/tools/routes` and nothing
 * else of the package. The registry's metadata take their `route` from here.
 */
import type { ToolName } from './tool.ts';

/** The absolute path of each tool's screen, by content id. */
export const TOOL_ROUTES = {
  kanban: '/tools/kanban',
  'ticket-system': '/tools/ticket',
  bulletin: '/tools/bulletin',
  diagrams: '/tools/diagrams',
  poker: '/tools/scrum-poker',
  randomizer: '/tools/randomizer',
} as const satisfies Record<ToolName, string>;

/** The content id of the tool whose screen is at `path` (e.g. '/tools/ticket' → 'ticket-system'). */
export function toolAtRoute(path: string): ToolName | undefined {
  for (const [name, route] of Object.entries(TOOL_ROUTES))
    if (route === path) return name as ToolName;
  return undefined;
}
