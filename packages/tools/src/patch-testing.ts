/**
 * The checks every tool's inverse property test (`./<tool>/inverse.property.test.ts`) makes of
 * ToolDefinition.inverse and patchBetween (./tool.ts, ./patch.ts; undo/redo): for any
 * operation a tool's rules accept, the `patch` its inverse gives, sent over the wire like any
 * operation, turns the content back exactly; the forward patch redoes it.
 */
import fc from 'fast-check';
import { expect } from 'vitest';

import type { OperationStamp } from './operation.ts';
import type { PatchOperation } from './patch.ts';
import { deepFreeze, overTheWire, stampOf, type ErrorClass } from './testing.ts';

export { overTheWire };
import type { NamedOperation, ToolDefinition } from './tool.ts';

/**
 * Applies `op` (made with `stamp`, received over the wire) to `before`; when `tool`'s rules
 * refuse it (a `refusal`), returns undefined. Otherwise asserts that its inverse, over the wire,
 * gives `before` back exactly (toStrictEqual) from the result, that the forward patch
 * (patchBetween) gives the result from `before`, that an operation that changed nothing has an
 * empty inverse, and that nothing was mutated; returns the result (deep-frozen).
 */
export function expectInverseRestores<C, Op extends NamedOperation>(
  tool: ToolDefinition<C, Op>,
  before: C,
  op: Op | PatchOperation,
  stamp: OperationStamp,
  refusal: ErrorClass,
): C | undefined {
  const frozen = deepFreeze(before);
  let after: C;
  try {
    after = deepFreeze(tool.apply(frozen, overTheWire(tool, op, stamp)));
  } catch (error) {
    expect(error).toBeInstanceOf(refusal);
    return undefined;
  }
  const inverse = tool.inverse(frozen, after);
  const undoStamp = { ...stamp, id: `${stamp.id}:undo` };
  expect(tool.apply(after, overTheWire(tool, inverse, undoStamp))).toStrictEqual(frozen);
  const redo = tool.patchBetween(frozen, after);
  expect(tool.apply(frozen, overTheWire(tool, redo, undoStamp))).toStrictEqual(after);
  if (after === frozen) expect(inverse.changes).toEqual([]);
  return after;
}

/** What {@link expectRandomInverses} generates and checks. */
export interface RandomInverses<C, Op> {
  /** The content every sequence starts from (called once per run). */
  start: () => C;
  /** Any operation with well-shaped args, made against the current content. */
  operationOn: (content: C) => fc.Arbitrary<Op>;
  /** The tool's DomainError class: the only error a well-formed operation may be refused with. */
  refusal: ErrorClass;
  /** How many sequences fast-check runs. */
  numRuns: number;
  /** The longest sequence, in operations; default 20. */
  maxSteps?: number;
}

/**
 * The property: along random sequences of operations made against the current
 * content, every accepted operation's inverse restores the content before it exactly, over the
 * wire ({@link expectInverseRestores}), and so does the inverse of an undo (the redo), which the
 * sequence sometimes applies. Content reached by the sequence is random content of the tool. Throws fast-check's report with the shrunk counterexample.
 */
export function expectRandomInverses<C, Op extends NamedOperation>(
  tool: ToolDefinition<C, Op>,
  { start, operationOn, refusal, numRuns, maxSteps = 20 }: RandomInverses<C, Op>,
): void {
  fc.assert(
    fc.property(fc.gen(), fc.noBias(fc.integer({ min: 1, max: maxSteps })), (generate, steps) => {
      let content = start();
      for (let step = 1; step <= steps; step++) {
        const before = content;
        const op = generate(operationOn, content);
        content = expectInverseRestores(tool, content, op, stampOf(step), refusal) ?? content;
        // Sometimes undo it: the undo (a `patch`) has an inverse too, the redo.
        if (content !== before && generate(() => fc.boolean()))
          content =
            expectInverseRestores(
              tool,
              content,
              tool.inverse(before, content),
              stampOf(step),
              refusal,
            ) ?? content;
      }
    }),
    { numRuns },
  );
}
