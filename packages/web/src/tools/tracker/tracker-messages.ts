/**
 * Translated texts of the tracker tools (spec §8 Tracker logic, Kanban/ticket errors; §3 issue
 * types, priorities; §2 phase colours): what Kanban and Issue Management show for a refused
 * operation, the `{action}` of 'Failed to {action}. Please try again.', and option labels.
 */
import {
  isPointsEstimation,
  TrackerError,
  type IssuePriority,
  type IssueType,
  type PhaseColorChoice,
  type TrackerErrorCode,
} from '@cipherspace/tools/tracker';
import { m } from '../../paraglide/messages.js';

type Params = Readonly<Record<string, string | number>>;

const ERROR_TEXT: Record<TrackerErrorCode, (params: Params) => string> = {
  NO_DATA: () => m.tracker_error_no_data(),
  PHASE_NOT_FOUND: () => m.tracker_error_phase_not_found(),
  ISSUE_NOT_FOUND: () => m.tracker_error_issue_not_found(),
  PHASE_FULL: () => m.tracker_error_phase_full(),
  MAX_PHASES: (params) => m.tracker_error_max_phases({ maxPhases: String(params.maxPhases) }),
  MIN_PHASES: (params) => m.tracker_error_min_phases({ minPhases: String(params.minPhases) }),
  INVALID_TARGET_POSITION: () => m.tracker_error_invalid_target(),
  TITLE_REQUIRED: () => m.tracker_error_title_required(),
  NAME_REQUIRED: () => m.tracker_error_name_required(),
  COMMENT_REQUIRED: () => m.tracker_error_comment_required(),
  ESTIMATION_TOO_LONG: (params) =>
    m.tracker_error_estimation_too_long({ maxChars: String(params.maxChars) }),
  ESTIMATION_NEGATIVE: () => m.tracker_error_estimation_negative(),
  CREATOR_REQUIRED: () => m.tracker_error_creator_required(),
  TOO_MANY_ISSUES: (params) =>
    m.tracker_error_too_many_issues({ maxIssues: String(params.maxIssues) }),
  SETTING_NOT_AVAILABLE: () => m.tracker_error_setting_not_available(),
  INVALID_DUE_DATE: () => m.tracker_error_invalid_due_date(),
  NOT_COMMENT_AUTHOR: () => m.tracker_error_not_comment_author(),
  CHECKLIST_TEXT_REQUIRED: () => m.tracker_error_checklist_text_required(),
  INVALID_COLOR: () => m.tracker_error_invalid_color(),
};

/** The translated text of a {@link TrackerError}; null for any other error. */
export function describeTrackerError(error: unknown): string | null {
  return error instanceof TrackerError ? ERROR_TEXT[error.code](error.params) : null;
}

/**
 * What a tracker screen does, named as in spec §8 'Failed to add column / … / delete comment',
 * plus editing comments, checklists and tag colours.
 */
export type TrackerAction =
  | 'addColumn'
  | 'deleteColumn'
  | 'moveColumn'
  | 'addCard'
  | 'updateCard'
  | 'deleteCard'
  | 'moveCard'
  | 'addPhase'
  | 'deletePhase'
  | 'createIssue'
  | 'updateIssue'
  | 'deleteIssue'
  | 'moveIssue'
  | 'addComment'
  | 'deleteComment'
  | 'editComment'
  | 'addChecklistItem'
  | 'updateChecklistItem'
  | 'deleteChecklistItem'
  | 'setTagColor'
  | 'updateSettings';

const ACTION_TEXT: Record<TrackerAction, () => string> = {
  addColumn: m.tracker_action_add_column,
  deleteColumn: m.tracker_action_delete_column,
  moveColumn: m.tracker_action_move_column,
  addCard: m.tracker_action_add_card,
  updateCard: m.tracker_action_update_card,
  deleteCard: m.tracker_action_delete_card,
  moveCard: m.tracker_action_move_card,
  addPhase: m.tracker_action_add_phase,
  deletePhase: m.tracker_action_delete_phase,
  createIssue: m.tracker_action_create_issue,
  updateIssue: m.tracker_action_update_issue,
  deleteIssue: m.tracker_action_delete_issue,
  moveIssue: m.tracker_action_move_issue,
  addComment: m.tracker_action_add_comment,
  deleteComment: m.tracker_action_delete_comment,
  editComment: m.tracker_action_edit_comment,
  addChecklistItem: m.tracker_action_add_checklist_item,
  updateChecklistItem: m.tracker_action_update_checklist_item,
  deleteChecklistItem: m.tracker_action_delete_checklist_item,
  setTagColor: m.tracker_action_set_tag_color,
  updateSettings: m.tracker_action_update_settings,
};

/** The `{action}` phrase of 'Failed to {action}. Please try again.', e.g. 'add card'. */
export function trackerActionText(action: TrackerAction): string {
  return ACTION_TEXT[action]();
}

const TYPE_TEXT: Record<IssueType, () => string> = {
  Task: m.tracker_type_task,
  Bug: m.tracker_type_bug,
  'User Story': m.tracker_type_user_story,
  Epic: m.tracker_type_epic,
};

/** The translated name of an issue type ('Task' → 'Aufgabe' in German). */
export function issueTypeText(type: IssueType): string {
  return TYPE_TEXT[type]();
}

const PRIORITY_TEXT: Record<IssuePriority, () => string> = {
  none: m.tracker_priority_none,
  Low: m.tracker_priority_low,
  Medium: m.tracker_priority_medium,
  High: m.tracker_priority_high,
  Critical: m.tracker_priority_critical,
};

/** The translated name of a priority ('none' → 'None'). */
export function priorityText(priority: IssuePriority): string {
  return PRIORITY_TEXT[priority]();
}

const COLOR_TEXT: Record<PhaseColorChoice['name'], () => string> = {
  gray: m.tracker_color_gray,
  blue: m.tracker_color_blue,
  green: m.tracker_color_green,
  yellow: m.tracker_color_yellow,
  orange: m.tracker_color_orange,
  red: m.tracker_color_red,
  purple: m.tracker_color_purple,
};

/** The translated name of one of the seven phase colours. */
export function phaseColorText(color: PhaseColorChoice['name']): string {
  return COLOR_TEXT[color]();
}

/**
 * An issue's estimation as its scale writes it (spec §2): points with their unit ('5 pts'), a
 * T-shirt size or other text as is ('M').
 */
export function estimationText(estimation: string): string {
  return isPointsEstimation(estimation) ? m.ticket_estimation_points({ estimation }) : estimation;
}
