/**
 * The only place operations are applied to a base: this tab's log on the confirmed version, the
 * stored changes a pull brings, others' proposals laid over the screen. Pure functions over a
 * tool's registry entry (`@cipherspace/tools`), deterministic: the same operations on the same
 * base give every member the same content.
 */
import type { NamedOperation, Operation, ToolDefinition } from '@cipherspace/tools';

import type { StoredChange } from './contract.ts';

/** A tool's registry entry as the engine uses it. */
export type SyncDomain<C, Op extends NamedOperation = NamedOperation> = ToolDefinition<C, Op>;

/** `content` with `operations` applied in order; throws what the first that does not apply throws. */
export function applyAll<C>(
  domain: SyncDomain<C>,
  content: C,
  operations: readonly Operation[],
): C {
  let next = content;
  for (const operation of operations) next = domain.apply(next, operation);
  return next;
}

/** `content` with each of `operations` that applies, in order; one that does not is left out. */
export function applyEach<C>(
  domain: SyncDomain<C>,
  content: C,
  operations: readonly Operation[],
): C {
  let next = content;
  for (const operation of operations) {
    try {
      next = domain.apply(next, operation);
    } catch {
      // It no longer fits here: its push will tell.
    }
  }
  return next;
}

/** `content` with each group applied whole or not at all (others' proposals, in arrival order). */
export function applyGroups<C>(
  domain: SyncDomain<C>,
  content: C,
  groups: readonly (readonly Operation[])[],
): C {
  let next = content;
  for (const group of groups) {
    try {
      next = applyAll(domain, next, group);
    } catch {
      // It does not fit this tab's content (yet): its save will tell.
    }
  }
  return next;
}

/** A stored change applied as operations: its version, author and the content around it. */
export interface AppliedChange<C> {
  version: number;
  by: string | null;
  before: C;
  after: C;
}

/** Called with each stored operation applied: the content before and after it, and its author. */
export type AppliedOperationListener<C> = (
  operation: Operation,
  before: C,
  after: C,
  by: string | null,
) => void;

/** What {@link applyStored} made of a base. */
export interface Rebased<C> {
  content: C;
  version: number;
  /** The ids of the operations applied. */
  appliedIds: Set<string>;
  /** Each change applied, oldest first. */
  applied: AppliedChange<C>[];
}

/**
 * `content` of `version` with the stored `changes` after it applied, each stamped with its
 * version; null when they cannot bring it up to date (a gap, a replacement, an empty change).
 * Throws when an envelope does not open (`open`) or an operation does not apply. `onApplied`
 * hears of each operation only when the whole catch-up worked.
 */
export async function applyStored<C>(
  domain: SyncDomain<C>,
  base: { content: C; version: number },
  changes: readonly StoredChange[],
  open: (envelope: string) => Promise<Operation>,
  onApplied?: AppliedOperationListener<C>,
): Promise<Rebased<C> | null> {
  let { content, version } = base;
  const appliedIds = new Set<string>();
  const applied: AppliedChange<C>[] = [];
  // Told only once every change applied: a catch-up that falls back to the snapshot tells nothing.
  const told: Parameters<AppliedOperationListener<C>>[] = [];
  for (const change of changes) {
    if (change.version !== version + 1) return null;
    if (change.kind !== 'operations' || !change.operations?.length) return null;
    let last: Operation | null = null;
    const first = content;
    const by = change.modifiedBy ?? null;
    for (const envelope of change.operations) {
      last = await open(envelope);
      const before = content;
      content = domain.apply(content, last);
      appliedIds.add(last.id);
      told.push([last, before, content, by]);
    }
    if (last === null) return null;
    applied.push({ version: change.version, by, before: first, after: content });
    content = domain.stamp(content, { version: change.version, lastModified: last.at });
    version = change.version;
  }
  if (onApplied) for (const call of told) onApplied(...call);
  return { content, version, appliedIds, applied };
}
