/**
 * A version of Issue Management as the history shows it: the phases in board order as the page's
 * accordion sections — all expanded, no issue selected, no filter — with their issues as the page
 * lists them and the board's display settings. Read-only: every handler does nothing, and the
 * history panel renders it inside an `inert` container.
 */
import { canDeletePhase, sortByOrder, type TicketContent } from '@cipherspace/tools/tracker';
import { m } from '../../paraglide/messages.js';
import { PhaseSection } from './PhaseSection.tsx';
import { issuesInOrder } from './ticket-view.ts';
import './ticket.css';

/** What a read-only phase does with a user's action: nothing. */
const ignore = () => undefined;

/** Takes one version's content; renders its phases and issues, read-only. */
export function TicketHistoryPreview({ content }: { content: TicketContent }) {
  const { settings } = content;
  const flags = {
    showPriority: settings.showPriority,
    showAssignedPerson: settings.showAssignedPerson,
    showEstimation: settings.showEstimation,
    showComments: settings.showComments,
  };
  const deletable = canDeletePhase(content);
  return (
    <div className="ticket-phases" role="region" aria-label={m.ticket_phases_label()}>
      {sortByOrder(content.phases).map((phase) => (
        <PhaseSection
          key={phase.id}
          phase={phase}
          issues={issuesInOrder(phase)}
          filtered={false}
          expanded
          selectedIssueId={null}
          flags={flags}
          canDelete={deletable}
          onToggle={ignore}
          onAddIssue={ignore}
          onDelete={ignore}
          onSelectIssue={ignore}
        />
      ))}
    </div>
  );
}
