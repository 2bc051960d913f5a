/**
 * Activity log entries for Daily Randomizer operations (spec §3 Activity log entry): one entry
 * describing what an applied {@link RandomizerOperation} changed, built from the content before
 * and after by the operation's own definition (./operations.ts).
 */
import {
  activityLogEntry,
  sameValue,
  type ActivityActor,
  type ActivityLogEntry,
} from '../activity-log.ts';
import { randomizerOperations, type RandomizerOperation } from './operations.ts';
import type { RandomizerContent } from './types.ts';

export type { ActivityActor, ActivityLogEntry } from '../activity-log.ts';

/**
 * The activity log entry (spec §3) for `operation`, which turned `before` into `after`: `tool`
 * 'randomizer', `action` the operation type, the rest from the operation's `describe` (see
 * randomizerOperations). Returns null when the operation changed nothing (content equal before
 * and after, e.g. a start while animating or a complete of a finished run). Throws nothing.
 */
export function randomizerActivityEntry(
  operation: RandomizerOperation,
  actor: ActivityActor,
  before: RandomizerContent,
  after: RandomizerContent,
): ActivityLogEntry | null {
  if (sameValue(before, after)) return null;
  return activityLogEntry(
    'randomizer',
    operation.type,
    actor,
    randomizerOperations.describe(operation, before, after),
  );
}
