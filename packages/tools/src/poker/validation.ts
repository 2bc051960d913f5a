/**
 * Validation of Scrum Poker content before every save (spec §5 Poker content). The shape check
 * of decrypted content is the content schema (./schema.ts).
 */
import { POKER_SCALES, type PokerContent } from './types.ts';

/** Why poker content is invalid; each code has one English text in {@link POKER_VALIDATION_MESSAGES}. */
export type PokerValidationCode =
  'ESTIMATIONS_NOT_ARRAY' | 'SETTINGS_REQUIRED' | 'IS_REVEALED_NOT_BOOLEAN' | 'INVALID_SCALE';

/** English text of each {@link PokerValidationCode}, verbatim from spec §5 Poker content. */
export const POKER_VALIDATION_MESSAGES: Readonly<Record<PokerValidationCode, string>> = {
  ESTIMATIONS_NOT_ARRAY: 'Estimations must be an array',
  SETTINGS_REQUIRED: 'Settings are required',
  IS_REVEALED_NOT_BOOLEAN: 'isRevealed must be a boolean',
  INVALID_SCALE: 'Invalid scale value',
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The problem codes of `content` (spec §5), checked at runtime in this order: estimations not an
 * array; settings missing; isRevealed not a boolean; scale neither 'fibonacci' nor 'tshirt'.
 */
export function pokerProblems(content: PokerContent): PokerValidationCode[] {
  // Decrypted data is only typed by assertion, so each field is checked as unknown.
  const value: Record<string, unknown> = { ...content };
  const problems: PokerValidationCode[] = [];
  if (!Array.isArray(value.estimations)) problems.push('ESTIMATIONS_NOT_ARRAY');
  if (!isRecord(value.settings)) problems.push('SETTINGS_REQUIRED');
  if (typeof value.isRevealed !== 'boolean') problems.push('IS_REVEALED_NOT_BOOLEAN');
  if (!(POKER_SCALES as readonly unknown[]).includes(value.scale)) problems.push('INVALID_SCALE');
  return problems;
}

/**
 * The English messages of {@link pokerProblems}, e.g. `['Invalid scale value']` (spec §5 Poker
 * content). Empty when the content may be saved.
 */
export function validatePokerContent(content: PokerContent): string[] {
  return pokerProblems(content).map((code) => POKER_VALIDATION_MESSAGES[code]);
}
