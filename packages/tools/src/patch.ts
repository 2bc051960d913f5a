/**
 * Keyed JSON patches between two contents of one tool (for undo/redo and "restore this version";
 * spec §4 Tool content). {@link diffContent} gives the changes that turn one content into another,
 * {@link applyPatch} applies them, and the generic operation `patch` ({@link PatchOperation},
 * handled once in ./tool.ts) carries them over the wire like any named operation, so the inverse of
 * every operation of every tool is one definition.
 *
 * A change names what it touches by a {@link PatchPath}: object fields by name, and the elements
 * of a *keyed array* (every element an object with a string `id`, no id twice) by `{id}`, never
 * by index — so a change still lands after others inserted, removed or reordered other elements.
 * Each change carries what it expects to find there (its precondition): applied to content that
 * someone else changed at the same place meanwhile, it throws {@link PatchConflictError} instead
 * of silently overwriting. The format is documented for third-party clients in ../README.md
 * ("Inverses and the `patch` operation").
 */
import { z } from 'zod';

import type { SameType } from './same-type.ts';
import { DomainError } from './shared.ts';

/** Any JSON value: what decrypted content is made of (no `undefined`, no -0, no NaN). */
export type JsonValue =
  string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** A JSON object. */
export type JsonObject = Record<string, JsonValue>;

/**
 * One step of a {@link PatchPath}: a field name (a string), or `{id}` for the element with that
 * `id` in a keyed array.
 */
export type PatchPathSegment = string | { id: string };

/**
 * Where a change applies, from the top of the content: e.g.
 * `['phases', {id: 'p1'}, 'issues', {id: 'i3'}, 'title']` is the title of the issue i3 in the
 * phase p1; `['settings', 'showTags']` a nested field; `[]` the whole content. The path of an
 * element ends in `{id}`; the path of an array or a field ends in a field name.
 */
export type PatchPath = readonly PatchPathSegment[];

/**
 * Sets (or removes) one field: the value at `path` must be `from` (absent: the field must be
 * missing), and becomes `to` (absent: the field is removed). `path` ends in a field name, or is
 * `[]` for the whole content. Arrays that are not keyed (tags, options, numbers) are set whole.
 */
export interface PatchSet {
  op: 'set';
  path: PatchPathSegment[];
  from?: JsonValue;
  to?: JsonValue;
}

/**
 * Inserts `value` (an object with a string `id` no element of the array has) into the keyed
 * array at `path`, right after the element with id `after`, or first when `after` is null.
 */
export interface PatchInsert {
  op: 'insert';
  path: PatchPathSegment[];
  after: string | null;
  value: JsonObject;
}

/** Removes the element at `path` (ending in `{id}`), which must still equal `value` exactly. */
export interface PatchRemove {
  op: 'remove';
  path: PatchPathSegment[];
  value: JsonObject;
}

/**
 * Moves the element at `path` (ending in `{id}`), keeping every field as it is, into the keyed
 * array at `to` (the same array or another, e.g. a card to another phase's `issues`), right
 * after the element with id `after`, or first when `after` is null. The element must still be
 * in the array `path` names; its neighbours may have changed.
 */
export interface PatchMove {
  op: 'move';
  path: PatchPathSegment[];
  to: PatchPathSegment[];
  after: string | null;
}

/** One change of a patch, discriminated by `op`; a patch is an ordered list of them. */
export type PatchChange = PatchSet | PatchInsert | PatchRemove | PatchMove;

/** The name of the generic operation every tool has (./tool.ts defineTool). */
export const PATCH_OPERATION_NAME = 'patch';

/** The most changes one `patch` operation may carry. */
export const PATCH_MAX_CHANGES = 10_000;

/** The longest path a change may have, in segments (tool content is 7 deep at most). */
export const PATCH_PATH_MAX_SEGMENTS = 64;

/**
 * The generic operation of every tool (`{type: 'patch', changes}`; on the wire
 * `{v: 1, tool, name: 'patch', args: {changes}, id, at, by}`): applies `changes` with
 * {@link applyPatch}. What ToolDefinition.inverse and ToolDefinition.patchBetween return.
 */
export interface PatchOperation {
  type: 'patch';
  changes: PatchChange[];
  /**
   * true: a change that no longer matches is skipped instead of refusing the whole patch
   * ({@link applyPatchPartially}); what an undo sends, so it reverts what still is as this member
   * left it and leaves alone what a teammate changed since.
   */
  partial?: boolean;
}

/** Checks a JSON value (z.json: no undefined, NaN or Infinity). */
export const jsonValueSchema: z.ZodType<JsonValue> = z.json();

const segmentSchema = z.union([z.string(), z.object({ id: z.string() })]);
const pathSchema = z.array(segmentSchema).max(PATCH_PATH_MAX_SEGMENTS);
/** A path to a field or an array: ends in a field name, or is empty (the whole content). */
const fieldPathSchema = pathSchema.refine((path) => typeof (path.at(-1) ?? '') === 'string', {
  message: 'must end in a field name',
});
/** A path to an element of a keyed array: ends in `{id}`. */
const elementPathSchema = pathSchema.refine(
  (path) => {
    const last = path.at(-1);
    return last !== undefined && typeof last !== 'string';
  },
  { message: 'must end in {id}' },
);
const keyedObjectSchema = z
  .record(z.string(), jsonValueSchema)
  .refine((value) => typeof value.id === 'string', { message: 'must have a string id' });

/** Checks one {@link PatchChange} (unknown fields are dropped). */
export const patchChangeSchema = z.discriminatedUnion('op', [
  z.object({
    op: z.literal('set'),
    path: fieldPathSchema,
    from: jsonValueSchema.optional(),
    to: jsonValueSchema.optional(),
  }),
  z.object({
    op: z.literal('insert'),
    path: fieldPathSchema,
    after: z.string().nullable(),
    value: keyedObjectSchema,
  }),
  z.object({ op: z.literal('remove'), path: elementPathSchema, value: keyedObjectSchema }),
  z.object({
    op: z.literal('move'),
    path: elementPathSchema,
    to: fieldPathSchema,
    after: z.string().nullable(),
  }),
]);

/** Checks a {@link PatchOperation}: at most {@link PATCH_MAX_CHANGES} changes. */
export const patchOperationSchema = z.object({
  type: z.literal(PATCH_OPERATION_NAME),
  changes: z.array(patchChangeSchema).max(PATCH_MAX_CHANGES),
  partial: z.boolean().optional(),
});

// Compile-time proof that the schemas and the hand-written types agree.
const _sameChange: SameType<PatchChange, z.output<typeof patchChangeSchema>> = true;
const _sameOperation: SameType<PatchOperation, z.output<typeof patchOperationSchema>> = true;

/** Whether a named operation is the generic `patch` ({@link PatchOperation}). */
export function isPatchOperation(op: { readonly type: string }): op is PatchOperation {
  return op.type === PATCH_OPERATION_NAME;
}

// ---------------------------------------------------------------------------------------------
// Conflicts

/**
 * Why a change did not apply: MISSING (something on its path, or the element it goes after, no
 * longer exists), CHANGED (the value is not the one it expects), EXISTS (the element it inserts
 * or moves in is already there), INVALID (a path that cannot be followed, e.g. a move into the
 * element itself).
 */
export type PatchConflictCode = 'MISSING' | 'CHANGED' | 'EXISTS' | 'INVALID';

/** English templates of {@link PatchConflictError}; `{target}` names what the change touches. */
export const PATCH_CONFLICT_MESSAGES: Readonly<Record<PatchConflictCode, string>> = {
  MISSING: '{target} no longer exists',
  CHANGED: '{target} was changed since',
  EXISTS: '{target} already exists',
  INVALID: '{target} cannot be changed this way',
};

/**
 * A change of a patch no longer matches the content (someone changed the same place meanwhile):
 * `code` ({@link PatchConflictCode}), `path` where it failed, `params.target` and the English
 * `message`, e.g. 'the title of the issue "Login bug" was changed since', 'the phase with id
 * "p1" no longer exists'.
 */
export class PatchConflictError extends DomainError<PatchConflictCode> {
  readonly path: PatchPath;

  constructor(code: PatchConflictCode, target: string, path: PatchPath) {
    super(code, PATCH_CONFLICT_MESSAGES[code], { target });
    this.name = 'PatchConflictError';
    this.path = path;
  }
}

// ---------------------------------------------------------------------------------------------
// Values

type Container = Record<string, unknown> | unknown[];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isContainer(value: unknown): value is Container {
  return typeof value === 'object' && value !== null;
}

/**
 * Deep equality of JSON values; a field whose value is undefined counts as missing. `exact`
 * tells 0 from -0 (what the diff needs to reproduce a content exactly); preconditions do not
 * (JSON cannot carry -0).
 */
function sameJson(a: unknown, b: unknown, exact: boolean): boolean {
  if (a === b) return !exact || Object.is(a, b);
  if (!isContainer(a) || !isContainer(b)) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, index) => sameJson(item, b[index], exact));
  }
  if (Array.isArray(b)) return false;
  let count = 0;
  for (const key of Object.keys(a)) {
    if (a[key] === undefined) continue;
    count++;
    if (!sameJson(a[key], own(b, key), exact)) return false;
  }
  for (const key of Object.keys(b)) if (b[key] !== undefined) count--;
  return count === 0;
}

/** `record[key]` when it is the record's own field (not inherited, like `toString`), else undefined. */
function own(record: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/**
 * Sets `record[key]` as an own field, also for the key `__proto__` (which JSON may carry and an
 * assignment would take as the prototype).
 */
function setField(record: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(record, key, {
      value,
      writable: true,
      enumerable: true,
      configurable: true,
    });
  else record[key] = value;
}

/** `value` without fields whose value is undefined (JSON has none); itself when it has none. */
function toJson(value: unknown): JsonValue {
  if (Array.isArray(value)) {
    const items = value.map(toJson);
    return items.every((item, index) => item === value[index]) ? (value as JsonValue[]) : items;
  }
  if (!isRecord(value)) return value as JsonValue;
  let changed = false;
  const result: JsonObject = {};
  for (const [key, item] of Object.entries(value)) {
    if (item === undefined) {
      changed = true;
      continue;
    }
    const json = toJson(item);
    if (json !== item) changed = true;
    setField(result, key, json);
  }
  return changed ? result : (value as JsonObject);
}

/** Whether every element of `array` (non-empty) is an object with a string `id`, none twice. */
function isKeyedArray(array: readonly unknown[]): boolean {
  if (array.length === 0) return false;
  const ids = new Set<string>();
  return array.every((element) => {
    if (!isRecord(element) || typeof element.id !== 'string' || ids.has(element.id)) return false;
    ids.add(element.id);
    return true;
  });
}

/** The id of a keyed array's element (its `id` is a string: see {@link isKeyedArray}). */
function idOf(element: unknown): string {
  return isRecord(element) && typeof element.id === 'string' ? element.id : '';
}

// ---------------------------------------------------------------------------------------------
// Diff

/**
 * One element of a keyed array on one side of a diff, or the content itself (a root: no
 * owner). Elements with the same key (the array's shape — its path with every id taken as `*` —
 * and the id) that are in no array with the same id on the other side are the same entity moved
 * elsewhere when there is one such element on each side.
 */
interface Entity {
  readonly side: 'from' | 'to';
  readonly id: string;
  readonly value: Record<string, unknown>;
  /** The element whose (nested) field holds the array; null for a root. */
  readonly owner: Entity | null;
  /** The field names from `owner` to the array. */
  readonly rel: readonly string[];
  /** Its position in the array. */
  readonly index: number;
  /** The entities of the keyed arrays inside it, by {@link relKey}, made when first needed. */
  arrays: Map<string, Children> | undefined;
  /** Its shape (see above), made when first needed. */
  shape: string | undefined;
  /** The same entity on the other side, once matched. */
  counterpart: Entity | undefined;
  /** Where the changes emitted so far leave it (moves update it). */
  ownerNow: Entity | null;
  relNow: readonly string[];
}

function newEntity(
  side: 'from' | 'to',
  value: Record<string, unknown>,
  owner: Entity | null,
  rel: readonly string[],
  index: number,
): Entity {
  const id = owner === null ? '' : idOf(value);
  return {
    side,
    id,
    value,
    owner,
    rel,
    index,
    arrays: undefined,
    shape: undefined,
    counterpart: undefined,
    ownerNow: owner,
    relNow: rel,
  };
}

/**
 * The entities made so far for the elements of one keyed array, by id: all of them, in array
 * order, once `complete`; before, only those of elements that differ from the other side's.
 */
interface Children {
  byId: Map<string, Entity>;
  complete: boolean;
}

/** Whether two keyed arrays hold the same ids at the same positions (nothing moved). */
function aligned(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((element, index) => idOf(element) === idOf(b[index]));
}

/** A key for a list of field names ('.name' for one, JSON for more: never the same). */
function relKey(rel: readonly string[]): string {
  return rel.length === 1 ? `.${rel[0] ?? ''}` : JSON.stringify(rel);
}

/** The shape of the array at `rel` under `owner`: its path, each id taken as `*`. */
function arrayShape(owner: Entity, rel: readonly string[]): string {
  const fields = rel.map((field) => JSON.stringify(field)).join('/');
  return owner.owner === null ? fields : `${elementShape(owner)}/*/${fields}`;
}

function elementShape(entity: Entity): string {
  if (entity.owner === null) return '';
  return (entity.shape ??= arrayShape(entity.owner, entity.rel));
}

/** What matches an element to one on the other side: its array's shape and its id. */
function keyOf(entity: Entity): string {
  return `${elementShape(entity)}\n${entity.id}`;
}

/** The entity itself as the changes address it: a matched `to` entity is its `from` one. */
function canonical(entity: Entity): Entity {
  return entity.side === 'to' && entity.counterpart ? entity.counterpart : entity;
}

/** The path of `entity` as the changes emitted so far leave it ([] for a root). */
function pathOf(entity: Entity): PatchPathSegment[] {
  const at = canonical(entity);
  if (at.ownerNow === null) return [];
  return [...pathOf(at.ownerNow), ...at.relNow, { id: at.id }];
}

function link(from: Entity, to: Entity): void {
  from.counterpart = to;
  to.counterpart = from;
}

/** Whether two arrays are diffed element by element: each keyed or empty, not both empty. */
function keyedPair(a: readonly unknown[], b: readonly unknown[]): boolean {
  return (
    a.length + b.length > 0 &&
    (a.length === 0 || isKeyedArray(a)) &&
    (b.length === 0 || isKeyedArray(b))
  );
}

/** Calls `visit` for every field whose value differs between `a` and `b` (missing: undefined). */
function eachDifferentField(
  a: Record<string, unknown>,
  b: Record<string, unknown>,
  visit: (x: unknown, y: unknown, field: string) => void,
): void {
  for (const field of Object.keys(a)) {
    const x = a[field];
    const y = own(b, field);
    if (!Object.is(x, y)) visit(x, y, field);
  }
  for (const field of Object.keys(b))
    if (!Object.hasOwn(a, field) && b[field] !== undefined) visit(undefined, b[field], field);
}

/** Calls `visit` for every non-empty keyed array inside `value` (not inside its elements). */
function eachKeyedArray(
  value: unknown,
  rel: readonly string[],
  visit: (rel: readonly string[], array: readonly unknown[]) => void,
): void {
  if (!isRecord(value)) return;
  for (const [field, child] of Object.entries(value)) {
    if (Array.isArray(child)) {
      if (isKeyedArray(child)) visit([...rel, field], child);
    } else if (isRecord(child)) eachKeyedArray(child, [...rel, field], visit);
  }
}

const EMPTY: ReadonlyMap<string, Entity> = new Map();

/** Indices of one longest strictly increasing subsequence of `values`. */
function longestIncreasing(values: readonly number[]): Set<number> {
  const tails: number[] = []; // tails[k]: index of the smallest tail of a run of length k + 1
  const previous: number[] = [];
  values.forEach((value, index) => {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((values[tails[middle] ?? 0] ?? 0) < value) low = middle + 1;
      else high = middle;
    }
    previous[index] = low > 0 ? (tails[low - 1] ?? -1) : -1;
    tails[low] = index;
  });
  const result = new Set<number>();
  for (let index = tails.at(-1) ?? -1; index >= 0; index = previous[index] ?? -1) result.add(index);
  return result;
}

/** Thrown inside a diff when matched entities sit in a value that is set whole: match fewer. */
class Rematch extends Error {
  constructor(readonly keys: ReadonlySet<string>) {
    super('rematch');
  }
}

/**
 * One diff, in two passes over what differs (identical values are skipped, so content that
 * shares what an operation left unchanged is diffed in time proportional to the change): the
 * first finds the elements that are not in the same array on both sides and matches them by key
 * (moves), the second emits the changes. `unmatched` keys are not matched (see {@link Rematch}).
 */
class Differ {
  readonly changes: PatchChange[] = [];
  private readonly removed: Entity[] = [];
  private readonly demote = new Set<string>();
  private readonly candidates = new Map<string, { from: Entity[]; to: Entity[] }>();
  private readonly fromRoot: Entity;
  private readonly toRoot: Entity;

  constructor(
    private readonly from: unknown,
    private readonly to: unknown,
    unmatched: ReadonlySet<string>,
  ) {
    this.fromRoot = newEntity('from', {}, null, [], 0);
    this.toRoot = newEntity('to', {}, null, [], 0);
    link(this.fromRoot, this.toRoot);
    this.scanValues(from, to, this.fromRoot, this.toRoot, []);
    for (const [key, { from: removed, to: inserted }] of this.candidates) {
      const [before] = removed;
      const [after] = inserted;
      if (removed.length === 1 && inserted.length === 1 && before && after && !unmatched.has(key))
        link(before, after);
    }
  }

  /** The changes; throws {@link Rematch} when some matches must be undone. */
  run(): PatchChange[] {
    this.diffValues(this.from, this.to, this.fromRoot, this.toRoot, []);
    if (this.demote.size > 0) throw new Rematch(this.demote);
    for (const entity of this.removed)
      this.changes.push({
        op: 'remove',
        path: pathOf(entity),
        value: this.stripped(entity) as JsonObject,
      });
    return this.changes;
  }

  /** The entities made so far for the keyed array at `rel` under `owner`. */
  private children(owner: Entity, rel: readonly string[]): Children {
    const key = relKey(rel);
    let children = owner.arrays?.get(key);
    if (!children)
      (owner.arrays ??= new Map()).set(key, (children = { byId: new Map(), complete: false }));
    return children;
  }

  /** The entity of `array[index]` (the keyed array at `rel` under `owner`). */
  private node(
    owner: Entity,
    rel: readonly string[],
    array: readonly unknown[],
    index: number,
  ): Entity {
    const { byId } = this.children(owner, rel);
    const element = array[index];
    const id = idOf(element);
    const known = byId.get(id);
    if (known) return known;
    const entity = newEntity(owner.side, isRecord(element) ? element : {}, owner, rel, index);
    byId.set(id, entity);
    return entity;
  }

  /** The entities of every element of the keyed array `array` at `rel` under `owner`, in order. */
  private nodes(
    owner: Entity,
    rel: readonly string[],
    array: readonly unknown[],
  ): ReadonlyMap<string, Entity> {
    const children = this.children(owner, rel);
    if (children.complete) return children.byId;
    const byId = new Map<string, Entity>();
    array.forEach((element, index) => {
      if (!isRecord(element)) return;
      const id = idOf(element);
      byId.set(id, children.byId.get(id) ?? newEntity(owner.side, element, owner, rel, index));
    });
    children.byId = byId;
    children.complete = true;
    return byId;
  }

  /** The entities already made for the array at `rel` under `owner` (none for value arrays). */
  private known(owner: Entity, rel: readonly string[]): ReadonlyMap<string, Entity> {
    return owner.arrays?.get(relKey(rel))?.byId ?? EMPTY;
  }

  // First pass: the elements that are not in the same array on both sides, and all inside them.

  private scanValues(
    a: unknown,
    b: unknown,
    fromOwner: Entity,
    toOwner: Entity,
    rel: readonly string[],
  ): void {
    if (Array.isArray(a) && Array.isArray(b)) {
      if (!keyedPair(a, b)) return;
      if (aligned(a, b)) {
        // Nothing moved here: entities only for the elements that differ.
        a.forEach((x: unknown, index) => {
          const y: unknown = b[index];
          if (Object.is(x, y) || sameJson(x, y, true)) return;
          const old = this.node(fromOwner, rel, a, index);
          const entity = this.node(toOwner, rel, b, index);
          link(old, entity);
          eachDifferentField(old.value, entity.value, (v, w, field) =>
            this.scanValues(v, w, old, entity, [field]),
          );
        });
        return;
      }
      const before = this.nodes(fromOwner, rel, a);
      const after = this.nodes(toOwner, rel, b);
      for (const entity of after.values()) {
        const old = before.get(entity.id);
        if (!old) this.candidate(entity);
        else if (old.value !== entity.value)
          eachDifferentField(old.value, entity.value, (x, y, field) =>
            this.scanValues(x, y, old, entity, [field]),
          );
      }
      for (const old of before.values()) if (!after.has(old.id)) this.candidate(old);
    } else if (isRecord(a) && isRecord(b)) {
      eachDifferentField(a, b, (x, y, field) =>
        this.scanValues(x, y, fromOwner, toOwner, [...rel, field]),
      );
    }
  }

  private candidate(entity: Entity): void {
    const key = keyOf(entity);
    let group = this.candidates.get(key);
    if (!group) this.candidates.set(key, (group = { from: [], to: [] }));
    group[entity.side].push(entity);
    eachKeyedArray(entity.value, [], (rel, array) => {
      for (const child of this.nodes(entity, rel, array).values()) this.candidate(child);
    });
  }

  // Second pass: the changes.

  /** The changes turning `a` (at `rel` under `fromOwner`) into `b` (at `rel` under `toOwner`). */
  private diffValues(
    a: unknown,
    b: unknown,
    fromOwner: Entity,
    toOwner: Entity,
    rel: readonly string[],
  ): void {
    if (Object.is(a, b)) return;
    if (Array.isArray(a) && Array.isArray(b)) {
      if (keyedPair(a, b)) return this.diffKeyed(a, b, fromOwner, toOwner, rel);
      if (sameJson(a, b, true)) return;
    } else if (isRecord(a) && isRecord(b)) {
      eachDifferentField(a, b, (x, y, field) =>
        this.diffValues(x, y, fromOwner, toOwner, [...rel, field]),
      );
      return;
    }
    this.checkReplaced(a, fromOwner, rel);
    this.checkReplaced(b, toOwner, rel);
    const change: PatchSet = { op: 'set', path: [...pathOf(fromOwner), ...rel] };
    if (a !== undefined) change.from = toJson(a);
    if (b !== undefined) change.to = toJson(b);
    this.changes.push(change);
  }

  /** A keyed array under a matched owner: moves, inserts, then each element's own changes. */
  private diffKeyed(
    a: readonly unknown[],
    b: readonly unknown[],
    fromOwner: Entity,
    toOwner: Entity,
    rel: readonly string[],
  ): void {
    if (aligned(a, b)) {
      // Nothing moved here: the elements that differ (the first pass made their entities).
      const before = this.known(fromOwner, rel);
      const after = this.known(toOwner, rel);
      const same = [...after.values()].every((entity) => {
        const old = before.get(entity.id);
        if (old && !entity.counterpart && !old.counterpart) link(old, entity);
        return old !== undefined && entity.counterpart === old;
      });
      if (same) {
        for (const entity of after.values()) this.descend(entity);
        return;
      }
    }
    const before = this.nodes(fromOwner, rel, a);
    const after = this.nodes(toOwner, rel, b);
    // Elements in this array on both sides, in their new order, and their old positions.
    const stayed = new Set<Entity>();
    const order: Entity[] = [];
    const oldPositions: number[] = [];
    for (const entity of after.values()) {
      const old = before.get(entity.id);
      if (!old) continue;
      if (!entity.counterpart && !old.counterpart) link(old, entity);
      if (entity.counterpart !== old) continue;
      stayed.add(entity);
      order.push(entity);
      oldPositions.push(old.index);
    }
    const inPlace = new Set<Entity>();
    for (const index of longestIncreasing(oldPositions)) {
      const entity = order[index];
      if (entity) inPlace.add(entity);
    }
    let previous: string | null = null;
    for (const entity of after.values()) {
      const old = entity.counterpart;
      if (!inPlace.has(entity)) {
        if (old) this.move(old, toOwner, rel, previous, !stayed.has(entity));
        else
          this.changes.push({
            op: 'insert',
            path: [...pathOf(toOwner), ...rel],
            after: previous,
            value: this.stripped(entity) as JsonObject,
          });
      }
      previous = entity.id;
    }
    for (const entity of before.values()) if (!entity.counterpart) this.removed.push(entity);
    for (const entity of after.values()) this.descend(entity);
  }

  /** Emits the move of `entity` (a from-entity) after `previous` in the array at `rel` of `owner`. */
  private move(
    entity: Entity,
    owner: Entity,
    rel: readonly string[],
    previous: string | null,
    relocates: boolean,
  ): void {
    this.changes.push({
      op: 'move',
      path: pathOf(entity),
      to: [...pathOf(owner), ...rel],
      after: previous,
    });
    if (relocates) {
      entity.ownerNow = owner;
      entity.relNow = rel;
    }
  }

  /** The changes inside a to-entity: its own fields if it was there before, else moves into it. */
  private descend(entity: Entity): void {
    const old = entity.counterpart;
    if (!old) {
      // A new element came with what is new inside it ({@link stripped}); what was elsewhere
      // before moves in now, in order.
      eachKeyedArray(entity.value, [], (rel) => {
        const children = this.known(entity, rel);
        let previous: string | null = null;
        for (const child of children.values()) {
          if (child.counterpart) this.move(child.counterpart, entity, rel, previous, true);
          previous = child.id;
        }
        for (const child of children.values()) this.descend(child);
      });
      return;
    }
    if (old.value === entity.value) return;
    eachDifferentField(old.value, entity.value, (x, y, field) =>
      this.diffValues(x, y, old, entity, [field]),
    );
  }

  /** An entity's value without the elements matched elsewhere (they move on their own). */
  private stripped(entity: Entity): JsonValue {
    const strip = (value: unknown, owner: Entity, rel: readonly string[]): JsonValue => {
      if (Array.isArray(value)) {
        const children = this.known(owner, rel);
        if (children.size === 0) return toJson(value);
        const kept: JsonValue[] = [];
        for (const child of children.values())
          if (!child.counterpart) kept.push(strip(child.value, child, []));
        return kept;
      }
      if (!isRecord(value)) return value as JsonValue;
      const result: JsonObject = {};
      for (const [field, child] of Object.entries(value))
        if (child !== undefined) setField(result, field, strip(child, owner, [...rel, field]));
      return result;
    };
    return strip(entity.value, entity, []);
  }

  /** A value set whole must not hold an element matched elsewhere: rematch without it. */
  private checkReplaced(value: unknown, owner: Entity, rel: readonly string[]): void {
    if (Array.isArray(value)) {
      for (const entity of this.known(owner, rel).values()) {
        if (entity.counterpart) this.demote.add(keyOf(entity));
        this.checkReplaced(entity.value, entity, []);
      }
    } else if (isRecord(value)) {
      for (const [field, child] of Object.entries(value))
        this.checkReplaced(child, owner, [...rel, field]);
    }
  }
}

/** The fields of `a`, then those only `b` has. */
function unionKeys(a: Record<string, unknown>, b: Record<string, unknown>): string[] {
  const keys = Object.keys(a);
  for (const key of Object.keys(b)) if (!Object.hasOwn(a, key)) keys.push(key);
  return keys;
}

/** Options of {@link diffContent}. */
export interface DiffOptions {
  /**
   * When the keyed changes would be more than this many, one `set` per differing top-level
   * field (e.g. all of `phases`) instead: still exact, but any concurrent change inside such a
   * field makes the patch conflict. Default: unlimited.
   */
  maxChanges?: number;
}

/**
 * The changes that turn `from` into `to` (two JSON contents of the same tool), in the order
 * {@link applyPatch} applies them, so that `applyPatch(from, diffContent(from, to))` deep-equals
 * `to` (fields whose value is undefined count as missing). Keyed arrays (see the module comment)
 * are diffed element by element: an element that changed place is a `move` (to another array when
 * it changed array, e.g. a card to another phase, keeping its fields), a new one an `insert`, a
 * gone one a `remove`; their fields are diffed like any object. Other arrays and values that
 * differ are a `set`. Pure; the changes share unchanged values with `from` and `to`. Never throws
 * for JSON values.
 */
export function diffContent(from: unknown, to: unknown, options: DiffOptions = {}): PatchChange[] {
  let unmatched = new Set<string>();
  for (;;) {
    try {
      const changes = new Differ(from, to, unmatched).run();
      const { maxChanges = Infinity } = options;
      return changes.length <= maxChanges ? changes : topLevelChanges(from, to);
    } catch (error) {
      if (!(error instanceof Rematch)) throw error;
      unmatched = new Set([...unmatched, ...error.keys]);
    }
  }
}

/** One `set` per top-level field that differs (or the whole content when not an object). */
function topLevelChanges(from: unknown, to: unknown): PatchChange[] {
  const set = (path: PatchPathSegment[], a: unknown, b: unknown): PatchSet => ({
    op: 'set',
    path,
    ...(a === undefined ? {} : { from: toJson(a) }),
    ...(b === undefined ? {} : { to: toJson(b) }),
  });
  if (!isRecord(from) || !isRecord(to)) return [set([], from, to)];
  return unionKeys(from, to)
    .filter((field) => !sameJson(own(from, field), own(to, field), true))
    .map((field) => set([field], own(from, field), own(to, field)));
}

// ---------------------------------------------------------------------------------------------
// Apply

/** The English singular of an array field's name: 'issues' → 'issue', 'categories' → 'category'. */
function singular(field: string): string {
  if (field.endsWith('ies')) return `${field.slice(0, -3)}y`;
  if (field.endsWith('s')) return field.slice(0, -1);
  return `element of ${field}`;
}

const LABEL_MAX_CHARS = 60;

/** 'the issue "Login bug"', or 'the phase with id "p1"' for one without a title or name. */
function elementPhrase(
  arrayField: PatchPathSegment | undefined,
  id: string,
  element: unknown,
): string {
  const noun = typeof arrayField === 'string' ? singular(arrayField) : 'element';
  const label = isRecord(element)
    ? [element.title, element.name].find(
        (text): text is string => typeof text === 'string' && text.trim() !== '',
      )
    : undefined;
  if (label === undefined) return `the ${noun} with id "${id}"`;
  const short = label.length > LABEL_MAX_CHARS ? `${label.slice(0, LABEL_MAX_CHARS - 1)}…` : label;
  return `the ${noun} "${short}"`;
}

/** The element with `id` in `value` when it is an array, else undefined. */
function findElement(value: unknown, id: string): unknown {
  return Array.isArray(value) ? value.find((element) => idOf(element) === id) : undefined;
}

/** How many lookups in an array scan it before it is indexed by id (see Draft.indexOf). */
const SCANS_BEFORE_INDEX = 8;

/**
 * A change applied to a working copy: containers on a change's path are copied once (then
 * owned and written in place), so the input is never mutated and unchanged parts are shared.
 */
class Draft {
  private readonly owned = new WeakSet<object>();
  /** Index of each element by id, per array, while the array keeps its elements' order. */
  private readonly positions = new Map<unknown[], Map<string, number>>();
  /** Lookups by scanning since the array last changed order (see {@link indexOf}). */
  private readonly scans = new Map<unknown[], number>();

  constructor(public root: unknown) {}

  apply(change: PatchChange): void {
    switch (change.op) {
      case 'set':
        return this.set(change);
      case 'insert':
        return this.insert(change);
      case 'remove':
        return this.remove(change);
      case 'move':
        return this.move(change);
    }
  }

  private set({ path, from, to }: PatchSet): void {
    const last = path.at(-1);
    if (last === undefined) {
      if (!sameJson(this.root, from, false)) this.fail('CHANGED', path);
      this.root = to;
      return;
    }
    if (typeof last !== 'string') return this.fail('INVALID', path);
    const parent = this.resolve(path, path.length - 1).value;
    if (!isRecord(parent)) return this.fail('MISSING', path.slice(0, -1));
    if (!sameJson(own(parent, last), from, false)) this.fail('CHANGED', path);
    // An element's id is how its array finds it: changing one makes every cached position stale.
    if (last === 'id') this.reordered(...this.positions.keys());
    if (to === undefined) Reflect.deleteProperty(parent, last);
    else setField(parent, last, to);
  }

  private insert({ path, after, value }: PatchInsert): void {
    const array = this.array(path);
    const id = idOf(value);
    if (this.indexOf(array, id) >= 0) this.fail('EXISTS', [...path, { id }], value);
    array.splice(this.positionAfter(array, path, after), 0, value);
    this.reordered(array);
  }

  private remove({ path, value }: PatchRemove): void {
    const { array, index } = this.element(path, value);
    if (!sameJson(array[index], value, false)) this.fail('CHANGED', path);
    array.splice(index, 1);
    this.reordered(array);
  }

  private move({ path, to, after }: PatchMove): void {
    // Someone else moving the element meanwhile changed what this move changes: no relocation.
    const { array: source, index, id, at } = this.element(path, undefined, false);
    const { value: target, at: targetAt } = this.resolve(to, to.length);
    if (!Array.isArray(target)) return this.fail('MISSING', to);
    // The element cannot go into an array inside itself.
    if (at.every((segment, i) => sameJson(segment, targetAt[i], false))) this.fail('INVALID', path);
    if (target !== source && this.indexOf(target, id) >= 0) this.fail('EXISTS', [...to, { id }]);
    const [element] = source.splice(index, 1);
    this.reordered(source);
    target.splice(this.positionAfter(target, to, after), 0, element);
    this.reordered(target);
  }

  /** The writable keyed array at `path`; throws MISSING when there is none. */
  private array(path: PatchPath): unknown[] {
    const array = this.resolve(path, path.length).value;
    if (!Array.isArray(array)) this.fail('MISSING', path);
    return array;
  }

  /**
   * The writable array holding the element at `path` (ending in `{id}`), its index, and the path
   * where it was found (see {@link resolve}; with `relocate` false, an element found in another
   * array than `path` names is CHANGED).
   */
  private element(
    path: PatchPath,
    expected?: unknown,
    relocate = true,
  ): { array: unknown[]; index: number; id: string; at: PatchPathSegment[] } {
    const last = path.at(-1);
    if (last === undefined || typeof last === 'string') return this.fail('INVALID', path);
    const { value: array, at } = this.resolve(path, path.length - 1);
    if (!Array.isArray(array)) return this.fail('MISSING', path.slice(0, -1));
    const index = this.indexOf(array, last.id);
    if (index >= 0) return { array, index, id: last.id, at: [...at, last] };
    const moved = this.relocated([...at, last], at.length);
    if (!moved) return this.fail('MISSING', path, expected);
    if (!relocate) return this.fail('CHANGED', moved);
    return this.element(moved, expected);
  }

  /** Where an element goes in `array` (at `path`): right after `after`, or first. */
  private positionAfter(array: unknown[], path: PatchPath, after: string | null): number {
    if (after === null) return 0;
    const index = this.indexOf(array, after);
    if (index < 0) this.fail('MISSING', [...path, { id: after }]);
    return index + 1;
  }

  /**
   * The value reached by the first `count` segments of `path`, made writable (copied unless this
   * draft made it), and the path it was found at. An element that is no longer in the array the
   * path names is looked for in every array of the same shape (the path with each earlier `{id}`
   * taken as any element: e.g. a card in any phase's `issues`), so a change still lands after
   * someone else moved what it changes. Throws MISSING at the first segment that leads nowhere.
   */
  private resolve(path: PatchPath, count: number): { value: unknown; at: PatchPathSegment[] } {
    if (!isContainer(this.root))
      return count === 0 ? { value: this.root, at: [] } : this.fail('MISSING', path.slice(0, 1));
    this.root = this.writable(this.root);
    let current: Container = this.root as Container;
    for (let i = 0; i < count; i++) {
      const segment = path[i] ?? '';
      let next: unknown;
      if (typeof segment === 'string') {
        if (!isRecord(current)) return this.fail('MISSING', path.slice(0, i + 1));
        next = own(current, segment);
        if (!isContainer(next)) return this.fail('MISSING', path.slice(0, i + 1));
        next = this.writable(next);
        setField(current, segment, next);
      } else {
        if (!Array.isArray(current)) return this.fail('MISSING', path.slice(0, i + 1));
        const index = this.indexOf(current, segment.id);
        if (index < 0) {
          const moved = this.relocated(path, i);
          if (!moved) return this.fail('MISSING', path.slice(0, i + 1));
          return this.resolve([...moved, ...path.slice(i + 1)], count);
        }
        next = current[index];
        if (!isContainer(next)) return this.fail('MISSING', path.slice(0, i + 1));
        next = current[index] = this.writable(next);
      }
      current = next as Container;
    }
    return { value: current, at: path.slice(0, count) };
  }

  /**
   * The one path to an element with the id of `path[end]` (an `{id}`) in any array of the
   * shape `path` names up to it, each earlier `{id}` matching any element; undefined when there
   * is none or more than one.
   */
  private relocated(path: PatchPath, end: number): PatchPathSegment[] | undefined {
    const wanted = path[end];
    if (wanted === undefined || typeof wanted === 'string') return undefined;
    const found: PatchPathSegment[][] = [];
    const search = (value: unknown, i: number, at: PatchPathSegment[]): void => {
      if (found.length > 1) return;
      const segment = path[i];
      if (i === end) {
        if (findElement(value, wanted.id) !== undefined) found.push([...at, wanted]);
      } else if (typeof segment === 'string') {
        if (isRecord(value)) search(own(value, segment), i + 1, [...at, segment]);
      } else if (Array.isArray(value)) {
        for (const element of value)
          if (isRecord(element) && typeof element.id === 'string')
            search(element, i + 1, [...at, { id: element.id }]);
      }
    };
    search(this.root, 0, []);
    return found.length === 1 ? found[0] : undefined;
  }

  private writable(value: object): object {
    if (this.owned.has(value)) return value;
    const copy = Array.isArray(value) ? [...(value as unknown[])] : { ...value };
    this.owned.add(copy);
    return copy;
  }

  /**
   * The index of the element with `id` in `array`, or -1. Right after the array changed order
   * (moves, inserts, removes: often one after the other) a scan; once it is looked up
   * {@link SCANS_BEFORE_INDEX} times without changing, an index by id (sets: often many).
   */
  private indexOf(array: unknown[], id: string): number {
    const byId = this.positions.get(array);
    if (byId) return byId.get(id) ?? -1;
    const scans = (this.scans.get(array) ?? 0) + 1;
    if (scans <= SCANS_BEFORE_INDEX) {
      this.scans.set(array, scans);
      for (let index = 0; index < array.length; index++)
        if (idOf(array[index]) === id) return index;
      return -1;
    }
    const made = new Map<string, number>();
    array.forEach((element, index) => {
      if (isRecord(element) && typeof element.id === 'string') made.set(element.id, index);
    });
    this.positions.set(array, made);
    return made.get(id) ?? -1;
  }

  /** `arrays` changed order: their indexes by id are stale. */
  private reordered(...arrays: unknown[][]): void {
    for (const array of arrays) {
      this.positions.delete(array);
      this.scans.delete(array);
    }
  }

  /** Throws the conflict `code` at `path`, named as the content now has it (or as `expected`). */
  private fail(code: PatchConflictCode, path: PatchPath, expected?: unknown): never {
    throw new PatchConflictError(code, this.describe(path, expected), [...path]);
  }

  /**
   * What `path` names, in English: 'the issue "Login bug"', 'the title of the issue "Login
   * bug"', 'the phase with id "p1"', 'the settings.showTags'.
   */
  private describe(path: PatchPath, expected: unknown): string {
    let elementAt = -1;
    path.forEach((segment, index) => {
      if (typeof segment !== 'string') elementAt = index;
    });
    const fields = path
      .slice(elementAt + 1)
      .filter((segment) => typeof segment === 'string')
      .join('.');
    if (elementAt < 0) return fields === '' ? 'the content' : `the ${fields}`;
    let value: unknown = this.root;
    for (const segment of path.slice(0, elementAt + 1))
      value =
        typeof segment === 'string'
          ? isRecord(value)
            ? own(value, segment)
            : undefined
          : findElement(value, segment.id);
    const segment = path[elementAt];
    const id = typeof segment === 'string' || segment === undefined ? '' : segment.id;
    const element = elementPhrase(path[elementAt - 1], id, value ?? expected);
    return fields === '' ? element : `the ${fields} of ${element}`;
  }
}

/**
 * `content` with `changes` applied in order (see {@link PatchChange}); pure: never mutates
 * `content` or `changes`, shares unchanged values with `content` (and inserted values with
 * `changes`), and returns `content` itself for no changes. Throws {@link PatchConflictError}
 * (MISSING, CHANGED, EXISTS, INVALID) at the first change that no longer matches the content.
 */
export function applyPatch(content: unknown, changes: readonly PatchChange[]): unknown {
  const draft = new Draft(content);
  for (const change of changes) draft.apply(change);
  return draft.root;
}

/**
 * `content` with each change of `changes` that still matches applied in order, skipping those
 * that do not (someone changed that place since): the result, and each skipped change with its
 * conflict, in order. `content` itself when nothing applied. Pure like {@link applyPatch}.
 */
export function applyPatchPartially(
  content: unknown,
  changes: readonly PatchChange[],
): { content: unknown; skipped: { change: PatchChange; conflict: PatchConflictError }[] } {
  const draft = new Draft(content);
  const skipped: { change: PatchChange; conflict: PatchConflictError }[] = [];
  for (const change of changes) {
    try {
      draft.apply(change);
    } catch (error) {
      if (!(error instanceof PatchConflictError)) throw error;
      skipped.push({ change, conflict: error });
    }
  }
  // A skipped change may still have copied what it looked at: nothing applied is no change.
  return { content: skipped.length === changes.length ? content : draft.root, skipped };
}
