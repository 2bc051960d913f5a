/**
 * How one tab plays the shared pick animation (spec §4 Randomizer: "remote updates in animating
 * state trigger the same animation once per distinct update"; spec §9 Randomizer animation) and
 * what its options grid shows meanwhile. The animation is part of the shared document: the
 * member who starts saves the target and the steps, every tab replays exactly those steps, so all
 * land on the same option. Pure state transitions; the screen owns the timers.
 *
 * - A tab plays a run once, identified by {@link animationKey} (its `runId`).
 * - A run already animating when the tab first sees the content (the page opened late) is not
 *   replayed: the tab waits for its result.
 * - With reduced motion the tab skips the walk through the options and lands on the target at
 *   once; the run still lasts as long as for everyone else (`finished` comes after the full
 *   duration), so the starter completes it at the same moment either way.
 */
import { animationDurationMs, animationKey, isNewAnimation } from './animation.ts';
import { isUsed } from './operations.ts';
import type { AnimationStep, RandomizerAnimation, RandomizerContent } from './types.ts';

/**
 * One run being played in this tab: `playing` walks through `steps` (step `stepIndex` is
 * highlighted for its delay); `landed` shows the target while the run's time is not up yet
 * (reduced motion only); `finished` once the whole run has been shown.
 */
export interface Playback {
  key: string;
  runId: string | null;
  steps: AnimationStep[];
  stepIndex: number;
  phase: 'playing' | 'landed' | 'finished';
}

/**
 * What a tab knows about the runs it has seen: whether it has seen content at all, the key of the
 * last run it played (or found running on arrival), and the run it is playing (null: none).
 */
export interface PlayerState {
  initialized: boolean;
  seenKey: string | null;
  playback: Playback | null;
}

/** A tab that has seen no content yet. */
export const INITIAL_PLAYER_STATE: PlayerState = {
  initialized: false,
  seenKey: null,
  playback: null,
};

/**
 * The player after the tab sees `animation` (the shared document's, as saved): on the first
 * content only remembers a run already animating (no replay for a late arrival); later a run it
 * has not played yet starts playing — at step 0, or `landed` on the target with `reducedMotion`.
 * A playback whose run is no longer the document's (options edited, another start) is dropped.
 * Returns `state` itself when nothing changes.
 */
export function observeAnimation(
  state: PlayerState,
  animation: RandomizerAnimation,
  reducedMotion: boolean,
): PlayerState {
  const key = animationKey(animation);
  if (!state.initialized)
    return {
      initialized: true,
      seenKey: animation.state === 'animating' ? key : null,
      playback: null,
    };
  if (isNewAnimation(animation, state.seenKey)) {
    const last = Math.max(0, animation.steps.length - 1);
    const instant = reducedMotion || animation.steps.length === 0;
    return {
      initialized: true,
      seenKey: key,
      playback: {
        key,
        runId: animation.runId,
        steps: animation.steps,
        stepIndex: instant ? last : 0,
        phase: instant ? 'landed' : 'playing',
      },
    };
  }
  if (state.playback !== null && state.playback.key !== key) return { ...state, playback: null };
  return state;
}

/**
 * How long, in ms, the current phase of `playback` lasts before {@link advancePlayback}: the
 * current step's delay while playing; the whole run's duration once landed early (reduced
 * motion); null when finished.
 */
export function playbackDelayMs(playback: Playback): number | null {
  switch (playback.phase) {
    case 'playing':
      return playback.steps[playback.stepIndex]?.delay ?? 0;
    case 'landed':
      return animationDurationMs(playback);
    case 'finished':
      return null;
  }
}

/**
 * The player after the current phase of the run `key` has elapsed: the next step, or `finished`
 * after the last step (or after a landed run's duration). A stale `key` (another run is playing
 * or none) returns `state` itself.
 */
export function advancePlayback(state: PlayerState, key: string): PlayerState {
  const { playback } = state;
  if (playback?.key !== key || playback.phase === 'finished') return state;
  const next: Playback =
    playback.phase === 'playing' && playback.stepIndex + 1 < playback.steps.length
      ? { ...playback, stepIndex: playback.stepIndex + 1 }
      : { ...playback, phase: 'finished' };
  return { ...state, playback: next };
}

/**
 * What the options grid shows (spec §2 /tools/randomizer):
 * - `currentIndex`: the option highlighted by the running animation (null when none);
 * - `selectedIndex`: the option the pick landed on (null while a pick is running unseen);
 * - `usedIndices`: the options with the 'used' badge (no-repeat mode only);
 * - `busy`: a pick is running (controls are busy, spec §4);
 * - `waiting`: a pick is running that this tab does not play (it arrived late): the result is
 *   awaited without revealing it.
 */
export interface RandomizerDisplay {
  currentIndex: number | null;
  selectedIndex: number | null;
  usedIndices: number[];
  busy: boolean;
  waiting: boolean;
}

const inRange = (content: RandomizerContent, index: number | null | undefined): number | null =>
  index !== null && index !== undefined && index >= 0 && index < content.options.length
    ? index
    : null;

/**
 * The grid's view of `content` while this tab's `playback` (null: none) runs. While this tab
 * still walks through a run, neither its target's selection nor its 'used' badge shows, even
 * when the starter's completion has already arrived: the result is revealed when the walk lands.
 */
export function randomizerDisplay(
  content: RandomizerContent,
  playback: Playback | null,
): RandomizerDisplay {
  const animating = content.animation.state === 'animating';
  const used = content.usedIndices.filter(
    (index, position) =>
      isUsed(content, index) &&
      inRange(content, index) !== null &&
      content.usedIndices.indexOf(index) === position,
  );
  const ours = playback !== null && playback.key === animationKey(content.animation);
  if (ours) {
    const target = inRange(content, playback.steps.at(-1)?.optionIndex);
    if (playback.phase === 'playing')
      return {
        currentIndex: inRange(content, playback.steps[playback.stepIndex]?.optionIndex),
        selectedIndex: null,
        usedIndices: used.filter((index) => index !== target),
        busy: true,
        waiting: false,
      };
    return {
      currentIndex: null,
      selectedIndex: target,
      usedIndices: used,
      busy: animating,
      waiting: false,
    };
  }
  if (animating)
    return {
      currentIndex: null,
      selectedIndex: null,
      usedIndices: used,
      busy: true,
      waiting: true,
    };
  return {
    currentIndex: null,
    selectedIndex: inRange(content, content.selectedIndex),
    usedIndices: used,
    busy: false,
    waiting: false,
  };
}

/** How long after a run should have ended, in ms, a tab may complete it for an absent starter. */
export const OVERDUE_RUN_GRACE_MS = 3000;

/**
 * When, in ms from `nowMs`, a tab may complete the animating run of `content` itself because its
 * starter did not (the starter closed the tab mid-run): the run's end — `lastModified` (when the
 * start was saved) plus its duration — plus {@link OVERDUE_RUN_GRACE_MS}, but never sooner than
 * the grace nor later than the whole run plus the grace from now (clocks of members differ).
 * null when nothing is animating. Completing twice is harmless: `complete` finishes a run once.
 */
export function overdueRunDelayMs(content: RandomizerContent, nowMs: number): number | null {
  if (content.animation.state !== 'animating') return null;
  const longest = animationDurationMs(content.animation) + OVERDUE_RUN_GRACE_MS;
  const startedMs = Date.parse(content.lastModified);
  if (!Number.isFinite(startedMs)) return longest;
  return Math.min(longest, Math.max(OVERDUE_RUN_GRACE_MS, startedMs + longest - nowMs));
}
