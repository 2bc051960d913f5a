/**
 * The named operations on randomizer content, one per spec §4 Randomizer transition: start,
 * complete, editOptions, setMode and resetUsed. Each is pure: `(content, args, ctx) =>
 * newContent`, never mutating its input and throwing {@link RandomizerError} when a rule refuses
 * it. {@link applyRandomizerOperation} replays a {@link RandomizerOperation} against any content,
 * which is how a save that hit a 409 re-applies the user's change to the latest version (spec §4
 * Tool content); the random pick of a start comes from the operation's `seed`, so a replay draws
 * the same numbers.
 */
import { buildAnimationSteps, randomIndex, seededRandom, type RandomSource } from './animation.ts';
import { idleAnimation } from './defaults.ts';
import { optionsToText, parseOptionsText } from './options.ts';
import {
  RandomizerError,
  type RandomizerContent,
  type RandomizerContext,
  type RepetitionMode,
} from './types.ts';

/** Arguments of {@link start}: a seed for the random pick (see randomSeed in ./animation.ts). */
export interface StartArgs {
  seed: number;
}
/** Arguments of {@link complete}: the `animation.runId` of the run being finished. */
export interface CompleteArgs {
  runId: string;
}
/** Arguments of {@link editOptions}: the options textarea's text, one option per line. */
export interface EditOptionsArgs {
  text: string;
}
/** Arguments of {@link setMode}. */
export interface SetModeArgs {
  mode: RepetitionMode;
}

/** Every named randomizer operation as a serialisable message, discriminated by `type`. */
export type RandomizerOperation =
  | ({ type: 'start' } & StartArgs)
  | ({ type: 'complete' } & CompleteArgs)
  | ({ type: 'editOptions' } & EditOptionsArgs)
  | ({ type: 'setMode' } & SetModeArgs)
  | { type: 'resetUsed' };

/** The `type` of every {@link RandomizerOperation}. */
export type RandomizerOperationType = RandomizerOperation['type'];

function requireContent(content: RandomizerContent | null | undefined): RandomizerContent {
  if (content === null || content === undefined) throw new RandomizerError('NO_CONTENT');
  return content;
}

/**
 * The indices of the options a start may pick (spec §4): every option in 'allow' mode; in
 * 'no-repeat' mode those not in `usedIndices`. Ascending.
 */
export function availableIndices(content: RandomizerContent): number[] {
  const used = content.repetitionMode === 'no-repeat' ? new Set(content.usedIndices) : new Set();
  return content.options.map((_, index) => index).filter((index) => !used.has(index));
}

/** Whether option `index` is shown with the 'used' badge (spec §2: no-repeat mode only). */
export function isUsed(content: RandomizerContent, index: number): boolean {
  return content.repetitionMode === 'no-repeat' && content.usedIndices.includes(index);
}

/**
 * Starts a pick with randomness from `random` (spec §4, §9): while animating, `content` itself is
 * returned; otherwise the target is drawn from {@link availableIndices} and the animation becomes
 * 'animating' with the steps of buildAnimationSteps (last step on the target), step 0 current and
 * a new `runId` from `ctx.newId`; the previous selection is cleared. Throws NO_CONTENT ('No
 * content loaded'), NO_AVAILABLE_OPTIONS ('No available options to select from').
 */
export function startWithRandom(
  content: RandomizerContent | null,
  random: RandomSource,
  ctx: RandomizerContext,
): RandomizerContent {
  const current = requireContent(content);
  if (current.animation.state === 'animating') return current;
  const available = availableIndices(current);
  if (available.length === 0) throw new RandomizerError('NO_AVAILABLE_OPTIONS');
  const target = available[randomIndex(available.length, random)] ?? 0;
  const { startIndex, steps } = buildAnimationSteps(current.options.length, target, random);
  return {
    ...current,
    selectedIndex: null,
    animation: { startIndex, steps, state: 'animating', currentStepIndex: 0, runId: ctx.newId() },
  };
}

/**
 * {@link startWithRandom} with the random source seeded by `args.seed`, so the operation replays
 * identically. Throws as startWithRandom.
 */
export function start(
  content: RandomizerContent | null,
  args: StartArgs,
  ctx: RandomizerContext,
): RandomizerContent {
  return startWithRandom(content, seededRandom(args.seed), ctx);
}

/**
 * Finishes the run `args.runId` (spec §4): the last step's option becomes `selectedIndex`, the
 * state 'completed' and the last step current; in no-repeat mode the index is added to
 * `usedIndices` (once). When that run is not animating any more (already completed, or replaced
 * by another start or an edit) `content` itself is returned. Throws NO_CONTENT.
 */
export function complete(
  content: RandomizerContent | null,
  args: CompleteArgs,
  _ctx?: RandomizerContext,
): RandomizerContent {
  const current = requireContent(content);
  const { animation } = current;
  if (animation.state !== 'animating' || animation.runId !== args.runId) return current;
  const last = animation.steps.at(-1);
  const selectedIndex = last?.optionIndex ?? null;
  const usedIndices =
    current.repetitionMode === 'no-repeat' &&
    selectedIndex !== null &&
    !current.usedIndices.includes(selectedIndex)
      ? [...current.usedIndices, selectedIndex]
      : current.usedIndices;
  return {
    ...current,
    selectedIndex,
    usedIndices,
    animation: {
      ...animation,
      state: 'completed',
      currentStepIndex: Math.max(0, animation.steps.length - 1),
    },
  };
}

/**
 * Replaces the options with those in `args.text` (spec §4, §5: split on newlines, trimmed,
 * blanks dropped; `ui.optionsText` becomes them one per line, editing ends). The selection is
 * cleared and the animation reset to idle; used indices beyond the new option count are dropped
 * (all of them in 'allow' mode). No options at all is left for validation to refuse ('At least
 * one option is required'). Throws NO_CONTENT.
 */
export function editOptions(
  content: RandomizerContent | null,
  args: EditOptionsArgs,
  _ctx?: RandomizerContext,
): RandomizerContent {
  const current = requireContent(content);
  const options = parseOptionsText(args.text);
  const usedIndices =
    current.repetitionMode === 'allow'
      ? []
      : current.usedIndices.filter((index) => index >= 0 && index < options.length);
  return {
    ...current,
    options,
    usedIndices,
    selectedIndex: null,
    animation: idleAnimation(),
    ui: { ...current.ui, isEditing: false, optionsText: optionsToText(options) },
  };
}

/**
 * Switches the repetition mode (spec §4): switching to 'allow' clears the used indices; the mode
 * already in use returns `content` itself. Throws NO_CONTENT.
 */
export function setMode(
  content: RandomizerContent | null,
  args: SetModeArgs,
  _ctx?: RandomizerContext,
): RandomizerContent {
  const current = requireContent(content);
  if (current.repetitionMode === args.mode) return current;
  return {
    ...current,
    repetitionMode: args.mode,
    usedIndices: args.mode === 'allow' ? [] : current.usedIndices,
  };
}

/** Clears the used indices and the selection (spec §4 Reset-used). Throws NO_CONTENT. */
export function resetUsed(
  content: RandomizerContent | null,
  _ctx?: RandomizerContext,
): RandomizerContent {
  const current = requireContent(content);
  return { ...current, usedIndices: [], selectedIndex: null };
}

function assertNever(value: never): never {
  throw new Error(`Unhandled randomizer operation ${JSON.stringify(value)}`);
}

/**
 * Applies one {@link RandomizerOperation} to `content` with the named operation of the same
 * type and returns the new content; throws what that operation throws (NO_CONTENT for null
 * content). With the same `ctx` values the result is the same (spec §4 Tool content).
 */
export function applyRandomizerOperation(
  content: RandomizerContent | null,
  operation: RandomizerOperation,
  ctx: RandomizerContext,
): RandomizerContent {
  switch (operation.type) {
    case 'start':
      return start(content, operation, ctx);
    case 'complete':
      return complete(content, operation, ctx);
    case 'editOptions':
      return editOptions(content, operation, ctx);
    case 'setMode':
      return setMode(content, operation, ctx);
    case 'resetUsed':
      return resetUsed(content, ctx);
    default:
      return assertNever(operation);
  }
}
