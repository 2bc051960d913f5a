/**
 * fast-check arbitraries of Daily Randomizer operations (test-only, spec §4): what the property
 * tests of the operations (./operations.property.test.ts) and of their inverses
 * (./inverse.property.test.ts) generate against the current content.
 */
import fc from 'fast-check';

import type { RandomizerOperation } from './operations.ts';
import type { RandomizerContent, RepetitionMode } from './types.ts';

/** Text with blanks, whitespace of every kind, names with spaces and any unicode. */
const text = fc.oneof(
  fc.constantFrom('', ' ', '\t', '\u00a0', '\u2028', ' Ann ', 'Bob', '🎲', 'e\u0301', 'Option 1'),
  fc.string({ unit: 'grapheme', maxLength: 8 }),
  fc.string({ unit: 'binary', maxLength: 8 }),
);

/** An options text: lines of any text (blank ones too) with any of the three line breaks. */
const optionsText = fc
  .array(fc.tuple(text, fc.constantFrom('\n', '\r\n', '\r', '\n\n')), { maxLength: 8 })
  .map((lines) => lines.map(([line, end]) => line + end).join(''));

/** One step of a random sequence, resolved against the content by {@link operationOf}. */
export const step = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      type: fc.constant('start' as const),
      seed: fc.oneof(
        fc.integer(),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.constantFrom(0, -0, 2 ** 32, 2 ** 53, -1),
      ),
    }),
  },
  {
    // Mostly the run that is animating; sometimes a stale or unknown one.
    weight: 4,
    arbitrary: fc.record({
      type: fc.constant('complete' as const),
      runId: fc.oneof({ weight: 4, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: text }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ type: fc.constant('editOptions' as const), text: optionsText }),
  },
  {
    // The current options with one dropped and one added (used indices fall out of range),
    // sometimes as an edit saying what it started from (merged with the stored options).
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('changeOptions' as const),
      drop: fc.nat(),
      add: fc.option(text, { nil: undefined }),
      withFrom: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('setMode' as const),
      mode: fc.constantFrom<RepetitionMode>('allow', 'no-repeat'),
    }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('resetUsed' as const) }) },
);

export type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

/** The operation `step` describes, against `content`. */
export function operationOf(content: RandomizerContent, step: Step): RandomizerOperation {
  switch (step.type) {
    case 'start':
    case 'setMode':
    case 'editOptions':
    case 'resetUsed':
      return step;
    case 'complete':
      return { type: 'complete', runId: step.runId ?? content.animation.runId ?? 'none' };
    case 'changeOptions': {
      const kept = content.options.filter(
        (_, index) => content.options.length === 0 || index !== step.drop % content.options.length,
      );
      const lines = step.add === undefined ? kept : [...kept, step.add];
      const text = lines.join('\n');
      return step.withFrom
        ? { type: 'editOptions', text, from: [...content.options] }
        : { type: 'editOptions', text };
    }
  }
}

/** Any randomizer operation against `content`: a {@link step} resolved by {@link operationOf}. */
export function operationOn(content: RandomizerContent): fc.Arbitrary<RandomizerOperation> {
  return step.map((picked) => operationOf(content, picked));
}
