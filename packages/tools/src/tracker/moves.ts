/**
 * Where a move the member asks for by keyboard or by drag and drop takes an issue (spec §4
 * Issue/card moves): the `moveIssue` arguments it becomes, or why it does nothing. Kanban and
 * Issue Management share these rules; the operation itself enforces them again.
 */
import { canMoveIssue, findIssue, sortByOrder, type MoveIssueArgs } from './operations.ts';
import type { Phase, TrackerContent } from './types.ts';

/**
 * What a requested move does: `move` with the operation's arguments; `none` when the issue is
 * gone or the move would change nothing (top of its phase going up, a drop on itself…); `full`
 * when the target phase holds its `maxIssues` (the move is refused, spec §4).
 */
export type PlannedMove =
  { kind: 'move'; args: MoveIssueArgs } | { kind: 'none' } | { kind: 'full' };

/** One keyboard step: up or down within the phase, left or right to the neighbouring phase. */
export type MoveStep = 'up' | 'down' | 'left' | 'right';

const NONE: PlannedMove = { kind: 'none' };

// Into another phase, at `toIndex` or (absent) appended wherever its end is when it is applied.
function into(content: TrackerContent, issueId: string, phaseId: string, toIndex?: number) {
  if (!canMoveIssue(content, issueId, phaseId)) return { kind: 'full' } as const;
  const args: MoveIssueArgs = { issueId, toPhaseId: phaseId };
  if (toIndex !== undefined) args.toIndex = toIndex;
  return { kind: 'move', args } as const;
}

/**
 * One keyboard step of issue `issueId`: `up`/`down` one place within its phase (by `order`);
 * `left`/`right` into the previous/next phase (by `order`), at the same row where it has one,
 * else at its end.
 */
export function stepMove(content: TrackerContent, issueId: string, step: MoveStep): PlannedMove {
  const found = findIssue(content, issueId);
  if (!found) return NONE;
  const issues = sortByOrder(found.phase.issues);
  const index = issues.findIndex((issue) => issue.id === issueId);
  if (step === 'up' || step === 'down') {
    const toIndex = step === 'up' ? index - 1 : index + 1;
    if (toIndex < 0 || toIndex >= issues.length) return NONE;
    return { kind: 'move', args: { issueId, toPhaseId: found.phase.id, toIndex } };
  }
  const phases = sortByOrder(content.phases);
  const at = phases.findIndex((phase) => phase.id === found.phase.id);
  const target = phases[step === 'left' ? at - 1 : at + 1];
  if (!target) return NONE;
  return into(content, issueId, target.id, Math.min(index, target.issues.length));
}

/**
 * A drop of issue `issueId` by drag and drop: on a phase (`{phaseId}`) it goes to that phase's
 * end, `toIndex` left out so it appends even after others added meanwhile (nothing when it is its
 * own phase); on another issue (`{issueId}`) it takes that issue's
 * place — within its own phase the two pass each other (the dropped one ends where the target
 * was), in another phase it goes in before the target.
 */
export function dropMove(
  content: TrackerContent,
  issueId: string,
  target: { phaseId: string } | { issueId: string },
): PlannedMove {
  const found = findIssue(content, issueId);
  if (!found) return NONE;
  if ('phaseId' in target) {
    const phase = content.phases.find((candidate) => candidate.id === target.phaseId);
    if (!phase || phase.id === found.phase.id) return NONE;
    return into(content, issueId, phase.id);
  }
  if (target.issueId === issueId) return NONE;
  const over = findIssue(content, target.issueId);
  if (!over) return NONE;
  const toIndex = sortByOrder(over.phase.issues).findIndex((issue) => issue.id === target.issueId);
  if (over.phase.id === found.phase.id)
    return { kind: 'move', args: { issueId, toPhaseId: over.phase.id, toIndex } };
  return into(content, issueId, over.phase.id, toIndex);
}

/**
 * Where a planned move puts the issue, as a member is told it: the target phase, the 1-based
 * `position` the issue takes there and the phase's `count` of issues after the move (spec §4).
 * Null when the issue or the phase is gone.
 */
export function landingOf(
  content: TrackerContent,
  args: MoveIssueArgs,
): { phase: Phase; position: number; count: number } | null {
  const found = findIssue(content, args.issueId);
  const phase = content.phases.find((candidate) => candidate.id === args.toPhaseId);
  if (!found || !phase) return null;
  const count = phase.issues.length + (found.phase.id === phase.id ? 0 : 1);
  return { phase, position: (args.toIndex ?? count - 1) + 1, count };
}
