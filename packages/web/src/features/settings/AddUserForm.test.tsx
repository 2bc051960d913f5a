/**
 * Add User shows the server's detail of a refusal in the interface language (spec §8 Settings
 * "Server detail is shown when present"), against a stubbed `/trpc` answer.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { applyLanguage } from '../../lib/i18n.ts';
import { stubTrpcServer } from '../../lib/trpc-stub.ts';
import { renderWithApp } from '../../testing/render.tsx';
import { AddUserForm } from './AddUserForm.tsx';

const USERNAME_EXISTS = {
  error: {
    message: 'Username already exists. Please choose a different username.',
    code: 'CONFLICT',
    httpStatus: 409,
  },
};

function renderForm() {
  localStorage.setItem('space_key_Team A', 'Corr3ct-Horse!Battery');
  const onMessage = vi.fn();
  renderWithApp(<AddUserForm spaceName="Team A" forcePasswords={false} onMessage={onMessage} />);
  return { onMessage, user: userEvent.setup() };
}

describe('Add User: a 409 from the server (spec §8)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    applyLanguage('en');
  });

  it.each([
    {
      language: 'en',
      label: 'Username',
      button: 'Add User',
      text: 'Username already exists. Please choose a different username.',
    },
    {
      language: 'de',
      label: 'Benutzername',
      button: 'Benutzer hinzufügen',
      text: 'Dieser Benutzername ist bereits vergeben. Bitte wählen Sie einen anderen.',
    },
  ] as const)('shows the server detail in $language', async ({ language, label, button, text }) => {
    applyLanguage(language);
    const called = stubTrpcServer({ 'users.create': USERNAME_EXISTS });
    const { onMessage, user } = renderForm();
    await user.type(screen.getByLabelText(label), 'alice');
    await user.click(screen.getByRole('button', { name: button }));
    await waitFor(() => expect(onMessage).toHaveBeenCalledWith('error', text));
    expect(called).toEqual(['users.create']);
  });

  it('falls back to the §8 text when no server answered', async () => {
    applyLanguage('de');
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const { onMessage, user } = renderForm();
    await user.type(screen.getByLabelText('Benutzername'), 'alice');
    await user.click(screen.getByRole('button', { name: 'Benutzer hinzufügen' }));
    await waitFor(() =>
      expect(onMessage).toHaveBeenCalledWith(
        'error',
        'Der Benutzer konnte nicht hinzugefügt werden.',
      ),
    );
  });
});
