/**
 * /space/login and /login (spec §2 /space/login, §4 Login screen, §5 Login/register, §6, §8):
 * log in to or register in a space. Reads the entry parameters (query, `#spaceKey=` fragment,
 * stored connection-loss prefill), removes the space key from the address bar at once, shows the
 * Space Information panel, validates, logs in automatically where §4 says so, and opens
 * /dashboard after a successful login.
 */
import { useMutation } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useId, useRef, useState, type SubmitEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';

import { StatusMessage, type StatusKind } from '../../components/StatusMessage.tsx';
import { draftReopenPath } from '../../lib/draft.ts';
import { isServerUnreachable } from '../../lib/network-failure.ts';
import { lastUsername, rememberedUsername } from '../../lib/session.ts';
import { logIn, registerUser, type Credentials } from '../../lib/space-access.ts';
import { readJson, STORAGE_KEYS } from '../../lib/storage.ts';
import { trpc } from '../../lib/trpc.ts';
import { m } from '../../paraglide/messages.js';
import { SpaceInfoPanel } from './SpaceInfoPanel.tsx';
import {
  addressWithoutSpaceKey,
  effectivePassword,
  initialMode,
  initialUsername,
  knownUsername,
  loginFailure,
  MESSAGE_CLEAR_MS,
  parseLoginParams,
  parseLoginPrefill,
  passwordField,
  REGISTER_LOGIN_DELAY_MS,
  registrationBlocked,
  registrationFailureMessage,
  registrationSuccessMessage,
  shouldAutoLogin,
  showFirstUserNote,
  validateLoginForm,
  type LoginField,
  type LoginMode,
  type SpaceInfo,
} from './login-rules.ts';

/** Pause after the last keystroke in the space name before its info is looked up. */
const SPACE_INFO_LOOKUP_DELAY_MS = 400;
/** Longest pause between two lookups while the server cannot be reached, in ms (1, 2, 4, 5, 5 …). */
const SPACE_INFO_RETRY_MAX_MS = 5_000;

interface Message {
  kind: StatusKind;
  text: string;
}

/** `value`, but only after it has stopped changing for `delayMs` (the first value at once). */
function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

export default function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const id = useId();
  const fieldId = (name: LoginField) => `${id}-${name}`;

  // What the screen was opened with; read once.
  const [entry] = useState(() =>
    parseLoginParams(
      location.search,
      location.hash,
      parseLoginPrefill(readJson<unknown>(STORAGE_KEYS.loginPrefillData)),
    ),
  );
  const [mode, setMode] = useState<LoginMode>(() => initialMode(entry));
  const [spaceName, setSpaceName] = useState(entry.spaceName);
  const [spaceKey, setSpaceKey] = useState(entry.spaceKey);
  // The username auto-login may use: given in the link or remembered for this space (spec §4).
  const [autoLoginUsername] = useState(() => knownUsername(entry, rememberedUsername));
  const [username, setUsername] = useState(() =>
    initialUsername(entry, rememberedUsername, lastUsername),
  );
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [showKey, setShowKey] = useState(false);
  const [message, setMessage] = useState<Message | null>(() =>
    entry.keyFromLink ? { kind: 'info', text: m.login_prefilled_from_link() } : null,
  );
  // Between a successful registration and the automatic login 1 s later (spec §4).
  const [registered, setRegistered] = useState(false);
  const autoLoginDecided = useRef(false);
  const loginTimer = useRef<number | undefined>(undefined);

  // The space key must not stay in the address bar (nor in history or bookmarks): a link with a
  // key loses it and the space name (and the rest of the link) from the query and the fragment at
  // once; the form keeps them. The prefill of a lost connection is used once.
  useEffect(() => {
    const clean = addressWithoutSpaceKey(location.pathname, location.search, location.hash);
    if (clean !== null) window.history.replaceState(window.history.state, '', clean);
    localStorage.removeItem(STORAGE_KEYS.loginPrefillData);
    // Only the address the screen was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => () => window.clearTimeout(loginTimer.current), []);

  // Messages clear themselves after 5 s (spec §9).
  useEffect(() => {
    if (!message) return;
    const timer = window.setTimeout(() => setMessage(null), MESSAGE_CLEAR_MS);
    return () => window.clearTimeout(timer);
  }, [message]);

  const lookupName = useDebouncedValue(spaceName, SPACE_INFO_LOOKUP_DELAY_MS);
  // While the server cannot be reached the lookup is repeated (with backoff) until it answers:
  // the page recovers by itself, and only the server's own answer can say 'Space not found'.
  const infoQuery = trpc.spaces.info.useQuery(
    { space_name: lookupName },
    {
      enabled: lookupName.trim() !== '',
      retry: (_failures, error) => isServerUnreachable(error),
      retryDelay: (failures) => Math.min(1000 * 2 ** failures, SPACE_INFO_RETRY_MAX_MS),
    },
  );
  const current = lookupName === spaceName && spaceName.trim() !== '';
  const info = current && infoQuery.data ? infoQuery.data : null;
  // 'paused': the browser is offline, and the lookup waits for the network to come back.
  const infoUnreachable =
    current &&
    !infoQuery.data &&
    (infoQuery.fetchStatus === 'paused' ||
      isServerUnreachable(infoQuery.failureReason ?? infoQuery.error));
  const infoFailed = current && infoQuery.isError && !infoUnreachable;
  const infoLoading = current && infoQuery.isFetching && !infoQuery.data && !infoUnreachable;

  const passwordMode = passwordField(info);
  const blocked = registrationBlocked(mode, info);

  const login = useMutation({
    mutationFn: ({ credentials }: { credentials: Credentials; automatic: boolean }) =>
      logIn(utils.client, credentials),
    onSuccess: (_session, { credentials }) => {
      setMessage({ kind: 'success', text: m.login_success() });
      // Signed out with a dialog's typed text: back to the page that opens it again.
      void navigate(draftReopenPath(credentials.spaceName) ?? '/dashboard');
    },
    onError: (error, { credentials }) => {
      const failure = loginFailure(error, credentials.username);
      if (failure.kind === 'user-not-found') {
        setMode('register');
        setMessage({ kind: 'warning', text: failure.message });
      } else {
        setMessage({ kind: 'error', text: failure.message });
      }
    },
  });

  const registration = useMutation({
    mutationFn: (credentials: Credentials) => registerUser(utils.client, credentials),
    onSuccess: (user, credentials) => {
      // Registered: from here on this is a login (which follows after 1 s), and the space info
      // no longer describes a first registration.
      void utils.spaces.info.invalidate();
      setMode('login');
      setRegistered(true);
      setMessage({ kind: 'success', text: registrationSuccessMessage(user.role) });
      loginTimer.current = window.setTimeout(() => {
        setRegistered(false);
        login.mutate({ credentials, automatic: false });
      }, REGISTER_LOGIN_DELAY_MS);
    },
    onError: (error) => setMessage({ kind: 'error', text: registrationFailureMessage(error) }),
  });

  const working: LoginMode | null =
    login.isPending || registered ? 'login' : registration.isPending ? 'register' : null;

  // Auto-login (spec §4) is decided once, when the first space info arrives.
  const decideAutoLogin = useEffectEvent((loaded: SpaceInfo) => {
    if (autoLoginDecided.current) return;
    autoLoginDecided.current = true;
    // Only the known username, and only while the field still holds it.
    const credentials = {
      spaceName: entry.spaceName,
      spaceKey: entry.spaceKey,
      username: username.trim() === autoLoginUsername.trim() ? autoLoginUsername.trim() : '',
    };
    if (shouldAutoLogin({ ...credentials, mode, info: loaded, alreadyAttempted: false }))
      login.mutate({ credentials, automatic: true });
  });
  useEffect(() => {
    if (info) decideAutoLogin(info);
  }, [info]);

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (working !== null || blocked) return;
    const form = { mode, spaceName, spaceKey, username, password, confirmPassword };
    const problem = validateLoginForm(form, info);
    if (problem) {
      setMessage({ kind: 'error', text: problem.message });
      document.getElementById(fieldId(problem.field))?.focus();
      return;
    }
    const credentials: Credentials = {
      spaceName,
      spaceKey,
      username: username.trim(),
      password: effectivePassword(form, info),
    };
    setMessage(null);
    if (mode === 'login') login.mutate({ credentials, automatic: false });
    else registration.mutate(credentials);
  }

  const autoLoginNote =
    login.isPending && login.variables.automatic
      ? m.login_auto_login({ username: login.variables.credentials.username })
      : null;
  const submitLabel =
    working === 'login'
      ? m.login_submitting_login()
      : working === 'register'
        ? m.login_submitting_register()
        : mode === 'login'
          ? m.login_submit_login()
          : m.login_submit_register();

  return (
    <div className="page narrow">
      <div className="card stack">
        <h1>{mode === 'login' ? m.login_title_login() : m.login_title_register()}</h1>

        {entry.connectionLost ? (
          <StatusMessage kind="warning">{m.login_connection_lost()}</StatusMessage>
        ) : null}

        <fieldset className="login-mode" disabled={working !== null}>
          <legend>{m.login_mode_legend()}</legend>
          {(['login', 'register'] as const).map((value) => (
            <label key={value} className="checkbox">
              <input
                type="radio"
                name={`${id}-mode`}
                value={value}
                checked={mode === value}
                onChange={() => setMode(value)}
              />
              {value === 'login' ? m.login_mode_login() : m.login_mode_register()}
            </label>
          ))}
        </fieldset>

        <form className="stack" noValidate onSubmit={submit}>
          <div className="field">
            <label htmlFor={fieldId('spaceName')}>{m.login_space_name_label()}</label>
            <input
              id={fieldId('spaceName')}
              name="spaceName"
              type="text"
              required
              maxLength={100}
              autoComplete="off"
              value={spaceName}
              onChange={(event) => setSpaceName(event.target.value)}
            />
          </div>

          <div className="field">
            <label htmlFor={fieldId('spaceKey')}>{m.login_space_key_label()}</label>
            <div className="row login-key-row">
              <input
                id={fieldId('spaceKey')}
                name="spaceKey"
                type={showKey ? 'text' : 'password'}
                required
                autoComplete="off"
                autoCapitalize="off"
                spellCheck={false}
                value={spaceKey}
                onChange={(event) => setSpaceKey(event.target.value)}
              />
              <button
                type="button"
                className="button"
                aria-controls={fieldId('spaceKey')}
                onClick={() => setShowKey((shown) => !shown)}
              >
                {showKey ? m.login_hide_key() : m.login_show_key()}
              </button>
            </div>
          </div>

          <SpaceInfoPanel
            info={info}
            loading={infoLoading}
            failed={infoFailed}
            unreachable={infoUnreachable}
          />

          <div className="field">
            <label htmlFor={fieldId('username')}>{m.login_username_label()}</label>
            <input
              id={fieldId('username')}
              name="username"
              type="text"
              required
              autoComplete="username"
              autoCapitalize="off"
              value={username}
              onChange={(event) => setUsername(event.target.value)}
            />
          </div>

          {passwordMode !== 'hidden' ? (
            <div className="field">
              <label htmlFor={fieldId('password')}>
                {passwordMode === 'required'
                  ? m.login_password_required_label()
                  : m.login_password_optional_label()}
              </label>
              <input
                id={fieldId('password')}
                name="password"
                type="password"
                required={passwordMode === 'required'}
                autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
            </div>
          ) : null}

          {passwordMode !== 'hidden' && mode === 'register' ? (
            <div className="field">
              <label htmlFor={fieldId('confirmPassword')}>{m.login_confirm_password_label()}</label>
              <input
                id={fieldId('confirmPassword')}
                name="confirmPassword"
                type="password"
                autoComplete="new-password"
                value={confirmPassword}
                onChange={(event) => setConfirmPassword(event.target.value)}
              />
            </div>
          ) : null}

          <StatusMessage kind="info">
            {showFirstUserNote(mode, info) ? m.login_first_user_note() : null}
          </StatusMessage>
          {blocked ? (
            <StatusMessage kind="error">{m.login_self_registration_disabled()}</StatusMessage>
          ) : null}
          <StatusMessage kind="info">{autoLoginNote}</StatusMessage>
          <StatusMessage kind={message?.kind ?? 'info'}>{message?.text}</StatusMessage>

          <button
            type="submit"
            className="button button-primary"
            disabled={working !== null || blocked}
          >
            {submitLabel}
          </button>
        </form>

        <p>
          {m.login_create_space_prompt()}{' '}
          <Link to="/space/create">{m.login_create_space_link()}</Link>
        </p>
      </div>
    </div>
  );
}
