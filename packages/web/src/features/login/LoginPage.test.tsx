/**
 * The login screen without a server: entry parameters, modes, validation and the lookup failure;
 * then auto-login and server details against a stubbed `/trpc` answer (the real flows against the
 * real server are covered in e2e/create-and-login).
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { applyLanguage } from '../../lib/i18n.ts';
import { stubTrpcServer, type StubReply } from '../../lib/trpc-stub.ts';
import { renderWithApp } from '../../testing/render.tsx';
import LoginPage from './LoginPage.tsx';
import type { SpaceInfo } from './login-rules.ts';

const renderAt = (path: string) => {
  // The browser's address as the link opened it (the memory router does not set it).
  window.history.replaceState(null, '', path);
  renderWithApp(<LoginPage />, path);
  return userEvent.setup();
};

describe('/space/login without a server', () => {
  it('prefills a share link and removes the space name and key from the address bar at once', async () => {
    renderAt('/space/login?spaceName=Team%20A&spaceKey=s3cr%2Bt%26key&username=ann');
    expect(screen.getByLabelText('Space name')).toHaveValue('Team A');
    expect(screen.getByLabelText('Space key')).toHaveValue('s3cr+t&key');
    expect(screen.getByLabelText('Username')).toHaveValue('ann');
    expect(
      screen.getByText('The space name and space key were filled in from your link.'),
    ).toBeInTheDocument();
    expect(window.location.pathname).toBe('/space/login');
    expect(window.location.search).toBe('');
    expect(window.location.hash).toBe('');
    expect(window.location.href).not.toContain('s3cr');
    expect(window.location.href).not.toContain('Team');
    // No server answers: that is said as such (never 'Space not found'), the password field
    // stays hidden and the lookup is retried.
    expect(
      await screen.findByText(
        'The server cannot be reached right now. Trying again automatically…',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Space not found')).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();
  });

  it('takes the key from the #spaceKey= fragment and opens register mode for firstUser=true', () => {
    renderAt('/space/login?spaceName=Team%20A&firstUser=true#spaceKey=aB3%24x%2By');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Register in a Space');
    expect(screen.getByRole('radio', { name: 'Register' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Register' })).toBeEnabled();
    expect(screen.getByLabelText('Space key')).toHaveValue('aB3$x+y');
    expect(window.location.hash).toBe('');
    expect(window.location.search).toBe('');
    expect(screen.getByLabelText('Space name')).toHaveValue('Team A');
  });

  it('leaves an address without a key as it is (the connection-lost target of spec §2)', () => {
    renderAt('/login?connectionLost=true&spaceName=Team%20B&username=bob');
    expect(window.location.pathname).toBe('/login');
    expect(window.location.search).toBe('?connectionLost=true&spaceName=Team%20B&username=bob');
  });

  it('switches between login and register mode', async () => {
    const user = renderAt('/space/login');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Access Your Space');
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Register' }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Register in a Space');
    expect(screen.getByRole('button', { name: 'Register' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Login' }));
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it('validates before sending anything and focuses the field in question', async () => {
    const user = renderAt('/space/login');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Space name is required');
    expect(screen.getByLabelText('Space name')).toHaveFocus();

    await user.type(screen.getByLabelText('Space name'), 'Team A');
    await user.type(screen.getByLabelText('Space key'), 'key{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Username is required');
    expect(screen.getByLabelText('Username')).toHaveFocus();
  });

  it('shows the connection-lost warning with the stored prefill, and uses the prefill once', () => {
    localStorage.setItem(
      'loginPrefillData',
      JSON.stringify({ connectionLost: true, spaceName: 'Team A', username: 'ann' }),
    );
    renderAt('/login');
    expect(
      screen.getByText('Connection to server was lost. Please log in again.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Space name')).toHaveValue('Team A');
    expect(screen.getByLabelText('Username')).toHaveValue('ann');
    expect(localStorage.getItem('loginPrefillData')).toBeNull();
  });

  it('shows the warning for /login?connectionLost=true with name and username', () => {
    renderAt('/login?connectionLost=true&spaceName=Team%20B&username=bob');
    expect(
      screen.getByText('Connection to server was lost. Please log in again.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Space name')).toHaveValue('Team B');
    expect(screen.getByLabelText('Username')).toHaveValue('bob');
  });

  it('prefills the username remembered for the space', () => {
    localStorage.setItem('username_Team A', 'remembered');
    renderAt('/space/login?spaceName=Team%20A');
    expect(screen.getByLabelText('Username')).toHaveValue('remembered');
  });

  it("links to 'Create New Space'", () => {
    renderAt('/space/login');
    expect(screen.getByRole('link', { name: 'Create New Space' })).toHaveAttribute(
      'href',
      '/space/create',
    );
  });
});

const OPEN_SPACE: SpaceInfo = {
  name: 'Team A',
  force_user_passwords: false,
  allow_self_registration: true,
  is_first_user_registration: false,
};

/** A share link of Team A: name in the query, key in the fragment, no username. */
const SHARE_LINK = '/space/login?spaceName=Team%20A#spaceKey=Corr3ct-Horse!Battery';

describe('/space/login against a stubbed server: auto-login (spec §4) and server details (§8)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    applyLanguage('en');
  });

  it('does not log in automatically with the last username of another space; it only prefills', async () => {
    localStorage.setItem('last_username', 'ann');
    localStorage.setItem('username_Team B', 'ann');
    const called = stubTrpcServer({ 'spaces.info': { data: OPEN_SPACE } });
    renderAt(SHARE_LINK);
    const info = await screen.findByRole('region', { name: 'Space Information' });
    await waitFor(() => expect(info).toHaveTextContent('Allowed'));
    expect(screen.getByLabelText('Username')).toHaveValue('ann');
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
    expect(screen.queryByText(/Logging in automatically/)).not.toBeInTheDocument();
    // Give a started login time to reach the network: none does.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(called).toContain('spaces.info');
    expect(called).not.toContain('auth.login');
  });

  it('logs in automatically with the username remembered for this space, and shows the German server detail', async () => {
    applyLanguage('de');
    localStorage.setItem('last_username', 'ann');
    localStorage.setItem('username_Team A', 'bob');
    const called = stubTrpcServer({
      'spaces.info': { data: OPEN_SPACE },
      'auth.login': {
        error: {
          message: 'Invalid space name or space key',
          code: 'UNAUTHORIZED',
          httpStatus: 401,
        },
      },
    });
    renderAt(SHARE_LINK);
    expect(screen.getByLabelText('Benutzername')).toHaveValue('bob');
    const working = await screen.findByRole('button', { name: 'Anmeldung läuft...' });
    expect(working).toBeDisabled();
    expect(screen.getByText('Automatische Anmeldung als bob...')).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ungültiger Space-Name oder Space-Schlüssel',
    );
    expect(called).toContain('auth.login');
    expect(screen.getByRole('button', { name: 'Anmelden' })).toBeEnabled();
  });

  it("says 'Space not found' (§8) only when the server answers so", async () => {
    stubTrpcServer({});
    renderAt('/space/login?spaceName=Team%20Z');
    expect(await screen.findByText('Space not found')).toBeInTheDocument();
    expect(screen.queryByText(/cannot be reached/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();
  });

  it('while the server answers 503 it says it cannot be reached, and recovers by itself', async () => {
    const replies: Record<string, StubReply> = {
      'spaces.info': {
        error: { message: 'Service unavailable', code: 'SERVICE_UNAVAILABLE', httpStatus: 503 },
      },
    };
    const called = stubTrpcServer(replies);
    renderAt('/space/login?spaceName=Team%20A');
    expect(await screen.findByText(/The server cannot be reached right now/)).toBeInTheDocument();
    expect(screen.queryByText('Space not found')).not.toBeInTheDocument();
    // The server is back: the next lookup (1 s, then 2 s later) clears the message.
    replies['spaces.info'] = { data: OPEN_SPACE };
    const info = await screen.findByRole(
      'region',
      { name: 'Space Information' },
      { timeout: 5_000 },
    );
    expect(info).toHaveTextContent('Allowed');
    expect(screen.queryByText(/cannot be reached/)).not.toBeInTheDocument();
    expect(called.filter((path) => path === 'spaces.info').length).toBeGreaterThan(1);
  });

  it('shows a login refusal in English in the English interface, an unknown detail as sent', async () => {
    stubTrpcServer({
      'spaces.info': { data: OPEN_SPACE },
      'auth.login': {
        error: { message: 'Something new went wrong', code: 'BAD_REQUEST', httpStatus: 400 },
      },
    });
    const user = renderAt('/space/login?spaceName=Team%20A&username=bob');
    await screen.findByLabelText('Password (optional)');
    await user.type(screen.getByLabelText('Space key'), 'Corr3ct-Horse!Battery');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something new went wrong');
  });
});
