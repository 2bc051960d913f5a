/**
 * Runs a named tracker operation for Kanban and Issue Management with the tracker's texts (spec
 * §8 Tracker logic); see {@link useToolPerform} and {@link useToolEdit}.
 */
import type { TrackerContent, TrackerOperation } from '@cipherspace/tools/tracker';
import type { FlashMessage } from '../../lib/use-flash-message.ts';
import type { SaveOutcome } from '../content/EditConflictPanel.tsx';
import type { ToolContent } from '../content/use-tool-content.ts';
import { useToolEdit, useToolPerform, type ToolPerformTexts } from '../content/use-tool-perform.ts';
import { describeTrackerError, trackerActionText, type TrackerAction } from './tracker-messages.ts';

const TRACKER_TEXTS: ToolPerformTexts<TrackerAction> = {
  actionText: trackerActionText,
  describeError: describeTrackerError,
};

/** `(operation, action, basedOn?) => Promise<boolean>`, true when saved (see useToolPerform). */
export function useTrackerPerform<C extends TrackerContent>(
  tool: Pick<ToolContent<C, TrackerOperation>, 'perform'>,
  show: (kind: FlashMessage['kind'], text: string) => void,
): (operation: TrackerOperation, action: TrackerAction, basedOn?: number) => Promise<boolean> {
  return useToolPerform(tool, show, TRACKER_TEXTS);
}

/** `(operation, action, basedOn?) => Promise<SaveOutcome>` for the edit dialogs (see useToolEdit). */
export function useTrackerEdit<C extends TrackerContent>(
  tool: Pick<ToolContent<C, TrackerOperation>, 'perform'>,
  show: (kind: FlashMessage['kind'], text: string) => void,
): (operation: TrackerOperation, action: TrackerAction, basedOn?: number) => Promise<SaveOutcome> {
  return useToolEdit(tool, show, TRACKER_TEXTS);
}
