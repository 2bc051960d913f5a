/**
 * The planning buttons in a phase's header on both tracker pages (spec §2 /tools/kanban and
 * /tools/ticket): edit the phase, and for a done phase that still shows issues, archive them all
 * at once. Kanban words them for columns and cards, Issue Management for phases and issues.
 */
import { Archive, Pencil } from 'lucide-react';

import type { Phase } from '@cipherspace/tools/tracker';
import { m } from '../../paraglide/messages.js';

const LABELS = {
  card: { edit: m.tracker_edit_column, archiveDone: m.tracker_archive_done_cards },
  issue: { edit: m.tracker_edit_phase, archiveDone: m.tracker_archive_done_issues },
} as const;

/**
 * Takes the phase, its count of active issues, the page's `noun`, the buttons' class and the
 * callbacks (each absent: no such button). Renders the edit button, then the archive-done
 * button while the phase is done and `count` is above 0.
 */
export function PhasePlanningButtons({
  phase,
  count,
  noun,
  buttonClassName,
  onEdit,
  onArchiveDone,
}: {
  phase: Pick<Phase, 'id' | 'name' | 'isEndPhase'>;
  count: number;
  noun: 'card' | 'issue';
  buttonClassName: string;
  onEdit?: (phaseId: string) => void;
  onArchiveDone?: (phaseId: string) => void;
}) {
  const labels = LABELS[noun];
  const editLabel = labels.edit({ name: phase.name });
  const archiveLabel = labels.archiveDone({ name: phase.name });
  return (
    <>
      {onEdit ? (
        <button
          type="button"
          className={buttonClassName}
          aria-label={editLabel}
          title={editLabel}
          onClick={() => onEdit(phase.id)}
        >
          <Pencil size={16} aria-hidden="true" />
        </button>
      ) : null}
      {onArchiveDone && phase.isEndPhase === true && count > 0 ? (
        <button
          type="button"
          className={buttonClassName}
          aria-label={archiveLabel}
          title={archiveLabel}
          onClick={() => onArchiveDone(phase.id)}
        >
          <Archive size={16} aria-hidden="true" />
        </button>
      ) : null}
    </>
  );
}
