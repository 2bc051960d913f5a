/**
 * What the checklist and the comments share (Checklist.tsx, CommentsPanel.tsx): the field that
 * adds a text, the inline edit of a stored text with its Save/Cancel buttons (and the settling of
 * a conflict with a teammate's change of the same text), and the Edit/Delete icon buttons of an
 * entry. Both hooks keep the member's text until the caller says it was saved, and ignore a
 * result that comes back after unmount.
 */
import { Pencil, Trash2 } from 'lucide-react';
import {
  useEffect,
  useRef,
  useState,
  type ComponentProps,
  type KeyboardEvent,
  type RefObject,
  type SubmitEvent,
} from 'react';

import { m } from '../../paraglide/messages.js';
import {
  chosenValues,
  isConflictOutcome,
  type ConflictChoices,
  type EditConflict,
  type SaveOutcome,
} from '../content/EditConflictPanel.tsx';

/** True while the component is mounted, for callbacks that resume after a save. */
export function useMounted(): RefObject<boolean> {
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  return mounted;
}

/**
 * The text of an "add" field. `add()` sends a text that is not blank (after trimming) and not
 * already being added to `onAdd`, clears the field when that resolves true (false: the text
 * stays), then calls `afterAdd` (e.g. to focus the field again). `handleSubmit` is the form's
 * onSubmit, running `add`.
 */
export function useAddText(
  onAdd: (text: string) => Promise<boolean>,
  afterAdd?: () => void,
): {
  text: string;
  setText: (text: string) => void;
  adding: boolean;
  canAdd: boolean;
  add: () => Promise<void>;
  handleSubmit: (event: SubmitEvent<HTMLFormElement>) => void;
} {
  const [text, setText] = useState('');
  const [adding, setAdding] = useState(false);
  const mounted = useMounted();
  const canAdd = text.trim() !== '' && !adding;

  const add = async () => {
    if (!canAdd) return;
    setAdding(true);
    const saved = await onAdd(text);
    if (!mounted.current) return;
    setAdding(false);
    if (saved) setText('');
    afterAdd?.();
  };

  return {
    text,
    setText,
    adding,
    canAdd,
    add,
    handleSubmit(event) {
      event.preventDefault();
      void add();
    },
  };
}

/** An inline edit in progress or not; see {@link useInlineEdit}. */
export interface InlineEdit {
  text: string | null;
  setText: (text: string) => void;
  saving: boolean;
  /** A teammate's change of the same text met by the last save; null: none. */
  conflict: EditConflict | null;
  start: () => void;
  stop: () => void;
  save: () => Promise<void>;
  /** Saves again as the member chose in the conflict panel. */
  resolveConflict: (choices: ConflictChoices) => void;
  handleSubmit: (event: SubmitEvent<HTMLFormElement>) => void;
  handleKeyDown: (event: KeyboardEvent) => void;
}

/**
 * The inline edit of the text `stored`. `text` is the edited text (null: not editing; `start`
 * begins with `stored`, which is also the `from` the edit goes from). `save()` closes the edit
 * without a call when the trimmed text equals `stored` (as it is now), else sends it with its
 * `from` to `update` and closes when that resolves true (false: the edit stays open with the
 * text). An {@link EditConflict} (a teammate changed the text to another one meanwhile) stays
 * open as `conflict`, the member's text kept; `resolveConflict(choices)` takes their choice
 * (theirs or the merged text replace the text, mine keeps it), goes on from their text and
 * saves again. Closing (`stop`, or Escape through `handleKeyDown`) gives the focus back to
 * `editButton` (the button that starts the edit), on the next frame (once it is rendered again).
 */
export function useInlineEdit(
  stored: string,
  update: (text: string, from: string) => Promise<SaveOutcome>,
  editButton: RefObject<HTMLButtonElement | null>,
): InlineEdit {
  const [text, setText] = useState<string | null>(null);
  const [from, setFrom] = useState(stored);
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState<EditConflict | null>(null);
  const mounted = useMounted();

  const stop = () => {
    setText(null);
    setConflict(null);
    requestAnimationFrame(() => editButton.current?.focus());
  };

  const send = async (edited: string, base: string) => {
    if (edited.trim() === stored) {
      stop();
      return;
    }
    setSaving(true);
    setConflict(null);
    const outcome = await update(edited, base);
    if (!mounted.current) return;
    setSaving(false);
    if (isConflictOutcome(outcome)) setConflict(outcome);
    else if (outcome) stop();
  };

  const save = async () => {
    if (text === null || saving) return;
    await send(text, from);
  };

  return {
    text,
    setText,
    saving,
    conflict,
    start: () => {
      setText(stored);
      setFrom(stored);
      setConflict(null);
    },
    stop,
    save,
    resolveConflict(choices) {
      const [item] = conflict?.conflicts ?? [];
      if (text === null || saving || item === undefined) return;
      const chosen = chosenValues([item], choices)[item.field];
      const next = typeof chosen === 'string' ? chosen : text;
      const base = typeof item.theirs === 'string' ? item.theirs : from;
      setText(next);
      setFrom(base);
      void send(next, base);
    },
    handleSubmit(event) {
      event.preventDefault();
      void save();
    },
    handleKeyDown(event) {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      stop();
    },
  };
}

/**
 * Save (submits the edit's form; off while saving or while the text is blank; "Saving…" while
 * saving) and Cancel (closes the edit; off while saving unless `cancelWhileSaving`).
 */
export function InlineEditButtons({
  edit,
  cancelWhileSaving = false,
}: {
  edit: InlineEdit;
  cancelWhileSaving?: boolean;
}) {
  return (
    <>
      <button
        type="submit"
        className="button button-small button-primary"
        disabled={edit.saving || (edit.text ?? '').trim() === ''}
      >
        {edit.saving ? m.tracker_saving() : m.tracker_save()}
      </button>
      <button
        type="button"
        className="button button-small"
        disabled={!cancelWhileSaving && edit.saving}
        onClick={edit.stop}
      >
        {m.common_cancel()}
      </button>
    </>
  );
}

/**
 * The Edit and Delete icon buttons of an entry, named `editLabel` and `deleteLabel` (translated;
 * they name the entry). `editButton` is attached to Edit, where a closed edit gives the focus back.
 */
export function EditDeleteButtons({
  editButton,
  editLabel,
  deleteLabel,
  onEdit,
  onDelete,
}: {
  editButton: RefObject<HTMLButtonElement | null>;
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <>
      <IconButton
        ref={editButton}
        label={editLabel}
        title={m.tracker_comment_edit()}
        onClick={onEdit}
      >
        <Pencil size={14} aria-hidden="true" />
      </IconButton>
      <IconButton label={deleteLabel} title={m.common_delete()} onClick={onDelete}>
        <Trash2 size={14} aria-hidden="true" />
      </IconButton>
    </>
  );
}

/** An icon-only button of the tracker's details, named `label`. */
function IconButton({
  label,
  ...button
}: { label: string } & Pick<ComponentProps<'button'>, 'ref' | 'title' | 'onClick' | 'children'>) {
  return (
    <button
      {...button}
      type="button"
      className="icon-button tracker-icon-button"
      aria-label={label}
    />
  );
}
