/**
 * The Diagrams tool's named operations as every client applies them (ARCHITECTURE rule 11, spec
 * §4 Diagrams, §5 Diagram validation): serialised to the wire format and back they give the same
 * collection as the original, they are deterministic, and no sequence of them accepted by the
 * rules produces a collection that validation or the strict schema would refuse.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { operationContext } from '../operation.ts';
import { tools } from '../registry.ts';
import {
  deepFreeze,
  expectRandomOperationSequences,
  expectSameOverTheWire,
  overTheWire,
  stampOf,
} from '../testing.ts';
import { BLANK_DIAGRAM_XML } from './defaults.ts';
import type { DiagramOperation } from './operations.ts';
import { DIAGRAM_OPERATIONS } from './schema.ts';
import { DiagramError, type DiagramCollection } from './types.ts';

const diagrams = tools.diagrams;
const START = '2024-01-01T00:00:00.000Z';

/** The default collection, frozen, with ids and times of one operation context. */
function startCollection(): DiagramCollection {
  return deepFreeze(diagrams.defaultContent(operationContext({ id: 'collection', at: START })));
}

describe('each operation over the wire', () => {
  // Two diagrams, so that deleting one is allowed.
  const collection = deepFreeze(
    diagrams.applyWith(
      startCollection(),
      { type: 'createDiagram', diagramId: 'second', name: 'Second', modifiedBy: 'bob' },
      operationContext({ id: 'op-0', at: START }),
    ),
  );
  const diagramId = collection.diagrams[0]?.id ?? '';
  const examples: Record<(typeof DIAGRAM_OPERATIONS)[number], DiagramOperation> = {
    createDiagram: {
      type: 'createDiagram',
      diagramId: 'third',
      name: ' Flow ',
      modifiedBy: 'ann',
      description: 'the flow',
    },
    renameDiagram: { type: 'renameDiagram', diagramId, name: ' Renamed ', modifiedBy: 'ann' },
    deleteDiagram: { type: 'deleteDiagram', diagramId, modifiedBy: 'ann' },
    updateDiagramXml: {
      type: 'updateDiagramXml',
      diagramId,
      diagramXml: '<mxGraphModel><root/></mxGraphModel>',
      modifiedBy: 'ann',
    },
  };

  it.each(DIAGRAM_OPERATIONS)(
    '%s: serialised, parsed and applied gives what the original gives, every time',
    (name) => {
      expectSameOverTheWire(diagrams, collection, examples[name], stampOf(1));
    },
  );

  it('a change takes its time from the operation', () => {
    const next = diagrams.apply(
      collection,
      overTheWire(diagrams, examples.renameDiagram, stampOf(9)),
    );
    expect(next.diagrams[0]).toMatchObject({
      name: 'Renamed',
      lastModified: stampOf(9).at,
      version: 2,
      modifiedBy: 'ann',
    });
  });
});

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
function operationOn(collection: DiagramCollection): fc.Arbitrary<DiagramOperation> {
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
  const renameDiagram = fc.record({
    type: fc.constant('renameDiagram' as const),
    diagramId,
    name: text,
    modifiedBy: text,
  });
  const deleteDiagram = fc.record({
    type: fc.constant('deleteDiagram' as const),
    diagramId,
    modifiedBy: text,
  });
  const updateDiagramXml = fc.record({
    type: fc.constant('updateDiagramXml' as const),
    diagramId,
    diagramXml: xml,
    modifiedBy: text,
  });
  return fc.oneof(
    { arbitrary: createDiagram, weight: 3 },
    { arbitrary: renameDiagram, weight: 2 },
    { arbitrary: deleteDiagram, weight: 2 },
    { arbitrary: updateDiagramXml, weight: 2 },
  );
}

describe('any sequence of operations (property)', () => {
  // Up to 30 operations per run, 100 runs: allow for a busy machine.
  const timeoutMs = 60_000;
  it(
    'refused ones leave the collection as it was; accepted ones keep it valid and parseable',
    () => {
      expectRandomOperationSequences(diagrams, {
        start: startCollection,
        operationOn,
        refusal: DiagramError,
        numRuns: 100,
      });
    },
    timeoutMs,
  );
});
