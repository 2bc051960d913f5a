/**
 * Test support shared by the tracker's operation and undo tests (not exported by the package): a
 * small board of each tracker tool built through the registry, and one accepted operation of each
 * name against it.
 */
import { operationContext } from '../operation.ts';
import { overTheWire } from '../patch-testing.ts';
import { tools } from '../registry.ts';
import { deepFreeze, stampOf } from '../testing.ts';
import type { ToolDefinition } from '../tool.ts';
import { trackerOperations, type TrackerOperation } from './operations.ts';
import type { Issue, TrackerContent } from './types.ts';

/** The content ids of the two tracker tools. */
export const TRACKER_TOOLS = ['kanban', 'ticket-system'] as const;
export type TrackerToolName = (typeof TRACKER_TOOLS)[number];

/** The registry entry of a tracker tool, typed for code that handles both. */
export function trackerTool(
  name: TrackerToolName,
): ToolDefinition<TrackerContent, TrackerOperation> {
  return tools[name];
}

/**
 * The operation names `name` accepts on a board: all of them but for Kanban `updateSettings`,
 * whose ticket settings a Kanban board does not have (refused with SETTING_NOT_AVAILABLE).
 */
export function operationsOf(name: TrackerToolName): readonly TrackerOperation['type'][] {
  return name === 'kanban'
    ? trackerOperations.names.filter((operation) => operation !== 'updateSettings')
    : trackerOperations.names;
}

export function issuesOf(content: TrackerContent): Issue[] {
  return content.phases.flatMap((phase) => phase.issues);
}

/** The id of the phase called `name`. @throws when there is none. */
export function phaseNamed(content: TrackerContent, name: string): string {
  const found = content.phases.find((phase) => phase.name === name);
  if (!found) throw new Error(`no phase ${name}`);
  return found.id;
}

/** The issue titled `title`. @throws when there is none. */
export function issueTitled(content: TrackerContent, title: string): Issue {
  const found = issuesOf(content).find((issue) => issue.title === title);
  if (!found) throw new Error(`no issue ${title}`);
  return found;
}

/**
 * `name`'s default content (frozen) with issues A, B in To Do (A with one comment by bo and one
 * checklist item), C in In Progress (estimation 5, tag x) and D in Done, each added over the
 * wire at stamps 1–6.
 */
export function sampleBoard(name: TrackerToolName): TrackerContent {
  const tool = trackerTool(name);
  let step = 0;
  const next = (content: TrackerContent, op: TrackerOperation): TrackerContent =>
    tool.apply(content, overTheWire(tool, op, stampOf(++step)));
  let content = tool.defaultContent(operationContext(stampOf(0)));
  const add = (phase: string, title: string, createdBy: string, extra = {}) =>
    (content = next(content, {
      type: 'addIssue',
      phaseId: phaseNamed(content, phase),
      issue: { title, ...extra },
      createdBy,
    }));
  add('To Do', 'A', 'ann');
  add('To Do', 'B', 'bo');
  add('In Progress', 'C', 'ann', { estimation: '5', tags: ['x'] });
  add('Done', 'D', 'ann');
  content = next(content, {
    type: 'addComment',
    issueId: issueTitled(content, 'A').id,
    content: 'first',
    createdBy: 'bo',
  });
  content = next(content, {
    type: 'addChecklistItem',
    issueId: issueTitled(content, 'A').id,
    text: 'Write tests',
  });
  return deepFreeze(content);
}

/**
 * One operation of each name against {@link sampleBoard}, each accepted there (for Kanban but
 * `updateSettings`, see {@link operationsOf}); some carry what the rules normalise (a repeated
 * tag, a comment with spaces around it).
 */
export function sampleOperations(
  content: TrackerContent,
): Record<TrackerOperation['type'], TrackerOperation> {
  const todo = phaseNamed(content, 'To Do');
  const a = issueTitled(content, 'A');
  const comment = a.comments[0];
  if (!comment) throw new Error('A has no comment');
  const item = a.checklist?.[0];
  if (!item) throw new Error('A has no checklist');
  return {
    addPhase: { type: 'addPhase', name: 'Blocked', color: '#dc3545', maxIssues: 2 },
    updatePhase: { type: 'updatePhase', phaseId: todo, changes: { name: 'Ready', maxIssues: 4 } },
    deletePhase: { type: 'deletePhase', phaseId: phaseNamed(content, 'Backlog') },
    movePhase: { type: 'movePhase', phaseId: todo, direction: 'right' },
    movePhaseTo: { type: 'movePhaseTo', phaseId: todo, toIndex: 4 },
    addIssue: {
      type: 'addIssue',
      phaseId: todo,
      issue: { title: 'New', type: 'Bug', priority: 'High', estimation: 'M', tags: ['a', 'a'] },
      createdBy: 'cy',
    },
    updateIssue: { type: 'updateIssue', issueId: a.id, changes: { title: 'A2', estimation: '3' } },
    deleteIssue: { type: 'deleteIssue', issueId: a.id },
    moveIssue: {
      type: 'moveIssue',
      issueId: a.id,
      toPhaseId: phaseNamed(content, 'Done'),
      toIndex: 0,
    },
    archiveIssues: {
      type: 'archiveIssues',
      phaseId: todo,
      issueIds: [a.id, issueTitled(content, 'B').id],
    },
    addComment: { type: 'addComment', issueId: a.id, content: ' second ', createdBy: 'cy' },
    updateComment: {
      type: 'updateComment',
      issueId: a.id,
      commentId: comment.id,
      content: ' first, edited ',
      by: 'BO',
    },
    deleteComment: { type: 'deleteComment', issueId: a.id, commentId: comment.id },
    addChecklistItem: { type: 'addChecklistItem', issueId: a.id, text: ' Review ' },
    updateChecklistItem: {
      type: 'updateChecklistItem',
      issueId: a.id,
      itemId: item.id,
      changes: { done: true },
    },
    deleteChecklistItem: { type: 'deleteChecklistItem', issueId: a.id, itemId: item.id },
    setTagColor: { type: 'setTagColor', tag: ' X ', color: '#1A2B3C' },
    addTeamMember: { type: 'addTeamMember', name: 'dee' },
    updateSettings: {
      type: 'updateSettings',
      changes: { showTicketNumbers: false, autoAssignCreator: true },
    },
  };
}
