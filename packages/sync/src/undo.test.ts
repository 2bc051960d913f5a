import { describe, expect, it } from 'vitest';

import { UNDO_LIMIT } from './state.ts';
import { UndoHistory } from './undo.ts';
import { tools, type PatchOperation } from '@cipherspace/tools';
import { testContext } from '@cipherspace/tools/testing';
import type { KanbanContent } from '@cipherspace/tools/tracker';

const kanban = tools.kanban;
const board = kanban.defaultContent(testContext());

/** The inverse of renaming the board to `title`: what recording that change remembers. */
function inverseOfRenaming(title: string): PatchOperation {
  const after: KanbanContent = { ...board, title };
  return kanban.inverse(board, after);
}

/** A history with changes `a`, `b`, `c` recorded, oldest first. */
function recorded(): { history: UndoHistory; inverses: Record<string, PatchOperation> } {
  const history = new UndoHistory();
  const inverses: Record<string, PatchOperation> = {};
  for (const id of ['a', 'b', 'c']) {
    inverses[id] = inverseOfRenaming(id);
    history.record('change', id, inverses[id]);
  }
  return { history, inverses };
}

describe('UndoHistory', () => {
  it('has nothing to undo or redo at first', () => {
    const history = new UndoHistory();
    expect(history.canUndo).toBe(false);
    expect(history.canRedo).toBe(false);
    expect(history.take('undo')).toBeUndefined();
    expect(history.take('redo')).toBeUndefined();
  });

  it('undoes the latest change first', () => {
    const { history, inverses } = recorded();
    expect(history.canUndo).toBe(true);
    expect(history.take('undo')).toBe(inverses.c);
    expect(history.take('undo')).toBe(inverses.b);
    expect(history.take('undo')).toBe(inverses.a);
    expect(history.canUndo).toBe(false);
  });

  it('puts the inverse of an undo on the redo list, and of a redo back on the undo list', () => {
    const { history, inverses } = recorded();
    history.take('undo');
    const redoOfC = inverseOfRenaming('c again');
    history.record('undo', 'undo-c', redoOfC);
    expect(history.canRedo).toBe(true);

    expect(history.take('redo')).toBe(redoOfC);
    const undoOfRedo = inverseOfRenaming('undo of redo');
    history.record('redo', 'redo-c', undoOfRedo);

    expect(history.canRedo).toBe(false);
    expect(history.take('undo')).toBe(undoOfRedo);
    expect(history.take('undo')).toBe(inverses.b);
  });

  it('keeps the latest UNDO_LIMIT changes', () => {
    const history = new UndoHistory();
    const inverses = Array.from({ length: UNDO_LIMIT + 5 }, (_, n) =>
      inverseOfRenaming(`t${String(n)}`),
    );
    inverses.forEach((inverse, n) => history.record('change', `op-${String(n)}`, inverse));

    const taken: PatchOperation[] = [];
    for (let inverse = history.take('undo'); inverse; inverse = history.take('undo'))
      taken.push(inverse);

    expect(taken).toHaveLength(UNDO_LIMIT);
    expect(taken).toEqual(inverses.slice(5).reverse());
  });

  it('a new change empties the redo list; a redo does not', () => {
    const { history } = recorded();
    history.take('undo');
    history.record('undo', 'undo-c', inverseOfRenaming('c'));
    history.take('undo');
    history.record('undo', 'undo-b', inverseOfRenaming('b'));

    history.take('redo');
    history.record('redo', 'redo-b', inverseOfRenaming('redo b'));
    expect(history.canRedo).toBe(true);

    history.record('change', 'd', inverseOfRenaming('d'));
    expect(history.canRedo).toBe(false);
    expect(history.take('redo')).toBeUndefined();
  });

  it('forget removes a change from both lists', () => {
    const { history, inverses } = recorded();
    history.take('undo');
    history.record('undo', 'undo-c', inverseOfRenaming('c'));
    history.record('undo', 'x', inverseOfRenaming('x on redo'));

    history.forget('b');
    history.forget('x');

    expect(history.take('undo')).toBe(inverses.a);
    expect(history.canUndo).toBe(false);
    expect(history.take('redo')).toEqual(inverseOfRenaming('c'));
    expect(history.canRedo).toBe(false);
  });

  it('putBack returns a taken inverse to the top of its list', () => {
    const { history, inverses } = recorded();
    const taken = history.take('undo');
    expect(taken).toBe(inverses.c);
    if (!taken) return;
    history.putBack('undo', 'c', taken);

    expect(history.take('undo')).toBe(inverses.c);

    history.record('undo', 'undo-b', inverseOfRenaming('b'));
    const redo = history.take('redo');
    if (!redo) throw new Error('nothing to redo');
    history.putBack('redo', 'undo-b', redo);
    expect(history.canRedo).toBe(true);
    // Put back under its id: forgetting that change takes it off again.
    history.forget('undo-b');
    expect(history.canRedo).toBe(false);
  });
});
