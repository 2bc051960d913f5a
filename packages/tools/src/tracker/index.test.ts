import { describe, expect, it } from 'vitest';

import * as tracker from './index.ts';

describe('tracker public API', () => {
  it('exports the operations, queries and helpers of every module', () => {
    for (const name of [
      'TrackerError',
      'PHASE_COLORS',
      'defaultContent',
      'applyOperation',
      'addPhase',
      'updatePhase',
      'deletePhase',
      'movePhase',
      'movePhaseTo',
      'addIssue',
      'updateIssue',
      'deleteIssue',
      'moveIssue',
      'addComment',
      'deleteComment',
      'addTeamMember',
      'validateContent',
      'validateIssueForm',
      'estimationToNumber',
      'computeStatistics',
      'filterIssues',
      'activityEntry',
    ]) {
      expect(tracker, name).toHaveProperty(name);
    }
  });

  it('round-trips a board through the public API only', () => {
    let id = 0;
    const ctx = { newId: () => `id-${++id}`, now: () => '2024-01-01T00:00:00.000Z' };
    const board = tracker.defaultContent('ticket', ctx);
    const todo = board.phases[1]?.id ?? '';
    const next = tracker.applyOperation(
      board,
      { type: 'addIssue', phaseId: todo, issue: { title: 'x' }, createdBy: 'a' },
      ctx,
    );
    expect(tracker.validateContent(next)).toEqual([]);
    expect(tracker.computeStatistics(next).totalIssues).toBe(1);
  });
});
