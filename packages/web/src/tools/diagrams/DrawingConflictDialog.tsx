/**
 * The choice a member gets when their drawing met a drawing another member saved since they
 * opened the diagram (spec §4 Diagrams, §4 version conflict: never a silent overwrite): Keep
 * both (theirs stays, mine becomes a new diagram), Overwrite (mine replaces theirs) or Reload
 * theirs (mine is discarded). The dialog cannot be dismissed without a choice: the member's
 * drawing is only in memory until they choose.
 */
import { useId } from 'react';

import { Modal } from '../../components/Modal.tsx';
import { StatusMessage } from '../../components/StatusMessage.tsx';
import { m } from '../../paraglide/messages.js';

/** What the member chose. */
export type DrawingConflictChoice = 'keepBoth' | 'overwrite' | 'reload';

export interface DrawingConflictDialogProps {
  open: boolean;
  /** The diagram's name as stored now. */
  name: string;
  /** Who saved the stored drawing (its modifiedBy). */
  by: string;
  /** The name "Keep both" gives the member's copy. */
  copyName: string;
  /** true while a choice is being saved: the buttons wait. */
  busy: boolean;
  /** Why the last choice could not be saved (the dialog stays), or null. */
  error: string | null;
  onChoose: (choice: DrawingConflictChoice) => void;
}

export function DrawingConflictDialog({
  open,
  name,
  by,
  copyName,
  busy,
  error,
  onChoose,
}: DrawingConflictDialogProps) {
  const id = useId();
  const options: { choice: DrawingConflictChoice; label: string; hint: string }[] = [
    {
      choice: 'keepBoth',
      label: m.diagrams_conflict_keep_both(),
      hint: m.diagrams_conflict_keep_both_hint({ copy: copyName }),
    },
    {
      choice: 'overwrite',
      label: m.diagrams_conflict_overwrite(),
      hint: m.diagrams_conflict_overwrite_hint(),
    },
    {
      choice: 'reload',
      label: m.diagrams_conflict_reload(),
      hint: m.diagrams_conflict_reload_hint(),
    },
  ];
  return (
    <Modal
      open={open}
      // Only a choice closes it: Escape or a click outside would leave the drawing undecided.
      onOpenChange={() => undefined}
      title={m.diagrams_conflict_title()}
      description={m.diagrams_conflict_text({ user: by, name })}
    >
      <StatusMessage kind="error">{error}</StatusMessage>
      <ul className="diagrams-conflict-choices">
        {options.map((option) => (
          <li key={option.choice}>
            <button
              type="button"
              className={option.choice === 'keepBoth' ? 'button button-primary' : 'button'}
              disabled={busy}
              aria-describedby={`${id}-${option.choice}`}
              onClick={() => onChoose(option.choice)}
            >
              {option.label}
            </button>
            <span id={`${id}-${option.choice}`} className="field-hint">
              {option.hint}
            </span>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
