import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { renderWithApp } from '../../testing/render.tsx';
import CryptoTestPage from './CryptoTestPage.tsx';

const section = (name: string) => screen.getByRole('region', { name });

describe('CryptoTestPage', () => {
  it('has the six sections, each with a Run button', () => {
    renderWithApp(<CryptoTestPage />, '/crypto-test');
    for (const name of [
      'Browser capability',
      'Security context',
      'Encryption test',
      'Space-name test',
      'Performance test',
      'Crypto test',
    ]) {
      expect(within(section(name)).getByRole('button', { name: 'Run' })).toBeEnabled();
    }
  });

  it('validates the space name while typing', async () => {
    const user = userEvent.setup();
    renderWithApp(<CryptoTestPage />, '/crypto-test');
    const region = section('Space-name test');
    const input = within(region).getByLabelText('Space name');
    expect(region).toHaveTextContent(
      'Space name must be at least 3 characters and contain only letters, numbers, spaces, and dashes',
    );
    await user.type(input, 'Team-42');
    expect(region).toHaveTextContent('Valid space name');
    await user.type(input, '!');
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it('derives the verifier with Enter in the name field', async () => {
    const user = userEvent.setup();
    renderWithApp(<CryptoTestPage />, '/crypto-test');
    const region = section('Space-name test');
    await user.type(within(region).getByLabelText('Space name'), 'Team Alpha{Enter}');
    expect(await within(region).findByText('Verifier derived.')).toBeInTheDocument();
    expect(region.querySelector('code')?.textContent).toMatch(/^[A-Za-z0-9+/]{43}=$/);
  });

  it('refuses an invalid name and an empty key with their messages', async () => {
    const user = userEvent.setup();
    renderWithApp(<CryptoTestPage />, '/crypto-test');
    const region = section('Space-name test');
    await user.click(within(region).getByRole('button', { name: 'Run' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent(
      'Space name must be at least 3 characters',
    );
    await user.type(within(region).getByLabelText('Space name'), 'Team Alpha');
    await user.clear(within(region).getByLabelText('Space key'));
    await user.click(within(region).getByRole('button', { name: 'Run' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent('Enter a space key.');
  });

  it('checks hexadecimal key strength: prefilled key passes, short and non-hex keys fail', async () => {
    const user = userEvent.setup();
    renderWithApp(<CryptoTestPage />, '/crypto-test');
    const region = section('Crypto test');
    const input = within(region).getByLabelText('Hexadecimal key');
    expect((input as HTMLInputElement).value).toMatch(/^[0-9a-f]{64}$/);
    await user.click(within(region).getByRole('button', { name: 'Run' }));
    expect(
      await within(region).findByText('Key strength OK: at least 32 hexadecimal characters'),
    ).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, 'abc123{Enter}');
    expect(
      await within(region).findByText('Key must be at least 32 hexadecimal characters'),
    ).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, `${'z'.repeat(40)}{Enter}`);
    expect(
      await within(region).findByText('Key must contain only hexadecimal characters (0-9, a-f)'),
    ).toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Generate random key' }));
    expect((input as HTMLInputElement).value).toMatch(/^[0-9a-f]{64}$/);
  });

  it('runs the encryption test with real Web Crypto', async () => {
    const user = userEvent.setup();
    renderWithApp(<CryptoTestPage />, '/crypto-test');
    const region = section('Encryption test');
    await user.click(within(region).getByRole('button', { name: 'Run' }));
    expect(await within(region).findByText('Encryption test passed.')).toBeInTheDocument();
    expect(region).toHaveTextContent(
      'Message shown for tampered content: Failed to decrypt content - invalid space key?',
    );
  });
});
