/**
 * zod schemas of the Diagrams content (spec §3 Diagram collection, Diagram); its operations' are
 * derived from their definitions (diagramOperations in ./operations.ts). The content schema
 * exists in two modes built from ONE definition ({@link diagramContentSchemaFor}):
 * - strict ({@link diagramContentSchema}, on load and before every save): every field of spec §3
 *   with its type. Fields older collections lack are filled in (timestamps from the collection's,
 *   `description` and `modifiedBy` '', `version` 1, `defaultDiagramId` the first diagram's id);
 *   fields the spec does not name are kept, so a newer client's additions survive;
 * - lenient ({@link lenientDiagramContentSchema}, export of older or foreign shapes): a missing
 *   or mistyped field gets its default as well, a number where text belongs becomes text, list
 *   entries that are not diagrams at all are dropped; only a value without a `diagrams` array
 *   fails.
 * Rules about values (blank names, blank XML) are validation's job (./validation.ts).
 */
import { z } from 'zod';

import { schemaModeKit, type SchemaMode } from '../schema-modes.ts';
import { BLANK_DIAGRAM_XML, DEFAULT_COLLECTION_TITLE } from './defaults.ts';
import type { DiagramCollection } from './types.ts';

const saveCount = z.number().int().nonnegative();

/**
 * The diagram collection schema in `mode` (see SchemaMode in ../schema-modes.ts): `{id, title,
 * diagrams, defaultDiagramId, version, lastModified, createdAt, modifiedBy}` with diagrams `{id,
 * name, diagramXml, lastModified, createdAt, modifiedBy, description, version}` as spec §3 and
 * ./types.ts describe them; ids, texts and timestamps are strings, versions integers >= 0.
 * Required in strict mode: `title`, `diagrams` and each diagram's `id`, `name`, `diagramXml`.
 * Lenient fallbacks: title 'Diagrams', texts and ids '', drawing {@link BLANK_DIAGRAM_XML}.
 */
export function diagramContentSchemaFor(mode: SchemaMode): z.ZodType<DiagramCollection> {
  const { lenient, field, defaulted, text, timestamp, list } = schemaModeKit(mode);
  /** A field older collections lack whose default comes from another field (filled below). */
  function derived<T extends z.ZodType>(schema: T) {
    return lenient ? schema.optional().catch(undefined) : schema.optional();
  }

  const diagram = z.looseObject({
    id: field(text, ''),
    name: field(text, ''),
    diagramXml: field(text, BLANK_DIAGRAM_XML),
    lastModified: derived(timestamp),
    createdAt: derived(timestamp),
    modifiedBy: defaulted(text, ''),
    description: defaulted(text, ''),
    version: defaulted(saveCount, 1),
  });
  return z
    .looseObject({
      id: defaulted(text, ''),
      title: field(text, DEFAULT_COLLECTION_TITLE),
      // In lenient mode entries that are not diagrams at all are dropped.
      diagrams: list(diagram),
      defaultDiagramId: derived(text),
      version: defaulted(saveCount, 1),
      lastModified: derived(timestamp),
      createdAt: defaulted(timestamp, ''),
      modifiedBy: defaulted(text, ''),
    })
    .transform((collection) => {
      const { createdAt } = collection;
      const filled = collection.diagrams.map((entry) => {
        const diagramCreatedAt = entry.createdAt ?? createdAt;
        return {
          ...entry,
          createdAt: diagramCreatedAt,
          lastModified: entry.lastModified ?? diagramCreatedAt,
        };
      });
      return {
        ...collection,
        diagrams: filled,
        defaultDiagramId: collection.defaultDiagramId ?? filled[0]?.id ?? '',
        lastModified: collection.lastModified ?? createdAt,
      };
    });
}

// Built on first use (z.lazy), as the tracker's (../tracker/schema.ts).
/** spec §3 Diagram collection, strict (see {@link diagramContentSchemaFor}); used by parse. */
export const diagramContentSchema = z.lazy(() => diagramContentSchemaFor('strict'));

/** spec §3 Diagram collection, lenient (see {@link diagramContentSchemaFor}); for export. */
export const lenientDiagramContentSchema = z.lazy(() => diagramContentSchemaFor('lenient'));
