import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import type { ChecklistItem } from '@cipherspace/tools/tracker';
import { ChecklistProgress, ChecklistSection } from './Checklist.tsx';

const ITEMS: ChecklistItem[] = [
  { id: 'i1', text: 'Write tests', done: true },
  { id: 'i2', text: 'Ship it', done: false },
];

function setup(checklist: ChecklistItem[] | undefined, onAdd = vi.fn(() => Promise.resolve(true))) {
  const user = userEvent.setup();
  const handlers = {
    onAdd,
    onUpdate: vi.fn(() => Promise.resolve(true)),
    onDelete: vi.fn(() => Promise.resolve(true)),
  };
  render(<ChecklistSection checklist={checklist} {...handlers} />);
  return { user, handlers };
}

describe('ChecklistSection', () => {
  it('shows the items with their progress', () => {
    setup(ITEMS);
    const section = screen.getByRole('region', { name: 'Checklist' });
    expect(within(section).getByText('Checklist: 1 of 2 done')).toBeInTheDocument();
    expect(within(section).getByText('1/2')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Write tests' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Ship it' })).not.toBeChecked();
  });

  it('says when there are no items and adds one with Enter, clearing the field', async () => {
    const { user, handlers } = setup(undefined);
    expect(screen.getByText('No checklist items yet.')).toBeInTheDocument();
    const add = screen.getByRole('button', { name: 'Add item' });
    expect(add).toBeDisabled();
    const field = screen.getByLabelText('New checklist item');
    await user.type(field, 'Plan{Enter}');
    expect(handlers.onAdd).toHaveBeenCalledExactlyOnceWith('Plan');
    expect(field).toHaveValue('');
  });

  it('keeps the text when adding was refused', async () => {
    const { user } = setup(
      [],
      vi.fn(() => Promise.resolve(false)),
    );
    const field = screen.getByLabelText('New checklist item');
    await user.type(field, 'Plan');
    await user.click(screen.getByRole('button', { name: 'Add item' }));
    expect(field).toHaveValue('Plan');
  });

  it('ticks an item with the value it started from', async () => {
    const { user, handlers } = setup(ITEMS);
    await user.click(screen.getByRole('checkbox', { name: 'Ship it' }));
    expect(handlers.onUpdate).toHaveBeenCalledWith('i2', { done: true }, { done: false });
  });

  it('shows a tick at once and keeps it while it is saved; a failed save shows the item as stored', async () => {
    const user = userEvent.setup();
    let settle: (saved: boolean) => void = () => undefined;
    const onUpdate = vi.fn(
      () =>
        new Promise<boolean>((resolve) => {
          settle = resolve;
        }),
    );
    const handlers = { onAdd: vi.fn(), onUpdate, onDelete: vi.fn() };
    const view = render(<ChecklistSection checklist={ITEMS} {...handlers} />);
    const ship = screen.getByRole('checkbox', { name: 'Ship it' });
    await user.click(ship);
    // The content does not show the tick yet: the click does, until the save settles.
    expect(ship).toBeChecked();
    const ticked = ITEMS.map((item) => (item.id === 'i2' ? { ...item, done: true } : item));
    view.rerender(<ChecklistSection checklist={ticked} {...handlers} />);
    await act(async () => {
      settle(true);
      await Promise.resolve();
    });
    expect(ship).toBeChecked();

    await user.click(ship);
    expect(ship).not.toBeChecked();
    await act(async () => {
      settle(false);
      await Promise.resolve();
    });
    expect(ship).toBeChecked();
  });

  it('edits (Escape cancels) and deletes an item', async () => {
    const { user, handlers } = setup(ITEMS);
    await user.click(screen.getByRole('button', { name: 'Edit checklist item Ship it' }));
    const field = screen.getByRole('textbox', { name: 'Text of checklist item Ship it' });
    expect(field).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: /^Text of/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Edit checklist item Ship it' }));
    const again = screen.getByRole('textbox', { name: 'Text of checklist item Ship it' });
    await user.clear(again);
    await user.type(again, 'Ship 1.2{Enter}');
    expect(handlers.onUpdate).toHaveBeenCalledWith('i2', { text: 'Ship 1.2' }, { text: 'Ship it' });

    await user.click(screen.getByRole('button', { name: 'Delete checklist item Write tests' }));
    expect(handlers.onDelete).toHaveBeenCalledWith('i1');
  });
});

describe('ChecklistProgress', () => {
  it('renders nothing without items and marks a complete list', () => {
    const { container, rerender } = render(<ChecklistProgress checklist={[]} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<ChecklistProgress checklist={[{ id: 'a', text: 'A', done: true }]} />);
    expect(container.firstElementChild).toHaveClass('is-complete');
    expect(container).toHaveTextContent('1/1');
  });
});
