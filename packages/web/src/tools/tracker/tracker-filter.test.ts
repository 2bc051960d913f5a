import { describe, expect, it } from 'vitest';

import { addIssue, defaultContent, type TrackerContext } from '@cipherspace/tools/tracker';
import {
  EMPTY_FILTER_STATE,
  isFilterStateEmpty,
  tagsOf,
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
});
