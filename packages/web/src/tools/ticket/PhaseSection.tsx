/**
 * One phase of Issue Management as an accordion section (spec §2 /tools/ticket "Phases are
 * accordion sections, all expanded on load, with coloured left border, issue count, add-issue
 * button, description"), following the WAI-ARIA accordion pattern: the phase name is a heading
 * holding a button with `aria-expanded` that shows or hides the issue list. The delete button
 * shows only when the caller allows it (settings and the minimum of spec §9).
 */
import { useDroppable } from '@dnd-kit/core';
import { ChevronDown, ChevronRight, Inbox, Plus, SearchX } from 'lucide-react';
import { memo, useId, useMemo } from 'react';

import {
  activeIssueCount,
  wipState,
  type Issue,
  type MoveStep,
  type Phase,
} from '@cipherspace/tools/tracker';
import { EmptyState } from '../../components/EmptyState.tsx';
import { useLanguage } from '../../lib/i18n.ts';
import { m } from '../../paraglide/messages.js';
import { LongList } from '../tracker/LongList.tsx';
import { PhaseButtons } from '../tracker/PhaseButtons.tsx';
import { wipWarning } from '../tracker/tracker-filter.ts';
import { IssueItemButton, MovableIssueItem, type IssueDisplayFlags } from './IssueItem.tsx';

/**
 * How a phase takes part in moving issues (inside the page's DndContext): whether a dragged issue
 * over it would land (`accept`) or be refused (`refuse`, the phase is full), the issue a dragged
 * one would take the place of, and Alt+arrow on an issue.
 */
export interface PhaseMoves {
  dropState: 'idle' | 'accept' | 'refuse';
  dropIssueId: string | null;
  onStepIssue: (issueId: string, step: MoveStep) => void;
}

/** What a phase carries as a drop target (`useDroppable({ data })`). */
export interface PhaseDropData {
  kind: 'phase';
  name: string;
}

/** An issue item's height with the gap below it before it is measured (two lines of text). */
export const ISSUE_ITEM_ESTIMATE_PX = 72;

const issueKey = (issue: Issue) => issue.id;

/** The count text of a phase: '3 issues', or '1 of 3 issues' while a filter is active. */
export function phaseCountText(shown: number, total: number, filtered: boolean): string {
  if (filtered) return m.ticket_phase_issue_count_filtered({ shown, total });
  return total === 1
    ? m.ticket_phase_issue_count_one()
    : m.ticket_phase_issue_count_other({ count: total });
}

/**
 * Takes the phase, the issues to list (all of them, or the filter's matches when `filtered`),
 * whether the section is expanded, the selected issue id and the callbacks. Renders a section.
 * Memoised: pass stable callbacks, the same `issues` array while they are unchanged, and the
 * selected id (and the moved one) only to the section holding that issue. Its texts follow a
 * language switch. A list of more than 50 issues scrolls on its own and renders the issues in view
 * (the selected one always, an issue moved here from the keyboard until it has the focus).
 */
export const PhaseSection = memo(function PhaseSection({
  phase,
  issues,
  filtered,
  expanded,
  selectedIssueId,
  movedIssueId = null,
  flags,
  canDelete,
  onToggle,
  onAddIssue,
  onDelete,
  onSelectIssue,
  onEdit,
  onArchiveIssue,
  onArchiveDone,
  moves,
}: {
  phase: Phase;
  issues: readonly Issue[];
  filtered: boolean;
  expanded: boolean;
  selectedIssueId: string | null;
  /** An issue moved with the keyboard that waits here for the focus; absent or null: none. */
  movedIssueId?: string | null;
  flags: IssueDisplayFlags;
  canDelete: boolean;
  onToggle: (phaseId: string) => void;
  onAddIssue: (phaseId: string) => void;
  onDelete: (phaseId: string) => void;
  onSelectIssue: (issueId: string) => void;
  /** Edit the phase (name, colour, description, limit, done flag); absent: no edit button. */
  onEdit?: (phaseId: string) => void;
  /** Archive (true) or restore (false) an issue; absent: no archive buttons. */
  onArchiveIssue?: (issueId: string, archived: boolean) => void;
  /** Archive every issue of this end phase; absent: no such button. */
  onArchiveDone?: (phaseId: string) => void;
  /** Absent: issues cannot be moved here (a read-only history preview). */
  moves?: PhaseMoves;
}) {
  // Memoised on its props: it subscribes itself, so its texts follow a language switch.
  useLanguage();
  // Unique per section, not per phase: a history preview shows the same phases once more.
  const id = useId();
  const headingId = `${id}-heading`;
  const bodyId = `${id}-body`;
  const data = useMemo<PhaseDropData>(() => ({ kind: 'phase', name: phase.name }), [phase.name]);
  const { setNodeRef } = useDroppable({ id: phase.id, data, disabled: moves === undefined });
  const dropState = moves?.dropState ?? 'idle';
  const count = activeIssueCount(phase);
  const wip = wipState(phase);
  const warning = wipWarning(phase);
  const endPhase = phase.isEndPhase === true;
  return (
    <section
      ref={setNodeRef}
      className={`ticket-phase ticket-drop-${dropState}`}
      style={{ borderLeftColor: phase.color }}
      aria-labelledby={headingId}
      data-phase-id={phase.id}
    >
      <div className="ticket-phase-header">
        <h2 className="ticket-phase-heading" id={headingId}>
          <button
            type="button"
            className="ticket-phase-toggle"
            aria-expanded={expanded}
            aria-controls={bodyId}
            onClick={() => onToggle(phase.id)}
          >
            {expanded ? (
              <ChevronDown size={16} className="ticket-phase-chevron" aria-hidden="true" />
            ) : (
              <ChevronRight size={16} className="ticket-phase-chevron" aria-hidden="true" />
            )}
            <span className="ticket-phase-name">{phase.name}</span>
          </button>
        </h2>
        <span className="badge ticket-phase-count">
          {phaseCountText(issues.length, count, filtered)}
        </span>
        {wip !== null ? (
          <span
            className={`badge ticket-phase-wip${warning ? ' tracker-wip-badge' : ''}`}
            title={m.ticket_phase_count_limit({ count: String(wip.count), max: String(wip.limit) })}
          >
            <span aria-hidden="true">{`${String(wip.count)}/${String(wip.limit)}`}</span>
            <span className="visually-hidden">
              {m.ticket_phase_count_limit({ count: String(wip.count), max: String(wip.limit) })}
            </span>
          </span>
        ) : null}
        <div className="ticket-phase-actions">
          <PhaseButtons noun="issue" phase={phase} onEdit={onEdit} onArchiveDone={onArchiveDone} />
          <button
            type="button"
            className="button button-small"
            aria-label={m.ticket_phase_add_issue_label({ phase: phase.name })}
            onClick={() => onAddIssue(phase.id)}
          >
            <Plus size={16} aria-hidden="true" />
            {m.ticket_phase_add_issue()}
          </button>
          {canDelete ? (
            <button
              type="button"
              className="button button-small button-danger-outline"
              aria-label={m.ticket_phase_delete_label({ phase: phase.name })}
              onClick={() => onDelete(phase.id)}
            >
              {m.common_delete()}
            </button>
          ) : null}
        </div>
      </div>
      {warning ? (
        <p className="tracker-wip-warning" role="status">
          {warning}
        </p>
      ) : null}
      {phase.description === '' ? null : (
        <p className="ticket-phase-description">{phase.description}</p>
      )}
      <div className="ticket-phase-body" id={bodyId} hidden={!expanded}>
        {issues.length === 0 ? (
          <EmptyState
            className="ticket-phase-empty"
            icon={filtered ? SearchX : Inbox}
            text={filtered ? m.ticket_phase_no_matches() : m.ticket_phase_empty()}
          />
        ) : (
          <LongList
            items={issues}
            itemKey={issueKey}
            renderItem={(issue) =>
              moves ? (
                <MovableIssueItem
                  issue={issue}
                  phaseId={phase.id}
                  dropHere={issue.id === moves.dropIssueId}
                  selected={issue.id === selectedIssueId}
                  flags={flags}
                  endPhase={endPhase}
                  onSelect={onSelectIssue}
                  onStep={moves.onStepIssue}
                  onArchive={onArchiveIssue}
                />
              ) : (
                <IssueItemButton
                  issue={issue}
                  selected={issue.id === selectedIssueId}
                  flags={flags}
                  endPhase={endPhase}
                  onSelect={onSelectIssue}
                />
              )
            }
            listClassName="ticket-issue-list"
            itemClassName="ticket-issue"
            scrollClassName="ticket-issue-scroll"
            estimateItemPx={ISSUE_ITEM_ESTIMATE_PX}
            pinnedKey={movedIssueId ?? selectedIssueId}
            fullCount={count}
          />
        )}
      </div>
    </section>
  );
});
