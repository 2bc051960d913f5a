import { describe, expect, it } from 'vitest';

import {
  ISSUE_LIST_INITIAL_LIMIT,
  ISSUE_SEARCH_DEBOUNCE_MS,
  ISSUE_SEARCH_MAX_RESULTS,
  allBacklogIssues,
  allSourcedIssues,
  findBacklogIssue,
  issueMatches,
  locateSourcedIssue,
  searchIssues,
  searchSourcedIssues,
} from './issues.ts';
import type { BacklogIssue, BacklogPhase } from './types.ts';

function issue(id: string, overrides: Partial<BacklogIssue> = {}): BacklogIssue {
  return {
    id,
    title: `Issue ${id}`,
    description: '',
    tags: [],
    assignedPerson: '',
    type: 'Task',
    priority: 'none',
    estimation: '',
    ...overrides,
  };
}

function manyPhases(count: number): BacklogPhase[] {
  const issues = Array.from({ length: count }, (_, i) => issue(`n${i}`, { title: `Common ${i}` }));
  return [
    { name: 'Backlog', issues: issues.slice(0, Math.floor(count / 2)) },
    { name: 'Done', issues: issues.slice(Math.floor(count / 2)) },
  ];
}

describe('constants (spec §9 Poker, Timings)', () => {
  it('lists 20 initially, at most 50 matches, debounced 300 ms', () => {
    expect(ISSUE_LIST_INITIAL_LIMIT).toBe(20);
    expect(ISSUE_SEARCH_MAX_RESULTS).toBe(50);
    expect(ISSUE_SEARCH_DEBOUNCE_MS).toBe(300);
  });
});

describe('searchIssues (spec §2 Issue selector, §9)', () => {
  it('shows the first 20 issues of all phases, in phase order, when the search is blank', () => {
    const phases = manyPhases(30);
    expect(searchIssues(phases, '').map((i) => i.id)).toEqual(
      Array.from({ length: 20 }, (_, i) => `n${i}`),
    );
    expect(searchIssues(phases, '   ')).toHaveLength(20);
    expect(searchIssues(manyPhases(3), '')).toHaveLength(3);
  });

  it('shows at most 50 matches', () => {
    expect(searchIssues(manyPhases(60), 'common')).toHaveLength(50);
    expect(searchIssues(manyPhases(40), 'common')).toHaveLength(40);
  });

  it('matches title, description, id, tags and assignee, case-insensitively', () => {
    const phases: BacklogPhase[] = [
      {
        name: 'Backlog',
        issues: [
          issue('a', { title: 'Login page' }),
          issue('b', { description: 'The LOGIN flow breaks' }),
          issue('login-3'),
          issue('d', { tags: ['ui', 'Login'] }),
          issue('e', { assignedPerson: 'loginhelper' }),
          issue('f', { title: 'Other' }),
        ],
      },
    ];
    expect(searchIssues(phases, ' login ').map((i) => i.id)).toEqual([
      'a',
      'b',
      'login-3',
      'd',
      'e',
    ]);
    expect(searchIssues(phases, 'nothing')).toEqual([]);
  });

  it('does not match on type, priority or estimation', () => {
    const only = issue('x', { title: 'T', type: 'Bug', priority: 'High', estimation: '13' });
    expect(issueMatches(only, 'bug')).toBe(false);
    expect(issueMatches(only, 'high')).toBe(false);
    expect(issueMatches(only, '13')).toBe(false);
  });
});

describe('allBacklogIssues / findBacklogIssue', () => {
  it('flattens phases and finds an issue by id', () => {
    const phases = manyPhases(4);
    expect(allBacklogIssues(phases).map((i) => i.id)).toEqual(['n0', 'n1', 'n2', 'n3']);
    expect(findBacklogIssue(phases, 'n3')?.title).toBe('Common 3');
    expect(findBacklogIssue(phases, 'zz')).toBeUndefined();
  });
});

describe('issues of several backlog tools (spec §7: Issue Management and Kanban)', () => {
  const sources = [
    {
      tool: 'ticket-system',
      phases: [
        { name: 'Backlog', issues: [issue('t1', { title: 'Checkout' })] },
        { name: 'Done', issues: [issue('t2', { tags: ['checkout'] })] },
      ],
    },
    {
      tool: 'kanban',
      phases: [{ name: 'To Do', issues: [issue('k1', { title: 'Checkout UI' })] }],
    },
  ];

  it('lists every issue with its tool and phase, tool by tool', () => {
    expect(allSourcedIssues(sources).map((i) => [i.tool, i.phaseName, i.issue.id])).toEqual([
      ['ticket-system', 'Backlog', 't1'],
      ['ticket-system', 'Done', 't2'],
      ['kanban', 'To Do', 'k1'],
    ]);
  });

  it('searches across all tools with the same limits', () => {
    expect(searchSourcedIssues(sources, 'checkout').map((i) => i.issue.id)).toEqual([
      't1',
      't2',
      'k1',
    ]);
    expect(searchSourcedIssues(sources, 'ui').map((i) => i.tool)).toEqual(['kanban']);
    const many = [
      { tool: 'a', phases: manyPhases(30) },
      { tool: 'b', phases: manyPhases(30) },
    ];
    expect(searchSourcedIssues(many, '')).toHaveLength(20);
    expect(searchSourcedIssues(many, 'common')).toHaveLength(50);
  });

  it('locates an issue in the tool it lives in', () => {
    expect(locateSourcedIssue(sources, 'k1')).toMatchObject({ tool: 'kanban', phaseName: 'To Do' });
    expect(locateSourcedIssue(sources, 't2')?.tool).toBe('ticket-system');
    expect(locateSourcedIssue(sources, 'none')).toBeUndefined();
  });
});
