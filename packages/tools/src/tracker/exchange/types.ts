/**
 * Shapes of an import into a Kanban or Issue Management board (spec §3 Shared phase/issue tool
 * content): what a parser of another tool's export makes of it ({@link ImportPlan}), why it left
 * something out ({@link SkipReason}), and the error for a file that is no such export. Parsing and
 * merging happen in the browser; the server only ever sees the encrypted result.
 */
import { DomainError, type MessageParams } from '../../shared.ts';
import type { Issue, IssuePriority, IssueType, TrackerContent } from '../types.ts';

/** One item of an issue's checklist as imported: its text and whether it is done. */
export interface ImportedChecklistItem {
  text: string;
  done: boolean;
}

/** A comment as imported: its text, ISO 8601 time and author's name. */
export interface ImportedComment {
  content: string;
  createdAt: string;
  createdBy: string;
  /** Fields of a Cipherspace export's comment not named here (e.g. an edit time), kept as they are. */
  extra?: Record<string, unknown>;
}

/**
 * One issue/card to import (spec §3 Issue/card). `estimation` is at most 3 characters ('' when
 * none; longer values are reported and left out by the parser); `assignedPerson` '' when
 * unassigned; `dueDate` 'YYYY-MM-DD'; `createdAt` ISO 8601 (absent: the time of the import);
 * `createdBy` a name (absent: the member who imports).
 */
export interface ImportedIssue {
  title: string;
  description: string;
  type: IssueType;
  priority: IssuePriority;
  estimation: string;
  assignedPerson: string;
  tags: string[];
  dueDate?: string;
  checklist?: ImportedChecklistItem[];
  comments: ImportedComment[];
  archived?: boolean;
  createdAt?: string;
  createdBy?: string;
  /**
   * Fields of a Cipherspace export's issue not named here (newer fields of the tracker), kept as
   * they are; never an id, order or ticket number.
   */
  extra?: Record<string, unknown>;
}

/**
 * A phase/column to import into: matched by name (case-insensitive, trimmed) against the board's
 * phases, otherwise created. `color` (`#rrggbb`) and `isEndPhase` are used only when it is created.
 */
export interface ImportedPhase {
  name: string;
  issues: ImportedIssue[];
  color?: string;
  isEndPhase?: boolean;
}

/**
 * Why an item of the source was left out or changed on the way in; the web app translates each
 * code (its `detail`, when present, is the source's own value, e.g. the unknown type's name).
 * - LIST_CLOSED: a closed Trello list; it and its cards are not imported.
 * - LIST_MISSING: a card of a list the export does not contain; not imported.
 * - TITLE_MISSING: a card/issue without a title; not imported.
 * - EXTRA_MEMBERS: a card with several members; only the first is assigned.
 * - ESTIMATION_TOO_LONG: an estimate longer than 3 characters or negative; left empty.
 * - UNKNOWN_TYPE: an issue type the board does not have; imported as Task.
 * - UNKNOWN_PRIORITY: a priority the board does not have; imported without one.
 * - INVALID_DATE: a due date that could not be read; left out.
 * - LABEL_EMPTY: a Trello label without name and colour; not imported as a tag.
 * - MAX_PHASES: the board has no room for another phase (`settings.maxPhases`); the phase's
 *   issues go to the board's last phase.
 * - PHASE_FULL: the phase holds its `maxIssues`; the issue is not imported.
 */
export type SkipReason =
  | 'LIST_CLOSED'
  | 'LIST_MISSING'
  | 'TITLE_MISSING'
  | 'EXTRA_MEMBERS'
  | 'ESTIMATION_TOO_LONG'
  | 'UNKNOWN_TYPE'
  | 'UNKNOWN_PRIORITY'
  | 'INVALID_DATE'
  | 'LABEL_EMPTY'
  | 'MAX_PHASES'
  | 'PHASE_FULL';

/** One reported item: `item` names it as the source does (a list name, a card title, a key). */
export interface SkippedItem {
  item: string;
  reason: SkipReason;
  /** The source's own value that caused it (an unknown type's name, a date as written). */
  detail?: string;
}

/**
 * What an export becomes before it touches a board: phases in order with their issues in order,
 * tag colours (`tag → #rrggbb`), team members to add (names), and what was left out or changed.
 */
export interface ImportPlan {
  phases: ImportedPhase[];
  tagColors: Record<string, string>;
  teamMembers?: string[];
  skipped: SkippedItem[];
}

/** The issue fields another part of the tracker adds beside spec §3's (checklist, due date…). */
export interface IssueExtras {
  dueDate?: string;
  checklist?: { id: string; text: string; done: boolean }[];
  archived?: boolean;
}

/** An issue with the optional fields an import fills. */
export type ExchangeIssue = Issue & IssueExtras;

/** Board content with the optional tag colours an import fills (`tag → #rrggbb`). */
export type ExchangeContent = TrackerContent & { tagColors?: Record<string, string> };

/** Why a file cannot be imported at all; each code has one English message. */
export type ImportErrorCode = 'NOT_TRELLO_BOARD' | 'NOT_JIRA_CSV' | 'NOT_CIPHERSPACE_JSON';

/** English messages of {@link ImportErrorCode}. */
export const IMPORT_ERROR_MESSAGES: Readonly<Record<ImportErrorCode, string>> = {
  NOT_TRELLO_BOARD: 'This file is not a Trello board export (JSON)',
  NOT_JIRA_CSV: 'This file is not a Jira issue export (CSV)',
  NOT_CIPHERSPACE_JSON: 'This file is not a Cipherspace Kanban or Issue Management export (JSON)',
};

/** The file is not an export of the kind its parser reads; nothing is imported. */
export class ImportFormatError extends DomainError<ImportErrorCode> {
  constructor(code: ImportErrorCode, params: MessageParams = {}) {
    super(code, IMPORT_ERROR_MESSAGES[code], params);
    this.name = 'ImportFormatError';
  }
}
