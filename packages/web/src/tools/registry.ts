/**
 * The tool registry (spec §1 Tools, §3 Tool metadata): the six tools of a space with their
 * content id (`name`, as the content API knows it), route, icon, colour and whether they use
 * the real-time connection. Display names and descriptions are translated, so they are read
 * through {@link listTools} / {@link getTool} for the current (or a given) language.
 */
import type { Language } from '../lib/i18n.ts';
import { m } from '../paraglide/messages.js';

/** Content ids of the tools (spec §3): what `content.*` procedures call `tool`. */
export type ToolName =
  'kanban' | 'ticket-system' | 'bulletin' | 'diagrams' | 'poker' | 'randomizer';

/** spec §3 Tool metadata. */
export interface ToolMetadata {
  /** Content id, e.g. 'ticket-system'. */
  name: ToolName;
  /** Translated display name, e.g. 'Issue Management'. */
  displayName: string;
  /** Translated one-sentence description. */
  description: string;
  /** An emoji; decorative (screens mark it aria-hidden). */
  icon: string;
  /** Absolute route of the tool's screen, e.g. '/tools/ticket'. */
  route: string;
  /** Accent colour as #rrggbb. */
  color: string;
  /** true when the tool does not use the real-time connection (diagrams). */
  disableWebSocket?: boolean;
}

type Translate = (inputs?: Record<string, never>, options?: { locale?: Language }) => string;

interface ToolDefinition extends Omit<ToolMetadata, 'displayName' | 'description'> {
  displayName: Translate;
  description: Translate;
}

const TOOL_DEFINITIONS: readonly ToolDefinition[] = [
  {
    name: 'kanban',
    displayName: m.tools_kanban_name,
    description: m.tools_kanban_description,
    icon: '📋',
    route: '/tools/kanban',
    color: '#17a2b8',
  },
  {
    name: 'ticket-system',
    displayName: m.tools_ticket_name,
    description: m.tools_ticket_description,
    icon: '🎫',
    route: '/tools/ticket',
    color: '#6f42c1',
  },
  {
    name: 'bulletin',
    displayName: m.tools_bulletin_name,
    description: m.tools_bulletin_description,
    icon: '📌',
    route: '/tools/bulletin',
    color: '#ffc107',
  },
  {
    name: 'diagrams',
    displayName: m.tools_diagrams_name,
    description: m.tools_diagrams_description,
    icon: '📐',
    route: '/tools/diagrams',
    color: '#28a745',
    disableWebSocket: true,
  },
  {
    name: 'poker',
    displayName: m.tools_poker_name,
    description: m.tools_poker_description,
    icon: '🃏',
    route: '/tools/scrum-poker',
    color: '#fd7e14',
  },
  {
    name: 'randomizer',
    displayName: m.tools_randomizer_name,
    description: m.tools_randomizer_description,
    icon: '🎲',
    route: '/tools/randomizer',
    color: '#dc3545',
  },
];

function resolve(definition: ToolDefinition, language?: Language): ToolMetadata {
  const options = language ? { locale: language } : {};
  return {
    ...definition,
    displayName: definition.displayName({}, options),
    description: definition.description({}, options),
  };
}

/**
 * Every tool in display order (kanban, ticket-system, bulletin, diagrams, poker, randomizer),
 * with texts in `language` (default: the current language). Returns fresh objects each call.
 */
export function listTools(language?: Language): ToolMetadata[] {
  return TOOL_DEFINITIONS.map((definition) => resolve(definition, language));
}

/** One tool by its content id, with texts in `language` (default: current); undefined if unknown. */
export function getTool(name: string, language?: Language): ToolMetadata | undefined {
  const definition = TOOL_DEFINITIONS.find((tool) => tool.name === name);
  return definition ? resolve(definition, language) : undefined;
}

/** The content id of the tool whose screen is at `route` (e.g. '/tools/ticket' → 'ticket-system'). */
export function toolNameAt(route: string): ToolName | undefined {
  return TOOL_DEFINITIONS.find((tool) => tool.route === route)?.name;
}
