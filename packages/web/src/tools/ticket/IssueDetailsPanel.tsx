/**
 * The details side panel of Issue Management (spec §2 /tools/ticket "Clicking an issue opens a
 * details side panel: type, title, edit, delete, close, priority, estimation, assigned to,
 * created date and creator, description, comments section 'Comments (n)' with textarea, Add
 * Comment button, list newest first, per-comment delete, empty text 'No comments yet. Be the
 * first to comment!'. With no selection the panel says 'Select an issue'."). Deleting the issue
 * or a comment asks first (spec §8 confirmations). Layout: 400 px wide, comments list at most
 * 300 px high (spec §9), full width on small screens (ticket.css).
 */
import { MousePointerClick, Trash2, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type Ref } from 'react';

import { ConfirmDialog } from '../../components/Modal.tsx';
import type { Comment, Issue } from '@cipherspace/tools/tracker';
import { useLanguage } from '../../lib/i18n.ts';
import { m } from '../../paraglide/messages.js';
import { estimationText, issueTypeText } from '../tracker/tracker-messages.ts';
import { IssueTypeBadge, PriorityBadge, TicketNumber } from './IssueItem.tsx';
import { commentsNewestFirst, formatDateTime } from './ticket-view.ts';

/**
 * The comments of one issue: heading 'Comments (n)', the labelled textarea with Add Comment
 * (disabled while empty or while a comment is being added), the list newest first with a delete
 * button per comment (confirmed first), or the empty text. `onAdd` resolves true when the
 * comment was saved (the textarea is then cleared; otherwise the text stays).
 */
export function CommentsSection({
  comments,
  onAdd,
  onDelete,
}: {
  comments: readonly Comment[];
  onAdd: (text: string) => Promise<boolean>;
  onDelete: (commentId: string) => Promise<boolean>;
}) {
  const language = useLanguage();
  const headingId = useId();
  const fieldId = useId();
  const hintId = useId();
  const [draft, setDraft] = useState('');
  const [adding, setAdding] = useState(false);
  const [pendingDelete, setPendingDelete] = useState<Comment | null>(null);
  const [deleting, setDeleting] = useState(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const canAdd = draft.trim() !== '' && !adding;

  const add = async () => {
    if (!canAdd) return;
    setAdding(true);
    const saved = await onAdd(draft);
    if (!mounted.current) return;
    setAdding(false);
    if (saved) setDraft('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void add();
    }
  };

  const confirmDelete = async () => {
    if (!pendingDelete) return;
    setDeleting(true);
    await onDelete(pendingDelete.id);
    if (!mounted.current) return;
    setDeleting(false);
    setPendingDelete(null);
  };

  return (
    <section className="ticket-comments" aria-labelledby={headingId}>
      <h3 id={headingId} className="ticket-section-title">
        {m.ticket_comments_heading({ count: comments.length })}
      </h3>
      <form
        className="ticket-comment-form"
        onSubmit={(event) => {
          event.preventDefault();
          void add();
        }}
      >
        <div className="field">
          <label htmlFor={fieldId}>{m.ticket_comment_label()}</label>
          <textarea
            id={fieldId}
            rows={3}
            value={draft}
            placeholder={m.ticket_comment_placeholder()}
            aria-describedby={hintId}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKeyDown}
          />
          <span id={hintId} className="field-hint">
            {m.ticket_comment_hint()}
          </span>
        </div>
        <div>
          <button type="submit" className="button button-primary" disabled={!canAdd}>
            {adding ? m.ticket_adding_comment() : m.ticket_add_comment()}
          </button>
        </div>
      </form>
      {comments.length === 0 ? (
        <p className="ticket-comments-empty">{m.ticket_comments_empty()}</p>
      ) : (
        <ul className="ticket-comment-list" aria-labelledby={headingId}>
          {commentsNewestFirst(comments).map((comment) => {
            const date = formatDateTime(comment.createdAt, language);
            return (
              <li key={comment.id} className="ticket-comment">
                <div className="ticket-comment-header">
                  <span className="ticket-comment-author">{comment.createdBy}</span>
                  <time className="ticket-comment-date" dateTime={comment.createdAt}>
                    {date}
                  </time>
                  <button
                    type="button"
                    className="icon-button ticket-icon-button"
                    aria-label={m.ticket_comment_delete_label({ name: comment.createdBy, date })}
                    title={m.common_delete()}
                    onClick={() => setPendingDelete(comment)}
                  >
                    <Trash2 size={14} className="ticket-icon" aria-hidden="true" />
                  </button>
                </div>
                <p className="ticket-comment-content">{comment.content}</p>
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        open={pendingDelete !== null}
        onOpenChange={(open) => {
          if (!open && !deleting) setPendingDelete(null);
        }}
        title={m.ticket_delete_comment_title()}
        description={m.ticket_delete_comment_text()}
        confirmLabel={m.common_delete()}
        danger
        busy={deleting}
        onConfirm={() => void confirmDelete()}
      />
    </section>
  );
}

/** A phase the issue can be moved to from the panel; `full`: it holds its `maxIssues`. */
export interface PhaseChoice {
  id: string;
  name: string;
  full: boolean;
}

/** The callbacks of the panel; the promises resolve true when the change was saved. */
export interface IssueDetailsActions {
  onEdit: (issueId: string) => void;
  /** The member chose another phase for the issue (spec §4 Issue/card moves). */
  onMoveToPhase?: (issueId: string, phaseId: string) => void;
  onDelete: (issueId: string) => Promise<boolean>;
  onClose: () => void;
  onAddComment: (issueId: string, text: string) => Promise<boolean>;
  onDeleteComment: (issueId: string, commentId: string) => Promise<boolean>;
}

/**
 * The panel: takes the selected issue (or null: 'Select an issue'), the name of its phase and
 * the callbacks. `focusRef` receives the panel's heading (the issue title, or 'Select an issue'),
 * so the page can move focus there when an issue opens or disappears.
 */
export function IssueDetailsPanel({
  issue,
  phaseName,
  phaseId = null,
  phases = [],
  focusRef,
  showTicketNumber = false,
  ...actions
}: {
  issue: Issue | null;
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
  onEdit,
  onMoveToPhase,
  onDelete,
  onClose,
  onAddComment,
  onDeleteComment,
}: {
  issue: Issue;
  phaseName: string | null;
  phaseId: string | null;
  phases: readonly PhaseChoice[];
  focusRef: Ref<HTMLHeadingElement> | undefined;
  showTicketNumber: boolean;
} & IssueDetailsActions) {
  const language = useLanguage();
  const phaseFieldId = useId();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const remove = async () => {
    setDeleting(true);
    const deleted = await onDelete(issue.id);
    setDeleting(false);
    if (!deleted) setConfirmingDelete(false);
  };

  return (
    <aside className="ticket-details is-open" aria-label={m.ticket_details_label()}>
      <div className="ticket-details-header">
        <IssueTypeBadge type={issue.type} />
        <h2 className="ticket-details-title" ref={focusRef} tabIndex={-1}>
          {showTicketNumber && issue.number !== undefined ? (
            <>
              <TicketNumber number={issue.number} />{' '}
            </>
          ) : null}
          {issue.title}
        </h2>
        <button
          type="button"
          className="icon-button ticket-icon-button ticket-details-close"
          aria-label={m.ticket_close_details()}
          title={m.common_close()}
          onClick={onClose}
        >
          <X size={16} aria-hidden="true" />
        </button>
      </div>
      <div className="row ticket-details-actions">
        <button
          type="button"
          className="button button-small"
          aria-label={m.ticket_edit_issue_label({ title: issue.title })}
          onClick={() => onEdit(issue.id)}
        >
          {m.ticket_edit()}
        </button>
        <button
          type="button"
          className="button button-small button-danger-outline"
          aria-label={m.ticket_delete_issue_label({ title: issue.title })}
          onClick={() => setConfirmingDelete(true)}
        >
          {m.common_delete()}
        </button>
        <button type="button" className="button button-small" onClick={onClose}>
          {m.common_close()}
        </button>
      </div>
      <dl className="ticket-details-facts">
        <div>
          <dt>{m.ticket_details_type()}</dt>
          <dd>{issueTypeText(issue.type)}</dd>
        </div>
        {phaseName === null ? null : phases.length > 0 && onMoveToPhase && phaseId !== null ? (
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
        )}
        <div>
          <dt>{m.ticket_details_priority()}</dt>
          <dd>
            <PriorityBadge priority={issue.priority} />
          </dd>
        </div>
        <div>
          <dt>{m.ticket_details_estimation()}</dt>
          <dd>
            {issue.estimation === ''
              ? m.ticket_details_no_estimation()
              : estimationText(issue.estimation)}
          </dd>
        </div>
        <div>
          <dt>{m.ticket_details_assigned_to()}</dt>
          <dd>{issue.assignedPerson === '' ? m.ticket_unassigned() : issue.assignedPerson}</dd>
        </div>
        <div>
          <dt>{m.ticket_details_created()}</dt>
          <dd>
            {m.ticket_details_created_value({
              date: formatDateTime(issue.createdAt, language),
              name: issue.createdBy,
            })}
          </dd>
        </div>
      </dl>
      <section className="ticket-details-description">
        <h3 className="ticket-section-title">{m.ticket_details_description()}</h3>
        {issue.description.trim() === '' ? (
          <p className="ticket-muted">{m.ticket_details_no_description()}</p>
        ) : (
          <p className="ticket-description-text">{issue.description}</p>
        )}
      </section>
      <CommentsSection
        comments={issue.comments}
        onAdd={(text) => onAddComment(issue.id, text)}
        onDelete={(commentId) => onDeleteComment(issue.id, commentId)}
      />
      <ConfirmDialog
        open={confirmingDelete}
        onOpenChange={(open) => {
          if (!deleting) setConfirmingDelete(open);
        }}
        title={m.ticket_delete_issue_title()}
        description={m.ticket_delete_issue_text({ title: issue.title })}
        confirmLabel={m.common_delete()}
        danger
        busy={deleting}
        onConfirm={() => void remove()}
      />
    </aside>
  );
}
