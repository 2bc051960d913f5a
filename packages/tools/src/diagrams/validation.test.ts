import { describe, expect, it } from 'vitest';

import { testContext } from '../testing.ts';
import { defaultDiagramCollection } from './defaults.ts';
import type { Diagram, DiagramCollection } from './types.ts';
import { diagramProblems, validateDiagramCollection } from './validation.ts';

function withDiagrams(...changes: Partial<Diagram>[]): DiagramCollection {
  const collection = defaultDiagramCollection(testContext('fixed'));
  const base = collection.diagrams[0];
  if (!base) throw new Error('no default diagram');
  return {
    ...collection,
    diagrams: changes.map((change, i) => ({ ...base, id: `d${i}`, ...change })),
  };
}

describe('validateDiagramCollection (spec §5 Diagram validation)', () => {
  it('accepts the default collection', () => {
    expect(validateDiagramCollection(defaultDiagramCollection(testContext('fixed')))).toEqual([]);
  });

  it("requires a title: 'Title is required'", () => {
    const collection = { ...defaultDiagramCollection(testContext('fixed')), title: ' ' };
    expect(validateDiagramCollection(collection)).toEqual(['Title is required']);
  });

  it("requires the diagrams to be an array: 'Diagrams must be an array'", () => {
    const collection = {
      ...defaultDiagramCollection(testContext('fixed')),
      diagrams: { d1: {} },
    } as unknown as DiagramCollection;
    expect(validateDiagramCollection(collection)).toEqual(['Diagrams must be an array']);
    expect(validateDiagramCollection({ ...collection, title: '' })).toEqual([
      'Title is required',
      'Diagrams must be an array',
    ]);
  });

  it("numbers diagram problems from 1: 'Diagram N: …'", () => {
    const collection = withDiagrams(
      {},
      { id: '', name: '  ' },
      { diagramXml: '' },
      { name: 'Fine', diagramXml: '<mxGraphModel/>' },
    );
    expect(validateDiagramCollection(collection)).toEqual([
      'Diagram 2: ID is required',
      'Diagram 2: Name is required',
      'Diagram 3: XML content is required',
    ]);
    expect(diagramProblems(collection).map((p) => [p.code, p.diagramIndex])).toEqual([
      ['DIAGRAM_ID_REQUIRED', 1],
      ['DIAGRAM_NAME_REQUIRED', 1],
      ['DIAGRAM_XML_REQUIRED', 2],
    ]);
  });

  it('treats a missing field or a non-object entry (malformed data) as blank', () => {
    const collection = withDiagrams({ name: undefined });
    expect(validateDiagramCollection(collection)).toEqual(['Diagram 1: Name is required']);
    const broken = {
      ...collection,
      diagrams: [null],
    } as unknown as DiagramCollection;
    expect(validateDiagramCollection(broken)).toEqual([
      'Diagram 1: ID is required',
      'Diagram 1: Name is required',
      'Diagram 1: XML content is required',
    ]);
  });

  it('accepts an empty list (the last-diagram rule is enforced by deleting)', () => {
    expect(validateDiagramCollection(withDiagrams())).toEqual([]);
  });
});
