/**
 * zod schemas of bulletin content and operations.
 * BRIDGE: to be replaced by the full schemas (strict and lenient) — see the issue 14 work.
 */
import { z } from 'zod';

import type { BulletinOperation } from './operations.ts';
import { parseBulletinContent } from './parse.ts';
import type { BulletinContent } from './types.ts';

export const BULLETIN_OPERATIONS: readonly BulletinOperation['type'][] = [
  'addPost',
  'updatePost',
  'deletePost',
  'movePost',
];

const bridge = z.custom<BulletinContent>((value) => {
  try {
    parseBulletinContent(value);
    return true;
  } catch {
    return false;
  }
});

export const bulletinContentSchema: z.ZodType<BulletinContent> = bridge;
export const lenientBulletinContentSchema: z.ZodType<BulletinContent> = bridge;

export const bulletinOperationSchema = z.custom<BulletinOperation>(
  (value) => typeof value === 'object' && value !== null,
);
