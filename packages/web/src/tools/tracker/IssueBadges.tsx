/**
 * An issue's badges as both trackers show them (spec §2 /tools/ticket "type letter badge (Task T,
 * Bug B, User Story U, Epic E)", priority; the ticket number `#12`): in Issue Management's items
 * and in the details view of either tool.
 */
import type { Issue } from '@cipherspace/tools/tracker';
import { m } from '../../paraglide/messages.js';
import { cssToken, TYPE_LETTERS } from './issue-view.ts';
import { issueTypeText, priorityText } from './tracker-messages.ts';
import './issue-badges.css';

/** An issue's ticket number, `#12`, read out as 'Issue number 12'; nothing for an unnumbered issue. */
export function TicketNumber({ number }: { number: number | undefined }) {
  if (number === undefined) return null;
  return (
    <span className="ticket-number">
      <span aria-hidden="true">#{number}</span>
      <span className="visually-hidden">{m.ticket_number_label({ number })}</span>
    </span>
  );
}

/** The type letter badge (T, B, U, E) with the translated type name for screen readers. */
export function IssueTypeBadge({ type }: { type: Issue['type'] }) {
  const name = issueTypeText(type);
  return (
    <span className={`ticket-type-badge ticket-type-${cssToken(type)}`} title={name}>
      <span aria-hidden="true">{TYPE_LETTERS[type]}</span>
      <span className="visually-hidden">{name}</span>
    </span>
  );
}

/** The priority as a coloured badge, labelled for screen readers ('Priority: High'). */
export function PriorityBadge({ priority }: { priority: Issue['priority'] }) {
  return (
    <span className={`ticket-priority ticket-priority-${cssToken(priority)}`}>
      <span className="visually-hidden">
        {m.ticket_item_priority({ priority: priorityText(priority) })}
      </span>
      <span aria-hidden="true">{priorityText(priority)}</span>
    </span>
  );
}
