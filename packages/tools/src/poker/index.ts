/**
 * The Scrum Poker domain (spec §3–§5, §8, §9): content shape, card decks, defaults, named pure
 * operations and their replay, validation, vote statistics and consensus, estimation take-over
 * and forwarding, and the backlog issue search. No React, no I/O.
 */
import { defaultPokerContent } from './defaults.ts';
import { applyPokerOperation, type PokerOperation } from './operations.ts';
import type { PokerContent, PokerContext } from './types.ts';
import { parsePokerContent, validatePokerContent } from './validation.ts';

export * from './types.ts';
export * from './defaults.ts';
export * from './operations.ts';
export * from './validation.ts';
export * from './statistics.ts';
export * from './estimation.ts';
export * from './issues.ts';
export * from './participants.ts';

/**
 * The poker domain in the shape of the content lifecycle's `ContentDomain<PokerContent,
 * PokerOperation>` (src/tools/content/content-lifecycle.ts): default round, shape check,
 * operations, validation before saving, and the version/lastModified stamp the document keeps.
 */
export const pokerContentDomain = {
  createDefault: (ctx: PokerContext): PokerContent => defaultPokerContent(ctx),
  parse: (value: unknown): PokerContent => parsePokerContent(value),
  apply: (content: PokerContent, operation: PokerOperation, ctx: PokerContext): PokerContent =>
    applyPokerOperation(content, operation, ctx),
  validate: (content: PokerContent): string[] => validatePokerContent(content),
  stamp: (
    content: PokerContent,
    stamp: { version: number; lastModified: string },
  ): PokerContent => ({
    ...content,
    version: stamp.version,
    lastModified: stamp.lastModified,
  }),
};
