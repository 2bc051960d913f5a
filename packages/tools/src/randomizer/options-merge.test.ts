/**
 * editOptions with `from` (spec §4 version conflict, §5 Randomizer content): the member's list
 * is merged item by item with what teammates saved meanwhile; only a real conflict is refused.
 */
import { describe, expect, it } from 'vitest';

import { EditConflictError, isEditConflict } from '../edits.ts';
import { deepFreeze, testContext, thrownBy } from '../testing.ts';
import { defaultRandomizerContent, idleAnimation } from './defaults.ts';
import { editOptions, startWithRandom } from './operations.ts';
import { parseOptionsText } from './options.ts';
import { randomizerOperations } from './operations.ts';
import type { RandomizerContent } from './types.ts';

const BASE = ['Ann', 'Bob', 'Cem'];

function content(changes: Partial<RandomizerContent> = {}): RandomizerContent {
  const options = changes.options ?? BASE;
  return deepFreeze({
    ...defaultRandomizerContent(testContext('fixed')),
    options,
    ui: { isEditing: false, optionsText: options.join('\n') },
    ...changes,
  });
}

/** The member's edit of BASE (`mine`) applied to content a teammate changed to `theirs`. */
function merge(mine: string[], theirs: string[], changes: Partial<RandomizerContent> = {}) {
  return editOptions(content({ ...changes, options: theirs }), {
    text: mine.join('\n'),
    from: BASE,
  });
}

describe('editOptions with from: both members’ changes are kept', () => {
  it('keeps the options both added, theirs first where both added at the same place', () => {
    expect(merge([...BASE, 'Dee'], [...BASE, 'Eve']).options).toEqual([
      'Ann',
      'Bob',
      'Cem',
      'Eve',
      'Dee',
    ]);
    expect(merge(['Dee', ...BASE], [...BASE, 'Eve']).options).toEqual([
      'Dee',
      'Ann',
      'Bob',
      'Cem',
      'Eve',
    ]);
  });

  it('keeps a rename by one and an addition by the other', () => {
    expect(merge(['Ann', 'Bobby', 'Cem'], [...BASE, 'Eve']).options).toEqual([
      'Ann',
      'Bobby',
      'Cem',
      'Eve',
    ]);
    expect(merge([...BASE, 'Dee'], ['Ann', 'Bobby', 'Cem']).options).toEqual([
      'Ann',
      'Bobby',
      'Cem',
      'Dee',
    ]);
  });

  it('applies a removal of an option the other left untouched (either side)', () => {
    expect(merge(['Ann', 'Cem'], [...BASE, 'Eve']).options).toEqual(['Ann', 'Cem', 'Eve']);
    expect(merge([...BASE, 'Dee'], ['Ann', 'Cem']).options).toEqual(['Ann', 'Cem', 'Dee']);
  });

  it('parses the text as without from (trimmed, blanks dropped)', () => {
    const next = editOptions(content({ options: [...BASE, 'Eve'] }), {
      text: ' Ann \r\n\r\nBob\rCem\n Dee ',
      from: BASE,
    });
    expect(next.options).toEqual(['Ann', 'Bob', 'Cem', 'Eve', 'Dee']);
    expect(next.ui).toEqual({ isEditing: false, optionsText: 'Ann\nBob\nCem\nEve\nDee' });
  });

  it('with nothing changed meanwhile, sets the member’s list as without from', () => {
    const stored = content();
    const text = 'Zoe\nAnn';
    expect(editOptions(stored, { text, from: BASE })).toEqual(editOptions(stored, { text }));
  });

  it('resets selection and animation, and keeps used options used by their text', () => {
    const stored = content({ options: ['Eve', 'Ann', 'Bob', 'Cem'], usedIndices: [2, 0, 3] });
    const running = startWithRandom(
      { ...stored, selectedIndex: 0 },
      () => 0.5,
      testContext('fixed'),
    );
    // Theirs added Eve in front; the member added Dee before Bob and removed Cem.
    const next = editOptions(running, { text: 'Ann\nDee\nBob', from: BASE });
    expect(next.options).toEqual(['Eve', 'Ann', 'Dee', 'Bob']);
    // Bob and Eve stay used at their new places; Cem is gone.
    expect(next.usedIndices).toEqual([3, 0]);
    expect(next.selectedIndex).toBeNull();
    expect(next.animation).toEqual(idleAnimation());
  });

  it('drops used indices whose option is gone, and maps repeated options by occurrence', () => {
    const stored = content({ options: ['Ann', 'Bob', 'Ann', 'Cem'], usedIndices: [2, 1] });
    // From ['Ann', 'Bob', 'Ann', 'Cem']: the member removed Bob and added Dee in front.
    const next = editOptions(stored, {
      text: 'Dee\nAnn\nAnn\nCem',
      from: ['Ann', 'Bob', 'Ann', 'Cem'],
    });
    expect(next.options).toEqual(['Dee', 'Ann', 'Ann', 'Cem']);
    expect(next.usedIndices).toEqual([2]);
  });

  it('clears the used indices in allow mode', () => {
    const next = merge([...BASE, 'Dee'], [...BASE, 'Eve'], {
      repetitionMode: 'allow',
      usedIndices: [0],
    });
    expect(next.usedIndices).toEqual([]);
  });

  it('returns the content itself when the stored options already are the merge', () => {
    const stored = content({ options: [...BASE, 'Dee'], selectedIndex: 1 });
    expect(editOptions(stored, { text: [...BASE, 'Dee'].join('\n'), from: BASE })).toBe(stored);
    expect(editOptions(stored, { text: BASE.join('\n'), from: BASE })).toBe(stored);
  });
});

describe('editOptions with from: a real conflict is refused', () => {
  it.each([
    ['both renamed the same option differently', ['Ann', 'Bobby', 'Cem'], ['Ann', 'Rob', 'Cem']],
    ['one removed what the other renamed', ['Ann', 'Cem'], ['Ann', 'Rob', 'Cem']],
    ['one renamed what the other removed', ['Ann', 'Bobby', 'Cem'], ['Ann', 'Cem']],
  ])('%s: EditConflictError with from, mine and theirs', (_case, mine, theirs) => {
    const stored = content({ options: theirs, usedIndices: [0] });
    const error = thrownBy(() => editOptions(stored, { text: mine.join('\n'), from: BASE }));
    expect(error).toBeInstanceOf(EditConflictError);
    expect(isEditConflict(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'EDIT_CONFLICT',
      entityId: null,
      conflicts: [{ field: 'options', from: BASE, mine, theirs }],
    });
    // The stored content is frozen: a refusal cannot have changed it.
    expect(stored.options).toEqual(theirs);
  });

  it('reports mine as parsed from the text', () => {
    const error = thrownBy(() =>
      editOptions(content({ options: ['Ann', 'Rob', 'Cem'] }), {
        text: ' Ann\n\n Bobby \nCem ',
        from: BASE,
      }),
    );
    expect(error).toMatchObject({ conflicts: [{ mine: parseOptionsText('Ann\nBobby\nCem') }] });
  });
});

describe('editOptions without from (older clients, history)', () => {
  it('replaces whatever is stored, as before', () => {
    const next = editOptions(content({ options: ['Ann', 'Rob', 'Cem', 'Eve'] }), {
      text: 'Ann\nBobby\nCem',
    });
    expect(next.options).toEqual(['Ann', 'Bobby', 'Cem']);
  });
});

describe('the editOptions arguments schema', () => {
  it('accepts from as a list of options and leaves it out when absent', () => {
    expect(
      randomizerOperations.schema.parse({ type: 'editOptions', text: 'a', from: ['a', 'b'] }),
    ).toEqual({ type: 'editOptions', text: 'a', from: ['a', 'b'] });
    expect(randomizerOperations.schema.parse({ type: 'editOptions', text: 'a' })).toEqual({
      type: 'editOptions',
      text: 'a',
    });
  });

  it.each([{ from: 'a' }, { from: [1] }, { from: null }])('refuses from %j', (args) => {
    expect(
      randomizerOperations.schema.safeParse({ type: 'editOptions', text: 'a', ...args }).success,
    ).toBe(false);
  });
});
