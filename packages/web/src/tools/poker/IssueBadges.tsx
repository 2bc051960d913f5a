/**
 * The type and priority badges of a backlog issue in Scrum Poker (spec §2 /tools/scrum-poker:
 * issue list and selected issue): visible short texts, with full sentences for screen readers.
 */
import type { BacklogIssue } from '@cipherspace/tools/poker';
import { m } from '../../paraglide/messages.js';
import { backlogPriorityText, backlogTypeText } from './poker-messages.ts';

export function IssueBadges({ issue }: { issue: Pick<BacklogIssue, 'type' | 'priority'> }) {
  return (
    <>
      <span className="poker-badge poker-badge-type">
        <span className="visually-hidden">
          {m.poker_issue_type({ type: backlogTypeText(issue.type) })}
        </span>
        <span aria-hidden="true">{backlogTypeText(issue.type)}</span>
      </span>
      <span className={`poker-badge poker-priority-${issue.priority.toLowerCase()}`}>
        <span className="visually-hidden">
          {m.poker_issue_priority({ priority: backlogPriorityText(issue.priority) })}
        </span>
        <span aria-hidden="true">{backlogPriorityText(issue.priority)}</span>
      </span>
    </>
  );
}
