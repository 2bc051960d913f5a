import { describe, expect, it } from 'vitest';

import { defaultContent } from './defaults.ts';
import {
  addComment,
  addIssue,
  addPhase,
  addTeamMember,
  applyOperation,
  archiveIssues,
  canAddPhase,
  canDeletePhase,
  canMoveIssue,
  canMovePhase,
  deleteComment,
  deleteIssue,
  deletePhase,
  findIssue,
  isPhaseFull,
  moveIssue,
  movePhase,
  movePhaseTo,
  sortByOrder,
  updateIssue,
  updatePhase,
  updateSettings,
  type TrackerOperation,
} from './operations.ts';
import {
  TrackerError,
  type KanbanContent,
  type Phase,
  type TicketContent,
  type TrackerContent,
} from './types.ts';
import { deepFreeze, expectDomainError, testContext } from '../testing.ts';

function phase(content: TrackerContent, name: string): Phase {
  const found = content.phases.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no phase ${name}`);
  return found;
}

function names(content: TrackerContent): string[] {
  return sortByOrder(content.phases).map((p) => p.name);
}

function titles(p: Phase): string[] {
  return sortByOrder(p.issues).map((issue) => issue.title);
}

function orders(items: readonly { order: number }[]): number[] {
  return items.map((item) => item.order);
}

/** Kanban board with issues A, B, C in To Do and D in In Progress. */
function kanbanWithIssues(ctx = testContext()): KanbanContent {
  let content = defaultContent('kanban', ctx);
  const todo = phase(content, 'To Do').id;
  for (const title of ['A', 'B', 'C']) {
    content = addIssue(content, { phaseId: todo, issue: { title }, createdBy: 'ann' }, ctx);
  }
  return addIssue(
    content,
    { phaseId: phase(content, 'In Progress').id, issue: { title: 'D' }, createdBy: 'ann' },
    ctx,
  );
}

function issueId(content: TrackerContent, title: string): string {
  for (const p of content.phases) {
    const issue = p.issues.find((candidate) => candidate.title === title);
    if (issue) return issue.id;
  }
  throw new Error(`no issue ${title}`);
}

describe('no content loaded (spec §8 "No data loaded")', () => {
  const ctx = testContext();
  const calls: [string, () => unknown][] = [
    ['addPhase', () => addPhase(null, { name: 'X' }, ctx)],
    ['updatePhase', () => updatePhase(null, { phaseId: 'p', changes: {} })],
    ['deletePhase', () => deletePhase(null, { phaseId: 'p' })],
    ['movePhase', () => movePhase(null, { phaseId: 'p', direction: 'left' })],
    ['movePhaseTo', () => movePhaseTo(null, { phaseId: 'p', toIndex: 0 })],
    [
      'addIssue',
      () => addIssue(null, { phaseId: 'p', issue: { title: 'X' }, createdBy: 'a' }, ctx),
    ],
    ['updateIssue', () => updateIssue(null, { issueId: 'i', changes: {} })],
    ['deleteIssue', () => deleteIssue(null, { issueId: 'i' })],
    ['moveIssue', () => moveIssue(null, { issueId: 'i', toPhaseId: 'p' })],
    ['addComment', () => addComment(null, { issueId: 'i', content: 'x', createdBy: 'a' }, ctx)],
    ['deleteComment', () => deleteComment(null, { issueId: 'i', commentId: 'c' })],
    ['addTeamMember', () => addTeamMember(null, { name: 'ann' })],
  ];
  it.each(calls)('%s throws NO_DATA', (_name, call) => {
    expectDomainError(TrackerError, call, 'NO_DATA', 'No data loaded');
  });
});

describe('addPhase (spec §4, §2 Add Column)', () => {
  it('appends a phase with trimmed name, next order, default colour and no issues', () => {
    const ctx = testContext();
    const content = defaultContent('kanban', ctx);
    const next = addPhase(content, { name: '  Blocked  ' }, ctx);
    const added = next.phases[5];
    expect(added).toEqual({
      id: 'id-7',
      name: 'Blocked',
      issues: [],
      order: 5,
      color: '#6c757d',
      description: '',
    });
    expect(names(next)).toEqual(['Backlog', 'To Do', 'In Progress', 'Testing', 'Done', 'Blocked']);
  });

  it('keeps a chosen colour, description, maxIssues and end-phase flag', () => {
    const ctx = testContext();
    const next = addPhase(
      defaultContent('ticket', ctx),
      { name: 'Shipped', color: '#dc3545', description: ' live ', maxIssues: 4, isEndPhase: true },
      ctx,
    );
    expect(next.phases[5]).toMatchObject({
      name: 'Shipped',
      color: '#dc3545',
      description: 'live',
      maxIssues: 4,
      isEndPhase: true,
    });
  });

  it('uses the default colour for a blank colour', () => {
    const ctx = testContext();
    const next = addPhase(defaultContent('kanban', ctx), { name: 'X', color: ' ' }, ctx);
    expect(next.phases[5]?.color).toBe('#6c757d');
  });

  it('refuses a blank name', () => {
    const ctx = testContext();
    expectDomainError(
      TrackerError,
      () => addPhase(defaultContent('kanban', ctx), { name: '   ' }, ctx),
      'NAME_REQUIRED',
      'Name is required',
    );
  });

  it.each(['kanban', 'ticket'] as const)(
    '%s: allows up to 10 phases and refuses the 11th with the spec text',
    (tool) => {
      const ctx = testContext();
      let content: TrackerContent = defaultContent(tool, ctx);
      for (let n = 6; n <= 10; n++) content = addPhase(content, { name: `P${n}` }, ctx);
      expect(content.phases).toHaveLength(10);
      expect(canAddPhase(content)).toBe(false);
      const full = content;
      expectDomainError(
        TrackerError,
        () => addPhase(full, { name: 'P11' }, ctx),
        'MAX_PHASES',
        'Cannot add more than 10 phases',
      );
      try {
        addPhase(full, { name: 'P11' }, ctx);
      } catch (error) {
        expect(error).toMatchObject({ params: { maxPhases: 10 } });
      }
    },
  );

  it('follows settings.maxPhases', () => {
    const ctx = testContext();
    const base = defaultContent('kanban', ctx);
    const content: KanbanContent = { ...base, settings: { ...base.settings, maxPhases: 5 } };
    expect(canAddPhase(content)).toBe(false);
    expectDomainError(
      TrackerError,
      () => addPhase(content, { name: 'X' }, ctx),
      'MAX_PHASES',
      'Cannot add more than 5 phases',
    );
  });
});

describe('updatePhase', () => {
  it('changes name (trimmed), colour, description and maxIssues', () => {
    const content = kanbanWithIssues();
    const todo = phase(content, 'To Do');
    const next = updatePhase(content, {
      phaseId: todo.id,
      changes: { name: ' Ready ', color: '#28a745', description: 'd', maxIssues: 5 },
    });
    expect(next.phases[1]).toMatchObject({
      id: todo.id,
      name: 'Ready',
      color: '#28a745',
      description: 'd',
      maxIssues: 5,
      issues: todo.issues,
      order: 1,
    });
  });

  it('removes maxIssues with null and keeps it when absent', () => {
    const content = kanbanWithIssues();
    const id = phase(content, 'To Do').id;
    const limited = updatePhase(content, { phaseId: id, changes: { maxIssues: 3 } });
    expect(updatePhase(limited, { phaseId: id, changes: { name: 'Y' } }).phases[1]?.maxIssues).toBe(
      3,
    );
    const unlimited = updatePhase(limited, { phaseId: id, changes: { maxIssues: null } });
    expect(unlimited.phases[1]).not.toHaveProperty('maxIssues');
  });

  it('refuses a blank name and an unknown phase', () => {
    const content = kanbanWithIssues();
    expectDomainError(
      TrackerError,
      () => updatePhase(content, { phaseId: phase(content, 'Done').id, changes: { name: ' ' } }),
      'NAME_REQUIRED',
      'Name is required',
    );
    expectDomainError(
      TrackerError,
      () => updatePhase(content, { phaseId: 'nope', changes: { name: 'X' } }),
      'PHASE_NOT_FOUND',
      'Phase not found',
    );
  });
});

describe('deletePhase (spec §4, §5 minimum)', () => {
  it('removes the phase with its issues and renumbers order 0..n-1', () => {
    const content = kanbanWithIssues();
    const next = deletePhase(content, { phaseId: phase(content, 'To Do').id });
    expect(names(next)).toEqual(['Backlog', 'In Progress', 'Testing', 'Done']);
    expect(orders(next.phases)).toEqual([0, 1, 2, 3]);
    expect(findIssue(next, issueId(content, 'A'))).toBeNull();
  });

  it('kanban: deletes down to 2 phases, then refuses with the minimum', () => {
    const ctx = testContext();
    let content: TrackerContent = defaultContent('kanban', ctx);
    for (const name of ['Backlog', 'To Do', 'In Progress']) {
      expect(canDeletePhase(content)).toBe(true);
      content = deletePhase(content, { phaseId: phase(content, name).id });
    }
    expect(names(content)).toEqual(['Testing', 'Done']);
    expect(canDeletePhase(content)).toBe(false);
    const last = content;
    expectDomainError(
      TrackerError,
      () => deletePhase(last, { phaseId: phase(last, 'Done').id }),
      'MIN_PHASES',
      'Cannot delete phase. Minimum 2 phases required.',
    );
  });

  it('ticket: deletes down to 3 phases, then refuses with the minimum', () => {
    const ctx = testContext();
    let content: TrackerContent = defaultContent('ticket', ctx);
    content = deletePhase(content, { phaseId: phase(content, 'Backlog').id });
    content = deletePhase(content, { phaseId: phase(content, 'Review').id });
    expect(content.phases).toHaveLength(3);
    const last = content;
    expectDomainError(
      TrackerError,
      () => deletePhase(last, { phaseId: phase(last, 'Done').id }),
      'MIN_PHASES',
      'Cannot delete phase. Minimum 3 phases required.',
    );
  });

  it('refuses an unknown phase', () => {
    expectDomainError(
      TrackerError,
      () => deletePhase(kanbanWithIssues(), { phaseId: 'nope' }),
      'PHASE_NOT_FOUND',
      'Phase not found',
    );
  });

  it('canDeletePhase is false when settings.allowPhaseDelete is off', () => {
    const content = kanbanWithIssues();
    expect(
      canDeletePhase({ ...content, settings: { ...content.settings, allowPhaseDelete: false } }),
    ).toBe(false);
  });
});

describe('movePhase / movePhaseTo (spec §4 one step left/right, §5 Invalid target position)', () => {
  it('moves one step left and right and renumbers order', () => {
    const content = kanbanWithIssues();
    const testing = phase(content, 'Testing').id;
    const left = movePhase(content, { phaseId: testing, direction: 'left' });
    expect(names(left)).toEqual(['Backlog', 'To Do', 'Testing', 'In Progress', 'Done']);
    expect(orders(left.phases)).toEqual([0, 1, 2, 3, 4]);
    const right = movePhase(left, { phaseId: testing, direction: 'right' });
    expect(names(right)).toEqual(['Backlog', 'To Do', 'In Progress', 'Testing', 'Done']);
  });

  it('refuses the first phase moving left and the last moving right', () => {
    const content = kanbanWithIssues();
    expectDomainError(
      TrackerError,
      () => movePhase(content, { phaseId: phase(content, 'Backlog').id, direction: 'left' }),
      'INVALID_TARGET_POSITION',
      'Invalid target position',
    );
    expectDomainError(
      TrackerError,
      () => movePhase(content, { phaseId: phase(content, 'Done').id, direction: 'right' }),
      'INVALID_TARGET_POSITION',
      'Invalid target position',
    );
  });

  it('moves to a target index and renumbers every phase', () => {
    const content = kanbanWithIssues();
    const next = movePhaseTo(content, { phaseId: phase(content, 'Done').id, toIndex: 0 });
    expect(names(next)).toEqual(['Done', 'Backlog', 'To Do', 'In Progress', 'Testing']);
    expect(orders(sortByOrder(next.phases))).toEqual([0, 1, 2, 3, 4]);
    expect(phase(next, 'To Do').issues).toBe(phase(content, 'To Do').issues);
  });

  it('returns the content itself when the phase is already at the index', () => {
    const content = kanbanWithIssues();
    expect(movePhaseTo(content, { phaseId: phase(content, 'To Do').id, toIndex: 1 })).toBe(content);
  });

  it.each([-1, 5, 1.5, Number.NaN])('refuses target index %s', (toIndex) => {
    const content = kanbanWithIssues();
    expectDomainError(
      TrackerError,
      () => movePhaseTo(content, { phaseId: phase(content, 'To Do').id, toIndex }),
      'INVALID_TARGET_POSITION',
      'Invalid target position',
    );
  });

  it('refuses an unknown phase', () => {
    const content = kanbanWithIssues();
    expectDomainError(
      TrackerError,
      () => movePhase(content, { phaseId: 'nope', direction: 'left' }),
      'PHASE_NOT_FOUND',
      'Phase not found',
    );
    expectDomainError(
      TrackerError,
      () => movePhaseTo(content, { phaseId: 'nope', toIndex: 0 }),
      'PHASE_NOT_FOUND',
      'Phase not found',
    );
  });

  it('canMovePhase shows arrows only where a move is possible and reordering is allowed', () => {
    const content = kanbanWithIssues();
    const first = phase(content, 'Backlog').id;
    const last = phase(content, 'Done').id;
    expect(canMovePhase(content, first, 'left')).toBe(false);
    expect(canMovePhase(content, first, 'right')).toBe(true);
    expect(canMovePhase(content, last, 'left')).toBe(true);
    expect(canMovePhase(content, last, 'right')).toBe(false);
    expect(canMovePhase(content, 'nope', 'right')).toBe(false);
    const locked = { ...content, settings: { ...content.settings, allowPhaseReorder: false } };
    expect(canMovePhase(locked, first, 'right')).toBe(false);
  });

  it('works from the order field even when the array is not sorted', () => {
    const content = kanbanWithIssues();
    const shuffled: KanbanContent = { ...content, phases: [...content.phases].reverse() };
    const next = movePhase(shuffled, { phaseId: phase(content, 'Backlog').id, direction: 'right' });
    expect(names(next)).toEqual(['To Do', 'Backlog', 'In Progress', 'Testing', 'Done']);
  });
});

describe('addIssue (spec §2 issue form, §5 Issue form, §4 capacity)', () => {
  it('appends an issue with defaults, trimmed fields, next order, id and time from ctx', () => {
    const ctx = testContext();
    const content = defaultContent('kanban', ctx);
    const todo = phase(content, 'To Do');
    const next = addIssue(
      content,
      {
        phaseId: todo.id,
        issue: {
          title: '  Fix login  ',
          estimation: ' XL ',
          assignedPerson: ' bob ',
          tags: [' ui ', '', 'ui', 'api'],
        },
        createdBy: 'ann',
      },
      ctx,
    );
    expect(phase(next, 'To Do').issues).toEqual([
      {
        id: 'id-7',
        title: 'Fix login',
        description: '',
        type: 'Task',
        priority: 'none',
        estimation: 'XL',
        assignedPerson: 'bob',
        comments: [],
        createdAt: '2024-01-01T00:00:01.000Z',
        createdBy: 'ann',
        order: 0,
        tags: ['ui', 'api'],
        number: 1,
      },
    ]);
  });

  it('gives each new issue the next order', () => {
    const content = kanbanWithIssues();
    expect(orders(phase(content, 'To Do').issues)).toEqual([0, 1, 2]);
    expect(titles(phase(content, 'To Do'))).toEqual(['A', 'B', 'C']);
  });

  it('uses settings.defaultIssueType and keeps explicit type and priority', () => {
    const ctx = testContext();
    const base = defaultContent('kanban', ctx);
    const content: KanbanContent = {
      ...base,
      settings: { ...base.settings, defaultIssueType: 'Bug' },
    };
    const id = phase(content, 'To Do').id;
    const withDefault = addIssue(
      content,
      { phaseId: id, issue: { title: 'x' }, createdBy: 'a' },
      ctx,
    );
    expect(phase(withDefault, 'To Do').issues[0]?.type).toBe('Bug');
    const explicit = addIssue(
      content,
      {
        phaseId: id,
        issue: { title: 'x', type: 'Epic', priority: 'Critical', description: 'd' },
        createdBy: 'a',
      },
      ctx,
    );
    expect(phase(explicit, 'To Do').issues[0]).toMatchObject({
      type: 'Epic',
      priority: 'Critical',
      description: 'd',
    });
  });

  it('ticket with autoAssignCreator assigns unassigned issues to their creator', () => {
    const ctx = testContext();
    const base = defaultContent('ticket', ctx);
    const content: TicketContent = {
      ...base,
      settings: { ...base.settings, autoAssignCreator: true },
    };
    const id = phase(content, 'To Do').id;
    const auto = addIssue(content, { phaseId: id, issue: { title: 'x' }, createdBy: 'ann' }, ctx);
    expect(phase(auto, 'To Do').issues[0]?.assignedPerson).toBe('ann');
    const given = addIssue(
      content,
      { phaseId: id, issue: { title: 'x', assignedPerson: 'bob' }, createdBy: 'ann' },
      ctx,
    );
    expect(phase(given, 'To Do').issues[0]?.assignedPerson).toBe('bob');
    const off = addIssue(base, { phaseId: id, issue: { title: 'x' }, createdBy: 'ann' }, ctx);
    expect(phase(off, 'To Do').issues[0]?.assignedPerson).toBe('');
  });

  it('refuses a blank title (trimmed)', () => {
    const ctx = testContext();
    const content = defaultContent('kanban', ctx);
    expectDomainError(
      TrackerError,
      () =>
        addIssue(
          content,
          { phaseId: phase(content, 'To Do').id, issue: { title: '  ' }, createdBy: 'a' },
          ctx,
        ),
      'TITLE_REQUIRED',
      'Title is required',
    );
  });

  it('accepts an estimation of 3 characters and refuses 4', () => {
    const ctx = testContext();
    const content = defaultContent('kanban', ctx);
    const id = phase(content, 'To Do').id;
    const ok = addIssue(
      content,
      { phaseId: id, issue: { title: 'x', estimation: '100' }, createdBy: 'a' },
      ctx,
    );
    expect(phase(ok, 'To Do').issues[0]?.estimation).toBe('100');
    expectDomainError(
      TrackerError,
      () =>
        addIssue(
          content,
          { phaseId: id, issue: { title: 'x', estimation: '1000' }, createdBy: 'a' },
          ctx,
        ),
      'ESTIMATION_TOO_LONG',
      'Estimation must be at most 3 characters',
    );
  });

  it('refuses an unknown phase', () => {
    const ctx = testContext();
    expectDomainError(
      TrackerError,
      () =>
        addIssue(
          defaultContent('kanban', ctx),
          { phaseId: 'nope', issue: { title: 'x' }, createdBy: 'a' },
          ctx,
        ),
      'PHASE_NOT_FOUND',
      'Phase not found',
    );
  });

  it('fills a phase up to maxIssues and refuses one more', () => {
    const ctx = testContext();
    let content: TrackerContent = defaultContent('kanban', ctx);
    const id = phase(content, 'To Do').id;
    content = updatePhase(content, { phaseId: id, changes: { maxIssues: 2 } });
    content = addIssue(content, { phaseId: id, issue: { title: '1' }, createdBy: 'a' }, ctx);
    expect(isPhaseFull(phase(content, 'To Do'))).toBe(false);
    content = addIssue(content, { phaseId: id, issue: { title: '2' }, createdBy: 'a' }, ctx);
    expect(isPhaseFull(phase(content, 'To Do'))).toBe(true);
    const full = content;
    expectDomainError(
      TrackerError,
      () => addIssue(full, { phaseId: id, issue: { title: '3' }, createdBy: 'a' }, ctx),
      'PHASE_FULL',
      'Cannot move issue. Phase is at maximum capacity',
    );
  });
});

describe('updateIssue', () => {
  it('changes fields with the same normalisation, keeping id, order, comments and creator', () => {
    const content = kanbanWithIssues();
    const id = issueId(content, 'B');
    const next = updateIssue(content, {
      issueId: id,
      changes: {
        title: ' B2 ',
        priority: 'High',
        estimation: ' m ',
        assignedPerson: ' cy ',
        tags: ['x', ' x '],
      },
    });
    expect(findIssue(next, id)?.issue).toMatchObject({
      id,
      title: 'B2',
      priority: 'High',
      estimation: 'm',
      assignedPerson: 'cy',
      tags: ['x'],
      order: 1,
      createdBy: 'ann',
    });
  });

  it('finds the issue in whichever phase it is now', () => {
    const content = kanbanWithIssues();
    const id = issueId(content, 'D');
    const next = updateIssue(content, { issueId: id, changes: { description: 'moved' } });
    expect(findIssue(next, id)?.phase.name).toBe('In Progress');
    expect(findIssue(next, id)?.issue.description).toBe('moved');
  });

  it('refuses a blank title, a long estimation and an unknown issue', () => {
    const content = kanbanWithIssues();
    const id = issueId(content, 'A');
    expectDomainError(
      TrackerError,
      () => updateIssue(content, { issueId: id, changes: { title: ' ' } }),
      'TITLE_REQUIRED',
      'Title is required',
    );
    expectDomainError(
      TrackerError,
      () => updateIssue(content, { issueId: id, changes: { estimation: 'XXXL' } }),
      'ESTIMATION_TOO_LONG',
      'Estimation must be at most 3 characters',
    );
    expectDomainError(
      TrackerError,
      () => updateIssue(content, { issueId: 'nope', changes: {} }),
      'ISSUE_NOT_FOUND',
      'Issue not found',
    );
  });
});

describe('deleteIssue (spec §4 renumbering after removal)', () => {
  it('removes the issue and renumbers the rest of its phase', () => {
    const content = kanbanWithIssues();
    const next = deleteIssue(content, { issueId: issueId(content, 'A') });
    const todo = phase(next, 'To Do');
    expect(titles(todo)).toEqual(['B', 'C']);
    expect(orders(todo.issues)).toEqual([0, 1]);
    expect(phase(next, 'In Progress')).toBe(phase(content, 'In Progress'));
  });

  it('refuses an unknown issue', () => {
    expectDomainError(
      TrackerError,
      () => deleteIssue(kanbanWithIssues(), { issueId: 'nope' }),
      'ISSUE_NOT_FOUND',
      'Issue not found',
    );
  });
});

describe('archiveIssues ("Archive done cards")', () => {
  it('archives the named issues of the phase at once, keeping their order and the rest', () => {
    const content = kanbanWithIssues();
    const todo = phase(content, 'To Do');
    const next = archiveIssues(content, {
      phaseId: todo.id,
      issueIds: [issueId(content, 'A'), issueId(content, 'C')],
    });
    const after = phase(next, 'To Do');
    expect(after.issues.map((issue) => [issue.title, issue.archived ?? false])).toEqual([
      ['A', true],
      ['B', false],
      ['C', true],
    ]);
    expect(orders(after.issues)).toEqual([0, 1, 2]);
    expect(phase(next, 'In Progress')).toBe(phase(content, 'In Progress'));
  });

  it('leaves alone issues moved out, deleted or added meanwhile, and already archived ones', () => {
    const content = kanbanWithIssues();
    const todo = phase(content, 'To Do').id;
    const asked = ['A', 'B', 'C'].map((title) => issueId(content, title));
    // Meanwhile: A moved on, B deleted, a new card E added, C already archived.
    let meanwhile = moveIssue(content, {
      issueId: asked[0] ?? '',
      toPhaseId: phase(content, 'Done').id,
    });
    meanwhile = deleteIssue(meanwhile, { issueId: asked[1] ?? '' });
    meanwhile = addIssue(
      meanwhile,
      { phaseId: todo, issue: { title: 'E' }, createdBy: 'bo' },
      testContext(),
    );
    meanwhile = updateIssue(meanwhile, { issueId: asked[2] ?? '', changes: { archived: true } });
    expect(archiveIssues(meanwhile, { phaseId: todo, issueIds: asked })).toBe(meanwhile);
    const done = phase(meanwhile, 'Done').issues;
    expect(done.every((issue) => issue.archived === undefined)).toBe(true);
  });

  it('refuses an unknown phase and no content', () => {
    expectDomainError(
      TrackerError,
      () => archiveIssues(kanbanWithIssues(), { phaseId: 'nope', issueIds: [] }),
      'PHASE_NOT_FOUND',
      'Phase not found',
    );
    expectDomainError(
      TrackerError,
      () => archiveIssues(null, { phaseId: 'p', issueIds: [] }),
      'NO_DATA',
      'No data loaded',
    );
  });
});

describe('moveIssue (spec §4 Issue/card moves)', () => {
  it('appends at the end of another phase and renumbers both phases', () => {
    const content = kanbanWithIssues();
    const next = moveIssue(content, {
      issueId: issueId(content, 'A'),
      toPhaseId: phase(content, 'In Progress').id,
    });
    expect(titles(phase(next, 'To Do'))).toEqual(['B', 'C']);
    expect(orders(phase(next, 'To Do').issues)).toEqual([0, 1]);
    expect(titles(phase(next, 'In Progress'))).toEqual(['D', 'A']);
    expect(orders(phase(next, 'In Progress').issues)).toEqual([0, 1]);
  });

  it('inserts at a target index of another phase (0..count)', () => {
    const content = kanbanWithIssues();
    const target = phase(content, 'In Progress').id;
    const first = moveIssue(content, {
      issueId: issueId(content, 'B'),
      toPhaseId: target,
      toIndex: 0,
    });
    expect(titles(phase(first, 'In Progress'))).toEqual(['B', 'D']);
    expect(orders(phase(first, 'In Progress').issues)).toEqual([0, 1]);
    const end = moveIssue(content, {
      issueId: issueId(content, 'B'),
      toPhaseId: target,
      toIndex: 1,
    });
    expect(titles(phase(end, 'In Progress'))).toEqual(['D', 'B']);
  });

  it('into an empty phase', () => {
    const content = kanbanWithIssues();
    const next = moveIssue(content, {
      issueId: issueId(content, 'C'),
      toPhaseId: phase(content, 'Done').id,
      toIndex: 0,
    });
    expect(titles(phase(next, 'Done'))).toEqual(['C']);
    expect(phase(next, 'Done').issues[0]?.order).toBe(0);
  });

  it('does nothing when dropped on its own phase without an index', () => {
    const content = kanbanWithIssues();
    expect(
      moveIssue(content, { issueId: issueId(content, 'A'), toPhaseId: phase(content, 'To Do').id }),
    ).toBe(content);
  });

  it('reorders within its phase with an index', () => {
    const content = kanbanWithIssues();
    const todo = phase(content, 'To Do').id;
    const next = moveIssue(content, {
      issueId: issueId(content, 'A'),
      toPhaseId: todo,
      toIndex: 2,
    });
    expect(titles(phase(next, 'To Do'))).toEqual(['B', 'C', 'A']);
    expect(orders(sortByOrder(phase(next, 'To Do').issues))).toEqual([0, 1, 2]);
    const same = moveIssue(content, {
      issueId: issueId(content, 'B'),
      toPhaseId: todo,
      toIndex: 1,
    });
    expect(same).toBe(content);
  });

  it('refuses a full target but never its own full phase (same-phase exemption)', () => {
    const content = kanbanWithIssues();
    const todo = phase(content, 'To Do').id;
    const inProgress = phase(content, 'In Progress').id;
    const limited = updatePhase(
      updatePhase(content, { phaseId: todo, changes: { maxIssues: 3 } }),
      { phaseId: inProgress, changes: { maxIssues: 1 } },
    );
    expect(canMoveIssue(limited, issueId(content, 'A'), inProgress)).toBe(false);
    expectDomainError(
      TrackerError,
      () => moveIssue(limited, { issueId: issueId(content, 'A'), toPhaseId: inProgress }),
      'PHASE_FULL',
      'Cannot move issue. Phase is at maximum capacity',
    );
    expect(canMoveIssue(limited, issueId(content, 'A'), todo)).toBe(true);
    expect(moveIssue(limited, { issueId: issueId(content, 'A'), toPhaseId: todo })).toBe(limited);
    const reordered = moveIssue(limited, {
      issueId: issueId(content, 'A'),
      toPhaseId: todo,
      toIndex: 1,
    });
    expect(titles(phase(reordered, 'To Do'))).toEqual(['B', 'A', 'C']);
    // one below the limit still accepts
    const roomy = updatePhase(limited, { phaseId: inProgress, changes: { maxIssues: 2 } });
    expect(canMoveIssue(roomy, issueId(content, 'A'), inProgress)).toBe(true);
    expect(
      titles(
        phase(
          moveIssue(roomy, { issueId: issueId(content, 'A'), toPhaseId: inProgress }),
          'In Progress',
        ),
      ),
    ).toEqual(['D', 'A']);
  });

  it.each([
    ['another phase', 'In Progress', -1],
    ['another phase', 'In Progress', 2],
    ['another phase', 'In Progress', 0.5],
    ['its own phase', 'To Do', 3],
    ['its own phase', 'To Do', -1],
  ])('refuses an out-of-range index in %s (%s, %s)', (_label, target, toIndex) => {
    const content = kanbanWithIssues();
    expectDomainError(
      TrackerError,
      () =>
        moveIssue(content, {
          issueId: issueId(content, 'A'),
          toPhaseId: phase(content, target).id,
          toIndex,
        }),
      'INVALID_TARGET_POSITION',
      'Invalid target position',
    );
  });

  it('refuses an unknown issue or phase', () => {
    const content = kanbanWithIssues();
    expectDomainError(
      TrackerError,
      () => moveIssue(content, { issueId: 'nope', toPhaseId: phase(content, 'Done').id }),
      'ISSUE_NOT_FOUND',
      'Issue not found',
    );
    expectDomainError(
      TrackerError,
      () => moveIssue(content, { issueId: issueId(content, 'A'), toPhaseId: 'nope' }),
      'PHASE_NOT_FOUND',
      'Phase not found',
    );
    expect(canMoveIssue(content, 'nope', phase(content, 'Done').id)).toBe(false);
    expect(canMoveIssue(content, issueId(content, 'A'), 'nope')).toBe(false);
  });
});

describe('comments (spec §5 comment content non-empty after trim)', () => {
  it('appends a trimmed comment with id, time and author', () => {
    const ctx = testContext();
    const content = kanbanWithIssues(ctx);
    const id = issueId(content, 'A');
    const next = addComment(
      content,
      { issueId: id, content: '  looks good  ', createdBy: 'bob' },
      ctx,
    );
    expect(findIssue(next, id)?.issue.comments).toEqual([
      {
        id: 'id-11',
        content: 'looks good',
        createdAt: '2024-01-01T00:00:05.000Z',
        createdBy: 'bob',
      },
    ]);
    const two = addComment(next, { issueId: id, content: 'second', createdBy: 'cy' }, ctx);
    expect(findIssue(two, id)?.issue.comments.map((c) => c.content)).toEqual([
      'looks good',
      'second',
    ]);
  });

  it('refuses blank content and an unknown issue', () => {
    const ctx = testContext();
    const content = kanbanWithIssues(ctx);
    expectDomainError(
      TrackerError,
      () =>
        addComment(
          content,
          { issueId: issueId(content, 'A'), content: ' \n ', createdBy: 'b' },
          ctx,
        ),
      'COMMENT_REQUIRED',
      'Comment content is required',
    );
    expectDomainError(
      TrackerError,
      () => addComment(content, { issueId: 'nope', content: 'x', createdBy: 'b' }, ctx),
      'ISSUE_NOT_FOUND',
      'Issue not found',
    );
  });

  it('deletes one comment; a comment already gone leaves the content as it is', () => {
    const ctx = testContext();
    let content: TrackerContent = kanbanWithIssues(ctx);
    const id = issueId(content, 'A');
    content = addComment(content, { issueId: id, content: 'one', createdBy: 'b' }, ctx);
    content = addComment(content, { issueId: id, content: 'two', createdBy: 'b' }, ctx);
    const first = findIssue(content, id)?.issue.comments[0]?.id ?? '';
    const next = deleteComment(content, { issueId: id, commentId: first });
    expect(findIssue(next, id)?.issue.comments.map((c) => c.content)).toEqual(['two']);
    expect(deleteComment(next, { issueId: id, commentId: first })).toBe(next);
    expectDomainError(
      TrackerError,
      () => deleteComment(next, { issueId: 'nope', commentId: first }),
      'ISSUE_NOT_FOUND',
      'Issue not found',
    );
  });
});

describe('addTeamMember (spec §3 adding a member twice is ignored)', () => {
  it('adds trimmed names once; empty names and repeats leave the content as it is', () => {
    const content = defaultContent('kanban', testContext());
    const one = addTeamMember(content, { name: '  ann ' });
    expect(one.teamMembers).toEqual(['ann']);
    expect(addTeamMember(one, { name: 'ann' })).toBe(one);
    expect(addTeamMember(one, { name: ' ann  ' })).toBe(one);
    expect(addTeamMember(one, { name: '   ' })).toBe(one);
    expect(addTeamMember(one, { name: 'bob' }).teamMembers).toEqual(['ann', 'bob']);
  });
});

describe('team members from issues (spec §3 teamMembers)', () => {
  it('a new issue’s creator and assignee join the team, each once, in that order', () => {
    const ctx = testContext();
    const content = defaultContent('kanban', ctx);
    const todo = phase(content, 'To Do').id;
    const one = addIssue(
      content,
      { phaseId: todo, issue: { title: 'A', assignedPerson: ' bob ' }, createdBy: 'ann' },
      ctx,
    );
    expect(one.teamMembers).toEqual(['ann', 'bob']);
    const two = addIssue(
      one,
      { phaseId: todo, issue: { title: 'B', assignedPerson: 'ann' }, createdBy: 'ann' },
      ctx,
    );
    expect(two.teamMembers).toEqual(['ann', 'bob']);
    const three = addIssue(two, { phaseId: todo, issue: { title: 'C' }, createdBy: 'ann' }, ctx);
    expect(three.teamMembers).toEqual(['ann', 'bob']);
  });

  it('assigning an issue adds the assignee; unassigning or a known name changes no team', () => {
    const content = kanbanWithIssues();
    const a = issueId(content, 'A');
    const assigned = updateIssue(content, { issueId: a, changes: { assignedPerson: ' cy ' } });
    expect(assigned.teamMembers).toEqual(['ann', 'cy']);
    const again = updateIssue(assigned, { issueId: a, changes: { assignedPerson: 'ann' } });
    expect(again.teamMembers).toBe(assigned.teamMembers);
    const cleared = updateIssue(assigned, { issueId: a, changes: { assignedPerson: '' } });
    expect(cleared.teamMembers).toEqual(['ann', 'cy']);
  });
});

describe('ticket numbers (#12, per board, never reused)', () => {
  it('numbers new issues 1, 2, 3… and keeps the next number on the board', () => {
    const content = kanbanWithIssues();
    const numbers = content.phases.flatMap((p) => p.issues.map((issue) => issue.number));
    expect(numbers.sort()).toEqual([1, 2, 3, 4]);
    expect(content.nextTicketNumber).toBe(5);
  });

  it('never gives a deleted issue’s number again', () => {
    const ctx = testContext();
    const content = kanbanWithIssues(ctx);
    const withoutD = deleteIssue(content, { issueId: issueId(content, 'D') });
    const next = addIssue(
      withoutD,
      { phaseId: phase(withoutD, 'Done').id, issue: { title: 'E' }, createdBy: 'ann' },
      ctx,
    );
    expect(findIssue(next, issueId(next, 'E'))?.issue.number).toBe(5);
    expect(next.nextTicketNumber).toBe(6);
  });

  it('on a board from before ticket numbers, continues after the highest number it holds', () => {
    const ctx = testContext();
    const content = kanbanWithIssues(ctx);
    const { nextTicketNumber: _dropped, ...older } = content;
    const unnumbered: KanbanContent = {
      ...older,
      phases: older.phases.map((p) => ({
        ...p,
        issues: p.issues.map(({ number: _n, ...issue }) => issue),
      })),
    };
    const todo = phase(unnumbered, 'To Do').id;
    const first = addIssue(
      unnumbered,
      { phaseId: todo, issue: { title: 'E' }, createdBy: 'ann' },
      ctx,
    );
    expect(findIssue(first, issueId(first, 'E'))?.issue.number).toBe(1);
    const withSeven: KanbanContent = {
      ...unnumbered,
      phases: unnumbered.phases.map((p) => ({
        ...p,
        issues: p.issues.map((issue) => (issue.title === 'B' ? { ...issue, number: 7 } : issue)),
      })),
    };
    const after = addIssue(
      withSeven,
      { phaseId: todo, issue: { title: 'F' }, createdBy: 'ann' },
      ctx,
    );
    expect(findIssue(after, issueId(after, 'F'))?.issue.number).toBe(8);
    expect(after.nextTicketNumber).toBe(9);
  });
});

describe('updateSettings (spec §3 Ticket settings)', () => {
  it('changes showTicketNumbers and autoAssignCreator of Issue Management, nothing else', () => {
    const content = defaultContent('ticket', testContext());
    const changed = updateSettings(content, {
      changes: { showTicketNumbers: false, autoAssignCreator: true },
    });
    expect(changed.settings).toEqual({
      ...content.settings,
      showTicketNumbers: false,
      autoAssignCreator: true,
    });
    expect(updateSettings(changed, { changes: {} }).settings).toEqual(changed.settings);
  });

  it('then assigns new unassigned issues to their creator', () => {
    const ctx = testContext();
    const content = updateSettings(defaultContent('ticket', ctx), {
      changes: { autoAssignCreator: true },
    });
    const todo = phase(content, 'To Do').id;
    const next = addIssue(content, { phaseId: todo, issue: { title: 'A' }, createdBy: 'ann' }, ctx);
    expect(phase(next, 'To Do').issues[0]?.assignedPerson).toBe('ann');
  });

  it('refuses on a Kanban board, which has neither setting', () => {
    expectDomainError(
      TrackerError,
      () => updateSettings(kanbanWithIssues(), { changes: { showTicketNumbers: true } }),
      'SETTING_NOT_AVAILABLE',
      'This setting is not available in this tool',
    );
  });
});

describe('purity', () => {
  it('never mutates its (frozen) input', () => {
    const ctx = testContext();
    let content: TrackerContent = kanbanWithIssues(ctx);
    content = addComment(
      content,
      { issueId: issueId(content, 'A'), content: 'c', createdBy: 'b' },
      ctx,
    );
    const frozen = deepFreeze(content);
    const snapshot = structuredClone(frozen);
    const todo = phase(frozen, 'To Do').id;
    const a = issueId(frozen, 'A');
    const commentId = findIssue(frozen, a)?.issue.comments[0]?.id ?? '';
    addPhase(frozen, { name: 'X' }, ctx);
    updatePhase(frozen, { phaseId: todo, changes: { name: 'Y', maxIssues: null } });
    deletePhase(frozen, { phaseId: todo });
    movePhase(frozen, { phaseId: todo, direction: 'right' });
    movePhaseTo(frozen, { phaseId: todo, toIndex: 4 });
    addIssue(frozen, { phaseId: todo, issue: { title: 'E' }, createdBy: 'a' }, ctx);
    updateIssue(frozen, { issueId: a, changes: { title: 'Z' } });
    deleteIssue(frozen, { issueId: a });
    moveIssue(frozen, { issueId: a, toPhaseId: phase(frozen, 'Done').id });
    moveIssue(frozen, { issueId: a, toPhaseId: todo, toIndex: 2 });
    archiveIssues(frozen, { phaseId: todo, issueIds: [a] });
    addComment(frozen, { issueId: a, content: 'x', createdBy: 'b' }, ctx);
    deleteComment(frozen, { issueId: a, commentId });
    addTeamMember(frozen, { name: 'new' });
    expect(frozen).toEqual(snapshot);
  });
});

describe('applyOperation (replay after a 409, spec §4 Tool content)', () => {
  function replayCases(content: TrackerContent): TrackerOperation[] {
    const todo = phase(content, 'To Do').id;
    const a = issueId(content, 'A');
    return [
      { type: 'addPhase', name: 'Blocked', color: '#dc3545' },
      { type: 'updatePhase', phaseId: todo, changes: { name: 'Ready' } },
      { type: 'deletePhase', phaseId: phase(content, 'Testing').id },
      { type: 'movePhase', phaseId: todo, direction: 'left' },
      { type: 'movePhaseTo', phaseId: todo, toIndex: 3 },
      { type: 'addIssue', phaseId: todo, issue: { title: 'E' }, createdBy: 'ann' },
      { type: 'updateIssue', issueId: a, changes: { priority: 'High' } },
      { type: 'deleteIssue', issueId: a },
      { type: 'moveIssue', issueId: a, toPhaseId: phase(content, 'Done').id },
      { type: 'archiveIssues', phaseId: todo, issueIds: [a] },
      { type: 'addComment', issueId: a, content: 'hi', createdBy: 'ann' },
      { type: 'updateComment', issueId: a, commentId: 'none', content: 'hi', by: 'ann' },
      { type: 'deleteComment', issueId: a, commentId: 'none' },
      { type: 'addChecklistItem', issueId: a, text: 'Check' },
      { type: 'updateChecklistItem', issueId: a, itemId: 'none', changes: { done: true } },
      { type: 'deleteChecklistItem', issueId: a, itemId: 'none' },
      { type: 'setTagColor', tag: 'UI', color: '#00ff00' },
      { type: 'addTeamMember', name: 'cy' },
      { type: 'updateSettings', changes: { showTicketNumbers: false } },
    ];
  }

  const expected: Record<
    TrackerOperation['type'],
    (before: TrackerContent, after: TrackerContent) => void
  > = {
    addPhase: (_b, after) => expect(names(after).at(-1)).toBe('Blocked'),
    updatePhase: (_b, after) => expect(after.phases[1]?.name).toBe('Ready'),
    deletePhase: (_b, after) => expect(names(after)).not.toContain('Testing'),
    movePhase: (_b, after) => expect(names(after)[0]).toBe('To Do'),
    movePhaseTo: (_b, after) => expect(names(after)[3]).toBe('To Do'),
    addIssue: (_b, after) => expect(titles(phase(after, 'To Do'))).toEqual(['A', 'B', 'C', 'E']),
    updateIssue: (b, after) =>
      expect(findIssue(after, issueId(b, 'A'))?.issue.priority).toBe('High'),
    deleteIssue: (b, after) => expect(findIssue(after, issueId(b, 'A'))).toBeNull(),
    moveIssue: (b, after) => expect(findIssue(after, issueId(b, 'A'))?.phase.name).toBe('Done'),
    archiveIssues: (b, after) =>
      expect(findIssue(after, issueId(b, 'A'))?.issue.archived).toBe(true),
    addComment: (b, after) =>
      expect(findIssue(after, issueId(b, 'A'))?.issue.comments[0]?.content).toBe('hi'),
    updateComment: (b, after) => expect(after).toBe(b),
    deleteComment: (b, after) => expect(after).toBe(b),
    addChecklistItem: (b, after) =>
      expect(findIssue(after, issueId(b, 'A'))?.issue.checklist?.[0]?.text).toBe('Check'),
    updateChecklistItem: (b, after) => expect(after).toBe(b),
    deleteChecklistItem: (b, after) => expect(after).toBe(b),
    setTagColor: (_b, after) => expect(after.tagColors).toEqual({ ui: '#00ff00' }),
    addTeamMember: (_b, after) => expect(after.teamMembers).toEqual(['ann', 'cy']),
    updateSettings: (_b, after) =>
      expect(after.toolType === 'ticket' && after.settings.showTicketNumbers).toBe(false),
  };

  // Kanban has no ticket settings: updateSettings replays on Issue Management content.
  const contentFor = (operation: TrackerOperation, kanban: KanbanContent): TrackerContent =>
    operation.type === 'updateSettings' ? defaultContent('ticket', testContext()) : kanban;

  it('replays every operation type like the named operation', () => {
    const content = kanbanWithIssues();
    const operations = replayCases(content);
    expect(new Set(operations.map((op) => op.type)).size).toBe(Object.keys(expected).length);
    for (const operation of operations) {
      const before = contentFor(operation, content);
      expected[operation.type](before, applyOperation(before, operation, testContext()));
    }
  });

  it('gives the same result for the same ctx values (deterministic replay)', () => {
    const content = kanbanWithIssues();
    for (const operation of replayCases(content)) {
      const before = contentFor(operation, content);
      expect(applyOperation(before, operation, testContext())).toEqual(
        applyOperation(before, operation, testContext()),
      );
    }
  });

  it('re-applies an edit onto newer content changed by someone else', () => {
    const ctx = testContext();
    const base = kanbanWithIssues(ctx);
    const a = issueId(base, 'A');
    const mine: TrackerOperation = { type: 'updateIssue', issueId: a, changes: { title: 'Mine' } };
    // Meanwhile another user moved A to Done and edited B.
    const theirs = updateIssue(moveIssue(base, { issueId: a, toPhaseId: phase(base, 'Done').id }), {
      issueId: issueId(base, 'B'),
      changes: { title: 'Theirs' },
    });
    const merged = applyOperation(theirs, mine, ctx);
    expect(findIssue(merged, a)?.issue.title).toBe('Mine');
    expect(findIssue(merged, a)?.phase.name).toBe('Done');
    expect(titles(phase(merged, 'To Do'))).toEqual(['Theirs', 'C']);
  });

  it('fails the replay when the issue was deleted meanwhile or the phase filled up', () => {
    const ctx = testContext();
    const base = kanbanWithIssues(ctx);
    const a = issueId(base, 'A');
    const deleted = deleteIssue(base, { issueId: a });
    expectDomainError(
      TrackerError,
      () =>
        applyOperation(deleted, { type: 'updateIssue', issueId: a, changes: { title: 'x' } }, ctx),
      'ISSUE_NOT_FOUND',
      'Issue not found',
    );
    const done = phase(base, 'Done').id;
    const full = updatePhase(base, { phaseId: done, changes: { maxIssues: 0 } });
    expectDomainError(
      TrackerError,
      () => applyOperation(full, { type: 'moveIssue', issueId: a, toPhaseId: done }, ctx),
      'PHASE_FULL',
      'Cannot move issue. Phase is at maximum capacity',
    );
  });

  it('throws NO_DATA for null content', () => {
    expectDomainError(
      TrackerError,
      () => applyOperation(null, { type: 'addTeamMember', name: 'x' }, testContext()),
      'NO_DATA',
      'No data loaded',
    );
  });

  it('survives a JSON round trip of the operation', () => {
    const content = kanbanWithIssues();
    const todo = phase(content, 'To Do').id;
    const op: TrackerOperation = {
      type: 'updatePhase',
      phaseId: todo,
      changes: { maxIssues: null },
    };
    const wire = JSON.parse(JSON.stringify(op)) as TrackerOperation;
    const limited = updatePhase(content, { phaseId: todo, changes: { maxIssues: 9 } });
    expect(applyOperation(limited, wire, testContext()).phases[1]).not.toHaveProperty('maxIssues');
  });
});

// Found by the property test (operations.property.test.ts): each of these was accepted and gave
// content that spec §5 validation then refused to save. The operations now refuse it themselves.
describe('operations refuse what content validation would refuse (spec §5)', () => {
  it('refuses a negative estimation when adding or updating an issue, accepts 0', () => {
    const ctx = testContext();
    const content = kanbanWithIssues(ctx);
    const todo = phase(content, 'To Do').id;
    for (const estimation of ['-1', ' -.5 ', '-3']) {
      expectDomainError(
        TrackerError,
        () =>
          addIssue(
            content,
            { phaseId: todo, issue: { title: 'x', estimation }, createdBy: 'a' },
            ctx,
          ),
        'ESTIMATION_NEGATIVE',
        'Estimation cannot be negative',
      );
      expectDomainError(
        TrackerError,
        () => updateIssue(content, { issueId: issueId(content, 'A'), changes: { estimation } }),
        'ESTIMATION_NEGATIVE',
        'Estimation cannot be negative',
      );
    }
    const zero = addIssue(
      content,
      { phaseId: todo, issue: { title: 'z', estimation: '0' }, createdBy: 'a' },
      ctx,
    );
    expect(findIssue(zero, issueId(zero, 'z'))?.issue.estimation).toBe('0');
  });

  it('refuses an issue without a creator', () => {
    const ctx = testContext();
    const content = kanbanWithIssues(ctx);
    const todo = phase(content, 'To Do').id;
    for (const createdBy of ['', '   ']) {
      expectDomainError(
        TrackerError,
        () => addIssue(content, { phaseId: todo, issue: { title: 'x' }, createdBy }, ctx),
        'CREATOR_REQUIRED',
        'Creator is required',
      );
    }
  });

  it('refuses a maxIssues below the issues a phase holds, accepts one equal to it', () => {
    const content = kanbanWithIssues();
    const todo = phase(content, 'To Do').id;
    expectDomainError(
      TrackerError,
      () => updatePhase(content, { phaseId: todo, changes: { maxIssues: 2 } }),
      'TOO_MANY_ISSUES',
      'Cannot have more than 2 issues',
    );
    const exact = updatePhase(content, { phaseId: todo, changes: { maxIssues: 3 } });
    expect(phase(exact, 'To Do').maxIssues).toBe(3);
    expect(isPhaseFull(phase(exact, 'To Do'))).toBe(true);
  });

  it('refuses a maxIssues that is not a whole number of at least 0', () => {
    const ctx = testContext();
    const content = kanbanWithIssues(ctx);
    const testing = phase(content, 'Testing').id;
    for (const maxIssues of [-1, 1.5]) {
      expectDomainError(
        TrackerError,
        () => addPhase(content, { name: 'X', maxIssues }, ctx),
        'TOO_MANY_ISSUES',
        `Cannot have more than ${maxIssues} issues`,
      );
      expectDomainError(
        TrackerError,
        () => updatePhase(content, { phaseId: testing, changes: { maxIssues } }),
        'TOO_MANY_ISSUES',
        `Cannot have more than ${maxIssues} issues`,
      );
    }
    expect(addPhase(content, { name: 'X', maxIssues: 0 }, ctx).phases.at(-1)?.maxIssues).toBe(0);
  });
});
