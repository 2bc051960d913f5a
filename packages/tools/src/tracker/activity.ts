/**
 * Activity log entries for tracker operations (spec §3 Activity log entry): one entry describing
 * what an applied {@link TrackerOperation} changed, built from the content before and after.
 */
import { findIssue, findPhase, sortByOrder, type TrackerOperation } from './operations.ts';
import {
  type ActivityEntityType,
  type ActivityLogEntry,
  type ActivityValue,
  type Comment,
  type Issue,
  type Phase,
  type TrackerContent,
} from './types.ts';

/**
 * Who acted and the injected clock and id source: `now()` gives the ISO 8601 timestamp,
 * `newId()` the entry's id.
 */
export interface ActivityActor {
  userId: string;
  userDisplayName: string;
  now: () => string;
  newId: () => string;
}

type Snapshot = Readonly<Record<string, ActivityValue | undefined>>;

interface EntryBody {
  entityType: ActivityEntityType;
  entityId: string;
  details: string;
  oldValue: ActivityValue;
  newValue: ActivityValue;
}

function phaseSnapshot(phase: Phase): Snapshot {
  return {
    id: phase.id,
    name: phase.name,
    color: phase.color,
    description: phase.description,
    maxIssues: phase.maxIssues,
    isEndPhase: phase.isEndPhase,
    issueCount: phase.issues.length,
  };
}

function issueSnapshot(issue: Issue): Snapshot {
  return {
    id: issue.id,
    title: issue.title,
    description: issue.description,
    type: issue.type,
    priority: issue.priority,
    estimation: issue.estimation,
    assignedPerson: issue.assignedPerson,
    tags: issue.tags,
    createdAt: issue.createdAt,
    createdBy: issue.createdBy,
  };
}

function commentSnapshot(comment: Comment): Snapshot {
  return { ...comment };
}

// The fields that differ between two snapshots, as old and new partial snapshots.
function changedFields(
  before: Snapshot,
  after: Snapshot,
): { oldValue: Snapshot; newValue: Snapshot } {
  const oldValue: Record<string, ActivityValue | undefined> = {};
  const newValue: Record<string, ActivityValue | undefined> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      oldValue[key] = before[key] ?? null;
      newValue[key] = after[key] ?? null;
    }
  }
  return { oldValue, newValue };
}

function added<T extends { id: string }>(before: readonly T[], after: readonly T[]): T | undefined {
  const known = new Set(before.map((item) => item.id));
  return after.find((item) => !known.has(item.id));
}

function phasePosition(content: TrackerContent, phaseId: string): number {
  return sortByOrder(content.phases).findIndex((phase) => phase.id === phaseId) + 1;
}

function issueAt(
  content: TrackerContent,
  issueId: string,
): { phaseId: string; phaseName: string; order: number } | null {
  const found = findIssue(content, issueId);
  return found
    ? { phaseId: found.phase.id, phaseName: found.phase.name, order: found.issue.order }
    : null;
}

function assertNever(value: never): never {
  throw new Error(`Unhandled tracker operation ${JSON.stringify(value)}`);
}

function entryBody(
  operation: TrackerOperation,
  before: TrackerContent,
  after: TrackerContent,
): EntryBody {
  switch (operation.type) {
    case 'addPhase': {
      const phase = added(before.phases, after.phases);
      return {
        entityType: 'phase',
        entityId: phase?.id ?? '',
        details: `Added phase "${phase?.name ?? operation.name.trim()}"`,
        oldValue: null,
        newValue: phase ? phaseSnapshot(phase) : null,
      };
    }
    case 'updatePhase': {
      const old = findPhase(before, operation.phaseId);
      const updated = findPhase(after, operation.phaseId);
      const diff = changedFields(
        old ? phaseSnapshot(old) : {},
        updated ? phaseSnapshot(updated) : {},
      );
      return {
        entityType: 'phase',
        entityId: operation.phaseId,
        details: `Updated phase "${updated?.name ?? ''}"`,
        ...diff,
      };
    }
    case 'deletePhase': {
      const old = findPhase(before, operation.phaseId);
      return {
        entityType: 'phase',
        entityId: operation.phaseId,
        details: `Deleted phase "${old?.name ?? ''}" with ${old?.issues.length ?? 0} issues`,
        oldValue: old ? phaseSnapshot(old) : null,
        newValue: null,
      };
    }
    case 'movePhase':
    case 'movePhaseTo': {
      const from = phasePosition(before, operation.phaseId);
      const to = phasePosition(after, operation.phaseId);
      const name = findPhase(after, operation.phaseId)?.name ?? '';
      return {
        entityType: 'phase',
        entityId: operation.phaseId,
        details: `Moved phase "${name}" from position ${from} to ${to}`,
        oldValue: { position: from },
        newValue: { position: to },
      };
    }
    case 'addIssue': {
      const issue = added(
        findPhase(before, operation.phaseId)?.issues ?? [],
        findPhase(after, operation.phaseId)?.issues ?? [],
      );
      const phaseName = findPhase(after, operation.phaseId)?.name ?? '';
      return {
        entityType: 'issue',
        entityId: issue?.id ?? '',
        details: `Added issue "${issue?.title ?? ''}" to phase "${phaseName}"`,
        oldValue: null,
        newValue: issue ? issueSnapshot(issue) : null,
      };
    }
    case 'updateIssue': {
      const old = findIssue(before, operation.issueId)?.issue;
      const updated = findIssue(after, operation.issueId)?.issue;
      const diff = changedFields(
        old ? issueSnapshot(old) : {},
        updated ? issueSnapshot(updated) : {},
      );
      return {
        entityType: 'issue',
        entityId: operation.issueId,
        details: `Updated issue "${updated?.title ?? ''}"`,
        ...diff,
      };
    }
    case 'deleteIssue': {
      const old = findIssue(before, operation.issueId);
      return {
        entityType: 'issue',
        entityId: operation.issueId,
        details: `Deleted issue "${old?.issue.title ?? ''}" from phase "${old?.phase.name ?? ''}"`,
        oldValue: old ? issueSnapshot(old.issue) : null,
        newValue: null,
      };
    }
    case 'moveIssue': {
      const from = issueAt(before, operation.issueId);
      const to = issueAt(after, operation.issueId);
      const title = findIssue(after, operation.issueId)?.issue.title ?? '';
      return {
        entityType: 'issue',
        entityId: operation.issueId,
        details: `Moved issue "${title}" from "${from?.phaseName ?? ''}" to "${to?.phaseName ?? ''}"`,
        oldValue: from,
        newValue: to,
      };
    }
    case 'addComment': {
      const issue = findIssue(after, operation.issueId)?.issue;
      const comment = added(
        findIssue(before, operation.issueId)?.issue.comments ?? [],
        issue?.comments ?? [],
      );
      return {
        entityType: 'comment',
        entityId: comment?.id ?? '',
        details: `Commented on issue "${issue?.title ?? ''}"`,
        oldValue: null,
        newValue: comment ? commentSnapshot(comment) : null,
      };
    }
    case 'deleteComment': {
      const issue = findIssue(before, operation.issueId)?.issue;
      const comment = issue?.comments.find((candidate) => candidate.id === operation.commentId);
      return {
        entityType: 'comment',
        entityId: operation.commentId,
        details: `Deleted a comment on issue "${issue?.title ?? ''}"`,
        oldValue: comment ? commentSnapshot(comment) : null,
        newValue: null,
      };
    }
    case 'addTeamMember': {
      const name = operation.name.trim();
      return {
        entityType: 'team',
        entityId: name,
        details: `Added team member "${name}"`,
        oldValue: null,
        newValue: name,
      };
    }
    default:
      return assertNever(operation);
  }
}

/**
 * The activity log entry (spec §3) for `operation`, which turned `before` into `after`:
 * `action` is the operation type; `entityType` phase, issue, comment or team; `entityId` the
 * phase, issue or comment id (for an add, the new one's id) or the member name; `details` an
 * English summary such as 'Moved issue "Login" from "To Do" to "Done"'; `oldValue`/`newValue`
 * the entity (add: null → entity; delete: entity → null), only the changed fields (updates),
 * the position (moves). Returns null when the operation changed nothing (`after === before`,
 * e.g. a same-column drop or a repeated team member). Throws nothing.
 */
export function activityEntry(
  operation: TrackerOperation,
  actor: ActivityActor,
  before: TrackerContent,
  after: TrackerContent,
): ActivityLogEntry | null {
  if (before === after) return null;
  return {
    id: actor.newId(),
    timestamp: actor.now(),
    userId: actor.userId,
    userDisplayName: actor.userDisplayName,
    action: operation.type,
    ...entryBody(operation, before, after),
  };
}
