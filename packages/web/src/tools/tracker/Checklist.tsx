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
import { Pencil, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';

import { m } from '../../paraglide/messages.js';
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
 * clears the field, `onUpdate` (with the values the change started `from`) closes an edit.
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
  ) => Promise<boolean>;
  onDelete: (itemId: string) => Promise<boolean>;
}) {
  const headingId = useId();
  const fieldId = useId();
  const [draft, setDraft] = useState('');
  const [adding, setAdding] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const items = checklist ?? [];
  const canAdd = draft.trim() !== '' && !adding;

  const add = async () => {
    if (!canAdd) return;
    setAdding(true);
    const saved = await onAdd(draft);
    if (!mounted.current) return;
    setAdding(false);
    if (saved) setDraft('');
    field.current?.focus();
  };

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
      <form
        className="tracker-checklist-add"
        onSubmit={(event) => {
          event.preventDefault();
          void add();
        }}
      >
        <label htmlFor={fieldId} className="visually-hidden">
          {m.tracker_checklist_new_label()}
        </label>
        <input
          ref={field}
          id={fieldId}
          type="text"
          value={draft}
          placeholder={m.tracker_checklist_new_placeholder()}
          onChange={(event) => setDraft(event.target.value)}
        />
        <button type="submit" className="button button-small" disabled={!canAdd}>
          {adding ? m.tracker_checklist_adding() : m.tracker_checklist_add()}
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
  onUpdate: (changes: ChecklistItemChanges, from: ChecklistItemChanges) => Promise<boolean>;
  onDelete: () => Promise<boolean>;
}) {
  const checkboxId = useId();
  const [editing, setEditing] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);

  const stopEditing = () => {
    setEditing(null);
    requestAnimationFrame(() => editButton.current?.focus());
  };

  const save = async () => {
    if (editing === null || saving) return;
    if (editing.trim() === item.text) {
      stopEditing();
      return;
    }
    setSaving(true);
    const saved = await onUpdate({ text: editing }, { text: item.text });
    setSaving(false);
    if (saved) stopEditing();
  };

  if (editing !== null)
    return (
      <li className="tracker-checklist-item is-editing">
        <form
          className="tracker-checklist-edit"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <input
            type="text"
            value={editing}
            aria-label={m.tracker_checklist_text_label({ text: item.text })}
            data-handles-escape="true"
            // The member asked to edit this item: the field takes the focus.
            autoFocus
            onChange={(event) => setEditing(event.target.value)}
            onKeyDown={(event) => {
              if (event.key !== 'Escape') return;
              event.preventDefault();
              stopEditing();
            }}
          />
          <button
            type="submit"
            className="button button-small button-primary"
            disabled={saving || editing.trim() === ''}
          >
            {saving ? m.tracker_saving() : m.tracker_save()}
          </button>
          <button type="button" className="button button-small" onClick={stopEditing}>
            {m.common_cancel()}
          </button>
        </form>
      </li>
    );

  return (
    <li className={`tracker-checklist-item${item.done ? ' is-done' : ''}`}>
      <input
        id={checkboxId}
        type="checkbox"
        checked={item.done}
        onChange={(event) => void onUpdate({ done: event.target.checked }, { done: item.done })}
      />
      <label htmlFor={checkboxId} className="tracker-checklist-text">
        {item.text}
      </label>
      <button
        ref={editButton}
        type="button"
        className="icon-button tracker-icon-button"
        aria-label={m.tracker_checklist_edit_label({ text: item.text })}
        title={m.tracker_comment_edit()}
        onClick={() => setEditing(item.text)}
      >
        <Pencil size={14} aria-hidden="true" />
      </button>
      <button
        type="button"
        className="icon-button tracker-icon-button"
        aria-label={m.tracker_checklist_delete_label({ text: item.text })}
        title={m.common_delete()}
        onClick={() => void onDelete()}
      >
        <Trash2 size={14} aria-hidden="true" />
      </button>
    </li>
  );
}
