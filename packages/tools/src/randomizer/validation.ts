/**
 * Validation of randomizer content before every save (spec §5 Randomizer content). The shape
 * check of decrypted content is the content schema (./schema.ts).
 */
import { REPETITION_MODES, type RandomizerContent } from './types.ts';

/** Why randomizer content is invalid; each code has one English text in {@link RANDOMIZER_VALIDATION_MESSAGES}. */
export type RandomizerValidationCode =
  | 'OPTIONS_NOT_ARRAY'
  | 'OPTION_REQUIRED'
  | 'INVALID_REPETITION_MODE'
  | 'ANIMATION_REQUIRED'
  | 'UI_REQUIRED';

/** English text of each {@link RandomizerValidationCode}, verbatim from spec §5. */
export const RANDOMIZER_VALIDATION_MESSAGES: Readonly<Record<RandomizerValidationCode, string>> = {
  OPTIONS_NOT_ARRAY: 'Options must be an array',
  OPTION_REQUIRED: 'At least one option is required',
  INVALID_REPETITION_MODE: 'Invalid repetition mode',
  ANIMATION_REQUIRED: 'Animation configuration is required',
  UI_REQUIRED: 'UI configuration is required',
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The problem codes of `content` (spec §5), checked at runtime in this order: options not an
 * array, or empty; repetition mode neither 'allow' nor 'no-repeat'; animation missing; ui
 * missing.
 */
export function randomizerProblems(content: RandomizerContent): RandomizerValidationCode[] {
  // Decrypted data is only typed by assertion, so each field is checked as unknown.
  const value: Record<string, unknown> = { ...content };
  const problems: RandomizerValidationCode[] = [];
  if (!Array.isArray(value.options)) problems.push('OPTIONS_NOT_ARRAY');
  else if (value.options.length === 0) problems.push('OPTION_REQUIRED');
  if (!(REPETITION_MODES as readonly unknown[]).includes(value.repetitionMode)) {
    problems.push('INVALID_REPETITION_MODE');
  }
  if (!isRecord(value.animation)) problems.push('ANIMATION_REQUIRED');
  if (!isRecord(value.ui)) problems.push('UI_REQUIRED');
  return problems;
}

/**
 * The English messages of {@link randomizerProblems}, e.g. `['At least one option is required']`
 * (spec §5). Empty when the content may be saved.
 */
export function validateRandomizerContent(content: RandomizerContent): string[] {
  return randomizerProblems(content).map((code) => RANDOMIZER_VALIDATION_MESSAGES[code]);
}
