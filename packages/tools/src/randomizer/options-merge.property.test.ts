/**
 * editOptions with `from` (spec §4 version conflict): properties of the item-by-item merge of
 * two members' edits of the option list, over the wire as every client applies them.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { EditConflictError, mergeLists } from '../edits.ts';
import { tools } from '../registry.ts';
import { deepFreeze, overTheWire, stampOf, testContext, thrownBy } from '../testing.ts';
import { defaultRandomizerContent } from './defaults.ts';
import type { RandomizerOperation } from './operations.ts';
import type { RandomizerContent } from './types.ts';

const tool = tools.randomizer;

/** Options as the textarea gives them: trimmed, not blank, few names so they repeat. */
const option = fc.constantFrom('Ann', 'Bob', 'Cem', 'Dee', 'Eve', 'Option 1', '🎲');

function content(options: readonly string[], usedIndices: number[] = []): RandomizerContent {
  return deepFreeze({
    ...defaultRandomizerContent(testContext('fixed')),
    options: [...options],
    usedIndices,
    ui: { isEditing: false, optionsText: options.join('\n') },
  });
}

function applied(before: RandomizerContent, op: RandomizerOperation, step: number) {
  return tool.apply(before, overTheWire(tool, op, stampOf(step)));
}

/** `base` with each of `added` inserted at a position picked by `at` (fractions of the length). */
function withInserted(base: readonly string[], added: readonly string[], at: readonly number[]) {
  const list = [...base];
  added.forEach((item, index) => {
    const position = Math.floor((at[index] ?? 0) * (list.length + 1));
    list.splice(Math.min(position, list.length), 0, item);
  });
  return list;
}

function count(list: readonly string[], item: string) {
  return list.filter((other) => other === item).length;
}

/** A list edited from `base` by random removals, renames and insertions of {@link option}s. */
function editedFrom(base: readonly string[]): fc.Arbitrary<string[]> {
  return fc
    .array(
      fc.record({ kind: fc.constantFrom('remove', 'rename', 'insert'), at: fc.nat(), to: option }),
      { maxLength: 3 },
    )
    .map((edits) => {
      const list = [...base];
      for (const edit of edits) {
        const index = list.length === 0 ? 0 : edit.at % list.length;
        if (edit.kind === 'remove') list.splice(index, 1);
        else if (edit.kind === 'rename' && list.length > 0) list[index] = edit.to;
        else list.splice(edit.at % (list.length + 1), 0, edit.to);
      }
      return list;
    });
}

describe('two members adding options at once (property)', () => {
  it('keeps every option of both, applied in either order', () => {
    const scenario = fc
      .record({
        base: fc.array(option, { minLength: 1, maxLength: 6 }),
        // New options, distinct from each other and from every base option.
        added: fc.uniqueArray(fc.string({ minLength: 1, maxLength: 4 }), {
          minLength: 2,
          maxLength: 6,
        }),
        split: fc.nat(),
        at: fc.array(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), {
          minLength: 6,
          maxLength: 6,
        }),
      })
      .map(({ base, added, split, at }) => {
        const fresh = added.map((item) => `+${item.trim() || 'x'}`);
        const unique = [...new Set(fresh)];
        const cut = 1 + (split % (unique.length - 1 || 1));
        return {
          base,
          mine: withInserted(base, unique.slice(0, cut), at),
          theirs: withInserted(base, unique.slice(cut), at.toReversed()),
        };
      });
    fc.assert(
      fc.property(scenario, ({ base, mine, theirs }) => {
        const start = content(base);
        const a: RandomizerOperation = { type: 'editOptions', text: mine.join('\n'), from: base };
        const b: RandomizerOperation = { type: 'editOptions', text: theirs.join('\n'), from: base };
        const aThenB = applied(applied(start, a, 1), b, 2).options;
        const bThenA = applied(applied(start, b, 1), a, 2).options;
        for (const merged of [aThenB, bThenA]) {
          for (const item of new Set([...mine, ...theirs]))
            expect(count(merged, item)).toBe(Math.max(count(mine, item), count(theirs, item)));
          expect(merged).toHaveLength(mine.length + theirs.length - base.length);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('a conflict is reported exactly when the lists do not merge (property)', () => {
  const scenario = fc.array(option, { maxLength: 5 }).chain((base) =>
    fc.record({
      base: fc.constant(base),
      mine: fc.oneof(editedFrom(base), fc.array(option, { maxLength: 5 })),
      theirs: fc.oneof(editedFrom(base), fc.array(option, { maxLength: 5 })),
      used: fc.uniqueArray(fc.nat({ max: 5 }), { maxLength: 4 }),
    }),
  );

  it('refuses with EditConflictError {options: from, mine, theirs}, else stores the merge', () => {
    fc.assert(
      fc.property(scenario, ({ base, mine, theirs, used }) => {
        const stored = content(
          theirs,
          used.filter((index) => index < theirs.length),
        );
        const op: RandomizerOperation = { type: 'editOptions', text: mine.join('\n'), from: base };
        const merged = mergeLists(base, mine, theirs);
        if (merged === null) {
          const error = thrownBy(() => applied(stored, op, 1));
          expect(error).toBeInstanceOf(EditConflictError);
          expect(error).toMatchObject({
            entityId: null,
            conflicts: [{ field: 'options', from: base, mine, theirs }],
          });
          return;
        }
        const next = applied(stored, op, 1);
        expect(next.options).toEqual(merged);
        // Used options stay used by their text, each at most once; the others are dropped.
        expect(new Set(next.usedIndices).size).toBe(next.usedIndices.length);
        const usedBefore = stored.usedIndices.map((index) => theirs[index]);
        for (const index of next.usedIndices) {
          const text = next.options[index];
          expect(text).toBeDefined();
          expect(usedBefore).toContain(text);
        }
      }),
      { numRuns: 500 },
    );
  });
});
