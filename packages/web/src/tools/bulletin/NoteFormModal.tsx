/**
 * The note dialog of the Pinboard (spec §2 /tools/bulletin: colour picker, title (max length
 * 100), type, URL (when type is Link), content with a markdown toolbar (bold, italic, link, H2,
 * list), priority, tags, expiry date-time; "Enter submits unless in the textarea"; §5 Note
 * dialog: title required and at most 100, URL required for Link, tags split by comma). The form
 * keeps its own state, so a remote update of the board never resets what the user is typing; a
 * failed save keeps the dialog open with the input intact.
 */
import { Bold, Heading2, Italic, Link, List } from 'lucide-react';
import {
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { z } from 'zod';

import {
  applyMarkdownFormat,
  fromDateTimeLocal,
  MARKDOWN_FORMATS,
  NOTE_COLORS,
  POST_PRIORITIES,
  POST_TITLE_MAX_CHARS,
  POST_TYPES,
  validateNoteForm,
  type MarkdownFormat,
  noteFormValues,
  type NoteFormValues,
  type Post,
  type PostPriority,
  type PostType,
  type TextSelection,
} from '@cipherspace/tools/bulletin';
import { m } from '../../paraglide/messages.js';
import { defaultFormatValue, type SaveOutcome } from '../content/EditConflictPanel.tsx';
import { formatDate } from '../../lib/date-format.ts';
import { useDraft } from '../../lib/draft.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { ChoiceField, FormModal, ModalFormFooter, useEntityForm } from '../content/modal-form.tsx';
import {
  bulletinErrorText,
  noteColorText,
  postPriorityText,
  postTypeText,
} from './bulletin-messages.ts';

export interface NoteFormModalProps {
  open: boolean;
  mode: 'add' | 'edit';
  /** The values the form starts from (noteFormValues in the domain). */
  initial: NoteFormValues;
  /** The note as stored when the dialog opened (absent or null: a new note). */
  stored?: Post | null;
  /** The form values of a note (default: noteFormValues with the type of `initial`). */
  toForm?: (post: Post) => NoteFormValues;
  /** settings.allowPostExpiration: without it the expiry field is left out. */
  allowExpiration: boolean;
  /**
   * Saves `values`; `base` is the note as the form takes it to be stored (`stored`, then with
   * the stored values of fields a conflict was settled for). Resolves true to close the dialog,
   * false to keep it open with the input, or a conflict to show beside it.
   */
  onSubmit: (values: NoteFormValues, base: Post | null) => Promise<SaveOutcome>;
  onClose: () => void;
}

/** The Add/Edit note dialog; it starts from `initial` each time it opens. */
export function NoteFormModal(props: NoteFormModalProps) {
  const { open, mode, onClose } = props;
  return (
    <FormModal
      open={open}
      onClose={onClose}
      title={mode === 'add' ? m.bulletin_form_add_title() : m.bulletin_form_edit_title()}
    >
      <NoteForm {...props} />
    </FormModal>
  );
}

const TOOLBAR: Record<MarkdownFormat, { label: () => string; symbol: ReactNode; key?: string }> = {
  bold: { label: m.bulletin_toolbar_bold, symbol: <Bold size={16} />, key: 'b' },
  italic: { label: m.bulletin_toolbar_italic, symbol: <Italic size={16} />, key: 'i' },
  link: { label: m.bulletin_toolbar_link, symbol: <Link size={16} /> },
  heading: { label: m.bulletin_toolbar_heading, symbol: <Heading2 size={16} /> },
  list: { label: m.bulletin_toolbar_list, symbol: <List size={16} /> },
};

/** Elements where Enter does its own thing (new line, press the button, follow the link). */
function enterIsTheirs(target: EventTarget): boolean {
  return (
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLButtonElement ||
    target instanceof HTMLAnchorElement
  );
}

const noteValuesSchema = z.object({
  color: z.string(),
  title: z.string(),
  type: z.enum(POST_TYPES),
  url: z.string(),
  content: z.string(),
  priority: z.enum(POST_PRIORITIES),
  tags: z.string(),
  expiresAt: z.string(),
});
/** A kept draft of the dialog (../../lib/draft.ts): the input and what the dialog opened with. */
const noteDraftSchema = z.object({ values: noteValuesSchema, opened: noteValuesSchema });

function NoteForm({
  mode,
  initial,
  stored = null,
  toForm = (post) => noteFormValues(post, initial.type),
  allowExpiration,
  onSubmit,
  onClose,
}: NoteFormModalProps) {
  const id = useId();
  const form = useEntityForm({
    initial,
    base: stored,
    toForm,
    validate: validateNoteForm,
    idPrefix: id,
    save: onSubmit,
    onClose,
  });
  const { values, set } = form;
  const [expiryPassed, setExpiryPassed] = useState(false);
  // Typed text survives an outage that signs the member out; offered again when this opens: the
  // fields the member had changed, over what the dialog shows now.
  const draftKey = mode === 'edit' && stored ? `note:edit:${stored.id}` : 'note:add';
  useDraft(draftKey, { values, opened: initial }, noteDraftSchema, (draft) =>
    form.setValues((current) => {
      const next = { ...current };
      for (const field of Object.keys(next) as (keyof NoteFormValues)[]) {
        if (draft.values[field] !== draft.opened[field])
          Object.assign(next, { [field]: draft.values[field] });
      }
      return next;
    }),
  );
  const contentRef = useRef<HTMLTextAreaElement>(null);
  // The selection to restore in the textarea after a toolbar action re-rendered it.
  const selectionAfterFormat = useRef<TextSelection | null>(null);
  useLayoutEffect(() => {
    const selection = selectionAfterFormat.current;
    const textarea = contentRef.current;
    if (selection === null || textarea === null) return;
    selectionAfterFormat.current = null;
    textarea.focus();
    textarea.setSelectionRange(selection.start, selection.end);
  }, [values.content]);

  const titleProblem = form.problemOf('title');
  const urlProblem = form.problemOf('url');
  // Shown only where the edited note keeps an expiry although the board no longer offers it.
  const showExpiry = allowExpiration || values.expiresAt !== '';

  function format(kind: MarkdownFormat) {
    const textarea = contentRef.current;
    if (textarea === null) return;
    const result = applyMarkdownFormat(
      textarea.value,
      { start: textarea.selectionStart, end: textarea.selectionEnd },
      kind,
    );
    selectionAfterFormat.current = result.selection;
    set('content', result.text);
  }

  function handleFormKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    const inTextarea = event.target instanceof HTMLTextAreaElement;
    // Ctrl/Cmd+Enter submits from the textarea too; plain Enter there is a new line.
    if (inTextarea ? !(event.ctrlKey || event.metaKey) : enterIsTheirs(event.target)) return;
    if (!inTextarea && (event.shiftKey || event.altKey)) return;
    event.preventDefault();
    event.currentTarget.requestSubmit();
  }

  function handleContentKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
    const shortcut = MARKDOWN_FORMATS.find((kind) => TOOLBAR[kind].key === event.key.toLowerCase());
    if (shortcut === undefined) return;
    event.preventDefault();
    format(shortcut);
  }

  return (
    <form
      className="stack note-form"
      noValidate
      onSubmit={form.handleSubmit}
      onKeyDown={handleFormKeyDown}
    >
      <fieldset className="note-colors">
        <legend>{m.bulletin_form_color()}</legend>
        {NOTE_COLORS.map((choice) => (
          <label key={choice.name} className="note-color" title={noteColorText(choice.name)}>
            <input
              type="radio"
              className="visually-hidden"
              name={`${id}-color`}
              value={choice.hex}
              checked={values.color.toLowerCase() === choice.hex.toLowerCase()}
              onChange={() => set('color', choice.hex)}
            />
            <span className="note-color-swatch" style={{ backgroundColor: choice.hex }} />
            <span className="visually-hidden">{noteColorText(choice.name)}</span>
          </label>
        ))}
      </fieldset>

      <div className="field">
        <label htmlFor={`${id}-title`}>{m.bulletin_form_title()}</label>
        <input
          id={`${id}-title`}
          value={values.title}
          required
          autoFocus
          maxLength={POST_TITLE_MAX_CHARS}
          aria-invalid={titleProblem ? true : undefined}
          aria-describedby={`${id}-title-count${titleProblem ? ` ${id}-title-error` : ''}`}
          onChange={(event) => set('title', event.target.value)}
        />
        <p id={`${id}-title-count`} className="field-hint">
          {m.bulletin_form_title_count({
            count: String(values.title.length),
            max: String(POST_TITLE_MAX_CHARS),
          })}
        </p>
        {titleProblem ? (
          <p id={`${id}-title-error`} className="field-error" role="alert">
            {bulletinErrorText(titleProblem.code, titleProblem.params)}
          </p>
        ) : null}
      </div>

      <div className="note-form-row">
        <ChoiceField
          id={`${id}-type`}
          label={m.bulletin_form_type()}
          value={values.type}
          choices={POST_TYPES}
          choiceText={postTypeText}
          onChange={(type) => set('type', type)}
        />
        <ChoiceField
          id={`${id}-priority`}
          label={m.bulletin_form_priority()}
          value={values.priority}
          choices={POST_PRIORITIES}
          choiceText={postPriorityText}
          onChange={(priority) => set('priority', priority)}
        />
      </div>

      {values.type === 'Link' ? (
        <div className="field">
          <label htmlFor={`${id}-url`}>{m.bulletin_form_url()}</label>
          <input
            id={`${id}-url`}
            type="url"
            inputMode="url"
            value={values.url}
            required
            aria-invalid={urlProblem ? true : undefined}
            aria-describedby={`${id}-url-hint${urlProblem ? ` ${id}-url-error` : ''}`}
            onChange={(event) => set('url', event.target.value)}
          />
          <p id={`${id}-url-hint`} className="field-hint">
            {m.bulletin_form_url_hint()}
          </p>
          {urlProblem ? (
            <p id={`${id}-url-error`} className="field-error" role="alert">
              {bulletinErrorText(urlProblem.code, urlProblem.params)}
            </p>
          ) : null}
        </div>
      ) : null}

      <div className="field">
        <label htmlFor={`${id}-content`}>{m.bulletin_form_content()}</label>
        <div
          className="note-toolbar"
          role="group"
          aria-label={m.bulletin_form_toolbar()}
          aria-controls={`${id}-content`}
        >
          {MARKDOWN_FORMATS.map((kind) => (
            <button
              key={kind}
              type="button"
              className={`note-toolbar-button note-toolbar-${kind}`}
              aria-label={TOOLBAR[kind].label()}
              title={TOOLBAR[kind].label()}
              onClick={() => format(kind)}
            >
              <span aria-hidden="true">{TOOLBAR[kind].symbol}</span>
            </button>
          ))}
        </div>
        <textarea
          id={`${id}-content`}
          ref={contentRef}
          rows={6}
          value={values.content}
          aria-describedby={`${id}-content-hint`}
          onChange={(event) => set('content', event.target.value)}
          onKeyDown={handleContentKeyDown}
        />
        <p id={`${id}-content-hint`} className="field-hint">
          {m.bulletin_form_content_hint()}
        </p>
      </div>

      <div className="field">
        <label htmlFor={`${id}-tags`}>{m.bulletin_form_tags()}</label>
        <input
          id={`${id}-tags`}
          value={values.tags}
          autoComplete="off"
          aria-describedby={`${id}-tags-hint`}
          onChange={(event) => set('tags', event.target.value)}
        />
        <p id={`${id}-tags-hint`} className="field-hint">
          {m.bulletin_form_tags_hint()}
        </p>
      </div>

      {showExpiry ? (
        <div className="field">
          <label htmlFor={`${id}-expires`}>{m.bulletin_form_expires()}</label>
          <input
            id={`${id}-expires`}
            type="datetime-local"
            value={values.expiresAt}
            aria-describedby={`${id}-expires-hint`}
            onChange={(event) => {
              const value = event.target.value;
              const expires = fromDateTimeLocal(value);
              setExpiryPassed(expires !== null && Date.parse(expires) <= Date.now());
              set('expiresAt', value);
            }}
          />
          <p id={`${id}-expires-hint`} className="field-hint">
            {expiryPassed ? m.bulletin_form_expires_past() : m.bulletin_form_expires_hint()}
          </p>
        </div>
      ) : null}

      <ModalFormFooter
        form={form}
        fieldLabel={noteFieldLabel}
        formatValue={formatNoteValue}
        submitLabel={mode === 'add' ? m.bulletin_form_add() : m.bulletin_form_save()}
        savingLabel={m.bulletin_form_saving()}
      />
    </form>
  );
}

/** The translated label of a note field (a conflict names it). */
export function noteFieldLabel(field: string): string {
  const labels: Record<string, () => string> = {
    color: m.bulletin_form_color,
    title: m.bulletin_form_title,
    type: m.bulletin_form_type,
    url: m.bulletin_form_url,
    content: m.bulletin_form_content,
    priority: m.bulletin_form_priority,
    tags: m.bulletin_form_tags,
    expiresAt: m.bulletin_form_expires,
  };
  return Object.hasOwn(labels, field) ? (labels[field]?.() ?? field) : field;
}

/** A note field's value as the board shows it (translated type, priority and colour). */
export function formatNoteValue(field: string, value: unknown): string {
  if (typeof value === 'string') {
    if (field === 'type') return postTypeText(value as PostType);
    if (field === 'priority') return postPriorityText(value as PostPriority);
    if (field === 'expiresAt') return formatDate(value, currentLanguage(), 'dateTime');
    if (field === 'color') {
      const choice = NOTE_COLORS.find((color) => color.hex.toLowerCase() === value.toLowerCase());
      return choice ? noteColorText(choice.name) : value;
    }
  }
  return defaultFormatValue(field, value);
}
