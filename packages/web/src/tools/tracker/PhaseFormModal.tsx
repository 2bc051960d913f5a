/**
 * The Add Column (Kanban) / Add Phase (Issue Management) modal (spec §2: name required, colour
 * choice of gray #6c757d, blue #17a2b8, green #28a745, yellow #ffc107, orange #fd7e14, red
 * #dc3545, purple #6f42c1, optional description for phases; Add and Cancel; §5: name required
 * after trimming; submit disabled while processing), and in edit mode the Edit Column / Edit
 * Phase modal, which also sets the work-in-progress limit (`maxIssues`, optional) and whether
 * the phase counts as done (`isEndPhase`).
 */
import { useId } from 'react';

import { DEFAULT_PHASE_COLOR, PHASE_COLORS, type Phase } from '@cipherspace/tools/tracker';
import { m } from '../../paraglide/messages.js';
import type { SaveOutcome } from '../content/EditConflictPanel.tsx';
import { FormModal, ModalFormFooter, useEntityForm } from '../content/modal-form.tsx';
import { phaseColorText } from './tracker-messages.ts';
import './tracker.css';

/** What the modal gives back: the name as typed, a `#rrggbb` colour, the description ('' if none). */
export interface PhaseFormValues {
  name: string;
  color: string;
  description: string;
}

/**
 * What the edit mode gives back besides: the limit of issues on the board (a whole number ≥ 0;
 * null: no limit) and whether the phase counts as done.
 */
export interface PhaseEditValues extends PhaseFormValues {
  maxIssues: number | null;
  isEndPhase: boolean;
}

/** The edit form's values of a phase as stored (no limit: null; no end flag: false). */
export function phaseEditValues(phase: Phase): PhaseEditValues {
  return {
    name: phase.name,
    color: phase.color,
    description: phase.description,
    maxIssues: typeof phase.maxIssues === 'number' ? phase.maxIssues : null,
    isEndPhase: phase.isEndPhase === true,
  };
}

/** The form's fields: the edit values with the WIP limit as typed ('' for none). */
interface PhaseFormFields extends Omit<PhaseEditValues, 'maxIssues'> {
  maxIssues: string;
}

// The form's fields of a phase as stored, or as a conflict reports it (an absent limit or flag:
// none).
function toFormFields(stored: Partial<PhaseEditValues>): PhaseFormFields {
  return {
    name: stored.name ?? '',
    color: stored.color ?? DEFAULT_PHASE_COLOR,
    description: stored.description ?? '',
    maxIssues: typeof stored.maxIssues === 'number' ? String(stored.maxIssues) : '',
    isEndPhase: stored.isEndPhase === true,
  };
}

// The problems of the form's fields, in their order: a name required after trimming, a limit
// that is a whole number or none.
function validatePhaseForm(fields: PhaseFormFields): { field: 'name' | 'maxIssues' }[] {
  const problems: { field: 'name' | 'maxIssues' }[] = [];
  if (fields.name.trim() === '') problems.push({ field: 'name' });
  if (parseLimit(fields.maxIssues) === undefined) problems.push({ field: 'maxIssues' });
  return problems;
}

/** The translated label of a phase field of the form (a conflict names it). */
export function phaseFieldLabel(field: string): string {
  switch (field) {
    case 'name':
      return m.tracker_phase_form_name_label();
    case 'color':
      return m.tracker_phase_form_color_label();
    case 'description':
      return m.tracker_phase_form_description_label();
    case 'maxIssues':
      return m.tracker_phase_form_limit_label();
    case 'isEndPhase':
      return m.tracker_phase_form_done_label();
    default:
      return field;
  }
}

/**
 * The WIP limit as typed: '' is no limit (null), a whole number ≥ 0 is that number, anything
 * else is invalid (undefined).
 */
export function parseLimit(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d+$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return Number.isSafeInteger(value) ? value : undefined;
}

export interface PhaseFormModalProps {
  open: boolean;
  /**
   * Edit mode: the phase being edited. The form starts from its values, offers the WIP limit and
   * the done flag and calls `onEdit` instead of `onSubmit`.
   */
  editing?: Phase;
  /**
   * Saves an edit: `values` as submitted and `base` the phase's values when the form opened (send
   * only the fields that differ, `editBetween`). Resolves like `onSubmit`, or with a conflict.
   */
  onEdit?: (values: PhaseEditValues, base: PhaseEditValues) => Promise<SaveOutcome>;
  /** 'Add Column' or 'Add Phase'. */
  title: string;
  /** The submit button's label, e.g. 'Add'. */
  submitLabel: string;
  /** Offer the optional description (Issue Management phases). */
  withDescription: boolean;
  /** Saves; resolves true to close, false to keep the modal open with the input. */
  onSubmit?: (values: PhaseFormValues) => Promise<boolean>;
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

function PhaseForm({
  editing,
  submitLabel,
  withDescription,
  onSubmit,
  onEdit,
  onClose,
}: PhaseFormModalProps) {
  const id = useId();
  const stored = editing ? phaseEditValues(editing) : null;
  const form = useEntityForm({
    initial: toFormFields(stored ?? {}),
    base: stored,
    toForm: toFormFields,
    validate: validatePhaseForm,
    idPrefix: id,
    save: (fields, base) => {
      if (editing && onEdit && base !== null)
        return onEdit({ ...fields, maxIssues: parseLimit(fields.maxIssues) ?? null }, base);
      const { name, color, description } = fields;
      return onSubmit ? onSubmit({ name, color, description }) : Promise.resolve(false);
    },
    onClose,
  });
  const { values, set } = form;
  const nameProblem = form.problemOf('name');
  const limitProblem = form.problemOf('maxIssues');
  // A custom colour from elsewhere (an import) stays a choice while editing.
  const colorChoices = PHASE_COLORS.some((choice) => choice.hex === values.color)
    ? PHASE_COLORS
    : [...PHASE_COLORS, { name: 'gray' as const, hex: values.color }];

  return (
    <form className="stack" noValidate onSubmit={form.handleSubmit}>
      <div className="field">
        <label htmlFor={`${id}-name`}>{m.tracker_phase_form_name_label()}</label>
        <input
          id={`${id}-name`}
          value={values.name}
          required
          autoFocus
          maxLength={100}
          aria-invalid={nameProblem ? true : undefined}
          onChange={(event) => set('name', event.target.value)}
        />
        {nameProblem ? (
          <p className="field-error" role="alert">
            {m.tracker_error_name_required()}
          </p>
        ) : null}
      </div>
      <fieldset className="phase-colors">
        <legend>{m.tracker_phase_form_color_label()}</legend>
        {colorChoices.map((choice) => (
          <label key={choice.hex} className="phase-color">
            <input
              type="radio"
              name={`${id}-color`}
              value={choice.hex}
              checked={values.color === choice.hex}
              onChange={() => set('color', choice.hex)}
            />
            <span
              className="phase-color-swatch"
              style={{ background: choice.hex }}
              aria-hidden="true"
            />
            {PHASE_COLORS.includes(choice)
              ? phaseColorText(choice.name)
              : m.tracker_phase_form_color_current()}
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
            onChange={(event) => set('description', event.target.value)}
          />
        </div>
      ) : null}
      {editing ? (
        <>
          <div className="field">
            <label htmlFor={`${id}-maxIssues`}>{m.tracker_phase_form_limit_label()}</label>
            <input
              id={`${id}-maxIssues`}
              inputMode="numeric"
              value={values.maxIssues}
              aria-invalid={limitProblem ? true : undefined}
              aria-describedby={`${id}-maxIssues-hint`}
              onChange={(event) => set('maxIssues', event.target.value)}
            />
            <p id={`${id}-maxIssues-hint`} className="field-hint">
              {m.tracker_phase_form_limit_hint()}
            </p>
            {limitProblem ? (
              <p className="field-error" role="alert">
                {m.tracker_phase_form_limit_invalid()}
              </p>
            ) : null}
          </div>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={values.isEndPhase}
              onChange={(event) => set('isEndPhase', event.target.checked)}
            />
            {m.tracker_phase_form_done_label()}
          </label>
        </>
      ) : null}
      <ModalFormFooter
        form={form}
        fieldLabel={phaseFieldLabel}
        submitLabel={submitLabel}
        savingLabel={editing ? m.tracker_issue_form_saving() : m.tracker_phase_form_adding()}
      />
    </form>
  );
}
