/**
 * Field edits: how every edit operation of every tool says what the member changed (spec §4
 * Tool content, version conflict). An edit carries only the fields the member changed
 * (`changes`) and, for each, the value it had when they started editing (`from`). Applied to
 * content someone else changed meanwhile ({@link mergeFieldChanges}):
 * - a field nobody else changed takes the member's value;
 * - a field someone else changed to the member's value stays as it is;
 * - a field someone else changed to another value is a conflict: the whole edit is refused with
 *   an {@link EditConflictError} listing each such field with the three values, so the member can
 *   choose ({@link resolveEdit}) — never resolved silently.
 *
 * An edit without `from` (written by a client from before field edits) sets its fields as they
 * are, as it always did. Text fields merge line by line where a three-way merge succeeds
 * ({@link mergeText}, node-diff3); list-valued content like the Randomizer's options merges item
 * by item ({@link mergeLists}).
 */
import { diff3Merge } from 'node-diff3';

import { DomainError } from './shared.ts';

/**
 * The values an edit changes, by field (`Partial` of the entity's editable fields), and the
 * values those fields had when the member started editing: an absent `from` key means the field
 * was absent (e.g. no `maxIssues` limit).
 */
export interface FieldEdit<T extends object> {
  changes: Partial<T>;
  from?: Partial<T>;
}

/**
 * One field both the member and someone else changed, to different values: `field` (its name),
 * `from` (its value when the member started), `mine` (the member's), `theirs` (the value stored
 * now). `undefined` means the field is absent.
 */
export interface FieldConflict {
  field: string;
  from: unknown;
  mine: unknown;
  theirs: unknown;
}

/** English template of {@link EditConflictError}. */
export const EDIT_CONFLICT_MESSAGE = 'Content was modified by another user: {fields}';

/**
 * An edit met fields someone else changed to other values since the member started (spec §4
 * version conflict): `conflicts` lists them in the order of the edit's fields, `entityId` names
 * the card, note, phase, diagram… edited (null: the content's own settings or list). Nothing of
 * the edit was applied.
 */
export class EditConflictError extends DomainError<'EDIT_CONFLICT'> {
  readonly conflicts: readonly FieldConflict[];
  readonly entityId: string | null;

  constructor(conflicts: readonly FieldConflict[], entityId: string | null) {
    super('EDIT_CONFLICT', EDIT_CONFLICT_MESSAGE, {
      fields: conflicts.map((conflict) => conflict.field).join(', '),
    });
    this.name = 'EditConflictError';
    this.conflicts = conflicts;
    this.entityId = entityId;
  }
}

/** Whether `error` is an {@link EditConflictError} (also across module copies). */
export function isEditConflict(error: unknown): error is EditConflictError {
  return error instanceof Error && error.name === 'EditConflictError' && 'conflicts' in error;
}

/**
 * Equality of JSON field values; an absent field equals `null` (a removed limit) and arrays and
 * objects compare by content.
 */
export function sameFieldValue(a: unknown, b: unknown): boolean {
  if ((a ?? null) === (b ?? null)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, index) => sameFieldValue(item, b[index]));
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  for (const key of keys) if (!sameFieldValue(left[key], right[key])) return false;
  return true;
}

function ownValue(record: object, field: string): unknown {
  return Object.hasOwn(record, field) ? (record as Record<string, unknown>)[field] : undefined;
}

/**
 * The changes of an edit that still have to be made on `current` (the entity as stored now):
 * every field of `changes` whose current value is still its `from` value and differs from the
 * member's; fields already at the member's value are left out. Without `from` every field of
 * `changes` is returned (an edit from an older client). Throws {@link EditConflictError} when a
 * field was changed by someone else to another value; `entityId` goes into the error.
 */
export function mergeFieldChanges<T extends object>(
  current: T,
  changes: Partial<T>,
  from: Partial<T> | undefined,
  entityId: string | null = null,
): Partial<T> {
  if (from === undefined) return changes;
  const merged: Partial<T> = {};
  const conflicts: FieldConflict[] = [];
  for (const field of Object.keys(changes) as (keyof T & string)[]) {
    const mine = changes[field];
    const theirs = ownValue(current, field);
    if (sameFieldValue(theirs, mine)) continue;
    if (sameFieldValue(theirs, ownValue(from, field))) {
      merged[field] = mine;
      continue;
    }
    conflicts.push({ field, from: ownValue(from, field), mine, theirs });
  }
  if (conflicts.length > 0) throw new EditConflictError(conflicts, entityId);
  return merged;
}

/**
 * The edit a member made in a dialog: the fields whose value in `after` (what they submitted)
 * differs from `before` (what the dialog showed when it opened, in the entity's terms), each
 * with its value in `stored` (the entity as stored when the dialog opened; default `before`) as
 * `from` — left out when the entity has none. `fields` limits which fields count (default: all
 * of `after`).
 */
export function editBetween<T extends object>(
  before: Partial<T>,
  after: Partial<T>,
  stored: Partial<T> = before,
  fields: readonly (keyof T & string)[] = Object.keys(after) as (keyof T & string)[],
): { changes: Partial<T>; from: Partial<T> } {
  const changes: Partial<T> = {};
  const from: Partial<T> = {};
  for (const field of fields) {
    if (!Object.hasOwn(after, field)) continue;
    const value = after[field];
    if (sameFieldValue(ownValue(before, field), value)) continue;
    changes[field] = value;
    const old = ownValue(stored, field) as T[typeof field] | undefined;
    if (old !== undefined) from[field] = old;
  }
  return { changes, from };
}

/** Whether an edit changes nothing. */
export function isEmptyEdit(edit: { changes: object }): boolean {
  return Object.keys(edit.changes).length === 0;
}

/**
 * How the member settles one conflicting field: keep `mine`, take `theirs`, or keep `both` (the
 * merged text of {@link mergeText}; only offered where it succeeds).
 */
export type ConflictChoice = 'mine' | 'theirs' | 'both';

/**
 * The edit to send again once the member has chosen: a field settled `theirs` leaves the edit;
 * `mine` and `both` now go from the value stored now (`theirs`) to the member's value or the
 * merged text. Fields without a conflict keep their `from`, so a change someone makes to them
 * meanwhile is still caught. A field the member has not chosen for counts as `mine`.
 */
export function resolveEdit<T extends object>(
  edit: FieldEdit<T>,
  conflicts: readonly FieldConflict[],
  choices: Readonly<Record<string, ConflictChoice>>,
): { changes: Partial<T>; from: Partial<T> } {
  const changes = new Map<string, unknown>(Object.entries(edit.changes));
  const from = new Map<string, unknown>(Object.entries(edit.from ?? {}));
  for (const conflict of conflicts) {
    const choice = choices[conflict.field] ?? 'mine';
    if (choice === 'theirs') {
      changes.delete(conflict.field);
      from.delete(conflict.field);
      continue;
    }
    const merged = choice === 'both' ? mergedValue(conflict) : null;
    changes.set(conflict.field, merged ?? conflict.mine);
    if (conflict.theirs === undefined) from.delete(conflict.field);
    else from.set(conflict.field, conflict.theirs);
  }
  return {
    changes: Object.fromEntries(changes) as Partial<T>,
    from: Object.fromEntries(from) as Partial<T>,
  };
}

/** The value of `both` for a conflict: the merged text or list; null when they do not merge. */
export function mergedValue(conflict: FieldConflict): unknown {
  const { from, mine, theirs } = conflict;
  if (typeof mine === 'string' && typeof theirs === 'string')
    return mergeText(typeof from === 'string' ? from : '', mine, theirs);
  if (Array.isArray(mine) && Array.isArray(theirs))
    return mergeLists(Array.isArray(from) ? from : [], mine, theirs);
  return null;
}

/**
 * Line-based three-way merge of a text (diff3): `base` the text when the member started,
 * `mine` and `theirs` the two edits of it. The merged text, or null when both changed the same
 * lines differently.
 */
export function mergeText(base: string, mine: string, theirs: string): string | null {
  const merged = mergeLists(base.split('\n'), mine.split('\n'), theirs.split('\n'));
  return merged === null ? null : merged.join('\n');
}

/**
 * Three-way merge of a list, item by item (diff3): what `mine` and `theirs` changed relative to
 * `base` both apply — items one side added, removed or renamed where the other kept them. Items
 * both sides added at the same place are kept, theirs first. Null when both changed the same
 * items differently (e.g. renamed one option to two names).
 */
export function mergeLists<T>(
  base: readonly T[],
  mine: readonly T[],
  theirs: readonly T[],
): T[] | null {
  const merged: T[] = [];
  for (const region of diff3Merge<T>([...mine], [...base], [...theirs], {
    excludeFalseConflicts: true,
  })) {
    if (region.ok) {
      merged.push(...region.ok);
      continue;
    }
    const conflict = region.conflict;
    if (!conflict) continue;
    const { a, o, b } = conflict;
    // Both inserted at the same place and removed nothing: keep both.
    if (o.length === 0) {
      merged.push(...b, ...a.filter((item) => !b.includes(item)));
      continue;
    }
    // One side only added around what the other changed (e.g. appended after a removed item).
    const around = aroundOf(b, o) ?? aroundOf(a, o);
    if (around === null) return null;
    merged.push(...around.before, ...(around.side === b ? a : b), ...around.after);
  }
  return merged;
}

/**
 * Where `side` is `base` with items only added before and after it: those items and `side`;
 * null when `side` changed `base` itself.
 */
function aroundOf<T>(side: T[], base: readonly T[]): { side: T[]; before: T[]; after: T[] } | null {
  for (let start = 0; start + base.length <= side.length; start++) {
    if (base.every((item, index) => side[start + index] === item))
      return {
        side,
        before: side.slice(0, start),
        after: side.slice(start + base.length),
      };
  }
  return null;
}

/**
 * The object with `id` anywhere inside `content` (a card, note, phase, diagram…; depth first),
 * or null: what an edit's `entityId` or an operation's `issueId`/`postId` names.
 */
export function findEntity(content: unknown, id: string): Record<string, unknown> | null {
  const stack: unknown[] = [content];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value !== 'object' || value === null) continue;
    if (!Array.isArray(value) && (value as { id?: unknown }).id === id)
      return value as Record<string, unknown>;
    for (const item of Object.values(value) as unknown[]) stack.push(item);
  }
  return null;
}
