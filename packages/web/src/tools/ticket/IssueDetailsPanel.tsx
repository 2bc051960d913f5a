/**
 * The details side panel of Issue Management (spec §2 /tools/ticket "Clicking an issue opens a
 * details side panel: type, title, edit, delete, close, priority, estimation, assigned to,
 * created date and creator, description, comments section 'Comments (n)' with textarea, Add
 * Comment button, list newest first, per-comment delete, empty text 'No comments yet. Be the
 * first to comment!'. With no selection the panel says 'Select an issue'."). The content is
 * the shared tracker details view (../tracker/IssueDetails.tsx: markdown description, checklist,
 * comments with mentions, own comments editable); this adds the phase choice and deleting the
 * issue. Deleting the issue or a comment asks first (spec §8 confirmations). Layout: 400 px wide,
 * comments list at most 300 px high (spec §9), full width on small screens (ticket.css).
 */
import { MousePointerClick } from 'lucide-react';
import { useId, type Ref } from 'react';

import type { Issue } from '@cipherspace/tools/tracker';
import { m } from '../../paraglide/messages.js';
import { DeleteConfirmDialog, useDeleteConfirmation } from '../content/DeleteConfirmDialog.tsx';
import type { IssueDiscussionActions } from '../tracker/issue-details-actions.ts';
import { IssueDetails as IssueDetailsView } from '../tracker/IssueDetails.tsx';

/** A phase the issue can be moved to from the panel; `full`: it holds its `maxIssues`. */
export interface PhaseChoice {
  id: string;
  name: string;
  full: boolean;
}

/**
 * The callbacks of the panel (comments and checklist: {@link IssueDiscussionActions}); the
 * promises resolve true when the change was saved.
 */
export interface IssueDetailsActions extends IssueDiscussionActions {
  onEdit: (issueId: string) => void;
  /** The member chose another phase for the issue (spec §4 Issue/card moves). */
  onMoveToPhase?: (issueId: string, phaseId: string) => void;
  onDelete: (issueId: string) => Promise<boolean>;
  /** Archives (true) or restores (false) the issue; absent: no Archive/Restore button. */
  onArchive?: (issueId: string, archived: boolean) => void;
  onClose: () => void;
}

/**
 * The panel: takes the selected issue (or null: 'Select an issue'), the name of its phase, the
 * current member `me` (their comments can be edited and deleted), the names `members` that `@`
 * offers, and the callbacks. `focusRef` receives the panel's heading (the issue title, or 'Select an issue'),
 * so the page can move focus there when an issue opens or disappears.
 */
export function IssueDetailsPanel({
  issue,
  phaseName,
  phaseId = null,
  phases = [],
  focusRef,
  showTicketNumber = false,
  me = '',
  members = [],
  ...actions
}: {
  issue: Issue | null;
  /** The current member's name. */
  me?: string;
  /** The names a comment can mention (see useMentionMembers). */
  members?: readonly string[];
  phaseName: string | null;
  /** The issue's phase, selected in the phase choice (with `phases` and `onMoveToPhase`). */
  phaseId?: string | null;
  /** The phases in board order, offered as the issue's phase; empty: the phase is only shown. */
  phases?: readonly PhaseChoice[];
  focusRef?: Ref<HTMLHeadingElement>;
  /** Whether the heading starts with the issue's ticket number (settings.showTicketNumbers). */
  showTicketNumber?: boolean;
} & IssueDetailsActions) {
  if (issue === null)
    return (
      <aside className="ticket-details is-empty" aria-label={m.ticket_details_label()}>
        <MousePointerClick className="empty-state-icon" aria-hidden="true" />
        <h2 className="ticket-details-empty-title" ref={focusRef} tabIndex={-1}>
          {m.ticket_select_issue()}
        </h2>
        <p className="ticket-details-empty-hint">{m.ticket_select_issue_hint()}</p>
      </aside>
    );
  // Keyed by issue, so a draft comment or an open confirmation never carries over to another issue.
  return (
    <IssueDetails
      key={issue.id}
      issue={issue}
      phaseName={phaseName}
      phaseId={phaseId}
      phases={phases}
      focusRef={focusRef}
      showTicketNumber={showTicketNumber}
      me={me}
      members={members}
      {...actions}
    />
  );
}

function IssueDetails({
  issue,
  phaseName,
  phaseId,
  phases,
  focusRef,
  showTicketNumber,
  me,
  members,
  onEdit,
  onMoveToPhase,
  onDelete,
  onArchive,
  onClose,
  ...discussion
}: {
  issue: Issue;
  phaseName: string | null;
  phaseId: string | null;
  phases: readonly PhaseChoice[];
  focusRef: Ref<HTMLHeadingElement> | undefined;
  showTicketNumber: boolean;
  me: string;
  members: readonly string[];
} & IssueDetailsActions) {
  const phaseFieldId = useId();
  const deletion = useDeleteConfirmation((asked: Issue) => onDelete(asked.id));

  const phaseFact =
    phaseName === null ? null : phases.length > 0 && onMoveToPhase && phaseId !== null ? (
      <div>
        <dt>
          <label htmlFor={phaseFieldId}>{m.ticket_details_phase()}</label>
        </dt>
        <dd>
          <select
            id={phaseFieldId}
            className="ticket-details-phase"
            value={phaseId}
            onChange={(event) => onMoveToPhase(issue.id, event.target.value)}
          >
            {phases.map((choice) => {
              const refused = choice.full && choice.id !== phaseId;
              return (
                <option key={choice.id} value={choice.id} disabled={refused}>
                  {refused ? m.ticket_details_phase_full({ phase: choice.name }) : choice.name}
                </option>
              );
            })}
          </select>
        </dd>
      </div>
    ) : (
      <div>
        <dt>{m.ticket_details_phase()}</dt>
        <dd>{phaseName}</dd>
      </div>
    );

  return (
    <aside className="ticket-details is-open" aria-label={m.ticket_details_label()}>
      <IssueDetailsView
        issue={issue}
        noun="issue"
        me={me}
        members={members}
        phaseFact={phaseFact}
        showTicketNumber={showTicketNumber}
        renderTitle={(content) => (
          <h2 className="ticket-details-title" ref={focusRef} tabIndex={-1}>
            {content}
          </h2>
        )}
        onEdit={() => onEdit(issue.id)}
        onDelete={() => deletion.ask(issue)}
        {...(onArchive && { onArchive: (archived: boolean) => onArchive(issue.id, archived) })}
        onClose={onClose}
        onAddComment={(text) => discussion.onAddComment(issue.id, text)}
        onUpdateComment={(commentId, text, from) =>
          discussion.onUpdateComment(issue.id, commentId, text, from)
        }
        onDeleteComment={(commentId) => discussion.onDeleteComment(issue.id, commentId)}
        onAddChecklistItem={(text) => discussion.onAddChecklistItem(issue.id, text)}
        onUpdateChecklistItem={(itemId, changes, from) =>
          discussion.onUpdateChecklistItem(issue.id, itemId, changes, from)
        }
        onDeleteChecklistItem={(itemId) => discussion.onDeleteChecklistItem(issue.id, itemId)}
      />
      <DeleteConfirmDialog
        confirmation={deletion}
        title={() => m.ticket_delete_issue_title()}
        // The title as it is now: another member may rename the issue while this is open.
        text={() => m.ticket_delete_issue_text({ title: issue.title })}
      />
    </aside>
  );
}
