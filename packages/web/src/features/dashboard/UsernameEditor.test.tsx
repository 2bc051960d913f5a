import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { UsernameEditor } from './UsernameEditor.tsx';

/** Holds the name like the dashboard does: a successful rename changes it, a refused one not. */
function Harness({ rename }: { rename: (name: string) => Promise<boolean> }) {
  const [name, setName] = useState('alice');
  return (
    <UsernameEditor
      username={name}
      onRename={async (next) => {
        if (await rename(next)) setName(next);
      }}
    />
  );
}

function setup(rename = vi.fn((_name: string) => Promise.resolve(true))) {
  const user = userEvent.setup();
  render(<Harness rename={rename} />);
  return { user, rename };
}

describe('UsernameEditor (spec §4 Username edit)', () => {
  it('opens with Enter on the name button, with the name selected in a labelled field', async () => {
    const { user } = setup();
    const button = screen.getByRole('button', { name: 'Edit username alice' });
    button.focus();
    await user.keyboard('{Enter}');
    const field = screen.getByLabelText('New username');
    expect(field).toHaveFocus();
    expect(field).toHaveValue('alice');
  });

  it('opens with Space too', async () => {
    const { user } = setup();
    screen.getByRole('button', { name: 'Edit username alice' }).focus();
    await user.keyboard(' ');
    expect(screen.getByLabelText('New username')).toBeInTheDocument();
  });

  it('accepts only letters and digits while typing, and navigation keys still work', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Edit username alice' }));
    const field = screen.getByLabelText('New username');
    await user.clear(field);
    await user.type(field, 'b-o b_2!ü');
    expect(field).toHaveValue('bob2ü');
    await user.type(field, '{ArrowLeft}{ArrowLeft}X{Home}Y{End}{Backspace}');
    expect(field).toHaveValue('YbobX2');
  });

  it('filters pasted text as well', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Edit username alice' }));
    const field = screen.getByLabelText('New username');
    await user.clear(field);
    await user.paste('Ann-Marie 2!');
    expect(field).toHaveValue('AnnMarie2');
  });

  it('saves on Enter and shows the new name', async () => {
    const { user, rename } = setup();
    await user.click(screen.getByRole('button', { name: 'Edit username alice' }));
    await user.type(screen.getByLabelText('New username'), '2{Enter}');
    expect(rename).toHaveBeenCalledExactlyOnceWith('alice2');
    const button = await screen.findByRole('button', { name: 'Edit username alice2' });
    expect(button).toHaveFocus();
  });

  it('saves with the check button', async () => {
    const { user, rename } = setup();
    await user.click(screen.getByRole('button', { name: 'Edit username alice' }));
    await user.type(screen.getByLabelText('New username'), 'X');
    await user.click(screen.getByRole('button', { name: 'Save username' }));
    expect(rename).toHaveBeenCalledExactlyOnceWith('aliceX');
  });

  it('cancels on Escape and on the X button without a call, keeping the old name', async () => {
    const { user, rename } = setup();
    await user.click(screen.getByRole('button', { name: 'Edit username alice' }));
    await user.type(screen.getByLabelText('New username'), 'zzz{Escape}');
    expect(screen.queryByLabelText('New username')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit username alice' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Edit username alice' }));
    await user.type(screen.getByLabelText('New username'), 'zzz');
    await user.click(screen.getByRole('button', { name: 'Cancel editing' }));
    expect(screen.getByRole('button', { name: 'Edit username alice' })).toBeInTheDocument();
    expect(rename).not.toHaveBeenCalled();
  });

  it('treats an unchanged or empty name as cancel (no call)', async () => {
    const { user, rename } = setup();
    await user.click(screen.getByRole('button', { name: 'Edit username alice' }));
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Edit username alice' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit username alice' }));
    await user.clear(screen.getByLabelText('New username'));
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Edit username alice' })).toBeInTheDocument();
    expect(rename).not.toHaveBeenCalled();
  });

  it('shows the old name again when the rename is refused', async () => {
    const { user, rename } = setup(vi.fn(() => Promise.resolve(false)));
    await user.click(screen.getByRole('button', { name: 'Edit username alice' }));
    await user.clear(screen.getByLabelText('New username'));
    await user.type(screen.getByLabelText('New username'), 'bob{Enter}');
    expect(rename).toHaveBeenCalledWith('bob');
    expect(await screen.findByRole('button', { name: 'Edit username alice' })).toBeInTheDocument();
  });

  it('ignores keys while saving', async () => {
    let finish: (ok: boolean) => void = () => undefined;
    const rename = vi.fn(() => new Promise<boolean>((resolve) => (finish = resolve)));
    const { user } = setup(rename);
    await user.click(screen.getByRole('button', { name: 'Edit username alice' }));
    await user.type(screen.getByLabelText('New username'), 'Z{Enter}');
    await user.keyboard('{Enter}{Escape}');
    expect(rename).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Save username' })).toBeDisabled();
    finish(true);
    expect(await screen.findByRole('button', { name: 'Edit username aliceZ' })).toBeInTheDocument();
  });
});
