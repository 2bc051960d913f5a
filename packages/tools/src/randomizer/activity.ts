/**
 * Activity log entries for Daily Randomizer operations (spec §3 Activity log entry): one entry
 * describing what an applied {@link RandomizerOperation} changed, built from the content before
 * and after.
 */
import {
  activityLogEntry,
  sameValue,
  type ActivityActor,
  type ActivityEntryBody,
  type ActivityLogEntry,
} from '../activity-log.ts';
import { availableIndices, type RandomizerOperation } from './operations.ts';
import type { RandomizerContent } from './types.ts';

export type { ActivityActor, ActivityLogEntry } from '../activity-log.ts';

function assertNever(value: never): never {
  throw new Error(`Unhandled randomizer operation ${JSON.stringify(value)}`);
}

function entryBody(
  operation: RandomizerOperation,
  before: RandomizerContent,
  after: RandomizerContent,
): ActivityEntryBody {
  switch (operation.type) {
    case 'start': {
      const count = availableIndices(before).length;
      return {
        entityType: 'option',
        entityId: after.id,
        details: `Started a draw among ${count} options`,
        oldValue: { state: before.animation.state, selectedIndex: before.selectedIndex },
        newValue: { state: after.animation.state, runId: after.animation.runId },
        params: { count },
      };
    }
    case 'complete': {
      const index = after.selectedIndex;
      const option = index === null ? '' : (after.options[index] ?? '');
      return {
        entityType: 'option',
        entityId: index === null ? '' : String(index),
        details: `Drew "${option}"`,
        oldValue: { selectedIndex: before.selectedIndex, usedIndices: before.usedIndices },
        newValue: { selectedIndex: index, option, usedIndices: after.usedIndices },
        params: { option },
      };
    }
    case 'editOptions': {
      const count = after.options.length;
      return {
        entityType: 'option',
        entityId: after.id,
        details: `Set ${count} options`,
        oldValue: { options: before.options },
        newValue: { options: after.options },
        params: { count },
      };
    }
    case 'setMode': {
      return {
        entityType: 'option',
        entityId: after.id,
        details: `Set the repetition mode to "${after.repetitionMode}"`,
        oldValue: { repetitionMode: before.repetitionMode, usedIndices: before.usedIndices },
        newValue: { repetitionMode: after.repetitionMode, usedIndices: after.usedIndices },
        params: { mode: after.repetitionMode },
      };
    }
    case 'resetUsed': {
      const count = before.usedIndices.length;
      return {
        entityType: 'option',
        entityId: after.id,
        details: `Reset ${count} used options`,
        oldValue: { usedIndices: before.usedIndices, selectedIndex: before.selectedIndex },
        newValue: { usedIndices: after.usedIndices, selectedIndex: after.selectedIndex },
        params: { count },
      };
    }
    default:
      return assertNever(operation);
  }
}

/**
 * The activity log entry (spec §3) for `operation`, which turned `before` into `after`:
 * `tool` 'randomizer'; `action` the operation type; `entityType` 'option'; `entityId` the
 * drawn option's 0-based index as text (complete) or else the content's id; `details` an English summary such as
 * 'Drew "Option 2"'; `oldValue`/`newValue` the fields the operation changes (`state`,
 * `selectedIndex`, `runId`, `option`, `usedIndices`, `options`, `repetitionMode`). `params`:
 * `count` (options a start draws from, options after an edit, used options a reset cleared),
 * `option` (the drawn option's text), `mode` ('allow' or 'no-repeat'). Returns null when the
 * operation changed nothing (content equal before and after, e.g. a start while animating or a
 * complete of a finished run). Throws nothing.
 */
export function randomizerActivityEntry(
  operation: RandomizerOperation,
  actor: ActivityActor,
  before: RandomizerContent,
  after: RandomizerContent,
): ActivityLogEntry | null {
  if (sameValue(before, after)) return null;
  return activityLogEntry('randomizer', operation.type, actor, entryBody(operation, before, after));
}
