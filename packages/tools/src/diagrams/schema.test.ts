/**
 * The Diagrams tool's content and operation schemas through its registry entry (spec §3 Diagram
 * collection, §4 Diagrams): strict parse on load and save, lenient parse for export, and the
 * shape check of every named operation.
 */
import { describe, expect, it } from 'vitest';

import { tools } from '../registry.ts';
import {
  expectArgsParsed,
  expectParsedUnchanged,
  expectShapeError,
  withField,
} from '../testing.ts';
import { OperationFormatError } from '../tool.ts';
import { BLANK_DIAGRAM_XML } from './defaults.ts';
import { diagramOperations } from './operations.ts';
import { DiagramError, type DiagramCollection } from './types.ts';

const diagrams = tools.diagrams;
/** A context whose ids are `id-1`, `id-2`, … (the collection takes the first). */
function counting() {
  let count = 0;
  return { newId: () => `id-${++count}`, now: () => '2024-01-01T00:00:00.000Z' };
}

/** Default content as plain JSON data. */
function collection(): Record<string, unknown> {
  const content: DiagramCollection = diagrams.defaultContent(counting());
  return JSON.parse(JSON.stringify(content)) as Record<string, unknown>;
}

describe('strict content schema (load and save)', () => {
  it('accepts the default content and its JSON round trip unchanged', () => {
    expectParsedUnchanged(diagrams, diagrams.defaultContent(counting()));
  });

  it.each<[string, (string | number)[], unknown]>([
    ['id', ['id'], 1],
    ['title', ['title'], 1],
    ['title missing', ['title'], undefined],
    ['diagrams', ['diagrams'], {}],
    ['diagrams missing', ['diagrams'], undefined],
    ['defaultDiagramId', ['defaultDiagramId'], null],
    ['version', ['version'], '1'],
    ['version below 0', ['version'], -1],
    ['lastModified', ['lastModified'], 0],
    ['createdAt', ['createdAt'], null],
    ['modifiedBy', ['modifiedBy'], false],
    ['diagram entry', ['diagrams', 0], '<mxfile/>'],
    ['diagram id', ['diagrams', 0, 'id'], 1],
    ['diagram id missing', ['diagrams', 0, 'id'], undefined],
    ['diagram name', ['diagrams', 0, 'name'], null],
    ['diagram name missing', ['diagrams', 0, 'name'], undefined],
    ['diagram diagramXml', ['diagrams', 0, 'diagramXml'], {}],
    ['diagram diagramXml missing', ['diagrams', 0, 'diagramXml'], undefined],
    ['diagram lastModified', ['diagrams', 0, 'lastModified'], 0],
    ['diagram createdAt', ['diagrams', 0, 'createdAt'], []],
    ['diagram modifiedBy', ['diagrams', 0, 'modifiedBy'], 1],
    ['diagram description', ['diagrams', 0, 'description'], null],
    ['diagram version', ['diagrams', 0, 'version'], 1.5],
  ])(
    "refuses a wrong %s with DiagramError 'No diagram collection loaded' caused by a ZodError",
    (_, path, bad) => {
      expectShapeError(() => diagrams.parse(withField(collection(), path, bad)), DiagramError, {
        code: 'NO_COLLECTION',
        message: 'No diagram collection loaded',
        path,
      });
    },
  );

  it.each<[string, (string | number)[], unknown]>([
    ['id', ['id'], ''],
    ['defaultDiagramId', ['defaultDiagramId'], 'id-2'],
    ['version', ['version'], 1],
    ['modifiedBy', ['modifiedBy'], ''],
    ['diagram modifiedBy', ['diagrams', 0, 'modifiedBy'], ''],
    ['diagram description', ['diagrams', 0, 'description'], ''],
    ['diagram version', ['diagrams', 0, 'version'], 1],
  ])('fills a missing %s (older collections lack it)', (_, path, filled) => {
    let expected: unknown = collection();
    expected = withField(expected, path, filled);
    expect(diagrams.parse(withField(collection(), path, undefined))).toStrictEqual(expected);
  });

  it('fills missing timestamps from the collection’s: createdAt, then lastModified', () => {
    let value: unknown = withField(collection(), ['createdAt'], 'C');
    value = withField(value, ['lastModified'], undefined);
    value = withField(value, ['diagrams', 0, 'createdAt'], undefined);
    value = withField(value, ['diagrams', 0, 'lastModified'], undefined);
    expect(diagrams.parse(value)).toMatchObject({
      createdAt: 'C',
      lastModified: 'C',
      diagrams: [{ createdAt: 'C', lastModified: 'C' }],
    });
    value = withField(value, ['diagrams', 0, 'createdAt'], 'D');
    expect(diagrams.parse(value)).toMatchObject({
      diagrams: [{ createdAt: 'D', lastModified: 'D' }],
    });
  });

  it('keeps fields the spec does not name (a newer client’s additions)', () => {
    let value: unknown = withField(collection(), ['theme'], 'dark');
    value = withField(value, ['diagrams', 0, 'tags'], ['arch']);
    expect(diagrams.parse(value)).toStrictEqual(value);
  });
});

describe('lenient content schema (export of older or foreign shapes)', () => {
  it('fills mistyped fields with defaults, turns numbers into text, drops non-diagrams', () => {
    const parsed = diagrams.parse(
      {
        id: 9,
        title: null,
        version: 'two',
        createdAt: 0,
        modifiedBy: ['x'],
        diagrams: [
          null,
          { id: 'a', name: 12, diagramXml: 5, version: -3, description: {}, createdAt: 'T' },
          'junk',
        ],
        theme: 'dark',
      },
      { lenient: true },
    );
    expect(parsed).toStrictEqual({
      id: '9',
      title: 'Diagrams',
      version: 1,
      createdAt: '1970-01-01T00:00:00.000Z',
      lastModified: '1970-01-01T00:00:00.000Z',
      modifiedBy: '',
      defaultDiagramId: 'a',
      theme: 'dark',
      diagrams: [
        {
          id: 'a',
          name: '12',
          diagramXml: '5',
          version: 1,
          description: '',
          modifiedBy: '',
          createdAt: 'T',
          lastModified: 'T',
        },
      ],
    });
    expectParsedUnchanged(diagrams, parsed);
  });

  it('gives a diagram without a drawing the blank page', () => {
    expect(
      diagrams.parse({ title: 'x', diagrams: [{ id: 'a', name: 'A' }] }, { lenient: true })
        .diagrams[0]?.diagramXml,
    ).toBe(BLANK_DIAGRAM_XML);
  });

  it.each([null, [], 'diagrams', 1, {}, { title: 'x' }, { title: 'x', diagrams: {} }])(
    'refuses %j, which is not a diagram collection at all',
    (value) => {
      expectShapeError(() => diagrams.parse(value, { lenient: true }), DiagramError);
    },
  );
});

describe('operation schema', () => {
  it('names exactly the four operations of spec §2/§4 Diagrams', () => {
    expect(diagramOperations.names).toEqual([
      'createDiagram',
      'renameDiagram',
      'deleteDiagram',
      'updateDiagramXml',
    ]);
    expect(diagrams.operations).toEqual([...diagramOperations.names, 'patch']);
  });

  const valid: Record<(typeof diagramOperations.names)[number], Record<string, unknown>> = {
    createDiagram: {
      diagramId: 'd2',
      name: 'Flow',
      modifiedBy: 'ann',
      diagramXml: '<mxGraphModel/>',
      description: 'd',
    },
    renameDiagram: { diagramId: 'd', name: 'N', modifiedBy: 'ann' },
    deleteDiagram: { diagramId: 'd', modifiedBy: 'ann' },
    updateDiagramXml: { diagramId: 'd', diagramXml: '<x/>', modifiedBy: 'ann' },
  };

  it.each(diagramOperations.names)('%s parses its args into {type, ...args}', (name) => {
    expectArgsParsed(diagrams, name, valid[name]);
  });

  it('accepts createDiagram without its optional drawing and description', () => {
    expect(
      diagrams.parseOperation('createDiagram', { diagramId: 'd', name: 'N', modifiedBy: '' }),
    ).toStrictEqual({ type: 'createDiagram', diagramId: 'd', name: 'N', modifiedBy: '' });
  });

  it('takes the optional from of a rename and baseVersion of a drawing (spec §4 version conflict)', () => {
    expectArgsParsed(diagrams, 'renameDiagram', {
      diagramId: 'd',
      name: 'N',
      modifiedBy: 'ann',
      from: 'Old',
    });
    expectArgsParsed(diagrams, 'updateDiagramXml', {
      diagramId: 'd',
      diagramXml: '<x/>',
      modifiedBy: 'ann',
      baseVersion: 3,
    });
  });

  it('drops arguments the operation does not have', () => {
    expect(
      diagrams.parseOperation('deleteDiagram', { diagramId: 'd', modifiedBy: 'a', force: true }),
    ).toStrictEqual({ type: 'deleteDiagram', diagramId: 'd', modifiedBy: 'a' });
  });

  it.each<[string, unknown]>([
    ['createDiagram', {}],
    ['createDiagram', { diagramId: 'd', name: 'N' }],
    ['createDiagram', { diagramId: 1, name: 'N', modifiedBy: 'a' }],
    ['createDiagram', { diagramId: 'd', name: null, modifiedBy: 'a' }],
    ['createDiagram', { diagramId: 'd', name: 'N', modifiedBy: 'a', diagramXml: 1 }],
    ['createDiagram', { diagramId: 'd', name: 'N', modifiedBy: 'a', description: [] }],
    ['renameDiagram', { diagramId: 'd', modifiedBy: 'a' }],
    ['renameDiagram', { diagramId: 'd', name: 5, modifiedBy: 'a' }],
    ['deleteDiagram', { diagramId: 'd' }],
    ['deleteDiagram', { diagramId: ['d'], modifiedBy: 'a' }],
    ['updateDiagramXml', { diagramId: 'd', modifiedBy: 'a' }],
    ['updateDiagramXml', { diagramId: 'd', diagramXml: null, modifiedBy: 'a' }],
    ['updateDiagramXml', { diagramId: 'd', diagramXml: '<x/>', modifiedBy: 'a', baseVersion: '1' }],
    ['updateDiagramXml', { diagramId: 'd', diagramXml: '<x/>', modifiedBy: 'a', baseVersion: 1.5 }],
    ['updateDiagramXml', { diagramId: 'd', diagramXml: '<x/>', modifiedBy: 'a', baseVersion: -1 }],
    ['renameDiagram', { diagramId: 'd', name: 'N', modifiedBy: 'a', from: null }],
    ['deleteDiagram', null],
    ['deleteDiagram', 'd'],
    ['deleteDiagram', { type: 'renameDiagram', diagramId: 'd', modifiedBy: 'a' }],
    ['duplicateDiagram', { diagramId: 'd', modifiedBy: 'a' }],
  ])('%s refuses args %j with OperationFormatError', (name, args) => {
    expect(() => diagrams.parseOperation(name, args)).toThrow(OperationFormatError);
  });
});
