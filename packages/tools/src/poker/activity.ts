/**
 * Activity log entries for Scrum Poker operations (spec §3 Activity log entry): one entry
 * describing what an applied {@link PokerOperation} changed, built from the content before and
 * after.
 */
import {
  activityLogEntry,
  sameValue,
  type ActivityActor,
  type ActivityEntryBody,
  type ActivityLogEntry,
  type ActivitySnapshot,
} from '../activity-log.ts';
import { userEstimation, type PokerOperation } from './operations.ts';
import type { Estimation, PokerContent } from './types.ts';

export type { ActivityActor, ActivityLogEntry } from '../activity-log.ts';

function estimationSnapshot(estimation: Estimation): ActivitySnapshot {
  return { ...estimation };
}

function assertNever(value: never): never {
  throw new Error(`Unhandled poker operation ${JSON.stringify(value)}`);
}

function entryBody(
  operation: PokerOperation,
  before: PokerContent,
  after: PokerContent,
): ActivityEntryBody {
  switch (operation.type) {
    case 'submitVote': {
      const userId = operation.userId.trim();
      const old = userEstimation(before, userId);
      const vote = userEstimation(after, userId);
      const username = vote?.username ?? userId;
      return {
        entityType: 'estimation',
        entityId: userId,
        details: old
          ? `Changed the estimation of "${username}"`
          : `Submitted an estimation for "${username}"`,
        oldValue: old ? estimationSnapshot(old) : null,
        newValue: vote ? estimationSnapshot(vote) : null,
        params: { username },
      };
    }
    case 'clearVote': {
      const userId = operation.userId.trim();
      const old = userEstimation(before, userId);
      const username = old?.username ?? userId;
      return {
        entityType: 'estimation',
        entityId: userId,
        details: `Withdrew the estimation of "${username}"`,
        oldValue: old ? estimationSnapshot(old) : null,
        newValue: null,
        params: { username },
      };
    }
    case 'reveal':
    case 'hide': {
      const count = after.estimations.length;
      return {
        entityType: 'estimation',
        entityId: after.id,
        details: `${operation.type === 'reveal' ? 'Revealed' : 'Hid'} ${count} estimations`,
        oldValue: { isRevealed: before.isRevealed },
        newValue: { isRevealed: after.isRevealed },
        params: { count },
      };
    }
    case 'reset': {
      const count = before.estimations.length;
      return {
        entityType: 'estimation',
        entityId: after.id,
        details: `Reset ${count} estimations`,
        oldValue: {
          estimations: before.estimations.map(estimationSnapshot),
          isRevealed: before.isRevealed,
        },
        newValue: { estimations: [], isRevealed: after.isRevealed },
        params: { count },
      };
    }
    case 'changeScale': {
      const count = before.estimations.length;
      return {
        entityType: 'scale',
        entityId: after.id,
        details: `Changed the scale from "${before.scale}" to "${after.scale}", clearing ${count} estimations`,
        oldValue: { scale: before.scale, estimationCount: count },
        newValue: { scale: after.scale, estimationCount: after.estimations.length },
        params: { scale: after.scale, oldScale: before.scale, count },
      };
    }
    case 'selectIssue': {
      const issueId = after.selectedIssueId ?? before.selectedIssueId ?? '';
      return {
        entityType: 'issue',
        entityId: issueId,
        details:
          after.selectedIssueId === null
            ? 'Cleared the issue selection'
            : `Selected issue "${issueId}" for estimation`,
        oldValue: before.selectedIssueId,
        newValue: after.selectedIssueId,
        params: { issueId },
      };
    }
    case 'setTopic': {
      const topic = after.topic ?? '';
      return {
        entityType: 'topic',
        entityId: after.id,
        details: topic === '' ? 'Cleared the topic' : `Set the topic to "${topic}"`,
        oldValue: before.topic ?? null,
        newValue: after.topic ?? null,
        params: { topic },
      };
    }
    default:
      return assertNever(operation);
  }
}

/**
 * The activity log entry (spec §3) for `operation`, which turned `before` into `after`:
 * `tool` 'poker'; `action` the operation type; `entityType` 'estimation' (votes, reveal, hide,
 * reset), 'scale' (changeScale), 'issue' (selectIssue) or 'topic' (setTopic); `entityId` the voter's user id (votes), the
 * selected issue's id (the one cleared when clearing the selection) or else the content's id;
 * `details` an English summary such as 'Revealed 4 estimations'; `oldValue`/`newValue` the
 * estimation entry (votes: null when none), `{isRevealed}`, `{estimations, isRevealed}` (reset),
 * `{scale, estimationCount}`, the selected issue id (or null), the topic (or null). `params`: `username` (votes),
 * `count` of estimations (reveal, hide, reset; those a scale change cleared), `scale` and
 * `oldScale` ('fibonacci' or 'tshirt'), `issueId`, `topic` ('' when cleared). Returns null when the operation changed
 * nothing (content equal before and after, e.g. reveal when revealed). Throws nothing.
 */
export function pokerActivityEntry(
  operation: PokerOperation,
  actor: ActivityActor,
  before: PokerContent,
  after: PokerContent,
): ActivityLogEntry | null {
  if (sameValue(before, after)) return null;
  return activityLogEntry('poker', operation.type, actor, entryBody(operation, before, after));
}
