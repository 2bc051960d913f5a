/**
 * The Scrum Poker (spec §3 Scrum poker content) registry entry (spec §3 Tool metadata, §4, §5): metadata, the content and
 * operation schemas, validation, defaults and the named operations, joined by defineTool.
 */
import { defineTool } from '../tool.ts';
import { defaultPokerContent } from './defaults.ts';
import { pokerOperations, type PokerOperation } from './operations.ts';
import { pokerContentSchema, lenientPokerContentSchema } from './schema.ts';
import { PokerError, type PokerContent } from './types.ts';
import { validatePokerContent } from './validation.ts';
import { TOOL_METADATA } from '../metadata.ts';

/** The registry entry of poker. */
export const pokerTool = defineTool<PokerContent, PokerOperation>({
  metadata: TOOL_METADATA.poker,
  contentSchema: pokerContentSchema,
  lenientContentSchema: lenientPokerContentSchema,
  operations: pokerOperations,
  parseError: () => new PokerError('NO_DATA'),
  validate: validatePokerContent,
  defaultContent: defaultPokerContent,
});
