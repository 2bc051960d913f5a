import { checkSpaceKey } from '@cipherspace/crypto';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { renderWithApp } from '../../testing/render.tsx';
import CreateSpacePage from './CreateSpacePage.tsx';

function renderPage() {
  renderWithApp(<CreateSpacePage />, '/space/create');
  return {
    user: userEvent.setup(),
    name: screen.getByLabelText('Space name'),
    key: screen.getByLabelText<HTMLInputElement>('Space key'),
    requirements: () =>
      within(screen.getByRole('list', { name: 'Space key requirements' })).getAllByRole('listitem'),
    create: () => screen.getByRole('button', { name: 'Create Space' }),
  };
}

describe('/space/create form (spec §2, §4, §5)', () => {
  it('shows both checkboxes with their defaults, the key note and the inactivity warning', () => {
    renderPage();
    expect(screen.getByRole('checkbox', { name: 'Force users to have passwords' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Allow self registration' })).not.toBeChecked();
    expect(screen.getByText(/cannot be recovered or changed/)).toBeInTheDocument();
    expect(
      screen.getByText('Spaces without user logins for long periods are automatically deleted.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    expect(screen.getByLabelText('Space name')).toHaveAttribute('maxLength', '100');
  });

  it('updates the space-name hint live', async () => {
    const { user, name } = renderPage();
    expect(name).toHaveAccessibleDescription(
      'Space name must be at least 3 characters and contain only letters, numbers, spaces, and dashes',
    );
    await user.type(name, 'Team A');
    expect(name).toHaveAccessibleDescription('Valid space name');
    await user.type(name, '/');
    expect(name).toHaveAccessibleDescription(/^Space name must be at least 3 characters/);
  });

  it('updates the key checklist live, with each state in text', async () => {
    const { user, key, requirements } = renderPage();
    expect(requirements()).toHaveLength(6);
    expect(requirements().map((item) => item.textContent)).toEqual([
      'At least 10 characters (not met)',
      'At least one lowercase letter (not met)',
      'At least one uppercase letter (not met)',
      'At least one digit (not met)',
      expect.stringMatching(/^At least one special character .* \(not met\)$/),
      'No forward slash (/) (met)',
    ]);
    await user.type(key, 'ab/');
    const states = requirements().map((item) => item.textContent.endsWith('(met)'));
    expect(states).toEqual([false, true, false, false, false, false]);
  });

  it('Generate fills a key that passes every checklist item and shows it', async () => {
    const { user, name, key, requirements, create } = renderPage();
    expect(key).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(key.value.length).toBeGreaterThanOrEqual(20);
    expect(key.value.length).toBeLessThanOrEqual(25);
    expect(checkSpaceKey(key.value).valid).toBe(true);
    for (const item of requirements()) {
      expect(item).toHaveTextContent(/\(met\)$/);
      expect(item).toHaveClass('met');
    }
    expect(key).toHaveAttribute('type', 'text');

    const first = key.value;
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(key.value).not.toBe(first);

    // The key alone is not enough: Create Space needs a valid name too.
    expect(create()).toBeDisabled();
    await user.type(name, 'Team A');
    expect(create()).toBeEnabled();
  });

  it('the show/hide toggle switches the key between hidden and visible', async () => {
    const { user, key } = renderPage();
    await user.click(screen.getByRole('button', { name: 'Show key' }));
    expect(key).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide key' }));
    expect(key).toHaveAttribute('type', 'password');
  });

  it('Create Space stays disabled unless name and key are both valid', async () => {
    const { user, name, key, create } = renderPage();
    expect(create()).toBeDisabled();
    await user.type(name, 'Team A');
    expect(create()).toBeDisabled();
    await user.type(key, 'aA1!aA1!a');
    expect(create()).toBeDisabled();
    await user.type(key, 'B');
    expect(create()).toBeEnabled();
    await user.clear(name);
    expect(create()).toBeDisabled();
  });
});
