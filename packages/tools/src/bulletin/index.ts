/**
 * The Pinboard (bulletin) domain (spec §3–§5, §8, §9): content shapes, defaults, named pure
 * operations and their replay, validation, note dialog rules, expiry, statistics and canvas
 * layout. No React, no I/O.
 */
import { defaultBulletinContent } from './defaults.ts';
import { applyBulletinOperation, type BulletinOperation } from './operations.ts';
import { parseBulletinContent } from './parse.ts';
import type { BulletinContent, BulletinContext } from './types.ts';
import { validateBulletinContent } from './validation.ts';

export * from './types.ts';
export * from './defaults.ts';
export * from './operations.ts';
export * from './validation.ts';
export * from './statistics.ts';
export * from './layout.ts';
export * from './parse.ts';
export * from './markdown-format.ts';
export * from './links.ts';
export * from './note-form.ts';

/**
 * The bulletin domain in the shape of the content lifecycle's `ContentDomain<BulletinContent,
 * BulletinOperation>` (src/tools/content/content-lifecycle.ts): default board, shape check,
 * operations, validation before saving, and the version/lastModified stamp the document keeps.
 */
export const bulletinContentDomain = {
  createDefault: (ctx: BulletinContext): BulletinContent => defaultBulletinContent(ctx),
  parse: (value: unknown): BulletinContent => parseBulletinContent(value),
  apply: (
    content: BulletinContent,
    operation: BulletinOperation,
    ctx: BulletinContext,
  ): BulletinContent => applyBulletinOperation(content, operation, ctx),
  validate: (content: BulletinContent): string[] => validateBulletinContent(content),
  stamp: (
    content: BulletinContent,
    stamp: { version: number; lastModified: string },
  ): BulletinContent => ({ ...content, version: stamp.version, lastModified: stamp.lastModified }),
};
