/**
 * The quick-access name prompt (spec §4 Quick access: "A name is prompted for; no name
 * cancels"). Enter submits; Escape, Cancel or an empty name cancel. Mounted only while the
 * prompt is open, so every prompt starts empty.
 *
 * A click outside the prompt does not close it: the second click of a double click on the
 * quick-access button lands on the backdrop, and must be ignored rather than cancel (spec §4
 * "a second click ... is ignored").
 */
import { useState, type KeyboardEvent } from 'react';

import { Modal } from '../../components/Modal.tsx';
import { StatusMessage } from '../../components/StatusMessage.tsx';
import { m } from '../../paraglide/messages.js';
import { QUICK_USERNAME_MAX_CHARS } from './quick-space.ts';

const INPUT_ID = 'quick-access-name';
const HINT_ID = 'quick-access-name-hint';

export function QuickAccessDialog(props: {
  /** Why the last submitted name was refused, if it was. */
  nameError: 'invalid' | 'too-long' | null;
  /** Cancel or Escape. */
  onCancel: () => void;
  /** The typed name, as typed (Enter or Continue). */
  onSubmit: (name: string) => void;
}) {
  const [name, setName] = useState('');
  const error =
    props.nameError === 'invalid'
      ? m.quick_name_invalid()
      : props.nameError === 'too-long'
        ? m.quick_name_too_long({ max: String(QUICK_USERNAME_MAX_CHARS) })
        : null;

  // React events bubble out of the dialog's portal to this wrapper, wherever focus is inside it.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') props.onCancel();
  };

  return (
    <div onKeyDown={onKeyDown}>
      <Modal
        open
        // Escape is handled above and Cancel below; the only other way the dialog asks to
        // close is a click outside, which is ignored (see the module comment).
        onOpenChange={() => undefined}
        title={m.quick_dialog_title()}
        description={m.quick_dialog_description()}
      >
        <form
          className="stack"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            props.onSubmit(name);
          }}
        >
          <div className="field">
            <label htmlFor={INPUT_ID}>{m.quick_name_label()}</label>
            <input
              id={INPUT_ID}
              name="username"
              autoComplete="username"
              maxLength={QUICK_USERNAME_MAX_CHARS}
              value={name}
              aria-invalid={error !== null}
              aria-describedby={HINT_ID}
              onChange={(event) => setName(event.target.value)}
            />
            <p id={HINT_ID} className="field-hint">
              {m.quick_name_hint()}
            </p>
          </div>
          <StatusMessage kind="error">{error}</StatusMessage>
          <div className="dialog-actions">
            <button type="button" className="button" onClick={props.onCancel}>
              {m.common_cancel()}
            </button>
            <button type="submit" className="button button-primary">
              {m.quick_continue()}
            </button>
          </div>
        </form>
      </Modal>
    </div>
  );
}
