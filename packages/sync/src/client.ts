/**
 * The sync engine of one tool's content in one tab or worker (spec §4 tool content, §8 version
 * conflict, offline): what a screen calls. A change is a named operation of `@cipherspace/tools`,
 * serialised once with its id, time and author; it is checked on the content the member sees,
 * encrypted, written to the pending log (persisted in the same task) and shown — then pushed.
 * On a 409 the same operation is applied to the newest version (its ids and timestamps come with
 * it, so replaying is deterministic); only when it no longer applies does the member see a
 * conflict. When the server cannot be reached the change stays in the log and is pushed on the
 * next load or refresh. See ./push.ts, ./pull.ts, ./log.ts.
 */
import { OPERATION_ENVELOPE_MAX_CHARS } from '@cipherspace/crypto';
import {
  isEditConflict,
  isEmptyEdit,
  mergedValue,
  resolveEdit,
  type ConflictChoice,
  type FieldConflict,
  type FieldEdit,
  type NamedOperation,
  type Operation,
  type PatchOperation,
} from '@cipherspace/tools';

import { nextTask } from './clock.ts';
import { conflictAuthor, isFieldEdit, isValueEdit } from './conflicts.ts';
import { Follower } from './follow.ts';
import { applyAll, type AppliedOperationListener } from './rebase.ts';
import { saveReplacement } from './replacement.ts';
import {
  ContentValidationError,
  NothingToUndoError,
  type PerformOptions,
  type PerformResult,
  UnreadableContentError,
} from './state.ts';
import type { ChangeKind } from './undo.ts';

/** What a change makes of the content it is checked on: its operation, or an early result. */
type Made<C, Op> =
  | { operation: Op | PatchOperation; check?: (base: C) => void; leftAlone?: () => number }
  | { result: PerformResult<C> };

/** The sync engine (see the module comment). */
export class SyncClient<C, Op extends NamedOperation> extends Follower<C, Op> {
  private appending: Promise<unknown> = Promise.resolve();

  /**
   * Calls `listener` with each stored operation this tab applies from the server (others'
   * changes caught up from a content_update or changes-since, also what a 409 brings), with the
   * content before and after it and the author the server recorded (null when not told). Not for
   * proposals nor snapshot loads. Returns the unsubscribe function.
   */
  onRemoteOperation = (listener: AppliedOperationListener<C>) => {
    this.pull.listeners.add(listener);
    return () => {
      this.pull.listeners.delete(listener);
    };
  };

  /** Stops notifying; the log still pushes and the last snapshot is still uploaded. */
  dispose(): void {
    this.stop();
    void this.snapshots.upload();
  }

  /** Uploads the snapshot now (the page is being hidden or closed). Best effort. */
  flushSnapshot(): Promise<void> {
    return this.snapshots.upload();
  }

  /**
   * Applies `operation` on the content shown, validates it, logs and shows it, and pushes it.
   * Resolves when the server stored it (`saved`), or it waits in the log (`saved`, `queued`), or
   * how it failed; never throws (see {@link PerformResult}). `basedOn`: the version the member
   * was looking at when they started the change — when the content has moved on since and the
   * operation no longer applies, the result is `conflict`, not `rejected`.
   */
  perform(operation: Op, options: PerformOptions = {}): Promise<PerformResult<C>> {
    return this.change('change', () => ({ operation }), options);
  }

  /**
   * Undoes this tab's latest change not undone yet: its inverse, reduced to what is still as the
   * change left it (the tool's `undoOf`), as a new operation others see live. A part a teammate
   * changed since stays as they left it, counted in `leftAlone`; when nothing can be reverted the
   * result is `conflict`. `rejected` with {@link NothingToUndoError} when there is nothing to undo.
   */
  undo(): Promise<PerformResult<C>> {
    return this.undoOrRedo('undo');
  }

  /** Redoes the latest undone change (see {@link undo}). */
  redo(): Promise<PerformResult<C>> {
    return this.undoOrRedo('redo');
  }

  /**
   * Makes `content` (an earlier version, rebuilt from the history) the current content again, as
   * one new change, live for everyone and undoable. Results as {@link perform}. When the stored
   * version does not open, `content` is saved whole on top of it instead, so every member opens
   * it again: in place of the version shown instead (`unreadable`), or when nothing opened in its
   * place (`loadError` an {@link UnreadableContentError}: there is no current content to change).
   */
  restore(content: C): Promise<PerformResult<C>> {
    const { loadError, status, unreadable } = this.state;
    const over =
      status === 'error' && loadError instanceof UnreadableContentError
        ? loadError.version
        : status === 'loaded' && unreadable
          ? this.confirmed.version
          : null;
    if (over !== null)
      return this.enqueue(() =>
        saveReplacement(this.replacements, content, over, this.parts.context.now()),
      );
    return this.replace(() => content);
  }

  /**
   * Replaces the content with what `build` makes of the content as it is when the change is made
   * (an import merged into the board: a teammate's change that arrived meanwhile is kept), as one
   * new change, live for everyone and undoable. Results as {@link perform}.
   */
  replace(build: (current: C) => C): Promise<PerformResult<C>> {
    return this.change('change', (current) => {
      let next: C;
      try {
        next = build(current);
      } catch (error) {
        return { result: { status: 'rejected', error } };
      }
      return {
        operation: this.parts.domain.patchBetween(
          current,
          this.parts.domain.stamp(next, {
            version: this.confirmed.version,
            lastModified: lastModifiedOf(current),
          }),
        ),
      };
    });
  }

  /** Forgets the reported unapplied changes (the member has read them); resolves when stored. */
  async dismissUnapplied(): Promise<void> {
    await this.log.dismiss();
    this.setState({});
  }

  /**
   * The fields of an unapplied edit that teammates changed since, as stored now; null when it is
   * no such edit or it applies again. What the member chooses from with {@link resolveUnapplied}.
   */
  unappliedConflict(id: string): readonly FieldConflict[] | null {
    const entry = this.log.unapplied.find((item) => item.id === id);
    const current = this.local();
    if (!entry?.operation || current === null) return null;
    try {
      applyAll(this.parts.domain, current, [entry.operation]);
      return null;
    } catch (error) {
      if (!isEditConflict(error)) return null;
      const { args } = entry.operation;
      return isFieldEdit(args) || isValueEdit(args, error.conflicts) ? error.conflicts : null;
    }
  }

  /**
   * Saves an unapplied edit the way the member chose for each conflicting field (`resolveEdit`
   * of `@cipherspace/tools`; a value edit such as a comment's text: the chosen text from the
   * stored one, nothing for theirs). Saved → it leaves the report. Results as {@link perform}.
   */
  async resolveUnapplied(id: string, choices: Readonly<Record<string, ConflictChoice>>) {
    const entry = this.log.unapplied.find((item) => item.id === id);
    const conflicts = this.unappliedConflict(id) ?? [];
    const args = entry?.operation?.args;
    if (!entry?.operation || !args || !(isFieldEdit(args) || isValueEdit(args, conflicts)))
      return { status: 'rejected', error: new Error('No such change') } as PerformResult<C>;
    const { name } = entry.operation;
    const edit = isFieldEdit(args)
      ? resolvedFieldEdit(args, conflicts, choices)
      : resolvedValueEdit(conflicts, choices);
    const result: PerformResult<C> =
      edit === null
        ? { status: 'saved', content: this.state.content as C }
        : await this.perform({ ...args, type: name, ...edit } as unknown as Op);
    if (result.status === 'saved') {
      await this.log.forget(id);
      this.setState({});
    }
    return result;
  }

  /**
   * Saves the version shown in place of one that did not open as a new version on top of it,
   * so every member opens it again. `rejected` when no such version is shown.
   */
  restoreShown(): Promise<PerformResult<C>> {
    return this.enqueue(async () => {
      const { content, version } = this.confirmed;
      if (content === null || !this.state.unreadable)
        return { status: 'rejected', error: new Error('No unreadable version shown') };
      return saveReplacement(this.replacements, content, version, this.parts.context.now());
    });
  }

  private async undoOrRedo(kind: 'undo' | 'redo'): Promise<PerformResult<C>> {
    let taken: PatchOperation | undefined;
    let id = '';
    const result = await this.change(
      kind,
      (current) => {
        taken = this.undoHistory.take(kind);
        if (taken === undefined)
          return { result: { status: 'rejected', error: new NothingToUndoError() } };
        const inverse = taken;
        let undo: ReturnType<typeof this.parts.domain.undoOf>;
        try {
          undo = this.parts.domain.undoOf(current, inverse);
        } catch (error) {
          return { result: { status: 'conflict', error } };
        }
        return {
          operation: undo.operation,
          // Counted again on the version it lands on (a 409 brings what this tab had not seen).
          check: (base) => {
            undo = this.parts.domain.undoOf(base, inverse);
          },
          leftAlone: () => undo.leftAlone.length,
        };
      },
      {},
      (logged) => (id = logged),
    );
    // Not stored for a reason another try may not have (the server failed): keep it.
    if (result.status === 'failed' && taken) this.undoHistory.putBack(kind, id, taken);
    this.setState({});
    return result;
  }

  /**
   * A change of `kind`: `make` gives its operation from the content shown; it is checked there,
   * encrypted, logged and shown in one task, and pushed (see {@link perform}). Changes are logged
   * one after the other, in the order they were made.
   */
  private change(
    kind: ChangeKind,
    make: (current: C) => Made<C, Op>,
    options: PerformOptions = {},
    logged?: (id: string) => void,
  ): Promise<PerformResult<C>> {
    const run = this.appending.then(() => this.logChange(kind, make, options, logged));
    this.appending = run.catch(() => undefined);
    return run.then((next) => next);
  }

  private async logChange(
    kind: ChangeKind,
    make: (current: C) => Made<C, Op>,
    options: PerformOptions,
    logged?: (id: string) => void,
  ): Promise<PerformResult<C>> {
    const { domain, context, codec, transport } = this.parts;
    // What the member sees: a teammate's change still in flight included.
    const current = this.shown();
    if (current === null) return { status: 'rejected', error: new Error('No content loaded') };
    const made = make(current);
    if ('result' in made) return made.result;
    let operation: Operation;
    let next: C;
    const stale = options.basedOn !== undefined && options.basedOn !== this.confirmed.version;
    try {
      operation = domain.createOperation(made.operation, {
        id: context.newId(),
        at: context.now(),
        by: this.parts.author,
      });
    } catch (error) {
      return { status: 'rejected', error };
    }
    try {
      next = applyAll(domain, current, [operation]);
    } catch (error) {
      // An edit that met a teammate's change to its fields is a conflict whatever version it
      // was started on: its `from` values say what the member saw.
      if (!stale && !isEditConflict(error)) return { status: 'rejected', error };
      const by = isEditConflict(error)
        ? conflictAuthor(this.pull.recent, error, options.basedOn)
        : undefined;
      return { status: 'conflict', error, ...(by === undefined ? {} : { by }) };
    }
    if (next === current) return { status: 'saved', content: current };
    const problems = domain.validate(next);
    if (problems.length > 0) {
      const error = new ContentValidationError(problems);
      return { status: stale ? 'conflict' : 'invalid', error };
    }
    const envelope = codec.encryptOperation
      ? await codec.encryptOperation(operation).catch(() => null)
      : null;
    // Too long for the server (the undo or restore of a large change), or no operation channel:
    // logged in memory only, and pushed whole, as a replacement the others load whole.
    const sealed = envelope !== null && envelope.length <= OPERATION_ENVELOPE_MAX_CHARS;
    const offline = this.state.offline || this.log.waiting > 0;
    if (!offline && sealed && transport.propose) {
      // Others see the change while it is being pushed: the proposal leaves first.
      transport.propose(this.confirmed.version, [envelope]).catch(() => undefined);
      await nextTask(this.parts.clock);
    }
    const result = new Promise<PerformResult<C>>((resolve) => {
      this.waiters.set(operation.id, {
        resolve: (outcome) =>
          resolve(
            outcome.status === 'saved' && made.leftAlone?.()
              ? { ...outcome, leftAlone: made.leftAlone() }
              : outcome,
          ),
        ...(made.check ? { check: made.check } : {}),
        dropped: () => this.undoHistory.forget(operation.id),
      });
    });
    // Logged (and its write to the store started) in the task that shows it.
    const change = {
      id: operation.id,
      baseVersion: this.confirmed.version,
      operation: sealed ? envelope : null,
    };
    this.log.append(change, operation, offline).catch(() => undefined);
    this.madeOnProposals(operation.id);
    this.proposals.remember([operation.id]);
    this.undoHistory.record(kind, operation.id, domain.inverse(current, next));
    logged?.(operation.id);
    this.setState({});
    if (offline) {
      const entry = this.log.entries.find((item) => item.change.id === operation.id);
      if (entry) this.settleQueued(entry);
    } else {
      void this.requestPush();
    }
    return result;
  }
}

/** The arguments that replace a field edit's as chosen; null: nothing left to save. */
function resolvedFieldEdit(
  args: FieldEdit<object>,
  conflicts: readonly FieldConflict[],
  choices: Readonly<Record<string, ConflictChoice>>,
): FieldEdit<object> | null {
  const edit = resolveEdit(args, conflicts, choices);
  return isEmptyEdit(edit) ? null : edit;
}

/**
 * The arguments that replace a value edit's as chosen (its one field: mine or the merged value,
 * from the stored one); null for theirs: nothing left to save.
 */
function resolvedValueEdit(
  conflicts: readonly FieldConflict[],
  choices: Readonly<Record<string, ConflictChoice>>,
): Record<string, unknown> | null {
  const [conflict] = conflicts;
  const choice = conflict ? (choices[conflict.field] ?? 'mine') : 'theirs';
  if (!conflict || choice === 'theirs') return null;
  const value = choice === 'both' ? (mergedValue(conflict) ?? conflict.mine) : conflict.mine;
  return { [conflict.field]: value, from: conflict.theirs };
}

/** The `lastModified` a content carries (stamped by every save), or the epoch when none. */
function lastModifiedOf(content: unknown): string {
  const value = (content as { lastModified?: unknown }).lastModified;
  return typeof value === 'string' ? value : new Date(0).toISOString();
}
