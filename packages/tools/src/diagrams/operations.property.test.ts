/**
 * The Diagrams tool's named operations as every client applies them (ARCHITECTURE rule 11, spec
 * §4 Diagrams, §5 Diagram validation): serialised to the wire format and back they give the same
 * collection as the original, they are deterministic, and no sequence of them accepted by the
 * rules produces a collection that validation or the strict schema would refuse.
 */
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
import { operationOn } from './arbitraries.ts';
import { diagramOperations, type DiagramOperation } from './operations.ts';
import { DomainError } from '../shared.ts';
import type { DiagramCollection } from './types.ts';

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
  const examples: Record<(typeof diagramOperations.names)[number], DiagramOperation> = {
    createDiagram: {
      type: 'createDiagram',
      diagramId: 'third',
      name: ' Flow ',
      modifiedBy: 'ann',
      description: 'the flow',
    },
    renameDiagram: {
      type: 'renameDiagram',
      diagramId,
      name: ' Renamed ',
      modifiedBy: 'ann',
      from: collection.diagrams[0]?.name ?? '',
    },
    deleteDiagram: { type: 'deleteDiagram', diagramId, modifiedBy: 'ann' },
    updateDiagramXml: {
      type: 'updateDiagramXml',
      diagramId,
      diagramXml: '<mxGraphModel><root/></mxGraphModel>',
      modifiedBy: 'ann',
      baseVersion: collection.diagrams[0]?.version ?? 1,
    },
  };

  it.each(diagramOperations.names)(
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

describe('any sequence of operations (property)', () => {
  // Up to 30 operations per run, 100 runs: allow for a busy machine.
  const timeoutMs = 60_000;
  it(
    'refused ones leave the collection as it was; accepted ones keep it valid and parseable',
    () => {
      expectRandomOperationSequences(diagrams, {
        start: startCollection,
        operationOn,
        // A rule (DiagramError) or a rename someone else changed meanwhile (EditConflictError).
        refusal: DomainError,
        numRuns: 100,
      });
    },
    timeoutMs,
  );
});
