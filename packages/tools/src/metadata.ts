/**
 * Every tool's metadata (spec §1 Tools, §2 routes, §3 Tool metadata), with no schema and no
 * operation attached: a client that only lists the tools or needs to know which tool a path opens
 * — the web app's landing page, dashboard and start-up, before any tool code has loaded — imports
 * `@cipherspace/tools/metadata` and nothing else of the package (no zod, no tool rules). The
 * registry's entries (./registry.ts) take their `metadata` from here.
 */

/** The tools' content ids (spec §3 Tool metadata `name`): what the content API calls `tool`. */
export const TOOL_NAMES = [
  'kanban',
  'ticket-system',
  'bulletin',
  'diagrams',
  'poker',
  'randomizer',
] as const;

/** A tool's content id, e.g. 'ticket-system'. */
export type ToolName = (typeof TOOL_NAMES)[number];

/** Whether `name` is the content id of a tool of the registry. */
export function isToolName(name: string): name is ToolName {
  return (TOOL_NAMES as readonly string[]).includes(name);
}

/**
 * spec §3 Tool metadata, in English (clients translate `displayName` and `description` by
 * `name`). `route` is the absolute path of the tool's screen; `color` is `#rrggbb`; `icon` an
 * emoji; `disableWebSocket` is true for a tool without live updates (diagrams).
 */
export interface ToolMetadata {
  readonly name: ToolName;
  readonly displayName: string;
  readonly description: string;
  readonly icon: string;
  readonly route: string;
  readonly color: string;
  readonly disableWebSocket?: boolean;
}

/** The absolute path of each tool's screen, by content id. */
export const TOOL_ROUTES = {
  kanban: '/tools/kanban',
  'ticket-system': '/tools/ticket',
  bulletin: '/tools/bulletin',
  diagrams: '/tools/diagrams',
  poker: '/tools/scrum-poker',
  randomizer: '/tools/randomizer',
} as const satisfies Record<ToolName, string>;

/** Each tool's metadata by content id, in the dashboard's order (spec §1). */
export const TOOL_METADATA = {
  kanban: {
    name: 'kanban',
    displayName: 'Kanban Board',
    description: 'Plan and track work in columns, from backlog to done.',
    icon: '📋',
    route: TOOL_ROUTES.kanban,
    color: '#17a2b8',
  },
  'ticket-system': {
    name: 'ticket-system',
    displayName: 'Issue Management',
    description: 'Organise issues in phases with details, estimations and comments.',
    icon: '🎫',
    route: TOOL_ROUTES['ticket-system'],
    color: '#6f42c1',
  },
  bulletin: {
    name: 'bulletin',
    displayName: 'Pinboard',
    description: 'Pin notes, links and announcements for the whole team.',
    icon: '\ud83d\udccc',
    route: TOOL_ROUTES.bulletin,
    color: '#ffc107',
  },
  diagrams: {
    name: 'diagrams',
    displayName: 'Diagrams',
    description: 'Draw flowcharts and architecture diagrams together.',
    icon: '\ud83d\udcd0',
    route: TOOL_ROUTES.diagrams,
    color: '#28a745',
    disableWebSocket: true,
  },
  poker: {
    name: 'poker',
    displayName: 'Scrum Poker',
    description: 'Estimate issues together with planning poker cards.',
    icon: '\ud83c\udccf',
    route: TOOL_ROUTES.poker,
    color: '#fd7e14',
  },
  randomizer: {
    name: 'randomizer',
    displayName: 'Daily Randomizer',
    description: 'Pick at random who speaks next in the daily stand-up.',
    icon: '\ud83c\udfb2',
    route: TOOL_ROUTES.randomizer,
    color: '#dc3545',
  },
} as const satisfies { readonly [Name in ToolName]: ToolMetadata & { readonly name: Name } };

/** The content id of the tool whose screen is at `path` (e.g. '/tools/ticket' → 'ticket-system'). */
export function toolAtRoute(path: string): ToolName | undefined {
  for (const [name, route] of Object.entries(TOOL_ROUTES))
    if (route === path) return name as ToolName;
  return undefined;
}
