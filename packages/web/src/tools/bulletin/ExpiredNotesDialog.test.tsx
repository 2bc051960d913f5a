import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import {
  addPost,
  defaultBulletinContent,
  expiredPosts,
  fromDateTimeLocal,
  toDateTimeLocal,
} from '@cipherspace/tools/bulletin';
import { ExpiredNotesDialog } from './ExpiredNotesDialog.tsx';

const NOW = Date.now();

function expired() {
  let next = 0;
  const ctx = { now: () => new Date(NOW).toISOString(), newId: () => `id-${++next}` };
  const content = addPost(
    defaultBulletinContent(ctx),
    {
      post: { title: 'Old news', expiresAt: '2020-01-01T10:00:00.000Z', position: { x: 0, y: 0 } },
      author: 'ann',
    },
    ctx,
  );
  return expiredPosts(content, new Date(NOW));
}

function setup() {
  const posts = expired();
  const onExtend = vi.fn(() => Promise.resolve(true));
  const onDelete = vi.fn(() => Promise.resolve(true));
  render(
    <ExpiredNotesDialog
      open
      onOpenChange={vi.fn()}
      posts={posts}
      now={NOW}
      language="en"
      onExtend={onExtend}
      onDelete={onDelete}
    />,
  );
  const row = within(screen.getByRole('dialog', { name: 'Expired notes' })).getByRole('listitem');
  return { user: userEvent.setup(), posts, row, onExtend, onDelete };
}

describe('ExpiredNotesDialog (spec §4: expired notes are hidden, listed on demand)', () => {
  it('lists the note with when it expired and offers a week from now', () => {
    const { row } = setup();
    expect(row).toHaveTextContent('Old news');
    expect(row).toHaveTextContent('Expired Jan 1, 2020');
    const offered = fromDateTimeLocal(
      within(row).getByLabelText<HTMLInputElement>('New expiry').value,
    );
    expect(Date.parse(offered ?? '') - NOW).toBeGreaterThan(6.9 * 24 * 60 * 60 * 1000);
  });

  it('extends with the chosen time, or with no expiry when the field is empty', async () => {
    const { user, row, posts, onExtend } = setup();
    const input = within(row).getByLabelText('New expiry');
    const later = toDateTimeLocal(new Date(NOW + 3 * 24 * 60 * 60 * 1000).toISOString());
    await user.clear(input);
    await user.type(input, later);
    await user.click(within(row).getByRole('button', { name: 'Extend note Old news' }));
    expect(onExtend).toHaveBeenLastCalledWith(posts[0], fromDateTimeLocal(later));
    await user.clear(input);
    await user.click(within(row).getByRole('button', { name: 'Extend note Old news' }));
    expect(onExtend).toHaveBeenLastCalledWith(posts[0], null);
  });

  it('refuses a time already past with a hint, and deletes on Delete', async () => {
    const { user, row, posts, onExtend, onDelete } = setup();
    const input = within(row).getByLabelText('New expiry');
    await user.clear(input);
    await user.type(input, '2021-01-01T10:00');
    await user.click(within(row).getByRole('button', { name: 'Extend note Old news' }));
    expect(onExtend).not.toHaveBeenCalled();
    expect(row).toHaveTextContent('Choose a time in the future');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.click(within(row).getByRole('button', { name: 'Delete note Old news' }));
    expect(onDelete).toHaveBeenCalledWith(posts[0]);
  });
});
