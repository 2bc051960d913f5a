import { describe, expect, it } from 'vitest';

import { type ActivityActor } from '../activity-log.ts';
import { deepFreeze, testContext } from '../testing.ts';
import { diagramActivityEntry } from './activity.ts';
import { BLANK_DIAGRAM_XML, defaultDiagramCollection, WELCOME_DIAGRAM_XML } from './defaults.ts';
import {
  applyDiagramOperation,
  createDiagram,
  diagramOperations,
  type DiagramOperation,
} from './operations.ts';
import type { DiagramCollection } from './types.ts';

const actor: ActivityActor = {
  userId: 'u1',
  userDisplayName: 'Ann',
  now: () => '2024-03-01T10:00:00.000Z',
  newId: () => 'log-1',
};

const NOW = '2024-02-01T00:00:00.000Z';

// The default collection (id-1, 'Default Diagram' id-2) plus 'Flow' (d-2) by ben.
function setup(): DiagramCollection {
  const ctx = testContext('fixed');
  return deepFreeze(
    createDiagram(
      defaultDiagramCollection(ctx),
      { diagramId: 'd-2', name: 'Flow', modifiedBy: 'ben' },
      ctx,
    ),
  );
}

function entryFor(operation: DiagramOperation) {
  const content = setup();
  const after = applyDiagramOperation(content, operation, { now: () => NOW, newId: () => 'x' });
  return diagramActivityEntry(operation, actor, content, after);
}

const SAVE_DRAWING = {
  type: 'updateDiagramXml',
  diagramId: 'id-2',
  diagramXml: '<mxGraphModel/>',
  modifiedBy: 'ann',
} as const satisfies DiagramOperation;

const OPERATIONS: Readonly<Record<DiagramOperation['type'], DiagramOperation>> = {
  createDiagram: {
    type: 'createDiagram',
    diagramId: 'd-3',
    name: ' Architecture ',
    modifiedBy: 'ann',
    description: 'Services',
  },
  renameDiagram: { type: 'renameDiagram', diagramId: 'd-2', name: 'Login flow', modifiedBy: 'ann' },
  deleteDiagram: { type: 'deleteDiagram', diagramId: 'd-2', modifiedBy: 'ann' },
  updateDiagramXml: SAVE_DRAWING,
};

describe('diagramActivityEntry (spec §3 Activity log entry)', () => {
  it('gives an entry for every diagram operation, each with its only sentence (no variant)', () => {
    expect(Object.keys(OPERATIONS).sort()).toEqual([...diagramOperations.names].sort());
    for (const operation of Object.values(OPERATIONS)) {
      const entry = entryFor(operation);
      expect(entry).toMatchObject({
        action: operation.type,
        entityType: 'diagram',
        entityId: operation.diagramId,
      });
      expect(entry).not.toHaveProperty('variant');
    }
  });

  it('createDiagram: the new diagram, its drawing by length', () => {
    expect(entryFor(OPERATIONS.createDiagram)).toEqual({
      id: 'log-1',
      tool: 'diagrams',
      timestamp: '2024-03-01T10:00:00.000Z',
      userId: 'u1',
      userDisplayName: 'Ann',
      action: 'createDiagram',
      entityType: 'diagram',
      entityId: 'd-3',
      details: 'Created diagram "Architecture"',
      oldValue: null,
      newValue: {
        id: 'd-3',
        name: 'Architecture',
        description: 'Services',
        version: 1,
        createdAt: NOW,
        modifiedBy: 'ann',
        xmlChars: BLANK_DIAGRAM_XML.length,
      },
      params: { name: 'Architecture' },
    });
  });

  it('renameDiagram: the old and new name', () => {
    expect(entryFor(OPERATIONS.renameDiagram)).toMatchObject({
      details: 'Renamed diagram "Flow" to "Login flow"',
      oldValue: { name: 'Flow' },
      newValue: { name: 'Login flow' },
      params: { name: 'Login flow', oldName: 'Flow' },
    });
  });

  it('deleteDiagram: the deleted diagram', () => {
    expect(entryFor(OPERATIONS.deleteDiagram)).toMatchObject({
      details: 'Deleted diagram "Flow"',
      oldValue: { id: 'd-2', name: 'Flow', version: 1, modifiedBy: 'ben' },
      newValue: null,
      params: { name: 'Flow' },
    });
  });

  it('updateDiagramXml: the version and the drawing length, even for the same drawing', () => {
    expect(entryFor(OPERATIONS.updateDiagramXml)).toMatchObject({
      details: 'Edited diagram "Default Diagram"',
      oldValue: { version: 1, xmlChars: WELCOME_DIAGRAM_XML.length },
      newValue: { version: 2, xmlChars: '<mxGraphModel/>'.length },
      params: { name: 'Default Diagram' },
    });
    expect(entryFor({ ...SAVE_DRAWING, diagramXml: WELCOME_DIAGRAM_XML })).toMatchObject({
      oldValue: { version: 1 },
      newValue: { version: 2 },
    });
  });

  it('gives null when the operation changed nothing', () => {
    expect(
      entryFor({ type: 'renameDiagram', diagramId: 'd-2', name: ' Flow ', modifiedBy: 'ann' }),
    ).toBeNull();
    const content = setup();
    expect(diagramActivityEntry(OPERATIONS.deleteDiagram, actor, content, content)).toBeNull();
  });
});
