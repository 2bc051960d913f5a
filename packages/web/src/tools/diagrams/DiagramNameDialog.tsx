/**
 * The Create and Rename dialogs of the Diagrams screen (spec §2 /tools/diagrams: 'Create New
 * Diagram' with field 'New Diagram Title' and placeholder 'Enter diagram title'; 'Rename Diagram'
 * with field 'New Diagram Name'; Enter submits; the submit button is disabled while the name is
 * blank (spec §5: not blank after trimming) and while saving; a backdrop shows while open).
 * A rename that met another member's rename (spec §4 version conflict) shows both names beside
 * the field (EditConflictPanel): the member saves theirs or mine, never overwritten silently.
 */
import { useId, useState } from 'react';

import { DIAGRAM_NAME_MAX_CHARS, diagramNameProblem } from '@cipherspace/tools/diagrams';
import { chosenValues, type SaveOutcome } from '../content/EditConflictPanel.tsx';
import { FormModal, ModalFormFooter, useModalForm } from '../content/modal-form.tsx';
import { m } from '../../paraglide/messages.js';

export interface DiagramNameDialogProps {
  open: boolean;
  /** 'Create New Diagram' or 'Rename Diagram'. */
  title: string;
  /** The field's label. */
  label: string;
  placeholder?: string;
  /** The submit button, e.g. 'Create'; `busyLabel` while saving, e.g. 'Creating…'. */
  submitLabel: string;
  busyLabel: string;
  /** The name the field starts with ('' for a new diagram, the current name for renaming). */
  initialName: string;
  /**
   * Saves the name as typed; `from` is the name the dialog takes to be stored (`initialName`,
   * then theirs after a conflict was settled). Resolves true to close, false to keep the dialog
   * and its input, or the conflict to show.
   */
  onSubmit: (name: string, from: string) => Promise<SaveOutcome>;
  onClose: () => void;
}

export function DiagramNameDialog(props: DiagramNameDialogProps) {
  return (
    <FormModal open={props.open} title={props.title} onClose={props.onClose}>
      <NameForm {...props} />
    </FormModal>
  );
}

function NameForm({
  label,
  placeholder,
  submitLabel,
  busyLabel,
  initialName,
  onSubmit,
  onClose,
}: DiagramNameDialogProps) {
  const id = useId();
  const [name, setName] = useState(initialName);
  const [from, setFrom] = useState(initialName);
  const unusable = diagramNameProblem(name) !== null;
  const form = useModalForm({
    invalidFieldId: unusable ? id : null,
    save: () => onSubmit(name, from),
    onClose,
    rebase: (met, choices) => {
      // Theirs is what is stored now: the next save goes from it to the chosen name.
      const theirs = met.conflicts.find((item) => item.field === 'name')?.theirs;
      const chosen = chosenValues(met.conflicts, choices).name;
      const nextFrom = typeof theirs === 'string' ? theirs : from;
      const nextName = typeof chosen === 'string' ? chosen : name;
      setName(nextName);
      setFrom(nextFrom);
      return () => onSubmit(nextName, nextFrom);
    },
  });

  return (
    <form className="stack" noValidate onSubmit={form.handleSubmit}>
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          value={name}
          placeholder={placeholder}
          required
          autoFocus
          autoComplete="off"
          maxLength={DIAGRAM_NAME_MAX_CHARS}
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <ModalFormFooter
        form={form}
        fieldLabel={() => m.diagrams_name_field()}
        submitLabel={submitLabel}
        savingLabel={busyLabel}
        submitDisabled={unusable}
      />
    </form>
  );
}
