/**
 * The registry of every tool (spec §1 Tools, §3 Tool metadata), keyed by the content id the
 * content API uses. A seventh tool is one folder with a `definition.ts` and one line here.
 */
import { bulletinTool } from './bulletin/definition.ts';
import { diagramsTool } from './diagrams/definition.ts';
import type { Operation } from './operation.ts';
import { pokerTool } from './poker/definition.ts';
import { randomizerTool } from './randomizer/definition.ts';
import { isToolName, type ToolMetadata, type ToolName } from './metadata.ts';

export { isToolName };
import {
  OperationFormatError,
  parseOperationEnvelope,
  parseOperationFor,
  type ToolDefinition,
} from './tool.ts';
import { kanbanTool, ticketTool } from './tracker/definition.ts';

/** Every tool by content id, in the dashboard's order (spec §1). */
export const tools = {
  kanban: kanbanTool,
  'ticket-system': ticketTool,
  bulletin: bulletinTool,
  diagrams: diagramsTool,
  poker: pokerTool,
  randomizer: randomizerTool,
} as const satisfies Record<ToolName, { readonly metadata: ToolMetadata }>;

/** The registry's entries' types, by content id. */
export type Tools = typeof tools;

/**
 * The registry entry of `name`, widened for code that handles any tool (the CLI, an importer);
 * undefined for a tool this version does not know.
 */
export function getTool(name: string): ToolDefinition | undefined {
  return isToolName(name) ? tools[name] : undefined;
}

/**
 * A received operation (JSON already parsed) checked completely: the envelope, a known tool, and
 * the tool's own schema for `name` and `args`. Returns it unchanged; throws
 * {@link OperationFormatError} saying what is wrong.
 */
export function parseOperation(value: unknown): Operation {
  const operation = parseOperationEnvelope(value);
  const tool = getTool(operation.tool);
  if (!tool) throw new OperationFormatError(`unknown tool '${operation.tool}'`);
  return parseOperationFor(tool, operation);
}

/**
 * Applies a serialised operation to content of its tool (see ToolDefinition.apply): `content`
 * must already have been parsed by that tool. Throws the tool's DomainError when a rule refuses
 * it, {@link OperationFormatError} for an unknown tool or a malformed operation.
 */
export function applyOperation(content: unknown, operation: Operation): unknown {
  const tool = getTool(operation.tool);
  if (!tool) throw new OperationFormatError(`unknown tool '${operation.tool}'`);
  return tool.apply(content, operation);
}
