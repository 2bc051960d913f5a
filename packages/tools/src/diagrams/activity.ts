/**
 * Activity log entries for Diagrams operations (spec §3 Activity log entry): one entry
 * describing what an applied {@link DiagramOperation} changed, built from the collection before
 * and after.
 */
import {
  activityLogEntry,
  addedItem,
  sameValue,
  type ActivityActor,
  type ActivityEntryBody,
  type ActivityLogEntry,
  type ActivitySnapshot,
} from '../activity-log.ts';
import { findDiagram, type DiagramOperation } from './operations.ts';
import type { Diagram, DiagramCollection } from './types.ts';

export type { ActivityActor, ActivityLogEntry } from '../activity-log.ts';

// The drawing is recorded by its length, not its XML: a diagram can be megabytes, and the
// collection itself keeps the drawing.
function diagramSnapshot(diagram: Diagram): ActivitySnapshot {
  return {
    id: diagram.id,
    name: diagram.name,
    description: diagram.description,
    version: diagram.version,
    createdAt: diagram.createdAt,
    modifiedBy: diagram.modifiedBy,
    xmlChars: diagram.diagramXml.length,
  };
}

function assertNever(value: never): never {
  throw new Error(`Unhandled diagram operation ${JSON.stringify(value)}`);
}

function entryBody(
  operation: DiagramOperation,
  before: DiagramCollection,
  after: DiagramCollection,
): ActivityEntryBody | null {
  switch (operation.type) {
    case 'createDiagram': {
      const diagram = addedItem(before.diagrams, after.diagrams);
      const name = diagram?.name ?? operation.name.trim();
      return {
        entityType: 'diagram',
        entityId: operation.diagramId,
        details: `Created diagram "${name}"`,
        oldValue: null,
        newValue: diagram ? diagramSnapshot(diagram) : null,
        params: { name },
      };
    }
    case 'renameDiagram': {
      const oldName = findDiagram(before, operation.diagramId)?.name ?? '';
      const name = findDiagram(after, operation.diagramId)?.name ?? '';
      if (name === oldName) return null;
      return {
        entityType: 'diagram',
        entityId: operation.diagramId,
        details: `Renamed diagram "${oldName}" to "${name}"`,
        oldValue: { name: oldName },
        newValue: { name },
        params: { name, oldName },
      };
    }
    case 'deleteDiagram': {
      const old = findDiagram(before, operation.diagramId);
      const name = old?.name ?? '';
      return {
        entityType: 'diagram',
        entityId: operation.diagramId,
        details: `Deleted diagram "${name}"`,
        oldValue: old ? diagramSnapshot(old) : null,
        newValue: null,
        params: { name },
      };
    }
    case 'updateDiagramXml': {
      const old = findDiagram(before, operation.diagramId);
      const updated = findDiagram(after, operation.diagramId);
      const name = updated?.name ?? '';
      return {
        entityType: 'diagram',
        entityId: operation.diagramId,
        details: `Edited diagram "${name}"`,
        oldValue: old ? { version: old.version, xmlChars: old.diagramXml.length } : null,
        newValue: updated
          ? { version: updated.version, xmlChars: updated.diagramXml.length }
          : null,
        params: { name },
      };
    }
    default:
      return assertNever(operation);
  }
}

/**
 * The activity log entry (spec §3) for `operation`, which turned `before` into `after`:
 * `tool` 'diagrams'; `action` the operation type; `entityType` 'diagram'; `entityId` the
 * diagram's id; `details` an English summary such as 'Renamed diagram "A" to "B"'; `oldValue`/`newValue` the
 * diagram with its drawing as `xmlChars` (its length in characters) instead of the XML (create:
 * null → diagram; delete: diagram → null), `{name}` (rename), `{version, xmlChars}` (drawing
 * saved). `params`: `name` of the diagram, plus `oldName` for a rename. Returns null when the
 * operation changed nothing (collection equal before and after; a rename to the same name).
 * Saving the same drawing again is recorded: it counts as a save (spec §4 Diagrams). Throws
 * nothing.
 */
export function diagramActivityEntry(
  operation: DiagramOperation,
  actor: ActivityActor,
  before: DiagramCollection,
  after: DiagramCollection,
): ActivityLogEntry | null {
  if (sameValue(before, after)) return null;
  return activityLogEntry('diagrams', operation.type, actor, entryBody(operation, before, after));
}
