/**
 * The login screen without a server: entry parameters, modes, validation and the lookup failure.
 * Flows that need the server (space info, login, register) are covered in e2e/create-and-login.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { renderWithApp } from '../../testing/render.tsx';
import LoginPage from './LoginPage.tsx';

const renderAt = (path: string) => {
  renderWithApp(<LoginPage />, path);
  return userEvent.setup();
};

describe('/space/login without a server', () => {
  it('prefills a share link and removes the space key from the address bar at once', async () => {
    renderAt('/space/login?spaceName=Team%20A&spaceKey=s3cr%2Bt%26key&username=ann');
    expect(screen.getByLabelText('Space name')).toHaveValue('Team A');
    expect(screen.getByLabelText('Space key')).toHaveValue('s3cr+t&key');
    expect(screen.getByLabelText('Username')).toHaveValue('ann');
    expect(
      screen.getByText('The space name and space key were filled in from your link.'),
    ).toBeInTheDocument();
    expect(window.location.pathname).toBe('/space/login');
    expect(window.location.search).toBe('?spaceName=Team+A&username=ann');
    expect(window.location.href).not.toContain('s3cr');
    // A lookup that fails shows 'Space not found' and keeps the password field hidden (§8).
    expect(await screen.findByText('Space not found')).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();
  });

  it('takes the key from the #spaceKey= fragment and opens register mode for firstUser=true', () => {
    renderAt('/space/login?spaceName=Team%20A&firstUser=true#spaceKey=aB3%24x%2By');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Register in a Space');
    expect(screen.getByRole('radio', { name: 'Register' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Register' })).toBeEnabled();
    expect(screen.getByLabelText('Space key')).toHaveValue('aB3$x+y');
    expect(window.location.hash).toBe('');
    expect(window.location.search).toBe('?spaceName=Team+A&firstUser=true');
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
