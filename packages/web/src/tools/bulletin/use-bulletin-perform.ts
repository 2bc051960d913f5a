/**
 * Runs a named bulletin operation for the Pinboard with its texts (spec §8 Bulletin: 'Post not
 * found', 'Category not found' …); see {@link useToolPerform}.
 */
import type { BulletinContent, BulletinOperation } from '@cipherspace/tools/bulletin';
import type { FlashMessage } from '../../lib/use-flash-message.ts';
import type { ToolContent } from '../content/use-tool-content.ts';
import type { SaveOutcome } from '../content/EditConflictPanel.tsx';
import { useToolEdit, useToolPerform, type ToolPerformTexts } from '../content/use-tool-perform.ts';
import {
  bulletinActionText,
  describeBulletinError,
  type BulletinAction,
} from './bulletin-messages.ts';

const BULLETIN_TEXTS: ToolPerformTexts<BulletinAction> = {
  actionText: bulletinActionText,
  describeError: describeBulletinError,
};

/** `(operation, action, basedOn?) => Promise<boolean>`, true when saved (see useToolPerform). */
export function useBulletinPerform(
  tool: Pick<ToolContent<BulletinContent, BulletinOperation>, 'perform'>,
  show: (kind: FlashMessage['kind'], text: string) => void,
): (operation: BulletinOperation, action: BulletinAction, basedOn?: number) => Promise<boolean> {
  return useToolPerform(tool, show, BULLETIN_TEXTS);
}

/** `(operation, action, basedOn?) => Promise<SaveOutcome>` for the note dialog (see useToolEdit). */
export function useBulletinEdit(
  tool: Pick<ToolContent<BulletinContent, BulletinOperation>, 'perform'>,
  show: (kind: FlashMessage['kind'], text: string) => void,
): (
  operation: BulletinOperation,
  action: BulletinAction,
  basedOn?: number,
) => Promise<SaveOutcome> {
  return useToolEdit(tool, show, BULLETIN_TEXTS);
}
