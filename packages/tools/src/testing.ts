/**
 * Test helpers shared by the tools' unit tests: a deterministic context, deep freezing (to prove
 * operations never mutate their input), matchers for rule errors and shape errors, edits of
 * content at a path, and the checks every tool's operations must pass over the wire
 * (ARCHITECTURE rule 11: serialised, parsed and applied they give what the operation function
 * gives, every time, in every client).
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import { ZodError } from 'zod';

import {
  operationContext,
  serializeOperation,
  type Operation,
  type OperationStamp,
} from './operation.ts';
import type { PatchOperation } from './patch.ts';
import { parseOperation } from './registry.ts';
import type { DomainContext, DomainError } from './shared.ts';
import type { NamedOperation, ToolDefinition } from './tool.ts';

/** An error class, abstract or not (a tool's DomainError subclass, OperationFormatError…). */
export type ErrorClass = abstract new (...args: never[]) => Error;

/**
 * A context with ids `id-1`, `id-2`, … and, with `clock: 'ticking'` (the default), timestamps one
 * second apart from 2024-01-01T00:00:00Z; with `clock: 'fixed'`, always that instant.
 */
export function testContext(clock: 'ticking' | 'fixed' = 'ticking'): DomainContext {
  let id = 0;
  let second = 0;
  return {
    newId: () => `id-${++id}`,
    now: () =>
      new Date(Date.UTC(2024, 0, 1, 0, 0, clock === 'ticking' ? second++ : 0)).toISOString(),
  };
}

/** `value`, recursively frozen; returns it for chaining. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    Object.values(value).forEach(deepFreeze);
    Object.freeze(value);
  }
  return value;
}

/** Asserts that `action` throws an instance of `type` with this `code` and English `message`. */
export function expectDomainError<Code extends string>(
  type: abstract new (...args: never[]) => DomainError<Code>,
  action: () => unknown,
  code: Code,
  message: string,
): void {
  const caught = thrownBy(action);
  expect(caught).toBeInstanceOf(type);
  expect(caught).toMatchObject({ code, message });
}

/** The error `action` throws; throws itself (failing the test) when `action` throws nothing. */
export function thrownBy(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}

/**
 * Asserts that `action` throws an instance of `type` whose `cause` is the ZodError of a failed
 * shape check (a tool's parse: spec §3; parseOperation: OperationFormatError), and returns that
 * ZodError. `expected.code` / `expected.message` must match the error's when given; with
 * `expected.path`, one of the ZodError's issues must be at exactly that path; with
 * `expected.issuePaths`, the issues must be at exactly these paths, in this order, and no others.
 */
export function expectShapeError(
  action: () => unknown,
  type: ErrorClass,
  expected: {
    code?: string;
    message?: string;
    path?: readonly PropertyKey[];
    issuePaths?: readonly (readonly PropertyKey[])[];
  } = {},
): ZodError {
  const error = thrownBy(action);
  expect(error).toBeInstanceOf(type);
  const { path, issuePaths, ...codeAndMessage } = expected;
  expect(error).toMatchObject(codeAndMessage);
  const cause = (error as Error).cause;
  expect(cause).toBeInstanceOf(ZodError);
  const zodError = cause as ZodError;
  const paths = zodError.issues.map((issue) => issue.path);
  if (path) expect(paths).toContainEqual(path);
  if (issuePaths) expect(paths).toEqual(issuePaths);
  return zodError;
}

/**
 * A deep copy (structuredClone) of `value` with the field at `path` (keys and array indices from
 * the top) set to `replacement`, or removed when `replacement` is undefined (JSON has no
 * undefined: a missing field). Throws when `path` is empty or does not lead to an object.
 */
export function withField(
  value: unknown,
  path: readonly (string | number)[],
  replacement: unknown,
): unknown {
  const copy: unknown = structuredClone(value);
  let parent: unknown = copy;
  for (const key of path.slice(0, -1)) parent = (parent as Record<string | number, unknown>)[key];
  const last = path.at(-1);
  if (last === undefined || typeof parent !== 'object' || parent === null)
    throw new Error(`no field at ${path.join('.')}`);
  const record = parent as Record<string | number, unknown>;
  if (replacement === undefined) Reflect.deleteProperty(record, last);
  else record[last] = replacement;
  return copy;
}

/**
 * Asserts that `tool`'s strict parse (spec §3; load and save) reads `content` unchanged: as it is
 * in memory (toStrictEqual, so no field is added, dropped or retyped) and after a JSON round trip
 * (the stored form read back is exactly that form, and equals `content`).
 */
export function expectParsedUnchanged<C>(tool: ToolDefinition<C>, content: C): void {
  expect(tool.parse(content)).toStrictEqual(content);
  const stored: unknown = JSON.parse(JSON.stringify(content));
  expect(tool.parse(stored)).toStrictEqual(stored);
  expect(tool.parse(stored)).toEqual(content);
}

/**
 * The stamp of the `step`-th operation of a test: id `op-<step>`, time 2024-01-01T00:00:00.000Z
 * plus `step` seconds (ISO 8601), author 'ann'.
 */
export function stampOf(step: number): OperationStamp {
  return {
    id: `op-${step}`,
    at: new Date(Date.UTC(2024, 0, 1, 0, 0, step)).toISOString(),
    by: 'ann',
  };
}

/**
 * `op` (one of the tool's own operations or a `patch`) as another client receives it: created by
 * `tool` with `stamp`, sent as JSON text (serializeOperation), parsed and checked by the registry
 * (parseOperation). Throws OperationFormatError when `op` does not have the shape of one of
 * `tool`'s operations.
 */
export function overTheWire<C, Op extends NamedOperation>(
  tool: ToolDefinition<C, Op>,
  op: Op | PatchOperation,
  stamp: OperationStamp,
): Operation {
  return parseOperation(JSON.parse(serializeOperation(tool.createOperation(op, stamp))));
}

/**
 * Asserts ARCHITECTURE rule 11 for one operation `op` that `tool`'s rules accept on `content`
 * (spec §4): its wire form carries `stamp`; applied from the wire it gives exactly what the
 * operation function gives with the operation's ids and time, and something other than
 * `content`; applied again, or from a second wire copy, it gives the same again (determinism);
 * the result is valid (spec §5) and the strict schema reads it unchanged
 * ({@link expectParsedUnchanged}). Returns the result.
 */
export function expectSameOverTheWire<C, Op extends NamedOperation>(
  tool: ToolDefinition<C, Op>,
  content: C,
  op: Op,
  stamp: OperationStamp,
): C {
  const wire = overTheWire(tool, op, stamp);
  expect(wire).toMatchObject({ v: 1, tool: tool.metadata.name, name: op.type, ...stamp });
  const direct = tool.applyWith(content, op, operationContext(stamp));
  const applied = tool.apply(content, wire);
  expect(applied).toStrictEqual(direct);
  // The operation changed something, so the comparison above is not between two no-ops.
  expect(applied).not.toEqual(content);
  // Determinism: ids and times come from the operation, never from the clock.
  expect(tool.apply(content, wire)).toStrictEqual(applied);
  expect(tool.apply(content, overTheWire(tool, op, stamp))).toStrictEqual(applied);
  expect(tool.validate(applied)).toEqual([]);
  expectParsedUnchanged(tool, applied);
  return applied;
}

/**
 * One step of a random sequence of operations (property tests, spec §4, ARCHITECTURE rule 11):
 * `op` made by the sending client with `stamp` and received over the wire, applied to `content`
 * (which the caller keeps deep-frozen, so a refusal that had mutated it would throw a TypeError).
 * - Refused: asserts the error is a `refusal` (the tool's DomainError: only a rule may refuse a
 *   well-formed operation), that `content` is unchanged and that the sender's copy is refused
 *   too; returns undefined.
 * - Accepted: asserts `content` is unchanged, that the sender's copy, the wire copy applied
 *   again and the operation function with the operation's ids and time all give the same
 *   content, and that the strict schema reads it unchanged ({@link expectParsedUnchanged});
 *   returns it. Validation (spec §5) is left to the caller.
 */
export function applyStepOverTheWire<C, Op extends NamedOperation>(
  tool: ToolDefinition<C, Op>,
  content: C,
  op: Op,
  stamp: OperationStamp,
  refusal: ErrorClass,
): C | undefined {
  // What the sending client applies (args as it built them) and what the others apply.
  const local = tool.createOperation(op, stamp);
  const wire = parseOperation(JSON.parse(serializeOperation(local)));
  const before = JSON.stringify(content);
  let next: C;
  try {
    next = tool.apply(content, wire);
  } catch (error) {
    expect(error).toBeInstanceOf(refusal);
    expect(JSON.stringify(content)).toBe(before);
    expect(() => tool.apply(content, local)).toThrow(refusal);
    return undefined;
  }
  expect(JSON.stringify(content)).toBe(before);
  expect(tool.apply(content, local)).toStrictEqual(next);
  expect(tool.apply(content, wire)).toStrictEqual(next);
  expect(tool.applyWith(content, op, operationContext(stamp))).toStrictEqual(next);
  expectParsedUnchanged(tool, next);
  return next;
}

/** The checks of accepted content a sequence makes beyond {@link applyStepOverTheWire}'s. */
export interface AcceptedContentChecks<C, Op> {
  /** The tool's DomainError class: the only error a well-formed operation may be refused with. */
  refusal: ErrorClass;
  /** Further checks of accepted, valid content (invariants beyond the schema, spec §3, §4). */
  invariants?: (next: C) => void;
  /**
   * For a tool whose operations may leave content its validation refuses (spec §5; the content
   * lifecycle then does not save it): asserts that `problems` are such a case for `op`; the
   * sequence then goes on from the content before. Without it accepted content must be valid.
   */
  allowInvalid?: (problems: string[], op: Op) => void;
  /** Step `index` is stamped `stampOf(firstStamp + index)` ({@link stampOf}); default 0. */
  firstStamp?: number;
}

/** What {@link expectOperationSequence} runs: where it starts, how it goes on, what it checks. */
export interface OperationSequence<C, Op> extends AcceptedContentChecks<C, Op> {
  /** The content before the first operation (deep-frozen before use). */
  start: C;
  /**
   * The operation of step `index` (0, 1, …) against `content`, the content the accepted
   * operations before it left; undefined ends the sequence.
   */
  nextOperation: (content: C, index: number) => Op | undefined;
}

/**
 * Runs one sequence of operations of `tool` (property tests: spec §4, §5, ARCHITECTURE rule 11):
 * each operation is made against the current content, sent over the wire and checked by
 * {@link applyStepOverTheWire}. A refused one leaves the content as it was; an accepted one must
 * give valid content (spec §5; see `allowInvalid`) that passes `invariants`, and becomes the
 * (deep-frozen) content the next one is made against. Throws (failing the test) on the first
 * failed assertion.
 */
export function expectOperationSequence<C, Op extends NamedOperation>(
  tool: ToolDefinition<C, Op>,
  sequence: OperationSequence<C, Op>,
): void {
  const { firstStamp = 0, refusal, invariants, allowInvalid } = sequence;
  let content = deepFreeze(sequence.start);
  for (let index = 0; ; index++) {
    const op = sequence.nextOperation(content, index);
    if (op === undefined) return;
    const next = applyStepOverTheWire(tool, content, op, stampOf(firstStamp + index), refusal);
    if (next === undefined) continue;
    const problems = tool.validate(next);
    if (problems.length > 0 && allowInvalid) {
      allowInvalid(problems, op);
      continue;
    }
    expect(problems, JSON.stringify(op)).toEqual([]);
    invariants?.(next);
    content = deepFreeze(next);
  }
}

/** What {@link expectRandomOperationSequences} generates and checks. */
export interface RandomOperationSequences<C, Op> extends AcceptedContentChecks<C, Op> {
  /** The content every sequence starts from (called once per run; deep-frozen before use). */
  start: () => C;
  /** Any operation with well-shaped args, made against the current content. */
  operationOn: (content: C) => fc.Arbitrary<Op>;
  /** How many sequences fast-check runs. */
  numRuns: number;
  /** The longest sequence, in operations (each run picks a length from 1 uniformly); default 30. */
  maxSteps?: number;
}

/**
 * The property every tool's operations must keep (spec §4, §5; ARCHITECTURE rule 11), checked by
 * fast-check over `numRuns` random sequences of 1 to `maxSteps` operations, each made by
 * `operationOn` against the content the sequence has reached and run by
 * {@link expectOperationSequence}: refused operations change nothing; accepted ones give the
 * same content from the wire as from the sender and the operation function, valid content the
 * strict schema reads unchanged, and pass `invariants`. Throws fast-check's report (failing the
 * test) with the shrunk counterexample.
 */
export function expectRandomOperationSequences<C, Op extends NamedOperation>(
  tool: ToolDefinition<C, Op>,
  sequences: RandomOperationSequences<C, Op>,
): void {
  const { start, operationOn, maxSteps = 30, numRuns, ...checks } = sequences;
  fc.assert(
    fc.property(fc.gen(), fc.noBias(fc.integer({ min: 1, max: maxSteps })), (generate, steps) => {
      expectOperationSequence(tool, {
        ...checks,
        start: start(),
        nextOperation: (content, index) =>
          index < steps ? generate(operationOn, content) : undefined,
      });
    }),
    { numRuns },
  );
}

/**
 * `[name, args]` for every args object listed under every operation name of `table` (e.g.
 * `{addPhase: [{name: 'A'}, {}]}` gives `[['addPhase', {name: 'A'}], ['addPhase', {}]]`), in
 * the table's order: the rows of an `it.each` over operation args.
 */
export function operationArgCases<Args>(
  table: Readonly<Record<string, readonly Args[]>>,
): [string, Args][] {
  return Object.entries(table).flatMap(([name, cases]) =>
    cases.map((args): [string, Args] => [name, args]),
  );
}

/**
 * Asserts that `tool.parseOperation(name, args)` accepts `args` and returns exactly
 * `{type: name, ...args}` (ToolDefinition.parseOperation: well-shaped args are taken as they are).
 */
export function expectArgsParsed<C, Op extends NamedOperation>(
  tool: ToolDefinition<C, Op>,
  name: string,
  args: Readonly<Record<string, unknown>>,
): void {
  expect(tool.parseOperation(name, args)).toStrictEqual({ type: name, ...args });
}
