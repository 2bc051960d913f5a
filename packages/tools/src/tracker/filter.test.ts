import { describe, expect, it } from 'vitest';

import { defaultContent } from './defaults.ts';
import { filterIssues, isEmptyFilter, matchesFilter } from './filter.ts';
import { addComment, addIssue, type IssueInput } from './operations.ts';
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
