/**
 * The Add Column (Kanban) / Add Phase (Issue Management) modal (spec §2: name required, colour
 * choice of gray #6c757d, blue #17a2b8, green #28a745, yellow #ffc107, orange #fd7e14, red
 * #dc3545, purple #6f42c1, optional description for phases; Add and Cancel; §5: name required
 * after trimming; submit disabled while processing).
 */
import { useId, useState } from 'react';

import { DEFAULT_PHASE_COLOR, PHASE_COLORS } from '@cipherspace/tools/tracker';
import { m } from '../../paraglide/messages.js';
import { FormModal, useModalForm } from './modal-form.tsx';
import { phaseColorText } from './tracker-messages.ts';
import './tracker.css';

/** What the modal gives back: the name as typed, a `#rrggbb` colour, the description ('' if none). */
export interface PhaseFormValues {
  name: string;
  color: string;
  description: string;
}

export interface PhaseFormModalProps {
  open: boolean;
  /** 'Add Column' or 'Add Phase'. */
  title: string;
  /** The submit button's label, e.g. 'Add'. */
  submitLabel: string;
  /** Offer the optional description (Issue Management phases). */
  withDescription: boolean;
  /** Saves; resolves true to close, false to keep the modal open with the input. */
  onSubmit: (values: PhaseFormValues) => Promise<boolean>;
  onClose: () => void;
}

export function PhaseFormModal(props: PhaseFormModalProps) {
  const { open, title, onClose } = props;
  return (
    <FormModal open={open} onClose={onClose} title={title}>
      <PhaseForm {...props} />
    </FormModal>
  );
}

function PhaseForm({ submitLabel, withDescription, onSubmit, onClose }: PhaseFormModalProps) {
  const id = useId();
  const [values, setValues] = useState<PhaseFormValues>({
    name: '',
    color: DEFAULT_PHASE_COLOR,
    description: '',
  });
  const nameMissing = values.name.trim() === '';
  const { submitted, saving, handleSubmit } = useModalForm({
    invalidFieldId: nameMissing ? `${id}-name` : null,
    save: () => onSubmit(values),
    onClose,
  });

  return (
    <form className="stack" noValidate onSubmit={handleSubmit}>
      <div className="field">
        <label htmlFor={`${id}-name`}>{m.tracker_phase_form_name_label()}</label>
        <input
          id={`${id}-name`}
          value={values.name}
          required
          autoFocus
          maxLength={100}
          aria-invalid={submitted && nameMissing ? true : undefined}
          onChange={(event) => setValues({ ...values, name: event.target.value })}
        />
        {submitted && nameMissing ? (
          <p className="field-error" role="alert">
            {m.tracker_error_name_required()}
          </p>
        ) : null}
      </div>
      <fieldset className="phase-colors">
        <legend>{m.tracker_phase_form_color_label()}</legend>
        {PHASE_COLORS.map((choice) => (
          <label key={choice.name} className="phase-color">
            <input
              type="radio"
              name={`${id}-color`}
              value={choice.hex}
              checked={values.color === choice.hex}
              onChange={() => setValues({ ...values, color: choice.hex })}
            />
            <span
              className="phase-color-swatch"
              style={{ background: choice.hex }}
              aria-hidden="true"
            />
            {phaseColorText(choice.name)}
          </label>
        ))}
      </fieldset>
      {withDescription ? (
        <div className="field">
          <label htmlFor={`${id}-description`}>{m.tracker_phase_form_description_label()}</label>
          <textarea
            id={`${id}-description`}
            rows={3}
            value={values.description}
            onChange={(event) => setValues({ ...values, description: event.target.value })}
          />
        </div>
      ) : null}
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onClose}>
          {m.common_cancel()}
        </button>
        <button type="submit" className="button button-primary" disabled={saving}>
          {saving ? m.tracker_phase_form_adding() : submitLabel}
        </button>
      </div>
    </form>
  );
}
