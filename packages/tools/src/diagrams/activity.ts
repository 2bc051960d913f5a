/**
 * Activity log entries for Diagrams operations (spec §3 Activity log entry): one entry
 * describing what an applied {@link DiagramOperation} changed, built from the collection before
 * and after by the operation's own definition (./operations.ts).
 */
import {
  activityLogEntry,
  sameValue,
  type ActivityActor,
  type ActivityLogEntry,
} from '../activity-log.ts';
import { diagramOperations, type DiagramOperation } from './operations.ts';
import type { DiagramCollection } from './types.ts';

export type { ActivityActor, ActivityLogEntry } from '../activity-log.ts';

/**
 * The activity log entry (spec §3) for `operation`, which turned `before` into `after`:
 * `tool` 'diagrams'; `action` the operation type; `entityType` 'diagram'; `entityId` the
 * diagram's id; `details` an English summary such as 'Renamed diagram "A" to "B"'; `oldValue`/`newValue` the
 * diagram with its drawing as `xmlChars` (its length in characters) instead of the XML (create:
 * null → diagram; delete: diagram → null), `{name}` (rename), `{version, xmlChars}` (drawing
 * saved). `params`: `name` of the diagram, plus `oldName` for a rename; no `variant` (each
 * action has one sentence). The rest comes from the operation's `describe` (see
 * diagramOperations). Returns null when the operation changed nothing (collection equal before
 * and after; a rename to the same name). Saving the same drawing again is recorded: it counts as
 * a save (spec §4 Diagrams). Throws nothing.
 */
export function diagramActivityEntry(
  operation: DiagramOperation,
  actor: ActivityActor,
  before: DiagramCollection,
  after: DiagramCollection,
): ActivityLogEntry | null {
  if (sameValue(before, after)) return null;
  return activityLogEntry(
    'diagrams',
    operation.type,
    actor,
    diagramOperations.describe(operation, before, after),
  );
}
