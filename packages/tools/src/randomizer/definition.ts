/**
 * The Daily Randomizer (spec §3 Randomizer content) registry entry (spec §3 Tool metadata, §4, §5): metadata, the content and
 * operation schemas, validation, defaults and the named operations, joined by defineTool.
 */
import { defineTool } from '../tool.ts';
import { defaultRandomizerContent } from './defaults.ts';
import { randomizerOperations, type RandomizerOperation } from './operations.ts';
import { randomizerContentSchema, lenientRandomizerContentSchema } from './schema.ts';
import { RandomizerError, type RandomizerContent } from './types.ts';
import { validateRandomizerContent } from './validation.ts';
import { TOOL_METADATA } from '../metadata.ts';

/** The registry entry of randomizer. */
export const randomizerTool = defineTool<RandomizerContent, RandomizerOperation>({
  metadata: TOOL_METADATA.randomizer,
  contentSchema: randomizerContentSchema,
  lenientContentSchema: lenientRandomizerContentSchema,
  operations: randomizerOperations,
  parseError: () => new RandomizerError('NO_CONTENT'),
  validate: validateRandomizerContent,
  defaultContent: defaultRandomizerContent,
});
