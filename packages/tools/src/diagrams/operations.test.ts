import { describe, expect, it } from 'vitest';

import { deepFreeze, expectDomainError, testContext } from '../testing.ts';
import { BLANK_DIAGRAM_XML, defaultDiagramCollection } from './defaults.ts';
import {
  applyDiagramOperation,
  canDeleteDiagram,
  createDiagram,
  deleteDiagram,
  diagramNameProblem,
  findDiagram,
  renameDiagram,
  resolveCurrentDiagram,
  updateDiagramXml,
  type DiagramOperation,
} from './operations.ts';
import { DiagramError, type DiagramCollection } from './types.ts';

const T0 = '2024-01-01T00:00:00.000Z';
const T1 = '2024-01-01T00:00:01.000Z';

/** The default collection (ids id-1, id-2; time T0), frozen. */
function collection(): DiagramCollection {
  return deepFreeze(defaultDiagramCollection(testContext('fixed')));
}

/** The default collection plus diagrams `extra` (ids as given), frozen. */
function withExtra(...ids: string[]): DiagramCollection {
  let next: DiagramCollection = defaultDiagramCollection(testContext('fixed'));
  for (const id of ids) {
    next = createDiagram(
      next,
      { diagramId: id, name: `Name ${id}`, modifiedBy: 'ann' },
      testContext(),
    );
  }
  return deepFreeze(next);
}

const DEFAULT_ID = 'id-2';

describe('no collection loaded', () => {
  const ctx = testContext();
  it.each<[string, () => unknown]>([
    [
      'createDiagram',
      () => createDiagram(null, { diagramId: 'd', name: 'x', modifiedBy: 'a' }, ctx),
    ],
    [
      'renameDiagram',
      () => renameDiagram(null, { diagramId: 'd', name: 'x', modifiedBy: 'a' }, ctx),
    ],
    ['deleteDiagram', () => deleteDiagram(null, { diagramId: 'd', modifiedBy: 'a' })],
    [
      'updateDiagramXml',
      () => updateDiagramXml(null, { diagramId: 'd', diagramXml: '<x/>', modifiedBy: 'a' }, ctx),
    ],
  ])("%s throws NO_COLLECTION 'No diagram collection loaded'", (_name, action) => {
    expectDomainError(DiagramError, action, 'NO_COLLECTION', 'No diagram collection loaded');
  });
});

describe('createDiagram (spec §2 Create dialog)', () => {
  it('appends a blank diagram with the trimmed name, version 1 and times from ctx', () => {
    const next = createDiagram(
      collection(),
      { diagramId: 'new', name: '  Architecture ', modifiedBy: 'ann' },
      testContext(),
    );
    expect(next.diagrams).toHaveLength(2);
    expect(next.diagrams[1]).toEqual({
      id: 'new',
      name: 'Architecture',
      diagramXml: BLANK_DIAGRAM_XML,
      lastModified: T0,
      createdAt: T0,
      modifiedBy: 'ann',
      description: '',
      version: 1,
    });
    expect(next.modifiedBy).toBe('ann');
    // The default diagram stays the default.
    expect(next.defaultDiagramId).toBe(DEFAULT_ID);
  });

  it('takes a given drawing and description', () => {
    const next = createDiagram(
      collection(),
      {
        diagramId: 'new',
        name: 'Copy',
        modifiedBy: 'ann',
        diagramXml: '<mxGraphModel/>',
        description: 'about',
      },
      testContext(),
    );
    expect(findDiagram(next, 'new')).toMatchObject({
      diagramXml: '<mxGraphModel/>',
      description: 'about',
    });
  });

  it.each([
    ['', 'NAME_REQUIRED', 'Name is required'],
    ['   ', 'NAME_REQUIRED', 'Name is required'],
    ['x'.repeat(101), 'NAME_TOO_LONG', 'Name must be at most 100 characters'],
  ] as const)('refuses the name %j: %s', (name, code, message) => {
    expectDomainError(
      DiagramError,
      () => createDiagram(collection(), { diagramId: 'n', name, modifiedBy: 'a' }, testContext()),
      code,
      message,
    );
  });

  it('accepts a name of exactly 100 characters (after trimming)', () => {
    const name = ` ${'x'.repeat(100)} `;
    const next = createDiagram(
      collection(),
      { diagramId: 'n', name, modifiedBy: 'a' },
      testContext(),
    );
    expect(findDiagram(next, 'n')?.name).toBe('x'.repeat(100));
  });

  it("refuses blank XML: 'XML content is required'", () => {
    expectDomainError(
      DiagramError,
      () =>
        createDiagram(
          collection(),
          { diagramId: 'n', name: 'x', modifiedBy: 'a', diagramXml: ' ' },
          testContext(),
        ),
      'XML_REQUIRED',
      'XML content is required',
    );
  });

  // Found by the property test: a blank id was accepted, and the collection then failed spec §5
  // 'Diagram N: ID is required' on every save.
  it.each(['', '   ', '\t\n'])("refuses the blank id %j: 'ID is required'", (diagramId) => {
    expectDomainError(
      DiagramError,
      () => createDiagram(collection(), { diagramId, name: 'x', modifiedBy: 'a' }, testContext()),
      'ID_REQUIRED',
      'ID is required',
    );
  });

  it('refuses an id that is already taken', () => {
    expectDomainError(
      DiagramError,
      () =>
        createDiagram(
          collection(),
          { diagramId: DEFAULT_ID, name: 'x', modifiedBy: 'a' },
          testContext(),
        ),
      'DIAGRAM_EXISTS',
      'A diagram with this ID already exists',
    );
  });
});

describe('renameDiagram (spec §2 Rename dialog)', () => {
  it('sets the trimmed name and advances the diagram', () => {
    const next = renameDiagram(
      collection(),
      { diagramId: DEFAULT_ID, name: ' Overview ', modifiedBy: 'bob' },
      testContext('ticking'),
    );
    expect(next.diagrams[0]).toMatchObject({
      name: 'Overview',
      version: 2,
      lastModified: T0,
      modifiedBy: 'bob',
      createdAt: T0,
    });
    expect(next.modifiedBy).toBe('bob');
  });

  it('refuses a blank name and an unknown diagram', () => {
    expectDomainError(
      DiagramError,
      () =>
        renameDiagram(
          collection(),
          { diagramId: DEFAULT_ID, name: '', modifiedBy: 'a' },
          testContext(),
        ),
      'NAME_REQUIRED',
      'Name is required',
    );
    expectDomainError(
      DiagramError,
      () =>
        renameDiagram(
          collection(),
          { diagramId: 'gone', name: 'x', modifiedBy: 'a' },
          testContext(),
        ),
      'DIAGRAM_NOT_FOUND',
      'Diagram not found',
    );
  });
});

describe('deleteDiagram (spec §2 Delete dialog, §5 the last diagram cannot be deleted)', () => {
  it('removes the diagram and keeps the others in order', () => {
    const next = deleteDiagram(withExtra('a', 'b'), { diagramId: 'a', modifiedBy: 'bob' });
    expect(next.diagrams.map((d) => d.id)).toEqual([DEFAULT_ID, 'b']);
    expect(next.defaultDiagramId).toBe(DEFAULT_ID);
    expect(next.modifiedBy).toBe('bob');
  });

  it('makes the first remaining diagram the default when the default is deleted', () => {
    const next = deleteDiagram(withExtra('a', 'b'), { diagramId: DEFAULT_ID, modifiedBy: 'bob' });
    expect(next.diagrams.map((d) => d.id)).toEqual(['a', 'b']);
    expect(next.defaultDiagramId).toBe('a');
  });

  it("refuses to delete the last diagram: 'The last diagram cannot be deleted'", () => {
    expect(canDeleteDiagram(collection())).toBe(false);
    expect(canDeleteDiagram(withExtra('a'))).toBe(true);
    expectDomainError(
      DiagramError,
      () => deleteDiagram(collection(), { diagramId: DEFAULT_ID, modifiedBy: 'a' }),
      'LAST_DIAGRAM',
      'The last diagram cannot be deleted',
    );
  });

  it("refuses an unknown diagram: 'Diagram not found'", () => {
    expectDomainError(
      DiagramError,
      () => deleteDiagram(withExtra('a'), { diagramId: 'gone', modifiedBy: 'a' }),
      'DIAGRAM_NOT_FOUND',
      'Diagram not found',
    );
  });
});

describe('updateDiagramXml (spec §4 Diagrams: the editor saved)', () => {
  it('stores the XML exactly as given and advances the diagram', () => {
    const xml = '<mxGraphModel><root><mxCell id="0"/></root></mxGraphModel>\n';
    const ctx = testContext('ticking');
    ctx.now();
    const next = updateDiagramXml(
      collection(),
      { diagramId: DEFAULT_ID, diagramXml: xml, modifiedBy: 'bob' },
      ctx,
    );
    expect(next.diagrams[0]).toMatchObject({
      diagramXml: xml,
      version: 2,
      lastModified: T1,
      modifiedBy: 'bob',
    });
  });

  it('refuses blank XML and an unknown diagram', () => {
    expectDomainError(
      DiagramError,
      () =>
        updateDiagramXml(
          collection(),
          { diagramId: DEFAULT_ID, diagramXml: '  ', modifiedBy: 'a' },
          testContext(),
        ),
      'XML_REQUIRED',
      'XML content is required',
    );
    expectDomainError(
      DiagramError,
      () =>
        updateDiagramXml(
          collection(),
          { diagramId: 'gone', diagramXml: '<x/>', modifiedBy: 'a' },
          testContext(),
        ),
      'DIAGRAM_NOT_FOUND',
      'Diagram not found',
    );
  });
});

describe('diagramNameProblem (spec §5: create/rename names not blank after trim)', () => {
  it.each([
    ['Plan', null],
    [' Plan ', null],
    ['', 'NAME_REQUIRED'],
    ['\t \n', 'NAME_REQUIRED'],
    ['x'.repeat(100), null],
    ['x'.repeat(101), 'NAME_TOO_LONG'],
  ] as const)('%j → %s', (name, expected) => {
    expect(diagramNameProblem(name)).toBe(expected);
  });
});

describe('resolveCurrentDiagram', () => {
  it('prefers the chosen diagram, then the default, then the first', () => {
    const three = withExtra('a', 'b');
    expect(resolveCurrentDiagram(three, 'b')?.id).toBe('b');
    expect(resolveCurrentDiagram(three, null)?.id).toBe(DEFAULT_ID);
    expect(resolveCurrentDiagram(three, 'deleted')?.id).toBe(DEFAULT_ID);
    expect(resolveCurrentDiagram({ ...three, defaultDiagramId: 'gone' }, 'gone')?.id).toBe(
      DEFAULT_ID,
    );
    expect(resolveCurrentDiagram({ ...three, diagrams: [] }, null)).toBeUndefined();
  });
});

describe('applyDiagramOperation (replay after a 409)', () => {
  const operations: DiagramOperation[] = [
    { type: 'createDiagram', diagramId: 'n', name: 'New', modifiedBy: 'a' },
    { type: 'renameDiagram', diagramId: DEFAULT_ID, name: 'Renamed', modifiedBy: 'a' },
    { type: 'updateDiagramXml', diagramId: DEFAULT_ID, diagramXml: '<m/>', modifiedBy: 'a' },
  ];

  it.each(operations)('$type gives the same result as the named operation, replayably', (op) => {
    const first = applyDiagramOperation(collection(), op, testContext());
    const again = applyDiagramOperation(collection(), op, testContext());
    expect(again).toEqual(first);
    expect(first).not.toEqual(collection());
  });

  it('deletes through the same rules', () => {
    const op: DiagramOperation = { type: 'deleteDiagram', diagramId: 'a', modifiedBy: 'x' };
    expect(applyDiagramOperation(withExtra('a'), op, testContext()).diagrams).toHaveLength(1);
    expectDomainError(
      DiagramError,
      () =>
        applyDiagramOperation(
          collection(),
          { type: 'deleteDiagram', diagramId: DEFAULT_ID, modifiedBy: 'x' },
          testContext(),
        ),
      'LAST_DIAGRAM',
      'The last diagram cannot be deleted',
    );
  });

  it('re-applies a rename on a collection someone else changed meanwhile', () => {
    const theirs = withExtra('theirs');
    const next = applyDiagramOperation(
      theirs,
      { type: 'renameDiagram', diagramId: DEFAULT_ID, name: 'Mine', modifiedBy: 'a' },
      testContext(),
    );
    expect(next.diagrams.map((d) => d.name)).toEqual(['Mine', 'Name theirs']);
  });
});
