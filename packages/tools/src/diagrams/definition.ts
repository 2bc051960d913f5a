/**
 * The Diagrams (spec §3 Diagram collection) registry entry (spec §3 Tool metadata, §4, §5): metadata, the content and
 * operation schemas, validation, defaults and the named operations, joined by defineTool.
 */
import { defineTool } from '../tool.ts';
import { defaultDiagramCollection } from './defaults.ts';
import { diagramOperations, type DiagramOperation } from './operations.ts';
import { diagramContentSchema, lenientDiagramContentSchema } from './schema.ts';
import { DiagramError, type DiagramCollection } from './types.ts';
import { validateDiagramCollection } from './validation.ts';
import { TOOL_METADATA } from '../metadata.ts';

/** The registry entry of diagrams. */
export const diagramsTool = defineTool<DiagramCollection, DiagramOperation>({
  metadata: TOOL_METADATA.diagrams,
  contentSchema: diagramContentSchema,
  lenientContentSchema: lenientDiagramContentSchema,
  operations: diagramOperations,
  parseError: () => new DiagramError('NO_COLLECTION'),
  // Each save of a diagram counts its version and notes when and by whom.
  bookkeepingFields: ['version', 'lastModified', 'modifiedBy'],
  validate: validateDiagramCollection,
  defaultContent: defaultDiagramCollection,
});
