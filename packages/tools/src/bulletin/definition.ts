/**
 * The Pinboard (spec §3 Bulletin content) registry entry (spec §3 Tool metadata, §4, §5): metadata, the content and
 * operation schemas, validation, defaults and the named operations, joined by defineTool.
 */
import { defineTool, type ToolMetadata } from '../tool.ts';
import { defaultBulletinContent } from './defaults.ts';
import { applyBulletinOperation, type BulletinOperation } from './operations.ts';
import {
  bulletinContentSchema,
  bulletinOperationSchema,
  lenientBulletinContentSchema,
  BULLETIN_OPERATIONS,
} from './schema.ts';
import { BulletinError, type BulletinContent } from './types.ts';
import { validateBulletinContent } from './validation.ts';
import { TOOL_ROUTES } from '../routes.ts';

const METADATA: ToolMetadata = {
  name: 'bulletin',
  displayName: 'Pinboard',
  description: 'Pin notes, links and announcements for the whole team.',
  icon: '\ud83d\udccc',
  route: TOOL_ROUTES.bulletin,
  color: '#ffc107',
};

/** The registry entry of bulletin. */
export const bulletinTool = defineTool<BulletinContent, BulletinOperation>({
  metadata: METADATA,
  contentSchema: bulletinContentSchema,
  lenientContentSchema: lenientBulletinContentSchema,
  operationSchema: bulletinOperationSchema,
  operations: BULLETIN_OPERATIONS,
  parseError: () => new BulletinError('NO_DATA'),
  validate: validateBulletinContent,
  defaultContent: defaultBulletinContent,
  applyOperation: applyBulletinOperation,
});
