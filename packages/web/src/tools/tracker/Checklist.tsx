/**
 * The checklist of an issue or card, shared by Kanban and Issue Management: heading with the
 * progress ('3/5', read out as 'Checklist: 3 of 5 done'), one checkbox per item (ticking it is
 * saved at once), inline editing of an item's text (Enter saves, Escape cancels), delete (undo
 * brings it back), and a field that adds an item (Enter). Every change is a tracker operation
 * run by the caller; see {@link ChecklistSection}.
 */
import {
  checklistProgress,
  type ChecklistItem,
  type ChecklistItemChanges,
} from '@cipherspace/tools/tracker';
import { useId, useRef } from 'react';

import { useContentChoice } from '../../lib/use-content-choice.ts';
import { EditConflictPanel, type SaveOutcome } from '../content/EditConflictPanel.tsx';
import { m } from '../../paraglide/messages.js';
import { EditDeleteButtons, InlineEditButtons, useAddText, useInlineEdit } from './inline-edit.tsx';
import './tracker-details.css';

/** The checklist progress 'done/total' with its spoken label; nothing without items. */
export function ChecklistProgress({
  checklist,
  className = 'tracker-checklist-progress',
}: {
  checklist: readonly ChecklistItem[] | undefined;
  className?: string;
}) {
  const progress = checklistProgress({ checklist: checklist ? [...checklist] : undefined });
  if (progress === null) return null;
  const complete = progress.done === progress.total;
  return (
    <span className={`${className}${complete ? ' is-complete' : ''}`}>
      <span aria-hidden="true">
        {progress.done}/{progress.total}
      </span>
      <span className="visually-hidden">
        {m.tracker_checklist_progress_label({ done: progress.done, total: progress.total })}
      </span>
    </span>
  );
}

/**
 * The checklist section. The callbacks resolve true when the change was saved: `onAdd` then
 * clears the field, `onUpdate` (with the values the change started `from`) closes an edit, or
 * resolves the conflict with a teammate's change to the same text, which the edit then shows.
 */
export function ChecklistSection({
  checklist,
  onAdd,
  onUpdate,
  onDelete,
}: {
  checklist: readonly ChecklistItem[] | undefined;
  onAdd: (text: string) => Promise<boolean>;
  onUpdate: (
    itemId: string,
    changes: ChecklistItemChanges,
    from: ChecklistItemChanges,
  ) => Promise<SaveOutcome>;
  onDelete: (itemId: string) => Promise<boolean>;
}) {
  const headingId = useId();
  const fieldId = useId();
  const field = useRef<HTMLInputElement>(null);
  const draft = useAddText(onAdd, () => field.current?.focus());
  const items = checklist ?? [];

  return (
    <section className="tracker-checklist" aria-labelledby={headingId}>
      <div className="tracker-section-header">
        <h3 id={headingId} className="tracker-section-title">
          {m.tracker_checklist_heading()}
        </h3>
        <ChecklistProgress checklist={items} />
      </div>
      {items.length === 0 ? (
        <p className="tracker-muted">{m.tracker_checklist_empty()}</p>
      ) : (
        <ul className="tracker-checklist-items" aria-labelledby={headingId}>
          {items.map((item) => (
            <ChecklistRow
              key={item.id}
              item={item}
              onUpdate={(changes, from) => onUpdate(item.id, changes, from)}
              onDelete={() => onDelete(item.id)}
            />
          ))}
        </ul>
      )}
      <form className="tracker-checklist-add" onSubmit={draft.handleSubmit}>
        <label htmlFor={fieldId} className="visually-hidden">
          {m.tracker_checklist_new_label()}
        </label>
        <input
          ref={field}
          id={fieldId}
          type="text"
          value={draft.text}
          placeholder={m.tracker_checklist_new_placeholder()}
          onChange={(event) => draft.setText(event.target.value)}
        />
        <button type="submit" className="button button-small" disabled={!draft.canAdd}>
          {draft.adding ? m.tracker_checklist_adding() : m.tracker_checklist_add()}
        </button>
      </form>
    </section>
  );
}

function ChecklistRow({
  item,
  onUpdate,
  onDelete,
}: {
  item: ChecklistItem;
  onUpdate: (changes: ChecklistItemChanges, from: ChecklistItemChanges) => Promise<SaveOutcome>;
  onDelete: () => Promise<boolean>;
}) {
  const checkboxId = useId();
  const [done, setDone] = useContentChoice(item.done, (next) =>
    onUpdate({ done: next }, { done: item.done }),
  );
  const editButton = useRef<HTMLButtonElement>(null);
  // The text edit goes from the text it began with: a teammate's rename meanwhile is a conflict.
  const edit = useInlineEdit(
    item.text,
    (text, from) => onUpdate({ text }, { text: from }),
    editButton,
  );

  if (edit.text !== null)
    return (
      <li className="tracker-checklist-item is-editing">
        <form className="tracker-checklist-edit" onSubmit={edit.handleSubmit}>
          <input
            type="text"
            value={edit.text}
            aria-label={m.tracker_checklist_text_label({ text: item.text })}
            data-handles-escape="true"
            // The member asked to edit this item: the field takes the focus.
            autoFocus
            onChange={(event) => edit.setText(event.target.value)}
            onKeyDown={edit.handleKeyDown}
          />
          <InlineEditButtons edit={edit} cancelWhileSaving />
          {edit.conflict ? (
            <EditConflictPanel
              conflict={edit.conflict}
              busy={edit.saving}
              fieldLabel={() => m.tracker_checklist_text_field()}
              onResolve={edit.resolveConflict}
            />
          ) : null}
        </form>
      </li>
    );

  return (
    <li className={`tracker-checklist-item${done ? ' is-done' : ''}`}>
      <input
        id={checkboxId}
        type="checkbox"
        checked={done}
        onChange={(event) => setDone(event.target.checked)}
      />
      <label htmlFor={checkboxId} className="tracker-checklist-text">
        {item.text}
      </label>
      <EditDeleteButtons
        editButton={editButton}
        editLabel={m.tracker_checklist_edit_label({ text: item.text })}
        deleteLabel={m.tracker_checklist_delete_label({ text: item.text })}
        onEdit={edit.start}
        onDelete={() => void onDelete()}
      />
    </li>
  );
}
