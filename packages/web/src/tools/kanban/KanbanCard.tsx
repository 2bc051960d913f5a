/**
 * A Kanban card (spec §2 /tools/kanban): title, type badge, estimation badge, description,
 * priority, assigned person, creator, creation date, comment count, edit and delete buttons.
 * The display flags of the board settings (showEstimation, showPriority, showAssignedPerson,
 * showComments) hide the matching parts. {@link DraggableKanbanCard} adds the drag handle.
 */
import { useDraggable } from '@dnd-kit/core';
import { memo, useId, useMemo, type ReactNode } from 'react';

import type { Issue, KanbanSettings, MoveStep, Phase } from '@cipherspace/tools/tracker';
import { m } from '../../paraglide/messages.js';
import { initialsOf } from '../tracker/CardDensityToggle.tsx';
import { DueBadge } from '../tracker/due-reminders.tsx';
import { TagChips } from '../tracker/TagEditor.tsx';
import { estimationText, issueTypeText, priorityText } from '../tracker/tracker-messages.ts';
import { ChecklistProgress } from '../tracker/Checklist.tsx';
import { useIssueLinks, useUnreadMention } from '../tracker/IssueDetailsContext.tsx';
import { STEP_SHORTCUTS, stepOfKey } from '../tracker/step-keys.ts';
import { formatCardDate } from './kanban-board.ts';
import type { CardDragData } from './kanban-dnd.ts';

/**
 * What decides how a card shows: the board's display settings, plus (optional) `showTags`,
 * the board's tag colours, `compact` (title, badges and the assignee's initials only) and
 * `today` (the member's local day `YYYY-MM-DD`, for the due badge; absent: no due badge).
 */
export type CardDisplay = Pick<
  KanbanSettings,
  'showEstimation' | 'showPriority' | 'showAssignedPerson' | 'showComments'
> & {
  showTags?: boolean;
  tagColors?: Readonly<Record<string, string>>;
  compact?: boolean;
  today?: string;
};

export interface KanbanCardViewProps {
  issue: Issue;
  display: CardDisplay;
  /** Interface language, for the creation date. */
  language: string;
  /** The drag handle (left of the title); absent in the drag preview. */
  handle?: ReactNode;
  /** Edit and delete; absent in the drag preview, which is not interactive. */
  onEdit?: (issue: Issue) => void;
  onDelete?: (issue: Issue) => void;
  /** Opens the card's details from its title (a button then); absent: the title is text. */
  onOpen?: (issue: Issue) => void;
  /** The card holds a comment mentioning the member that they have not seen: a dot. */
  unreadMention?: boolean;
  /** Archive (`archived` true) or restore (false) the card; absent: no such button. */
  onArchive?: (issue: Issue, archived: boolean) => void;
  /** The card's column, for the due badge (a card in a done column is never overdue). */
  phase?: Pick<Phase, 'isEndPhase'>;
}

/**
 * The card's content as an `<article>` named by its title. Without `onEdit`/`onDelete` it is
 * the non-interactive preview dnd-kit shows under the pointer while dragging.
 */
export function KanbanCardView({
  issue,
  display,
  language,
  handle,
  onEdit,
  onDelete,
  onArchive,
  phase,
  onOpen,
  unreadMention = false,
}: KanbanCardViewProps) {
  const titleId = useId();
  const archived = issue.archived === true;
  const compact = display.compact === true;
  const archiveLabel = onArchive
    ? archived
      ? m.tracker_restore_card({ title: issue.title })
      : m.tracker_archive_card({ title: issue.title })
    : '';
  const typeClass = issue.type.toLowerCase().replace(/\s+/g, '-');
  const showAssignee = display.showAssignedPerson && issue.assignedPerson !== '';
  const editLabel = onEdit ? m.kanban_edit_card({ title: issue.title }) : '';
  const deleteLabel = onDelete ? m.kanban_delete_card({ title: issue.title }) : '';
  const typeText = issueTypeText(issue.type);
  return (
    <article
      className={`kanban-card-body${compact ? ' is-compact' : ''}${archived ? ' is-archived' : ''}`}
      aria-labelledby={titleId}
    >
      <div className="kanban-card-top">
        {handle}
        <h3 className="kanban-card-title">
          {onOpen ? (
            <button
              type="button"
              className="kanban-card-open"
              aria-label={m.kanban_open_card({ title: issue.title })}
              onClick={() => onOpen(issue)}
            >
              <span id={titleId}>{issue.title}</span>
            </button>
          ) : (
            <span id={titleId}>{issue.title}</span>
          )}
          {unreadMention ? (
            <span
              className="tracker-unread-dot"
              role="img"
              aria-label={m.tracker_unread_mention()}
            />
          ) : null}
        </h3>
        {onEdit || onDelete || onArchive ? (
          <div className="kanban-card-actions">
            {onEdit ? (
              <button
                type="button"
                className="kanban-icon-button"
                aria-label={editLabel}
                title={editLabel}
                onClick={() => onEdit(issue)}
              >
                <span className="kanban-icon kanban-icon-edit" aria-hidden="true" />
              </button>
            ) : null}
            {onArchive ? (
              <button
                type="button"
                className="kanban-icon-button"
                aria-label={archiveLabel}
                title={archiveLabel}
                onClick={() => onArchive(issue, !archived)}
              >
                <span
                  className={`kanban-icon kanban-icon-${archived ? 'restore' : 'archive'}`}
                  aria-hidden="true"
                />
              </button>
            ) : null}
            {onDelete ? (
              <button
                type="button"
                className="kanban-icon-button kanban-icon-danger"
                aria-label={deleteLabel}
                title={deleteLabel}
                onClick={() => onDelete(issue)}
              >
                <span className="kanban-icon kanban-icon-delete" aria-hidden="true" />
              </button>
            ) : null}
          </div>
        ) : null}
      </div>
      <div className="kanban-card-badges">
        <span className={`badge kanban-type kanban-type-${typeClass}`}>
          <span className="visually-hidden">{m.kanban_card_type({ type: typeText })}</span>
          <span aria-hidden="true">{typeText}</span>
        </span>
        {display.showEstimation && issue.estimation !== '' ? (
          <span className="badge kanban-estimation">
            <span className="visually-hidden">
              {m.kanban_card_estimation({ value: estimationText(issue.estimation) })}
            </span>
            <span aria-hidden="true">{estimationText(issue.estimation)}</span>
          </span>
        ) : null}
        <ChecklistProgress checklist={issue.checklist} className="badge tracker-checklist-badge" />
        {archived ? (
          <span className="badge tracker-archived-badge">{m.tracker_archived_mark()}</span>
        ) : null}
        {display.today !== undefined ? (
          <DueBadge issue={issue} phase={phase} today={display.today} language={language} />
        ) : null}
        {compact && showAssignee ? (
          <span
            className="tracker-initials"
            title={issue.assignedPerson}
            aria-label={m.kanban_card_assigned_to({ name: issue.assignedPerson })}
          >
            {initialsOf(issue.assignedPerson)}
          </span>
        ) : null}
      </div>
      {display.showTags !== false && !compact ? (
        <TagChips tags={issue.tags} tagColors={display.tagColors} />
      ) : null}
      {compact ? null : <KanbanCardDetails issue={issue} display={display} language={language} />}
    </article>
  );
}

/** The full card's lower part: description, priority, assignee, creator, date, comments. */
function KanbanCardDetails({
  issue,
  display,
  language,
}: Pick<KanbanCardViewProps, 'issue' | 'display' | 'language'>) {
  const showPriority = display.showPriority && issue.priority !== 'none';
  const showAssignee = display.showAssignedPerson && issue.assignedPerson !== '';
  return (
    <>
      {issue.description.trim() !== '' ? (
        <p className="kanban-card-description">{issue.description}</p>
      ) : null}
      {showPriority || showAssignee ? (
        <dl className="kanban-card-facts">
          {showPriority ? (
            <div>
              <dt>{m.kanban_card_priority()}</dt>
              <dd className={`kanban-priority kanban-priority-${issue.priority.toLowerCase()}`}>
                {priorityText(issue.priority)}
              </dd>
            </div>
          ) : null}
          {showAssignee ? (
            <div>
              <dt>{m.kanban_card_assigned()}</dt>
              <dd>{issue.assignedPerson}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      <footer className="kanban-card-footer">
        <span>
          {m.kanban_card_created({
            name: issue.createdBy,
            date: formatCardDate(issue.createdAt, language),
          })}
        </span>
        {display.showComments ? (
          <span className="kanban-card-comments">
            {m.kanban_card_comments({ count: String(issue.comments.length) })}
          </span>
        ) : null}
      </footer>
    </>
  );
}

export interface DraggableKanbanCardProps extends KanbanCardViewProps {
  /** The column the card is in and its name (announced while dragging). */
  phaseId: string;
  phaseName: string;
  /** A dragged card is over this one: it would take this card's place. */
  dropHere?: boolean;
  /** Alt+arrow on the drag handle: move the card one step (see `stepMove`). */
  onStep?: (issueId: string, step: MoveStep) => void;
}

/**
 * A card that can be dragged to another column or onto another card (taking its place): with the
 * mouse (or touch) anywhere on the card, with the keyboard from its drag handle (Space/Enter
 * picks up, ←/→ move, Space/Enter drops, Escape cancels; Alt+↑/↓/←/→ moves it one step without
 * picking it up). Clicks on the edit and delete buttons still work because a drag starts only
 * after the pointer moved a few pixels.
 *
 * Memoised: a board re-renders on every drag start, column change and save, and its up to
 * hundreds of cards re-render only when their own props change (pass stable callbacks).
 */
export const DraggableKanbanCard = memo(function DraggableKanbanCard({
  phaseId,
  phaseName,
  dropHere = false,
  onStep,
  ...view
}: DraggableKanbanCardProps) {
  const { issue } = view;
  const { open } = useIssueLinks();
  const unreadMention = useUnreadMention(issue.id);
  const onOpen = useMemo(() => (open ? (card: Issue) => open(card.id) : undefined), [open]);
  const data = useMemo<CardDragData>(
    () => ({ kind: 'card', title: issue.title, phaseId, phaseName }),
    [issue.title, phaseId, phaseName],
  );
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: issue.id,
    data,
    attributes: { roleDescription: m.kanban_drag_role() },
  });
  const moveLabel = m.kanban_move_card({ title: issue.title });
  const handle = (
    <button
      ref={setActivatorNodeRef}
      type="button"
      className="kanban-drag-handle"
      {...attributes}
      aria-label={moveLabel}
      title={moveLabel}
      aria-keyshortcuts={STEP_SHORTCUTS}
      onKeyDown={(event) => {
        const step = stepOfKey(event);
        if (!step || !onStep) return;
        event.preventDefault();
        event.stopPropagation();
        onStep(issue.id, step);
      }}
    >
      <span className="kanban-icon kanban-icon-grip" aria-hidden="true" />
    </button>
  );
  return (
    <div
      ref={setNodeRef}
      className={`kanban-card${isDragging ? ' kanban-card-dragging' : ''}${dropHere ? ' kanban-card-drop-here' : ''}`}
      data-issue-id={issue.id}
      {...listeners}
    >
      <KanbanCardView
        {...view}
        handle={handle}
        onOpen={view.onOpen ?? onOpen}
        unreadMention={view.unreadMention ?? unreadMention}
      />
    </div>
  );
});
