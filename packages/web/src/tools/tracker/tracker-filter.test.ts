import { describe, expect, it } from 'vitest';

import {
  addIssue,
  defaultContent,
  updateIssue,
  updatePhase,
  type TrackerContext,
} from '@cipherspace/tools/tracker';
import {
  activeIssuesInOrder,
  archivedCount,
  EMPTY_FILTER_STATE,
  isFilterStateEmpty,
  localDate,
  tagsOf,
  wipWarning,
  toIssueFilter,
  type FilterState,
} from './tracker-filter.ts';

function context(): TrackerContext {
  let id = 0;
  return { newId: () => `id-${++id}`, now: () => '2024-03-05T14:07:00.000Z' };
}

describe('tracker filter bar state (spec §3 Issue filter)', () => {
  it('turns the state into the domain filter, leaving out what does not restrict', () => {
    expect(toIssueFilter(EMPTY_FILTER_STATE)).toEqual({});
    expect(isFilterStateEmpty({ ...EMPTY_FILTER_STATE, text: '   ' })).toBe(true);
    const state: FilterState = {
      text: 'login',
      type: 'Bug',
      priority: 'High',
      assignee: '',
      tag: 'ux',
      due: null,
      archived: false,
    };
    expect(isFilterStateEmpty(state)).toBe(false);
    expect(isFilterStateEmpty({ ...EMPTY_FILTER_STATE, tag: 'ux' })).toBe(false);
    expect(toIssueFilter(state)).toEqual({
      textSearch: 'login',
      types: ['Bug'],
      priorities: ['High'],
      assignees: [''],
      tags: ['ux'],
    });
  });

  it('offers every tag once, whatever its case, sorted', () => {
    const ctx = context();
    let content = defaultContent('kanban', ctx);
    const phaseId = content.phases[0]?.id ?? '';
    for (const tags of [['UX', 'backend'], ['ux', 'Api'], []])
      content = addIssue(content, { phaseId, issue: { title: 'x', tags }, createdBy: 'ann' }, ctx);
    expect(tagsOf(content)).toEqual(['Api', 'backend', 'UX']);
  });

  it('turns the due choice and the archived toggle into the domain filter', () => {
    const due = { ...EMPTY_FILTER_STATE, due: 'overdue' as const };
    expect(isFilterStateEmpty(due)).toBe(false);
    expect(toIssueFilter(due, '2024-03-05')).toEqual({
      due: { statuses: ['overdue'], today: '2024-03-05' },
    });
    const archived = { ...EMPTY_FILTER_STATE, archived: true };
    expect(isFilterStateEmpty(archived)).toBe(false);
    expect(toIssueFilter(archived)).toEqual({ includeArchived: true });
  });

  it('writes the local day as YYYY-MM-DD', () => {
    expect(localDate(new Date(2024, 0, 9, 23, 59))).toBe('2024-01-09');
    expect(localDate(new Date(2024, 11, 31, 0, 1))).toBe('2024-12-31');
  });

  it('leaves archived issues off the board and counts them', () => {
    const ctx = context();
    let content = defaultContent('kanban', ctx);
    const phaseId = content.phases[0]?.id ?? '';
    for (const title of ['a', 'b', 'c'])
      content = addIssue(content, { phaseId, issue: { title }, createdBy: 'ann' }, ctx);
    const first = content.phases[0]?.issues[0]?.id ?? '';
    content = updateIssue(content, { issueId: first, changes: { archived: true } });
    const phase = content.phases[0];
    if (!phase) throw new Error('no phase');
    expect(activeIssuesInOrder(phase).map((issue) => issue.title)).toEqual(['b', 'c']);
    expect(activeIssuesInOrder(phase)).toBe(activeIssuesInOrder(phase));
    expect(archivedCount(content)).toBe(1);
  });

  it('warns at and over the WIP limit, not counting archived issues', () => {
    const ctx = context();
    let content = defaultContent('kanban', ctx);
    const phaseId = content.phases[0]?.id ?? '';
    for (const title of ['a', 'b'])
      content = addIssue(content, { phaseId, issue: { title }, createdBy: 'ann' }, ctx);
    const phaseOf = () => content.phases.find((phase) => phase.id === phaseId) ?? { issues: [] };
    expect(wipWarning(phaseOf())).toBeNull();
    content = updatePhase(content, { phaseId, changes: { maxIssues: 2 } });
    expect(wipWarning(phaseOf())).toBe('At the limit of 2');
    content = updatePhase(content, { phaseId, changes: { maxIssues: 3 } });
    expect(wipWarning(phaseOf())).toBeNull();
    expect(wipWarning({ issues: phaseOf().issues, maxIssues: 1 })).toBe('Over the limit: 2 of 1');
  });
});
