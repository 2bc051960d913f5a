/**
 * Runs the tracker operations of archiving, restoring and editing a column or phase with their
 * own `{action}` texts ('Failed to archive card. Please try again.'; spec §8 Kanban/ticket
 * errors) and the tracker's rule messages (PHASE_FULL, TOO_MANY_ISSUES, …); see useToolEdit.
 */
import type { TrackerContent, TrackerOperation } from '@cipherspace/tools/tracker';
import type { FlashMessage } from '../../lib/use-flash-message.ts';
import { m } from '../../paraglide/messages.js';
import type { SaveOutcome } from '../content/EditConflictPanel.tsx';
import type { ToolContent } from '../content/use-tool-content.ts';
import { useToolEdit, type ToolPerformTexts } from '../content/use-tool-perform.ts';
import { describeTrackerError } from './tracker-messages.ts';

/** What these operations do, as the failure message names it. */
export type PlanAction =
  | 'archiveCard'
  | 'restoreCard'
  | 'archiveIssue'
  | 'restoreIssue'
  | 'archiveDoneCards'
  | 'archiveDoneIssues'
  | 'updateColumn'
  | 'updatePhase';

const ACTION_TEXT: Record<PlanAction, () => string> = {
  archiveCard: m.tracker_action_archive_card,
  restoreCard: m.tracker_action_restore_card,
  archiveIssue: m.tracker_action_archive_issue,
  restoreIssue: m.tracker_action_restore_issue,
  archiveDoneCards: m.tracker_action_archive_done_cards,
  archiveDoneIssues: m.tracker_action_archive_done_issues,
  updateColumn: m.tracker_action_update_column,
  updatePhase: m.tracker_action_update_phase,
};

const PLAN_TEXTS: ToolPerformTexts<PlanAction> = {
  actionText: (action) => ACTION_TEXT[action](),
  describeError: describeTrackerError,
};

/**
 * `(operation, action, basedOn?) => Promise<SaveOutcome>`: true when saved, false when refused
 * (the message is shown through `show`), or the edit conflict to show in the dialog.
 */
export function usePlanPerform<C extends TrackerContent>(
  tool: Pick<ToolContent<C, TrackerOperation>, 'perform'>,
  show: (kind: FlashMessage['kind'], text: string) => void,
): (operation: TrackerOperation, action: PlanAction, basedOn?: number) => Promise<SaveOutcome> {
  return useToolEdit(tool, show, PLAN_TEXTS);
}
