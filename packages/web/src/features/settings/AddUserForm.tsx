/**
 * Add User (spec §2 /space/settings, §5 Add user, §8 Settings): username, password (required
 * when the space forces passwords, else optional; at least 5 characters) and role (member by
 * default). The password becomes a verifier in this browser, derived from the stored space key;
 * only the verifier is sent.
 */
import { useId, useRef, useState, type SubmitEvent } from 'react';

import { serverErrorMessage } from '../../lib/server-errors.ts';
import { getSpaceKey } from '../../lib/session.ts';
import { passwordVerifier } from '../../lib/space-access.ts';
import { trpc } from '../../lib/trpc.ts';
import type { FlashMessage } from '../../lib/use-flash-message.ts';
import { m } from '../../paraglide/messages.js';
import { validateNewUser, type NewUserProblem } from './settings-rules.ts';

/** The server's limit on usernames (characters). */
const USERNAME_MAX_CHARS = 50;

const PROBLEM_TEXT: Record<NewUserProblem, () => string> = {
  username_required: m.settings_username_required,
  username_invisible: m.server_error_username_invisible,
  username_mixed_scripts: m.server_error_username_mixed_scripts,
  password_required: m.settings_password_missing,
  password_too_short: m.settings_password_too_short,
};

export function AddUserForm({
  spaceName,
  forcePasswords,
  onMessage,
}: {
  spaceName: string;
  forcePasswords: boolean;
  onMessage: (kind: FlashMessage['kind'], text: string) => void;
}) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<'member' | 'admin'>('member');
  const [problem, setProblem] = useState<NewUserProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const utils = trpc.useUtils();
  const create = trpc.users.create.useMutation();
  const id = useId();

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const found = validateNewUser({ username, password }, forcePasswords);
    setProblem(found);
    if (found) {
      onMessage('error', PROBLEM_TEXT[found]());
      (found.startsWith('username') ? usernameRef : passwordRef).current?.focus();
      return;
    }
    const spaceKey = getSpaceKey(spaceName);
    if (!spaceKey) {
      onMessage('error', m.settings_key_unavailable());
      return;
    }
    setBusy(true);
    try {
      let verifier: string | undefined;
      if (password !== '') {
        try {
          verifier = await passwordVerifier(spaceKey, password);
        } catch {
          onMessage('error', m.settings_encrypt_failed());
          return;
        }
      }
      try {
        await create.mutateAsync({
          space_name: spaceName,
          username: username.trim(),
          role,
          ...(verifier ? { encrypted_password: verifier } : {}),
        });
      } catch (error) {
        onMessage('error', serverErrorMessage(error) ?? m.settings_add_failed());
        return;
      }
      setUsername('');
      setPassword('');
      setRole('member');
      onMessage('success', m.settings_user_added());
      await utils.users.list.invalidate({ space_name: spaceName });
    } finally {
      setBusy(false);
    }
  }

  const usernameInvalid = problem?.startsWith('username') ?? false;
  const passwordInvalid = problem === 'password_required' || problem === 'password_too_short';

  return (
    <form
      className="stack add-user-form"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <h3 id={`${id}-title`}>{m.settings_add_user_title()}</h3>
      <div className="add-user-fields">
        <div className="field">
          <label htmlFor={`${id}-username`}>{m.settings_username()}</label>
          <input
            ref={usernameRef}
            id={`${id}-username`}
            type="text"
            value={username}
            required
            maxLength={USERNAME_MAX_CHARS}
            autoComplete="off"
            aria-invalid={usernameInvalid}
            onChange={(event) => {
              setUsername(event.target.value);
              if (usernameInvalid) setProblem(null);
            }}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-password`}>
            {forcePasswords ? m.settings_password_required() : m.settings_password_optional()}
          </label>
          <input
            ref={passwordRef}
            id={`${id}-password`}
            type="password"
            value={password}
            required={forcePasswords}
            autoComplete="new-password"
            aria-invalid={passwordInvalid}
            aria-describedby={`${id}-password-hint`}
            onChange={(event) => {
              setPassword(event.target.value);
              if (passwordInvalid) setProblem(null);
            }}
          />
          <span id={`${id}-password-hint`} className="field-hint">
            {m.settings_password_hint()}
          </span>
        </div>
        <div className="field">
          <label htmlFor={`${id}-role`}>{m.settings_role()}</label>
          <select
            id={`${id}-role`}
            value={role}
            onChange={(event) => setRole(event.target.value === 'admin' ? 'admin' : 'member')}
          >
            <option value="member">{m.settings_role_member()}</option>
            <option value="admin">{m.settings_role_admin()}</option>
          </select>
        </div>
      </div>
      <div>
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? m.settings_adding_user() : m.settings_add_user()}
        </button>
      </div>
    </form>
  );
}
