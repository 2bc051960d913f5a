import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import type { Comment } from '@cipherspace/tools/tracker';
import { CommentsPanel } from './CommentsPanel.tsx';

const MEMBERS = ['alice', 'bob', 'bobby', 'carol'];

const COMMENTS: Comment[] = [
  {
    id: 'c1',
    content: '@bob please review **this**',
    createdAt: '2024-03-06T09:00:00.000Z',
    createdBy: 'alice',
  },
  {
    id: 'c2',
    content: 'Done, see <script>alert(1)</script>',
    createdAt: '2024-03-07T09:00:00.000Z',
    createdBy: 'bob',
    editedAt: '2024-03-07T10:00:00.000Z',
  },
];

function setup(me: string, overrides: Partial<Parameters<typeof CommentsPanel>[0]> = {}) {
  const user = userEvent.setup();
  const handlers = {
    onAdd: vi.fn(() => Promise.resolve(true)),
    onUpdate: vi.fn(() => Promise.resolve(true)),
    onDelete: vi.fn(() => Promise.resolve(true)),
  };
  render(
    <CommentsPanel comments={COMMENTS} me={me} members={MEMBERS} {...handlers} {...overrides} />,
  );
  return { user, handlers };
}

const commentBy = (name: string) => {
  const item = screen
    .getAllByRole('listitem')
    .find((entry) => entry.querySelector('.tracker-comment-author')?.textContent === name);
  if (!item) throw new Error(`no comment by ${name}`);
  return item;
};

describe('CommentsPanel', () => {
  it('renders comments newest first as sanitised markdown with mentions highlighted', () => {
    setup('bob');
    const items = screen.getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('bob');
    const first = commentBy('alice');
    expect(within(first).getByText('this').tagName).toBe('STRONG');
    const mention = within(first).getByText('@bob');
    expect(mention).toHaveClass('mention', 'mention-me');
    // Raw HTML is shown as text, never run.
    expect(document.querySelector('script')).toBeNull();
    expect(commentBy('bob')).toHaveTextContent('<script>alert(1)</script>');
    expect(within(commentBy('bob')).getByText('(edited)')).toHaveAttribute(
      'title',
      expect.stringMatching(/^Edited /),
    );
  });

  it("offers edit and delete on the member's own comments only", () => {
    setup('alice');
    expect(
      within(commentBy('alice')).getByRole('button', { name: /^Edit comment by alice/ }),
    ).toBeInTheDocument();
    expect(
      within(commentBy('alice')).getByRole('button', { name: /^Delete comment by alice/ }),
    ).toBeInTheDocument();
    expect(within(commentBy('bob')).queryByRole('button')).toBeNull();
  });

  it('edits a comment inline: Cancel keeps it, Save sends the new text', async () => {
    const { user, handlers } = setup('ALICE');
    await user.click(screen.getByRole('button', { name: /^Edit comment by alice/ }));
    const field = screen.getByRole('combobox', { name: 'Comment text' });
    expect(field).toHaveValue('@bob please review **this**');
    expect(field).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('combobox', { name: 'Comment text' })).toBeNull();
    expect(handlers.onUpdate).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: /^Edit comment by alice/ }));
    const again = screen.getByRole('combobox', { name: 'Comment text' });
    await user.clear(again);
    await user.type(again, 'Reviewed');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // The edit goes from the text the editor showed (a change saved meanwhile is a conflict).
    expect(handlers.onUpdate).toHaveBeenCalledExactlyOnceWith(
      'c1',
      'Reviewed',
      '@bob please review **this**',
    );
    expect(screen.queryByRole('combobox', { name: 'Comment text' })).toBeNull();
  });

  it('saves an edit with Ctrl+Enter, cancels with Escape, keeps the text when refused', async () => {
    const onUpdate = vi.fn(() => Promise.resolve(false));
    const { user } = setup('alice', { onUpdate });
    await user.click(screen.getByRole('button', { name: /^Edit comment by alice/ }));
    const field = screen.getByRole('combobox', { name: 'Comment text' });
    await user.type(field, ' now{Control>}{Enter}{/Control}');
    expect(onUpdate).toHaveBeenCalledWith(
      'c1',
      '@bob please review **this** now',
      '@bob please review **this**',
    );
    expect(field).toHaveValue('@bob please review **this** now');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('combobox', { name: 'Comment text' })).toBeNull();
  });

  it('deletes an own comment after confirming', async () => {
    const { user, handlers } = setup('alice');
    await user.click(screen.getByRole('button', { name: /^Delete comment by alice/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete comment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(handlers.onDelete).toHaveBeenCalledExactlyOnceWith('c1');
  });

  it('offers members after @ and inserts the one chosen with the keyboard', async () => {
    const { user, handlers } = setup('alice');
    const box = screen.getByRole('combobox', { name: 'New comment' });
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.type(box, 'Ask @bo');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    const list = screen.getByRole('listbox', { name: 'Members to mention' });
    const options = within(list).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['@bob', '@bobby']);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', options[0]?.id);
    await user.keyboard('{ArrowDown}');
    expect(within(list).getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(within(list).getAllByRole('option')[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}{Enter}');
    expect(box).toHaveValue('Ask @bobby ');
    expect(screen.queryByRole('listbox')).toBeNull();
    // The writer is not offered; Escape closes the list without clearing the text.
    await user.type(box, '@');
    expect(
      within(screen.getByRole('listbox')).queryByRole('option', { name: '@alice' }),
    ).toBeNull();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box).toHaveValue('Ask @bobby @');
    await user.type(box, 'carol{Control>}{Enter}{/Control}');
    expect(handlers.onAdd).toHaveBeenCalledWith('Ask @bobby @carol');
  });

  it('picks a member with the mouse', async () => {
    const { user } = setup('alice');
    const box = screen.getByRole('combobox', { name: 'New comment' });
    await user.type(box, 'Hi @c');
    await user.click(screen.getByRole('option', { name: '@carol' }));
    expect(box).toHaveValue('Hi @carol ');
  });
});
