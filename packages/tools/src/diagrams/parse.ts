/**
 * Shape check of decrypted Diagrams content (spec §3 Diagram collection): the server only holds
 * ciphertext, so after decryption the client makes sure it really is a diagram collection before
 * rendering or changing it. Optional fields a diagram lacks get their defaults; rules about
 * values (blank names, blank XML) are validation's job (./validation.ts).
 */
import { DiagramError, type Diagram, type DiagramCollection } from './types.ts';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const stringOr = (value: unknown, fallback: string): string =>
  typeof value === 'string' ? value : fallback;

const versionOr = (value: unknown, fallback: number): number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : fallback;

function parseDiagram(value: unknown, collectionTime: string): Diagram {
  if (
    !isRecord(value) ||
    typeof value.id !== 'string' ||
    typeof value.name !== 'string' ||
    typeof value.diagramXml !== 'string'
  )
    throw new DiagramError('NO_COLLECTION');
  const createdAt = stringOr(value.createdAt, collectionTime);
  return {
    id: value.id,
    name: value.name,
    diagramXml: value.diagramXml,
    lastModified: stringOr(value.lastModified, createdAt),
    createdAt,
    modifiedBy: stringOr(value.modifiedBy, ''),
    description: stringOr(value.description, ''),
    version: versionOr(value.version, 1),
  };
}

/**
 * `value` as a diagram collection when it has the collection's shape: an object with a string
 * `title` and a `diagrams` array whose entries have string `id`, `name` and `diagramXml`.
 * Missing optional fields are filled in (timestamps from the collection's, `description` '',
 * `version` 1, `defaultDiagramId` the first diagram's id); unknown fields are dropped.
 * Throws DiagramError('NO_COLLECTION') otherwise.
 */
export function parseDiagramCollection(value: unknown): DiagramCollection {
  if (!isRecord(value) || typeof value.title !== 'string' || !Array.isArray(value.diagrams))
    throw new DiagramError('NO_COLLECTION');
  const createdAt = stringOr(value.createdAt, '');
  const lastModified = stringOr(value.lastModified, createdAt);
  const diagrams = value.diagrams.map((entry) => parseDiagram(entry, createdAt));
  return {
    id: stringOr(value.id, ''),
    title: value.title,
    diagrams,
    defaultDiagramId: stringOr(value.defaultDiagramId, diagrams[0]?.id ?? ''),
    version: versionOr(value.version, 1),
    lastModified,
    createdAt,
    modifiedBy: stringOr(value.modifiedBy, ''),
  };
}
