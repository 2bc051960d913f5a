/**
 * The panel an edit dialog shows when its save met a teammate's change to the same fields (spec
 * §4 version conflict; `EditConflictError` of `@cipherspace/tools`): each conflicting field with
 * the member's value and the stored one, and who stored it (the server's record), and a choice of
 * mine / theirs / both (both only where a three-way merge of the text succeeds). Nothing is
 * saved until the member has chosen for every field; the dialog keeps their input meanwhile.
 */
import { useId, useState } from 'react';

import { mergedValue, type ConflictChoice, type FieldConflict } from '@cipherspace/tools';
import { m } from '../../paraglide/messages.js';
import './edit-conflict.css';

/** A save that met a teammate's change: the conflicting fields and who made it (null: unknown). */
export interface EditConflict {
  conflicts: readonly FieldConflict[];
  by: string | null;
}

/** What a dialog's save resolves: saved (true), not saved with a message shown (false), or a conflict. */
export type SaveOutcome = boolean | EditConflict;

/** Whether a save outcome is a conflict to show. */
export function isConflictOutcome(outcome: SaveOutcome): outcome is EditConflict {
  return typeof outcome === 'object';
}

/** The member's choices, by field. */
export type ConflictChoices = Readonly<Record<string, ConflictChoice>>;

export interface EditConflictPanelProps {
  conflict: EditConflict;
  /** The translated label of a field ("Title", "Priority"…). */
  fieldLabel: (field: string) => string;
  /** How a value of a field reads (a translated priority, a tag list…); default: as text. */
  formatValue?: (field: string, value: unknown) => string;
  /** true while the resolved edit is being saved. */
  busy?: boolean;
  onResolve: (choices: ConflictChoices) => void;
}

/** The value of a field as text: lists joined with commas, nothing as an empty text. */
export function defaultFormatValue(_field: string, value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map(String).join(', ');
  if (typeof value === 'boolean') return value ? m.common_yes() : m.common_no();
  if (typeof value === 'string') return value;
  return typeof value === 'number' ? String(value) : JSON.stringify(value);
}

/** The values each field takes for the member's choices (the merged text for `both`). */
export function chosenValues(
  conflicts: readonly FieldConflict[],
  choices: ConflictChoices,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const conflict of conflicts) {
    const choice = choices[conflict.field] ?? 'mine';
    values[conflict.field] =
      choice === 'theirs'
        ? conflict.theirs
        : choice === 'both'
          ? (mergedValue(conflict) ?? conflict.mine)
          : conflict.mine;
  }
  return values;
}

/** See the module comment. */
export function EditConflictPanel({
  conflict,
  fieldLabel,
  formatValue = defaultFormatValue,
  busy = false,
  onResolve,
}: EditConflictPanelProps) {
  const id = useId();
  const [choices, setChoices] = useState<Record<string, ConflictChoice>>({});
  const complete = conflict.conflicts.every(({ field }) => choices[field] !== undefined);
  const theirsLabel =
    conflict.by === null
      ? m.tool_edit_conflict_theirs()
      : m.tool_edit_conflict_theirs_by({ name: conflict.by });
  const show = (field: string, value: unknown) => {
    const text = formatValue(field, value);
    return text === '' ? <em>{m.tool_edit_conflict_empty()}</em> : text;
  };

  return (
    <section className="edit-conflict" aria-labelledby={`${id}-heading`}>
      <p id={`${id}-heading`} className="edit-conflict-heading" role="alert">
        {conflict.by === null
          ? m.tool_edit_conflict_someone()
          : m.tool_edit_conflict_by({ name: conflict.by })}
      </p>
      {conflict.conflicts.map((item) => {
        const merged = mergedValue(item);
        const options: { choice: ConflictChoice; label: string; value: unknown }[] = [
          { choice: 'mine', label: m.tool_edit_conflict_mine(), value: item.mine },
          { choice: 'theirs', label: theirsLabel, value: item.theirs },
          ...(merged === null
            ? []
            : [{ choice: 'both' as const, label: m.tool_edit_conflict_both(), value: merged }]),
        ];
        return (
          <fieldset key={item.field} className="edit-conflict-field">
            <legend>{fieldLabel(item.field)}</legend>
            {options.map((option) => (
              <label key={option.choice} className="edit-conflict-option">
                <input
                  type="radio"
                  name={`${id}-${item.field}`}
                  value={option.choice}
                  checked={choices[item.field] === option.choice}
                  onChange={() => setChoices((now) => ({ ...now, [item.field]: option.choice }))}
                />
                <span className="edit-conflict-label">{option.label}</span>
                <span className="edit-conflict-value">{show(item.field, option.value)}</span>
              </label>
            ))}
          </fieldset>
        );
      })}
      <div className="dialog-actions">
        <button
          type="button"
          className="button button-primary"
          disabled={!complete || busy}
          onClick={() => onResolve(choices)}
        >
          {m.tool_edit_conflict_apply()}
        </button>
      </div>
    </section>
  );
}
