/**
 * fast-check arbitraries of Diagrams operations (test-only, spec §4 Diagrams): what the property
 * tests of the operations (./operations.property.test.ts) and of their inverses
 * (./inverse.property.test.ts) generate against the current collection.
 */
import fc from 'fast-check';

import { BLANK_DIAGRAM_XML } from './defaults.ts';
import type { DiagramOperation } from './operations.ts';
import type { DiagramCollection } from './types.ts';

// Texts users type: anything, including blanks, whitespace only, long and non-ASCII ones.
const text = fc.oneof(
  { arbitrary: fc.string({ maxLength: 20 }), weight: 3 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 10 }), weight: 2 },
  {
    arbitrary: fc.constantFrom(
      '',
      ' ',
      ' \t\n ',
      '\u00a0',
      '\u200b',
      '  Flow  ',
      'Ünïcødé 𝄞',
      '🙂',
    ),
    weight: 2,
  },
  { arbitrary: fc.string({ minLength: 95, maxLength: 110 }), weight: 1 },
);
const xml = fc.oneof(
  text,
  fc.constant(BLANK_DIAGRAM_XML),
  text.map(
    (label) => `<mxGraphModel><root><mxCell id="2" value="${label}"/></root></mxGraphModel>`,
  ),
);
/** Absent, present as undefined (an in-memory caller's "not given"), or a value of `arb`. */
function maybe<T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> {
  return fc.option(arb, { nil: undefined, freq: 3 });
}

/** Mostly an id the collection has, sometimes a new one, sometimes any text. */
function diagramIdIn(collection: DiagramCollection): fc.Arbitrary<string> {
  const [first, ...rest] = collection.diagrams.map((diagram) => diagram.id);
  const fresh = fc.uuid();
  return fc.oneof(
    { arbitrary: first === undefined ? fresh : fc.constantFrom(first, ...rest), weight: 4 },
    { arbitrary: fresh, weight: 2 },
    { arbitrary: text, weight: 1 },
  );
}

/** Any diagram operation with valid args, aimed at the diagrams `collection` has. */
export function operationOn(collection: DiagramCollection): fc.Arbitrary<DiagramOperation> {
  const diagramId = diagramIdIn(collection);
  const createDiagram = fc.record(
    {
      type: fc.constant('createDiagram' as const),
      diagramId: fc.oneof({ arbitrary: fc.uuid(), weight: 3 }, { arbitrary: diagramId, weight: 1 }),
      name: text,
      modifiedBy: text,
      diagramXml: maybe(xml),
      description: maybe(text),
    },
    { requiredKeys: ['type', 'diagramId', 'name', 'modifiedBy'] },
  );
  // The name or version the member started from: mostly one the collection has (as when
  // nobody else changed it), sometimes a stale or foreign one (someone else did).
  const names = collection.diagrams.map((diagram) => diagram.name);
  const versions = collection.diagrams.map((diagram) => diagram.version);
  const fromName = fc.oneof(names.length > 0 ? fc.constantFrom(...names) : text, text);
  const baseVersion = fc.oneof(
    versions.length > 0 ? fc.constantFrom(...versions) : fc.nat(5),
    fc.nat(5),
  );
  const renameDiagram = fc.record(
    {
      type: fc.constant('renameDiagram' as const),
      diagramId,
      name: text,
      modifiedBy: text,
      from: maybe(fromName),
    },
    { requiredKeys: ['type', 'diagramId', 'name', 'modifiedBy'] },
  );
  const deleteDiagram = fc.record({
    type: fc.constant('deleteDiagram' as const),
    diagramId,
    modifiedBy: text,
  });
  const updateDiagramXml = fc.record(
    {
      type: fc.constant('updateDiagramXml' as const),
      diagramId,
      diagramXml: xml,
      modifiedBy: text,
      baseVersion: maybe(baseVersion),
    },
    { requiredKeys: ['type', 'diagramId', 'diagramXml', 'modifiedBy'] },
  );
  return fc.oneof(
    { arbitrary: createDiagram, weight: 3 },
    { arbitrary: renameDiagram, weight: 2 },
    { arbitrary: deleteDiagram, weight: 2 },
    { arbitrary: updateDiagramXml, weight: 2 },
  );
}
