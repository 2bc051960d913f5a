/**
 * Pure rules of the login screen (spec §2 /space/login, §4 Login screen, §5 Login/register, §6,
 * §8 login messages, §9 timings): reading the entry parameters, the mode, which notes show, form
 * validation, when to log in automatically, and which message a failure shows. No React.
 */
import { hasInvisibleCharacters, isSingleScript } from '@cipherspace/crypto';

import { serverError, serverErrorMessage } from '../../lib/server-errors.ts';
import { isNetworkFailure } from '../../lib/network-failure.ts';
import { SpaceAccessError } from '../../lib/space-access.ts';
import { m } from '../../paraglide/messages.js';

/** The two modes of the screen. */
export type LoginMode = 'login' | 'register';

/** `spaces.info` as the screen uses it (spec §3 Space info response). */
export interface SpaceInfo {
  name: string;
  force_user_passwords: boolean;
  allow_self_registration: boolean;
  is_first_user_registration: boolean;
}

/** Minimum password length in characters (spec §5, §9 Limits). */
export const PASSWORD_MIN_CHARS = 5;

/** Delay between the registration success message and the automatic login (spec §4, §9). */
export const REGISTER_LOGIN_DELAY_MS = 1000;

/** How long a status or error message stays before it clears itself (spec §9). */
export const MESSAGE_CLEAR_MS = 5000;

/** What the screen was opened with: query, fragment and the stored connection-loss prefill. */
export interface LoginParams {
  spaceName: string;
  spaceKey: string;
  username: string;
  /** `firstUser=true`: open in register mode (the redirect after creating a space). */
  firstUser: boolean;
  /** `connectionLost=true` or a stored prefill saying so: show the connection-lost warning. */
  connectionLost: boolean;
  /** The space key came with the link (query or fragment), not typed. */
  keyFromLink: boolean;
}

/** spec §3 `loginPrefillData`, written when the real-time connection is permanently lost. */
export interface LoginPrefill {
  connectionLost: boolean;
  spaceName: string;
  username: string;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * Reads a stored `loginPrefillData` value (already JSON-parsed; anything else → null). Missing
 * or mistyped members become `false` / `''`.
 */
export function parseLoginPrefill(value: unknown): LoginPrefill | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  return {
    connectionLost: record.connectionLost === true || record.connectionLost === 'true',
    spaceName: text(record.spaceName),
    username: text(record.username),
  };
}

function fragmentParams(hash: string): URLSearchParams {
  return new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
}

/**
 * The entry parameters (spec §2 /space/login): `search` (`?spaceName=&spaceKey=&username=
 * &firstUser=true&connectionLost=true`), `hash` (`#spaceKey=…`, how our share links and the
 * create redirect carry the key) and the stored connection-loss prefill. The fragment's key wins
 * over the query's; the query wins over the prefill.
 */
export function parseLoginParams(
  search: string,
  hash: string,
  prefill: LoginPrefill | null,
): LoginParams {
  const query = new URLSearchParams(search);
  const fragment = fragmentParams(hash);
  const spaceKey = fragment.get('spaceKey') ?? query.get('spaceKey') ?? '';
  return {
    spaceName: query.get('spaceName') ?? fragment.get('spaceName') ?? prefill?.spaceName ?? '',
    spaceKey,
    username: query.get('username') ?? prefill?.username ?? '',
    firstUser: query.get('firstUser') === 'true',
    connectionLost: query.get('connectionLost') === 'true' || prefill?.connectionLost === true,
    keyFromLink: spaceKey !== '',
  };
}

/** The query and fragment parameters a login link fills the form with (spec §2 /space/login). */
export const LOGIN_LINK_PARAMS = [
  'spaceName',
  'spaceKey',
  'username',
  'firstUser',
  'connectionLost',
] as const;

/**
 * The address to show instead of the current one when it carries a space key (a share link or
 * the redirect after creating a space): the link's parameters ({@link LOGIN_LINK_PARAMS}) removed
 * from the query and the fragment at once, so neither the key nor the space name it opens stays
 * in the address bar, history or bookmarks. The screen has read them into the form already; the
 * rest of the link (username, firstUser) goes too, because on its own it would reopen a
 * half-filled form (register mode or a username without its space). Other parameters stay; an
 * emptied query or fragment disappears. Null when there is no key, i.e. nothing secret to remove:
 * `/login?connectionLost=true&spaceName=…&username=…` (spec §2) stays as it is.
 */
export function addressWithoutSpaceKey(
  pathname: string,
  search: string,
  hash: string,
): string | null {
  const query = new URLSearchParams(search);
  const fragment = fragmentParams(hash);
  if (!query.has('spaceKey') && !fragment.has('spaceKey')) return null;
  const fragmentIsLink = LOGIN_LINK_PARAMS.some((name) => fragment.has(name));
  for (const name of LOGIN_LINK_PARAMS) {
    query.delete(name);
    fragment.delete(name);
  }
  const queryText = query.toString();
  // A fragment that is not part of the link (an anchor such as `#top`) stays untouched.
  const fragmentText = fragmentIsLink ? fragment.toString() : hash.replace(/^#/, '');
  return `${pathname}${queryText ? `?${queryText}` : ''}${fragmentText ? `#${fragmentText}` : ''}`;
}

/** The mode the screen opens in: register for `firstUser=true`, else login (spec §2). */
export function initialMode(params: Pick<LoginParams, 'firstUser'>): LoginMode {
  return params.firstUser ? 'register' : 'login';
}

/**
 * How the password field shows: hidden until the space info is loaded (and when the lookup
 * failed), then labelled required or optional by `force_user_passwords` (spec §2).
 */
export function passwordField(info: SpaceInfo | null): 'hidden' | 'required' | 'optional' {
  if (!info) return 'hidden';
  return info.force_user_passwords ? 'required' : 'optional';
}

/** The first-user note shows in register mode when the next registration is the first (spec §4). */
export function showFirstUserNote(mode: LoginMode, info: SpaceInfo | null): boolean {
  return mode === 'register' && info?.is_first_user_registration === true;
}

/**
 * Registration is refused (notice shown, submit disabled) in register mode when the space does
 * not allow self registration and this is not the first user (spec §4, §6).
 */
export function registrationBlocked(mode: LoginMode, info: SpaceInfo | null): boolean {
  return (
    mode === 'register' &&
    info !== null &&
    !info.is_first_user_registration &&
    !info.allow_self_registration
  );
}

/** The values of the form as typed. */
export interface LoginForm {
  mode: LoginMode;
  spaceName: string;
  spaceKey: string;
  username: string;
  password: string;
  confirmPassword: string;
}

/** Which field a validation error belongs to (the screen focuses it). */
export type LoginField = 'spaceName' | 'spaceKey' | 'username' | 'password' | 'confirmPassword';

export type LoginValidationCode =
  | 'space_name_required'
  | 'space_key_required'
  | 'username_required'
  | 'username_invisible'
  | 'username_mixed_scripts'
  | 'password_required'
  | 'password_too_short'
  | 'confirm_required'
  | 'passwords_mismatch';

export interface LoginValidationError {
  code: LoginValidationCode;
  field: LoginField;
  message: string;
}

function validationError(code: LoginValidationCode, field: LoginField): LoginValidationError {
  const messages: Record<LoginValidationCode, () => string> = {
    space_name_required: m.login_error_space_name_required,
    space_key_required: m.login_error_space_key_required,
    username_required: m.login_error_username_required,
    username_invisible: m.server_error_username_invisible,
    username_mixed_scripts: m.server_error_username_mixed_scripts,
    password_required: m.login_error_password_required,
    password_too_short: m.login_error_password_too_short,
    confirm_required: m.login_error_confirm_required,
    passwords_mismatch: m.login_error_passwords_mismatch,
  };
  return { code, field, message: messages[code]() };
}

/**
 * The password the form submits: only what is typed in a visible field (the fields show once the
 * space info is loaded); '' means none.
 */
export function effectivePassword(form: LoginForm, info: SpaceInfo | null): string {
  return passwordField(info) === 'hidden' ? '' : form.password;
}

/**
 * Validates the form (spec §5 Login/register), returning the first problem or null: space name,
 * space key and username required (blank counts as missing); in register mode no invisible
 * characters and letters of one script in the username; password required when the space forces
 * passwords; any entered password at least 5 characters; in register mode a confirmation is
 * required when a password is entered and must equal it.
 */
export function validateLoginForm(
  form: LoginForm,
  info: SpaceInfo | null,
): LoginValidationError | null {
  if (form.spaceName.trim() === '') return validationError('space_name_required', 'spaceName');
  if (form.spaceKey === '') return validationError('space_key_required', 'spaceKey');
  if (form.username.trim() === '') return validationError('username_required', 'username');
  // A new name must not pass for another; logging in takes any name taken before.
  if (form.mode === 'register') {
    if (hasInvisibleCharacters(form.username))
      return validationError('username_invisible', 'username');
    if (!isSingleScript(form.username))
      return validationError('username_mixed_scripts', 'username');
  }
  const password = effectivePassword(form, info);
  if (password === '') {
    if (info?.force_user_passwords === true)
      return validationError('password_required', 'password');
    return null;
  }
  if (Array.from(password).length < PASSWORD_MIN_CHARS)
    return validationError('password_too_short', 'password');
  if (form.mode === 'register') {
    if (form.confirmPassword === '') return validationError('confirm_required', 'confirmPassword');
    if (form.confirmPassword !== password)
      return validationError('passwords_mismatch', 'confirmPassword');
  }
  return null;
}

/**
 * Whether to log in automatically once the space info of the entry link is loaded (spec §4):
 * space name and key present, a username known (given or remembered for the space), and the
 * space does not force passwords; only once, and never in register mode or for a space without
 * users (where there is nobody to log in as).
 */
export function shouldAutoLogin(state: {
  spaceName: string;
  spaceKey: string;
  /** The {@link knownUsername} (never the last username of another space). */
  username: string;
  mode: LoginMode;
  info: SpaceInfo | null;
  alreadyAttempted: boolean;
}): boolean {
  const { info } = state;
  return (
    !state.alreadyAttempted &&
    state.mode === 'login' &&
    state.spaceName.trim() !== '' &&
    state.spaceKey !== '' &&
    state.username.trim() !== '' &&
    info !== null &&
    info.name === state.spaceName &&
    !info.force_user_passwords &&
    !info.is_first_user_registration
  );
}

/**
 * The username known for auto-login (spec §4 "a username is known (given or remembered for the
 * space)"): the one given in the link, else the one remembered for *this* space
 * (`username_{space}`); '' when neither. The last username used in any space never counts here.
 */
export function knownUsername(
  params: Pick<LoginParams, 'spaceName' | 'username'>,
  rememberedForSpace: (spaceName: string) => string | null,
): string {
  if (params.username !== '') return params.username;
  if (params.spaceName === '') return '';
  return rememberedForSpace(params.spaceName) ?? '';
}

/**
 * The username the field starts with: the {@link knownUsername}, else (with a space name) the
 * last username used in any space, as a convenience that only prefills the field and never logs
 * in by itself.
 */
export function initialUsername(
  params: Pick<LoginParams, 'spaceName' | 'username'>,
  rememberedForSpace: (spaceName: string) => string | null,
  lastUsed: () => string | null,
): string {
  const known = knownUsername(params, rememberedForSpace);
  if (known !== '' || params.spaceName === '') return known;
  return lastUsed() ?? '';
}

/** What a failed login does (spec §8). */
export type LoginFailure =
  { kind: 'user-not-found'; message: string } | { kind: 'error'; message: string };

/**
 * Maps a failed login to the §8 behaviour: 401 'User not found' → switch to register mode with the
 * user-not-found warning; encryption failure → the browser-compatibility message; other failures →
 * the server's detail (in the interface language, see lib/server-errors.ts), else 'Login failed.
 * Please check your credentials.'. A login that could not reach the server at all (offline: no HTTP
 * answer) says that logging in needs the network.
 */
export function loginFailure(error: unknown, username: string): LoginFailure {
  if (error instanceof SpaceAccessError && error.kind === 'encryption')
    return { kind: 'error', message: m.login_encrypt_failed() };
  if (isNetworkFailure(error)) return { kind: 'error', message: m.login_offline() };
  const server = serverError(error);
  if (server?.code === 'UNAUTHORIZED' && server.reason === 'userNotFound')
    return { kind: 'user-not-found', message: m.login_user_not_found({ username }) };
  return { kind: 'error', message: server?.message ?? m.login_failed() };
}

/**
 * The §8 message of a failed registration: encryption failure → the browser-compatibility
 * message; else the server's detail (in the interface language), else 'Registration failed.
 * Please try again.'.
 */
export function registrationFailureMessage(error: unknown): string {
  if (error instanceof SpaceAccessError && error.kind === 'encryption')
    return m.login_encrypt_failed();
  return serverErrorMessage(error) ?? m.login_register_failed();
}

/** The registration success message naming the new user's role (spec §4). */
export function registrationSuccessMessage(role: 'admin' | 'member'): string {
  return m.login_register_success({
    role: role === 'admin' ? m.login_role_admin() : m.login_role_member(),
  });
}
