/**
 * The details of one issue (Issue Management) or card (Kanban), one view for both trackers
 * (spec §2 /tools/ticket details: type, title, edit, delete, close, priority, estimation,
 * assigned to, created date and creator, description, comments): the description and comments
 * as sanitised markdown with `@mentions`, the checklist with its progress. The container decides
 * where it sits — Issue Management's side panel (ticket/IssueDetailsPanel.tsx) or Kanban's drawer
 * (IssueDetailsDrawer.tsx) — and how its heading is made (`renderTitle`).
 */
import type { ChecklistItemChanges, Issue } from '@cipherspace/tools/tracker';
import { Archive, ArchiveRestore, X } from 'lucide-react';
import type { ReactNode } from 'react';

import { Markdown } from '../../components/Markdown.tsx';
import { useLanguage } from '../../lib/i18n.ts';
import { m } from '../../paraglide/messages.js';
import { formatDateTime } from '../../lib/date-format.ts';
import type { SaveOutcome } from '../content/EditConflictPanel.tsx';
import { IssueTypeBadge, PriorityBadge, TicketNumber } from './IssueBadges.tsx';
import { ChecklistSection } from './Checklist.tsx';
import { CommentsPanel } from './CommentsPanel.tsx';
import { estimationText, issueTypeText } from './tracker-messages.ts';
import './tracker-details.css';

/**
 * What the details do; the promises resolve true when the change was saved (the texts typed for
 * it are then cleared), false when it was refused (the message says why, the text stays); a
 * comment's edit also the conflict with a teammate's change (the editor shows it).
 */
export interface IssueDetailsHandlers {
  /** Opens the issue form on this issue. */
  onEdit: () => void;
  /** Asks to delete the issue (the container confirms); absent: no Delete button. */
  onDelete?: () => void;
  /** Archives (true) or restores (false) the issue; absent: no Archive/Restore button. */
  onArchive?: (archived: boolean) => void;
  onClose: () => void;
  onAddComment: (text: string) => Promise<boolean>;
  /** `from`: the comment's text when the member started editing it. */
  onUpdateComment: (commentId: string, text: string, from: string) => Promise<SaveOutcome>;
  onDeleteComment: (commentId: string) => Promise<boolean>;
  onAddChecklistItem: (text: string) => Promise<boolean>;
  /** `from`: the item's values when the change started (its text when the edit began). */
  onUpdateChecklistItem: (
    itemId: string,
    changes: ChecklistItemChanges,
    from: ChecklistItemChanges,
  ) => Promise<SaveOutcome>;
  onDeleteChecklistItem: (itemId: string) => Promise<boolean>;
}

/** The view's input besides its {@link IssueDetailsHandlers}. */
export interface IssueDetailsProps extends IssueDetailsHandlers {
  issue: Issue;
  /** 'card' on Kanban, 'issue' in Issue Management: the texts of the buttons. */
  noun: 'card' | 'issue';
  /** The current member's name: their comments can be edited and deleted. */
  me: string;
  /** The names `@` offers and highlights (see useMentionMembers). */
  members: readonly string[];
  /** The phase row of the facts (a name, or Issue Management's phase choice); absent: none. */
  phaseFact?: ReactNode;
  /** Whether the heading starts with the issue's ticket number. */
  showTicketNumber?: boolean;
  /** Builds the heading around its content (a Radix Dialog.Title, an `h2` with a focus ref). */
  renderTitle: (content: ReactNode) => ReactNode;
}

/** The details view: header, actions, facts, description, checklist, comments. */
export function IssueDetails({
  issue,
  noun,
  me,
  members,
  phaseFact,
  showTicketNumber = false,
  renderTitle,
  onEdit,
  onDelete,
  onArchive,
  onClose,
  onAddComment,
  onUpdateComment,
  onDeleteComment,
  onAddChecklistItem,
  onUpdateChecklistItem,
  onDeleteChecklistItem,
}: IssueDetailsProps) {
  const language = useLanguage();
  const isCard = noun === 'card';
  return (
    <>
      <div className="tracker-details-header">
        <IssueTypeBadge type={issue.type} />
        {renderTitle(
          <>
            {showTicketNumber && issue.number !== undefined ? (
              <>
                <TicketNumber number={issue.number} />{' '}
              </>
            ) : null}
            {issue.title}
          </>,
        )}
        <button
          type="button"
          className="icon-button tracker-icon-button tracker-details-close"
          aria-label={isCard ? m.kanban_close_details() : m.ticket_close_details()}
          title={m.common_close()}
          onClick={onClose}
        >
          <X size={16} aria-hidden="true" />
        </button>
      </div>
      <div className="row tracker-details-actions">
        <button
          type="button"
          className="button button-small"
          aria-label={
            isCard
              ? m.kanban_edit_card({ title: issue.title })
              : m.ticket_edit_issue_label({ title: issue.title })
          }
          onClick={onEdit}
        >
          {m.ticket_edit()}
        </button>
        {onArchive ? (
          <button
            type="button"
            className="button button-small"
            aria-label={archiveLabel(issue, isCard)}
            onClick={() => onArchive(issue.archived !== true)}
          >
            {issue.archived === true ? (
              <ArchiveRestore size={16} aria-hidden="true" />
            ) : (
              <Archive size={16} aria-hidden="true" />
            )}
            {issue.archived === true ? m.tracker_restore() : m.tracker_archive_issue()}
          </button>
        ) : null}
        {onDelete ? (
          <button
            type="button"
            className="button button-small button-danger-outline"
            aria-label={
              isCard
                ? m.kanban_delete_card({ title: issue.title })
                : m.ticket_delete_issue_label({ title: issue.title })
            }
            onClick={onDelete}
          >
            {m.common_delete()}
          </button>
        ) : null}
        <button type="button" className="button button-small" onClick={onClose}>
          {m.common_close()}
        </button>
      </div>
      <dl className="tracker-details-facts">
        <div>
          <dt>{m.ticket_details_type()}</dt>
          <dd>{issueTypeText(issue.type)}</dd>
        </div>
        {phaseFact}
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
      <section className="tracker-details-description">
        <h3 className="tracker-section-title">{m.ticket_details_description()}</h3>
        {issue.description.trim() === '' ? (
          <p className="tracker-muted">{m.ticket_details_no_description()}</p>
        ) : (
          <Markdown
            text={issue.description}
            mentions={{ members, me }}
            className="tracker-description-text"
          />
        )}
      </section>
      <ChecklistSection
        checklist={issue.checklist}
        onAdd={onAddChecklistItem}
        onUpdate={onUpdateChecklistItem}
        onDelete={onDeleteChecklistItem}
      />
      <CommentsPanel
        comments={issue.comments}
        me={me}
        members={members}
        onAdd={onAddComment}
        onUpdate={onUpdateComment}
        onDelete={onDeleteComment}
      />
    </>
  );
}

/** The accessible name of the Archive/Restore button: what it does, to which card or issue. */
function archiveLabel(issue: Issue, isCard: boolean): string {
  const title = { title: issue.title };
  if (issue.archived === true)
    return isCard ? m.tracker_restore_card(title) : m.tracker_restore_issue(title);
  return isCard ? m.tracker_archive_card(title) : m.tracker_archive_issue_label(title);
}
