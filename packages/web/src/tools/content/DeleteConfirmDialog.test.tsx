import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { DeleteConfirmDialog, useDeleteConfirmation } from './DeleteConfirmDialog.tsx';

interface Note {
  id: string;
  title: string;
}

const NOTE: Note = { id: 'n1', title: 'Lunch' };

/** A page with one item to delete, the way the Pinboard and Kanban pages use the confirmation. */
function Page({ remove }: { remove: (note: Note) => Promise<boolean> }) {
  const deletion = useDeleteConfirmation(remove);
  return (
    <>
      <button type="button" onClick={() => deletion.ask(NOTE)}>
        Delete {NOTE.title}
      </button>
      <DeleteConfirmDialog
        confirmation={deletion}
        title={() => 'Delete note?'}
        text={(note) => `Delete the note "${note.title}"?`}
      />
    </>
  );
}

function setup(remove: (note: Note) => Promise<boolean>) {
  render(<Page remove={remove} />);
  return userEvent.setup();
}

/** A delete that runs until `settle` is called with whether it saved. */
function heldDelete() {
  let settle: (saved: boolean) => void = () => undefined;
  const remove = vi.fn(
    (_note: Note) =>
      new Promise<boolean>((resolve) => {
        settle = resolve;
      }),
  );
  return { remove, settle: (saved: boolean) => settle(saved) };
}

describe('DeleteConfirmDialog (spec §8 Confirmations: card, sticky note)', () => {
  it('asks with the item’s title and text and deletes it only when confirmed', async () => {
    const remove = vi.fn(() => Promise.resolve(true));
    const user = setup(remove);
    await user.click(screen.getByRole('button', { name: 'Delete Lunch' }));

    const dialog = screen.getByRole('alertdialog', { name: 'Delete note?' });
    expect(dialog).toHaveTextContent('Delete the note "Lunch"?');
    expect(remove).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(remove).toHaveBeenCalledExactlyOnceWith(NOTE);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('closes without deleting on Cancel', async () => {
    const remove = vi.fn(() => Promise.resolve(true));
    const user = setup(remove);
    await user.click(screen.getByRole('button', { name: 'Delete Lunch' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(remove).not.toHaveBeenCalled();
  });

  it('keeps Delete off and the dialog open while the delete runs, then closes saved or not', async () => {
    const held = heldDelete();
    const user = setup(held.remove);
    await user.click(screen.getByRole('button', { name: 'Delete Lunch' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete note?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    await user.click(confirm);

    expect(confirm).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog', { name: 'Delete note?' })).toBeInTheDocument();
    expect(held.remove).toHaveBeenCalledOnce();

    // A failed delete closes too: the page's message says why it was not deleted.
    held.settle(false);
    expect(await screen.findByRole('button', { name: 'Delete Lunch' })).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });
});
