/**
 * zod schemas of Daily Randomizer content (spec §3 Randomizer content); its operations' are
 * derived from their definitions (./operations.ts). The strict and the lenient content schema come from one
 * definition, {@link randomizerContentSchemaFor}; see ParseOptions in ../tool.ts for what each
 * mode is for.
 */
import { z } from 'zod';

import { schemaModeKit, type SchemaMode } from '../schema-modes.ts';
import { idleAnimation } from './defaults.ts';
import { optionsToText } from './options.ts';
import { repetitionModeSchema } from './operations.ts';
import type { AnimationState, RandomizerContent } from './types.ts';

/** spec §3: the animation states, as a schema (its values are {@link AnimationState}). */
export const animationStateSchema = z.enum([
  'idle',
  'animating',
  'completed',
]) satisfies z.ZodType<AnimationState>;

/**
 * The schema of randomizer content (spec §3) in `mode`:
 * - 'strict': every field of {@link RandomizerContent} with its type (ids and timestamps
 *   strings, `version` and the step delays (ms) finite numbers, `selectedIndex`, `usedIndices`,
 *   `startIndex`, `currentStepIndex` and the steps' `optionIndex` whole numbers ≥ 0, options
 *   strings, the modes and states their enums). A missing `animation.runId` (content written
 *   before it existed) is read as null. Fields the spec does not name are kept, at every level.
 * - 'lenient': the same shape, but a missing or mistyped field gets its default (spec §3
 *   defaults: no-repeat, no selection, nothing used, animation idle, not editing; '' for ids and
 *   timestamps, 1 for `version`, the options one per line for `ui.optionsText`), a finite number
 *   where text is expected becomes that text (an option 5 becomes '5'), and list elements of the
 *   wrong type are dropped. Only a value that is not an object, or whose `options` is not an
 *   array, is refused.
 */
export function randomizerContentSchemaFor(mode: SchemaMode): z.ZodType<RandomizerContent> {
  const { lenient, field, defaulted, text, flag, list } = schemaModeKit(mode);
  const index = z.number().int().nonnegative();

  const step = z.looseObject({ optionIndex: index, delay: z.number().nonnegative() });
  const animation = z.looseObject({
    startIndex: field(index, 0),
    steps: field(list(step), []),
    state: field(animationStateSchema, 'idle'),
    currentStepIndex: field(index, 0),
    runId: defaulted(text.nullable(), null),
  });
  const ui = z.looseObject({
    isEditing: flag(false),
    optionsText: field(z.string(), ''),
  });

  const content = z.looseObject({
    id: field(text, ''),
    version: field(z.number(), 1),
    lastModified: field(z.string(), ''),
    createdAt: field(z.string(), ''),
    options: list(text),
    repetitionMode: field(repetitionModeSchema, 'no-repeat'),
    selectedIndex: field(index.nullable(), null),
    usedIndices: field(list(index), []),
    animation: field(animation, animation.parse(idleAnimation())),
    ui: field(ui, { isEditing: false, optionsText: '' }),
  });
  // Lenient only: a missing options text is the options one per line (as editOptions writes it).
  return lenient
    ? content.transform((value) =>
        value.ui.optionsText === '' && value.options.length > 0
          ? { ...value, ui: { ...value.ui, optionsText: optionsToText(value.options) } }
          : value,
      )
    : content;
}

// Built on first use (z.lazy), as the tracker's (../tracker/schema.ts).
/**
 * Strict schema of decrypted randomizer content (spec §3), used on load and before every save:
 * refuses any field of the wrong type, keeps fields it does not know, reads a missing
 * `animation.runId` as null.
 */
export const randomizerContentSchema: z.ZodType<RandomizerContent> = z.lazy(() =>
  randomizerContentSchemaFor('strict'),
);

/**
 * Lenient schema of randomizer content (export of older or foreign shapes): defaults for what is
 * missing or mistyped; refuses only what is not randomizer content (see
 * {@link randomizerContentSchemaFor}).
 */
export const lenientRandomizerContentSchema: z.ZodType<RandomizerContent> = z.lazy(() =>
  randomizerContentSchemaFor('lenient'),
);
