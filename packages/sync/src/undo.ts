/**
 * This tab's undo and redo (spec §4 undo): the inverse of each of its changes, taken when the
 * change is logged (`@cipherspace/tools`' `inverse`), the latest last. An undo is a new operation
 * made from an inverse (the tool's `undoOf`), so others see it live and can undo it in turn.
 */
import type { PatchOperation } from '@cipherspace/tools';

import { UNDO_LIMIT } from './state.ts';

/** What a logged change of this tab is: a new change, an undo or a redo. */
export type ChangeKind = 'change' | 'undo' | 'redo';

interface Recorded {
  /** The operation id of the change the inverse undoes. */
  id: string;
  inverse: PatchOperation;
}

/** The undo and redo lists of one engine. */
export class UndoHistory {
  private undoStack: Recorded[] = [];
  private redoStack: Recorded[] = [];

  get canUndo(): boolean {
    return this.undoStack.length > 0;
  }

  get canRedo(): boolean {
    return this.redoStack.length > 0;
  }

  /**
   * Remembers the inverse of change `id` of `kind`: an undo's goes to the redo list; a new
   * change's or a redo's to the undo list (a new change empties the redo list).
   */
  record(kind: ChangeKind, id: string, inverse: PatchOperation): void {
    if (kind === 'undo') {
      this.redoStack.push({ id, inverse });
      return;
    }
    if (kind === 'change') this.redoStack = [];
    this.undoStack.push({ id, inverse });
    if (this.undoStack.length > UNDO_LIMIT) this.undoStack.shift();
  }

  /** Takes the latest inverse to undo (`undo`) or redo (`redo`); undefined when none. */
  take(kind: 'undo' | 'redo'): PatchOperation | undefined {
    return (kind === 'undo' ? this.undoStack : this.redoStack).pop()?.inverse;
  }

  /** Puts an inverse taken by {@link take} back (its change could not be logged). */
  putBack(kind: 'undo' | 'redo', id: string, inverse: PatchOperation): void {
    (kind === 'undo' ? this.undoStack : this.redoStack).push({ id, inverse });
  }

  /** Forgets the inverse of change `id` (it was not stored: nothing to undo). */
  forget(id: string): void {
    this.undoStack = this.undoStack.filter((entry) => entry.id !== id);
    this.redoStack = this.redoStack.filter((entry) => entry.id !== id);
  }
}
