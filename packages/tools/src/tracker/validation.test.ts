import { describe, expect, it } from 'vitest';

import { defaultContent } from './defaults.ts';
import { type Issue, type Phase, type TrackerContent } from './types.ts';
import { contentProblems, validateContent, validateIssueForm } from './validation.ts';
import { testContext } from '../testing.ts';

function issue(overrides: Partial<Issue> = {}): Issue {
  return {
    id: 'i1',
    title: 'Fix',
    description: '',
    type: 'Task',
    priority: 'none',
    estimation: '',
    assignedPerson: '',
    comments: [],
    createdAt: '2024-01-01T00:00:00.000Z',
    createdBy: 'ann',
    order: 0,
    tags: [],
    ...overrides,
  };
}

function withPhase(content: TrackerContent, index: number, change: Partial<Phase>): TrackerContent {
  return {
    ...content,
    phases: content.phases.map((p, i) => (i === index ? { ...p, ...change } : p)),
  };
}

function phases(count: number): Phase[] {
  return Array.from({ length: count }, (_, order) => ({
    id: `p${order}`,
    name: `P${order}`,
    issues: [],
    order,
    color: '#6c757d',
    description: '',
  }));
}

describe('validateContent (spec §5 Tool content validation)', () => {
  it('accepts valid content', () => {
    const content = withPhase(defaultContent('kanban', testContext('fixed')), 1, {
      issues: [issue()],
    });
    expect(validateContent(content)).toEqual([]);
  });

  it("requires a title: 'Title is required' (blank after trimming)", () => {
    const content = { ...defaultContent('kanban', testContext('fixed')), title: '  ' };
    expect(validateContent(content)).toEqual(['Title is required']);
  });

  it.each([
    ['kanban', 2, 1],
    ['ticket', 3, 2],
  ] as const)("%s: 'Must have at least %s phases' below the minimum", (tool, min, count) => {
    const base = defaultContent(tool, testContext('fixed'));
    expect(validateContent({ ...base, phases: phases(count) })).toEqual([
      `Must have at least ${min} phases`,
    ]);
    expect(validateContent({ ...base, phases: phases(min) })).toEqual([]);
  });

  it.each(['kanban', 'ticket'] as const)(
    "%s: 'Cannot have more than 10 phases' above the maximum",
    (tool) => {
      const base = defaultContent(tool, testContext('fixed'));
      expect(validateContent({ ...base, phases: phases(10) })).toEqual([]);
      expect(validateContent({ ...base, phases: phases(11) })).toEqual([
        'Cannot have more than 10 phases',
      ]);
    },
  );

  it("prefixes each phase's problems with 'Phase N: ' (1-based)", () => {
    let content: TrackerContent = defaultContent('kanban', testContext('fixed'));
    content = withPhase(content, 0, { name: ' ' });
    content = withPhase(content, 2, { id: '', name: '' });
    expect(validateContent(content)).toEqual([
      'Phase 1: Name is required',
      'Phase 3: Name is required',
      'Phase 3: ID is required',
    ]);
  });

  it('refuses more issues than maxIssues, accepts exactly maxIssues', () => {
    const content = defaultContent('kanban', testContext('fixed'));
    const two = [issue({ id: 'a' }), issue({ id: 'b', order: 1 })];
    expect(validateContent(withPhase(content, 1, { maxIssues: 2, issues: two }))).toEqual([]);
    expect(validateContent(withPhase(content, 1, { maxIssues: 1, issues: two }))).toEqual([
      'Phase 2: Cannot have more than 1 issues',
    ]);
  });

  it.each([
    [{ title: ' ' }, 'Title is required'],
    [{ type: '' as Issue['type'] }, 'Type is required'],
    [{ type: 'Story' as Issue['type'] }, 'Type is required'],
    [{ id: '' }, 'ID is required'],
    [{ createdBy: '' }, 'Creator is required'],
    [{ createdAt: '' }, 'Creation date is required'],
    [{ estimation: '-1' }, 'Estimation cannot be negative'],
    [{ estimation: '-.5' }, 'Estimation cannot be negative'],
  ])('issue %j: %s', (change, message) => {
    const content = withPhase(defaultContent('kanban', testContext('fixed')), 3, {
      issues: [issue({ id: 'ok' }), issue({ order: 1, ...change })],
    });
    expect(validateContent(content)).toEqual([`Phase 4: Issue 2: ${message}`]);
  });

  it('accepts zero, sizes and non-numeric estimations', () => {
    for (const estimation of ['0', 'XL', '?', '']) {
      const content = withPhase(defaultContent('kanban', testContext('fixed')), 0, {
        issues: [issue({ estimation })],
      });
      expect(validateContent(content)).toEqual([]);
    }
  });

  it('treats missing fields of decrypted content as blank instead of crashing', () => {
    const broken = { id: 'x' } as unknown as Issue;
    const content = withPhase(defaultContent('kanban', testContext('fixed')), 0, {
      issues: [broken],
    });
    expect(validateContent(content)).toEqual([
      'Phase 1: Issue 1: Title is required',
      'Phase 1: Issue 1: Type is required',
      'Phase 1: Issue 1: Creator is required',
      'Phase 1: Issue 1: Creation date is required',
    ]);
  });

  it('reports content problems first, then phases in order, with codes and indices', () => {
    const base = defaultContent('ticket', testContext('fixed'));
    const content: TrackerContent = {
      ...base,
      title: '',
      phases: [
        { ...phases(1)[0], name: '' } as Phase,
        { ...phases(2)[1], issues: [issue({ title: '' })] } as Phase,
      ],
    };
    expect(validateContent(content)).toEqual([
      'Title is required',
      'Must have at least 3 phases',
      'Phase 1: Name is required',
      'Phase 2: Issue 1: Title is required',
    ]);
    expect(contentProblems(content)).toEqual([
      { code: 'TITLE_REQUIRED', params: {}, message: 'Title is required' },
      { code: 'TOO_FEW_PHASES', params: { minPhases: 3 }, message: 'Must have at least 3 phases' },
      {
        code: 'PHASE_NAME_REQUIRED',
        params: {},
        message: 'Phase 1: Name is required',
        phaseIndex: 0,
      },
      {
        code: 'ISSUE_TITLE_REQUIRED',
        params: {},
        message: 'Phase 2: Issue 1: Title is required',
        phaseIndex: 1,
        issueIndex: 0,
      },
    ]);
  });

  it('checks again an issue an edit replaced, and the other issues at their new positions', () => {
    const base = defaultContent('kanban', testContext('fixed'));
    const valid = withPhase(base, 0, { issues: [issue({ id: 'a' }), issue({ id: 'b' })] });
    expect(validateContent(valid)).toEqual([]);
    const [first, second] = valid.phases[0]?.issues ?? [];
    if (!first || !second) throw new Error('no issues');
    // The edited issue is a new object; the valid one it sits beside keeps its object.
    const blank = { ...first, title: ' ' };
    const edited = withPhase(valid, 0, { issues: [second, blank] });
    expect(validateContent(edited)).toEqual(['Phase 1: Issue 2: Title is required']);
    // An issue found invalid is not remembered as checked.
    const moved = withPhase(edited, 0, { issues: [blank] });
    expect(validateContent(moved)).toEqual(['Phase 1: Issue 1: Title is required']);
  });

  it('follows the content settings for the phase limits', () => {
    const base = defaultContent('kanban', testContext('fixed'));
    const content = { ...base, settings: { ...base.settings, minPhases: 6, maxPhases: 4 } };
    expect(validateContent(content)).toEqual([
      'Must have at least 6 phases',
      'Cannot have more than 4 phases',
    ]);
  });
});

describe('validateIssueForm (spec §5 Issue form)', () => {
  it('accepts a title and an estimation of up to 3 characters', () => {
    expect(validateIssueForm({ title: 'Fix', estimation: '' })).toEqual([]);
    expect(validateIssueForm({ title: 'Fix', estimation: 'XL' })).toEqual([]);
    expect(validateIssueForm({ title: 'Fix', estimation: '100' })).toEqual([]);
    expect(validateIssueForm({ title: 'Fix', estimation: ' 13 ' })).toEqual([]);
  });

  it('requires a title after trimming', () => {
    expect(validateIssueForm({ title: ' \t ', estimation: '' })).toEqual([
      { field: 'title', code: 'ISSUE_TITLE_REQUIRED', params: {}, message: 'Title is required' },
    ]);
  });

  it('refuses an estimation longer than 3 characters', () => {
    expect(validateIssueForm({ title: 'x', estimation: '1000' })).toEqual([
      {
        field: 'estimation',
        code: 'ESTIMATION_TOO_LONG',
        params: { maxChars: 3 },
        message: 'Estimation must be at most 3 characters',
      },
    ]);
  });

  it('reports both problems together', () => {
    expect(validateIssueForm({ title: '', estimation: 'XXXL' }).map((p) => p.field)).toEqual([
      'title',
      'estimation',
    ]);
  });
});
