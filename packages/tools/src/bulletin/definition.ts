/**
 * The Pinboard (spec §3 Bulletin content) registry entry (spec §3 Tool metadata, §4, §5): metadata, the content and
 * operation schemas, validation, defaults and the named operations, joined by defineTool.
 */
import { defineTool } from '../tool.ts';
import { defaultBulletinContent } from './defaults.ts';
import { bulletinOperations, type BulletinOperation } from './operations.ts';
import { bulletinContentSchema, lenientBulletinContentSchema } from './schema.ts';
import { BulletinError, type BulletinContent } from './types.ts';
import { validateBulletinContent } from './validation.ts';
import { TOOL_METADATA } from '../metadata.ts';

/** The registry entry of bulletin. */
export const bulletinTool = defineTool<BulletinContent, BulletinOperation>({
  metadata: TOOL_METADATA.bulletin,
  contentSchema: bulletinContentSchema,
  lenientContentSchema: lenientBulletinContentSchema,
  operations: bulletinOperations,
  parseError: () => new BulletinError('NO_DATA'),
  // When a note was last edited is kept up by every edit.
  bookkeepingFields: ['updatedAt', 'order'],
  validate: validateBulletinContent,
  defaultContent: defaultBulletinContent,
});
