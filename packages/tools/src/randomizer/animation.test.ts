import { describe, expect, it } from 'vitest';

import {
  animationDurationMs,
  animationKey,
  animationStepCount,
  buildAnimationSteps,
  isNewAnimation,
  randomIndex,
  randomSeed,
  seededRandom,
  stepDelay,
} from './animation.ts';
import { idleAnimation } from './defaults.ts';
import type { RandomizerAnimation } from './types.ts';

const constant = (value: number) => () => value;

describe('animationStepCount (spec §9: 2x..4x the option count, at least 10)', () => {
  it('spans 2x to 4x the option count inclusive', () => {
    expect(animationStepCount(10, constant(0))).toBe(20);
    expect(animationStepCount(10, constant(0.999999))).toBe(40);
    expect(animationStepCount(10, constant(0.5))).toBe(30);
  });

  it('never goes below 10 steps', () => {
    expect(animationStepCount(1, constant(0.999))).toBe(10);
    expect(animationStepCount(3, constant(0))).toBe(10);
    expect(animationStepCount(3, constant(0.999))).toBe(12);
    expect(animationStepCount(5, constant(0))).toBe(10);
    expect(animationStepCount(6, constant(0))).toBe(12);
  });

  it('stays in range for every random value, even a faulty 1', () => {
    for (const r of [0, 0.1, 0.25, 0.5, 0.75, 0.9999, 1]) {
      const count = animationStepCount(7, constant(r));
      expect(count).toBeGreaterThanOrEqual(14);
      expect(count).toBeLessThanOrEqual(28);
    }
  });
});

describe('stepDelay (spec §9: 50 → 300 ms, ease-out)', () => {
  it('starts at 50 ms and ends at 300 ms', () => {
    expect(stepDelay(0, 10)).toBe(50);
    expect(stepDelay(9, 10)).toBe(300);
    expect(stepDelay(0, 1)).toBe(300);
  });

  it('never decreases and grows faster early than late (ease-out)', () => {
    const delays = Array.from({ length: 25 }, (_, i) => stepDelay(i, 25));
    for (let i = 1; i < delays.length; i++) {
      expect(delays[i]).toBeGreaterThanOrEqual(delays[i - 1] ?? 0);
    }
    const first = (delays[1] ?? 0) - (delays[0] ?? 0);
    const last = (delays[24] ?? 0) - (delays[23] ?? 0);
    expect(first).toBeGreaterThan(last);
    // Half-way the ease-out curve is already 7/8 of the way: 50 + 250 * 0.875.
    expect(stepDelay(12, 25)).toBe(269);
  });
});

describe('buildAnimationSteps (spec §9: last step lands on the target)', () => {
  it.each([
    [1, 0],
    [3, 0],
    [3, 2],
    [5, 4],
    [12, 7],
    [30, 0],
  ])('with %i options ends on target %i for any randomness', (count, target) => {
    for (const r of [0, 0.3, 0.7, 0.99]) {
      const { startIndex, steps } = buildAnimationSteps(count, target, constant(r));
      expect(steps.at(-1)?.optionIndex).toBe(target);
      expect(steps[0]?.optionIndex).toBe(startIndex);
      expect(steps.length).toBeGreaterThanOrEqual(Math.max(10, 2 * count));
      expect(steps.length).toBeLessThanOrEqual(Math.max(10, 4 * count));
      expect(steps[0]?.delay).toBe(50);
      expect(steps.at(-1)?.delay).toBe(300);
    }
  });

  it('walks through the options in order, wrapping around', () => {
    const { startIndex, steps } = buildAnimationSteps(3, 1, constant(0));
    // 10 steps over 3 options ending on 1: 0,1,2,0,1,2,0,1,2,0 shifted → start at 1.
    expect(startIndex).toBe(1);
    expect(steps.map((step) => step.optionIndex)).toEqual([1, 2, 0, 1, 2, 0, 1, 2, 0, 1]);
  });
});

describe('random sources', () => {
  it('randomIndex stays within 0..count-1', () => {
    expect(randomIndex(4, constant(0))).toBe(0);
    expect(randomIndex(4, constant(0.999))).toBe(3);
    expect(randomIndex(4, constant(1))).toBe(3);
    expect(randomIndex(4, constant(-1))).toBe(0);
    expect(randomIndex(4, constant(Number.NaN))).toBe(0);
    expect(randomIndex(1, constant(0.9))).toBe(0);
  });

  it('seededRandom repeats for the same seed and differs for another', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const c = seededRandom(43);
    const seqA = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(seqA);
    expect([c(), c(), c()]).not.toEqual(seqA);
    for (const value of seqA) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
    }
  });

  it('randomSeed gives a 32-bit integer', () => {
    expect(randomSeed(constant(0))).toBe(0);
    expect(randomSeed(constant(0.5))).toBe(2147483648);
    const seed = randomSeed();
    expect(Number.isInteger(seed)).toBe(true);
    expect(seed).toBeLessThan(2 ** 32);
  });
});

describe('animationDurationMs', () => {
  it('sums the step delays', () => {
    expect(animationDurationMs({ steps: [] })).toBe(0);
    expect(
      animationDurationMs({
        steps: [
          { optionIndex: 0, delay: 50 },
          { optionIndex: 1, delay: 300 },
        ],
      }),
    ).toBe(350);
  });
});

describe('isNewAnimation (spec §4: play a remote animation once per distinct update)', () => {
  const run: RandomizerAnimation = {
    startIndex: 1,
    steps: [{ optionIndex: 1, delay: 50 }],
    state: 'animating',
    currentStepIndex: 0,
    runId: 'run-1',
  };

  it('plays an animating run not played yet, once', () => {
    expect(isNewAnimation(run, null)).toBe(true);
    const played = animationKey(run);
    expect(isNewAnimation(run, played)).toBe(false);
    expect(isNewAnimation({ ...run, currentStepIndex: 3 }, played)).toBe(false);
    expect(isNewAnimation({ ...run, runId: 'run-2' }, played)).toBe(true);
  });

  it('does not play idle or completed animations', () => {
    expect(isNewAnimation(idleAnimation(), null)).toBe(false);
    expect(isNewAnimation({ ...run, state: 'completed' }, null)).toBe(false);
  });

  it('tells runs without runId apart by their steps', () => {
    const legacy = { ...run, runId: null };
    const played = animationKey(legacy);
    expect(isNewAnimation(legacy, played)).toBe(false);
    expect(isNewAnimation({ ...legacy, startIndex: 2 }, played)).toBe(true);
  });
});
