/**
 * One Alt+arrow step of an issue on a tracker board (spec §4 Issue/card moves), the same on Kanban
 * and in Issue Management but for their words: the domain's plan (`stepMove`) and what a screen
 * reader is told about it — where the issue lands, or that it cannot move further that way.
 */
import {
  findIssue,
  landingOf,
  stepMove,
  type MoveIssueArgs,
  type MoveStep,
  type TrackerContent,
} from '@cipherspace/tools/tracker';

/** A tool's screen-reader texts of a step (`phase`: the column's or phase's name). */
export interface StepTexts {
  cannotMove: (params: { title: string }) => string;
  movedTo: (params: { title: string; position: string; count: string; phase: string }) => string;
}

/**
 * A step of issue `issueId` on `board` towards `step`: `move` the `moveIssue` arguments to run
 * (null when it does not move), `full` when the target phase is at its limit (the caller refuses
 * it as a drop there), and `news` for the screen reader (null: nothing to say). Pure.
 */
export function keyboardStep(
  board: TrackerContent,
  issueId: string,
  step: MoveStep,
  texts: StepTexts,
): { move: MoveIssueArgs | null; full: boolean; news: string | null } {
  const plan = stepMove(board, issueId, step);
  const title = findIssue(board, issueId)?.issue.title ?? '';
  if (plan.kind === 'full') return { move: null, full: true, news: null };
  if (plan.kind === 'none') return { move: null, full: false, news: texts.cannotMove({ title }) };
  const landing = landingOf(board, plan.args);
  const news = landing
    ? texts.movedTo({
        title,
        position: String(landing.position),
        count: String(landing.count),
        phase: landing.phase.name,
      })
    : null;
  return { move: plan.args, full: false, news };
}
