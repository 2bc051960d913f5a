/**
 * Activity log entries for Pinboard operations (spec §3 Activity log entry): one entry describing
 * what an applied {@link BulletinOperation} changed, built from the content before and after by
 * the operation's own definition (./operations.ts).
 */
import {
  activityLogEntry,
  sameValue,
  type ActivityActor,
  type ActivityLogEntry,
} from '../activity-log.ts';
import { bulletinOperations, type BulletinOperation } from './operations.ts';
import type { BulletinContent } from './types.ts';

export type { ActivityActor, ActivityLogEntry } from '../activity-log.ts';

/**
 * The activity log entry (spec §3) for `operation`, which turned `before` into `after`:
 * `tool` 'bulletin'; `action` the operation type; `entityType` 'note'; `entityId` the post's
 * id (for an add, the new one's); `details` an English summary such as 'Moved note "Retro"';
 * `oldValue`/`newValue` the note without `updatedAt` (add: null → note; delete: note → null), only the
 * changed fields (updates), `{position: {x, y}}` in percent (moves). `params`: `title` of the
 * note, plus `oldTitle` for an update; `variant` 'renamed' for an update that changed the title,
 * else absent. The rest comes from the operation's `describe` (see bulletinOperations). Returns
 * null when the operation changed nothing (content equal before and after, e.g. a drop on the
 * same spot; an update that changed no field). Throws nothing.
 */
export function bulletinActivityEntry(
  operation: BulletinOperation,
  actor: ActivityActor,
  before: BulletinContent,
  after: BulletinContent,
): ActivityLogEntry | null {
  if (sameValue(before, after)) return null;
  return activityLogEntry(
    'bulletin',
    operation.type,
    actor,
    bulletinOperations.describe(operation, before, after),
  );
}
