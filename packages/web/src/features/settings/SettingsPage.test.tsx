/**
 * /space/settings before its content shows (spec §8 Settings): the stored space key, and the
 * space as the server has it. The server is a stubbed `/trpc` (superjson batch answers); the
 * flows against the real server are in e2e/dashboard-settings.spec.ts.
 */
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';

import { Providers } from '../../app/providers.tsx';
import { applyLanguage } from '../../lib/i18n.ts';
import { stubTrpcServer } from '../../lib/trpc-stub.ts';
import { parseSpaceInfo, spaceKeyProblem } from './SettingsPage.tsx';
import SettingsPage from './SettingsPage.tsx';

const SPACE = {
  name: 'Team A',
  force_user_passwords: false,
  allow_self_registration: true,
  created_at: '2025-01-01T00:00:00.000Z',
};
const KEY = 'Corr3ct-Horse!Battery';

function signIn(
  options: {
    role?: 'admin' | 'member';
    key?: boolean;
    credentials?: unknown;
    stored?: object;
  } = {},
) {
  const space = { ...SPACE, ...options.stored };
  localStorage.setItem('token', 'tok');
  localStorage.setItem('currentSpace', JSON.stringify(space));
  localStorage.setItem(
    'currentUser',
    JSON.stringify({ id: 'u1', username: 'alice', role: options.role ?? 'admin' }),
  );
  if (options.key !== false) localStorage.setItem(`space_key_${SPACE.name}`, KEY);
  const credentials =
    options.credentials === undefined
      ? { spaceName: SPACE.name, spaceKey: KEY, username: 'alice' }
      : options.credentials;
  if (credentials !== null)
    localStorage.setItem('cipherspace_content_credentials', JSON.stringify(credentials));
}

function renderSettings() {
  const router = createMemoryRouter(
    [
      { path: '/space/settings', element: <SettingsPage /> },
      { path: '/space/login', element: <p>Login screen</p> },
      { path: '/dashboard', element: <p>Dashboard screen</p> },
    ],
    { initialEntries: ['/space/settings'] },
  );
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

const USERS = { 'users.list': { data: { users: [] } } };

afterEach(() => {
  vi.unstubAllGlobals();
  applyLanguage('en');
});

describe('spaceKeyProblem', () => {
  it('needs the space key and content credentials with the same key for this space', () => {
    expect(spaceKeyProblem('Team A')).toBe('not_initialized');
    localStorage.setItem('space_key_Team A', KEY);
    expect(spaceKeyProblem('Team A')).toBe('retrieve_failed');
    const credentials = (value: object) =>
      localStorage.setItem('cipherspace_content_credentials', JSON.stringify(value));
    credentials({ spaceName: 'Team B', spaceKey: KEY, username: 'alice' });
    expect(spaceKeyProblem('Team A')).toBe('retrieve_failed');
    credentials({ spaceName: 'Team A', spaceKey: 'other', username: 'alice' });
    expect(spaceKeyProblem('Team A')).toBe('retrieve_failed');
    credentials({ spaceName: 'Team A', spaceKey: KEY, username: 'alice' });
    expect(spaceKeyProblem('Team A')).toBeNull();
  });
});

describe('parseSpaceInfo', () => {
  it('accepts this space with both settings and a date (Date or ISO string)', () => {
    expect(parseSpaceInfo(SPACE, 'Team A')).toEqual(SPACE);
    expect(parseSpaceInfo({ ...SPACE, created_at: new Date(SPACE.created_at) }, 'Team A')).toEqual(
      SPACE,
    );
  });

  it.each([
    ['null', null],
    ['a string', 'Team A'],
    ['another space', { ...SPACE, name: 'Team B' }],
    ['a missing setting', { ...SPACE, force_user_passwords: undefined }],
    ['a setting of the wrong type', { ...SPACE, allow_self_registration: 'yes' }],
    ['an invalid date', { ...SPACE, created_at: 'soon' }],
  ])('refuses %s', (_label, info) => {
    expect(parseSpaceInfo(info, 'Team A')).toBeNull();
  });
});

describe('/space/settings (spec §8 Settings)', () => {
  it('shows the configuration as the server has it and refreshes the stored space', async () => {
    const called = stubTrpcServer({
      'spaces.byName': { data: { ...SPACE, force_user_passwords: true } },
      ...USERS,
    });
    signIn();
    renderSettings();
    expect(await screen.findByLabelText('Force users to have passwords')).toBeChecked();
    expect(screen.getByLabelText('Allow self registration')).toBeChecked();
    expect(called).toContain('spaces.byName');
    expect(JSON.parse(localStorage.getItem('currentSpace') ?? 'null')).toMatchObject({
      force_user_passwords: true,
    });
  });

  it("without the space key: 'Content service not initialized', then the login after 2 s", async () => {
    const called = stubTrpcServer({});
    signIn({ key: false });
    const router = renderSettings();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Content service not initialized. Please log in again',
    );
    expect(await screen.findByText('Login screen', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/space/login');
    expect(called).toEqual([]);
  });

  it('when the space key cannot be retrieved: the spec text, then the login after 2 s', async () => {
    const called = stubTrpcServer({});
    signIn({ credentials: null });
    const router = renderSettings();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Failed to retrieve space key. Please log in again.',
    );
    expect(router.state.location.pathname).toBe('/space/settings');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(router.state.location.pathname).toBe('/space/settings');
    expect(await screen.findByText('Login screen', {}, { timeout: 2000 })).toBeInTheDocument();
    expect(called).toEqual([]);
  });

  it('says so in German', () => {
    stubTrpcServer({});
    applyLanguage('de');
    signIn({ credentials: { spaceName: SPACE.name, spaceKey: 'another key', username: 'alice' } });
    renderSettings();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Der Space-Schlüssel konnte nicht abgerufen werden. Bitte melden Sie sich erneut an.',
    );
  });

  it("a failed space lookup: 'No space information found.'", async () => {
    stubTrpcServer({
      'spaces.byName': {
        error: { message: 'Space not found', code: 'NOT_FOUND', httpStatus: 404 },
      },
      ...USERS,
    });
    signIn();
    renderSettings();
    expect(
      await screen.findByText('No space information found.', {}, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Force users to have passwords')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to Dashboard/ })).toBeInTheDocument();
  });

  it("an answer that is not this space: 'Invalid space information.'", async () => {
    stubTrpcServer({ 'spaces.byName': { data: { ...SPACE, name: 'Team B' } }, ...USERS });
    signIn();
    renderSettings();
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid space information.');
    expect(screen.queryByLabelText('Force users to have passwords')).not.toBeInTheDocument();
  });

  it('the space texts in German', async () => {
    applyLanguage('de');
    stubTrpcServer({ 'spaces.byName': { data: { name: 'Team A' } }, ...USERS });
    signIn();
    renderSettings();
    expect(await screen.findByRole('alert')).toHaveTextContent('Ungültige Space-Informationen.');
  });

  it('asks the server again on the next visit instead of showing a cached answer', async () => {
    const called = stubTrpcServer({ 'spaces.byName': { data: SPACE }, ...USERS });
    signIn();
    const router = renderSettings();
    expect(await screen.findByLabelText('Force users to have passwords')).not.toBeChecked();
    stubTrpcServer({
      'spaces.byName': { data: { ...SPACE, force_user_passwords: true } },
      ...USERS,
    });
    await router.navigate('/dashboard');
    expect(await screen.findByText('Dashboard screen')).toBeInTheDocument();
    await router.navigate('/space/settings');
    expect(await screen.findByLabelText('Force users to have passwords')).toBeChecked();
    expect(called.filter((path) => path === 'spaces.byName')).toHaveLength(1);
  });

  it('a member is refused without asking the server', () => {
    const called = stubTrpcServer({});
    signIn({ role: 'member' });
    renderSettings();
    expect(screen.getByRole('heading', { name: 'Admins only' })).toBeInTheDocument();
    expect(called).toEqual([]);
  });
});
