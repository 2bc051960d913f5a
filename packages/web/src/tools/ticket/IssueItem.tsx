/**
 * One issue in a phase of Issue Management (spec §2 /tools/ticket "Issue items show type letter
 * badge (Task T, Bug B, User Story U, Epic E), title, priority, assignee, estimation in pts,
 * comment count, creator with date and time"). The whole item is one button that selects the
 * issue for the details panel; the settings flags hide priority, assignee, estimation and
 * comments.
 */
import { useDraggable } from '@dnd-kit/core';
import { Archive, ArchiveRestore, MessageSquare, User } from 'lucide-react';
import { memo, useId, useMemo, type KeyboardEvent } from 'react';

import type { Issue, KanbanSettings, MoveStep } from '@cipherspace/tools/tracker';
import { useLanguage } from '../../lib/i18n.ts';
import { m } from '../../paraglide/messages.js';
import { STEP_SHORTCUTS, stepOfKey } from '../tracker/step-keys.ts';
import { estimationText } from '../tracker/tracker-messages.ts';
import { ChecklistProgress } from '../tracker/Checklist.tsx';
import { useUnreadMention } from '../tracker/IssueDetailsContext.tsx';
import { initialsOf } from '../tracker/CardDensityToggle.tsx';
import { DueBadge } from '../tracker/due-reminders.tsx';
import { TagChips } from '../tracker/TagEditor.tsx';
import { IssueTypeBadge, PriorityBadge, TicketNumber } from '../tracker/IssueBadges.tsx';
import { formatDateTime } from '../../lib/date-format.ts';

/**
 * Which optional facts an item shows (spec §3 settings; all on by default; ticket numbers only
 * where the tool has the ticket setting).
 */
export type IssueDisplayFlags = Pick<
  KanbanSettings,
  'showPriority' | 'showAssignedPerson' | 'showEstimation' | 'showComments'
> & {
  showTicketNumbers?: boolean;
  /** Show the tags as coloured chips (settings.showTags; default true) in `tagColors`. */
  showTags?: boolean;
  tagColors?: Readonly<Record<string, string>>;
  /** Compact items: title, badges and the assignee's initials only. */
  compact?: boolean;
  /** The member's local day `YYYY-MM-DD`, for the due badge; absent: no due badge. */
  today?: string;
};

/** What an issue item takes; see {@link IssueItem}. */
export interface IssueItemProps {
  issue: Issue;
  /** Whether it is the issue shown in the details panel. */
  selected: boolean;
  flags: IssueDisplayFlags;
  /** Called with the issue's id on click, Enter or Space. */
  onSelect: (issueId: string) => void;
  /** Alt+arrow on the item: move it one step (see `stepMove`); absent, the keys do nothing. */
  onStep?: (issueId: string, step: MoveStep) => void;
  /** The issue's phase is an end phase (a done issue is never overdue). */
  endPhase?: boolean;
  /**
   * The issue holds a comment mentioning the member that they have not seen (a dot); absent:
   * as the page's unread mentions say (IssueDetailsContext).
   */
  unreadMention?: boolean;
}

/** What a dragged issue carries. */
export interface IssueDragData {
  kind: 'issue';
  title: string;
  phaseId: string;
}

/**
 * An issue item: takes the issue, whether it is the one shown in the details panel, the display
 * flags and `onSelect` (called on click, Enter or Space). Renders a list item.
 */
export function IssueItem(props: IssueItemProps) {
  return (
    <li className="ticket-issue">
      <IssueItemButton {...props} />
    </li>
  );
}

/**
 * The content of an {@link IssueItem} without its `<li>`, for lists that make the item
 * themselves. Memoised: a long list re-renders only the issues whose props changed (pass a
 * stable `onSelect` and `flags`).
 */
export const IssueItemButton = memo(function IssueItemButton({
  issue,
  selected,
  flags,
  onSelect,
  onStep,
  unreadMention,
  endPhase = false,
}: IssueItemProps) {
  const language = useLanguage();
  const unreadOnPage = useUnreadMention(issue.id);
  const unread = unreadMention ?? unreadOnPage;
  const created = formatDateTime(issue.createdAt, language);
  const commentCount = issue.comments.length;
  const stepKeys = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = stepOfKey(event);
    if (!step || !onStep) return;
    event.preventDefault();
    onStep(issue.id, step);
  };
  return (
    <button
      type="button"
      className={`ticket-issue-button${selected ? ' is-selected' : ''}${flags.compact ? ' is-compact' : ''}${issue.archived === true ? ' is-archived' : ''}`}
      aria-current={selected ? 'true' : undefined}
      aria-keyshortcuts={onStep ? STEP_SHORTCUTS : undefined}
      data-issue-id={issue.id}
      onClick={() => onSelect(issue.id)}
      onKeyDown={stepKeys}
    >
      <span className="ticket-issue-top">
        <IssueTypeBadge type={issue.type} />
        {flags.showTicketNumbers ? <TicketNumber number={issue.number} /> : null}
        <span className="ticket-issue-title">{issue.title}</span>
        {unread ? (
          <span className="tracker-unread-dot" role="img" aria-label={m.tracker_unread_mention()} />
        ) : null}
        <ChecklistProgress checklist={issue.checklist} className="tracker-checklist-badge" />
        {flags.showEstimation && issue.estimation !== '' ? (
          <span className="ticket-estimation">{estimationText(issue.estimation)}</span>
        ) : null}
      </span>
      <PlanBadges issue={issue} flags={flags} endPhase={endPhase} language={language} />
      <span className="ticket-issue-meta">
        {flags.showPriority ? <PriorityBadge priority={issue.priority} /> : null}
        {flags.showAssignedPerson ? (
          <span className="ticket-assignee">
            <User size={14} className="ticket-icon" aria-hidden="true" />
            {issue.assignedPerson === '' ? (
              m.ticket_unassigned()
            ) : (
              <>
                <span aria-hidden="true">{issue.assignedPerson}</span>
                <span className="visually-hidden">
                  {m.ticket_item_assignee({ name: issue.assignedPerson })}
                </span>
              </>
            )}
          </span>
        ) : null}
        {flags.showComments ? (
          <span className="ticket-comment-count">
            <MessageSquare size={14} className="ticket-icon" aria-hidden="true" />
            <span aria-hidden="true">{commentCount}</span>
            <span className="visually-hidden">
              {commentCount === 1
                ? m.ticket_item_comments_one()
                : m.ticket_item_comments({ count: commentCount })}
            </span>
          </span>
        ) : null}
        <span className="ticket-created">
          <span aria-hidden="true">
            {m.ticket_item_created({ name: issue.createdBy, date: created })}
          </span>
          <span className="visually-hidden">
            {m.ticket_item_created_label({ name: issue.createdBy, date: created })}
          </span>
        </span>
      </span>
    </button>
  );
});

const DONE_PHASE = { isEndPhase: true };
const OPEN_PHASE = { isEndPhase: false };

/** The archived mark, due badge, tags and (compact) the assignee's initials of an item. */
function PlanBadges({
  issue,
  flags,
  endPhase,
  language,
}: {
  issue: Issue;
  flags: IssueDisplayFlags;
  endPhase: boolean;
  language: string;
}) {
  const archived = issue.archived === true;
  const due = flags.today !== undefined && issue.dueDate !== undefined;
  const tags = flags.showTags !== false && !flags.compact && issue.tags.length > 0;
  const initials =
    flags.compact === true && flags.showAssignedPerson && issue.assignedPerson !== '';
  if (!archived && !due && !tags && !initials) return null;
  return (
    <span className="ticket-issue-plan">
      {archived ? (
        <span className="badge tracker-archived-badge">{m.tracker_archived_mark()}</span>
      ) : null}
      {flags.today !== undefined ? (
        <DueBadge
          issue={issue}
          phase={endPhase ? DONE_PHASE : OPEN_PHASE}
          today={flags.today}
          language={language}
        />
      ) : null}
      {tags ? <TagChips tags={issue.tags} tagColors={flags.tagColors} /> : null}
      {initials ? (
        <span className="tracker-initials" title={issue.assignedPerson}>
          <span aria-hidden="true">{initialsOf(issue.assignedPerson)}</span>
          <span className="visually-hidden">
            {m.ticket_item_assignee({ name: issue.assignedPerson })}
          </span>
        </span>
      ) : null}
    </span>
  );
}

/**
 * An {@link IssueItemButton} that can be dragged with the mouse or touch to another phase, or
 * onto another issue to take its place (spec §4 Issue/card moves; a drag starts after the pointer
 * moved a few pixels, so a click still selects). From the keyboard, Alt+arrow moves it. Needs a
 * DndContext around it. `dropHere`: a dragged issue is over this one.
 */
export const MovableIssueItem = memo(function MovableIssueItem({
  phaseId,
  dropHere,
  onArchive,
  ...props
}: IssueItemProps & {
  phaseId: string;
  dropHere: boolean;
  /** Archive (true) or restore (false) the issue; absent: no archive button. */
  onArchive?: (issueId: string, archived: boolean) => void;
}) {
  const { issue } = props;
  const data = useMemo<IssueDragData>(
    () => ({ kind: 'issue', title: issue.title, phaseId }),
    [issue.title, phaseId],
  );
  const { setNodeRef, listeners, isDragging } = useDraggable({ id: issue.id, data });
  return (
    <div
      ref={setNodeRef}
      className={`ticket-issue-movable${isDragging ? ' is-dragging' : ''}${dropHere ? ' is-drop-here' : ''}`}
      {...listeners}
    >
      <IssueItemButton {...props} />
      {onArchive ? <ArchiveIssueButton issue={issue} onArchive={onArchive} /> : null}
    </div>
  );
});

/** The archive (or, for an archived issue, restore) button beside an issue item. */
function ArchiveIssueButton({
  issue,
  onArchive,
}: {
  issue: Issue;
  onArchive: (issueId: string, archived: boolean) => void;
}) {
  const archived = issue.archived === true;
  const describedBy = useId();
  const label = archived
    ? m.tracker_restore_issue({ title: issue.title })
    : m.tracker_archive_issue_label({ title: issue.title });
  // Named 'Archive' / 'Restore' only, so the item's own button stays the one named by its
  // title; the title is the button's description.
  return (
    <button
      type="button"
      className="icon-button ticket-issue-archive"
      aria-label={archived ? m.tracker_restore() : m.tracker_archive_issue()}
      aria-describedby={describedBy}
      title={label}
      onClick={() => onArchive(issue.id, !archived)}
    >
      <span id={describedBy} hidden>
        {issue.title}
      </span>
      {archived ? (
        <ArchiveRestore size={16} aria-hidden="true" />
      ) : (
        <Archive size={16} aria-hidden="true" />
      )}
    </button>
  );
}
