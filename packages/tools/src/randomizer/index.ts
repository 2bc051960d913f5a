/**
 * The Daily Randomizer domain (spec §3–§5, §8, §9): content shape, defaults, options text, the
 * pick animation, the §4 transitions as named pure operations and their replay, validation, how
 * a tab plays a shared run, and the quick-fill lists.
 * No React, no I/O.
 */
import { defaultRandomizerContent } from './defaults.ts';
import { applyRandomizerOperation, type RandomizerOperation } from './operations.ts';
import type { RandomizerContent, RandomizerContext } from './types.ts';
import { parseRandomizerContent, validateRandomizerContent } from './validation.ts';

export * from './types.ts';
export * from './defaults.ts';
export * from './options.ts';
export * from './animation.ts';
export * from './operations.ts';
export * from './validation.ts';
export * from './playback.ts';
export * from './quick-fill.ts';

/**
 * The randomizer domain in the shape of the content lifecycle's `ContentDomain<RandomizerContent,
 * RandomizerOperation>` (src/tools/content/content-lifecycle.ts): default content, shape check,
 * operations, validation before saving, and the version/lastModified stamp the document keeps.
 */
export const randomizerContentDomain = {
  createDefault: (ctx: RandomizerContext): RandomizerContent => defaultRandomizerContent(ctx),
  parse: (value: unknown): RandomizerContent => parseRandomizerContent(value),
  apply: (
    content: RandomizerContent,
    operation: RandomizerOperation,
    ctx: RandomizerContext,
  ): RandomizerContent => applyRandomizerOperation(content, operation, ctx),
  validate: (content: RandomizerContent): string[] => validateRandomizerContent(content),
  stamp: (
    content: RandomizerContent,
    stamp: { version: number; lastModified: string },
  ): RandomizerContent => ({
    ...content,
    version: stamp.version,
    lastModified: stamp.lastModified,
  }),
};
