import { describe, expect, it } from 'vitest';

import { defaultContent } from './defaults.ts';
import { testContext } from '../testing.ts';
import {
  allowedFilter,
  filterIssues,
  isEmptyFilter,
  issueMatcher,
  matchesFilter,
} from './filter.ts';
import {
  addChecklistItem,
  addComment,
  addIssue,
  updateIssue,
  type IssueInput,
} from './operations.ts';
import { type IssueFilter, type TrackerContent, type TrackerContext } from './types.ts';

function board(): TrackerContent {
  let id = 0;
  let time = '';
  const ctx: TrackerContext = { newId: () => `id-${++id}`, now: () => time };
  let content: TrackerContent = defaultContent('ticket', ctx);
  const add = (phaseName: string, createdAt: string, issue: IssueInput): void => {
    time = createdAt;
    const phaseId = content.phases.find((p) => p.name === phaseName)?.id ?? '';
    content = addIssue(content, { phaseId, issue, createdBy: 'ann' }, ctx);
  };
  add('Backlog', '2024-01-10T09:00:00.000Z', {
    title: 'Login page',
    type: 'User Story',
    priority: 'High',
    assignedPerson: 'Ann',
    tags: ['UI', 'auth'],
  });
  add('To Do', '2024-01-20T12:00:00.000Z', {
    title: 'Crash on save',
    description: 'Stack overflow in the editor',
    type: 'Bug',
    priority: 'Critical',
    assignedPerson: 'bob',
    tags: ['editor'],
  });
  add('Done', '2024-01-31T23:00:00.000Z', {
    title: 'Release 1.0',
    type: 'Epic',
    priority: 'none',
    tags: [],
  });
  add('Backlog', '2024-02-01T00:00:00.000Z', { title: 'Docs', type: 'Task', priority: 'Low' });
  const release = content.phases.find((p) => p.name === 'Done')?.issues[0]?.id ?? '';
  return addComment(
    content,
    { issueId: release, content: 'Waiting for QA sign-off', createdBy: 'bob' },
    ctx,
  );
}

function titlesFor(filter: IssueFilter): string[] {
  return filterIssues(board(), filter).map(({ issue }) => issue.title);
}

describe('filterIssues (spec §3 Issue filter)', () => {
  it('an empty filter matches every issue in board order, each with its phase', () => {
    const result = filterIssues(board(), {});
    expect(result.map(({ issue, phase }) => [phase.name, issue.title])).toEqual([
      ['Backlog', 'Login page'],
      ['Backlog', 'Docs'],
      ['To Do', 'Crash on save'],
      ['Done', 'Release 1.0'],
    ]);
    expect(
      titlesFor({
        types: [],
        priorities: [],
        assignees: [],
        tags: [],
        dateRange: {},
        textSearch: '  ',
      }),
    ).toHaveLength(4);
  });

  it('types: any of the listed types', () => {
    expect(titlesFor({ types: ['Bug'] })).toEqual(['Crash on save']);
    expect(titlesFor({ types: ['Bug', 'Epic'] })).toEqual(['Crash on save', 'Release 1.0']);
  });

  it('priorities: any of the listed priorities', () => {
    expect(titlesFor({ priorities: ['none'] })).toEqual(['Release 1.0']);
    expect(titlesFor({ priorities: ['High', 'Low'] })).toEqual(['Login page', 'Docs']);
  });

  it('assignees: case-insensitive exact match; empty string selects unassigned', () => {
    expect(titlesFor({ assignees: ['ann'] })).toEqual(['Login page']);
    expect(titlesFor({ assignees: [' BOB '] })).toEqual(['Crash on save']);
    expect(titlesFor({ assignees: [''] })).toEqual(['Docs', 'Release 1.0']);
    expect(titlesFor({ assignees: ['an'] })).toEqual([]);
  });

  it('tags: any tag matches, case-insensitive', () => {
    expect(titlesFor({ tags: ['ui'] })).toEqual(['Login page']);
    expect(titlesFor({ tags: ['EDITOR', 'auth'] })).toEqual(['Login page', 'Crash on save']);
    expect(titlesFor({ tags: ['none'] })).toEqual([]);
  });

  it('dateRange: inclusive bounds, either side optional', () => {
    expect(titlesFor({ dateRange: { from: '2024-01-20T12:00:00.000Z' } })).toEqual([
      'Docs',
      'Crash on save',
      'Release 1.0',
    ]);
    expect(titlesFor({ dateRange: { to: '2024-01-20T12:00:00.000Z' } })).toEqual([
      'Login page',
      'Crash on save',
    ]);
    expect(
      titlesFor({
        dateRange: { from: '2024-01-20T12:00:00.000Z', to: '2024-01-20T12:00:00.000Z' },
      }),
    ).toEqual(['Crash on save']);
  });

  it('dateRange: a date-only "to" includes that whole day (UTC), a date-only "from" starts it', () => {
    expect(titlesFor({ dateRange: { from: '2024-01-31', to: '2024-01-31' } })).toEqual([
      'Release 1.0',
    ]);
    expect(titlesFor({ dateRange: { from: '2024-02-01' } })).toEqual(['Docs']);
  });

  it('dateRange: unparsable bounds are ignored, unparsable createdAt fails a bound', () => {
    expect(titlesFor({ dateRange: { from: 'soon', to: '' } })).toHaveLength(4);
    const content = board();
    const broken = { ...content.phases[0]?.issues[0], createdAt: 'yesterday' } as Parameters<
      typeof matchesFilter
    >[0];
    expect(matchesFilter(broken, { dateRange: { from: '2000-01-01' } })).toBe(false);
    expect(matchesFilter(broken, {})).toBe(true);
  });

  it('textSearch: case-insensitive substring of title, description, assignee, tags, comments', () => {
    expect(titlesFor({ textSearch: 'LOGIN' })).toEqual(['Login page']);
    expect(titlesFor({ textSearch: 'overflow' })).toEqual(['Crash on save']);
    expect(titlesFor({ textSearch: 'BoB' })).toEqual(['Crash on save']);
    expect(titlesFor({ textSearch: 'auth' })).toEqual(['Login page']);
    expect(titlesFor({ textSearch: ' sign-off ' })).toEqual(['Release 1.0']);
  });

  it('textSearch: finds an issue by its ticket number, with or without #', () => {
    // Numbered in the order added: Login page #1, Crash on save #2, Release 1.0 #3, Docs #4.
    expect(titlesFor({ textSearch: '#2' })).toEqual(['Crash on save']);
    expect(titlesFor({ textSearch: '4' })).toEqual(['Docs']);
    expect(titlesFor({ textSearch: '#5' })).toEqual([]);
  });

  it('textSearch: does not match ids, type, priority or creator', () => {
    expect(titlesFor({ textSearch: 'id-' })).toEqual([]);
    expect(titlesFor({ textSearch: 'epic' })).toEqual([]);
    expect(titlesFor({ textSearch: 'critical' })).toEqual([]);
    expect(titlesFor({ textSearch: 'ann' })).toEqual(['Login page']);
  });

  it('combines criteria: all must hold', () => {
    expect(titlesFor({ types: ['Bug', 'User Story'], priorities: ['Critical'] })).toEqual([
      'Crash on save',
    ]);
    expect(
      titlesFor({
        types: ['User Story', 'Bug', 'Task'],
        dateRange: { from: '2024-01-01', to: '2024-01-31' },
        textSearch: 'o',
        tags: ['auth', 'editor'],
        assignees: ['ann'],
      }),
    ).toEqual(['Login page']);
    expect(titlesFor({ types: ['Epic'], textSearch: 'login' })).toEqual([]);
  });
});

describe('due dates, archived issues and checklists in the filter', () => {
  function extended(): TrackerContent {
    const ctx: TrackerContext = testContext('fixed');
    let content = board();
    const id = (title: string): string =>
      filterIssues(content, { includeArchived: true }).find(({ issue }) => issue.title === title)
        ?.issue.id ?? '';
    const [login, crash, release, docs] = [
      'Login page',
      'Crash on save',
      'Release 1.0',
      'Docs',
    ].map(id);
    content = updateIssue(content, { issueId: login ?? '', changes: { dueDate: '2024-03-01' } });
    content = updateIssue(content, { issueId: crash ?? '', changes: { dueDate: '2024-03-11' } });
    content = updateIssue(content, { issueId: release ?? '', changes: { dueDate: '2024-03-01' } });
    content = updateIssue(content, { issueId: docs ?? '', changes: { archived: true } });
    return addChecklistItem(content, { issueId: crash ?? '', text: 'Reproduce in Safari' }, ctx);
  }
  const titles = (filter: IssueFilter): string[] =>
    filterIssues(extended(), filter).map(({ issue }) => issue.title);
  const today = '2024-03-10';

  it('hides archived issues unless asked for; archivedOnly shows only them', () => {
    expect(titles({})).toEqual(['Login page', 'Crash on save', 'Release 1.0']);
    expect(titles({ includeArchived: true })).toContain('Docs');
    expect(titles({ archivedOnly: true })).toEqual(['Docs']);
    expect(titles({ textSearch: 'docs' })).toEqual([]);
    expect(titles({ textSearch: 'docs', includeArchived: true })).toEqual(['Docs']);
  });

  it('due: by status on today; none for issues without a date; end phases never overdue', () => {
    expect(titles({ due: { statuses: ['overdue'], today } })).toEqual(['Login page']);
    expect(titles({ due: { statuses: ['dueSoon'], today } })).toEqual(['Crash on save']);
    expect(titles({ due: { statuses: ['due'], today } })).toEqual(['Release 1.0']);
    expect(
      titles({ due: { statuses: ['none'], today, soonDays: 0 }, includeArchived: true }),
    ).toEqual(['Docs']);
    expect(titles({ due: { statuses: ['due'], today, soonDays: 0 } })).toEqual([
      'Crash on save',
      'Release 1.0',
    ]);
    expect(titles({ due: { statuses: [], today } })).toHaveLength(3);
  });

  it('textSearch also finds checklist items', () => {
    expect(titles({ textSearch: 'SAFARI' })).toEqual(['Crash on save']);
  });

  it('matchesFilter and issueMatcher agree with filterIssues', () => {
    const content = extended();
    const filter: IssueFilter = { due: { statuses: ['overdue'], today }, includeArchived: true };
    const matches = issueMatcher(filter);
    for (const phase of content.phases)
      for (const issue of phase.issues)
        expect(matchesFilter(issue, filter, phase)).toBe(matches(issue, phase));
  });

  it('isEmptyFilter counts due statuses and archivedOnly, not includeArchived', () => {
    expect(isEmptyFilter({ includeArchived: true })).toBe(true);
    expect(isEmptyFilter({ archivedOnly: true })).toBe(false);
    expect(isEmptyFilter({ due: { statuses: [], today } })).toBe(true);
    expect(isEmptyFilter({ due: { statuses: ['none'], today } })).toBe(false);
  });
});

describe('isEmptyFilter', () => {
  it('is true only when nothing restricts', () => {
    expect(isEmptyFilter({})).toBe(true);
    expect(isEmptyFilter({ types: [], tags: [], dateRange: { from: '' }, textSearch: ' ' })).toBe(
      true,
    );
    expect(isEmptyFilter({ types: ['Bug'] })).toBe(false);
    expect(isEmptyFilter({ priorities: ['none'] })).toBe(false);
    expect(isEmptyFilter({ assignees: [''] })).toBe(false);
    expect(isEmptyFilter({ tags: ['x'] })).toBe(false);
    expect(isEmptyFilter({ dateRange: { to: '2024-01-01' } })).toBe(false);
    expect(isEmptyFilter({ textSearch: 'x' })).toBe(false);
  });
});

describe('allowedFilter (spec §3 Ticket settings enableSearch / enableFiltering)', () => {
  const filter: IssueFilter = {
    textSearch: 'login',
    types: ['Bug'],
    priorities: ['High'],
    assignees: ['ann'],
    tags: ['ux'],
    dateRange: { from: '2024-01-01' },
    due: { statuses: ['overdue'], today: '2024-03-05' },
    includeArchived: true,
  };

  it('keeps everything while both are on', () => {
    expect(allowedFilter(filter, { enableSearch: true, enableFiltering: true })).toEqual(filter);
  });

  it('drops the text without search and every other criterion without filtering', () => {
    const { textSearch: _text, ...criteria } = filter;
    expect(allowedFilter(filter, { enableSearch: false, enableFiltering: true })).toEqual(criteria);
    expect(allowedFilter(filter, { enableSearch: true, enableFiltering: false })).toEqual({
      textSearch: 'login',
      includeArchived: true,
    });
    const neither = allowedFilter(
      { ...filter, archivedOnly: true },
      {
        enableSearch: false,
        enableFiltering: false,
      },
    );
    expect(neither).toEqual({ includeArchived: true, archivedOnly: true });
    expect(
      isEmptyFilter(allowedFilter(filter, { enableSearch: false, enableFiltering: false })),
    ).toBe(true);
  });
});
