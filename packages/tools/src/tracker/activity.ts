/**
 * Activity log entries for tracker operations (spec §3 Activity log entry): one entry describing
 * what an applied {@link TrackerOperation} changed, built from the content before and after by
 * the operation's own definition (./operations.ts).
 */
import {
  activityLogEntry,
  sameValue,
  type ActivityActor,
  type ActivityLogEntry,
} from '../activity-log.ts';
import { trackerOperations, type TrackerOperation } from './operations.ts';
import type { TrackerContent } from './types.ts';

export type { ActivityActor } from '../activity-log.ts';

/**
 * The activity log entry (spec §3) for `operation`, which turned `before` into `after`:
 * `tool` 'kanban' or 'ticket-system' (by the content's `toolType`); `action` the operation
 * type; the rest from the operation's `describe` (see trackerOperations): `entityType` phase,
 * issue, comment, team or settings; `entityId` the phase, issue or comment id (for an add, the
 * new one's id), the member name or 'settings'; `details` an English summary such as 'Moved issue
 * "Login" from "To Do" to "Done"'; `oldValue`/`newValue` the entity (add: null → entity; delete:
 * entity → null), only the changed fields (updates), the position (moves). `params` for
 * translation: `name` (phase or member; a phase update adds `oldName`, a phase delete `count` of
 * issues, a phase move 1-based positions `from`/`to`), `title` (issue; with `phase` for
 * add/delete, phase names `from`/`to` for moves, `oldTitle` for updates; the commented issue's
 * title for comments); none for settings. `variant`, the sentence's (activityMessageKey in
 * ../activity-log.ts): 'renamed' for a phase or issue update that changed the name or title,
 * 'one' / 'other' for a phase delete by its issue count, 'reordered' for an issue move within
 * its phase; absent otherwise. Returns null when the operation changed nothing (content equal
 * before and after, e.g. a same-column drop or a repeated team member; an update that changed no
 * field). Throws nothing.
 */
export function activityEntry(
  operation: TrackerOperation,
  actor: ActivityActor,
  before: TrackerContent,
  after: TrackerContent,
): ActivityLogEntry | null {
  if (sameValue(before, after)) return null;
  const tool = after.toolType === 'ticket' ? 'ticket-system' : 'kanban';
  return activityLogEntry(
    tool,
    operation.type,
    actor,
    trackerOperations.describe(operation, before, after),
  );
}
