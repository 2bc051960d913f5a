/**
 * The Diagrams domain (spec §3–§5, §8, §9): the collection's shapes, default content with its
 * welcome drawing, named pure operations and their replay, validation and the shape check of
 * decrypted content. No React, no I/O.
 */
import { defaultDiagramCollection } from './defaults.ts';
import { applyDiagramOperation, type DiagramOperation } from './operations.ts';
import { parseDiagramCollection } from './parse.ts';
import type { DiagramCollection, DiagramsContext } from './types.ts';
import { validateDiagramCollection } from './validation.ts';

export * from './types.ts';
export * from './defaults.ts';
export * from './operations.ts';
export * from './validation.ts';
export * from './parse.ts';

/**
 * The diagrams domain in the shape of the content lifecycle's `ContentDomain<DiagramCollection,
 * DiagramOperation>` (src/tools/content/content-lifecycle.ts): default collection, shape check,
 * operations, validation before saving, and the version/lastModified stamp the collection keeps.
 */
export const diagramsContentDomain = {
  createDefault: (ctx: DiagramsContext): DiagramCollection => defaultDiagramCollection(ctx),
  parse: (value: unknown): DiagramCollection => parseDiagramCollection(value),
  apply: (
    collection: DiagramCollection,
    operation: DiagramOperation,
    ctx: DiagramsContext,
  ): DiagramCollection => applyDiagramOperation(collection, operation, ctx),
  validate: (collection: DiagramCollection): string[] => validateDiagramCollection(collection),
  stamp: (
    collection: DiagramCollection,
    stamp: { version: number; lastModified: string },
  ): DiagramCollection => ({
    ...collection,
    version: stamp.version,
    lastModified: stamp.lastModified,
  }),
};
