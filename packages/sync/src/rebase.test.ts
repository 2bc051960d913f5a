import { describe, expect, it } from 'vitest';

import type { StoredChange } from './contract.ts';
import { applyAll, applyEach, applyGroups, applyStored } from './rebase.ts';
import { parseOperationFor, tools, type Operation } from '@cipherspace/tools';
import { deepFreeze, testContext } from '@cipherspace/tools/testing';
import {
  TrackerError,
  type KanbanContent,
  type TrackerOperation,
} from '@cipherspace/tools/tracker';

const kanban = tools.kanban;

/** A default board confirmed as version 7, frozen: nothing here may change it in place. */
const board: KanbanContent = deepFreeze(
  kanban.stamp(kanban.defaultContent(testContext()), {
    version: 7,
    lastModified: '2026-01-01T00:00:00.000Z',
  }),
);
const [backlog, todo] = board.phases.map((phase) => phase.id);
if (!backlog || !todo) throw new Error('the default board has no phases');

const at = (n: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString();

/** Operation `op-n` of `by` (its id, time and author). */
function operation(n: number, op: TrackerOperation, by = 'ann'): Operation {
  return kanban.createOperation(op, { id: `op-${String(n)}`, at: at(n), by });
}

const addCard = (n: number, title = `Card ${String(n)}`) =>
  operation(n, { type: 'addIssue', phaseId: backlog, issue: { title }, createdBy: 'ann' });
/** Moves the card that operation `op-card` added. */
const moveCard = (n: number, card: number, toPhaseId = todo) =>
  operation(n, { type: 'moveIssue', issueId: `op-${String(card)}`, toPhaseId });
const renameCard = (n: number, card: number, title: string) =>
  operation(n, { type: 'updateIssue', issueId: `op-${String(card)}`, changes: { title } });
/** An operation that applies to no board: its card never existed. */
const editMissing = (n: number) =>
  operation(n, { type: 'updateIssue', issueId: 'missing', changes: { title: 'x' } });

/** The titles of the cards in each phase, in order (what a member sees of a board). */
function cards(content: KanbanContent): string[][] {
  return content.phases.map((phase) =>
    phase.issues.toSorted((a, b) => a.order - b.order).map((issue) => issue.title),
  );
}

/** The code of the TrackerError `run` throws. */
function codeThrown(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof TrackerError) return error.code;
    throw error;
  }
  throw new Error('nothing thrown');
}

describe('applyAll', () => {
  it('applies the operations in order', () => {
    const next = applyAll(kanban, board, [addCard(1), addCard(2), moveCard(3, 1)]);
    expect(cards(next).slice(0, 2)).toEqual([['Card 2'], ['Card 1']]);
  });

  it('returns the content itself for no operations', () => {
    expect(applyAll(kanban, board, [])).toBe(board);
  });

  it('throws what the first operation that does not apply throws', () => {
    const deleteMissingPhase = operation(3, { type: 'deletePhase', phaseId: 'missing' });
    const code = codeThrown(() =>
      applyAll(kanban, board, [addCard(1), deleteMissingPhase, editMissing(4)]),
    );
    expect(code).toBe('PHASE_NOT_FOUND');
  });

  it('lets a later operation build on an earlier one of the same batch', () => {
    const next = applyAll(kanban, board, [addCard(1), renameCard(2, 1, 'Login bug')]);
    expect(cards(next)[0]).toEqual(['Login bug']);
  });
});

describe('applyEach', () => {
  it('leaves out the operations that do not apply and keeps the rest in order', () => {
    const next = applyEach(kanban, board, [
      addCard(1),
      editMissing(2),
      addCard(3),
      moveCard(4, 99),
      moveCard(5, 3),
    ]);
    expect(next).toEqual(applyAll(kanban, board, [addCard(1), addCard(3), moveCard(5, 3)]));
    expect(cards(next).slice(0, 2)).toEqual([['Card 1'], ['Card 3']]);
  });

  it('leaves out an operation that depends on one left out', () => {
    const blank = addCard(1, '   ');
    const next = applyEach(kanban, board, [blank, renameCard(2, 1, 'x'), addCard(3)]);
    expect(cards(next)[0]).toEqual(['Card 3']);
  });

  it('returns the content itself when none applies', () => {
    expect(applyEach(kanban, board, [editMissing(1), moveCard(2, 42)])).toBe(board);
  });
});

describe('applyGroups', () => {
  it('applies each group whole, in arrival order', () => {
    const next = applyGroups(kanban, board, [[addCard(1), addCard(2)], [moveCard(3, 2)]]);
    expect(cards(next).slice(0, 2)).toEqual([['Card 1'], ['Card 2']]);
  });

  it('leaves out a group with an operation that does not apply, even its first operations', () => {
    const next = applyGroups(kanban, board, [
      [addCard(1)],
      [addCard(2), editMissing(3)],
      [renameCard(4, 1, 'Renamed')],
    ]);
    expect(cards(next)[0]).toEqual(['Renamed']);
    expect(next).toEqual(applyAll(kanban, board, [addCard(1), renameCard(4, 1, 'Renamed')]));
  });

  it('leaves out a group that builds on a group left out', () => {
    const next = applyGroups(kanban, board, [
      [addCard(1), editMissing(2)],
      [moveCard(3, 1)],
      [addCard(4)],
    ]);
    expect(cards(next)[0]).toEqual(['Card 4']);
    expect(cards(next)[1]).toEqual([]);
  });
});

describe('applyStored', () => {
  const seal = (op: Operation) => JSON.stringify(op);
  const open = (envelope: string): Promise<Operation> =>
    Promise.resolve().then(() => parseOperationFor(kanban, JSON.parse(envelope)));
  const base = { content: board, version: 7 };
  const stored = (version: number, ops: Operation[], modifiedBy?: string): StoredChange => ({
    version,
    kind: 'operations',
    operations: ops.map(seal),
    ...(modifiedBy === undefined ? {} : { modifiedBy }),
  });

  it('applies the stored changes after the base and stamps each with its version', async () => {
    const rebased = await applyStored(
      kanban,
      base,
      [stored(8, [addCard(1), addCard(2)], 'ann'), stored(9, [moveCard(3, 1, todo)], 'bo')],
      open,
    );

    expect(rebased).not.toBeNull();
    if (!rebased) return;
    const expected = kanban.stamp(
      applyAll(kanban, board, [addCard(1), addCard(2), moveCard(3, 1)]),
      {
        version: 9,
        lastModified: at(3),
      },
    );
    expect(rebased.content).toEqual(expected);
    expect(rebased.version).toBe(9);
    expect(rebased.appliedIds).toEqual(new Set(['op-1', 'op-2', 'op-3']));
    expect(rebased.applied.map(({ version, by }) => ({ version, by }))).toEqual([
      { version: 8, by: 'ann' },
      { version: 9, by: 'bo' },
    ]);
    const [first, second] = rebased.applied;
    expect(first?.before).toBe(board);
    // The second change starts from version 8 as stored: stamped with its last operation's time.
    expect(second?.before).toMatchObject({ version: 8, lastModified: at(2) });
    expect(cards(second?.before ?? board)[0]).toEqual(['Card 1', 'Card 2']);
    expect(cards(second?.after ?? board).slice(0, 2)).toEqual([['Card 2'], ['Card 1']]);
  });

  it('tells the listener each operation with the content around it and its author', async () => {
    const calls: { id: string; before: KanbanContent; after: KanbanContent; by: string | null }[] =
      [];
    const rebased = await applyStored(
      kanban,
      base,
      [stored(8, [addCard(1), renameCard(2, 1, 'Login bug')], 'ann'), stored(9, [addCard(3)])],
      open,
      (op, before, after, by) => calls.push({ id: op.id, before, after, by }),
    );

    expect(calls.map(({ id, by }) => ({ id, by }))).toEqual([
      { id: 'op-1', by: 'ann' },
      { id: 'op-2', by: 'ann' },
      { id: 'op-3', by: null },
    ]);
    const [one, two, three] = calls;
    expect(one?.before).toBe(board);
    expect(two?.before).toBe(one?.after);
    expect(cards(one?.after ?? board)[0]).toEqual(['Card 1']);
    expect(cards(two?.after ?? board)[0]).toEqual(['Login bug']);
    expect(three?.before).toMatchObject({ version: 8 });
    expect(three?.after).toEqual(kanban.apply(three?.before ?? board, addCard(3)));
    expect(rebased?.applied[1]?.by).toBeNull();
  });

  it('returns the base for no changes', async () => {
    const rebased = await applyStored(kanban, base, [], open);
    expect(rebased).toMatchObject({ content: board, version: 7, applied: [] });
    expect(rebased?.appliedIds.size).toBe(0);
  });

  it.each<[string, StoredChange[]]>([
    ['the first change is not the next version', [stored(9, [addCard(1)])]],
    ['a change repeats the base version', [stored(7, [addCard(1)])]],
    [
      'a version is missing between two changes',
      [stored(8, [addCard(1)]), stored(10, [addCard(2)])],
    ],
    [
      'a change replaced the whole document',
      [stored(8, [addCard(1)]), { version: 9, kind: 'replacement', operations: null }],
    ],
    ['a change has no operations', [stored(8, [addCard(1)]), stored(9, [])]],
    [
      'a change says operations but carries none',
      [{ version: 8, kind: 'operations', operations: null }],
    ],
  ])('returns null when %s', async (_case, changes) => {
    await expect(applyStored(kanban, base, changes, open)).resolves.toBeNull();
  });

  // A catch-up that falls back to the snapshot must not tell about operations it did not keep:
  // retried from the same base, it would tell them twice.
  it('tells the listener nothing when the changes cannot bring the base up to date', async () => {
    const told: string[] = [];
    const changes: StoredChange[] = [
      stored(8, [addCard(1)], 'bo'),
      { version: 9, kind: 'replacement', operations: null },
    ];
    for (let attempt = 0; attempt < 2; attempt++)
      await expect(
        applyStored(kanban, base, changes, open, (op) => told.push(op.id)),
      ).resolves.toBeNull();
    expect(told).toEqual([]);
  });

  it('throws when a stored operation does not apply', async () => {
    await expect(applyStored(kanban, base, [stored(8, [editMissing(1)])], open)).rejects.toThrow(
      TrackerError,
    );
  });

  it('throws what opening an envelope throws', async () => {
    const changes: StoredChange[] = [{ version: 8, kind: 'operations', operations: ['sealed'] }];
    const failing = () => Promise.reject(new Error('wrong key'));
    await expect(applyStored(kanban, base, changes, failing)).rejects.toThrow('wrong key');
  });
});
