/**
 * Who made a field-level conflict (spec §8 version conflict: "changed by …"): the member the
 * server recorded for the latest change this engine applied as operations that set one of the
 * conflicting fields.
 */
import { findEntity, sameFieldValue, type FieldEdit } from '@cipherspace/tools';

import type { AppliedChange } from './rebase.ts';

/**
 * The author of the latest change in `recent` (oldest first) after `basedOn` that changed a field
 * of `conflict`; null when none is known (it came in a snapshot).
 */
export function conflictAuthor<C>(
  recent: readonly AppliedChange<C>[],
  conflict: { conflicts: readonly { field: string }[]; entityId: string | null },
  basedOn: number | undefined,
): string | null {
  for (const change of recent.toReversed()) {
    if (basedOn !== undefined && change.version <= basedOn) break;
    const before = entityOf(change.before, conflict.entityId);
    const after = entityOf(change.after, conflict.entityId);
    const touched = conflict.conflicts.some(
      ({ field }) => !sameFieldValue(fieldOf(before, field), fieldOf(after, field)),
    );
    if (touched) return change.by;
  }
  return null;
}

/** Whether operation arguments are a field edit (`changes` with the `from` values). */
export function isFieldEdit(
  args: Record<string, unknown>,
): args is Record<string, unknown> & FieldEdit<object> {
  const isObject = (value: unknown) =>
    typeof value === 'object' && value !== null && !Array.isArray(value);
  return isObject(args.changes) && isObject(args.from);
}

/**
 * Whether operation arguments are a value edit that met `conflicts`: one field set by an argument
 * of its name from a plain `from` value (a comment's `content`, a poker `topic`), not a
 * {@link isFieldEdit} `changes`/`from` pair.
 */
export function isValueEdit(
  args: Record<string, unknown>,
  conflicts: readonly { field: string }[],
): boolean {
  const [conflict] = conflicts;
  return (
    conflicts.length === 1 &&
    conflict !== undefined &&
    Object.hasOwn(args, conflict.field) &&
    Object.hasOwn(args, 'from') &&
    (typeof args.from !== 'object' || args.from === null)
  );
}

/** The entity an edit conflict names (the content itself for null). */
function entityOf(content: unknown, id: string | null): unknown {
  return id === null ? content : findEntity(content, id);
}

/** A field of an entity; for the content itself, also one of its `settings`. */
function fieldOf(entity: unknown, field: string): unknown {
  if (typeof entity !== 'object' || entity === null) return undefined;
  const record = entity as Record<string, unknown>;
  if (Object.hasOwn(record, field)) return record[field];
  const settings = record.settings;
  return typeof settings === 'object' && settings !== null
    ? (settings as Record<string, unknown>)[field]
    : undefined;
}
