import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { TicketSettingsDialog, type TicketSettingsChoice } from './TicketSettingsDialog.tsx';

const CURRENT: TicketSettingsChoice = { showTicketNumbers: true, autoAssignCreator: false };

function renderDialog(onSave: (operation: unknown) => Promise<boolean>) {
  const onClose = vi.fn();
  render(<TicketSettingsDialog open settings={CURRENT} onSave={onSave} onClose={onClose} />);
  return { onClose };
}

describe('TicketSettingsDialog (spec §3 Ticket settings)', () => {
  it('starts from the board’s settings and saves the changed ones, from their values, as one updateSettings', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(() => Promise.resolve(true));
    const { onClose } = renderDialog(onSave);
    const numbers = screen.getByRole('checkbox', { name: 'Show ticket numbers (#12)' });
    const assign = screen.getByRole('checkbox', { name: 'Assign new issues to their creator' });
    expect(numbers).toBeChecked();
    expect(assign).not.toBeChecked();
    expect(assign).toHaveAccessibleDescription(
      'Applies to new issues created without an assignee.',
    );

    await user.click(numbers);
    await user.click(assign);
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(onSave).toHaveBeenCalledExactlyOnceWith({
      type: 'updateSettings',
      changes: { showTicketNumbers: false, autoAssignCreator: true },
      from: { showTicketNumbers: true, autoAssignCreator: false },
    });
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('closes without saving when nothing changed', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(() => Promise.resolve(true));
    const { onClose } = renderDialog(onSave);
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(onSave).not.toHaveBeenCalled();
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('keeps Save settings off, with its text, while the save runs; Cancel closes unsaved', async () => {
    const user = userEvent.setup();
    let settle: (saved: boolean) => void = () => undefined;
    const onSave = vi.fn(
      () =>
        new Promise<boolean>((resolve) => {
          settle = resolve;
        }),
    );
    const { onClose } = renderDialog(onSave);
    await user.click(screen.getByRole('checkbox', { name: 'Assign new issues to their creator' }));
    const save = screen.getByRole('button', { name: 'Save settings' });
    await user.click(save);
    expect(save).toBeDisabled();
    expect(save).toHaveTextContent('Save settings');
    await act(async () => {
      settle(false);
      await Promise.resolve();
    });
    expect(save).toBeEnabled();
    expect(onClose).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(onSave).toHaveBeenCalledOnce();
  });

  it('stays open with the choices made when the save fails', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(() => Promise.resolve(false));
    const { onClose } = renderDialog(onSave);
    await user.click(screen.getByRole('checkbox', { name: 'Assign new issues to their creator' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(onSave).toHaveBeenCalledOnce();
    expect(onClose).not.toHaveBeenCalled();
    expect(
      screen.getByRole('checkbox', { name: 'Assign new issues to their creator' }),
    ).toBeChecked();
  });
});
