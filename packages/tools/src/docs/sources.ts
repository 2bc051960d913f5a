/**
 * What the published docs (./index.ts) are generated from, per tool: the strict content schema,
 * the operation definitions (name, argument schema, doc) and the English texts of the tool's
 * DomainError codes. Kanban and Issue Management share the tracker's operations.
 */
import type { z } from 'zod';

import { BULLETIN_MESSAGES } from '../bulletin/types.ts';
import { bulletinOperations } from '../bulletin/operations.ts';
import { bulletinContentSchema } from '../bulletin/schema.ts';
import type { DocumentedOperation } from '../define-operation.ts';
import { diagramOperations } from '../diagrams/operations.ts';
import { diagramContentSchema } from '../diagrams/schema.ts';
import { DIAGRAM_MESSAGES } from '../diagrams/types.ts';
import { EDIT_CONFLICT_MESSAGE } from '../edits.ts';
import { TOOL_METADATA, TOOL_NAMES, type ToolName } from '../metadata.ts';
import { pokerOperations } from '../poker/operations.ts';
import { pokerContentSchema } from '../poker/schema.ts';
import { POKER_MESSAGES } from '../poker/types.ts';
import { randomizerOperations } from '../randomizer/operations.ts';
import { randomizerContentSchema } from '../randomizer/schema.ts';
import { RANDOMIZER_MESSAGES } from '../randomizer/types.ts';
import { trackerOperations } from '../tracker/operations.ts';
import { kanbanContentSchema, ticketContentSchema } from '../tracker/schema.ts';
import { TRACKER_MESSAGES } from '../tracker/types.ts';

/** One tool as the docs describe it. */
export interface ToolDocSource {
  readonly name: ToolName;
  readonly displayName: string;
  /** The strict content schema: what the app accepts on load and before every save. */
  readonly contentSchema: z.ZodType;
  /** The tool's own operations, in the registry's order (the generic `patch` is not among them). */
  readonly operations: readonly DocumentedOperation[];
  /** The English message template of each DomainError code its operations may throw. */
  readonly messages: Readonly<Record<string, string>>;
}

// EDIT_CONFLICT (../edits.ts) is thrown by the field edits of every tool.
function messages(own: Readonly<Record<string, string>>): Readonly<Record<string, string>> {
  return { ...own, EDIT_CONFLICT: EDIT_CONFLICT_MESSAGE };
}

const SOURCES: Readonly<Record<ToolName, Omit<ToolDocSource, 'name' | 'displayName'>>> = {
  kanban: {
    contentSchema: kanbanContentSchema,
    operations: trackerOperations.definitions,
    messages: messages(TRACKER_MESSAGES),
  },
  'ticket-system': {
    contentSchema: ticketContentSchema,
    operations: trackerOperations.definitions,
    messages: messages(TRACKER_MESSAGES),
  },
  bulletin: {
    contentSchema: bulletinContentSchema,
    operations: bulletinOperations.definitions,
    messages: messages(BULLETIN_MESSAGES),
  },
  diagrams: {
    contentSchema: diagramContentSchema,
    operations: diagramOperations.definitions,
    messages: messages(DIAGRAM_MESSAGES),
  },
  poker: {
    contentSchema: pokerContentSchema,
    operations: pokerOperations.definitions,
    messages: messages(POKER_MESSAGES),
  },
  randomizer: {
    contentSchema: randomizerContentSchema,
    operations: randomizerOperations.definitions,
    messages: messages(RANDOMIZER_MESSAGES),
  },
};

/** Every tool, in the registry's order. */
export const TOOL_DOC_SOURCES: readonly ToolDocSource[] = TOOL_NAMES.map((name) => ({
  name,
  displayName: TOOL_METADATA[name].displayName,
  ...SOURCES[name],
}));
