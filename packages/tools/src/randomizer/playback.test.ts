import { describe, expect, it } from 'vitest';

import { animationDurationMs } from './animation.ts';
import { defaultRandomizerContent } from './defaults.ts';
import { complete, editOptions, setMode, startWithRandom } from './operations.ts';
import {
  advancePlayback,
  INITIAL_PLAYER_STATE,
  observeAnimation,
  OVERDUE_RUN_GRACE_MS,
  overdueRunDelayMs,
  playbackDelayMs,
  randomizerDisplay,
  type Playback,
  type PlayerState,
} from './playback.ts';
import type { RandomizerContent } from './types.ts';
import { deepFreeze, testContext } from '../testing.ts';

const constant = (value: number) => () => value;
const ctx = testContext('fixed');

function content(changes: Partial<RandomizerContent> = {}): RandomizerContent {
  return deepFreeze({
    ...defaultRandomizerContent(testContext('fixed')),
    options: ['Ann', 'Bob', 'Cem', 'Dee'],
    ...changes,
  });
}

/** A started run over `base` whose target is option `target`'s draw (randomness `r`). */
function started(base: RandomizerContent, r = 0.5, runCtx = ctx): RandomizerContent {
  return deepFreeze(startWithRandom(base, constant(r), runCtx));
}

/** A player that has seen `first` as its first content. */
function playerAfter(first: RandomizerContent): PlayerState {
  return observeAnimation(INITIAL_PLAYER_STATE, first.animation, false);
}

/** Advances `state` until its playback is finished; returns every highlighted option. */
function playThrough(state: PlayerState): { state: PlayerState; highlighted: number[] } {
  const highlighted: number[] = [];
  let current = state;
  for (let guard = 0; guard < 1000; guard++) {
    const playback = current.playback;
    if (playback === null || playback.phase === 'finished') break;
    if (playback.phase === 'playing') {
      const step = playback.steps[playback.stepIndex];
      if (step) highlighted.push(step.optionIndex);
    }
    current = advancePlayback(current, playback.key);
  }
  return { state: current, highlighted };
}

describe('observeAnimation (spec §4: a remote run plays once per distinct update)', () => {
  it('plays a run that starts after the tab arrived, from step 0', () => {
    const idle = content();
    const run = started(idle);
    const state = observeAnimation(playerAfter(idle), run.animation, false);
    expect(state.playback).toMatchObject({
      runId: run.animation.runId,
      stepIndex: 0,
      phase: 'playing',
      steps: run.animation.steps,
    });
  });

  it('does not replay a run that was already animating when the tab arrived (late opener)', () => {
    const run = started(content());
    const state = playerAfter(run);
    expect(state.playback).toBeNull();
    expect(observeAnimation(state, run.animation, false)).toBe(state);
    // Its completion shows the result, still without a replay.
    const done = complete(run, { runId: run.animation.runId ?? '' });
    expect(observeAnimation(state, done.animation, false).playback).toBeNull();
  });

  it('plays each run once: later updates of the same run do not restart it', () => {
    const idle = content();
    const run = started(idle);
    let state = observeAnimation(playerAfter(idle), run.animation, false);
    state = advancePlayback(state, state.playback?.key ?? '');
    const again = observeAnimation(state, run.animation, false);
    expect(again).toBe(state);
    expect(again.playback?.stepIndex).toBe(1);
    // The starter's completion arriving mid-walk keeps the walk going.
    const done = complete(run, { runId: run.animation.runId ?? '' });
    expect(observeAnimation(state, done.animation, false)).toBe(state);
  });

  it('plays the next run (a new runId) again', () => {
    const idle = content();
    const first = started(idle, 0.5, testContext('fixed'));
    let state = observeAnimation(playerAfter(idle), first.animation, false);
    state = playThrough(state).state;
    const done = complete(first, { runId: first.animation.runId ?? '' });
    state = observeAnimation(state, done.animation, false);
    expect(state.playback?.phase).toBe('finished');
    const otherCtx = { ...testContext('fixed'), newId: () => 'run-2' };
    const second = started(done, 0.1, otherCtx);
    state = observeAnimation(state, second.animation, false);
    expect(state.playback).toMatchObject({ runId: 'run-2', stepIndex: 0, phase: 'playing' });
  });

  it('drops the playback when the run is replaced (options edited meanwhile)', () => {
    const idle = content();
    const run = started(idle);
    const state = observeAnimation(playerAfter(idle), run.animation, false);
    const edited = editOptions(run, { text: 'X\nY' });
    expect(observeAnimation(state, edited.animation, false).playback).toBeNull();
  });

  it('lands at once on the target with reduced motion, for the run’s whole duration', () => {
    const idle = content();
    const run = started(idle);
    const state = observeAnimation(playerAfter(idle), run.animation, true);
    const last = run.animation.steps.length - 1;
    expect(state.playback).toMatchObject({ stepIndex: last, phase: 'landed' });
    const playback = state.playback as Playback;
    expect(playbackDelayMs(playback)).toBe(animationDurationMs(run.animation));
    expect(advancePlayback(state, playback.key).playback?.phase).toBe('finished');
  });
});

describe('advancePlayback / playbackDelayMs (spec §9: the steps and their delays)', () => {
  it('walks through every step with its delay and ends on the target', () => {
    const idle = content();
    const run = started(idle, 0.7);
    let state = observeAnimation(playerAfter(idle), run.animation, false);
    const delays: number[] = [];
    for (const _step of run.animation.steps) {
      const playback = state.playback as Playback;
      delays.push(playbackDelayMs(playback) ?? -1);
      state = advancePlayback(state, playback.key);
    }
    expect(delays).toEqual(run.animation.steps.map((step) => step.delay));
    expect(state.playback?.phase).toBe('finished');
    expect(playbackDelayMs(state.playback as Playback)).toBeNull();
    const { highlighted } = playThrough(observeAnimation(playerAfter(idle), run.animation, false));
    expect(highlighted).toEqual(run.animation.steps.map((step) => step.optionIndex));
    expect(highlighted.at(-1)).toBe(run.animation.steps.at(-1)?.optionIndex);
  });

  it('ignores a tick of another run and ticks after the end', () => {
    const idle = content();
    const run = started(idle);
    const state = observeAnimation(playerAfter(idle), run.animation, false);
    expect(advancePlayback(state, 'other')).toBe(state);
    const finished = playThrough(state).state;
    expect(advancePlayback(finished, finished.playback?.key ?? '')).toBe(finished);
    expect(advancePlayback(INITIAL_PLAYER_STATE, 'x')).toBe(INITIAL_PLAYER_STATE);
  });
});

describe('randomizerDisplay (spec §2: current highlight, selected highlight, used badges)', () => {
  it('shows the selection and the used badges of a completed pick', () => {
    const shown = randomizerDisplay(content({ selectedIndex: 2, usedIndices: [2, 0] }), null);
    expect(shown).toEqual({
      currentIndex: null,
      selectedIndex: 2,
      usedIndices: [2, 0],
      busy: false,
      waiting: false,
    });
  });

  it('shows no used badges in allow mode and ignores indices out of range or repeated', () => {
    const allow = setMode(content({ usedIndices: [1] }), { mode: 'allow' });
    expect(randomizerDisplay({ ...allow, usedIndices: [1] }, null).usedIndices).toEqual([]);
    expect(
      randomizerDisplay(content({ usedIndices: [1, 9, 1, -1], selectedIndex: 7 }), null),
    ).toMatchObject({ usedIndices: [1], selectedIndex: null });
  });

  it('highlights the current step while playing and hides the result until it lands', () => {
    const idle = content({ selectedIndex: 3, usedIndices: [3] });
    const run = started(idle, 0.2);
    const target = run.animation.steps.at(-1)?.optionIndex;
    let state = observeAnimation(playerAfter(idle), run.animation, false);
    state = advancePlayback(state, state.playback?.key ?? '');
    // The starter's completion has arrived already; the walk is not over here.
    const done = complete(run, { runId: run.animation.runId ?? '' });
    const shown = randomizerDisplay(done, state.playback);
    expect(shown).toEqual({
      currentIndex: run.animation.steps[1]?.optionIndex,
      selectedIndex: null,
      usedIndices: [3],
      busy: true,
      waiting: false,
    });
    expect(done.usedIndices).toContain(target);
    const landed = playThrough(state).state;
    expect(randomizerDisplay(done, landed.playback)).toEqual({
      currentIndex: null,
      selectedIndex: target,
      usedIndices: [3, target],
      busy: false,
      waiting: false,
    });
  });

  it('stays busy after landing until the shared run is completed', () => {
    const idle = content();
    const run = started(idle);
    const landed = playThrough(observeAnimation(playerAfter(idle), run.animation, false)).state;
    expect(randomizerDisplay(run, landed.playback)).toMatchObject({
      selectedIndex: run.animation.steps.at(-1)?.optionIndex,
      currentIndex: null,
      busy: true,
    });
  });

  it('waits without revealing a run this tab does not play', () => {
    const run = started(content({ selectedIndex: 1 }));
    expect(randomizerDisplay(run, null)).toEqual({
      currentIndex: null,
      selectedIndex: null,
      usedIndices: [],
      busy: true,
      waiting: true,
    });
  });

  it('ignores a playback of another run', () => {
    const idle = content();
    const run = started(idle);
    const state = observeAnimation(playerAfter(idle), run.animation, false);
    const edited = editOptions(run, { text: 'X\nY' });
    expect(randomizerDisplay(edited, state.playback)).toMatchObject({
      busy: false,
      currentIndex: null,
    });
  });
});

describe('overdueRunDelayMs (a run whose starter left is completed by someone else)', () => {
  const run = started(content({ lastModified: '2024-01-01T00:00:00.000Z' }));
  const startMs = Date.parse('2024-01-01T00:00:00.000Z');
  const duration = animationDurationMs(run.animation);

  it('is null when nothing is animating', () => {
    expect(overdueRunDelayMs(content(), startMs)).toBeNull();
  });

  it('waits for the run’s end plus the grace, measured from the start’s save', () => {
    expect(overdueRunDelayMs(run, startMs)).toBe(duration + OVERDUE_RUN_GRACE_MS);
    expect(overdueRunDelayMs(run, startMs + 1000)).toBe(duration + OVERDUE_RUN_GRACE_MS - 1000);
  });

  it('never less than the grace, never more than the whole run plus the grace', () => {
    expect(overdueRunDelayMs(run, startMs + 3_600_000)).toBe(OVERDUE_RUN_GRACE_MS);
    expect(overdueRunDelayMs(run, startMs - 3_600_000)).toBe(duration + OVERDUE_RUN_GRACE_MS);
    expect(overdueRunDelayMs({ ...run, lastModified: 'garbage' }, startMs)).toBe(
      duration + OVERDUE_RUN_GRACE_MS,
    );
  });
});
