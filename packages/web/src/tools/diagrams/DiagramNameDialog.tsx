/**
 * The Create and Rename dialogs of the Diagrams screen (spec §2 /tools/diagrams: 'Create New
 * Diagram' with field 'New Diagram Title' and placeholder 'Enter diagram title'; 'Rename Diagram'
 * with field 'New Diagram Name'; Enter submits; the submit button is disabled while the name is
 * blank (spec §5: not blank after trimming) and while saving; a backdrop shows while open).
 */
import { useId, useState } from 'react';

import { DIAGRAM_NAME_MAX_CHARS, diagramNameProblem } from '@cipherspace/tools/diagrams';
import { FormModal, useModalForm } from '../tracker/modal-form.tsx';
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
  /** Saves the name as typed; resolves true to close, false to keep the dialog and its input. */
  onSubmit: (name: string) => Promise<boolean>;
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
  const unusable = diagramNameProblem(name) !== null;
  const { saving, handleSubmit } = useModalForm({
    invalidFieldId: unusable ? id : null,
    save: () => onSubmit(name),
    onClose,
  });

  return (
    <form className="stack" noValidate onSubmit={handleSubmit}>
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
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onClose}>
          {m.common_cancel()}
        </button>
        <button type="submit" className="button button-primary" disabled={unusable || saving}>
          {saving ? busyLabel : submitLabel}
        </button>
      </div>
    </form>
  );
}
