/**
 * Activity log entries for Scrum Poker operations (spec §3 Activity log entry): one entry
 * describing what an applied {@link PokerOperation} changed, built from the content before and
 * after by the operation's own definition (./operations.ts).
 */
import {
  activityLogEntry,
  sameValue,
  type ActivityActor,
  type ActivityLogEntry,
} from '../activity-log.ts';
import { pokerOperations, type PokerOperation } from './operations.ts';
import type { PokerContent } from './types.ts';

export type { ActivityActor, ActivityLogEntry } from '../activity-log.ts';

/**
 * The activity log entry (spec §3) for `operation`, which turned `before` into `after`:
 * `tool` 'poker'; `action` the operation type; `entityType` 'estimation' (votes, reveal, hide,
 * reset), 'scale' (changeScale), 'issue' (selectIssue) or 'topic' (setTopic); `entityId` the
 * voter's user id (votes), the selected issue's id (the one cleared when clearing the selection)
 * or else the content's id; `details` an English summary such as 'Revealed 4 estimations';
 * `oldValue`/`newValue` the estimation entry (votes: null when none), `{isRevealed}`,
 * `{estimations, isRevealed}` (reset), `{scale, estimationCount}`, the selected issue id (or
 * null), the topic (or null). `params`: `username` (votes), `count` of estimations (reveal, hide,
 * reset; those a scale change cleared), `scale` and `oldScale` ('fibonacci' or 'tshirt'),
 * `issueId`, `topic` ('' when cleared). `variant`: 'changed' (submitVote replacing an earlier
 * vote), 'fibonacci' or 'tshirt' (changeScale: the new scale), 'cleared' (selectIssue, setTopic:
 * newValue null); absent otherwise. Each operation's part comes from its `describe` (see
 * pokerOperations). Returns null when the operation changed nothing (content equal before and
 * after, e.g. reveal when revealed). Throws nothing.
 */
export function pokerActivityEntry(
  operation: PokerOperation,
  actor: ActivityActor,
  before: PokerContent,
  after: PokerContent,
): ActivityLogEntry | null {
  if (sameValue(before, after)) return null;
  return activityLogEntry(
    'poker',
    operation.type,
    actor,
    pokerOperations.describe(operation, before, after),
  );
}
