/**
 * The signed-in user's name, editable in place (spec §4 Username edit): a button (click,
 * Enter or Space) opens a field that accepts only letters and digits; Enter or the check
 * button saves, Escape or the X button cancels; an unchanged or empty name cancels without a
 * call. The caller performs the rename and reports failures; either way the view returns
 * showing the current name (so a refused name is replaced by the old one).
 */
import { Check, Pencil, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';

import { m } from '../../paraglide/messages.js';
import {
  filterUsername,
  isAllowedUsernameKey,
  resolveUsernameEdit,
  USERNAME_MAX_CHARS,
} from './username-edit.ts';

type Mode = 'view' | 'editing' | 'saving';

export function UsernameEditor({
  username,
  onRename,
}: {
  /** The current name. */
  username: string;
  /** Saves a changed name; resolves when done (successful or not). */
  onRename: (username: string) => Promise<void>;
}) {
  const [mode, setMode] = useState<Mode>('view');
  const [draft, setDraft] = useState(username);
  const inputRef = useRef<HTMLInputElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const inputId = useId();
  const hintId = useId();

  useEffect(() => {
    if (mode === 'editing') {
      inputRef.current?.focus();
      inputRef.current?.select();
    } else if (mode === 'view' && returnFocus.current) {
      returnFocus.current = false;
      buttonRef.current?.focus();
    }
  }, [mode]);

  function startEditing() {
    setDraft(username);
    setMode('editing');
  }

  function cancel() {
    returnFocus.current = true;
    setMode('view');
  }

  async function save() {
    const result = resolveUsernameEdit(username, draft);
    if (result.kind === 'cancel') {
      cancel();
      return;
    }
    setMode('saving');
    try {
      await onRename(result.username);
    } finally {
      returnFocus.current = true;
      setMode('view');
    }
  }

  if (mode === 'view') {
    return (
      <button
        ref={buttonRef}
        type="button"
        className="username-button"
        aria-label={m.dashboard_username_edit({ username })}
        onClick={startEditing}
      >
        <span className="username-text">{username}</span>
        <Pencil size={16} aria-hidden="true" />
      </button>
    );
  }

  const saving = mode === 'saving';
  return (
    <span className="username-edit">
      <label htmlFor={inputId}>{m.dashboard_username_field()}</label>
      <input
        ref={inputRef}
        id={inputId}
        type="text"
        value={draft}
        maxLength={USERNAME_MAX_CHARS}
        autoComplete="username"
        spellCheck={false}
        readOnly={saving}
        aria-busy={saving}
        aria-describedby={hintId}
        onChange={(event) => setDraft(filterUsername(event.target.value))}
        onKeyDown={(event) => {
          if (saving) return;
          if (event.key === 'Enter') {
            event.preventDefault();
            void save();
          } else if (event.key === 'Escape') {
            event.preventDefault();
            event.stopPropagation();
            cancel();
          } else if (
            !isAllowedUsernameKey({
              key: event.key,
              ctrlKey: event.ctrlKey,
              metaKey: event.metaKey,
              altKey: event.altKey,
              isComposing: event.nativeEvent.isComposing,
            })
          ) {
            event.preventDefault();
          }
        }}
      />
      <button
        type="button"
        className="button icon-button"
        aria-label={m.dashboard_username_save()}
        disabled={saving}
        onClick={() => void save()}
      >
        <Check aria-hidden="true" />
      </button>
      <button
        type="button"
        className="button icon-button"
        aria-label={m.dashboard_username_cancel()}
        disabled={saving}
        onClick={cancel}
      >
        <X aria-hidden="true" />
      </button>
      <span id={hintId} className="field-hint">
        {saving ? m.dashboard_username_saving() : m.dashboard_username_hint()}
      </span>
    </span>
  );
}
