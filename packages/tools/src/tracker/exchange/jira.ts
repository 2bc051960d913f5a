/**
 * Jira's issue export as CSV ("Export Excel CSV (all fields)") as an {@link ImportPlan} (spec §3
 * Shared phase/issue tool content). Jira repeats a column for each value of a multi-valued field
 * (Labels, Comment…), so the header is read as a list, never as an object. Pure; the file never
 * leaves the browser.
 */
import Papa from 'papaparse';

import { cleanTags } from '../tags.ts';
import type { IssuePriority, IssueType } from '../types.ts';
import { importEstimation, parseExportDate, parseExportDay } from './fields.ts';
import {
  ImportFormatError,
  type ImportedComment,
  type ImportedIssue,
  type ImportPlan,
  type SkippedItem,
} from './types.ts';

/** Jira's standard issue types as the board's (spec §3); any other is imported as Task. */
export const JIRA_TYPES: Readonly<Record<string, IssueType>> = {
  bug: 'Bug',
  task: 'Task',
  story: 'User Story',
  'user story': 'User Story',
  epic: 'Epic',
};

/** Jira's priorities as the board's (spec §3); any other is imported as 'none'. */
export const JIRA_PRIORITIES: Readonly<Record<string, IssuePriority>> = {
  highest: 'Critical',
  blocker: 'Critical',
  critical: 'Critical',
  high: 'High',
  major: 'High',
  medium: 'Medium',
  low: 'Low',
  minor: 'Low',
  lowest: 'Low',
  trivial: 'Low',
};

const ESTIMATE_COLUMNS = [
  'story points',
  'custom field (story points)',
  'custom field (story point estimate)',
  'story point estimate',
];

/** The columns of the header row by their lower-case name, each with every index it has. */
function columnIndex(header: readonly string[]): Map<string, number[]> {
  const index = new Map<string, number[]>();
  header.forEach((name, at) => {
    const key = name.trim().toLowerCase();
    index.set(key, [...(index.get(key) ?? []), at]);
  });
  return index;
}

/** `date;author;text` of a Comment column (the text may hold `;`). */
function readComment(cell: string): ImportedComment | null {
  const [date = '', author = '', ...rest] = cell.split(';');
  const createdAt = parseExportDate(date);
  // A comment Jira wrote without the date and author prefix: all of it is text.
  if (createdAt === null || rest.length === 0) {
    const content = cell.trim();
    return content === '' ? null : { content, createdAt: '', createdBy: 'Jira' };
  }
  const content = rest.join(';').trim();
  return content === '' ? null : { content, createdAt, createdBy: author.trim() || 'Jira' };
}

/**
 * A Jira issue CSV export (the file's text) as an {@link ImportPlan}: each Status becomes a
 * phase, in the order statuses first appear; each row with a Summary an issue (without one:
 * TITLE_MISSING). Issue Type Bug/Task/Story/Epic → Bug/Task/User Story/Epic (others Task,
 * UNKNOWN_TYPE); Priority Highest/High/Medium/Low/Lowest → Critical/High/Medium/Low/Low (also
 * Blocker/Critical/Major/Minor/Trivial; others 'none', UNKNOWN_PRIORITY); Assignee, Reporter
 * (the creator), Created, Due Date (`12/Mar/24 10:15 AM` or ISO; unreadable: INVALID_DATE),
 * Description; every Labels column a tag (cleaned as `addIssue` cleans tags: of labels equal
 * ignoring case one, in the first spelling); every Comment column (`date;author;text`) a
 * comment; Story Points / Custom field (Story point estimate) the estimation (longer than 3
 * characters: ESTIMATION_TOO_LONG). Reported items are named `KEY Summary`. Throws
 * {@link ImportFormatError} NOT_JIRA_CSV when the header has no Summary and Status columns.
 */
export function parseJiraCsv(text: string): ImportPlan {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const [header = [], ...rows] = parsed.data;
  const columns = columnIndex(header);
  if (!columns.has('summary') || !columns.has('status'))
    throw new ImportFormatError('NOT_JIRA_CSV');
  const all = (row: readonly string[], name: string): string[] =>
    (columns.get(name) ?? []).map((at) => (row[at] ?? '').trim()).filter((cell) => cell !== '');
  const first = (row: readonly string[], ...names: string[]): string => {
    for (const name of names) {
      const value = all(row, name)[0];
      if (value !== undefined) return value;
    }
    return '';
  };
  // The raw text of a column: a description keeps its own line breaks and indentation.
  const raw = (row: readonly string[], name: string): string => {
    const at = columns.get(name)?.[0];
    return at === undefined ? '' : (row[at] ?? '');
  };

  const skipped: SkippedItem[] = [];
  const phases: { name: string; issues: ImportedIssue[] }[] = [];
  const members: string[] = [];
  for (const row of rows) {
    const title = first(row, 'summary');
    const key = first(row, 'issue key');
    const item = [key, title].filter(Boolean).join(' ');
    if (title === '') {
      skipped.push({ item: key || String(rows.indexOf(row) + 2), reason: 'TITLE_MISSING' });
      continue;
    }
    const status = first(row, 'status') || 'Jira';
    let phase = phases.find((candidate) => candidate.name.toLowerCase() === status.toLowerCase());
    if (!phase) {
      phase = { name: status, issues: [] };
      phases.push(phase);
    }
    const typeName = first(row, 'issue type');
    const type = JIRA_TYPES[typeName.toLowerCase()];
    if (type === undefined && typeName !== '')
      skipped.push({ item, reason: 'UNKNOWN_TYPE', detail: typeName });
    const priorityName = first(row, 'priority');
    const priority = JIRA_PRIORITIES[priorityName.toLowerCase()];
    if (priority === undefined && priorityName !== '')
      skipped.push({ item, reason: 'UNKNOWN_PRIORITY', detail: priorityName });
    const estimateText = first(row, ...ESTIMATE_COLUMNS);
    const estimation = importEstimation(estimateText);
    if (estimation === null)
      skipped.push({ item, reason: 'ESTIMATION_TOO_LONG', detail: estimateText });
    const assignedPerson = first(row, 'assignee');
    const createdBy = first(row, 'reporter', 'creator');
    const issue: ImportedIssue = {
      title,
      description: raw(row, 'description').trim(),
      type: type ?? 'Task',
      priority: priority ?? 'none',
      estimation: estimation ?? '',
      assignedPerson,
      tags: cleanTags(all(row, 'labels')),
      comments: all(row, 'comment').flatMap((cell) => readComment(cell) ?? []),
    };
    const createdAt = parseExportDate(first(row, 'created'));
    if (createdAt !== null) issue.createdAt = createdAt;
    if (createdBy !== '') issue.createdBy = createdBy;
    const due = first(row, 'due date', 'due');
    if (due !== '') {
      const day = parseExportDay(due);
      if (day === null) skipped.push({ item, reason: 'INVALID_DATE', detail: due });
      else issue.dueDate = day;
    }
    for (const name of [assignedPerson, createdBy])
      if (name !== '' && !members.includes(name)) members.push(name);
    phase.issues.push(issue);
  }
  return { phases, tagColors: {}, teamMembers: members, skipped };
}
