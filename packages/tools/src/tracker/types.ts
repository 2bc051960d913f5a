/**
 * Shapes of the shared phase/issue tool content used by Kanban and Issue Management (spec §3
 * "Shared phase/issue tool content"), the tool's constants (spec §2 colours, §9 limits) and the
 * one error type every tracker rule throws (spec §8 Tracker logic).
 */

import { DomainError, type DomainContext, type MessageParams } from '../shared.ts';

export { formatMessage, type MessageParams } from '../shared.ts';

/** The two tools that share this content shape (spec §3). */
export type ToolType = 'kanban' | 'ticket';

/** spec §3 Issue/card type. */
export type IssueType = 'Task' | 'Bug' | 'User Story' | 'Epic';

/** Every issue type, in the order of spec §3 `availableIssueTypes`. */
export const ISSUE_TYPES: readonly IssueType[] = ['Bug', 'Task', 'User Story', 'Epic'];

/** spec §3 Issue/card priority. */
export type IssuePriority = 'none' | 'Low' | 'Medium' | 'High' | 'Critical';

/** Every priority, lowest first (spec §3). */
export const ISSUE_PRIORITIES: readonly IssuePriority[] = [
  'none',
  'Low',
  'Medium',
  'High',
  'Critical',
];

/** spec §5, §9: an estimation is a text of at most 3 characters. */
export const ESTIMATION_MAX_CHARS = 3;

/** spec §3, §9: the colour of a phase that was given none. */
export const DEFAULT_PHASE_COLOR = '#6c757d';

/** One of the 7 colours offered by the Add Column / Add Phase modals (spec §2). */
export interface PhaseColorChoice {
  /** English name, doubles as the message key. */
  readonly name: 'gray' | 'blue' | 'green' | 'yellow' | 'orange' | 'red' | 'purple';
  /** CSS hex colour, `#rrggbb`. */
  readonly hex: string;
}

/** The 7 phase colours of spec §2, in the order the modals show them; gray is the default. */
export const PHASE_COLORS: readonly PhaseColorChoice[] = [
  { name: 'gray', hex: DEFAULT_PHASE_COLOR },
  { name: 'blue', hex: '#17a2b8' },
  { name: 'green', hex: '#28a745' },
  { name: 'yellow', hex: '#ffc107' },
  { name: 'orange', hex: '#fd7e14' },
  { name: 'red', hex: '#dc3545' },
  { name: 'purple', hex: '#6f42c1' },
];

/** spec §3 Comment on an issue; `createdAt` is an ISO 8601 timestamp, `createdBy` a user name. */
export interface Comment {
  id: string;
  content: string;
  createdAt: string;
  createdBy: string;
  /** ISO 8601 timestamp of the author's last edit (updateComment); absent when never edited. */
  editedAt?: string;
}

/** One entry of an issue's checklist: `text` trimmed and non-blank, `done` ticked or not. */
export interface ChecklistItem {
  id: string;
  text: string;
  done: boolean;
}

/** A due date is a calendar date `YYYY-MM-DD` (no time, no zone). */
export const DUE_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A tag colour is a CSS hex colour `#rrggbb` (either case). */
export const TAG_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;

/**
 * spec §3 Issue/card. `estimation` is free text of at most {@link ESTIMATION_MAX_CHARS}
 * characters ('' when none); `assignedPerson` is '' when unassigned; `order` is the 0-based
 * position inside its phase; `createdAt` is ISO 8601.
 */
export interface Issue {
  id: string;
  title: string;
  description: string;
  type: IssueType;
  priority: IssuePriority;
  estimation: string;
  assignedPerson: string;
  comments: Comment[];
  createdAt: string;
  createdBy: string;
  order: number;
  tags: string[];
  /**
   * The issue's ticket number (`#12`), counted per board from 1 and never reused (not in spec §3,
   * kept by every client as an unnamed field); absent on issues created before ticket numbers
   * existed.
   */
  number?: number;
  /** The day the issue is due, `YYYY-MM-DD` ({@link DUE_DATE_PATTERN}); absent: none. */
  dueDate?: string;
  /** The issue's checklist in display order; absent on issues that never had one. */
  checklist?: ChecklistItem[];
  /**
   * True: hidden from the board and not counted against `maxIssues`, still found by a search
   * that includes archived issues and restorable; absent (or false): on the board.
   */
  archived?: boolean;
}

/**
 * spec §3 Phase (a kanban column or an issue-management phase). `order` is the 0-based position
 * on the board; `maxIssues` absent means unlimited; `isEndPhase` marks "done" phases for the
 * completion rate.
 */
export interface Phase {
  id: string;
  name: string;
  issues: Issue[];
  order: number;
  color: string;
  description: string;
  maxIssues?: number;
  isEndPhase?: boolean;
}

/** spec §3 Kanban settings (also the common part of the ticket settings). */
export interface KanbanSettings {
  allowPhaseReorder: boolean;
  allowPhaseDelete: boolean;
  /** Fewest phases a board may have (kanban 2, ticket 3). */
  minPhases: number;
  /** Most phases a board may have (10). */
  maxPhases: number;
  defaultIssueType: IssueType;
  availableIssueTypes: IssueType[];
  showEstimation: boolean;
  showPriority: boolean;
  showAssignedPerson: boolean;
  showComments: boolean;
  showTags: boolean;
  allowBackwardMovement: boolean;
  notifyOnAssignment: boolean;
  notifyOnStatusChange: boolean;
  cardCompactView: boolean;
}

/** spec §3 Ticket settings: the kanban settings plus search, filter and ticket-number flags. */
export interface TicketSettings extends KanbanSettings {
  enableSearch: boolean;
  enableFiltering: boolean;
  showTicketNumbers: boolean;
  /** New issues without an assignee are assigned to their creator. */
  autoAssignCreator: boolean;
}

/** Fields common to both tools' content (spec §3); timestamps are ISO 8601. */
interface TrackerContentBase {
  id: string;
  title: string;
  /** Version the server saw last; the content lifecycle, not the operations, advances it. */
  version: number;
  lastModified: string;
  createdAt: string;
  phases: Phase[];
  /** User names; adding a member twice is ignored. */
  teamMembers: string[];
  /**
   * The ticket number the next new issue gets (see {@link Issue.number}); absent until the first
   * numbered issue, when it is one more than the highest number on the board.
   */
  nextTicketNumber?: number;
  /**
   * The board's tag colours: tag name trimmed and lower-cased → `#rrggbb`
   * ({@link TAG_COLOR_PATTERN}); a tag without an entry has the default colour. Absent until the
   * first colour is set. Read entries with `Object.hasOwn` (a tag may be called 'constructor').
   */
  tagColors?: Record<string, string>;
}

/** Content of the Kanban tool (spec §3). */
export interface KanbanContent extends TrackerContentBase {
  toolType: 'kanban';
  settings: KanbanSettings;
}

/** Content of the Issue Management tool (spec §3). */
export interface TicketContent extends TrackerContentBase {
  toolType: 'ticket';
  settings: TicketSettings;
}

/** The shared phase/issue tool content, discriminated by `toolType` (spec §3). */
export type TrackerContent = KanbanContent | TicketContent;

// spec §3 Activity log entry: one shape for every tool (../activity-log.ts), re-exported here
// where the tracker's entries were first defined.
export type { ActivityEntityType, ActivityLogEntry, ActivityValue } from '../activity-log.ts';

/**
 * How an issue's due date stands on a given day (dueStatus in ./view.ts): `overdue` (before
 * that day), `dueSoon` (that day or within the next few days), `due` (later, or any due date of
 * an issue in an end phase).
 */
export type DueStatus = 'overdue' | 'dueSoon' | 'due';

/**
 * The due-date criterion of {@link IssueFilter}: an issue matches when its {@link DueStatus} on
 * `today` (`YYYY-MM-DD`, the viewer's local day) is one of `statuses`, or it has no due date
 * and `statuses` holds 'none'. `soonDays` (default 2) is how many days after `today` still count
 * as `dueSoon`. An empty `statuses` does not restrict.
 */
export interface DueFilter {
  statuses: (DueStatus | 'none')[];
  today: string;
  soonDays?: number;
}

/**
 * spec §3 Issue filter. Every criterion is optional; an absent or empty one does not restrict.
 * `dateRange` bounds are ISO 8601 dates or timestamps, both inclusive. Archived issues never
 * match unless `includeArchived` (archived and others) or `archivedOnly` (archived only) is set.
 */
export interface IssueFilter {
  types?: IssueType[];
  priorities?: IssuePriority[];
  assignees?: string[];
  tags?: string[];
  dateRange?: { from?: string; to?: string };
  textSearch?: string;
  due?: DueFilter;
  includeArchived?: boolean;
  archivedOnly?: boolean;
}

/**
 * spec §3 Statistics. Counts per type and priority list every value (0 when none);
 * `issuesByPhase` is keyed by phase id; `averageEstimation` is in points or null;
 * `completionRate` is a percentage 0–100.
 */
export interface TrackerStatistics {
  totalIssues: number;
  issuesByType: Record<IssueType, number>;
  issuesByPriority: Record<IssuePriority, number>;
  issuesByPhase: Record<string, number>;
  averageEstimation: number | null;
  completionRate: number;
}

/** Time and identity for tracker operations (see DomainContext). */
export type TrackerContext = DomainContext;

/** Why a tracker operation was refused; each code has one English message in {@link TRACKER_MESSAGES}. */
export type TrackerErrorCode =
  | 'NO_DATA'
  | 'PHASE_NOT_FOUND'
  | 'ISSUE_NOT_FOUND'
  | 'PHASE_FULL'
  | 'MAX_PHASES'
  | 'MIN_PHASES'
  | 'INVALID_TARGET_POSITION'
  | 'TITLE_REQUIRED'
  | 'NAME_REQUIRED'
  | 'COMMENT_REQUIRED'
  | 'ESTIMATION_TOO_LONG'
  | 'ESTIMATION_NEGATIVE'
  | 'CREATOR_REQUIRED'
  | 'TOO_MANY_ISSUES'
  | 'SETTING_NOT_AVAILABLE'
  | 'INVALID_DUE_DATE'
  | 'NOT_COMMENT_AUTHOR'
  | 'CHECKLIST_TEXT_REQUIRED'
  | 'INVALID_COLOR';

/**
 * The English message of each {@link TrackerErrorCode}; `{name}` placeholders are filled from
 * the error's `params`. Texts from spec §8 Tracker logic and §5 Tool content validation; the
 * codes from TITLE_REQUIRED on name the §5 rule they enforce (with its text where it has one).
 */
export const TRACKER_MESSAGES: Readonly<Record<TrackerErrorCode, string>> = {
  NO_DATA: 'No data loaded',
  PHASE_NOT_FOUND: 'Phase not found',
  ISSUE_NOT_FOUND: 'Issue not found',
  PHASE_FULL: 'Cannot move issue. Phase is at maximum capacity',
  // spec §8 'Cannot add more than maxPhases phases', with the setting's value filled in.
  MAX_PHASES: 'Cannot add more than {maxPhases} phases',
  MIN_PHASES: 'Cannot delete phase. Minimum {minPhases} phases required.',
  INVALID_TARGET_POSITION: 'Invalid target position',
  TITLE_REQUIRED: 'Title is required',
  NAME_REQUIRED: 'Name is required',
  COMMENT_REQUIRED: 'Comment content is required',
  ESTIMATION_TOO_LONG: 'Estimation must be at most {maxChars} characters',
  // The last three refuse what spec §5 Issue/Phase validation would report after the fact, with
  // its text: a negative estimation, a blank creator, a `maxIssues` below the phase's issues.
  ESTIMATION_NEGATIVE: 'Estimation cannot be negative',
  CREATOR_REQUIRED: 'Creator is required',
  TOO_MANY_ISSUES: 'Cannot have more than {maxIssues} issues',
  // A ticket setting (showTicketNumbers, autoAssignCreator) changed on a Kanban board.
  SETTING_NOT_AVAILABLE: 'This setting is not available in this tool',
  INVALID_DUE_DATE: 'Due date must be a date (YYYY-MM-DD)',
  // Comments are edited and deleted only by the member who wrote them.
  NOT_COMMENT_AUTHOR: 'Only the author can change this comment',
  CHECKLIST_TEXT_REQUIRED: 'Checklist item text is required',
  INVALID_COLOR: 'Colour must be a hex colour like #1a2b3c',
};

/**
 * A tracker rule refused an operation (spec §8 Tracker logic). `code` is the stable key for
 * translation, `params` the numbers in the message, `message` the spec's English text.
 */
export class TrackerError extends DomainError<TrackerErrorCode> {
  constructor(code: TrackerErrorCode, params: MessageParams = {}) {
    super(code, TRACKER_MESSAGES[code], params);
    this.name = 'TrackerError';
  }
}
