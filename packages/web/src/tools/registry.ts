/**
 * The tool registry of the app (spec §1 Tools, §3 Tool metadata): the six tools of
 * `@cipherspace/tools` with their content id (`name`), route, icon, colour and whether they use
 * the real-time connection, and with display names and descriptions translated — read through
 * {@link listTools} / {@link getTool} for the current (or a given) language.
 */
import {
  TOOL_METADATA,
  TOOL_NAMES,
  toolAtRoute,
  type ToolMetadata,
  type ToolName,
} from '@cipherspace/tools/metadata';

import type { Language } from '../lib/i18n.ts';
import { m } from '../paraglide/messages.js';

export type { ToolMetadata, ToolName };

/**
 * Each tool's icon (tool-icons.tsx), served with the registry: the app's start-up code holds the
 * registry, so the landing page and the dashboard, which both show the icons, load no separate
 * file for them.
 */
export { ToolIcon } from './tool-icons.tsx';

type Translate = (inputs?: Record<string, never>, options?: { locale?: Language }) => string;

/** The translated display name and description of each tool (messages `tools_*`). */
const TEXTS: Readonly<Record<ToolName, { displayName: Translate; description: Translate }>> = {
  kanban: { displayName: m.tools_kanban_name, description: m.tools_kanban_description },
  'ticket-system': { displayName: m.tools_ticket_name, description: m.tools_ticket_description },
  bulletin: { displayName: m.tools_bulletin_name, description: m.tools_bulletin_description },
  diagrams: { displayName: m.tools_diagrams_name, description: m.tools_diagrams_description },
  poker: { displayName: m.tools_poker_name, description: m.tools_poker_description },
  randomizer: {
    displayName: m.tools_randomizer_name,
    description: m.tools_randomizer_description,
  },
};

function resolve(name: ToolName, language?: Language): ToolMetadata {
  const options = language ? { locale: language } : {};
  const texts = TEXTS[name];
  return {
    ...TOOL_METADATA[name],
    displayName: texts.displayName({}, options),
    description: texts.description({}, options),
  };
}

/**
 * Every tool in display order (kanban, ticket-system, bulletin, diagrams, poker, randomizer),
 * with texts in `language` (default: the current language). Returns fresh objects each call.
 */
export function listTools(language?: Language): ToolMetadata[] {
  return TOOL_NAMES.map((name) => resolve(name, language));
}

/** One tool by its content id, with texts in `language` (default: current); undefined if unknown. */
export function getTool(name: string, language?: Language): ToolMetadata | undefined {
  const known = TOOL_NAMES.find((tool) => tool === name);
  return known ? resolve(known, language) : undefined;
}

/** The content id of the tool whose screen is at `route` (e.g. '/tools/ticket' → 'ticket-system'). */
export const toolNameAt: (route: string) => ToolName | undefined = toolAtRoute;
