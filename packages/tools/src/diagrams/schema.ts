/**
 * zod schemas of diagrams content and operations.
 * BRIDGE: to be replaced by the full schemas (strict and lenient) — see the issue 14 work.
 */
import { z } from 'zod';

import type { DiagramOperation } from './operations.ts';
import { parseDiagramCollection } from './parse.ts';
import type { DiagramCollection } from './types.ts';

export const DIAGRAM_OPERATIONS: readonly DiagramOperation['type'][] = [
  'createDiagram',
  'renameDiagram',
  'deleteDiagram',
  'updateDiagramXml',
];

const bridge = z.custom<DiagramCollection>((value) => {
  try {
    parseDiagramCollection(value);
    return true;
  } catch {
    return false;
  }
});

export const diagramContentSchema: z.ZodType<DiagramCollection> = bridge;
export const lenientDiagramContentSchema: z.ZodType<DiagramCollection> = bridge;

export const diagramOperationSchema = z.custom<DiagramOperation>(
  (value) => typeof value === 'object' && value !== null,
);
