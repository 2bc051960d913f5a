/**
 * Activity log entries for tracker operations (spec §3 Activity log entry): one entry describing
 * what an applied {@link TrackerOperation} changed, built from the content before and after.
 */
import {
  activityLogEntry,
  addedItem as added,
  changedFields,
  noFieldChanged,
  sameValue,
  type ActivityActor,
  type ActivityEntryBody,
  type ActivityLogEntry,
  type ActivitySnapshot as Snapshot,
} from '../activity-log.ts';
import { findIssue, findPhase, sortByOrder, type TrackerOperation } from './operations.ts';
import { type Comment, type Issue, type Phase, type TrackerContent } from './types.ts';

export type { ActivityActor } from '../activity-log.ts';

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
): ActivityEntryBody | null {
  switch (operation.type) {
    case 'addPhase': {
      const phase = added(before.phases, after.phases);
      const name = phase?.name ?? operation.name.trim();
      return {
        entityType: 'phase',
        entityId: phase?.id ?? '',
        details: `Added phase "${name}"`,
        oldValue: null,
        newValue: phase ? phaseSnapshot(phase) : null,
        params: { name },
      };
    }
    case 'updatePhase': {
      const old = findPhase(before, operation.phaseId);
      const updated = findPhase(after, operation.phaseId);
      const diff = changedFields(
        old ? phaseSnapshot(old) : {},
        updated ? phaseSnapshot(updated) : {},
      );
      if (noFieldChanged(diff)) return null;
      const name = updated?.name ?? '';
      return {
        entityType: 'phase',
        entityId: operation.phaseId,
        details: `Updated phase "${name}"`,
        ...diff,
        params: { name, oldName: old?.name ?? name },
      };
    }
    case 'deletePhase': {
      const old = findPhase(before, operation.phaseId);
      const name = old?.name ?? '';
      const count = old?.issues.length ?? 0;
      return {
        entityType: 'phase',
        entityId: operation.phaseId,
        details: `Deleted phase "${name}" with ${count} issues`,
        oldValue: old ? phaseSnapshot(old) : null,
        newValue: null,
        params: { name, count },
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
        params: { name, from, to },
      };
    }
    case 'addIssue': {
      const issue = added(
        findPhase(before, operation.phaseId)?.issues ?? [],
        findPhase(after, operation.phaseId)?.issues ?? [],
      );
      const title = issue?.title ?? '';
      const phase = findPhase(after, operation.phaseId)?.name ?? '';
      return {
        entityType: 'issue',
        entityId: issue?.id ?? '',
        details: `Added issue "${title}" to phase "${phase}"`,
        oldValue: null,
        newValue: issue ? issueSnapshot(issue) : null,
        params: { title, phase },
      };
    }
    case 'updateIssue': {
      const old = findIssue(before, operation.issueId)?.issue;
      const updated = findIssue(after, operation.issueId)?.issue;
      const diff = changedFields(
        old ? issueSnapshot(old) : {},
        updated ? issueSnapshot(updated) : {},
      );
      if (noFieldChanged(diff)) return null;
      const title = updated?.title ?? '';
      return {
        entityType: 'issue',
        entityId: operation.issueId,
        details: `Updated issue "${title}"`,
        ...diff,
        params: { title, oldTitle: old?.title ?? title },
      };
    }
    case 'deleteIssue': {
      const old = findIssue(before, operation.issueId);
      const title = old?.issue.title ?? '';
      const phase = old?.phase.name ?? '';
      return {
        entityType: 'issue',
        entityId: operation.issueId,
        details: `Deleted issue "${title}" from phase "${phase}"`,
        oldValue: old ? issueSnapshot(old.issue) : null,
        newValue: null,
        params: { title, phase },
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
        params: { title, from: from?.phaseName ?? '', to: to?.phaseName ?? '' },
      };
    }
    case 'addComment': {
      const issue = findIssue(after, operation.issueId)?.issue;
      const comment = added(
        findIssue(before, operation.issueId)?.issue.comments ?? [],
        issue?.comments ?? [],
      );
      const title = issue?.title ?? '';
      return {
        entityType: 'comment',
        entityId: comment?.id ?? '',
        details: `Commented on issue "${title}"`,
        oldValue: null,
        newValue: comment ? commentSnapshot(comment) : null,
        params: { title },
      };
    }
    case 'deleteComment': {
      const issue = findIssue(before, operation.issueId)?.issue;
      const comment = issue?.comments.find((candidate) => candidate.id === operation.commentId);
      const title = issue?.title ?? '';
      return {
        entityType: 'comment',
        entityId: operation.commentId,
        details: `Deleted a comment on issue "${title}"`,
        oldValue: comment ? commentSnapshot(comment) : null,
        newValue: null,
        params: { title },
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
        params: { name },
      };
    }
    case 'updateSettings': {
      const diff = changedFields(ticketFlags(before), ticketFlags(after));
      if (noFieldChanged(diff)) return null;
      return {
        entityType: 'settings',
        entityId: 'settings',
        details: 'Changed the settings',
        ...diff,
        params: {},
      };
    }
    default:
      return assertNever(operation);
  }
}

// The ticket settings updateSettings changes (none on Kanban content, which refuses it).
function ticketFlags(content: TrackerContent): Snapshot {
  return content.toolType === 'ticket'
    ? {
        showTicketNumbers: content.settings.showTicketNumbers,
        autoAssignCreator: content.settings.autoAssignCreator,
      }
    : {};
}

/**
 * The activity log entry (spec §3) for `operation`, which turned `before` into `after`:
 * `tool` 'kanban' or 'ticket-system' (by the content's `toolType`); `action` the operation
 * type; `entityType` phase, issue, comment or team; `entityId` the phase, issue or comment id
 * (for an add, the new one's id) or the member name; `details` an English summary such as 'Moved issue "Login" from "To Do" to "Done"'; `oldValue`/`newValue`
 * the entity (add: null → entity; delete: entity → null), only the changed fields (updates),
 * the position (moves). `params` for translation: `name` (phase or member; a phase update adds
 * `oldName`, a phase delete `count` of issues, a phase move 1-based positions `from`/`to`),
 * `title` (issue; with `phase` for add/delete, phase names `from`/`to` for moves, `oldTitle`
 * for updates; the commented issue's title for comments). Returns null when the operation
 * changed nothing (content equal before and after, e.g. a same-column drop or a repeated team
 * member; an update that changed no field). Throws nothing.
 */
export function activityEntry(
  operation: TrackerOperation,
  actor: ActivityActor,
  before: TrackerContent,
  after: TrackerContent,
): ActivityLogEntry | null {
  if (sameValue(before, after)) return null;
  const tool = after.toolType === 'ticket' ? 'ticket-system' : 'kanban';
  return activityLogEntry(tool, operation.type, actor, entryBody(operation, before, after));
}
