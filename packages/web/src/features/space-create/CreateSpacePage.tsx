/**
 * /space/create (spec §2, §4 Create-space form, §5, §8, §9): space name with a live hint, space
 * key with Generate, show/hide and a live checklist, the two access checkboxes, the
 * non-recoverable-key note and the inactivity warning. On success: a message, then after 2 s the
 * login screen in register mode with the key in the URL fragment.
 */
import { generateSpaceKey } from '@cipherspace/crypto';
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { useNavigate } from 'react-router';

import { StatusMessage } from '../../components/StatusMessage.tsx';
import { createSpace } from '../../lib/space-access.ts';
import { trpc } from '../../lib/trpc.ts';
import { m } from '../../paraglide/messages.js';
import { KeyChecklist } from './KeyChecklist.tsx';
import {
  canCreateSpace,
  CREATE_FORM_DEFAULTS,
  CREATE_REDIRECT_DELAY_MS,
  createFailureMessage,
  loginUrlAfterCreate,
  MESSAGE_CLEAR_MS,
  SPACE_NAME_INPUT_MAX_CHARS,
  spaceNameHint,
} from './create-rules.ts';

type Message = { kind: 'success'; text: string } | { kind: 'error'; text: string };

export default function CreateSpacePage() {
  const navigate = useNavigate();
  const client = trpc.useUtils().client;
  const id = useId();
  const [spaceName, setSpaceName] = useState('');
  const [spaceKey, setSpaceKey] = useState('');
  const [showKey, setShowKey] = useState(false);
  const [forceUserPasswords, setForceUserPasswords] = useState<boolean>(
    CREATE_FORM_DEFAULTS.forceUserPasswords,
  );
  const [allowSelfRegistration, setAllowSelfRegistration] = useState<boolean>(
    CREATE_FORM_DEFAULTS.allowSelfRegistration,
  );
  const [submitting, setSubmitting] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  const redirectTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  // Errors clear themselves after 5 s (spec §9); the success message stays until the redirect.
  useEffect(() => {
    if (message?.kind !== 'error') return;
    const timer = window.setTimeout(() => setMessage(null), MESSAGE_CLEAR_MS);
    return () => window.clearTimeout(timer);
  }, [message]);

  const nameHint = spaceNameHint(spaceName);
  const canSubmit = canCreateSpace({ spaceName, spaceKey, submitting });

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSubmit) return;
    setSubmitting(true);
    setMessage(null);
    try {
      await createSpace(client, {
        spaceName,
        spaceKey,
        forceUserPasswords,
        allowSelfRegistration,
      });
    } catch (error) {
      setSubmitting(false);
      setMessage({ kind: 'error', text: createFailureMessage(error) });
      return;
    }
    // Stay in the submitting state until the redirect, so the space cannot be created twice.
    setMessage({ kind: 'success', text: m.create_success() });
    redirectTimer.current = window.setTimeout(() => {
      void navigate(loginUrlAfterCreate(spaceName, spaceKey));
    }, CREATE_REDIRECT_DELAY_MS);
  }

  const nameId = `${id}-name`;
  const keyId = `${id}-key`;
  return (
    <div className="page narrow">
      <div className="card stack">
        <h1>{m.create_title()}</h1>
        <p>{m.create_intro()}</p>
        <form className="stack" noValidate onSubmit={(event) => void submit(event)}>
          <div className="field">
            <label htmlFor={nameId}>{m.create_space_name_label()}</label>
            <input
              id={nameId}
              name="spaceName"
              type="text"
              required
              maxLength={SPACE_NAME_INPUT_MAX_CHARS}
              autoComplete="off"
              value={spaceName}
              aria-invalid={spaceName !== '' && !nameHint.valid}
              aria-describedby={`${nameId}-hint`}
              onChange={(event) => setSpaceName(event.target.value)}
            />
            <span
              id={`${nameId}-hint`}
              className={nameHint.valid ? 'field-hint create-hint-valid' : 'field-hint'}
            >
              {nameHint.text}
            </span>
          </div>

          <div className="field">
            <label htmlFor={keyId}>{m.create_space_key_label()}</label>
            <div className="row create-key-row">
              <input
                id={keyId}
                name="spaceKey"
                type={showKey ? 'text' : 'password'}
                required
                autoComplete="off"
                autoCapitalize="off"
                spellCheck={false}
                value={spaceKey}
                aria-describedby={`${keyId}-requirements`}
                onChange={(event) => setSpaceKey(event.target.value)}
              />
              <button
                type="button"
                className="button"
                onClick={() => {
                  setSpaceKey(generateSpaceKey());
                  // A generated key must be seen to be stored; it cannot be recovered.
                  setShowKey(true);
                }}
              >
                {m.create_generate()}
              </button>
              <button
                type="button"
                className="button"
                aria-controls={keyId}
                onClick={() => setShowKey((shown) => !shown)}
              >
                {showKey ? m.create_hide_key() : m.create_show_key()}
              </button>
            </div>
            <KeyChecklist id={`${keyId}-requirements`} spaceKey={spaceKey} />
          </div>

          <fieldset className="stack create-settings">
            <legend>{m.create_settings_legend()}</legend>
            <label className="checkbox">
              <input
                type="checkbox"
                checked={forceUserPasswords}
                onChange={(event) => setForceUserPasswords(event.target.checked)}
              />
              {m.create_force_passwords()}
            </label>
            <label className="checkbox">
              <input
                type="checkbox"
                checked={allowSelfRegistration}
                onChange={(event) => setAllowSelfRegistration(event.target.checked)}
              />
              {m.create_allow_self_registration()}
            </label>
          </fieldset>

          <p className="status status-info">{m.create_key_note()}</p>
          <p className="status status-warning">{m.create_inactivity_warning()}</p>

          <StatusMessage kind={message?.kind ?? 'info'}>{message?.text}</StatusMessage>

          <div className="row">
            <button type="submit" className="button button-primary" disabled={!canSubmit}>
              {submitting ? m.create_submitting() : m.create_submit()}
            </button>
            <button type="button" className="button" onClick={() => void navigate('/')}>
              {m.common_cancel()}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
