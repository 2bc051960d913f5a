/**
 * Shapes of the Daily Randomizer content (spec §3 Randomizer content), the animation constants
 * (spec §9 Randomizer animation) and the one error type every randomizer rule throws (spec §8
 * Randomizer).
 */

import { DomainError, type DomainContext } from '../shared.ts';

/** spec §3: whether an option may be picked again ('allow') or only once per round ('no-repeat'). */
export type RepetitionMode = 'allow' | 'no-repeat';

/** Every repetition mode, in the order of the mode toggle (spec §2). */
export const REPETITION_MODES: readonly RepetitionMode[] = ['no-repeat', 'allow'];

/** spec §3/§4: the animation's states. */
export type AnimationState = 'idle' | 'animating' | 'completed';

/** spec §3: one step of the animation: the option highlighted and how long, in ms, it stays. */
export interface AnimationStep {
  optionIndex: number;
  delay: number;
}

/**
 * spec §3 animation {startIndex, steps, state, currentStepIndex}. `runId` (not named by the spec)
 * identifies one run of the animation, from start to completion: it tells a new run from an
 * update of the same one (spec §4: remote animations play once per distinct update), and lets
 * `complete` finish only the run it was started for. null while idle.
 */
export interface RandomizerAnimation {
  startIndex: number;
  steps: AnimationStep[];
  state: AnimationState;
  currentStepIndex: number;
  runId: string | null;
}

/** spec §3 ui {isEditing, optionsText}: `optionsText` is the saved options, one per line. */
export interface RandomizerUi {
  isEditing: boolean;
  optionsText: string;
}

/**
 * spec §3 Randomizer content. `selectedIndex` is the picked option's index (null when none);
 * `usedIndices` the options already picked in no-repeat mode; timestamps are ISO 8601. The
 * content lifecycle, not the operations, advances `version` and `lastModified`.
 */
export interface RandomizerContent {
  id: string;
  version: number;
  lastModified: string;
  createdAt: string;
  options: string[];
  repetitionMode: RepetitionMode;
  selectedIndex: number | null;
  usedIndices: number[];
  animation: RandomizerAnimation;
  ui: RandomizerUi;
}

/** spec §9: an animation has at least this many steps. */
export const ANIMATION_MIN_STEPS = 10;
/** spec §9: an animation has at least this many times the option count in steps… */
export const ANIMATION_MIN_STEPS_PER_OPTION = 2;
/** …and at most this many times (unless {@link ANIMATION_MIN_STEPS} is more). */
export const ANIMATION_MAX_STEPS_PER_OPTION = 4;
/** spec §9: the delay of the first step, in ms. */
export const ANIMATION_FIRST_DELAY_MS = 50;
/** spec §9: the delay of the last step, in ms. */
export const ANIMATION_LAST_DELAY_MS = 300;

/** Time and identity for randomizer operations (see DomainContext). */
export type RandomizerContext = DomainContext;

/** Why a randomizer operation was refused; each code has one English text in {@link RANDOMIZER_MESSAGES}. */
export type RandomizerErrorCode = 'NO_CONTENT' | 'NO_AVAILABLE_OPTIONS';

/** English text of each {@link RandomizerErrorCode}, verbatim from spec §8 Randomizer. */
export const RANDOMIZER_MESSAGES: Readonly<Record<RandomizerErrorCode, string>> = {
  NO_CONTENT: 'No content loaded',
  NO_AVAILABLE_OPTIONS: 'No available options to select from',
};

/**
 * A randomizer rule refused an operation (spec §8 Randomizer). `code` is the stable key for
 * translation, `message` the spec's English text.
 */
export class RandomizerError extends DomainError<RandomizerErrorCode> {
  constructor(code: RandomizerErrorCode) {
    super(code, RANDOMIZER_MESSAGES[code]);
    this.name = 'RandomizerError';
  }
}
