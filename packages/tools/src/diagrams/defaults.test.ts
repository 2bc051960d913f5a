// @vitest-environment jsdom
/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// The welcome drawing is checked with a real XML parser, which Node lacks: this file alone runs in jsdom.
import { describe, expect, it } from 'vitest';

import { testContext } from '../testing.ts';
import {
  BLANK_DIAGRAM_XML,
  DEFAULT_DIAGRAM_NAME,
  defaultDiagramCollection,
  WELCOME_DIAGRAM_XML,
  welcomeDiagramXml,
} from './defaults.ts';
import { validateDiagramCollection } from './validation.ts';

/** The XML as a DOM, failing the test when it is not well-formed. */
function parseXml(xml: string): Document {
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  return doc;
}

describe('defaultDiagramCollection (spec §3 default collection)', () => {
  it("holds one 'Default Diagram' with the welcome drawing, which is the default", () => {
    const collection = defaultDiagramCollection(testContext('fixed'));
    expect(collection).toEqual({
      id: 'id-1',
      title: 'Diagrams',
      diagrams: [
        {
          id: 'id-2',
          name: 'Default Diagram',
          diagramXml: WELCOME_DIAGRAM_XML,
          lastModified: '2024-01-01T00:00:00.000Z',
          createdAt: '2024-01-01T00:00:00.000Z',
          modifiedBy: 'System',
          description: '',
          version: 1,
        },
      ],
      defaultDiagramId: 'id-2',
      version: 1,
      lastModified: '2024-01-01T00:00:00.000Z',
      createdAt: '2024-01-01T00:00:00.000Z',
      modifiedBy: 'System',
    });
    expect(DEFAULT_DIAGRAM_NAME).toBe('Default Diagram');
    expect(validateDiagramCollection(collection)).toEqual([]);
  });

  it('is in German for a German member: title, diagram name and the drawing’s texts', () => {
    const collection = defaultDiagramCollection({ ...testContext('fixed'), language: 'de' });
    expect(collection.title).toBe('Diagramme');
    expect(collection.diagrams[0]?.name).toBe('Standarddiagramm');
    const doc = parseXml(collection.diagrams[0]?.diagramXml ?? '');
    const values = [...doc.getElementsByTagName('mxCell')]
      .map((cell) => cell.getAttribute('value'))
      .filter(Boolean);
    expect(values[0]).toBe('Willkommen bei Diagramme!');
    expect(values.join(' ')).toContain('Strg+S');
    expect(validateDiagramCollection(collection)).toEqual([]);
    expect(welcomeDiagramXml('en')).toBe(WELCOME_DIAGRAM_XML);
  });

  it('the welcome drawing is a well-formed draw.io model with a welcome title and steps', () => {
    const doc = parseXml(WELCOME_DIAGRAM_XML);
    expect(doc.documentElement.nodeName).toBe('mxGraphModel');
    const cells = [...doc.getElementsByTagName('mxCell')];
    // Root cell 0 and the default layer 1 come first, as draw.io writes them.
    expect(cells.slice(0, 2).map((cell) => cell.getAttribute('id'))).toEqual(['0', '1']);
    const values = cells.map((cell) => cell.getAttribute('value')).filter(Boolean);
    expect(values[0]).toBe('Welcome to Diagrams!');
    expect(values.length).toBeGreaterThanOrEqual(4);
    // Every arrow joins two shapes of the drawing.
    const ids = new Set(cells.map((cell) => cell.getAttribute('id')));
    const edges = cells.filter((cell) => cell.getAttribute('edge') === '1');
    expect(edges.length).toBeGreaterThan(0);
    for (const edge of edges) {
      expect(ids.has(edge.getAttribute('source'))).toBe(true);
      expect(ids.has(edge.getAttribute('target'))).toBe(true);
    }
  });

  it('a blank drawing is an empty, well-formed page', () => {
    const doc = parseXml(BLANK_DIAGRAM_XML);
    expect(doc.documentElement.nodeName).toBe('mxGraphModel');
    expect(doc.getElementsByTagName('mxCell')).toHaveLength(2);
  });
});
