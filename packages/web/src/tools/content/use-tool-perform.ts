/**
 * Runs a named operation through a tool's sync engine and tells the user how it went
 * (spec §8: the refused rule's text, 'Failed to {action}. Please try again.', or the version
 * conflict texts). Every tool screen dispatches its changes through this.
 */
import { useCallback } from 'react';

import { isEditConflict } from '@cipherspace/tools';
import type { FlashMessage } from '../../lib/use-flash-message.ts';
import { m } from '../../paraglide/messages.js';
import type { PerformResult } from '@cipherspace/sync';
import type { SaveOutcome } from './EditConflictPanel.tsx';
import { performMessage } from './tool-messages.ts';
import type { ToolContent } from './use-tool-content.ts';

/** How a tool words its actions and its rule errors; a module constant (stable). */
export interface ToolPerformTexts<A> {
  /** The translated `{action}` of 'Failed to {action}. Please try again.'. */
  actionText: (action: A) => string;
  /** The translated text of a rule error of the tool's domain; null for any other error. */
  describeError: (error: unknown) => string | null;
}

/**
 * A function `(operation, action, basedOn?) => Promise<SaveOutcome>`: true when the change was
 * saved; an {@link EditConflict} when an edit met a teammate's change to the same fields (no
 * message shown: the dialog shows the choice); otherwise false after the message has been shown
 * with `show(kind, text)`, and the caller keeps its form open (a failed save never discards the
 * user's input). `basedOn` is the content version the user started from (a form's or
 * confirmation's opening): when the operation no longer applies because the content moved on
 * since, the user gets the §8 conflict texts, not the rule's.
 */
export function useToolEdit<C, Op, A>(
  tool: Pick<ToolContent<C, Op>, 'perform'>,
  show: (kind: FlashMessage['kind'], text: string) => void,
  texts: ToolPerformTexts<A>,
): (operation: Op, action: A, basedOn?: number) => Promise<SaveOutcome> {
  const { perform } = tool;
  return useCallback(
    async (operation, action, basedOn) => {
      const result: PerformResult<C> = await perform(
        operation,
        basedOn === undefined ? {} : { basedOn },
      );
      if (result.status === 'conflict' && isEditConflict(result.error))
        return { conflicts: result.error.conflicts, by: result.by ?? null };
      const message = performMessage(result, texts.actionText(action), texts.describeError);
      if (message) show(message.kind, message.text);
      return result.status === 'saved';
    },
    [perform, show, texts],
  );
}

/**
 * Like {@link useToolEdit} for changes that are not edits of fields (a move, a delete, a vote):
 * `(operation, action, basedOn?) => Promise<boolean>`, true when saved; a conflict is told with
 * the §8 texts.
 */
export function useToolPerform<C, Op, A>(
  tool: Pick<ToolContent<C, Op>, 'perform'>,
  show: (kind: FlashMessage['kind'], text: string) => void,
  texts: ToolPerformTexts<A>,
): (operation: Op, action: A, basedOn?: number) => Promise<boolean> {
  const edit = useToolEdit(tool, show, texts);
  return useCallback(
    async (operation, action, basedOn) => {
      const outcome = await edit(operation, action, basedOn);
      if (typeof outcome !== 'object') return outcome;
      show('warning', `${m.tool_conflict()} ${m.tool_latest_loaded()}`);
      return false;
    },
    [edit, show],
  );
}
