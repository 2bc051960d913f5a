/**
 * The named operations on tracker content (spec §4 Issue/card moves, §5 Issue form, §8 Tracker
 * logic), each defined once — name, argument schema, function and activity entry — and listed in
 * {@link trackerOperations}. Each is pure: `(content, args, ctx) => newContent`, never mutating
 * its input and throwing {@link TrackerError} when a rule refuses it. {@link applyOperation}
 * replays a {@link TrackerOperation} against any content, which is how a save that hit a 409
 * re-applies the user's change to the latest version (spec §4 Tool content).
 *
 * Issues are found by id across all phases, so an edit still lands after another user moved the
 * issue. Operations leave `version` and `lastModified` alone: the content lifecycle sets them when
 * it saves.
 */
import { z } from 'zod';

import {
  addedItem,
  changedFields,
  noFieldChanged,
  type ActivityEntryBody,
  type ActivitySnapshot as Snapshot,
} from '../activity-log.ts';
import { operationDefiner, operationSet, type OperationSetOp } from '../define-operation.ts';
import { mergeFieldChanges } from '../edits.ts';
import { estimationToNumber } from './estimation.ts';
import { memberKey, sameName } from './members.ts';
import { issuePrioritySchema, issueTypeSchema, maxIssuesSchema } from './schema.ts';
import { cleanTags, tagColorKey } from './tags.ts';
import {
  DEFAULT_PHASE_COLOR,
  ESTIMATION_MAX_CHARS,
  TAG_COLOR_PATTERN,
  TrackerError,
  type ChecklistItem,
  type Comment,
  type Issue,
  type Phase,
  type TrackerContent,
  type TrackerContext,
} from './types.ts';
import { activeIssueCount, isDueDate } from './view.ts';

// ---------------------------------------------------------------------------------------------
// Arguments: their shapes only (unknown keys are dropped); rules about values (blank names,
// positions out of range…) are the operations' (spec §4, §5).

const phaseId = z.string();
const issueId = z.string();

const phaseInput = z.object({
  name: z.string(),
  /** Defaults to {@link DEFAULT_PHASE_COLOR}. */
  color: z.string().optional(),
  description: z.string().optional(),
  /** A count of issues: an integer ≥ 0. */
  maxIssues: maxIssuesSchema.optional(),
  isEndPhase: z.boolean().optional(),
});

/**
 * What the Add Column / Add Phase modal gives (spec §2): a name (required after trimming) and
 * optional extras — `color`, `description`, `maxIssues` (an integer ≥ 0), `isEndPhase`.
 */
export type PhaseInput = z.output<typeof phaseInput>;

// The fields an edit changes, and (as `from`) their values when the member started (../edits.ts).
const phaseChanges = z.object({
  name: z.string().optional(),
  color: z.string().optional(),
  description: z.string().optional(),
  maxIssues: maxIssuesSchema.nullable().optional(),
  isEndPhase: z.boolean().optional(),
});

/**
 * Changes to a phase (name, color, description, maxIssues, isEndPhase); `maxIssues: null`
 * removes the limit.
 */
export type PhaseChanges = z.output<typeof phaseChanges>;

// The optional fields a new issue and an issue's changes share (spec §3 Issue/card).
const optionalIssueFields = {
  description: z.string().optional(),
  type: issueTypeSchema.optional(),
  priority: issuePrioritySchema.optional(),
  estimation: z.string().optional(),
  assignedPerson: z.string().optional(),
  tags: z.array(z.string()).optional(),
};

const issueInput = z.object({
  title: z.string(),
  ...optionalIssueFields,
  dueDate: z.string().optional(),
});

/**
 * What the shared issue form gives (spec §2, §5 Issue form): `title` and optionally
 * `description`, `type`, `priority`, `estimation`, `assignedPerson`, `tags`, `dueDate`
 * (`YYYY-MM-DD`). Absent fields default to: type `settings.defaultIssueType`, priority 'none',
 * empty description/estimation/assignee/tags, no due date.
 */
export type IssueInput = z.output<typeof issueInput>;

const issueChanges = z.object({
  title: z.string().optional(),
  ...optionalIssueFields,
  dueDate: z.string().nullable().optional(),
  archived: z.boolean().optional(),
});

/**
 * Changes to an issue's editable fields (spec §2 issue form): title, description, type,
 * priority, estimation, assignedPerson, tags, `dueDate` (`YYYY-MM-DD`; null or blank clears it)
 * and `archived` (true hides the issue from the board, false restores it).
 */
export type IssueChanges = z.output<typeof issueChanges>;

const checklistItemChanges = z.object({
  text: z.string().optional(),
  done: z.boolean().optional(),
});

/** Changes to a checklist item: its `text` (trimmed, required) and whether it is `done`. */
export type ChecklistItemChanges = z.output<typeof checklistItemChanges>;

const ticketSettingsChanges = z.object({
  showTicketNumbers: z.boolean().optional(),
  autoAssignCreator: z.boolean().optional(),
});

/** The ticket settings {@link updateSettings} changes (spec §3 Ticket settings). */
export type TicketSettingsChanges = z.output<typeof ticketSettingsChanges>;

const phaseDirection = z.enum(['left', 'right']);

/** A one-step phase move (spec §4): left is towards order 0. */
export type PhaseDirection = z.output<typeof phaseDirection>;

const addPhaseArgs = phaseInput;
const updatePhaseArgs = z.object({
  phaseId,
  changes: phaseChanges,
  from: phaseChanges.optional(),
});
const deletePhaseArgs = z.object({ phaseId });
const movePhaseArgs = z.object({ phaseId, direction: phaseDirection });
const movePhaseToArgs = z.object({ phaseId, toIndex: z.number() });
const addIssueArgs = z.object({ phaseId, issue: issueInput, createdBy: z.string() });
const updateIssueArgs = z.object({
  issueId,
  changes: issueChanges,
  from: issueChanges.optional(),
});
const deleteIssueArgs = z.object({ issueId });
const moveIssueArgs = z.object({ issueId, toPhaseId: phaseId, toIndex: z.number().optional() });
const archiveIssuesArgs = z.object({ phaseId, issueIds: z.array(issueId) });
const addCommentArgs = z.object({ issueId, content: z.string(), createdBy: z.string() });
const updateCommentArgs = z.object({
  issueId,
  commentId: z.string(),
  content: z.string(),
  by: z.string(),
  from: z.string().optional(),
});
const deleteCommentArgs = z.object({ issueId, commentId: z.string(), by: z.string().optional() });
const addChecklistItemArgs = z.object({ issueId, text: z.string() });
const updateChecklistItemArgs = z.object({
  issueId,
  itemId: z.string(),
  changes: checklistItemChanges,
  from: checklistItemChanges.optional(),
});
const deleteChecklistItemArgs = z.object({ issueId, itemId: z.string() });
const setTagColorArgs = z.object({ tag: z.string(), color: z.string().nullable() });
const addTeamMemberArgs = z.object({ name: z.string() });
const updateSettingsArgs = z.object({
  changes: ticketSettingsChanges,
  from: ticketSettingsChanges.optional(),
});

/** Arguments of {@link addPhase}: a {@link PhaseInput}. */
export type AddPhaseArgs = z.output<typeof addPhaseArgs>;
/**
 * Arguments of {@link updatePhase}: `{phaseId, changes, from?}`, the changed fields and, for
 * each, its value when the member started editing (`from`, ../edits.ts; absent key: the field
 * was absent). Without `from` the changes are set as they are.
 */
export type UpdatePhaseArgs = z.output<typeof updatePhaseArgs>;
/** Arguments of {@link deletePhase}: `{phaseId}`. */
export type DeletePhaseArgs = z.output<typeof deletePhaseArgs>;
/** Arguments of {@link movePhase}: `{phaseId, direction}`. */
export type MovePhaseArgs = z.output<typeof movePhaseArgs>;
/**
 * Arguments of {@link movePhaseTo}: `{phaseId, toIndex}`, `toIndex` the 0-based position the
 * phase ends at.
 */
export type MovePhaseToArgs = z.output<typeof movePhaseToArgs>;
/**
 * Arguments of {@link addIssue}: `{phaseId, issue, createdBy}`, `createdBy` the current user's
 * name.
 */
export type AddIssueArgs = z.output<typeof addIssueArgs>;
/**
 * Arguments of {@link updateIssue}: `{issueId, changes, from?}`, the changed fields and, for
 * each, its value when the member started editing (`from`, ../edits.ts). Without `from` the
 * changes are set as they are.
 */
export type UpdateIssueArgs = z.output<typeof updateIssueArgs>;
/** Arguments of {@link deleteIssue}: `{issueId}`. */
export type DeleteIssueArgs = z.output<typeof deleteIssueArgs>;
/**
 * Arguments of {@link archiveIssues}: `{phaseId, issueIds}`, the issues of the phase the member
 * saw when asking (issues added to the phase later are not archived).
 */
export type ArchiveIssuesArgs = z.output<typeof archiveIssuesArgs>;
/**
 * Arguments of {@link moveIssue}: `{issueId, toPhaseId, toIndex?}`, `toIndex` the 0-based
 * position in the target phase; absent appends.
 */
export type MoveIssueArgs = z.output<typeof moveIssueArgs>;
/**
 * Arguments of {@link addComment}: `{issueId, content, createdBy}`, `createdBy` the current
 * user's name.
 */
export type AddCommentArgs = z.output<typeof addCommentArgs>;
/**
 * Arguments of {@link updateComment}: `{issueId, commentId, content, by, from?}`, `by` the
 * current user's name (must be the comment's author), `from` the comment's text when the member
 * started editing (../edits.ts). Without `from` the text is set as it is.
 */
export type UpdateCommentArgs = z.output<typeof updateCommentArgs>;
/**
 * Arguments of {@link deleteComment}: `{issueId, commentId, by?}`; with `by` (the current user's
 * name) only the comment's author may delete it.
 */
export type DeleteCommentArgs = z.output<typeof deleteCommentArgs>;
/** Arguments of {@link addChecklistItem}: `{issueId, text}`. */
export type AddChecklistItemArgs = z.output<typeof addChecklistItemArgs>;
/**
 * Arguments of {@link updateChecklistItem}: `{issueId, itemId, changes, from?}`, `from` as in
 * {@link UpdateIssueArgs}.
 */
export type UpdateChecklistItemArgs = z.output<typeof updateChecklistItemArgs>;
/** Arguments of {@link deleteChecklistItem}: `{issueId, itemId}`. */
export type DeleteChecklistItemArgs = z.output<typeof deleteChecklistItemArgs>;
/**
 * Arguments of {@link setTagColor}: `{tag, color}`, `color` a hex colour `#rrggbb` or null to
 * remove the tag's colour.
 */
export type SetTagColorArgs = z.output<typeof setTagColorArgs>;
/** Arguments of {@link addTeamMember}: `{name}`. */
export type AddTeamMemberArgs = z.output<typeof addTeamMemberArgs>;
/**
 * Arguments of {@link updateSettings}: `{changes, from?}`, `from` as in {@link UpdateIssueArgs}.
 */
export type UpdateSettingsArgs = z.output<typeof updateSettingsArgs>;

// ---------------------------------------------------------------------------------------------
// Queries

function requireContent<C extends TrackerContent>(content: C | null | undefined): C {
  if (content === null || content === undefined) throw new TrackerError('NO_DATA');
  return content;
}

/** Copy of `items` sorted by `order` (stable, so equal orders keep their array order). */
export function sortByOrder<T extends { order: number }>(items: readonly T[]): T[] {
  return items.toSorted((a, b) => a.order - b.order);
}

// Sorts by order and gives positions 0..n-1, keeping unchanged items as they are.
function renumber<T extends { order: number }>(items: readonly T[]): T[] {
  return sortByOrder(items).map((item, order) =>
    item.order === order ? item : { ...item, order },
  );
}

function isPosition(index: number, length: number): boolean {
  return Number.isInteger(index) && index >= 0 && index < length;
}

/**
 * True when `phase` has a `maxIssues` limit and holds that many issues or more (spec §4);
 * archived issues do not count (a hidden card must not block a column).
 */
export function isPhaseFull(phase: Phase): boolean {
  return typeof phase.maxIssues === 'number' && activeIssueCount(phase) >= phase.maxIssues;
}

/** The phase with `phaseId`, or null. */
export function findPhase(content: TrackerContent, phaseId: string): Phase | null {
  return content.phases.find((phase) => phase.id === phaseId) ?? null;
}

/** The issue with `issueId` and the phase holding it, or null. */
export function findIssue(
  content: TrackerContent,
  issueId: string,
): { phase: Phase; issue: Issue } | null {
  for (const phase of content.phases) {
    const issue = phase.issues.find((candidate) => candidate.id === issueId);
    if (issue) return { phase, issue };
  }
  return null;
}

function requirePhase(content: TrackerContent, phaseId: string): Phase {
  const phase = findPhase(content, phaseId);
  if (!phase) throw new TrackerError('PHASE_NOT_FOUND');
  return phase;
}

function requireIssue(content: TrackerContent, issueId: string): { phase: Phase; issue: Issue } {
  const found = findIssue(content, issueId);
  if (!found) throw new TrackerError('ISSUE_NOT_FOUND');
  return found;
}

/** Whether another phase may be added: fewer than `settings.maxPhases` (spec §4). */
export function canAddPhase(content: TrackerContent): boolean {
  return content.phases.length < content.settings.maxPhases;
}

/**
 * Whether the delete-column button shows (spec §2): `settings.allowPhaseDelete` and more than
 * `settings.minPhases` phases. {@link deletePhase} itself enforces only the minimum.
 */
export function canDeletePhase(content: TrackerContent): boolean {
  return content.settings.allowPhaseDelete && content.phases.length > content.settings.minPhases;
}

/**
 * Whether a move arrow shows (spec §2): `settings.allowPhaseReorder` and a neighbour exists in
 * `direction`. False for an unknown phase.
 */
export function canMovePhase(
  content: TrackerContent,
  phaseId: string,
  direction: PhaseDirection,
): boolean {
  const index = sortByOrder(content.phases).findIndex((phase) => phase.id === phaseId);
  if (index < 0 || !content.settings.allowPhaseReorder) return false;
  return isPosition(index + (direction === 'left' ? -1 : 1), content.phases.length);
}

/**
 * Whether `issueId` may be dropped on `toPhaseId` (spec §4): always into its own phase, otherwise
 * only when the target is not full (an archived issue, which does not count, always). False for
 * an unknown issue or phase.
 */
export function canMoveIssue(content: TrackerContent, issueId: string, toPhaseId: string): boolean {
  const found = findIssue(content, issueId);
  const target = findPhase(content, toPhaseId);
  if (!found || !target) return false;
  return found.phase.id === target.id || found.issue.archived === true || !isPhaseFull(target);
}

// ---------------------------------------------------------------------------------------------
// Normalisation of form input (spec §5 Issue form)

function requiredText(text: string, code: 'TITLE_REQUIRED' | 'NAME_REQUIRED'): string {
  const trimmed = text.trim();
  if (trimmed === '') throw new TrackerError(code);
  return trimmed;
}

function checkedEstimation(estimation: string): string {
  const trimmed = estimation.trim();
  if (trimmed.length > ESTIMATION_MAX_CHARS) {
    throw new TrackerError('ESTIMATION_TOO_LONG', { maxChars: ESTIMATION_MAX_CHARS });
  }
  // spec §5 Issue validation refuses to save a negative estimation: refuse it here already.
  const points = estimationToNumber(trimmed);
  if (points !== null && points < 0) throw new TrackerError('ESTIMATION_NEGATIVE');
  return trimmed;
}

// spec §5 Issue validation: an issue needs its creator's name.
function checkedCreator(createdBy: string): string {
  if (createdBy.trim() === '') throw new TrackerError('CREATOR_REQUIRED');
  return createdBy;
}

// spec §5 Phase validation: a phase may not hold more issues than `maxIssues`, so a limit must be
// a whole number of at least the issues the phase already holds.
function checkedMaxIssues(maxIssues: number, issueCount: number): number {
  if (!Number.isInteger(maxIssues) || maxIssues < issueCount) {
    throw new TrackerError('TOO_MANY_ISSUES', { maxIssues });
  }
  return maxIssues;
}

// A due date as given: trimmed; blank means none (null); anything but a real date is refused.
function checkedDueDate(dueDate: string): string | null {
  const trimmed = dueDate.trim();
  if (trimmed === '') return null;
  if (!isDueDate(trimmed)) throw new TrackerError('INVALID_DUE_DATE');
  return trimmed;
}

function checklistText(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '') throw new TrackerError('CHECKLIST_TEXT_REQUIRED');
  return trimmed;
}

// `name` trimmed, spelled as the team member it names ignoring case, if there is one.
function memberSpelling(name: string, teamMembers: readonly string[]): string {
  const trimmed = name.trim();
  if (trimmed === '') return trimmed;
  return teamMembers.find((member) => sameName(member, trimmed))?.trim() ?? trimmed;
}

function colorOrDefault(color: string | undefined): string {
  const trimmed = color?.trim() ?? '';
  return trimmed === '' ? DEFAULT_PHASE_COLOR : trimmed;
}

/**
 * An issue edit as it merges (../edits.ts): `dueDate` null and `archived` null mean the field is
 * absent, so an absent `archived` and `false` are the same value.
 */
type IssueEdit = Omit<IssueChanges, 'archived'> & { archived?: boolean | null };

function archivedEdit<T extends { archived?: boolean | null }>(edit: T): T {
  return edit.archived === false ? { ...edit, archived: null } : edit;
}

function cleanIssueChanges(changes: IssueChanges, teamMembers: readonly string[]): IssueEdit {
  const clean: IssueEdit = archivedEdit({ ...changes });
  if (changes.title !== undefined) clean.title = requiredText(changes.title, 'TITLE_REQUIRED');
  if (changes.estimation !== undefined) clean.estimation = checkedEstimation(changes.estimation);
  if (changes.assignedPerson !== undefined)
    clean.assignedPerson = memberSpelling(changes.assignedPerson, teamMembers);
  if (changes.tags !== undefined) clean.tags = cleanTags(changes.tags);
  if (typeof changes.dueDate === 'string') clean.dueDate = checkedDueDate(changes.dueDate);
  return clean;
}

// `issue` with merged `changes`; a null `dueDate` or `archived` removes the field.
function withIssueEdit(issue: Issue, changes: Partial<IssueEdit>): Issue {
  const { dueDate, archived, ...rest } = changes;
  const updated: Issue = { ...issue, ...rest };
  if (dueDate === null) delete updated.dueDate;
  else if (dueDate !== undefined) updated.dueDate = dueDate;
  if (archived === true) updated.archived = true;
  else if (archived !== undefined) delete updated.archived;
  return updated;
}

// ---------------------------------------------------------------------------------------------
// Structural helpers

/**
 * `content` with each of `names` (trimmed; blank ones skipped) in `teamMembers` once, names equal
 * ignoring case being one member (spec §3: adding a member twice is ignored); the same object
 * when nothing is new.
 */
function withTeamMembers<C extends TrackerContent>(content: C, names: readonly string[]): C {
  const known = new Set(content.teamMembers.map(memberKey));
  const added: string[] = [];
  for (const name of names) {
    const trimmed = name.trim();
    const key = memberKey(trimmed);
    if (trimmed === '' || known.has(key)) continue;
    known.add(key);
    added.push(trimmed);
  }
  return added.length === 0
    ? content
    : { ...content, teamMembers: [...content.teamMembers, ...added] };
}

/**
 * The ticket number a new issue gets: the board's `nextTicketNumber`, or on a board that has
 * none yet one more than the highest number of its issues (1 on a board without numbers).
 */
function nextTicketNumber(content: TrackerContent): number {
  if (content.nextTicketNumber !== undefined) return content.nextTicketNumber;
  let highest = 0;
  for (const phase of content.phases)
    for (const issue of phase.issues) highest = Math.max(highest, issue.number ?? 0);
  return highest + 1;
}

function withPhases<C extends TrackerContent>(content: C, phases: Phase[]): C {
  return { ...content, phases };
}

function replacePhase<C extends TrackerContent>(content: C, updated: Phase): C {
  return withPhases(
    content,
    content.phases.map((phase) => (phase.id === updated.id ? updated : phase)),
  );
}

function replaceIssue<C extends TrackerContent>(content: C, phase: Phase, updated: Issue): C {
  return replacePhase(content, {
    ...phase,
    issues: phase.issues.map((issue) => (issue.id === updated.id ? updated : issue)),
  });
}

// Moves the item at `from` to `to` within the order-sorted list and renumbers 0..n-1.
function reposition<T extends { order: number }>(
  items: readonly T[],
  from: number,
  to: number,
): T[] {
  const sorted = sortByOrder(items);
  const [moved] = sorted.splice(from, 1);
  if (moved === undefined) return renumber(sorted);
  sorted.splice(to, 0, moved);
  return sorted.map((item, order) => (item.order === order ? item : { ...item, order }));
}

// ---------------------------------------------------------------------------------------------
// Phase operations

/**
 * Appends a phase at the end (spec §4, §2 Add Column/Add Phase): name trimmed and required,
 * colour default {@link DEFAULT_PHASE_COLOR}, no issues, next order, id from `ctx.newId`.
 * Throws NO_DATA; MAX_PHASES ('Cannot add more than 10 phases', the setting's value) at `settings.maxPhases`;
 * NAME_REQUIRED; TOO_MANY_ISSUES for a `maxIssues` that is not a whole number ≥ 0.
 */
export function addPhase<C extends TrackerContent>(
  content: C | null,
  args: AddPhaseArgs,
  ctx: TrackerContext,
): C {
  const current = requireContent(content);
  if (!canAddPhase(current)) {
    throw new TrackerError('MAX_PHASES', { maxPhases: current.settings.maxPhases });
  }
  const name = requiredText(args.name, 'NAME_REQUIRED');
  const maxIssues =
    typeof args.maxIssues === 'number' ? checkedMaxIssues(args.maxIssues, 0) : undefined;
  const phases = renumber(current.phases);
  const phase: Phase = {
    id: ctx.newId(),
    name,
    issues: [],
    order: phases.length,
    color: colorOrDefault(args.color),
    description: args.description?.trim() ?? '',
  };
  if (maxIssues !== undefined) phase.maxIssues = maxIssues;
  if (args.isEndPhase !== undefined) phase.isEndPhase = args.isEndPhase;
  return withPhases(current, [...phases, phase]);
}

/**
 * Changes a phase's name (trimmed, required), colour, description, `maxIssues` (null removes it)
 * or end-phase flag. Throws NO_DATA, PHASE_NOT_FOUND, NAME_REQUIRED; TOO_MANY_ISSUES ('Cannot
 * have more than N issues', spec §5 Phase validation) for a `maxIssues` below the number of
 * issues the phase holds on the board (archived ones do not count) or not a whole number —
 * content validation would refuse to save it.
 */
export function updatePhase<C extends TrackerContent>(
  content: C | null,
  args: UpdatePhaseArgs,
  _ctx?: TrackerContext,
): C {
  const current = requireContent(content);
  const phase = requirePhase(current, args.phaseId);
  const clean: PhaseChanges = { ...args.changes };
  if (clean.name !== undefined) clean.name = requiredText(clean.name, 'NAME_REQUIRED');
  if (clean.description !== undefined) clean.description = clean.description.trim();
  if (clean.color !== undefined) clean.color = colorOrDefault(clean.color);
  const changes = mergeFieldChanges<PhaseChanges>(phase, clean, args.from, phase.id);
  if (args.from !== undefined && Object.keys(changes).length === 0) return current;
  const { maxIssues, ...rest } = changes;
  const updated: Phase = { ...phase, ...rest };
  if (maxIssues === null) delete updated.maxIssues;
  else if (maxIssues !== undefined)
    updated.maxIssues = checkedMaxIssues(maxIssues, activeIssueCount(phase));
  return replacePhase(current, updated);
}

/**
 * Deletes a phase with all its issues and renumbers the remaining phases 0..n-1 (spec §4).
 * Throws NO_DATA, PHASE_NOT_FOUND, MIN_PHASES ('Cannot delete phase. Minimum N phases
 * required.') when the board has `settings.minPhases` phases or fewer.
 */
export function deletePhase<C extends TrackerContent>(
  content: C | null,
  args: DeletePhaseArgs,
  _ctx?: TrackerContext,
): C {
  const current = requireContent(content);
  requirePhase(current, args.phaseId);
  if (current.phases.length <= current.settings.minPhases) {
    throw new TrackerError('MIN_PHASES', { minPhases: current.settings.minPhases });
  }
  return withPhases(current, renumber(current.phases.filter((phase) => phase.id !== args.phaseId)));
}

/**
 * Moves a phase to the 0-based position `toIndex` and renumbers all phases 0..n-1 (spec §4);
 * returns `content` itself when the phase is already there. Throws NO_DATA, PHASE_NOT_FOUND,
 * INVALID_TARGET_POSITION ('Invalid target position') unless 0 ≤ toIndex < phase count.
 */
export function movePhaseTo<C extends TrackerContent>(
  content: C | null,
  args: MovePhaseToArgs,
  _ctx?: TrackerContext,
): C {
  const current = requireContent(content);
  requirePhase(current, args.phaseId);
  if (!isPosition(args.toIndex, current.phases.length)) {
    throw new TrackerError('INVALID_TARGET_POSITION');
  }
  const from = sortByOrder(current.phases).findIndex((phase) => phase.id === args.phaseId);
  if (from === args.toIndex) return current;
  return withPhases(current, reposition(current.phases, from, args.toIndex));
}

/**
 * Moves a phase one step left (towards order 0) or right and renumbers (spec §4 "Columns move
 * one step left/right"). Throws NO_DATA, PHASE_NOT_FOUND, INVALID_TARGET_POSITION for the
 * first phase moving left or the last moving right.
 */
export function movePhase<C extends TrackerContent>(
  content: C | null,
  args: MovePhaseArgs,
  ctx?: TrackerContext,
): C {
  const current = requireContent(content);
  requirePhase(current, args.phaseId);
  const from = sortByOrder(current.phases).findIndex((phase) => phase.id === args.phaseId);
  const toIndex = from + (args.direction === 'left' ? -1 : 1);
  return movePhaseTo(current, { phaseId: args.phaseId, toIndex }, ctx);
}

// ---------------------------------------------------------------------------------------------
// Issue operations

/**
 * Appends a new issue to a phase with the next order (spec §2 issue form, §5): title trimmed and
 * required, estimation trimmed and at most 3 characters, assignee trimmed, tags cleaned by
 * {@link cleanTags} (trimmed, blanks dropped, a tag repeated ignoring case kept once in its first
 * spelling); type defaults to `settings.defaultIssueType`, priority to 'none'; in the
 * ticket tool with `autoAssignCreator` an unassigned issue goes to `createdBy`; an assignee
 * typed in another case is stored as the team member's spelling; `dueDate` trimmed, blank means
 * none. Id and `createdAt` come from `ctx`. The issue gets the board's next ticket number
 * (`nextTicketNumber` advances, so a number is never given twice), and its creator and assignee
 * join `teamMembers` (ignoring case). Throws NO_DATA, PHASE_NOT_FOUND, TITLE_REQUIRED,
 * ESTIMATION_TOO_LONG, ESTIMATION_NEGATIVE (e.g. '-1'), INVALID_DUE_DATE for a due date that is
 * not a date `YYYY-MM-DD`, CREATOR_REQUIRED for a blank `createdBy`, PHASE_FULL ('Cannot move
 * issue. Phase is at maximum capacity') when the phase holds `maxIssues` issues on the board.
 */
export function addIssue<C extends TrackerContent>(
  content: C | null,
  args: AddIssueArgs,
  ctx: TrackerContext,
): C {
  const current = requireContent(content);
  const phase = requirePhase(current, args.phaseId);
  const { issue: input } = args;
  const title = requiredText(input.title, 'TITLE_REQUIRED');
  const estimation = checkedEstimation(input.estimation ?? '');
  const dueDate = checkedDueDate(input.dueDate ?? '');
  const createdBy = checkedCreator(args.createdBy);
  if (isPhaseFull(phase)) throw new TrackerError('PHASE_FULL');
  const tracker: TrackerContent = current;
  const autoAssign = tracker.toolType === 'ticket' && tracker.settings.autoAssignCreator;
  const assignedPerson = memberSpelling(
    input.assignedPerson === undefined || input.assignedPerson.trim() === ''
      ? autoAssign
        ? createdBy
        : ''
      : input.assignedPerson,
    current.teamMembers,
  );
  const number = nextTicketNumber(current);
  const issue: Issue = {
    id: ctx.newId(),
    title,
    description: input.description ?? '',
    type: input.type ?? current.settings.defaultIssueType,
    priority: input.priority ?? 'none',
    estimation,
    assignedPerson,
    comments: [],
    createdAt: ctx.now(),
    createdBy,
    order: phase.issues.reduce((max, other) => Math.max(max, other.order + 1), 0),
    tags: cleanTags(input.tags ?? []),
    number,
  };
  if (dueDate !== null) issue.dueDate = dueDate;
  const added = replacePhase(current, { ...phase, issues: [...phase.issues, issue] });
  return withTeamMembers({ ...added, nextTicketNumber: number + 1 }, [
    createdBy,
    issue.assignedPerson,
  ]);
}

/**
 * Changes an issue's editable fields, wherever it now is; the same normalisation and rules as
 * {@link addIssue}; a new assignee joins `teamMembers`. `dueDate` null (or blank) removes the due
 * date; `archived` true hides the issue from the board, false restores it (the field is then
 * absent). Merged by field with `from` (../edits.ts; EditConflictError). Throws NO_DATA,
 * ISSUE_NOT_FOUND, TITLE_REQUIRED, ESTIMATION_TOO_LONG, ESTIMATION_NEGATIVE, INVALID_DUE_DATE,
 * PHASE_FULL when restoring the issue into a phase that holds `maxIssues` issues on the board.
 */
export function updateIssue<C extends TrackerContent>(
  content: C | null,
  args: UpdateIssueArgs,
  _ctx?: TrackerContext,
): C {
  const current = requireContent(content);
  const { phase, issue } = requireIssue(current, args.issueId);
  const clean = cleanIssueChanges(args.changes, current.teamMembers);
  // Older or foreign content may say `archived: false`: the same as absent.
  const stored: IssueEdit = issue.archived === false ? { ...issue, archived: null } : issue;
  const from = args.from === undefined ? undefined : archivedEdit<IssueEdit>(args.from);
  const changes = mergeFieldChanges<IssueEdit>(stored, clean, from, issue.id);
  if (args.from !== undefined && Object.keys(changes).length === 0) return current;
  if (issue.archived === true && changes.archived === null && isPhaseFull(phase))
    throw new TrackerError('PHASE_FULL');
  const updated = replaceIssue(current, phase, withIssueEdit(issue, changes));
  return changes.assignedPerson ? withTeamMembers(updated, [changes.assignedPerson]) : updated;
}

/**
 * Deletes an issue and renumbers the remaining issues of its phase 0..n-1 (spec §4).
 * Throws NO_DATA, ISSUE_NOT_FOUND.
 */
export function deleteIssue<C extends TrackerContent>(
  content: C | null,
  args: DeleteIssueArgs,
  _ctx?: TrackerContext,
): C {
  const current = requireContent(content);
  const { phase } = requireIssue(current, args.issueId);
  return replacePhase(current, {
    ...phase,
    issues: renumber(phase.issues.filter((issue) => issue.id !== args.issueId)),
  });
}

/**
 * Archives the named issues of a phase at once ("Archive done cards"): each of `issueIds` still
 * in the phase and not yet archived gets `archived: true`; ids no longer in the phase (moved or
 * deleted meanwhile) are left alone, and `content` itself is returned when none is left to
 * archive. Throws NO_DATA, PHASE_NOT_FOUND.
 */
export function archiveIssues<C extends TrackerContent>(
  content: C | null,
  args: ArchiveIssuesArgs,
  _ctx?: TrackerContext,
): C {
  const current = requireContent(content);
  const phase = requirePhase(current, args.phaseId);
  const named = new Set(args.issueIds);
  const toArchive = (issue: Issue) => named.has(issue.id) && issue.archived !== true;
  if (!phase.issues.some(toArchive)) return current;
  return replacePhase(current, {
    ...phase,
    issues: phase.issues.map((issue) =>
      toArchive(issue) ? withIssueEdit(issue, { archived: true }) : issue,
    ),
  });
}

/**
 * Moves an issue to a phase (spec §4 Issue/card moves). Into another phase: inserted at
 * `toIndex` (0 ≤ toIndex ≤ target count) or appended at the end, both phases renumbered 0..n-1;
 * refused when the target holds `maxIssues` issues on the board (an archived issue, which does
 * not count, never is). Within its own phase: without `toIndex` nothing
 * happens (`content` itself is returned: a drop on the same column), with `toIndex`
 * (0 ≤ toIndex < count) the issue is reordered, never refused for capacity.
 * Throws NO_DATA, ISSUE_NOT_FOUND, PHASE_NOT_FOUND, PHASE_FULL, INVALID_TARGET_POSITION.
 */
export function moveIssue<C extends TrackerContent>(
  content: C | null,
  args: MoveIssueArgs,
  _ctx?: TrackerContext,
): C {
  const current = requireContent(content);
  const { phase: source, issue } = requireIssue(current, args.issueId);
  const target = requirePhase(current, args.toPhaseId);
  const { toIndex } = args;

  if (source.id === target.id) {
    if (toIndex === undefined) return current;
    if (!isPosition(toIndex, source.issues.length)) {
      throw new TrackerError('INVALID_TARGET_POSITION');
    }
    const from = sortByOrder(source.issues).findIndex((other) => other.id === issue.id);
    if (from === toIndex) return current;
    return replacePhase(current, { ...source, issues: reposition(source.issues, from, toIndex) });
  }

  if (issue.archived !== true && isPhaseFull(target)) throw new TrackerError('PHASE_FULL');
  const targetIssues = sortByOrder(target.issues);
  const index = toIndex ?? targetIssues.length;
  if (!isPosition(index, targetIssues.length + 1)) {
    throw new TrackerError('INVALID_TARGET_POSITION');
  }
  targetIssues.splice(index, 0, issue);
  const updatedSource: Phase = {
    ...source,
    issues: renumber(source.issues.filter((other) => other.id !== issue.id)),
  };
  const updatedTarget: Phase = {
    ...target,
    issues: targetIssues.map((other, order) =>
      other.order === order ? other : { ...other, order },
    ),
  };
  return replacePhase(replacePhase(current, updatedSource), updatedTarget);
}

// ---------------------------------------------------------------------------------------------
// Comments and team

/**
 * Appends a comment to an issue (spec §5: content non-empty after trimming, stored trimmed);
 * id and `createdAt` from `ctx`. Throws NO_DATA, ISSUE_NOT_FOUND, COMMENT_REQUIRED.
 */
export function addComment<C extends TrackerContent>(
  content: C | null,
  args: AddCommentArgs,
  ctx: TrackerContext,
): C {
  const current = requireContent(content);
  const { phase, issue } = requireIssue(current, args.issueId);
  const text = args.content.trim();
  if (text === '') throw new TrackerError('COMMENT_REQUIRED');
  const comment: Comment = {
    id: ctx.newId(),
    content: text,
    createdAt: ctx.now(),
    createdBy: args.createdBy,
  };
  return replaceIssue(current, phase, { ...issue, comments: [...issue.comments, comment] });
}

// Only a comment's author changes it: `by` names them, ignoring case; a blank `by` never does.
function requireAuthor(comment: Comment, by: string): void {
  if (by.trim() === '' || !sameName(comment.createdBy, by))
    throw new TrackerError('NOT_COMMENT_AUTHOR');
}

/**
 * Changes the text of a comment (content trimmed, required) and sets its `editedAt` to
 * `ctx.now()`; only its author may (`by` equals `createdBy` ignoring case). A comment that is
 * already gone, or whose text is already `content`, leaves `content` as it is. With `from` (the
 * text the member started editing) the text is a field edit (../edits.ts): a comment someone
 * changed meanwhile to another text throws EditConflictError (field `content`, `entityId` the
 * comment id). Throws NO_DATA, ISSUE_NOT_FOUND, COMMENT_REQUIRED, NOT_COMMENT_AUTHOR ('Only the
 * author can change this comment').
 */
export function updateComment<C extends TrackerContent>(
  content: C | null,
  args: UpdateCommentArgs,
  ctx: TrackerContext,
): C {
  const current = requireContent(content);
  const { phase, issue } = requireIssue(current, args.issueId);
  const text = args.content.trim();
  if (text === '') throw new TrackerError('COMMENT_REQUIRED');
  const comment = issue.comments.find((candidate) => candidate.id === args.commentId);
  if (!comment) return current;
  requireAuthor(comment, args.by);
  if (comment.content === text) return current;
  // A field edit: refused when someone changed the text meanwhile to another one.
  if (args.from !== undefined)
    mergeFieldChanges(
      { content: comment.content },
      { content: text },
      { content: args.from },
      comment.id,
    );
  const edited: Comment = { ...comment, content: text, editedAt: ctx.now() };
  return replaceIssue(current, phase, {
    ...issue,
    comments: issue.comments.map((candidate) => (candidate.id === comment.id ? edited : candidate)),
  });
}

/**
 * Deletes a comment of an issue; with `by`, only its author may (as {@link updateComment};
 * without it anyone, as clients before that rule do). A comment that is already gone (e.g.
 * deleted by another user before a replay) leaves `content` as it is. Throws NO_DATA,
 * ISSUE_NOT_FOUND, NOT_COMMENT_AUTHOR.
 */
export function deleteComment<C extends TrackerContent>(
  content: C | null,
  args: DeleteCommentArgs,
  _ctx?: TrackerContext,
): C {
  const current = requireContent(content);
  const { phase, issue } = requireIssue(current, args.issueId);
  const comment = issue.comments.find((candidate) => candidate.id === args.commentId);
  if (!comment) return current;
  if (args.by !== undefined) requireAuthor(comment, args.by);
  return replaceIssue(current, phase, {
    ...issue,
    comments: issue.comments.filter((candidate) => candidate.id !== args.commentId),
  });
}

// ---------------------------------------------------------------------------------------------
// Checklists and tag colours

/**
 * Appends an item to an issue's checklist (creating the checklist): text trimmed and required,
 * not done, id from `ctx.newId`. Throws NO_DATA, ISSUE_NOT_FOUND, CHECKLIST_TEXT_REQUIRED
 * ('Checklist item text is required').
 */
export function addChecklistItem<C extends TrackerContent>(
  content: C | null,
  args: AddChecklistItemArgs,
  ctx: TrackerContext,
): C {
  const current = requireContent(content);
  const { phase, issue } = requireIssue(current, args.issueId);
  const item: ChecklistItem = { id: ctx.newId(), text: checklistText(args.text), done: false };
  return replaceIssue(current, phase, { ...issue, checklist: [...(issue.checklist ?? []), item] });
}

/**
 * Changes a checklist item's text (trimmed, required) or done flag, merged by field with `from`
 * (../edits.ts; EditConflictError when someone changed the same field to another value). An item
 * that is already gone, or an edit that changes nothing, leaves `content` as it is. Throws
 * NO_DATA, ISSUE_NOT_FOUND, CHECKLIST_TEXT_REQUIRED.
 */
export function updateChecklistItem<C extends TrackerContent>(
  content: C | null,
  args: UpdateChecklistItemArgs,
  _ctx?: TrackerContext,
): C {
  const current = requireContent(content);
  const { phase, issue } = requireIssue(current, args.issueId);
  const clean: ChecklistItemChanges = {};
  if (args.changes.text !== undefined) clean.text = checklistText(args.changes.text);
  if (args.changes.done !== undefined) clean.done = args.changes.done;
  const checklist = issue.checklist ?? [];
  const item = checklist.find((candidate) => candidate.id === args.itemId);
  if (!item) return current;
  const changes = mergeFieldChanges<ChecklistItemChanges>(item, clean, args.from, item.id);
  const updated: ChecklistItem = { ...item, ...changes };
  if (updated.text === item.text && updated.done === item.done) return current;
  return replaceIssue(current, phase, {
    ...issue,
    checklist: checklist.map((candidate) => (candidate.id === item.id ? updated : candidate)),
  });
}

/**
 * Removes an item from an issue's checklist; one that is already gone leaves `content` as it is.
 * Throws NO_DATA, ISSUE_NOT_FOUND.
 */
export function deleteChecklistItem<C extends TrackerContent>(
  content: C | null,
  args: DeleteChecklistItemArgs,
  _ctx?: TrackerContext,
): C {
  const current = requireContent(content);
  const { phase, issue } = requireIssue(current, args.issueId);
  const checklist = issue.checklist ?? [];
  if (!checklist.some((item) => item.id === args.itemId)) return current;
  return replaceIssue(current, phase, {
    ...issue,
    checklist: checklist.filter((item) => item.id !== args.itemId),
  });
}

/**
 * The colour `#rrggbb` the board gives `tag` (matched as {@link tagColorKey}), or null when it
 * has none.
 */
export function tagColorOf(content: TrackerContent, tag: string): string | null {
  const colors = content.tagColors;
  const key = tagColorKey(tag);
  return colors !== undefined && Object.hasOwn(colors, key) ? (colors[key] ?? null) : null;
}

// JSON readers (zod's z.json among them, which reads a `patch`) drop a '__proto__' key, so a
// colour stored under it would not survive an undo: that tag keeps the default colour.
const UNKEYABLE_TAG = '__proto__';

/**
 * Sets the board's colour of a tag (key: the tag trimmed and lower-cased) to `color`, a hex
 * colour `#rrggbb` (trimmed, stored lower-cased), or removes it (null; `tagColors` goes when
 * empty). A blank tag, the tag '__proto__' (which not every JSON reader keeps as a key), or a
 * colour the tag already has, leaves `content` as it is. Throws NO_DATA, INVALID_COLOR ('Colour
 * must be a hex colour like #1a2b3c').
 */
export function setTagColor<C extends TrackerContent>(
  content: C | null,
  args: SetTagColorArgs,
  _ctx?: TrackerContext,
): C {
  const current = requireContent(content);
  const color = args.color === null ? null : args.color.trim().toLowerCase();
  if (color !== null && !TAG_COLOR_PATTERN.test(color)) throw new TrackerError('INVALID_COLOR');
  const key = tagColorKey(args.tag);
  if (key === '' || key === UNKEYABLE_TAG || tagColorOf(current, key) === color) return current;
  const entries = Object.entries(current.tagColors ?? {}).filter(([tag]) => tag !== key);
  if (color !== null) entries.push([key, color]);
  const { tagColors: _old, ...rest } = current;
  if (entries.length === 0) return rest as C;
  const tagColors: Record<string, string> = {};
  // defineProperty: a tag called '__proto__' is a field like any other.
  for (const [tag, value] of entries)
    Object.defineProperty(tagColors, tag, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return { ...rest, tagColors } as C;
}

/**
 * Adds a team member by name (spec §3): trimmed; an empty name or one already in the team
 * (ignoring case) leaves `content` as it is. Throws NO_DATA.
 */
export function addTeamMember<C extends TrackerContent>(
  content: C | null,
  args: AddTeamMemberArgs,
  _ctx?: TrackerContext,
): C {
  return withTeamMembers(requireContent(content), [args.name]);
}

/**
 * Changes the ticket settings of Issue Management content (spec §3 Ticket settings): whether
 * ticket numbers are shown and whether new issues are assigned to their creator. Throws NO_DATA,
 * and SETTING_NOT_AVAILABLE on Kanban content (which has neither setting).
 */
export function updateSettings<C extends TrackerContent>(
  content: C | null,
  args: UpdateSettingsArgs,
  _ctx?: TrackerContext,
): C {
  const current = requireContent(content);
  const tracker: TrackerContent = current;
  if (tracker.toolType !== 'ticket') throw new TrackerError('SETTING_NOT_AVAILABLE');
  const picked: TicketSettingsChanges = {};
  if (args.changes.showTicketNumbers !== undefined)
    picked.showTicketNumbers = args.changes.showTicketNumbers;
  if (args.changes.autoAssignCreator !== undefined)
    picked.autoAssignCreator = args.changes.autoAssignCreator;
  const changes = mergeFieldChanges<TicketSettingsChanges>(tracker.settings, picked, args.from);
  if (args.from !== undefined && Object.keys(changes).length === 0) return current;
  return { ...current, settings: { ...tracker.settings, ...changes } };
}

// ---------------------------------------------------------------------------------------------
// Activity entries: what an entry records of an entity (spec §3 Activity log entry)

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
    dueDate: issue.dueDate,
    archived: issue.archived === true ? true : undefined,
  };
}

function commentSnapshot(comment: Comment): Snapshot {
  return { ...comment };
}

function checklistItemSnapshot(item: ChecklistItem): Snapshot {
  return { id: item.id, text: item.text, done: item.done };
}

function checklistItemOf(issue: Issue | undefined, itemId: string): ChecklistItem | undefined {
  return issue?.checklist?.find((item) => item.id === itemId);
}

// updateIssue's sentence: 'archived' / 'restored' when only `archived` changed, 'renamed' when
// the title changed, else none.
function issueEditVariant(
  diff: { oldValue: Snapshot },
  title: string,
  oldTitle: string,
  archived: boolean,
): { variant?: string } {
  const fields = Object.keys(diff.oldValue);
  if (fields.length === 1 && fields[0] === 'archived')
    return { variant: archived ? 'archived' : 'restored' };
  return renamed(title, oldTitle);
}

// 1-based, as the sentence says it.
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

// The ticket settings updateSettings changes (none on Kanban content, which refuses it).
function ticketFlags(content: TrackerContent): Snapshot {
  return content.toolType === 'ticket'
    ? {
        showTicketNumbers: content.settings.showTicketNumbers,
        autoAssignCreator: content.settings.autoAssignCreator,
      }
    : {};
}

// The sentence's variant when the name or title changed ('renamed'); else none.
function renamed(name: string, oldName: string): { variant?: string } {
  return oldName === name ? {} : { variant: 'renamed' };
}

// movePhase and movePhaseTo: the phase's 1-based position before and after.
function describePhaseMove(
  args: { phaseId: string },
  before: TrackerContent,
  after: TrackerContent,
): ActivityEntryBody {
  const from = phasePosition(before, args.phaseId);
  const to = phasePosition(after, args.phaseId);
  const name = findPhase(after, args.phaseId)?.name ?? '';
  return {
    entityType: 'phase',
    entityId: args.phaseId,
    details: `Moved phase "${name}" from position ${from} to ${to}`,
    oldValue: { position: from },
    newValue: { position: to },
    params: { name, from, to },
  };
}

// ---------------------------------------------------------------------------------------------
// Definitions: each operation's name, arguments, apply and activity entry (spec §3 Activity log
// entry: entityType phase, issue, comment, team or settings; for an add the new entity's id).

// One tracker operation, on any tracker content (its function is generic over the content and
// returns content of the type it was given).
const defineTrackerOperation = operationDefiner<TrackerContent, TrackerContext>();

const addPhaseOperation = defineTrackerOperation({
  name: 'addPhase',
  args: addPhaseArgs,
  apply: addPhase,
  doc: {
    summary: 'Appends a new phase (column) at the end of the board.',
    preconditions: [
      'The board has fewer than `settings.maxPhases` phases (else MAX_PHASES).',
      '`name` is not blank after trimming (else NAME_REQUIRED).',
    ],
    effects: [
      'The phases are first renumbered: sorted by `order`, each gets its position 0..n-1.',
      'A phase is appended to `phases`: `id` = `newId()` (the operation id), `name` trimmed, `issues` [], `order` = the number of phases before it, `color` trimmed (blank or absent: `#6c757d`), `description` trimmed (absent: empty).',
      '`maxIssues` and `isEndPhase` are set only when given.',
    ],
    errors: {
      MAX_PHASES: 'the board already has `settings.maxPhases` phases',
      NAME_REQUIRED: '`name` is blank',
    },
    inverse: 'A `patch` removing the phase (and restoring the `order` of phases it renumbered).',
  },
  describe: (args, before, after) => {
    const phase = addedItem(before.phases, after.phases);
    const name = phase?.name ?? args.name.trim();
    return {
      entityType: 'phase',
      entityId: phase?.id ?? '',
      details: `Added phase "${name}"`,
      oldValue: null,
      newValue: phase ? phaseSnapshot(phase) : null,
      params: { name },
    };
  },
});

// Only the changed fields; null when none changed. Variant 'renamed' when the name changed.
const updatePhaseOperation = defineTrackerOperation({
  name: 'updatePhase',
  args: updatePhaseArgs,
  apply: updatePhase,
  doc: {
    summary: 'Changes the name, colour, description, issue limit or end-phase flag of a phase.',
    preconditions: [
      'The phase `phaseId` exists (else PHASE_NOT_FOUND).',
      'A changed `name` is not blank after trimming (else NAME_REQUIRED).',
      'A changed `maxIssues` is a whole number ≥ the number of non-archived issues of the phase (else TOO_MANY_ISSUES).',
      'With `from`: no changed field was changed by someone else to another value since (else EDIT_CONFLICT).',
    ],
    effects: [
      'Changes are normalised first: `name` and `description` trimmed, a blank `color` becomes `#6c757d`.',
      'With `from` (field edit): each field of `changes` whose stored value still equals its `from` value (an absent `from` key means the field was absent) takes the new value; fields already at the new value are skipped; when nothing is left the content is returned unchanged.',
      'Without `from`: every field of `changes` is set as given.',
      '`maxIssues: null` removes the limit (the field is deleted); any other field is set on the phase.',
      'The `order` of phases and the issues are untouched.',
    ],
    errors: {
      PHASE_NOT_FOUND: 'no phase has `phaseId`',
      NAME_REQUIRED: 'the new `name` is blank',
      TOO_MANY_ISSUES: 'the new `maxIssues` is below the non-archived issue count, or not whole',
      EDIT_CONFLICT:
        'with `from`: a field was changed by someone else to another value (EditConflictError, `entityId` the phase id, `conflicts` [{field, from, mine, theirs}])',
    },
    inverse: 'A `patch` setting each changed field back (re-adding a removed `maxIssues`).',
  },
  describe: (args, before, after) => {
    const old = findPhase(before, args.phaseId);
    const updated = findPhase(after, args.phaseId);
    const diff = changedFields(
      old ? phaseSnapshot(old) : {},
      updated ? phaseSnapshot(updated) : {},
    );
    if (noFieldChanged(diff)) return null;
    const name = updated?.name ?? '';
    const oldName = old?.name ?? name;
    return {
      entityType: 'phase',
      entityId: args.phaseId,
      details: `Updated phase "${name}"`,
      ...diff,
      params: { name, oldName },
      ...renamed(name, oldName),
    };
  },
});

// Variant by the count of issues deleted with it: 'one' or 'other'.
const deletePhaseOperation = defineTrackerOperation({
  name: 'deletePhase',
  args: deletePhaseArgs,
  apply: deletePhase,
  doc: {
    summary: 'Deletes a phase with all its issues.',
    preconditions: [
      'The phase `phaseId` exists (else PHASE_NOT_FOUND).',
      'The board has more than `settings.minPhases` phases (else MIN_PHASES). `settings.allowPhaseDelete` is a UI setting and is not checked.',
    ],
    effects: [
      'The phase and its issues are removed from `phases`.',
      'The remaining phases are renumbered: sorted by `order`, each gets its position 0..n-1.',
      '`teamMembers` and `nextTicketNumber` are untouched (numbers are never given twice).',
    ],
    errors: {
      PHASE_NOT_FOUND: 'no phase has `phaseId`',
      MIN_PHASES: 'the board has `settings.minPhases` phases or fewer',
    },
    inverse:
      'A `patch` inserting the phase with its issues again at its place and restoring the `order` of the others.',
  },
  describe: (args, before) => {
    const old = findPhase(before, args.phaseId);
    const name = old?.name ?? '';
    const count = old?.issues.length ?? 0;
    return {
      entityType: 'phase',
      entityId: args.phaseId,
      details: `Deleted phase "${name}" with ${count} issues`,
      oldValue: old ? phaseSnapshot(old) : null,
      newValue: null,
      params: { name, count },
      variant: count === 1 ? 'one' : 'other',
    };
  },
});

const movePhaseOperation = defineTrackerOperation({
  name: 'movePhase',
  args: movePhaseArgs,
  apply: movePhase,
  doc: {
    summary: 'Moves a phase one step left (towards order 0) or right.',
    preconditions: [
      'The phase `phaseId` exists (else PHASE_NOT_FOUND).',
      'A neighbour exists in `direction`: the first phase cannot move left, the last not right (else INVALID_TARGET_POSITION). `settings.allowPhaseReorder` is a UI setting and is not checked.',
    ],
    effects: [
      'Exactly as `movePhaseTo` with `toIndex` = its current position (in `order`) − 1 for left, + 1 for right.',
    ],
    errors: {
      PHASE_NOT_FOUND: 'no phase has `phaseId`',
      INVALID_TARGET_POSITION: 'the first phase moves left or the last right',
    },
    inverse: 'A `patch` restoring the `order` of the phases (and their array positions).',
  },
  describe: describePhaseMove,
});

const movePhaseToOperation = defineTrackerOperation({
  name: 'movePhaseTo',
  args: movePhaseToArgs,
  apply: movePhaseTo,
  doc: {
    summary: 'Moves a phase to a 0-based position.',
    preconditions: [
      'The phase `phaseId` exists (else PHASE_NOT_FOUND).',
      '`toIndex` is an integer with 0 ≤ `toIndex` < the number of phases (else INVALID_TARGET_POSITION).',
    ],
    effects: [
      'When the phase is already at `toIndex` (in the phases sorted by `order`), the content is returned unchanged.',
      'Otherwise the phases, sorted by `order` (stable), are rearranged so that the phase is at `toIndex`, and every phase gets `order` = its new position 0..n-1; `phases` is stored in that order.',
    ],
    errors: {
      PHASE_NOT_FOUND: 'no phase has `phaseId`',
      INVALID_TARGET_POSITION: '`toIndex` is out of range or not an integer',
    },
    inverse: 'A `patch` restoring the `order` of the phases (and their array positions).',
  },
  describe: describePhaseMove,
});

const addIssueOperation = defineTrackerOperation({
  name: 'addIssue',
  args: addIssueArgs,
  apply: addIssue,
  doc: {
    summary: 'Adds a new issue (card) at the end of a phase.',
    preconditions: [
      'The phase `phaseId` exists (else PHASE_NOT_FOUND).',
      '`issue.title` is not blank after trimming (else TITLE_REQUIRED).',
      '`issue.estimation` trimmed is at most 3 characters (else ESTIMATION_TOO_LONG) and not a negative number (else ESTIMATION_NEGATIVE).',
      '`issue.dueDate` is absent, blank, or a real date `YYYY-MM-DD` (else INVALID_DUE_DATE).',
      '`createdBy` is not blank (else CREATOR_REQUIRED).',
      'The phase is not full: with `maxIssues` set it holds fewer non-archived issues (else PHASE_FULL).',
    ],
    effects: [
      'An issue is appended to the phase `issues`: `id` = `newId()` (the operation id), `title` trimmed, `description` as given (absent: empty), `type` as given (absent: `settings.defaultIssueType`), `priority` as given (absent: `none`), `estimation` trimmed (absent: empty), `comments` [], `createdAt` = `now()` (the operation `at`), `createdBy` as given, `tags` trimmed with blanks dropped and, of tags equal ignoring case, only the first kept in its spelling (absent: []).',
      '`order` = one more than the highest `order` of the issues of the phase (0 in an empty phase).',
      '`assignedPerson` = the given one trimmed; when absent or blank: in Issue Management content (`toolType` `ticket`) with `settings.autoAssignCreator` the creator `createdBy`, else empty. A name equal to a team member ignoring case is stored in that member spelling.',
      '`number` = the top-level `nextTicketNumber`; on a board without it, one more than the highest `number` of any issue (1 when none has one).',
      'The top-level `nextTicketNumber` becomes `number` + 1, so a number is never given twice.',
      '`dueDate` = the given date trimmed; absent or blank: no `dueDate` field.',
      '`createdBy` and the assignee (trimmed, blanks skipped) are appended to `teamMembers` unless a member with that name ignoring case is already there.',
    ],
    errors: {
      PHASE_NOT_FOUND: 'no phase has `phaseId`',
      TITLE_REQUIRED: '`issue.title` is blank',
      ESTIMATION_TOO_LONG: '`issue.estimation` is longer than 3 characters after trimming',
      ESTIMATION_NEGATIVE: '`issue.estimation` is a negative number (e.g. `-1`)',
      INVALID_DUE_DATE: '`issue.dueDate` is not blank and not a date `YYYY-MM-DD`',
      CREATOR_REQUIRED: '`createdBy` is blank',
      PHASE_FULL: 'the phase holds `maxIssues` non-archived issues',
    },
    inverse:
      'A `patch` removing the issue and restoring `nextTicketNumber` and `teamMembers`; an undo reverts those bookkeeping fields only where nobody changed them since.',
  },
  describe: (args, before, after) => {
    const issue = addedItem(
      findPhase(before, args.phaseId)?.issues ?? [],
      findPhase(after, args.phaseId)?.issues ?? [],
    );
    const title = issue?.title ?? '';
    const phase = findPhase(after, args.phaseId)?.name ?? '';
    return {
      entityType: 'issue',
      entityId: issue?.id ?? '',
      details: `Added issue "${title}" to phase "${phase}"`,
      oldValue: null,
      newValue: issue ? issueSnapshot(issue) : null,
      params: { title, phase },
    };
  },
});

// Only the changed fields; null when none changed. Variant 'archived' / 'restored' when only
// `archived` changed, else 'renamed' when the title changed.
const updateIssueOperation = defineTrackerOperation({
  name: 'updateIssue',
  args: updateIssueArgs,
  apply: updateIssue,
  doc: {
    summary: 'Changes the editable fields of an issue, wherever it is now.',
    preconditions: [
      'The issue `issueId` exists in some phase (else ISSUE_NOT_FOUND).',
      'Changed fields follow the rules of `addIssue`: `title` not blank (TITLE_REQUIRED), `estimation` (ESTIMATION_TOO_LONG, ESTIMATION_NEGATIVE), `dueDate` (INVALID_DUE_DATE).',
      'Restoring an archived issue (`archived: false`) needs room in its phase (else PHASE_FULL).',
      'With `from`: no changed field was changed by someone else to another value since (else EDIT_CONFLICT).',
    ],
    effects: [
      'Changes are normalised as in `addIssue`: `title` and `estimation` trimmed, `assignedPerson` trimmed and spelled as the matching team member, `tags` trimmed without blanks and without repeats ignoring case (the first spelling kept), a string `dueDate` trimmed (blank means none).',
      'With `from` (field edit): each field of `changes` whose stored value still equals its `from` value takes the new value; fields already at the new value are skipped; when nothing is left the content is returned unchanged. `archived: false` and an absent `archived` are the same value.',
      'Without `from`: every field of `changes` is set as given.',
      '`dueDate: null` (or blank) removes the `dueDate` field; `archived: true` sets `archived: true`; `archived: false` removes the `archived` field.',
      'A new non-blank `assignedPerson` is appended to `teamMembers` unless already there ignoring case.',
      'The issue keeps its phase, `order`, `id`, `number`, `createdAt`, `createdBy`, comments and checklist.',
    ],
    errors: {
      ISSUE_NOT_FOUND: 'no issue has `issueId`',
      TITLE_REQUIRED: 'the new `title` is blank',
      ESTIMATION_TOO_LONG: 'the new `estimation` is longer than 3 characters',
      ESTIMATION_NEGATIVE: 'the new `estimation` is a negative number',
      INVALID_DUE_DATE: 'the new `dueDate` is not blank and not a date `YYYY-MM-DD`',
      PHASE_FULL:
        'an archived issue is restored into a phase that holds `maxIssues` non-archived issues',
      EDIT_CONFLICT:
        'with `from`: a field was changed by someone else to another value (EditConflictError, `entityId` the issue id)',
    },
    inverse: 'A `patch` setting each changed field back (and `teamMembers`, bookkeeping).',
  },
  describe: (args, before, after) => {
    const old = findIssue(before, args.issueId)?.issue;
    const updated = findIssue(after, args.issueId)?.issue;
    const diff = changedFields(
      old ? issueSnapshot(old) : {},
      updated ? issueSnapshot(updated) : {},
    );
    if (noFieldChanged(diff)) return null;
    const title = updated?.title ?? '';
    const oldTitle = old?.title ?? title;
    return {
      entityType: 'issue',
      entityId: args.issueId,
      details: `Updated issue "${title}"`,
      ...diff,
      params: { title, oldTitle },
      ...issueEditVariant(diff, title, oldTitle, updated?.archived === true),
    };
  },
});

const deleteIssueOperation = defineTrackerOperation({
  name: 'deleteIssue',
  args: deleteIssueArgs,
  apply: deleteIssue,
  doc: {
    summary: 'Deletes an issue with its comments and checklist.',
    preconditions: ['The issue `issueId` exists (else ISSUE_NOT_FOUND).'],
    effects: [
      'The issue is removed from its phase.',
      'The remaining issues of that phase are renumbered: sorted by `order`, each gets its position 0..n-1.',
      '`nextTicketNumber` and `teamMembers` are untouched.',
    ],
    errors: { ISSUE_NOT_FOUND: 'no issue has `issueId`' },
    inverse:
      'A `patch` inserting the issue again at its place and restoring the `order` of the others.',
  },
  describe: (args, before) => {
    const old = findIssue(before, args.issueId);
    const title = old?.issue.title ?? '';
    const phase = old?.phase.name ?? '';
    return {
      entityType: 'issue',
      entityId: args.issueId,
      details: `Deleted issue "${title}" from phase "${phase}"`,
      oldValue: old ? issueSnapshot(old.issue) : null,
      newValue: null,
      params: { title, phase },
    };
  },
});

// The count of issues archived: variant 'one' or 'other'; null when none was left to archive.
const archiveIssuesOperation = defineTrackerOperation({
  name: 'archiveIssues',
  args: archiveIssuesArgs,
  apply: archiveIssues,
  doc: {
    summary: 'Archives the named issues of a phase at once ("Archive done cards").',
    preconditions: ['The phase `phaseId` exists (else PHASE_NOT_FOUND).'],
    effects: [
      'Each issue of the phase whose id is in `issueIds` and that is not archived gets `archived: true`.',
      'Ids no longer in the phase (moved or deleted meanwhile) are ignored; when none is left to archive the content is returned unchanged.',
      'Orders, numbers and everything else are untouched.',
    ],
    errors: { PHASE_NOT_FOUND: 'no phase has `phaseId`' },
    inverse: 'A `patch` removing `archived` from each issue it archived.',
  },
  describe: (args, before, after) => {
    const old = findPhase(before, args.phaseId);
    const updated = findPhase(after, args.phaseId);
    const wasArchived = new Set(
      old?.issues.filter((issue) => issue.archived === true).map((issue) => issue.id),
    );
    const archived = (updated?.issues ?? [])
      .filter((issue) => issue.archived === true && !wasArchived.has(issue.id))
      .map((issue) => issue.title);
    if (archived.length === 0) return null;
    const phase = updated?.name ?? '';
    const count = archived.length;
    return {
      entityType: 'phase',
      entityId: args.phaseId,
      details: `Archived ${String(count)} issues of phase "${phase}"`,
      oldValue: null,
      newValue: { archived },
      params: { phase, count },
      variant: count === 1 ? 'one' : 'other',
    };
  },
});

// The issue's phase and order before and after; variant 'reordered' when it stayed in its phase.
const moveIssueOperation = defineTrackerOperation({
  name: 'moveIssue',
  args: moveIssueArgs,
  apply: moveIssue,
  doc: {
    summary: 'Moves an issue into another phase, or reorders it within its own.',
    preconditions: [
      'The issue `issueId` exists (else ISSUE_NOT_FOUND) and the phase `toPhaseId` exists (else PHASE_NOT_FOUND).',
      'Into another phase: the target is not full (`maxIssues` set and that many non-archived issues) unless the issue is archived (else PHASE_FULL); `toIndex`, when given, is an integer 0 ≤ `toIndex` ≤ the number of issues of the target (else INVALID_TARGET_POSITION).',
      'Within its own phase: `toIndex`, when given, is an integer 0 ≤ `toIndex` < the number of issues of the phase (else INVALID_TARGET_POSITION). Capacity is never checked.',
    ],
    effects: [
      'Within its own phase without `toIndex`, or already at `toIndex`: the content is returned unchanged.',
      'Within its own phase with `toIndex`: the issues sorted by `order` are rearranged so that it is at `toIndex`, and each gets `order` = its position 0..n-1.',
      'Into another phase: it is removed from its phase, whose issues are renumbered 0..n-1 by `order`; it is inserted into the target issues sorted by `order` at `toIndex` (absent: at the end), and the target issues get `order` = their position 0..n-1. The issue fields are otherwise unchanged.',
      '`settings.allowBackwardMovement` is a UI setting and is not checked.',
    ],
    errors: {
      ISSUE_NOT_FOUND: 'no issue has `issueId`',
      PHASE_NOT_FOUND: 'no phase has `toPhaseId`',
      PHASE_FULL: 'the target phase is full and the issue is not archived',
      INVALID_TARGET_POSITION: '`toIndex` is out of range or not an integer',
    },
    inverse:
      'A `patch` moving the issue back (a `move` change) and restoring the `order` of the issues of both phases.',
  },
  describe: (args, before, after) => {
    const from = issueAt(before, args.issueId);
    const to = issueAt(after, args.issueId);
    const title = findIssue(after, args.issueId)?.issue.title ?? '';
    const samePhase = from !== null && to !== null && from.phaseId === to.phaseId;
    return {
      entityType: 'issue',
      entityId: args.issueId,
      details: `Moved issue "${title}" from "${from?.phaseName ?? ''}" to "${to?.phaseName ?? ''}"`,
      oldValue: from,
      newValue: to,
      params: { title, from: from?.phaseName ?? '', to: to?.phaseName ?? '' },
      ...(samePhase ? { variant: 'reordered' } : {}),
    };
  },
});

const addCommentOperation = defineTrackerOperation({
  name: 'addComment',
  args: addCommentArgs,
  apply: addComment,
  doc: {
    summary: 'Appends a comment to an issue.',
    preconditions: [
      'The issue `issueId` exists (else ISSUE_NOT_FOUND).',
      '`content` is not blank after trimming (else COMMENT_REQUIRED).',
    ],
    effects: [
      'A comment `{id: newId(), content: content trimmed, createdAt: now(), createdBy}` is appended to the issue `comments` (`id` the operation id, `createdAt` its `at`; `createdBy` as given).',
      '`teamMembers` is untouched.',
    ],
    errors: {
      ISSUE_NOT_FOUND: 'no issue has `issueId`',
      COMMENT_REQUIRED: '`content` is blank',
    },
    inverse: 'A `patch` removing the comment.',
  },
  describe: (args, before, after) => {
    const issue = findIssue(after, args.issueId)?.issue;
    const comment = addedItem(
      findIssue(before, args.issueId)?.issue.comments ?? [],
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
  },
});

const deleteCommentOperation = defineTrackerOperation({
  name: 'deleteComment',
  args: deleteCommentArgs,
  apply: deleteComment,
  doc: {
    summary: 'Deletes a comment of an issue; with `by`, only its author may.',
    preconditions: [
      'The issue `issueId` exists (else ISSUE_NOT_FOUND).',
      'With `by`, when the comment exists: `by` is not blank and equals its `createdBy` ignoring case (else NOT_COMMENT_AUTHOR). Without `by` anyone may.',
    ],
    effects: [
      'The comment is removed from the issue `comments`; one that is already gone leaves the content unchanged.',
    ],
    errors: {
      ISSUE_NOT_FOUND: 'no issue has `issueId`',
      NOT_COMMENT_AUTHOR: '`by` is given and is not the author of the comment',
    },
    inverse: 'A `patch` inserting the comment again at its place.',
  },
  describe: (args, before) => {
    const issue = findIssue(before, args.issueId)?.issue;
    const comment = issue?.comments.find((candidate) => candidate.id === args.commentId);
    const title = issue?.title ?? '';
    return {
      entityType: 'comment',
      entityId: args.commentId,
      details: `Deleted a comment on issue "${title}"`,
      oldValue: comment ? commentSnapshot(comment) : null,
      newValue: null,
      params: { title },
    };
  },
});

// Old and new text of the comment.
const updateCommentOperation = defineTrackerOperation({
  name: 'updateComment',
  args: updateCommentArgs,
  apply: updateComment,
  doc: {
    summary: 'Changes the text of a comment; only its author may.',
    preconditions: [
      'The issue `issueId` exists (else ISSUE_NOT_FOUND).',
      '`content` is not blank after trimming (else COMMENT_REQUIRED).',
      'When the comment exists: `by` is not blank and equals its `createdBy` ignoring case and surrounding spaces (else NOT_COMMENT_AUTHOR).',
      'With `from` (the text the member started editing): the stored text still equals `from`, or already is `content` trimmed (else EDIT_CONFLICT).',
    ],
    effects: [
      'A comment that is gone, or whose text already is `content` trimmed, leaves the content unchanged.',
      'Otherwise the comment gets `content` trimmed and `editedAt` = `now()` (the operation `at`).',
      'Without `from`: the text is set whatever it is now (clients before field edits).',
    ],
    errors: {
      ISSUE_NOT_FOUND: 'no issue has `issueId`',
      COMMENT_REQUIRED: '`content` is blank',
      NOT_COMMENT_AUTHOR: '`by` is blank or not the author of the comment',
      EDIT_CONFLICT:
        'with `from`: someone changed the comment to another text since (EditConflictError, `entityId` the comment id, `conflicts` [{field: `content`, from, mine, theirs}])',
    },
    inverse: 'A `patch` restoring the text and `editedAt` (removing it when the comment had none).',
  },
  describe: (args, before, after) => {
    const old = findIssue(before, args.issueId)?.issue;
    const issue = findIssue(after, args.issueId)?.issue;
    const oldComment = old?.comments.find((comment) => comment.id === args.commentId);
    const comment = issue?.comments.find((candidate) => candidate.id === args.commentId);
    const title = issue?.title ?? '';
    return {
      entityType: 'comment',
      entityId: args.commentId,
      details: `Edited a comment on issue "${title}"`,
      oldValue: oldComment ? { content: oldComment.content } : null,
      newValue: comment ? { content: comment.content, editedAt: comment.editedAt } : null,
      params: { title },
    };
  },
});

// Checklist entries are about the issue (entityId the issue's); `item` names the item's text.
const addChecklistItemOperation = defineTrackerOperation({
  name: 'addChecklistItem',
  args: addChecklistItemArgs,
  apply: addChecklistItem,
  doc: {
    summary: 'Appends an item to the checklist of an issue.',
    preconditions: [
      'The issue `issueId` exists (else ISSUE_NOT_FOUND).',
      '`text` is not blank after trimming (else CHECKLIST_TEXT_REQUIRED).',
    ],
    effects: [
      'An item `{id: newId(), text: text trimmed, done: false}` is appended to the issue `checklist` (`id` the operation id); an issue without `checklist` gets one.',
    ],
    errors: {
      ISSUE_NOT_FOUND: 'no issue has `issueId`',
      CHECKLIST_TEXT_REQUIRED: '`text` is blank',
    },
    inverse:
      'A `patch` removing the item (and the `checklist` field when it did not exist before).',
  },
  describe: (args, before, after) => {
    const issue = findIssue(after, args.issueId)?.issue;
    const item = addedItem(
      findIssue(before, args.issueId)?.issue.checklist ?? [],
      issue?.checklist ?? [],
    );
    const title = issue?.title ?? '';
    const text = item?.text ?? args.text.trim();
    return {
      entityType: 'issue',
      entityId: args.issueId,
      details: `Added checklist item "${text}" to issue "${title}"`,
      oldValue: null,
      newValue: item ? checklistItemSnapshot(item) : null,
      params: { title, item: text },
    };
  },
});

// Only the changed fields. Variant 'checked' / 'unchecked' when only `done` changed.
const updateChecklistItemOperation = defineTrackerOperation({
  name: 'updateChecklistItem',
  args: updateChecklistItemArgs,
  apply: updateChecklistItem,
  doc: {
    summary: 'Changes the text or the done flag of a checklist item.',
    preconditions: [
      'The issue `issueId` exists (else ISSUE_NOT_FOUND).',
      'A changed `text` is not blank after trimming (else CHECKLIST_TEXT_REQUIRED).',
      'With `from`: no changed field was changed by someone else to another value since (else EDIT_CONFLICT).',
    ],
    effects: [
      'An item that is gone leaves the content unchanged.',
      '`text` is stored trimmed; with `from` the fields merge as in `updateIssue`, without `from` they are set as given.',
      'When text and done flag end up as they were, the content is returned unchanged.',
    ],
    errors: {
      ISSUE_NOT_FOUND: 'no issue has `issueId`',
      CHECKLIST_TEXT_REQUIRED: 'the new `text` is blank',
      EDIT_CONFLICT:
        'with `from`: a field was changed by someone else to another value (`entityId` the item id)',
    },
    inverse: 'A `patch` setting the changed fields back.',
  },
  describe: (args, before, after) => {
    const issue = findIssue(after, args.issueId)?.issue;
    const old = checklistItemOf(findIssue(before, args.issueId)?.issue, args.itemId);
    const item = checklistItemOf(issue, args.itemId);
    const diff = changedFields(
      old ? checklistItemSnapshot(old) : {},
      item ? checklistItemSnapshot(item) : {},
    );
    if (noFieldChanged(diff)) return null;
    const title = issue?.title ?? '';
    const text = item?.text ?? '';
    const onlyDone = Object.keys(diff.oldValue).join() === 'done';
    return {
      entityType: 'issue',
      entityId: args.issueId,
      details: `Updated checklist item "${text}" of issue "${title}"`,
      ...diff,
      params: { title, item: text, oldItem: old?.text ?? text },
      ...(onlyDone ? { variant: item?.done === true ? 'checked' : 'unchecked' } : {}),
    };
  },
});

const deleteChecklistItemOperation = defineTrackerOperation({
  name: 'deleteChecklistItem',
  args: deleteChecklistItemArgs,
  apply: deleteChecklistItem,
  doc: {
    summary: 'Removes an item from the checklist of an issue.',
    preconditions: ['The issue `issueId` exists (else ISSUE_NOT_FOUND).'],
    effects: [
      'The item is removed from `checklist` (an empty `checklist` stays, as []); an item that is already gone leaves the content unchanged.',
    ],
    errors: { ISSUE_NOT_FOUND: 'no issue has `issueId`' },
    inverse: 'A `patch` inserting the item again at its place.',
  },
  describe: (args, before) => {
    const issue = findIssue(before, args.issueId)?.issue;
    const item = checklistItemOf(issue, args.itemId);
    const title = issue?.title ?? '';
    const text = item?.text ?? '';
    return {
      entityType: 'issue',
      entityId: args.issueId,
      details: `Deleted checklist item "${text}" of issue "${title}"`,
      oldValue: item ? checklistItemSnapshot(item) : null,
      newValue: null,
      params: { title, item: text },
    };
  },
});

// entityId: the tag's key. Variant 'removed' when the colour was removed.
const setTagColorOperation = defineTrackerOperation({
  name: 'setTagColor',
  args: setTagColorArgs,
  apply: setTagColor,
  doc: {
    summary: 'Sets or removes the board colour of a tag.',
    preconditions: ['`color` is null or, trimmed, a hex colour `#rrggbb` (else INVALID_COLOR).'],
    effects: [
      'The key is the tag trimmed and lower-cased; the colour is stored trimmed and lower-cased.',
      'A blank tag, the tag `__proto__`, or a colour the tag already has leaves the content unchanged.',
      'A colour is set in the top-level `tagColors` (created when absent; the key moves to the end); null removes the key, and `tagColors` itself when it becomes empty.',
    ],
    errors: { INVALID_COLOR: '`color` is not null and not `#rrggbb`' },
    inverse: 'A `patch` setting `tagColors` back.',
  },
  describe: (args, before, after) => {
    const tag = tagColorKey(args.tag);
    const oldColor = tagColorOf(before, tag);
    const color = tagColorOf(after, tag);
    return {
      entityType: 'settings',
      entityId: tag,
      details:
        color === null
          ? `Removed the colour of tag "${tag}"`
          : `Set the colour of tag "${tag}" to ${color}`,
      oldValue: oldColor,
      newValue: color,
      params: { tag, color: color ?? '' },
      ...(color === null ? { variant: 'removed' } : {}),
    };
  },
});

// entityId: the member's name.
const addTeamMemberOperation = defineTrackerOperation({
  name: 'addTeamMember',
  args: addTeamMemberArgs,
  apply: addTeamMember,
  doc: {
    summary: 'Adds a name to the team members of the board.',
    preconditions: [],
    effects: [
      '`name` trimmed is appended to `teamMembers`; a blank name or one already there ignoring case leaves the content unchanged.',
    ],
    errors: {},
    inverse:
      'A `patch` setting `teamMembers` back (bookkeeping: an undo reverts it only where unchanged since).',
  },
  describe: (args) => {
    const name = args.name.trim();
    return {
      entityType: 'team',
      entityId: name,
      details: `Added team member "${name}"`,
      oldValue: null,
      newValue: name,
      params: { name },
    };
  },
});

// Only the ticket settings that changed; null when none changed.
const updateSettingsOperation = defineTrackerOperation({
  name: 'updateSettings',
  args: updateSettingsArgs,
  apply: updateSettings,
  doc: {
    summary: 'Changes the ticket settings of Issue Management content.',
    preconditions: [
      'The content is Issue Management content, `toolType` `ticket` (else SETTING_NOT_AVAILABLE).',
      'With `from`: no changed setting was changed by someone else to another value since (else EDIT_CONFLICT).',
    ],
    effects: [
      'Only `showTicketNumbers` and `autoAssignCreator` of `changes` are taken; with `from` they merge as in `updateIssue` (nothing left: unchanged content), without `from` they are set as given in `settings`.',
    ],
    errors: {
      SETTING_NOT_AVAILABLE: 'the content is Kanban content',
      EDIT_CONFLICT:
        'with `from`: a setting was changed by someone else to another value (`entityId` null)',
    },
    inverse: 'A `patch` setting the changed settings back.',
  },
  describe: (_args, before, after) => {
    const diff = changedFields(ticketFlags(before), ticketFlags(after));
    if (noFieldChanged(diff)) return null;
    return {
      entityType: 'settings',
      entityId: 'settings',
      details: 'Changed the settings',
      ...diff,
      params: {},
    };
  },
});

/**
 * Every named tracker operation (spec §4, §5) in one set, the same for Kanban and Issue
 * Management: `names` in this order, `schema` checks `{type, ...args}` — addPhase
 * {@link PhaseInput}; updatePhase {phaseId, changes: PhaseChanges, from?}; deletePhase
 * {phaseId}; movePhase {phaseId, direction: 'left' | 'right'}; movePhaseTo {phaseId, toIndex:
 * number}; addIssue {phaseId, issue: IssueInput, createdBy}; updateIssue {issueId, changes:
 * IssueChanges, from?}; deleteIssue {issueId}; moveIssue {issueId, toPhaseId, toIndex?};
 * archiveIssues {phaseId, issueIds};
 * addComment {issueId, content, createdBy}; updateComment {issueId, commentId, content, by,
 * from?};
 * deleteComment {issueId, commentId, by?}; addChecklistItem {issueId, text};
 * updateChecklistItem {issueId, itemId, changes: ChecklistItemChanges, from?};
 * deleteChecklistItem {issueId, itemId}; setTagColor {tag, color: string | null};
 * addTeamMember {name}; updateSettings {changes: TicketSettingsChanges, from?} (ids and texts
 * strings, `maxIssues` an integer ≥ 0, unknown keys dropped) — `apply` replays one against any
 * content and `describe` gives its activity entry body (see activityEntry in ./activity.ts).
 */
export const trackerOperations = operationSet([
  addPhaseOperation,
  updatePhaseOperation,
  deletePhaseOperation,
  movePhaseOperation,
  movePhaseToOperation,
  addIssueOperation,
  updateIssueOperation,
  deleteIssueOperation,
  moveIssueOperation,
  archiveIssuesOperation,
  addCommentOperation,
  updateCommentOperation,
  deleteCommentOperation,
  addChecklistItemOperation,
  updateChecklistItemOperation,
  deleteChecklistItemOperation,
  setTagColorOperation,
  addTeamMemberOperation,
  updateSettingsOperation,
]);

/**
 * Every named tracker operation as a serialisable message, discriminated by `type` (rule 9);
 * the other fields are the operation's arguments.
 */
export type TrackerOperation = OperationSetOp<typeof trackerOperations>;

/** The `type` of every {@link TrackerOperation}. */
export type TrackerOperationType = TrackerOperation['type'];

/**
 * Applies one {@link TrackerOperation} to `content` with the named operation of the same type
 * and returns the new content; throws what that operation throws (NO_DATA for null content).
 * The content lifecycle replays the user's operation with this against the latest version after
 * a 409 (spec §4 Tool content); with the same `ctx` values the result is the same.
 */
export function applyOperation<C extends TrackerContent>(
  content: C | null,
  operation: TrackerOperation,
  ctx: TrackerContext,
): C {
  // Each operation's function returns content of the type it was given (generic over C).
  return trackerOperations.apply(content, operation, ctx) as C;
}
