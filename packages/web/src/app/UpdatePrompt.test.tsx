/**
 * The update prompt: hidden until a new version is offered; Reload applies it
 * (once), Later hides it; a failed apply lets the member try again.
 */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { dismissUpdate, offerUpdate } from './update-offer.ts';
import { UpdatePrompt } from './UpdatePrompt.tsx';

afterEach(() => act(() => dismissUpdate()));

describe('UpdatePrompt', () => {
  it('shows nothing while no new version waits', () => {
    const { container } = render(<UpdatePrompt />);
    expect(container).toBeEmptyDOMElement();
  });

  it('offers the new version and applies it on Reload', async () => {
    const apply = vi.fn(() => new Promise<void>(() => undefined));
    render(<UpdatePrompt />);
    act(() => offerUpdate(apply));
    const prompt = screen.getByRole('status', { name: 'A new version is available.' });
    expect(prompt).toHaveTextContent('A new version is available.');
    const reload = screen.getByRole('button', { name: 'Reload' });
    await userEvent.click(reload);
    expect(apply).toHaveBeenCalledTimes(1);
    expect(reload).toBeDisabled();
  });

  it('lets the member try again when applying fails', async () => {
    const apply = vi.fn(() => Promise.reject(new Error('gone')));
    render(<UpdatePrompt />);
    act(() => offerUpdate(apply));
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(screen.getByRole('button', { name: 'Reload' })).toBeEnabled();
  });

  it('hides on Later', async () => {
    render(<UpdatePrompt />);
    act(() => offerUpdate(() => Promise.resolve()));
    await userEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
