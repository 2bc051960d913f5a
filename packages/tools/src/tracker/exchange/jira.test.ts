/** Jira's issue CSV export as an import plan (./jira.ts), against a hand-made export. */
import { describe, expect, it } from 'vitest';

import csv from './fixtures/jira-issues.csv?raw';
import { parseJiraCsv } from './jira.ts';
import { ImportFormatError, type ImportedIssue, type ImportPlan } from './types.ts';

function issue(plan: ImportPlan, title: string): ImportedIssue {
  const found = plan.phases.flatMap((phase) => phase.issues).find((item) => item.title === title);
  if (!found) throw new Error(`no issue ${title}`);
  return found;
}

const HEADER = 'Summary,Issue key,Issue Type,Status,Priority';

describe('parseJiraCsv', () => {
  const plan = parseJiraCsv(csv);

  it('makes statuses phases in first-seen order, rows issues in file order', () => {
    expect(
      plan.phases.map((phase) => [phase.name, phase.issues.map((item) => item.title)]),
    ).toEqual([
      ['To Do', ['Login fails with SSO', 'Clean up logging']],
      ['In Progress', ['Add dark mode', 'Quarterly planning']],
      ['Done', ['Update dependencies', 'Investigate flaky test']],
    ]);
  });

  it('maps Bug/Task/Story/Epic; another type becomes Task and is reported', () => {
    expect(issue(plan, 'Login fails with SSO').type).toBe('Bug');
    expect(issue(plan, 'Update dependencies').type).toBe('Task');
    expect(issue(plan, 'Add dark mode').type).toBe('User Story');
    expect(issue(plan, 'Quarterly planning').type).toBe('Epic');
    expect(issue(plan, 'Investigate flaky test').type).toBe('Task');
    expect(plan.skipped).toContainEqual({
      item: 'WEB-105 Investigate flaky test',
      reason: 'UNKNOWN_TYPE',
      detail: 'Sub-task',
    });
  });

  it('maps the five priorities (and the older names)', () => {
    expect(issue(plan, 'Login fails with SSO').priority).toBe('Critical');
    expect(issue(plan, 'Quarterly planning').priority).toBe('High');
    expect(issue(plan, 'Add dark mode').priority).toBe('Medium');
    expect(issue(plan, 'Update dependencies').priority).toBe('Low');
    expect(issue(plan, 'Investigate flaky test').priority).toBe('Low');
    expect(issue(plan, 'Clean up logging').priority).toBe('High');
  });

  it('reports an unknown priority and imports without one', () => {
    const other = parseJiraCsv(`${HEADER}\nA,X-1,Task,Open,Urgent-ish\n`);
    expect(other.phases[0]?.issues[0]?.priority).toBe('none');
    expect(other.skipped).toEqual([
      { item: 'X-1 A', reason: 'UNKNOWN_PRIORITY', detail: 'Urgent-ish' },
    ]);
  });

  it('keeps a quoted multi-line description with its quotes', () => {
    expect(issue(plan, 'Login fails with SSO').description).toBe(
      'Steps:\n1. Open /login\n2. Choose "SSO"\n\nExpected: signed in.',
    );
  });

  it('makes every Labels column a tag', () => {
    expect(issue(plan, 'Login fails with SSO').tags).toEqual(['auth', 'frontend']);
    expect(issue(plan, 'Investigate flaky test').tags).toEqual(['ci', 'flaky']);
    expect(issue(plan, 'Quarterly planning').tags).toEqual([]);
  });

  it('makes every Comment column a comment: date, author, text with semicolons', () => {
    expect(issue(plan, 'Login fails with SSO').comments).toEqual([
      {
        content: 'Reproduced on Chrome; also Firefox',
        createdAt: '2024-03-12T11:00:00.000Z',
        createdBy: 'Bob Brown',
      },
      {
        content: 'Looking into it',
        createdAt: '2024-03-13T14:30:00.000Z',
        createdBy: 'Alice Adams',
      },
    ]);
  });

  it('keeps assignee, reporter as creator, created (Jira and ISO dates) and due date', () => {
    expect(issue(plan, 'Login fails with SSO')).toMatchObject({
      assignedPerson: 'Alice Adams',
      createdBy: 'Bob Brown',
      createdAt: '2024-03-12T10:15:00.000Z',
      dueDate: '2024-03-20',
    });
    expect(issue(plan, 'Add dark mode').createdAt).toBe('2024-03-10T08:00:00.000Z');
    expect(issue(plan, 'Quarterly planning')).toMatchObject({
      assignedPerson: '',
      dueDate: '2024-03-31',
    });
    expect(plan.teamMembers).toEqual(['Alice Adams', 'Bob Brown']);
  });

  it('reports an unreadable due date', () => {
    expect(issue(plan, 'Investigate flaky test').dueDate).toBeUndefined();
    expect(plan.skipped).toContainEqual({
      item: 'WEB-105 Investigate flaky test',
      reason: 'INVALID_DATE',
      detail: 'not a date',
    });
  });

  it('takes story points as the estimation; longer than 3 characters is reported', () => {
    expect(issue(plan, 'Login fails with SSO').estimation).toBe('3');
    expect(issue(plan, 'Clean up logging').estimation).toBe('2');
    expect(issue(plan, 'Investigate flaky test').estimation).toBe('');
    expect(plan.skipped).toContainEqual({
      item: 'WEB-105 Investigate flaky test',
      reason: 'ESTIMATION_TOO_LONG',
      detail: '13.5',
    });
    const points = parseJiraCsv('Summary,Status,Story Points\nA,Open,8\n');
    expect(points.phases[0]?.issues[0]?.estimation).toBe('8');
  });

  it('reports a row without summary', () => {
    const other = parseJiraCsv(`${HEADER}\n,X-7,Task,Open,Low\nB,X-8,Task,Open,Low\n`);
    expect(other.skipped).toEqual([{ item: 'X-7', reason: 'TITLE_MISSING' }]);
    expect(other.phases[0]?.issues.map((item) => item.title)).toEqual(['B']);
  });

  it('reads a file with a byte order mark and CRLF line ends', () => {
    const other = parseJiraCsv(`\uFEFF${HEADER}\r\nA,X-1,Bug,Open,High\r\n`);
    expect(other.phases[0]?.issues[0]).toMatchObject({ title: 'A', type: 'Bug', priority: 'High' });
  });

  it.each(['', 'just some text', 'Name,Email\nann,a@b.c', '{"lists": []}'])(
    'refuses %j as not a Jira export',
    (text) => {
      expect(() => parseJiraCsv(text)).toThrow(ImportFormatError);
      expect(() => parseJiraCsv(text)).toThrow(expect.objectContaining({ code: 'NOT_JIRA_CSV' }));
    },
  );
});
