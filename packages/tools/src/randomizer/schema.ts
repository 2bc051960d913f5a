/**
 * zod schemas of randomizer content and operations.
 * BRIDGE: to be replaced by the full schemas (strict and lenient) — see the issue 14 work.
 */
import { z } from 'zod';

import type { RandomizerOperation } from './operations.ts';
import { parseRandomizerContent } from './validation.ts';
import type { RandomizerContent } from './types.ts';

export const RANDOMIZER_OPERATIONS: readonly RandomizerOperation['type'][] = [
  'start',
  'complete',
  'editOptions',
  'setMode',
  'resetUsed',
];

const bridge = z.custom<RandomizerContent>((value) => {
  try {
    parseRandomizerContent(value);
    return true;
  } catch {
    return false;
  }
});

export const randomizerContentSchema: z.ZodType<RandomizerContent> = bridge;
export const lenientRandomizerContentSchema: z.ZodType<RandomizerContent> = bridge;

export const randomizerOperationSchema = z.custom<RandomizerOperation>(
  (value) => typeof value === 'object' && value !== null,
);
