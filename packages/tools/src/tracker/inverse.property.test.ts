/**
 * Undo and restore for Kanban and Issue Management (./tool.ts inverse, patchBetween):
 * every accepted tracker operation's inverse gives the board before it back exactly, over the
 * wire; undoing one's own change still works after someone else changed another card, keeping
 * both; and it refuses, naming the field, when the same field was changed meanwhile.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { operationContext, type OperationStamp } from '../operation.ts';
import { PatchConflictError, type PatchOperation } from '../patch.ts';
import { expectInverseRestores, expectRandomInverses, overTheWire } from '../patch-testing.ts';
import { stampOf, thrownBy } from '../testing.ts';
import type { ToolDefinition } from '../tool.ts';
import { operationAgainst } from './arbitraries.ts';
import type { TrackerOperation } from './operations.ts';
import {
  issueTitled,
  issuesOf,
  operationsOf,
  phaseNamed,
  sampleBoard,
  sampleOperations,
  TRACKER_TOOLS,
  trackerTool,
} from './test-board.ts';
import { ISSUE_PRIORITIES, TrackerError, type TrackerContent } from './types.ts';

/** `op` of `tool` made with `stamp` and applied to `content` as another client receives it. */
function applied(
  tool: ToolDefinition<TrackerContent, TrackerOperation>,
  content: TrackerContent,
  op: TrackerOperation | PatchOperation,
  stamp: OperationStamp,
): TrackerContent {
  return tool.apply(content, overTheWire(tool, op, stamp));
}

describe.each(TRACKER_TOOLS)('%s: the inverse of each operation', (name) => {
  const tool = trackerTool(name);
  const content = sampleBoard(name);
  const samples = sampleOperations(content);

  it.each(operationsOf(name))('%s is undone exactly, over the wire', (operationName) => {
    const after = expectInverseRestores(
      tool,
      content,
      samples[operationName],
      stampOf(50),
      TrackerError,
    );
    expect(after).not.toEqual(content);
  });

  it('moving a card back is a move keeping its fields, plus the orders it changed', () => {
    const after = applied(tool, content, samples.moveIssue, stampOf(50));
    const { changes } = tool.inverse(content, after);
    const a = issueTitled(content, 'A');
    expect(changes[0]).toEqual({
      op: 'move',
      path: ['phases', { id: phaseNamed(content, 'Done') }, 'issues', { id: a.id }],
      to: ['phases', { id: phaseNamed(content, 'To Do') }, 'issues'],
      after: null,
    });
    expect(
      changes.slice(1).every((change) => change.op === 'set' && change.path.at(-1) === 'order'),
    ).toBe(true);
  });

  it('undoes a patch too, and restores an older version leaving the stamp fields alone', () => {
    const stamped = tool.stamp(content, { version: 3, lastModified: '2024-02-01T00:00:00.000Z' });
    const later = tool.stamp(applied(tool, stamped, samples.deletePhase, stampOf(50)), {
      version: 4,
      lastModified: '2024-02-02T00:00:00.000Z',
    });
    const restore = tool.patchBetween(later, stamped);
    expect(restore.changes.map((change) => change.path[0])).not.toContain('version');
    const restored = applied(tool, later, restore, stampOf(51));
    expect(restored).toStrictEqual({ ...stamped, version: 4, lastModified: later.lastModified });
    expectInverseRestores(tool, later, restore, stampOf(52), TrackerError);
  });
});

describe.each(TRACKER_TOOLS)('%s: undo after someone else changed the board', (name) => {
  const tool = trackerTool(name);
  const content = sampleBoard(name);
  const a = issueTitled(content, 'A');
  const b = issueTitled(content, 'B');

  it('undoes a card move after another card was edited, keeping the edit', () => {
    const moved = applied(
      tool,
      content,
      { type: 'moveIssue', issueId: a.id, toPhaseId: phaseNamed(content, 'Done'), toIndex: 0 },
      stampOf(50),
    );
    const undo = tool.inverse(content, moved);
    const theirs = applied(
      tool,
      moved,
      { type: 'updateIssue', issueId: b.id, changes: { title: 'B (theirs)', priority: 'High' } },
      stampOf(51),
    );
    const undone = applied(tool, theirs, undo, stampOf(52));
    expect(undone.phases.find((phase) => phase.name === 'To Do')?.issues).toEqual([
      a,
      { ...b, title: 'B (theirs)', priority: 'High' },
    ]);
    expect(undone).toStrictEqual(
      applied(
        tool,
        content,
        { type: 'updateIssue', issueId: b.id, changes: { title: 'B (theirs)', priority: 'High' } },
        stampOf(51),
      ),
    );
  });

  it('undoes an edit after the card was moved by someone else, where it now is', () => {
    const edited = applied(
      tool,
      content,
      { type: 'updateIssue', issueId: a.id, changes: { description: 'mine' } },
      stampOf(50),
    );
    const undo = tool.inverse(content, edited);
    const theirs = applied(
      tool,
      edited,
      { type: 'moveIssue', issueId: a.id, toPhaseId: phaseNamed(content, 'In Progress') },
      stampOf(51),
    );
    const undone = applied(tool, theirs, undo, stampOf(52));
    expect(issueTitled(undone, 'A')).toMatchObject({ description: '' });
    expect(undone.phases.find((phase) => phase.name === 'In Progress')?.issues).toHaveLength(2);
  });

  it('refuses to undo an edit of a field someone else changed since, naming it', () => {
    const edited = applied(
      tool,
      content,
      { type: 'updateIssue', issueId: a.id, changes: { title: 'Login bug' } },
      stampOf(50),
    );
    const undo = tool.inverse(content, edited);
    const theirs = applied(
      tool,
      edited,
      { type: 'updateIssue', issueId: a.id, changes: { title: 'Login bug!' } },
      stampOf(51),
    );
    const error = thrownBy(() => tool.apply(theirs, overTheWire(tool, undo, stampOf(52))));
    expect(error).toBeInstanceOf(PatchConflictError);
    expect(error).toMatchObject({
      code: 'CHANGED',
      message: 'the title of the issue "Login bug!" was changed since',
      path: ['phases', { id: phaseNamed(content, 'To Do') }, 'issues', { id: a.id }, 'title'],
    });
  });

  it('refuses to undo an added card someone commented on since', () => {
    const added = applied(
      tool,
      content,
      {
        type: 'addIssue',
        phaseId: phaseNamed(content, 'To Do'),
        issue: { title: 'Mine' },
        createdBy: 'ann',
      },
      stampOf(50),
    );
    const undo = tool.inverse(content, added);
    const theirs = applied(
      tool,
      added,
      { type: 'addComment', issueId: 'op-50', content: 'keep it', createdBy: 'bo' },
      stampOf(51),
    );
    expect(() => tool.apply(theirs, overTheWire(tool, undo, stampOf(52)))).toThrow(
      'the issue "Mine" was changed since',
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Properties

/** Changes to a card that the rules accept. */
const acceptedChanges = fc.record(
  {
    title: fc.constantFrom('Theirs', 'Fix login', 'Ünïcödé ✓'),
    description: fc.string({ maxLength: 8 }),
    priority: fc.constantFrom(...ISSUE_PRIORITIES),
    estimation: fc.constantFrom('', '1', '5', 'XL'),
    assignedPerson: fc.constantFrom('', 'ann', 'bo'),
    tags: fc.array(fc.constantFrom('ui', 'api', 'x'), { maxLength: 3 }),
    dueDate: fc.constantFrom('2024-02-29', '2030-01-01', null),
    archived: fc.constant(true),
  },
  { requiredKeys: [] },
);

/** Any change of one's own to the card `issueId` of `content`. */
function ownChange(content: TrackerContent, issueId: string): fc.Arbitrary<TrackerOperation> {
  const phaseIds = content.phases.map((phase) => phase.id);
  const mine = issuesOf(content).filter((issue) => issue.id === issueId);
  const commentIds = mine.flatMap((issue) => issue.comments.map((comment) => comment.id));
  const comments = mine.flatMap((issue) => issue.comments);
  const itemIds = mine.flatMap((issue) => (issue.checklist ?? []).map((item) => item.id));
  return fc.oneof(
    fc.record({
      type: fc.constant('moveIssue' as const),
      issueId: fc.constant(issueId),
      toPhaseId: fc.constantFrom(...phaseIds),
      toIndex: fc.nat(5),
    }),
    fc.record({
      type: fc.constant('updateIssue' as const),
      issueId: fc.constant(issueId),
      changes: acceptedChanges,
    }),
    fc.constant({ type: 'deleteIssue' as const, issueId }),
    fc.record({
      type: fc.constant('addComment' as const),
      issueId: fc.constant(issueId),
      content: fc.constantFrom('hi', 'done'),
      createdBy: fc.constant('ann'),
    }),
    ...commentIds.map((commentId) =>
      fc.constant({ type: 'deleteComment' as const, issueId, commentId }),
    ),
    ...comments.map((comment) =>
      fc.record({
        type: fc.constant('updateComment' as const),
        issueId: fc.constant(issueId),
        commentId: fc.constant(comment.id),
        content: fc.constantFrom('edited', 'done @ann'),
        by: fc.constant(comment.createdBy),
      }),
    ),
    fc.record({
      type: fc.constant('addChecklistItem' as const),
      issueId: fc.constant(issueId),
      text: fc.constantFrom('Write tests', 'Deploy'),
    }),
    ...itemIds.flatMap((itemId) => [
      fc.record({
        type: fc.constant('updateChecklistItem' as const),
        issueId: fc.constant(issueId),
        itemId: fc.constant(itemId),
        changes: fc.record(
          { text: fc.constantFrom('Renamed', 'Write tests'), done: fc.boolean() },
          { requiredKeys: [] },
        ),
      }),
      fc.constant({ type: 'deleteChecklistItem' as const, issueId, itemId }),
    ]),
  );
}

describe.each(TRACKER_TOOLS)('%s: inverses (property)', (name) => {
  const tool = trackerTool(name);

  it('every accepted operation along random sequences is undone exactly, over the wire', () => {
    expectRandomInverses(tool, {
      start: () => tool.defaultContent(operationContext(stampOf(0))),
      operationOn: operationAgainst,
      refusal: TrackerError,
      numRuns: 100,
    });
  }, 60_000);

  it('undoing a change to one card after someone edited another keeps their edit', () => {
    fc.assert(
      fc.property(fc.gen(), fc.nat(8), (generate, steps) => {
        // Random content: the board, then a few random operations.
        let before = sampleBoard(name);
        for (let step = 1; step <= steps; step++) {
          try {
            before = applied(tool, before, generate(operationAgainst, before), stampOf(100 + step));
          } catch (error) {
            expect(error).toBeInstanceOf(TrackerError);
          }
        }
        const issues = issuesOf(before);
        fc.pre(issues.length >= 2);
        const [mine, other] = generate(() =>
          fc.uniqueArray(fc.constantFrom(...issues), { minLength: 2, maxLength: 2 }),
        );
        if (!mine || !other) throw new Error('two cards');
        let after: TrackerContent;
        try {
          after = applied(tool, before, generate(ownChange, before, mine.id), stampOf(20));
        } catch (error) {
          expect(error).toBeInstanceOf(TrackerError);
          return;
        }
        const undo = tool.inverse(before, after);
        const theirs = {
          type: 'updateIssue' as const,
          issueId: other.id,
          changes: generate(() => acceptedChanges),
        };
        const undone = applied(tool, applied(tool, after, theirs, stampOf(21)), undo, stampOf(22));
        expect(undone).toStrictEqual(applied(tool, before, theirs, stampOf(21)));
      }),
      { numRuns: 200 },
    );
  }, 60_000);
});
