/**
 * Undo and restore of diagrams (../tool.ts inverse, patchBetween): every accepted
 * Diagrams operation's inverse gives the collection before it back exactly, over the wire;
 * undoing a rename still works after the same member saved another diagram. The collection's
 * `modifiedBy` is one field every operation writes: after another member's change it conflicts.
 */
import { describe, expect, it } from 'vitest';

import { operationContext } from '../operation.ts';
import { PatchConflictError, type PatchOperation } from '../patch.ts';
import { expectInverseRestores, expectRandomInverses, overTheWire } from '../patch-testing.ts';
import { tools } from '../registry.ts';
import { deepFreeze, stampOf, thrownBy } from '../testing.ts';
import { operationOn } from './arbitraries.ts';
import { diagramOperations, type DiagramOperation } from './operations.ts';
import { DomainError } from '../shared.ts';
import { DiagramError, type DiagramCollection } from './types.ts';

const diagrams = tools.diagrams;
const START = '2024-01-01T00:00:00.000Z';

function applied(
  content: DiagramCollection,
  op: DiagramOperation | PatchOperation,
  step: number,
): DiagramCollection {
  return diagrams.apply(content, overTheWire(diagrams, op, stampOf(step)));
}

function startCollection(): DiagramCollection {
  return deepFreeze(diagrams.defaultContent(operationContext({ id: 'collection', at: START })));
}

/** The default collection plus a second diagram, 'Second', made by ann (the last editor). */
function collection(): DiagramCollection {
  return deepFreeze(
    applied(
      startCollection(),
      { type: 'createDiagram', diagramId: 'second', name: 'Second', modifiedBy: 'ann' },
      1,
    ),
  );
}

describe('the inverse of each operation', () => {
  const content = collection();
  const diagramId = content.diagrams[0]?.id ?? '';
  const examples: Record<(typeof diagramOperations.names)[number], DiagramOperation> = {
    createDiagram: {
      type: 'createDiagram',
      diagramId: 'third',
      name: ' Flow ',
      modifiedBy: 'bob',
      description: 'the flow',
    },
    renameDiagram: { type: 'renameDiagram', diagramId, name: ' Renamed ', modifiedBy: 'bob' },
    deleteDiagram: { type: 'deleteDiagram', diagramId, modifiedBy: 'bob' },
    updateDiagramXml: {
      type: 'updateDiagramXml',
      diagramId,
      diagramXml: '<mxGraphModel><root/></mxGraphModel>',
      modifiedBy: 'bob',
    },
  };

  it.each(diagramOperations.names)('%s is undone exactly, over the wire', (name) => {
    expect(
      expectInverseRestores(diagrams, content, examples[name], stampOf(50), DiagramError),
    ).not.toEqual(content);
  });
});

describe('undo after another change to the collection', () => {
  const content = collection();
  const first = content.diagrams[0]?.id ?? '';
  const rename: DiagramOperation = {
    type: 'renameDiagram',
    diagramId: first,
    name: 'Renamed',
    modifiedBy: 'ann',
  };
  const save = (modifiedBy: string): DiagramOperation => ({
    type: 'updateDiagramXml',
    diagramId: 'second',
    diagramXml: '<mxGraphModel><root><mxCell id="2"/></root></mxGraphModel>',
    modifiedBy,
  });

  it('undoes a rename after the same member saved another diagram, keeping the save', () => {
    const renamed = applied(content, rename, 50);
    const undone = applied(
      applied(renamed, save('ann'), 51),
      diagrams.inverse(content, renamed),
      52,
    );
    expect(undone).toStrictEqual(applied(content, save('ann'), 51));
  });

  it("conflicts on the collection's modifiedBy after another member's save", () => {
    const renamed = applied(content, { ...rename, modifiedBy: 'bob' }, 50);
    const theirs = applied(renamed, save('cy'), 51);
    const error = thrownBy(() =>
      diagrams.apply(
        theirs,
        overTheWire(diagrams, diagrams.inverse(content, renamed), stampOf(52)),
      ),
    );
    expect(error).toBeInstanceOf(PatchConflictError);
    expect(error).toMatchObject({
      code: 'CHANGED',
      message: 'the modifiedBy was changed since',
      path: ['modifiedBy'],
    });
  });
});

describe('inverses (property)', () => {
  it('every accepted operation along random sequences is undone exactly, over the wire', () => {
    expectRandomInverses(diagrams, {
      start: startCollection,
      operationOn,
      // A rule (DiagramError) or a rename someone else changed meanwhile (EditConflictError).
      refusal: DomainError,
      numRuns: 100,
    });
  }, 60_000);
});
