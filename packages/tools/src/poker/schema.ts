/**
 * zod schemas of poker content and operations.
 * BRIDGE: to be replaced by the full schemas (strict and lenient) — see the issue 14 work.
 */
import { z } from 'zod';

import type { PokerOperation } from './operations.ts';
import { parsePokerContent } from './validation.ts';
import type { PokerContent } from './types.ts';

export const POKER_OPERATIONS: readonly PokerOperation['type'][] = [
  'submitVote',
  'clearVote',
  'reveal',
  'hide',
  'reset',
  'changeScale',
  'selectIssue',
];

const bridge = z.custom<PokerContent>((value) => {
  try {
    parsePokerContent(value);
    return true;
  } catch {
    return false;
  }
});

export const pokerContentSchema: z.ZodType<PokerContent> = bridge;
export const lenientPokerContentSchema: z.ZodType<PokerContent> = bridge;

export const pokerOperationSchema = z.custom<PokerOperation>(
  (value) => typeof value === 'object' && value !== null,
);
