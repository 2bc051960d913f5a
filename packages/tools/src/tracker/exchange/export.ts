/**
 * Taking a board out (spec §3 Shared phase/issue tool content): as CSV for spreadsheets and as
 * JSON — the decrypted content itself — which imports again ({@link parseCipherspaceJson}). Pure;
 * the browser makes the file, the server never sees the plaintext.
 */
import Papa from 'papaparse';

import { sortByOrder } from '../operations.ts';
import { lenientKanbanContentSchema, lenientTicketContentSchema } from '../schema.ts';
import type { TrackerContent } from '../types.ts';
import { isRecord } from './fields.ts';
import {
  ImportFormatError,
  type ExchangeContent,
  type ExchangeIssue,
  type ImportedIssue,
  type ImportPlan,
} from './types.ts';

/**
 * The header row of {@link exportCsv} for `toolType`, in column order. The fifth names where an
 * item stands as the tool does: 'Column' on a Kanban board, 'Phase' in Issue Management.
 */
export function csvColumns(toolType: TrackerContent['toolType']): string[] {
  return [
    'ID',
    'Number',
    'Title',
    'Description',
    toolType === 'kanban' ? 'Column' : 'Phase',
    'Type',
    'Priority',
    'Estimation',
    'Assignee',
    'Tags',
    'Due date',
    'Checklist',
    'Created',
    'Created by',
    'Archived',
  ];
}

/**
 * The board as CSV text: the {@link csvColumns} header of its tool, then one row per issue,
 * phases in board order and issues in their order — Number the ticket number ('' when none), Tags joined by ';',
 * Due date `YYYY-MM-DD`, Checklist `done/total` ('' without one), Created ISO 8601, Archived
 * 'true' or 'false'. Quoted as RFC 4180 wants; a cell starting with `=`, `+`, `-` or `@` gets a
 * leading `'` so a spreadsheet does not run it as a formula. Lines end in CRLF.
 */
export function exportCsv(content: TrackerContent): string {
  const rows = sortByOrder(content.phases).flatMap((phase) =>
    sortByOrder(phase.issues).map((plain) => {
      const issue: ExchangeIssue = plain;
      const checklist = issue.checklist ?? [];
      return [
        issue.id,
        issue.number === undefined ? '' : String(issue.number),
        issue.title,
        issue.description,
        phase.name,
        issue.type,
        issue.priority,
        issue.estimation,
        issue.assignedPerson,
        issue.tags.join(';'),
        issue.dueDate ?? '',
        checklist.length === 0
          ? ''
          : `${checklist.filter((item) => item.done).length}/${checklist.length}`,
        issue.createdAt,
        issue.createdBy,
        String(issue.archived === true),
      ];
    }),
  );
  return Papa.unparse(
    { fields: csvColumns(content.toolType), data: rows },
    { escapeFormulae: true },
  );
}

/**
 * The board's decrypted content as pretty-printed JSON (2 spaces): what
 * {@link parseCipherspaceJson} reads back. Contains everything the board holds, so it is as
 * secret as the board.
 */
export function exportJson(content: TrackerContent): string {
  return `${JSON.stringify(content, null, 2)}\n`;
}

// The issue and comment fields an import names itself (or gives anew: id, order, number).
const ISSUE_FIELDS = new Set([
  'id',
  'order',
  'number',
  'title',
  'description',
  'type',
  'priority',
  'estimation',
  'assignedPerson',
  'tags',
  'comments',
  'createdAt',
  'createdBy',
  'dueDate',
  'checklist',
  'archived',
]);
const COMMENT_FIELDS = new Set(['id', 'content', 'createdAt', 'createdBy']);

// The fields of `value` not in `named`, or undefined when there are none.
function extraFields(
  value: object,
  named: ReadonlySet<string>,
): Record<string, unknown> | undefined {
  const extra = Object.entries(value).filter(([key]) => !named.has(key));
  return extra.length === 0 ? undefined : Object.fromEntries(extra);
}

function importedIssue(plain: ExchangeIssue): ImportedIssue {
  const issue: ImportedIssue = {
    title: plain.title,
    description: plain.description,
    type: plain.type,
    priority: plain.priority,
    estimation: plain.estimation,
    assignedPerson: plain.assignedPerson,
    tags: [...plain.tags],
    comments: plain.comments.map((comment) => {
      const { content, createdAt, createdBy } = comment;
      const extra = extraFields(comment, COMMENT_FIELDS);
      return extra === undefined
        ? { content, createdAt, createdBy }
        : { content, createdAt, createdBy, extra };
    }),
    createdAt: plain.createdAt,
    createdBy: plain.createdBy,
  };
  if (typeof plain.dueDate === 'string') issue.dueDate = plain.dueDate;
  if (Array.isArray(plain.checklist))
    issue.checklist = plain.checklist.map(({ text, done }) => ({ text, done }));
  if (plain.archived === true) issue.archived = true;
  const extra = extraFields(plain, ISSUE_FIELDS);
  if (extra !== undefined) issue.extra = extra;
  return issue;
}

/**
 * A board's content as an {@link ImportPlan} that recreates its cards: every phase in board
 * order (with its colour and end-phase flag) and its issues in order with all their fields but
 * id, order and ticket number (the board they go to gives those; fields the plan does not name
 * go in `extra`); its team and tag colours.
 */
export function planFromContent(content: TrackerContent): ImportPlan {
  const board: ExchangeContent = content;
  return {
    phases: sortByOrder(content.phases).map((phase) => {
      const imported = {
        name: phase.name,
        color: phase.color,
        issues: sortByOrder(phase.issues).map(importedIssue),
      };
      return phase.isEndPhase === undefined
        ? imported
        : { ...imported, isEndPhase: phase.isEndPhase };
    }),
    tagColors: { ...(board.tagColors ?? {}) },
    teamMembers: [...content.teamMembers],
    skipped: [],
  };
}

/**
 * A Cipherspace Kanban or Issue Management export (`JSON.parse` of {@link exportJson}'s text,
 * either tool) as an {@link ImportPlan} ({@link planFromContent}); older or partly foreign shapes
 * are read leniently (missing fields get their defaults). Throws {@link ImportFormatError}
 * NOT_CIPHERSPACE_JSON when `json` is not tracker content (no `phases` array, another tool's).
 */
export function parseCipherspaceJson(json: unknown): ImportPlan {
  if (!isRecord(json) || !Array.isArray(json.phases))
    throw new ImportFormatError('NOT_CIPHERSPACE_JSON');
  const schema =
    json.toolType === 'ticket' ? lenientTicketContentSchema : lenientKanbanContentSchema;
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new ImportFormatError('NOT_CIPHERSPACE_JSON');
  return planFromContent(parsed.data);
}
