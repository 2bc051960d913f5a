/**
 * What the tools' modal forms (issue form, phase form, note form) share: the modal that mounts
 * the form only while open — so each opening starts from its initial values — the submit
 * handling of spec §5 ("submit buttons disabled while processing"): validate, focus the first
 * invalid field, save, close only when saved; a failed save keeps the form and its input — and
 * the labelled select of a fixed list of choices.
 */
import { useState, type ReactNode, type SubmitEvent } from 'react';

import { Modal } from '../../components/Modal.tsx';

/** A {@link Modal} that calls `onClose` when dismissed and renders `children` only while open. */
export function FormModal({
  open,
  title,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={title}
    >
      {open ? children : null}
    </Modal>
  );
}

/**
 * Submit state of a modal form. `invalidFieldId` is the element id of the first invalid field
 * (null when valid); `save` resolves true when saved (then `onClose` is called). Returns whether
 * a submit was tried (show errors from then on), whether a save is running, and the form's
 * onSubmit handler.
 */
export function useModalForm(options: {
  invalidFieldId: string | null;
  save: () => Promise<boolean>;
  onClose: () => void;
}): {
  submitted: boolean;
  saving: boolean;
  handleSubmit: (event: SubmitEvent<HTMLFormElement>) => void;
} {
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const { invalidFieldId, save, onClose } = options;

  async function submit() {
    setSubmitted(true);
    if (invalidFieldId !== null) {
      document.getElementById(invalidFieldId)?.focus();
      return;
    }
    setSaving(true);
    const saved = await save().catch(() => false);
    setSaving(false);
    if (saved) onClose();
  }

  return {
    submitted,
    saving,
    handleSubmit(event) {
      event.preventDefault();
      if (!saving) void submit();
    },
  };
}

/**
 * A labelled `<select>` (in a `.field`) of the fixed `choices`, each shown as `choiceText(choice)`
 * (translated); `onChange` gets the chosen value, typed as one of the choices.
 */
export function ChoiceField<T extends string>({
  id,
  label,
  value,
  choices,
  choiceText,
  onChange,
}: {
  id: string;
  label: string;
  value: T;
  choices: readonly T[];
  choiceText: (choice: T) => string;
  onChange: (value: T) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value as T)}>
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {choiceText(choice)}
          </option>
        ))}
      </select>
    </div>
  );
}
