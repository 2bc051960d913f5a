/**
 * The planning buttons in a phase's header on both tracker pages (spec §2 /tools/kanban and
 * /tools/ticket): edit the phase, and for a done phase that still shows issues, archive them all
 * at once. Kanban words and styles them for columns and cards, Issue Management for phases and
 * issues.
 */
import { Archive, Pencil, type LucideIcon } from 'lucide-react';

import type { Phase } from '@cipherspace/tools/tracker';
import { m } from '../../paraglide/messages.js';

const LOOK = {
  card: {
    className: 'kanban-icon-button',
    edit: m.tracker_edit_column,
    archiveDone: m.tracker_archive_done_cards,
  },
  issue: {
    className: 'button button-small',
    edit: m.tracker_edit_phase,
    archiveDone: m.tracker_archive_done_issues,
  },
} as const;

/**
 * Takes the page's `noun`, the phase and the callbacks (each absent: no such button). Renders
 * the edit button, then the archive-done button while the phase is done and holds an active
 * (not archived) issue.
 */
export function PhaseButtons({
  noun,
  phase,
  onEdit,
  onArchiveDone,
}: {
  noun: 'card' | 'issue';
  phase: Pick<Phase, 'id' | 'name' | 'isEndPhase' | 'issues'>;
  onEdit?: (phaseId: string) => void;
  onArchiveDone?: (phaseId: string) => void;
}) {
  const look = LOOK[noun];
  const archivable =
    phase.isEndPhase === true && phase.issues.some((issue) => issue.archived !== true);
  const buttons: { label: string; Icon: LucideIcon; run: (phaseId: string) => void }[] = [];
  if (onEdit) buttons.push({ label: look.edit({ name: phase.name }), Icon: Pencil, run: onEdit });
  if (onArchiveDone && archivable)
    buttons.push({
      label: look.archiveDone({ name: phase.name }),
      Icon: Archive,
      run: onArchiveDone,
    });
  return buttons.map(({ label, Icon, run }) => (
    <button
      key={label}
      type="button"
      className={look.className}
      aria-label={label}
      title={label}
      onClick={() => run(phase.id)}
    >
      <Icon size={16} aria-hidden="true" />
    </button>
  ));
}
