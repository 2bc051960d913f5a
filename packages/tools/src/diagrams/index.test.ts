import { describe, expect, it } from 'vitest';

import type { ContentDomain } from '../registry.ts';
import * as diagrams from './index.ts';
import { DiagramError, type DiagramCollection, type DiagramOperation } from './index.ts';

describe('diagrams content domain (lifecycle plug-in)', () => {
  const domain: ContentDomain<DiagramCollection, DiagramOperation> = diagrams.diagramsContentDomain;
  const ctx = { newId: () => 'id', now: () => '2024-01-01T00:00:00.000Z' };

  it('creates, parses, applies, validates and stamps', () => {
    const created = domain.createDefault(ctx);
    const parsed = domain.parse(JSON.parse(JSON.stringify(created)));
    expect(parsed).toEqual(created);
    const next = domain.apply(
      parsed,
      { type: 'createDiagram', diagramId: 'd2', name: 'Flow', modifiedBy: 'ann' },
      ctx,
    );
    expect(domain.validate(next)).toEqual([]);
    expect(domain.validate({ ...next, title: '' })).toEqual(['Title is required']);
    expect(domain.stamp?.(next, { version: 7, lastModified: 'then' })).toMatchObject({
      version: 7,
      lastModified: 'then',
      diagrams: next.diagrams,
    });
  });

  it('parse fills in optional fields a diagram lacks and drops unknown ones', () => {
    const parsed = domain.parse({
      title: 'Diagrams',
      createdAt: 'T',
      extra: 'dropped',
      diagrams: [{ id: 'a', name: 'A', diagramXml: '<x/>', unknown: 1 }],
    });
    expect(parsed).toEqual({
      id: '',
      title: 'Diagrams',
      diagrams: [
        {
          id: 'a',
          name: 'A',
          diagramXml: '<x/>',
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
  ])('parse refuses %j', (value) => {
    expect(() => domain.parse(value)).toThrow(DiagramError);
  });
});
