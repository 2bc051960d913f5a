/**
 * The discussion operations of an issue's details (comments and checklist), as the callbacks
 * the details views take: each runs one named tracker operation through `run` (useTrackerPerform,
 * which shows the refusal texts of tracker-messages.ts) and resolves true when it was saved; the
 * edits of a comment and of a checklist item run through `edit` (useTrackerEdit) and resolve a
 * teammate's change to the same field as the conflict for the editor to show.
 */
import type { ChecklistItemChanges, TrackerOperation } from '@cipherspace/tools/tracker';

import type { SaveOutcome } from '../content/EditConflictPanel.tsx';
import type { TrackerAction } from './tracker-messages.ts';

/** Runs a tracker operation; true when saved (see useTrackerPerform). */
export type RunTrackerOperation = (
  operation: TrackerOperation,
  action: TrackerAction,
) => Promise<boolean>;

/** Runs a tracker field edit; true when saved, or the conflict to show (see useTrackerEdit). */
export type RunTrackerEdit = (
  operation: TrackerOperation,
  action: TrackerAction,
) => Promise<SaveOutcome>;

/** The comment and checklist callbacks of the details views, each for an issue id. */
export interface IssueDiscussionActions {
  onAddComment: (issueId: string, text: string) => Promise<boolean>;
  /** `from`: the comment's text when the member started editing it. */
  onUpdateComment: (
    issueId: string,
    commentId: string,
    text: string,
    from: string,
  ) => Promise<SaveOutcome>;
  onDeleteComment: (issueId: string, commentId: string) => Promise<boolean>;
  onAddChecklistItem: (issueId: string, text: string) => Promise<boolean>;
  /** `from`: the item's values when the change started (its text when the edit began). */
  onUpdateChecklistItem: (
    issueId: string,
    itemId: string,
    changes: ChecklistItemChanges,
    from: ChecklistItemChanges,
  ) => Promise<SaveOutcome>;
  onDeleteChecklistItem: (issueId: string, itemId: string) => Promise<boolean>;
}

/**
 * The {@link IssueDiscussionActions} of member `me`: comments are added, edited and deleted in
 * their name (`createdBy` / `by`, so only the author may change or delete one), comment and
 * checklist edits carry the values they started from.
 */
export function issueDiscussionActions(
  run: RunTrackerOperation,
  me: string,
  edit: RunTrackerEdit,
): IssueDiscussionActions {
  return {
    onAddComment: (issueId, text) =>
      run({ type: 'addComment', issueId, content: text, createdBy: me }, 'addComment'),
    onUpdateComment: (issueId, commentId, text, from) =>
      edit(
        { type: 'updateComment', issueId, commentId, content: text, by: me, from },
        'editComment',
      ),
    onDeleteComment: (issueId, commentId) =>
      run({ type: 'deleteComment', issueId, commentId, by: me }, 'deleteComment'),
    onAddChecklistItem: (issueId, text) =>
      run({ type: 'addChecklistItem', issueId, text }, 'addChecklistItem'),
    onUpdateChecklistItem: (issueId, itemId, changes, from) =>
      edit({ type: 'updateChecklistItem', issueId, itemId, changes, from }, 'updateChecklistItem'),
    onDeleteChecklistItem: (issueId, itemId) =>
      run({ type: 'deleteChecklistItem', issueId, itemId }, 'deleteChecklistItem'),
  };
}
