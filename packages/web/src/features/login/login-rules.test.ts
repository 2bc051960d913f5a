import { SPACE_KEY_SPECIAL_CHARS } from '@cipherspace/crypto';
import { afterEach, describe, expect, it } from 'vitest';

import { applyLanguage } from '../../lib/i18n.ts';
import { lastUsername, rememberedUsername, saveLogin } from '../../lib/session.ts';
import { SpaceAccessError } from '../../lib/space-access.ts';
import {
  addressWithoutSpaceKey,
  effectivePassword,
  initialMode,
  initialUsername,
  knownUsername,
  LOGIN_LINK_PARAMS,
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
  type LoginForm,
  type SpaceInfo,
} from './login-rules.ts';

const space = (overrides: Partial<SpaceInfo> = {}): SpaceInfo => ({
  name: 'Team A',
  force_user_passwords: false,
  allow_self_registration: true,
  is_first_user_registration: false,
  ...overrides,
});

afterEach(() => applyLanguage('en'));

describe('entry parameters (spec §2 /space/login)', () => {
  it('reads every query parameter', () => {
    expect(
      parseLoginParams(
        '?spaceName=Team%20A&spaceKey=k%2By%26z&username=ann&firstUser=true&connectionLost=true',
        '',
        null,
      ),
    ).toEqual({
      spaceName: 'Team A',
      spaceKey: 'k+y&z',
      username: 'ann',
      firstUser: true,
      connectionLost: true,
      keyFromLink: true,
    });
  });

  it('reads the key from the #spaceKey= fragment, which wins over the query', () => {
    const params = parseLoginParams(
      '?spaceName=Team+A&firstUser=true',
      '#spaceKey=aB3%24x%2By+z',
      null,
    );
    expect(params.spaceKey).toBe('aB3$x+y z');
    expect(params.spaceName).toBe('Team A');
    expect(params.keyFromLink).toBe(true);
    expect(parseLoginParams('?spaceKey=query', '#spaceKey=fragment', null).spaceKey).toBe(
      'fragment',
    );
  });

  it('decodes every key character, whether the link was built with encodeURIComponent or URLSearchParams', () => {
    const key = `aB3 ${SPACE_KEY_SPECIAL_CHARS}é`;
    const viaComponent = `#spaceKey=${encodeURIComponent(key)}`;
    const viaParams = `#${new URLSearchParams({ spaceKey: key }).toString()}`;
    expect(parseLoginParams('?spaceName=A', viaComponent, null).spaceKey).toBe(key);
    expect(parseLoginParams('?spaceName=A', viaParams, null).spaceKey).toBe(key);
    expect(parseLoginParams(`?spaceKey=${encodeURIComponent(key)}`, '', null).spaceKey).toBe(key);
  });

  it('without parameters everything is empty and off', () => {
    expect(parseLoginParams('', '', null)).toEqual({
      spaceName: '',
      spaceKey: '',
      username: '',
      firstUser: false,
      connectionLost: false,
      keyFromLink: false,
    });
    expect(parseLoginParams('?firstUser=1&connectionLost=yes', '', null)).toMatchObject({
      firstUser: false,
      connectionLost: false,
    });
  });

  it('uses the stored connection-loss prefill; the query wins over it', () => {
    const prefill = parseLoginPrefill({ connectionLost: true, spaceName: 'Lost', username: 'bob' });
    expect(parseLoginParams('', '', prefill)).toMatchObject({
      spaceName: 'Lost',
      username: 'bob',
      connectionLost: true,
      spaceKey: '',
    });
    expect(parseLoginParams('?spaceName=Other&username=eve', '', prefill)).toMatchObject({
      spaceName: 'Other',
      username: 'eve',
      connectionLost: true,
    });
  });

  it('reads a stored prefill leniently and ignores anything that is not an object', () => {
    expect(parseLoginPrefill(null)).toBeNull();
    expect(parseLoginPrefill('x')).toBeNull();
    expect(parseLoginPrefill({})).toEqual({ connectionLost: false, spaceName: '', username: '' });
    expect(parseLoginPrefill({ connectionLost: 'true', spaceName: 3 })).toEqual({
      connectionLost: true,
      spaceName: '',
      username: '',
    });
  });
});

describe('removing a link with a space key from the address bar', () => {
  it('drops spaceKey and spaceName (and the rest of the link) from the query, keeps other parameters', () => {
    expect(
      addressWithoutSpaceKey('/space/login', '?spaceName=Team+A&spaceKey=secret&username=x', ''),
    ).toBe('/space/login');
    expect(addressWithoutSpaceKey('/space/login', '?spaceKey=secret', '')).toBe('/space/login');
    expect(
      addressWithoutSpaceKey('/space/login', '?utm=mail&spaceName=A&spaceKey=secret', '#top'),
    ).toBe('/space/login?utm=mail#top');
  });

  it("drops the key from the fragment together with the query's space name; an emptied fragment disappears", () => {
    expect(
      addressWithoutSpaceKey('/space/login', '?spaceName=A&firstUser=true', '#spaceKey=secret'),
    ).toBe('/space/login');
    expect(addressWithoutSpaceKey('/space/login', '', '#spaceName=A&spaceKey=s')).toBe(
      '/space/login',
    );
    expect(addressWithoutSpaceKey('/login', '', '#spaceKey=s&x=1')).toBe('/login#x=1');
  });

  it('never leaves any of the link parameters behind', () => {
    const clean = addressWithoutSpaceKey(
      '/space/login',
      '?spaceName=A&spaceKey=k1&username=u&firstUser=true&connectionLost=true',
      '#spaceKey=k2&spaceName=A',
    );
    expect(clean).toBe('/space/login');
    for (const name of LOGIN_LINK_PARAMS) expect(clean).not.toContain(name);
  });

  it('returns null when there is no key, so a link without one stays as it is', () => {
    expect(addressWithoutSpaceKey('/space/login', '?spaceName=A', '#top')).toBeNull();
    expect(
      addressWithoutSpaceKey('/login', '?connectionLost=true&spaceName=A&username=ann', ''),
    ).toBeNull();
  });
});

describe('mode and notes (spec §2, §4, §6)', () => {
  it('opens in register mode for firstUser=true, else in login mode', () => {
    expect(initialMode({ firstUser: true })).toBe('register');
    expect(initialMode({ firstUser: false })).toBe('login');
  });

  it('hides the password until the space info is loaded, then labels it required/optional', () => {
    expect(passwordField(null)).toBe('hidden');
    expect(passwordField(space({ force_user_passwords: true }))).toBe('required');
    expect(passwordField(space({ force_user_passwords: false }))).toBe('optional');
  });

  it('shows the first-user note in register mode for the first registration only', () => {
    const first = space({ is_first_user_registration: true, allow_self_registration: false });
    expect(showFirstUserNote('register', first)).toBe(true);
    expect(showFirstUserNote('login', first)).toBe(false);
    expect(showFirstUserNote('register', space())).toBe(false);
    expect(showFirstUserNote('register', null)).toBe(false);
  });

  it('blocks registration when self registration is off and it is not the first user', () => {
    const closed = space({ allow_self_registration: false });
    expect(registrationBlocked('register', closed)).toBe(true);
    expect(registrationBlocked('login', closed)).toBe(false);
    expect(registrationBlocked('register', { ...closed, is_first_user_registration: true })).toBe(
      false,
    );
    expect(registrationBlocked('register', space({ allow_self_registration: true }))).toBe(false);
    expect(registrationBlocked('register', null)).toBe(false);
  });
});

describe('validation (spec §5 Login/register)', () => {
  const form = (overrides: Partial<LoginForm> = {}): LoginForm => ({
    mode: 'login',
    spaceName: 'Team A',
    spaceKey: 'secret-key',
    username: 'ann',
    password: '',
    confirmPassword: '',
    ...overrides,
  });
  const codeOf = (value: LoginForm, info: SpaceInfo | null = space()) =>
    validateLoginForm(value, info)?.code ?? null;

  it('requires space name, space key and username, in that order', () => {
    expect(codeOf(form({ spaceName: ' ', spaceKey: '', username: '' }))).toBe(
      'space_name_required',
    );
    expect(codeOf(form({ spaceKey: '', username: '' }))).toBe('space_key_required');
    expect(codeOf(form({ username: '   ' }))).toBe('username_required');
    // A new name must not pass for another; a login takes any name taken before.
    expect(codeOf(form({ mode: 'register', username: 'a\u200bnn' }))).toBe('username_invisible');
    expect(codeOf(form({ mode: 'register', username: 'аnn' }))).toBe('username_mixed_scripts');
    expect(validateLoginForm(form({ mode: 'register', username: 'аnn' }), space())).toEqual({
      code: 'username_mixed_scripts',
      field: 'username',
      message:
        'Username must be written in one script, not mixed (for example Latin with Cyrillic letters)',
    });
    expect(codeOf(form({ username: 'a\u200bnn' }))).toBeNull();
    expect(codeOf(form({ mode: 'register', username: 'Jürgen 🚀' }))).toBeNull();
    expect(validateLoginForm(form({ username: '' }), space())).toEqual({
      code: 'username_required',
      field: 'username',
      message: 'Username is required',
    });
  });

  it('requires a password only when the space forces passwords', () => {
    expect(codeOf(form())).toBeNull();
    expect(codeOf(form(), space({ force_user_passwords: true }))).toBe('password_required');
    expect(codeOf(form({ mode: 'register' }), space({ force_user_passwords: true }))).toBe(
      'password_required',
    );
  });

  it('any entered password needs at least 5 characters', () => {
    const tooShort = validateLoginForm(form({ password: 'abcd' }), space());
    expect(tooShort).toEqual({
      code: 'password_too_short',
      field: 'password',
      message: 'Password must be at least 5 characters long',
    });
    expect(codeOf(form({ password: 'abcde' }))).toBeNull();
    expect(codeOf(form({ password: 'abcd' }), space({ force_user_passwords: true }))).toBe(
      'password_too_short',
    );
  });

  it('in register mode an entered password needs a matching confirmation', () => {
    const register = (password: string, confirmPassword: string) =>
      validateLoginForm(form({ mode: 'register', password, confirmPassword }), space());
    expect(register('abcde', '')?.code).toBe('confirm_required');
    expect(register('abcde', 'abcdf')).toEqual({
      code: 'passwords_mismatch',
      field: 'confirmPassword',
      message: 'Passwords do not match',
    });
    expect(register('abcde', 'abcde')).toBeNull();
    expect(register('', '')).toBeNull();
    // Login mode has no confirmation.
    expect(codeOf(form({ password: 'abcde', confirmPassword: 'other' }))).toBeNull();
  });

  it('ignores a password typed into a field that is hidden again (no space info)', () => {
    expect(codeOf(form({ password: 'ab' }), null)).toBeNull();
    expect(effectivePassword(form({ password: 'abcdef' }), null)).toBe('');
    expect(effectivePassword(form({ password: 'abcdef' }), space())).toBe('abcdef');
  });
});

describe('auto-login (spec §4)', () => {
  const ready = {
    spaceName: 'Team A',
    spaceKey: 'secret-key',
    username: 'ann',
    mode: 'login' as const,
    info: space(),
    alreadyAttempted: false,
  };

  it('logs in when name, key and a username are present and passwords are not forced', () => {
    expect(shouldAutoLogin(ready)).toBe(true);
  });

  it.each([
    ['no space name', { spaceName: '' }],
    ['no space key', { spaceKey: '' }],
    ['no username', { username: '' }],
    ['passwords forced', { info: space({ force_user_passwords: true }) }],
    ['space info not loaded', { info: null }],
    ['info of another space', { info: space({ name: 'Team B' }) }],
    ['already attempted', { alreadyAttempted: true }],
    ['register mode', { mode: 'register' as const }],
    ['nobody registered yet', { info: space({ is_first_user_registration: true }) }],
  ])('not with %s', (_, overrides) => {
    expect(shouldAutoLogin({ ...ready, ...overrides })).toBe(false);
  });

  it('knows the username given in the link, else the one remembered for the space', () => {
    const remembered = (name: string) => (name === 'Team A' ? 'remembered' : null);
    expect(knownUsername({ spaceName: 'Team A', username: 'given' }, remembered)).toBe('given');
    expect(knownUsername({ spaceName: 'Team A', username: '' }, remembered)).toBe('remembered');
    expect(knownUsername({ spaceName: 'Team B', username: '' }, remembered)).toBe('');
    expect(knownUsername({ spaceName: '', username: '' }, () => 'x')).toBe('');
  });

  it('prefills the last username of any space, but that one is not known for auto-login', () => {
    const none = () => null;
    const last = () => 'ann';
    expect(initialUsername({ spaceName: 'Team B', username: '' }, none, last)).toBe('ann');
    expect(initialUsername({ spaceName: 'Team B', username: '' }, () => 'bob', last)).toBe('bob');
    expect(initialUsername({ spaceName: 'Team B', username: 'eve' }, none, last)).toBe('eve');
    expect(initialUsername({ spaceName: '', username: '' }, none, last)).toBe('');
    expect(knownUsername({ spaceName: 'Team B', username: '' }, none)).toBe('');
  });

  describe('with the browser storage the login screen reads (spec §3, §4)', () => {
    const entry = { spaceName: 'Team A', username: '' };
    const decide = () =>
      shouldAutoLogin({ ...ready, username: knownUsername(entry, rememberedUsername) });

    it('the last username of another space prefills the field but never logs in', () => {
      localStorage.setItem('last_username', 'ann');
      localStorage.setItem('username_Team B', 'ann');
      expect(rememberedUsername('Team A')).toBeNull();
      expect(initialUsername(entry, rememberedUsername, lastUsername)).toBe('ann');
      expect(decide()).toBe(false);
    });

    it('the username remembered for this space logs in', () => {
      localStorage.setItem('last_username', 'ann');
      localStorage.setItem('username_Team A', 'bob');
      expect(initialUsername(entry, rememberedUsername, lastUsername)).toBe('bob');
      expect(knownUsername(entry, rememberedUsername)).toBe('bob');
      expect(decide()).toBe(true);
    });

    it('a login stores both; only the space it was made in remembers it for auto-login', () => {
      saveLogin({
        token: 't',
        space: {
          name: 'Team B',
          force_user_passwords: false,
          allow_self_registration: true,
          created_at: '2025-01-01T00:00:00.000Z',
        },
        user: { id: 'u1', username: 'carol', role: 'member' },
        spaceKey: 'secret-key',
      });
      expect(lastUsername()).toBe('carol');
      expect(rememberedUsername('Team B')).toBe('carol');
      expect(rememberedUsername('Team A')).toBeNull();
      expect(decide()).toBe(false);
      expect(
        shouldAutoLogin({
          ...ready,
          spaceName: 'Team B',
          info: space({ name: 'Team B' }),
          username: knownUsername({ spaceName: 'Team B', username: '' }, rememberedUsername),
        }),
      ).toBe(true);
    });
  });
});

describe('failures and success (spec §8)', () => {
  it("a 401 'User not found' switches to register mode with its message", () => {
    expect(
      loginFailure(new SpaceAccessError('server', 'User not found', 'UNAUTHORIZED'), 'ann'),
    ).toEqual({
      kind: 'user-not-found',
      message:
        'The user "ann" does not exist in this space. Registration mode was selected automatically.',
    });
  });

  it("other login failures show the server's detail, else the generic message", () => {
    expect(
      loginFailure(
        new SpaceAccessError('server', 'Invalid space name or space key', 'UNAUTHORIZED'),
        'ann',
      ),
    ).toEqual({ kind: 'error', message: 'Invalid space name or space key' });
    expect(
      loginFailure(new SpaceAccessError('server', 'User not found', 'NOT_FOUND'), 'ann').kind,
    ).toBe('error');
    const generic = { kind: 'error', message: 'Login failed. Please check your credentials.' };
    expect(loginFailure(new SpaceAccessError('server', null, 'UNAUTHORIZED'), 'ann')).toEqual(
      generic,
    );
    expect(loginFailure(new SpaceAccessError('server', 'Failed to fetch', null), 'ann')).toEqual(
      generic,
    );
    expect(loginFailure(new Error('x'), 'ann')).toEqual(generic);
  });

  it('says that logging in needs the network when the server cannot be reached', () => {
    const offline = new SpaceAccessError('server', 'Failed to fetch', null, {
      cause: Object.assign(new Error('Failed to fetch'), {
        name: 'TRPCClientError',
        cause: new TypeError('Failed to fetch'),
      }),
    });
    expect(loginFailure(offline, 'ann')).toEqual({
      kind: 'error',
      message:
        'Logging in needs a connection to the server, and the server cannot be reached. Please check your network connection and try again.',
    });
    // An HTTP error answer is the server's word, not offline.
    const answered = new SpaceAccessError('server', 'Internal error', 'INTERNAL_SERVER_ERROR', {
      cause: Object.assign(new Error('Internal error'), {
        name: 'TRPCClientError',
        data: { code: 'INTERNAL_SERVER_ERROR' },
      }),
    });
    expect(loginFailure(answered, 'ann').message).not.toContain('connection to the server');
  });

  it('shows known server details in German in the German interface, unknown ones as sent', () => {
    applyLanguage('de');
    expect(
      loginFailure(
        new SpaceAccessError('server', 'Invalid space name or space key', 'UNAUTHORIZED'),
        'ann',
      ),
    ).toEqual({ kind: 'error', message: 'Ungültiger Space-Name oder Space-Schlüssel' });
    expect(
      loginFailure(new SpaceAccessError('server', 'User not found', 'UNAUTHORIZED'), 'ann').kind,
    ).toBe('user-not-found');
    expect(
      registrationFailureMessage(
        new SpaceAccessError(
          'server',
          'Self registration is disabled for this space. Ask an admin to add you.',
          'FORBIDDEN',
        ),
      ),
    ).toBe(
      'Die Selbstregistrierung ist für diesen Space deaktiviert. Bitten Sie einen Admin, Sie hinzuzufügen.',
    );
    expect(
      registrationFailureMessage(new SpaceAccessError('server', 'Something new', 'BAD_REQUEST')),
    ).toBe('Something new');
  });

  it('encryption failures show the browser-compatibility message', () => {
    const message = 'Failed to encrypt credentials. Please check your browser compatibility.';
    expect(loginFailure(new SpaceAccessError('encryption', null, null), 'ann')).toEqual({
      kind: 'error',
      message,
    });
    expect(registrationFailureMessage(new SpaceAccessError('encryption', null, null))).toBe(
      message,
    );
  });

  it("registration failures show the server's detail, else the generic message", () => {
    expect(
      registrationFailureMessage(
        new SpaceAccessError(
          'server',
          'Username already exists. Please choose a different username.',
          'CONFLICT',
        ),
      ),
    ).toBe('Username already exists. Please choose a different username.');
    expect(registrationFailureMessage(new SpaceAccessError('server', null, 'FORBIDDEN'))).toBe(
      'Registration failed. Please try again.',
    );
  });

  it('the registration success message names the role', () => {
    expect(registrationSuccessMessage('admin')).toBe(
      'Registration successful! You are registered as admin. Logging you in...',
    );
    expect(registrationSuccessMessage('member')).toContain('registered as member');
  });

  it('timings: login 1 s after registration, messages clear after 5 s (spec §9)', () => {
    expect(REGISTER_LOGIN_DELAY_MS).toBe(1000);
    expect(MESSAGE_CLEAR_MS).toBe(5000);
  });
});
