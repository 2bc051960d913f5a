/**
 * Runs a named bulletin operation through the Pinboard's content lifecycle and tells the user
 * how it went (spec §8 Bulletin: the refused rule's text — 'Post not found', 'Category not
 * found' … — or 'Failed to {action}. Please try again.', or the version-conflict texts).
 */
import { useCallback } from 'react';

import type { BulletinContent, BulletinOperation } from '../../domain/bulletin/index.ts';
import type { FlashMessage } from '../../lib/use-flash-message.ts';
import { performMessage } from '../content/tool-messages.ts';
import type { ToolContent } from '../content/use-tool-content.ts';
import {
  bulletinActionText,
  describeBulletinError,
  type BulletinAction,
} from './bulletin-messages.ts';

/**
 * A function `(operation, action, basedOn?) => Promise<boolean>`: true when the change was
 * saved; otherwise the message has been shown with `show(kind, text)` and the caller keeps its
 * form open. `basedOn` is the board version the user started from (a dialog's opening): when
 * the operation no longer applies because the board moved on since, the user gets the §8
 * conflict texts rather than the rule's.
 */
export function useBulletinPerform(
  tool: Pick<ToolContent<BulletinContent, BulletinOperation>, 'perform'>,
  show: (kind: FlashMessage['kind'], text: string) => void,
): (operation: BulletinOperation, action: BulletinAction, basedOn?: number) => Promise<boolean> {
  const { perform } = tool;
  return useCallback(
    async (operation, action, basedOn) => {
      const result = await perform(operation, basedOn === undefined ? undefined : { basedOn });
      const message = performMessage(result, bulletinActionText(action), describeBulletinError);
      if (message) show(message.kind, message.text);
      return result.status === 'saved';
    },
    [perform, show],
  );
}
