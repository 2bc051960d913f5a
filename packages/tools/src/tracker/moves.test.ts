/**
 * Keyboard steps and drops of issues (spec §4 Issue/card moves): the planned `moveIssue` lands
 * the issue where the member pointed, and a refused or empty move is said so, never applied.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { operationContext } from '../operation.ts';
import { stampOf } from '../testing.ts';
import { dropMove, landingOf, stepMove, type MoveStep } from './moves.ts';
import { findIssue, moveIssue, sortByOrder, updatePhase } from './operations.ts';
import { issueTitled, issuesOf, phaseNamed, sampleBoard } from './test-board.ts';
import type { TrackerContent } from './types.ts';

const ctx = operationContext(stampOf(50));

/** The titles of a phase's issues in board order. */
function titles(content: TrackerContent, phase: string): string[] {
  const found = content.phases.find((candidate) => candidate.name === phase);
  return sortByOrder(found?.issues ?? []).map((issue) => issue.title);
}

function applied(content: TrackerContent, plan: ReturnType<typeof stepMove>): TrackerContent {
  if (plan.kind !== 'move') throw new Error(`no move: ${plan.kind}`);
  return moveIssue(content, plan.args, ctx);
}

describe('stepMove', () => {
  const board = sampleBoard('kanban');
  const a = issueTitled(board, 'A');
  const b = issueTitled(board, 'B');

  it('moves up and down within the phase, and not past its ends', () => {
    expect(titles(applied(board, stepMove(board, a.id, 'down')), 'To Do')).toEqual(['B', 'A']);
    expect(titles(applied(board, stepMove(board, b.id, 'up')), 'To Do')).toEqual(['B', 'A']);
    expect(stepMove(board, a.id, 'up')).toEqual({ kind: 'none' });
    expect(stepMove(board, b.id, 'down')).toEqual({ kind: 'none' });
  });

  it('moves left and right into the neighbouring phase at the same row, or at its end', () => {
    const right = applied(board, stepMove(board, b.id, 'right'));
    expect(titles(right, 'In Progress')).toEqual(['C', 'B']);
    const left = applied(board, stepMove(board, a.id, 'left'));
    expect(titles(left, 'Backlog')).toEqual(['A']);
    const first = issueTitled(board, 'C');
    expect(titles(applied(board, stepMove(board, first.id, 'left')), 'To Do')).toEqual([
      'C',
      'A',
      'B',
    ]);
  });

  it('goes nowhere beyond the first and last phase, or for an issue that is gone', () => {
    expect(stepMove(board, issueTitled(board, 'D').id, 'right')).toEqual({ kind: 'none' });
    const backlogCard = applied(board, stepMove(board, a.id, 'left'));
    expect(stepMove(backlogCard, a.id, 'left')).toEqual({ kind: 'none' });
    expect(stepMove(board, 'gone', 'up')).toEqual({ kind: 'none' });
  });

  it('says full when the neighbouring phase holds its maximum', () => {
    const capped = updatePhase(
      board,
      { phaseId: phaseNamed(board, 'In Progress'), changes: { maxIssues: 1 } },
      ctx,
    );
    expect(stepMove(capped, a.id, 'right')).toEqual({ kind: 'full' });
  });
});

describe('dropMove', () => {
  const board = sampleBoard('ticket-system');
  const a = issueTitled(board, 'A');
  const b = issueTitled(board, 'B');
  const c = issueTitled(board, 'C');

  it('appends to another phase dropped on, and does nothing on its own phase', () => {
    const moved = applied(board, dropMove(board, a.id, { phaseId: phaseNamed(board, 'Done') }));
    expect(titles(moved, 'Done')).toEqual(['D', 'A']);
    expect(dropMove(board, a.id, { phaseId: phaseNamed(board, 'To Do') })).toEqual({
      kind: 'none',
    });
  });

  it('takes the place of the issue dropped on: passing it in the same phase, before it elsewhere', () => {
    expect(titles(applied(board, dropMove(board, a.id, { issueId: b.id })), 'To Do')).toEqual([
      'B',
      'A',
    ]);
    expect(titles(applied(board, dropMove(board, b.id, { issueId: a.id })), 'To Do')).toEqual([
      'B',
      'A',
    ]);
    const across = applied(board, dropMove(board, c.id, { issueId: b.id }));
    expect(titles(across, 'To Do')).toEqual(['A', 'C', 'B']);
    expect(dropMove(board, a.id, { issueId: a.id })).toEqual({ kind: 'none' });
    expect(dropMove(board, a.id, { issueId: 'gone' })).toEqual({ kind: 'none' });
  });
});

describe('landingOf', () => {
  const board = sampleBoard('kanban');
  const a = issueTitled(board, 'A');

  it('tells the 1-based place and the count after the move, appended or at an index', () => {
    const done = phaseNamed(board, 'Done');
    expect(landingOf(board, { issueId: a.id, toPhaseId: done })).toMatchObject({
      position: 2,
      count: 2,
    });
    const todo = phaseNamed(board, 'To Do');
    expect(landingOf(board, { issueId: a.id, toPhaseId: todo, toIndex: 1 })).toMatchObject({
      position: 2,
      count: 2,
    });
    expect(landingOf(board, { issueId: 'gone', toPhaseId: todo })).toBeNull();
  });
});

describe('planned moves, property', () => {
  const board = sampleBoard('kanban');
  const ids = issuesOf(board).map((issue) => issue.id);
  const phaseIds = board.phases.map((phase) => phase.id);
  const caps = fc.array(fc.option(fc.nat({ max: 3 }), { nil: undefined }), {
    minLength: phaseIds.length,
    maxLength: phaseIds.length,
  });
  const capped = (limits: (number | undefined)[]): TrackerContent => ({
    ...board,
    phases: board.phases.map((phase, index) => {
      const limit = limits[index];
      return limit === undefined || limit < phase.issues.length
        ? phase
        : { ...phase, maxIssues: limit };
    }),
  });

  it('a planned step or drop applies without error and lands where it said; full is refused', () => {
    fc.assert(
      fc.property(
        caps,
        fc.constantFrom(...ids),
        fc.oneof(
          fc.constantFrom<MoveStep>('up', 'down', 'left', 'right').map((step) => ({ step })),
          fc.constantFrom(...ids).map((issueId) => ({ target: { issueId } })),
          fc.constantFrom(...phaseIds).map((phaseId) => ({ target: { phaseId } })),
        ),
        (limits, issueId, request) => {
          const content = capped(limits);
          const plan =
            'step' in request
              ? stepMove(content, issueId, request.step)
              : dropMove(content, issueId, request.target);
          if (plan.kind === 'none') return;
          if (plan.kind === 'full') {
            const target = 'step' in request ? null : request.target;
            if (target && 'phaseId' in target)
              expect(() => moveIssue(content, { issueId, toPhaseId: target.phaseId }, ctx)).toThrow(
                'Phase is at maximum capacity',
              );
            return;
          }
          const after = moveIssue(content, plan.args, ctx);
          const landed = findIssue(after, issueId);
          expect(landed?.phase.id).toBe(plan.args.toPhaseId);
          const order = sortByOrder(landed?.phase.issues ?? []).findIndex(
            (issue) => issue.id === issueId,
          );
          const count = landed?.phase.issues.length ?? 0;
          expect(order).toBe(plan.args.toIndex ?? count - 1);
        },
      ),
    );
  });
});
