/**
 * Runs a named tracker operation through the tool's content lifecycle and tells the user how it
 * went (spec §8: the refused rule's text, 'Failed to {action}. Please try again.', or the version
 * conflict texts). Kanban and Issue Management dispatch every change through this.
 */
import { useCallback } from 'react';

import type { TrackerContent, TrackerOperation } from '../../domain/tracker/index.ts';
import type { FlashMessage } from '../../lib/use-flash-message.ts';
import { performMessage } from '../content/tool-messages.ts';
import type { ToolContent } from '../content/use-tool-content.ts';
import { describeTrackerError, trackerActionText, type TrackerAction } from './tracker-messages.ts';

/**
 * A function `(operation, action, basedOn?) => Promise<boolean>`: true when the change was saved;
 * otherwise the message has been shown with `show(kind, text)` and the caller keeps its form
 * open (a failed save never discards the user's input). `basedOn` is the content version the
 * user started from (a form's or confirmation's opening): when the operation no longer applies
 * because the content moved on since, the user gets the §8 conflict texts, not the rule's.
 */
export function useTrackerPerform<C extends TrackerContent>(
  tool: Pick<ToolContent<C, TrackerOperation>, 'perform'>,
  show: (kind: FlashMessage['kind'], text: string) => void,
): (operation: TrackerOperation, action: TrackerAction, basedOn?: number) => Promise<boolean> {
  const { perform } = tool;
  return useCallback(
    async (operation, action, basedOn) => {
      const result = await perform(operation, basedOn === undefined ? {} : { basedOn });
      const message = performMessage(result, trackerActionText(action), describeTrackerError);
      if (message) show(message.kind, message.text);
      return result.status === 'saved';
    },
    [perform, show],
  );
}
