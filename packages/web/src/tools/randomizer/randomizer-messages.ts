/**
 * Translated texts of the Daily Randomizer (spec §5 Randomizer content, §8 Randomizer): a
 * refused operation, content that fails validation, and the `{action}` of 'Failed to {action}.
 * Please try again.' (spec §8: option save, mode change, start and reset errors release the busy
 * state and are reported).
 */
import {
  RandomizerError,
  RANDOMIZER_VALIDATION_MESSAGES,
  type RandomizerErrorCode,
  type RandomizerValidationCode,
} from '@cipherspace/tools/randomizer';
import type { FlashMessage } from '../../lib/use-flash-message.ts';
import { m } from '../../paraglide/messages.js';
import { ContentValidationError, type PerformResult } from '@cipherspace/sync';
import { performMessage } from '../content/tool-messages.ts';
import type { ToolPerformTexts } from '../content/use-tool-perform.ts';

const ERROR_TEXT: Record<RandomizerErrorCode, () => string> = {
  NO_CONTENT: m.randomizer_error_no_content,
  NO_AVAILABLE_OPTIONS: m.randomizer_error_no_available,
};

const VALIDATION_TEXT: Record<RandomizerValidationCode, () => string> = {
  OPTIONS_NOT_ARRAY: m.randomizer_error_options_not_array,
  OPTION_REQUIRED: m.randomizer_error_option_required,
  INVALID_REPETITION_MODE: m.randomizer_error_invalid_mode,
  ANIMATION_REQUIRED: m.randomizer_error_animation_required,
  UI_REQUIRED: m.randomizer_error_ui_required,
};

// The validation messages arrive as the spec's English texts; map them back to their codes.
const CODE_OF_PROBLEM = new Map<string, RandomizerValidationCode>(
  (Object.keys(RANDOMIZER_VALIDATION_MESSAGES) as RandomizerValidationCode[]).map((code) => [
    RANDOMIZER_VALIDATION_MESSAGES[code],
    code,
  ]),
);

/** The translated text of a {@link RandomizerError}; null for any other error. */
export function describeRandomizerError(error: unknown): string | null {
  return error instanceof RandomizerError ? ERROR_TEXT[error.code]() : null;
}

/** The translated text of one spec §5 validation message (unknown texts are returned as they are). */
export function translateValidationProblem(problem: string): string {
  const code = CODE_OF_PROBLEM.get(problem);
  return code === undefined ? problem : VALIDATION_TEXT[code]();
}

/**
 * `text` with every spec §5 validation message in it (English, as a shared message joins them)
 * translated; other text is kept as it is.
 */
export function translateValidationProblems(text: string): string {
  let translated = text;
  for (const [problem, code] of CODE_OF_PROBLEM)
    translated = translated.replaceAll(problem, VALIDATION_TEXT[code]());
  return translated;
}

/** What the randomizer screen does, for 'Failed to {action}. Please try again.' */
export type RandomizerAction = 'saveOptions' | 'changeMode' | 'start' | 'complete' | 'resetUsed';

const ACTION_TEXT: Record<RandomizerAction, () => string> = {
  saveOptions: m.randomizer_action_save_options,
  changeMode: m.randomizer_action_change_mode,
  start: m.randomizer_action_start,
  complete: m.randomizer_action_complete,
  resetUsed: m.randomizer_action_reset_used,
};

/** The randomizer's texts for useToolEdit (the options editor's saves). */
export const RANDOMIZER_PERFORM_TEXTS: ToolPerformTexts<RandomizerAction> = {
  actionText: (action) => ACTION_TEXT[action](),
  describeError: describeRandomizerError,
};

/**
 * The message after a randomizer operation, or null when it was saved: the refused rule's text
 * (e.g. 'No available options to select from'), the translated validation problems ('At least
 * one option is required'), the version-conflict texts, or 'Failed to {action}. Please try
 * again.'.
 */
export function randomizerPerformMessage(
  result: PerformResult<unknown>,
  action: RandomizerAction,
): FlashMessage | null {
  if (result.status === 'invalid' && result.error instanceof ContentValidationError)
    return { kind: 'error', text: result.error.problems.map(translateValidationProblem).join(' ') };
  return performMessage(result, ACTION_TEXT[action](), describeRandomizerError);
}
