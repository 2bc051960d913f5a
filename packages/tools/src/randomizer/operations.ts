/**
 * The named operations on randomizer content, one per spec §4 Randomizer transition: start,
 * complete, editOptions, setMode and resetUsed. Each is pure: `(content, args, ctx) =>
 * newContent`, never mutating its input and throwing {@link RandomizerError} when a rule refuses
 * it. {@link applyRandomizerOperation} replays a {@link RandomizerOperation} against any content,
 * which is how a save that hit a 409 re-applies the user's change to the latest version (spec §4
 * Tool content); the random pick of a start comes from the operation's `seed`, so a replay draws
 * the same numbers.
 */
import { z } from 'zod';

import { operationDefiner, operationSet, type OperationSetOp } from '../define-operation.ts';
import { EditConflictError, mergeLists } from '../edits.ts';
import { buildAnimationSteps, randomIndex, seededRandom, type RandomSource } from './animation.ts';
import { idleAnimation } from './defaults.ts';
import { optionsToText, parseOptionsText } from './options.ts';
import {
  RandomizerError,
  type RandomizerContent,
  type RandomizerContext,
  type RepetitionMode,
} from './types.ts';

/** spec §3: 'allow' or 'no-repeat', as a schema (its values are {@link RepetitionMode}). */
export const repetitionModeSchema = z.enum([
  'no-repeat',
  'allow',
]) satisfies z.ZodType<RepetitionMode>;

const startArgs = z.object({ seed: z.number() });
const completeArgs = z.object({ runId: z.string() });
const editOptionsArgs = z.object({ text: z.string(), from: z.array(z.string()).optional() });
const setModeArgs = z.object({ mode: repetitionModeSchema });
const noArgs = z.object({});

/** Arguments of {@link start}: a seed for the random pick (see randomSeed in ./animation.ts). */
export type StartArgs = z.output<typeof startArgs>;
/** Arguments of {@link complete}: the `animation.runId` of the run being finished. */
export type CompleteArgs = z.output<typeof completeArgs>;
/**
 * Arguments of {@link editOptions}: the options textarea's text, one option per line, and,
 * optionally, `from` — the options when the member started editing (spec §4 version conflict:
 * a teammate's change to the list meanwhile is merged, never overwritten silently). Without
 * `from` (older clients, history) the text replaces the list.
 */
export type EditOptionsArgs = z.output<typeof editOptionsArgs>;
/** Arguments of {@link setMode}. */
export type SetModeArgs = z.output<typeof setModeArgs>;

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
 * Sets the options to those in `args.text` (spec §4, §5: split on newlines, trimmed, blanks
 * dropped; `ui.optionsText` becomes them one per line, editing ends). The selection is cleared
 * and the animation reset to idle. No options at all is left for validation to refuse ('At
 * least one option is required'). Throws NO_CONTENT.
 *
 * Without `args.from` the text replaces the list and used indices beyond the new option count
 * are dropped. With `args.from` (the options when the member started editing) it is a three-way
 * merge item by item ({@link mergeLists}: base `from`, mine the options of the text, theirs the
 * stored options): both members' additions are kept, a rename or removal by one and an addition
 * by the other both apply. Used indices then follow their option's text (the k-th used "Ann"
 * stays on the k-th "Ann"); those whose option is gone are dropped. When the stored options
 * already are the merge (someone made the same change) `content` itself is returned. When both
 * changed the same options differently it throws EditConflictError with one conflict `{field:
 * 'options', from, mine, theirs}` (lists of options) and entityId null; nothing is changed.
 * In 'allow' mode the used indices are cleared either way.
 */
export function editOptions(
  content: RandomizerContent | null,
  args: EditOptionsArgs,
  _ctx?: RandomizerContext,
): RandomizerContent {
  const current = requireContent(content);
  const mine = parseOptionsText(args.text);
  let options = mine;
  let usedIndices = current.usedIndices.filter((index) => index >= 0 && index < options.length);
  if (args.from !== undefined) {
    const merged = mergeLists(args.from, mine, current.options);
    if (merged === null)
      throw new EditConflictError(
        [{ field: 'options', from: args.from, mine, theirs: current.options }],
        null,
      );
    if (sameOptions(merged, current.options)) return current;
    options = merged;
    usedIndices = remapByText(current.usedIndices, current.options, merged);
  }
  return {
    ...current,
    options,
    usedIndices: current.repetitionMode === 'allow' ? [] : usedIndices,
    selectedIndex: null,
    animation: idleAnimation(),
    ui: { ...current.ui, isEditing: false, optionsText: optionsToText(options) },
  };
}

function sameOptions(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((option, index) => option === b[index]);
}

/**
 * `indices` into `before`, moved to the same option texts in `after`: the k-th occurrence of a
 * text maps to the k-th occurrence in `after` (options may repeat); indices whose option is not
 * there any more are dropped. Order kept; distinct indices stay distinct.
 */
function remapByText(
  indices: readonly number[],
  before: readonly string[],
  after: readonly string[],
): number[] {
  const positions = new Map<string, number[]>();
  after.forEach((option, index) => {
    const list = positions.get(option);
    if (list) list.push(index);
    else positions.set(option, [index]);
  });
  const remapped: number[] = [];
  for (const index of indices) {
    const option = before[index];
    if (option === undefined) continue;
    const occurrence = before.slice(0, index).filter((other) => other === option).length;
    const target = positions.get(option)?.[occurrence];
    if (target !== undefined) remapped.push(target);
  }
  return remapped;
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

// ---------------------------------------------------------------------------------------------
// Definitions: each operation's name, arguments, apply and activity entry (spec §3 Activity log
// entry; entityType 'option', entityId the content's id unless said otherwise).

// Every randomizer operation works on RandomizerContent with RandomizerContext.
const defineRandomizerOperation = operationDefiner<RandomizerContent, RandomizerContext>();

const startOperation = defineRandomizerOperation({
  name: 'start',
  args: startArgs,
  apply: start,
  doc: {
    summary: 'Starts a random pick: the animation runs towards the option drawn.',
    preconditions: [
      'At least one option is available: in `no-repeat` mode one not in `usedIndices`, in `allow` mode any (else NO_AVAILABLE_OPTIONS).',
    ],
    effects: [
      'While `animation.state` is `animating` the content is returned unchanged.',
      'Randomness comes only from `seed`, by mulberry32 (`seededRandom`, src/randomizer/animation.ts): `state` = `Math.trunc(seed) >>> 0`; each draw does `state = (state + 0x6d2b79f5) >>> 0; t = state; t = imul(t ^ (t >>> 15), t | 1); t ^= t + imul(t ^ (t >>> 7), t | 61); r = ((t ^ (t >>> 14)) >>> 0) / 2^32`.',
      'The target is `available[floor(r × available.length)]`, the available indices in ascending order; with a single available index no number is drawn for it.',
      'The step count is `max(10, 2n + floor(r × (2n + 1)))` with the next draw, n the number of options.',
      '`startIndex` = (target − (steps − 1)) mod n, taken non-negative; step i highlights option (startIndex + i) mod n, with `delay` = Math.round(50 + 250 × (1 − (1 − i / (steps − 1))³)) ms, so the last step is on the target.',
      '`animation` = `{startIndex, steps: [{optionIndex, delay}], state: animating, currentStepIndex: 0, runId: newId()}` (`runId` the operation id); `selectedIndex` becomes null.',
    ],
    errors: { NO_AVAILABLE_OPTIONS: 'no option is available' },
    inverse: 'A `patch` restoring `animation` and `selectedIndex`.',
  },
  describe: (_args, before, after) => {
    const count = availableIndices(before).length;
    return {
      entityType: 'option',
      entityId: after.id,
      details: `Started a draw among ${count} options`,
      oldValue: { state: before.animation.state, selectedIndex: before.selectedIndex },
      newValue: { state: after.animation.state, runId: after.animation.runId },
      params: { count },
    };
  },
});

// entityId: the drawn option's 0-based index as text.
const completeOperation = defineRandomizerOperation({
  name: 'complete',
  args: completeArgs,
  apply: complete,
  doc: {
    summary: 'Finishes the animation run `runId`: its last step is the pick.',
    preconditions: [],
    effects: [
      'When `animation` is not `animating` with this `runId` (already completed, or replaced by another start or an edit), the content is returned unchanged.',
      '`selectedIndex` = the `optionIndex` of the last step; `animation.state` = `completed`, `animation.currentStepIndex` = the last step.',
      'In `no-repeat` mode the selected index is appended to `usedIndices` unless already there.',
    ],
    errors: {},
    inverse: 'A `patch` restoring `selectedIndex`, `usedIndices` and `animation`.',
  },
  describe: (_args, before, after) => {
    const index = after.selectedIndex;
    const option = index === null ? '' : (after.options[index] ?? '');
    return {
      entityType: 'option',
      entityId: index === null ? '' : String(index),
      details: `Drew "${option}"`,
      oldValue: { selectedIndex: before.selectedIndex, usedIndices: before.usedIndices },
      newValue: { selectedIndex: index, option, usedIndices: after.usedIndices },
      params: { option },
    };
  },
});

const editOptionsOperation = defineRandomizerOperation({
  name: 'editOptions',
  args: editOptionsArgs,
  apply: editOptions,
  doc: {
    summary: 'Sets the options from the text of the options field, one per line.',
    preconditions: [
      'With `from` (the options when the member started editing): the merge of the text with the stored options succeeds (else EDIT_CONFLICT).',
    ],
    effects: [
      'The options are the lines of `text` (split on `\\r\\n`, `\\r` or `\\n`), trimmed, blanks dropped. No options at all is allowed here and refused by validation on save.',
      'Without `from`: they replace `options`; used indices beyond the new count are dropped.',
      'With `from`: a three-way merge item by item (diff3: base `from`, mine the lines, theirs the stored options) gives the options; when that equals the stored options the content is returned unchanged; used indices follow the text of their option (the k-th used `Ann` stays on the k-th `Ann`), those whose option is gone are dropped.',
      'In `allow` mode `usedIndices` becomes [].',
      '`selectedIndex` = null; `animation` = idle (`{startIndex: 0, steps: [], state: idle, currentStepIndex: 0, runId: null}`); `ui.isEditing` = false and `ui.optionsText` = the options joined by `\\n`.',
    ],
    errors: {
      EDIT_CONFLICT:
        'with `from`: both changed the same options differently (one conflict on `options` with the three lists, `entityId` null)',
    },
    inverse: 'A `patch` restoring `options`, `usedIndices`, `selectedIndex`, `animation` and `ui`.',
  },
  describe: (_args, before, after) => {
    const count = after.options.length;
    return {
      entityType: 'option',
      entityId: after.id,
      details: `Set ${count} options`,
      oldValue: { options: before.options },
      newValue: { options: after.options },
      params: { count },
    };
  },
});

// Its sentence's variant: 'allow' or 'noRepeat'.
const setModeOperation = defineRandomizerOperation({
  name: 'setMode',
  args: setModeArgs,
  apply: setMode,
  doc: {
    summary: 'Switches the repetition mode.',
    preconditions: [],
    effects: [
      'The mode already in use leaves the content unchanged.',
      'Otherwise `repetitionMode` = `mode`; switching to `allow` clears `usedIndices`.',
    ],
    errors: {},
    inverse: 'A `patch` restoring `repetitionMode` and `usedIndices`.',
  },
  describe: (_args, before, after) => ({
    entityType: 'option',
    entityId: after.id,
    details: `Set the repetition mode to "${after.repetitionMode}"`,
    oldValue: { repetitionMode: before.repetitionMode, usedIndices: before.usedIndices },
    newValue: { repetitionMode: after.repetitionMode, usedIndices: after.usedIndices },
    params: { mode: after.repetitionMode },
    variant: after.repetitionMode === 'allow' ? 'allow' : 'noRepeat',
  }),
});

const resetUsedOperation = defineRandomizerOperation({
  name: 'resetUsed',
  args: noArgs,
  apply: (content, _args, ctx) => resetUsed(content, ctx),
  doc: {
    summary: 'Makes every option available again.',
    preconditions: [],
    effects: [
      '`usedIndices` becomes [] and `selectedIndex` null (a new object even when they already were).',
    ],
    errors: {},
    inverse: 'A `patch` restoring `usedIndices` and `selectedIndex`.',
  },
  describe: (_args, before, after) => {
    const count = before.usedIndices.length;
    return {
      entityType: 'option',
      entityId: after.id,
      details: `Reset ${count} used options`,
      oldValue: { usedIndices: before.usedIndices, selectedIndex: before.selectedIndex },
      newValue: { usedIndices: after.usedIndices, selectedIndex: after.selectedIndex },
      params: { count },
    };
  },
});

/**
 * Every named randomizer operation (spec §4 Randomizer) in one set: `schema` checks
 * `{type, ...args}` (start {seed: finite number}, complete {runId: string}, editOptions {text:
 * string, from?: string[]}, setMode {mode: 'allow' | 'no-repeat'}, resetUsed), `apply` replays
 * one against any content — how a save that hit a 409 re-applies the member's change to the
 * latest version (spec §4 Tool content) — and `describe` gives its activity entry.
 */
export const randomizerOperations = operationSet([
  startOperation,
  completeOperation,
  editOptionsOperation,
  setModeOperation,
  resetUsedOperation,
]);

/** Every named randomizer operation as a serialisable message, discriminated by `type`. */
export type RandomizerOperation = OperationSetOp<typeof randomizerOperations>;

/** The `type` of every {@link RandomizerOperation}. */
export type RandomizerOperationType = RandomizerOperation['type'];

/**
 * Applies one {@link RandomizerOperation} to `content` with the named operation of the same
 * type and returns the new content; throws what that operation throws (NO_CONTENT for null
 * content). With the same `ctx` values the result is the same (spec §4 Tool content).
 */
export const applyRandomizerOperation = randomizerOperations.apply;
