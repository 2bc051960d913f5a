import { describe, expect, it } from 'vitest';

import { seededRandom } from './animation.ts';
import { defaultRandomizerContent, idleAnimation } from './defaults.ts';
import {
  applyRandomizerOperation,
  availableIndices,
  complete,
  editOptions,
  isUsed,
  resetUsed,
  setMode,
  start,
  startWithRandom,
  type RandomizerOperation,
} from './operations.ts';
import { RandomizerError, type RandomizerContent } from './types.ts';
import { deepFreeze, expectDomainError, testContext } from '../testing.ts';

const constant = (value: number) => () => value;

function content(changes: Partial<RandomizerContent> = {}): RandomizerContent {
  return deepFreeze({ ...defaultRandomizerContent(testContext('fixed')), ...changes });
}

/** Starts with `random` and completes the run. */
function pick(from: RandomizerContent, random: () => number): RandomizerContent {
  const started = startWithRandom(from, random, testContext('fixed'));
  return complete(started, { runId: started.animation.runId ?? '' });
}

describe('no content loaded', () => {
  it.each<[string, () => unknown]>([
    ['start', () => start(null, { seed: 1 }, testContext('fixed'))],
    ['complete', () => complete(null, { runId: 'r' })],
    ['editOptions', () => editOptions(null, { text: 'a' })],
    ['setMode', () => setMode(null, { mode: 'allow' })],
    ['resetUsed', () => resetUsed(null)],
  ])("%s throws NO_CONTENT 'No content loaded'", (_name, action) => {
    expectDomainError(RandomizerError, action, 'NO_CONTENT', 'No content loaded');
  });
});

describe('availableIndices / isUsed', () => {
  it('offers unused options in no-repeat mode and every option in allow mode', () => {
    expect(availableIndices(content({ usedIndices: [0, 2] }))).toEqual([1]);
    expect(availableIndices(content({ usedIndices: [0, 2], repetitionMode: 'allow' }))).toEqual([
      0, 1, 2,
    ]);
    expect(isUsed(content({ usedIndices: [0] }), 0)).toBe(true);
    expect(isUsed(content({ usedIndices: [0] }), 1)).toBe(false);
    expect(isUsed(content({ usedIndices: [0], repetitionMode: 'allow' }), 0)).toBe(false);
  });
});

describe('start (spec §4: idle/completed → animating)', () => {
  it('picks the target from the available options with the injected randomness', () => {
    const base = content();
    expect(
      startWithRandom(base, constant(0), testContext('fixed')).animation.steps.at(-1)?.optionIndex,
    ).toBe(0);
    expect(
      startWithRandom(base, constant(0.99), testContext('fixed')).animation.steps.at(-1)
        ?.optionIndex,
    ).toBe(2);
    // Only option 1 is unused: whatever the randomness, it lands there.
    const mostlyUsed = content({ usedIndices: [0, 2] });
    for (const r of [0, 0.5, 0.99]) {
      expect(
        startWithRandom(mostlyUsed, constant(r), testContext('fixed')).animation.steps.at(-1)
          ?.optionIndex,
      ).toBe(1);
    }
  });

  it('builds an animating run with at least 10 steps, step 0 current, a runId, no selection', () => {
    const next = startWithRandom(
      content({ selectedIndex: 2 }),
      constant(0.4),
      testContext('fixed'),
    );
    expect(next.selectedIndex).toBeNull();
    expect(next.animation).toMatchObject({
      state: 'animating',
      currentStepIndex: 0,
      runId: 'id-1',
    });
    expect(next.animation.steps.length).toBeGreaterThanOrEqual(10);
    expect(next.animation.steps[0]?.optionIndex).toBe(next.animation.startIndex);
  });

  it('returns the content itself while animating', () => {
    const animating = startWithRandom(content(), constant(0.4), testContext('fixed'));
    expect(startWithRandom(animating, constant(0.9), testContext('fixed'))).toBe(animating);
    expect(start(animating, { seed: 5 }, testContext('fixed'))).toBe(animating);
  });

  it("needs an available option: 'No available options to select from'", () => {
    expectDomainError(
      RandomizerError,
      () => start(content({ usedIndices: [0, 1, 2] }), { seed: 1 }, testContext('fixed')),
      'NO_AVAILABLE_OPTIONS',
      'No available options to select from',
    );
    expectDomainError(
      RandomizerError,
      () => start(content({ options: [] }), { seed: 1 }, testContext('fixed')),
      'NO_AVAILABLE_OPTIONS',
      'No available options to select from',
    );
    // In allow mode used indices do not matter.
    expect(
      start(
        content({ usedIndices: [0, 1, 2], repetitionMode: 'allow' }),
        { seed: 1 },
        testContext('fixed'),
      ).animation.state,
    ).toBe('animating');
  });

  it('draws the same pick for the same seed (replay after a 409)', () => {
    const a = start(content(), { seed: 1234 }, testContext('fixed'));
    const b = start(content(), { seed: 1234 }, testContext('fixed'));
    expect(a).toEqual(b);
    const viaSeed = startWithRandom(content(), seededRandom(1234), testContext('fixed'));
    expect(viaSeed).toEqual(a);
  });
});

describe('complete (spec §4: animating → completed)', () => {
  it('selects the last step’s option and marks it used in no-repeat mode', () => {
    const started = startWithRandom(content(), constant(0.5), testContext('fixed'));
    const target = started.animation.steps.at(-1)?.optionIndex;
    const done = complete(started, { runId: 'id-1' });
    expect(done.selectedIndex).toBe(target);
    expect(done.usedIndices).toEqual([target]);
    expect(done.animation.state).toBe('completed');
    expect(done.animation.currentStepIndex).toBe(started.animation.steps.length - 1);
    expect(done.animation.steps).toBe(started.animation.steps);
  });

  it('only changes the state (and selection) in allow mode', () => {
    const started = startWithRandom(
      content({ repetitionMode: 'allow' }),
      constant(0.5),
      testContext('fixed'),
    );
    const done = complete(started, { runId: 'id-1' });
    expect(done.usedIndices).toEqual([]);
    expect(done.animation.state).toBe('completed');
    expect(done.selectedIndex).toBe(started.animation.steps.at(-1)?.optionIndex);
  });

  it('uses every option once in no-repeat mode, then refuses to start', () => {
    let state = content();
    for (const r of [0.1, 0.1, 0.1]) state = pick(state, constant(r));
    expect([...state.usedIndices].sort()).toEqual([0, 1, 2]);
    expectDomainError(
      RandomizerError,
      () => start(state, { seed: 9 }, testContext('fixed')),
      'NO_AVAILABLE_OPTIONS',
      'No available options to select from',
    );
  });

  it('ignores a completion of another run or of a run that is no longer animating', () => {
    const started = startWithRandom(content(), constant(0.5), testContext('fixed'));
    expect(complete(started, { runId: 'other' })).toBe(started);
    const done = complete(started, { runId: 'id-1' });
    expect(complete(done, { runId: 'id-1' })).toBe(done);
    expect(complete(content(), { runId: 'id-1' })).toEqual(content());
  });
});

describe('editOptions (spec §4: resets selection and animation, drops used out of range)', () => {
  it('replaces the options and the saved text, resets selection and animation', () => {
    const started = startWithRandom(
      content({ selectedIndex: 1 }),
      constant(0.5),
      testContext('fixed'),
    );
    const next = editOptions(
      { ...started, ui: { isEditing: true, optionsText: 'x' } },
      { text: ' Ann \n\nBob\n' },
    );
    expect(next.options).toEqual(['Ann', 'Bob']);
    expect(next.ui).toEqual({ isEditing: false, optionsText: 'Ann\nBob' });
    expect(next.selectedIndex).toBeNull();
    expect(next.animation).toEqual(idleAnimation());
  });

  it('drops used indices beyond the new option count in no-repeat mode', () => {
    const next = editOptions(content({ usedIndices: [0, 2, 1] }), { text: 'a\nb' });
    expect(next.usedIndices).toEqual([0, 1]);
  });

  it('clears all used indices in allow mode', () => {
    const next = editOptions(content({ repetitionMode: 'allow', usedIndices: [0] }), {
      text: 'a\nb\nc\nd',
    });
    expect(next.usedIndices).toEqual([]);
  });

  it('leaves an empty option list to validation', () => {
    expect(editOptions(content(), { text: ' \n ' }).options).toEqual([]);
  });
});

describe('setMode (spec §4: switching to allow clears used indices)', () => {
  it('clears used indices when switching to allow', () => {
    const next = setMode(content({ usedIndices: [1] }), { mode: 'allow' });
    expect(next).toMatchObject({ repetitionMode: 'allow', usedIndices: [] });
  });

  it('keeps the (empty) used list when switching to no-repeat', () => {
    const next = setMode(content({ repetitionMode: 'allow' }), { mode: 'no-repeat' });
    expect(next).toMatchObject({ repetitionMode: 'no-repeat', usedIndices: [] });
  });

  it('returns the content itself for the mode in use', () => {
    const base = content({ usedIndices: [1] });
    expect(setMode(base, { mode: 'no-repeat' })).toBe(base);
  });
});

describe('resetUsed (spec §4: clears used indices and the selection)', () => {
  it('clears both', () => {
    const next = resetUsed(content({ usedIndices: [0, 1], selectedIndex: 1 }));
    expect(next).toMatchObject({ usedIndices: [], selectedIndex: null });
  });
});

describe('applyRandomizerOperation (replay after a 409)', () => {
  it('dispatches every operation type', () => {
    const ctx = testContext('fixed');
    let state = content();
    state = applyRandomizerOperation(state, { type: 'start', seed: 7 }, ctx);
    const runId = state.animation.runId ?? '';
    state = applyRandomizerOperation(state, { type: 'complete', runId }, ctx);
    expect(state.usedIndices).toHaveLength(1);
    state = applyRandomizerOperation(state, { type: 'resetUsed' }, ctx);
    expect(state).toMatchObject({ usedIndices: [], selectedIndex: null });
    state = applyRandomizerOperation(state, { type: 'setMode', mode: 'allow' }, ctx);
    expect(state.repetitionMode).toBe('allow');
    state = applyRandomizerOperation(state, { type: 'editOptions', text: 'x\ny' }, ctx);
    expect(state.options).toEqual(['x', 'y']);
  });

  it('replays a start on newer content, picking only among options still available', () => {
    const op: RandomizerOperation = { type: 'start', seed: 99 };
    // Meanwhile another user picked options 0 and 2.
    const latest = content({ usedIndices: [0, 2], selectedIndex: 2 });
    const first = applyRandomizerOperation(latest, op, testContext('fixed'));
    expect(first.animation.steps.at(-1)?.optionIndex).toBe(1);
    expect(applyRandomizerOperation(latest, op, testContext('fixed'))).toEqual(first);
  });
});
