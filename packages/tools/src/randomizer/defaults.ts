/**
 * Default content of the Daily Randomizer (spec §3 Randomizer content defaults; spec §4 Tool
 * content: created and saved when the server has none).
 */
import type { RandomizerAnimation, RandomizerContent, RandomizerContext } from './types.ts';

/** spec §3: the options a new randomizer starts with. */
export const DEFAULT_OPTIONS: readonly string[] = ['Option 1', 'Option 2', 'Option 3'];

/** The animation at rest (spec §3 "animation idle"): no steps, no run. */
export function idleAnimation(): RandomizerAnimation {
  return { startIndex: 0, steps: [], state: 'idle', currentStepIndex: 0, runId: null };
}

/**
 * The content the randomizer starts with (spec §3): version 1, options 'Option 1'–'Option 3',
 * no-repeat mode, no selection, nothing used, idle animation, not editing with the options as
 * text (one per line). The id comes from `ctx.newId`, createdAt and lastModified from one call
 * of `ctx.now`.
 */
export function defaultRandomizerContent(ctx: RandomizerContext): RandomizerContent {
  const now = ctx.now();
  return {
    id: ctx.newId(),
    version: 1,
    lastModified: now,
    createdAt: now,
    options: [...DEFAULT_OPTIONS],
    repetitionMode: 'no-repeat',
    selectedIndex: null,
    usedIndices: [],
    animation: idleAnimation(),
    ui: { isEditing: false, optionsText: DEFAULT_OPTIONS.join('\n') },
  };
}
