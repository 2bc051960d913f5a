/**
 * What the tools' modal forms (issue, phase, note, ticket settings, diagram name) share: the
 * modal that mounts the form only while open — so each opening starts from its initial values —
 * the submit handling of spec §5 ("submit buttons disabled while processing"): validate, focus
 * the first invalid field, save, close only when saved; a failed save keeps the form and its
 * input — the values and base of a form over an entity with the settling of an edit conflict,
 * the footer (conflict panel, Cancel, submit), and the labelled select of a fixed list of choices.
 */
import { useState, type ReactNode, type SubmitEvent } from 'react';

import { Modal } from '../../components/Modal.tsx';
import { m } from '../../paraglide/messages.js';
import {
  EditConflictPanel,
  chosenValues,
  defaultFormatValue,
  isConflictOutcome,
  type ConflictChoices,
  type EditConflict,
  type SaveOutcome,
} from './EditConflictPanel.tsx';

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

/** The submit state of a modal form; see {@link useModalForm}. */
export interface ModalForm {
  submitted: boolean;
  saving: boolean;
  handleSubmit: (event: SubmitEvent<HTMLFormElement>) => void;
  conflict: EditConflict | null;
  resolveConflict: (choices: ConflictChoices) => void;
  /** Closes the form unsaved (the `onClose` it was given). */
  close: () => void;
}

/**
 * Submit state of a modal form. `invalidFieldId` is the element id of the first invalid field
 * (null when valid); `save` resolves true when saved (then `onClose` is called), false when not
 * (a message is shown; the form stays), or an {@link EditConflict} when the edit met a
 * teammate's change to the same fields: it is returned as `conflict` for the form to show with
 * {@link EditConflictPanel}, and `resolveConflict(choices)` saves again with what `rebase`
 * (the form's: it takes the choices into its values and its base) gives. Returns whether a
 * submit was tried (show errors from then on), whether a save is running, the form's onSubmit
 * handler, and `close` (`onClose`, for Cancel).
 */
export function useModalForm(options: {
  invalidFieldId: string | null;
  save: () => Promise<SaveOutcome>;
  onClose: () => void;
  rebase?: (conflict: EditConflict, choices: ConflictChoices) => () => Promise<SaveOutcome>;
}): ModalForm {
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState<EditConflict | null>(null);
  const { invalidFieldId, save, onClose, rebase } = options;

  async function run(attempt: () => Promise<SaveOutcome>) {
    setSaving(true);
    const outcome = await attempt().catch(() => false);
    setSaving(false);
    if (isConflictOutcome(outcome)) setConflict(outcome);
    else if (outcome) onClose();
  }

  async function submit() {
    setSubmitted(true);
    if (invalidFieldId !== null) {
      document.getElementById(invalidFieldId)?.focus();
      return;
    }
    setConflict(null);
    await run(save);
  }

  return {
    submitted,
    saving,
    conflict,
    close: onClose,
    handleSubmit(event) {
      event.preventDefault();
      if (!saving) void submit();
    },
    resolveConflict(choices) {
      if (conflict === null || rebase === undefined || saving) return;
      const again = rebase(conflict, choices);
      setConflict(null);
      void run(again);
    },
  };
}

/**
 * A form's values and base after the member settled a conflict: the base (the entity as the
 * dialog takes it to be stored) takes the stored values of the conflicting fields; the values
 * take theirs or the merged text where the member chose so, and keep the member's input where
 * they chose theirs. `toForm` gives the form values of an entity (same field names).
 */
export function rebaseForm<V extends object, E extends object>(
  values: V,
  base: E,
  toForm: (entity: E) => V,
  conflict: EditConflict,
  choices: ConflictChoices,
): { values: V; base: E } {
  const theirs: Record<string, unknown> = {};
  for (const item of conflict.conflicts) theirs[item.field] = item.theirs;
  const chosen = fieldsOf(toForm({ ...base, ...chosenValues(conflict.conflicts, choices) }));
  const next = fieldsOf(values);
  for (const { field } of conflict.conflicts)
    if ((choices[field] ?? 'mine') !== 'mine' && Object.hasOwn(chosen, field))
      next[field] = chosen[field];
  return { values: next as V, base: { ...base, ...theirs } };
}

/**
 * A modal form over an entity (an issue, a note): {@link useModalForm} with the form's state.
 * `values` start at `initial`; `base` (the entity as the form takes it to be stored; null: a new
 * one) starts at `base`. `validate` gives the problems of the values, in the order of the fields;
 * the first one's field (element id `${idPrefix}-${field}`) takes the focus on submit. `save`
 * gets the values and the base. A conflict is settled with {@link rebaseForm} and `toForm` (the
 * form values of an entity), then saved again (a new entity has nothing to rebase: saved as it
 * is). Returns, besides the submit state, the values and base with their setters, `set` (one
 * field) and `problemOf(field)`: the field's problem once a submit was tried.
 */
export function useEntityForm<
  V extends object,
  B extends object | null,
  P extends { field: string },
>(options: {
  initial: V;
  base: B;
  toForm: (entity: NonNullable<B>) => V;
  validate: (values: V) => readonly P[];
  idPrefix: string;
  save: (values: V, base: B) => Promise<SaveOutcome>;
  onClose: () => void;
}): ModalForm & {
  values: V;
  setValues: (values: V | ((current: V) => V)) => void;
  base: B;
  setBase: (base: B) => void;
  set: <K extends keyof V>(key: K, value: V[K]) => void;
  problemOf: (field: P['field']) => P | undefined;
} {
  const { toForm, validate, idPrefix, save, onClose } = options;
  const [values, setValues] = useState<V>(options.initial);
  const [base, setBase] = useState<B>(options.base);
  const problems = validate(values);
  const firstProblem = problems[0];
  const form = useModalForm({
    invalidFieldId: firstProblem ? `${idPrefix}-${firstProblem.field}` : null,
    save: () => save(values, base),
    onClose,
    rebase: (conflict, choices) => {
      if (base === null) return () => save(values, base);
      const next = rebaseForm(values, base, toForm, conflict, choices);
      setValues(next.values);
      setBase(next.base);
      return () => save(next.values, next.base);
    },
  });
  return {
    ...form,
    values,
    setValues,
    base,
    setBase,
    set: (key, value) => setValues((current) => ({ ...current, [key]: value })),
    problemOf: (field) =>
      form.submitted ? problems.find((problem) => problem.field === field) : undefined,
  };
}

/**
 * The end of a modal form: the conflict panel while `form` holds a conflict (fields named by
 * `fieldLabel`, values shown by `formatValue`), then Cancel (closes the form) and the submit
 * button, off and reading `savingLabel` while saving, else `submitLabel`; also off while
 * `submitDisabled` (a form whose spec turns its submit off, e.g. while a required name is blank).
 */
export function ModalFormFooter({
  form,
  fieldLabel,
  formatValue = defaultFormatValue,
  submitLabel,
  savingLabel,
  submitDisabled = false,
}: {
  form: ModalForm;
  fieldLabel: (field: string) => string;
  formatValue?: (field: string, value: unknown) => string;
  submitLabel: string;
  savingLabel: string;
  submitDisabled?: boolean;
}) {
  return (
    <>
      {form.conflict ? (
        <EditConflictPanel
          conflict={form.conflict}
          busy={form.saving}
          fieldLabel={fieldLabel}
          formatValue={formatValue}
          onResolve={form.resolveConflict}
        />
      ) : null}
      <div className="dialog-actions">
        <button type="button" className="button" onClick={form.close}>
          {m.common_cancel()}
        </button>
        <button
          type="submit"
          className="button button-primary"
          disabled={form.saving || submitDisabled}
        >
          {form.saving ? savingLabel : submitLabel}
        </button>
      </div>
    </>
  );
}

/** The fields of a form's values, by name. */
function fieldsOf(values: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values));
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
