import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';

import { tools } from '../registry.ts';
import { BLANK_DIAGRAM_XML } from './defaults.ts';
import { DiagramError } from './types.ts';

describe('tools.diagrams (the registry entry)', () => {
  const diagrams = tools.diagrams;
  const ctx = { newId: () => 'id', now: () => '2024-01-01T00:00:00.000Z' };

  it('creates, parses, applies a serialised operation, validates and stamps', () => {
    const created = diagrams.defaultContent(ctx);
    const parsed = diagrams.parse(JSON.parse(JSON.stringify(created)));
    expect(parsed).toEqual(created);
    const next = diagrams.apply(parsed, {
      v: 1,
      tool: 'diagrams',
      name: 'createDiagram',
      args: { diagramId: 'd2', name: ' Flow ', modifiedBy: 'ann' },
      id: 'op-1',
      at: '2024-01-02T00:00:00.000Z',
      by: 'ann',
    });
    expect(next.diagrams[1]).toEqual({
      id: 'd2',
      name: 'Flow',
      diagramXml: BLANK_DIAGRAM_XML,
      lastModified: '2024-01-02T00:00:00.000Z',
      createdAt: '2024-01-02T00:00:00.000Z',
      modifiedBy: 'ann',
      description: '',
      version: 1,
    });
    expect(diagrams.validate(next)).toEqual([]);
    expect(diagrams.validate({ ...next, title: '' })).toEqual(['Title is required']);
    expect(diagrams.stamp(next, { version: 7, lastModified: 'then' })).toEqual({
      ...next,
      version: 7,
      lastModified: 'then',
    });
  });

  it('strict parse fills in optional fields a diagram lacks and keeps unknown ones', () => {
    const parsed = diagrams.parse({
      title: 'Diagrams',
      createdAt: 'T',
      extra: 'kept',
      diagrams: [{ id: 'a', name: 'A', diagramXml: '<x/>', unknown: 1 }],
    });
    expect(parsed).toStrictEqual({
      id: '',
      title: 'Diagrams',
      extra: 'kept',
      diagrams: [
        {
          id: 'a',
          name: 'A',
          diagramXml: '<x/>',
          unknown: 1,
          lastModified: 'T',
          createdAt: 'T',
          modifiedBy: '',
          description: '',
          version: 1,
        },
      ],
      defaultDiagramId: 'a',
      version: 1,
      lastModified: 'T',
      createdAt: 'T',
      modifiedBy: '',
    });
  });

  it.each([
    null,
    [],
    'text',
    {},
    { title: 'x' },
    { title: 1, diagrams: [] },
    { title: 'x', diagrams: {} },
    { title: 'x', diagrams: [null] },
    { title: 'x', diagrams: [{ id: 'a', name: 'A' }] },
    { title: 'x', diagrams: [{ id: 1, name: 'A', diagramXml: '<x/>' }] },
  ])("strict parse refuses %j with 'No diagram collection loaded'", (value) => {
    let caught: unknown;
    try {
      diagrams.parse(value);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(DiagramError);
    expect(caught).toMatchObject({
      code: 'NO_COLLECTION',
      message: 'No diagram collection loaded',
    });
    expect((caught as Error).cause).toBeInstanceOf(ZodError);
  });

  it('lenient parse fills the defaults of a foreign collection', () => {
    const parsed = diagrams.parse(
      { diagrams: [{ id: 7, name: 'A' }, 'not a diagram'] },
      { lenient: true },
    );
    expect(parsed).toEqual({
      id: '',
      title: 'Diagrams',
      diagrams: [
        {
          id: '7',
          name: 'A',
          diagramXml: BLANK_DIAGRAM_XML,
          lastModified: '',
          createdAt: '',
          modifiedBy: '',
          description: '',
          version: 1,
        },
      ],
      defaultDiagramId: '7',
      version: 1,
      lastModified: '',
      createdAt: '',
      modifiedBy: '',
    });
    expect(() => diagrams.parse({ title: 'x' }, { lenient: true })).toThrow(DiagramError);
  });
});
