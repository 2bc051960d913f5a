/**
 * The pick animation of the randomizer (spec §9 Randomizer animation, §4 Randomizer): how many
 * steps it takes, how long each lasts, which option each highlights, and how a tab tells a new
 * remote animation from one it has already played. Randomness is injected (a `() => number` in
 * [0, 1), like Math.random) so tests and replays are deterministic.
 */
import {
  ANIMATION_FIRST_DELAY_MS,
  ANIMATION_LAST_DELAY_MS,
  ANIMATION_MAX_STEPS_PER_OPTION,
  ANIMATION_MIN_STEPS,
  ANIMATION_MIN_STEPS_PER_OPTION,
  type AnimationStep,
  type RandomizerAnimation,
} from './types.ts';

/** A source of random numbers in [0, 1). */
export type RandomSource = () => number;

// Keeps a faulty source (returning 1 or more, or a negative number) inside [0, 1).
function unit(random: RandomSource): number {
  const value = random();
  return Number.isFinite(value) ? Math.min(Math.max(value, 0), 1 - Number.EPSILON) : 0;
}

/** A whole number in 0..count-1 drawn from `random` (0 when count ≤ 1). */
export function randomIndex(count: number, random: RandomSource): number {
  return count <= 1 ? 0 : Math.floor(unit(random) * count);
}

/**
 * A deterministic random source for `seed` (any number; mulberry32 over its 32-bit integer
 * part): the same seed gives the same sequence, so a start replayed after a 409 draws the same
 * numbers.
 */
export function seededRandom(seed: number): RandomSource {
  let state = Math.trunc(seed) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A fresh 32-bit seed for a start operation, drawn from `random` (default Math.random). */
export function randomSeed(random: RandomSource = Math.random): number {
  return Math.floor(unit(random) * 4294967296);
}

/**
 * How many steps an animation over `optionCount` options takes (spec §9): a whole number drawn
 * from 2×..4× the option count (both inclusive), but at least 10.
 */
export function animationStepCount(optionCount: number, random: RandomSource): number {
  const low = ANIMATION_MIN_STEPS_PER_OPTION * optionCount;
  const high = ANIMATION_MAX_STEPS_PER_OPTION * optionCount;
  return Math.max(ANIMATION_MIN_STEPS, low + randomIndex(high - low + 1, random));
}

/**
 * The delay in ms of step `index` (0-based) of `stepCount` steps (spec §9): from 50 ms at the
 * first step to 300 ms at the last along an ease-out (cubic) curve — the spin slows quickly,
 * then settles — rounded to whole ms. A single step lasts 300 ms.
 */
export function stepDelay(index: number, stepCount: number): number {
  if (stepCount <= 1) return ANIMATION_LAST_DELAY_MS;
  const progress = Math.min(Math.max(index / (stepCount - 1), 0), 1);
  const eased = 1 - (1 - progress) ** 3;
  return Math.round(
    ANIMATION_FIRST_DELAY_MS + (ANIMATION_LAST_DELAY_MS - ANIMATION_FIRST_DELAY_MS) * eased,
  );
}

/**
 * The steps of an animation over `optionCount` options (≥ 1) that ends on `targetIndex`
 * (spec §9): {@link animationStepCount} steps walking through the options in order, wrapping
 * around, starting at `startIndex` so that the last step lands on the target; delays from
 * {@link stepDelay}.
 */
export function buildAnimationSteps(
  optionCount: number,
  targetIndex: number,
  random: RandomSource,
): { startIndex: number; steps: AnimationStep[] } {
  const count = Math.max(1, optionCount);
  const stepCount = animationStepCount(count, random);
  const startIndex = (((targetIndex - (stepCount - 1)) % count) + count) % count;
  const steps = Array.from({ length: stepCount }, (_, index) => ({
    optionIndex: (startIndex + index) % count,
    delay: stepDelay(index, stepCount),
  }));
  return { startIndex, steps };
}

/** How long an animation runs in ms: the sum of its step delays. */
export function animationDurationMs(animation: Pick<RandomizerAnimation, 'steps'>): number {
  return animation.steps.reduce((total, step) => total + step.delay, 0);
}

/**
 * What identifies one animation run: its `runId`, or — for content written without one — its
 * start index and steps.
 */
export function animationKey(animation: RandomizerAnimation): string {
  return (
    animation.runId ?? JSON.stringify({ startIndex: animation.startIndex, steps: animation.steps })
  );
}

/**
 * Whether a tab that last played the run `playedKey` (null: none yet) should play `animation`
 * now (spec §4: remote updates in animating state play the same animation once per distinct
 * update): true when it is animating and its {@link animationKey} differs from `playedKey`.
 */
export function isNewAnimation(animation: RandomizerAnimation, playedKey: string | null): boolean {
  return animation.state === 'animating' && animationKey(animation) !== playedKey;
}
