/**
 * The shared issue form of Kanban and Issue Management (spec §2 "Add/Edit issue modal with
 * shared issue form (title, content, type, priority, estimation, assignedPerson)" plus tags and a
 * due date; the assignee is picked from the space's members, free text still allowed; §5 Issue form:
 * title required after trimming, estimation at most 3 characters, submit disabled while
 * processing). The form keeps its own state: a remote update of the board never resets what the
 * user is typing, and a failed save keeps the modal open with the input intact.
 */
import { useId } from 'react';
import { z } from 'zod';

import {
  ESTIMATION_HINTS,
  ESTIMATION_MAX_CHARS,
  ISSUE_PRIORITIES,
  issuePrioritySchema,
  issueTypeSchema,
  validateIssueForm,
  type IssueInput,
  type IssuePriority,
  type IssueType,
} from '@cipherspace/tools/tracker';
import { useDraft } from '../../lib/draft.ts';
import { m } from '../../paraglide/messages.js';
import { defaultFormatValue, type SaveOutcome } from '../content/EditConflictPanel.tsx';
import { ChoiceField, FormModal, ModalFormFooter, useEntityForm } from '../content/modal-form.tsx';
import { AssigneePicker } from './AssigneePicker.tsx';
import { TagEditor } from './TagEditor.tsx';
import { issueTypeText, priorityText } from './tracker-messages.ts';
import './tracker.css';

/** What the form gives back; strings are as typed (the domain trims). */
export interface IssueFormValues {
  title: string;
  description: string;
  type: IssueType;
  priority: IssuePriority;
  estimation: string;
  assignedPerson: string;
  /** The tags as chosen (the domain trims them and drops repeats). */
  tags: string[];
  /** The due day `YYYY-MM-DD`; null: none (an edit to null clears it). */
  dueDate: string | null;
}

/**
 * The `addIssue` input of the form's values: the same fields, without a due date when none was
 * chosen.
 */
export function issueInputOf(values: IssueFormValues): IssueInput {
  const { dueDate, ...rest } = values;
  return dueDate === null || dueDate === '' ? rest : { ...rest, dueDate };
}

export interface IssueFormModalProps {
  open: boolean;
  mode: 'add' | 'edit';
  /** What the tool calls an item (spec §2): Kanban's cards, Issue Management's issues. */
  noun: 'card' | 'issue';
  /**
   * The id of what the dialog works on — the issue edited, or the phase an issue is added to —
   * naming its draft (lib/draft.ts) with the mode and noun.
   */
  subject: string;
  /** Values to start from (edit: the issue's fields; an absent `dueDate` means none). */
  initial?: Partial<Omit<IssueFormValues, 'dueDate'>> & { dueDate?: string | null };
  /** settings.availableIssueTypes */
  issueTypes: readonly IssueType[];
  /** settings.defaultIssueType, used when `initial.type` is absent. */
  defaultType: IssueType;
  /**
   * The members the assignee field offers (the space's members, `useSpaceMembers`; one name per
   * member).
   */
  teamMembers: readonly string[];
  /** The board's tags, suggested while typing a tag. */
  tagSuggestions?: readonly string[];
  /** The board's tag colours (content `tagColors`), for the chosen tags' chips. */
  tagColors?: Readonly<Record<string, string>>;
  /**
   * Saves `values`; `base` is what the form takes to be stored (the opening values, then the
   * stored values of fields a conflict was settled for): an edit sends the fields that differ
   * from it. Resolves true to close the modal, false to keep it open with the input, or a
   * conflict to show beside it.
   */
  onSubmit: (values: IssueFormValues, base: IssueFormValues) => Promise<SaveOutcome>;
  onClose: () => void;
}

const FORM_TITLES = {
  card: { add: m.tracker_card_form_add_title, edit: m.tracker_card_form_edit_title },
  issue: { add: m.tracker_issue_form_add_title, edit: m.tracker_issue_form_edit_title },
} as const;

/** The Add/Edit issue modal; mount it with `open` and it starts from `initial` each time it opens. */
export function IssueFormModal(props: IssueFormModalProps) {
  const { open, mode, noun, onClose } = props;
  return (
    <FormModal open={open} onClose={onClose} title={FORM_TITLES[noun][mode]()}>
      <IssueForm {...props} />
    </FormModal>
  );
}

const ERROR_TEXT = {
  ISSUE_TITLE_REQUIRED: () => m.tracker_error_title_required(),
  ESTIMATION_TOO_LONG: () =>
    m.tracker_error_estimation_too_long({ maxChars: String(ESTIMATION_MAX_CHARS) }),
} as const;

const formValuesSchema = z.object({
  title: z.string(),
  description: z.string(),
  type: issueTypeSchema,
  priority: issuePrioritySchema,
  estimation: z.string(),
  assignedPerson: z.string(),
  tags: z.array(z.string()),
  dueDate: z.string().nullable(),
});
/** A kept draft of the form (../../lib/draft.ts): the input and what it is based on. */
const issueDraftSchema = z.object({ values: formValuesSchema, base: formValuesSchema });

function IssueForm({
  mode,
  noun,
  subject,
  initial,
  issueTypes,
  defaultType,
  teamMembers,
  tagSuggestions = [],
  tagColors,
  onSubmit,
  onClose,
}: IssueFormModalProps) {
  const id = useId();
  const toForm = (start: IssueFormModalProps['initial']): IssueFormValues => ({
    title: start?.title ?? '',
    description: start?.description ?? '',
    type: start?.type ?? defaultType,
    priority: start?.priority ?? 'none',
    estimation: start?.estimation ?? '',
    assignedPerson: start?.assignedPerson ?? '',
    tags: [...(start?.tags ?? [])],
    dueDate: start?.dueDate ?? null,
  });
  const form = useEntityForm({
    initial: toForm(initial),
    base: toForm(initial),
    toForm,
    validate: validateIssueForm,
    idPrefix: id,
    save: onSubmit,
    onClose,
  });
  const { values, set } = form;
  // Typed text survives an outage that signs the member out; offered again when this opens.
  useDraft(`${noun}:${mode}:${subject}`, { values, base: form.base }, issueDraftSchema, (draft) => {
    form.setValues(draft.values);
    form.setBase(draft.base);
  });
  const titleProblem = form.problemOf('title');
  const estimationProblem = form.problemOf('estimation');
  // An edited issue keeps a type the board no longer offers.
  const types = issueTypes.includes(values.type) ? issueTypes : [values.type, ...issueTypes];

  return (
    <form className="stack issue-form" noValidate onSubmit={form.handleSubmit}>
      <div className="field">
        <label htmlFor={`${id}-title`}>{m.tracker_issue_form_title_label()}</label>
        <input
          id={`${id}-title`}
          value={values.title}
          required
          autoFocus
          aria-invalid={titleProblem ? true : undefined}
          aria-describedby={titleProblem ? `${id}-title-error` : undefined}
          onChange={(event) => set('title', event.target.value)}
        />
        {titleProblem ? (
          <p id={`${id}-title-error`} className="field-error" role="alert">
            {ERROR_TEXT[titleProblem.code]()}
          </p>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor={`${id}-description`}>{m.tracker_issue_form_description_label()}</label>
        <textarea
          id={`${id}-description`}
          rows={4}
          value={values.description}
          onChange={(event) => set('description', event.target.value)}
        />
      </div>
      <div className="issue-form-row">
        <ChoiceField
          id={`${id}-type`}
          label={m.tracker_issue_form_type_label()}
          value={values.type}
          choices={types}
          choiceText={issueTypeText}
          onChange={(type) => set('type', type)}
        />
        <ChoiceField
          id={`${id}-priority`}
          label={m.tracker_issue_form_priority_label()}
          value={values.priority}
          choices={ISSUE_PRIORITIES}
          choiceText={priorityText}
          onChange={(priority) => set('priority', priority)}
        />
      </div>
      <div className="issue-form-row">
        <div className="field">
          <label htmlFor={`${id}-estimation`}>{m.tracker_issue_form_estimation_label()}</label>
          <input
            id={`${id}-estimation`}
            value={values.estimation}
            list={`${id}-estimation-hints`}
            maxLength={ESTIMATION_MAX_CHARS}
            aria-invalid={estimationProblem ? true : undefined}
            aria-describedby={`${id}-estimation-hint`}
            onChange={(event) => set('estimation', event.target.value)}
          />
          <datalist id={`${id}-estimation-hints`}>
            {ESTIMATION_HINTS.map((hint) => (
              <option key={hint} value={hint} />
            ))}
          </datalist>
          <p id={`${id}-estimation-hint`} className="field-hint">
            {m.tracker_issue_form_estimation_hint()}
          </p>
          {estimationProblem ? (
            <p className="field-error" role="alert">
              {ERROR_TEXT[estimationProblem.code]()}
            </p>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor={`${id}-assignee`}>{m.tracker_issue_form_assignee_label()}</label>
          <AssigneePicker
            id={`${id}-assignee`}
            value={values.assignedPerson}
            members={teamMembers}
            onChange={(assignedPerson) => set('assignedPerson', assignedPerson)}
          />
        </div>
      </div>
      <div className="issue-form-row">
        <div className="field">
          <label htmlFor={`${id}-due`}>{m.tracker_issue_form_due_label()}</label>
          <div className="tracker-due-input">
            <input
              id={`${id}-due`}
              type="date"
              value={values.dueDate ?? ''}
              onChange={(event) =>
                set('dueDate', event.target.value === '' ? null : event.target.value)
              }
            />
            {values.dueDate !== null ? (
              <button
                type="button"
                className="button button-small"
                onClick={() => set('dueDate', null)}
              >
                {m.tracker_issue_form_due_clear()}
              </button>
            ) : null}
          </div>
        </div>
        <TagEditor
          id={`${id}-tags`}
          value={values.tags}
          suggestions={tagSuggestions}
          tagColors={tagColors}
          onChange={(tags) => set('tags', tags)}
        />
      </div>
      <ModalFormFooter
        form={form}
        fieldLabel={issueFieldLabel}
        formatValue={formatIssueValue}
        submitLabel={mode === 'add' ? m.tracker_issue_form_add() : m.tracker_issue_form_save()}
        savingLabel={m.tracker_issue_form_saving()}
      />
    </form>
  );
}

/** The translated label of an issue field of the form, or a comment's text (a conflict names it). */
export function issueFieldLabel(field: string): string {
  switch (field) {
    case 'title':
      return m.tracker_issue_form_title_label();
    case 'description':
      return m.tracker_issue_form_description_label();
    case 'type':
      return m.tracker_issue_form_type_label();
    case 'priority':
      return m.tracker_issue_form_priority_label();
    case 'estimation':
      return m.tracker_issue_form_estimation_label();
    case 'assignedPerson':
      return m.tracker_issue_form_assignee_label();
    case 'tags':
      return m.tracker_tags_label();
    case 'dueDate':
      return m.tracker_issue_form_due_label();
    // A comment's text (an offline comment edit that met another one).
    case 'content':
      return m.tracker_comment_edit_field();
    default:
      return field;
  }
}

/** An issue field's value as the board shows it (translated type and priority). */
export function formatIssueValue(field: string, value: unknown): string {
  if (field === 'type' && typeof value === 'string') return issueTypeText(value as IssueType);
  if (field === 'priority' && typeof value === 'string')
    return priorityText(value as IssuePriority);
  if (field === 'tags' && Array.isArray(value)) return value.join(', ');
  return defaultFormatValue(field, value);
}
