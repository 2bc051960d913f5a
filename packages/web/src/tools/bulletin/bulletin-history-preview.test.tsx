import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import {
  addPost,
  defaultBulletinContent,
  type BulletinContent,
  type BulletinContext,
} from '@cipherspace/tools/bulletin';
import { controlsIn, expectReadOnly, openHistoryPreview } from '../../testing/history-preview.tsx';
import { BulletinHistoryPreview } from './bulletin-history-preview.tsx';

const NOW = Date.parse('2024-06-01T12:00:00.000Z');

function context(): BulletinContext {
  let next = 0;
  return { now: () => new Date(NOW).toISOString(), newId: () => `id-${++next}` };
}

/** The default board, a markdown note by alice and a note that expired an hour ago. */
function version(): BulletinContent {
  const ctx = context();
  let content = defaultBulletinContent(ctx);
  content = addPost(
    content,
    {
      post: {
        title: 'Retro actions',
        content: '**Keep** the daily short',
        priority: 'Urgent',
        tags: ['retro'],
        color: '#90CAF9',
        position: { x: 40, y: 30 },
      },
      author: 'alice',
    },
    ctx,
  );
  content = addPost(
    content,
    {
      post: { title: 'Old news', expiresAt: '2024-06-01T11:00:00.000Z', position: { x: 5, y: 5 } },
      author: 'bob',
    },
    ctx,
  );
  return content;
}

const renderPreview = (content: BulletinContent) => (
  <BulletinHistoryPreview content={content} now={NOW} viewportWidth={1200} language="en" />
);

describe('BulletinHistoryPreview (a version of the Pinboard, read-only)', () => {
  it('shows the notes as the board does, at their positions, and hides expired ones', async () => {
    const { preview } = await openHistoryPreview(version(), renderPreview);
    const view = expectReadOnly(preview);

    expect(view).toHaveTextContent('Notes: 2');
    expect(view).toHaveTextContent('Expired notes hidden: 1');
    const canvas = within(view).getByRole('region', { name: 'Sticky notes' });
    const retro = within(canvas).getByRole('article', { name: 'Retro actions' });
    expect(within(retro).getByText('Keep').tagName).toBe('STRONG');
    expect(retro).toHaveTextContent('by alice');
    expect(within(retro).getByText('Priority: Urgent')).toBeInTheDocument();
    expect(within(retro).getByRole('list', { name: 'Tags' })).toHaveTextContent('#retro');
    const box = retro.parentElement;
    expect(box?.style.left).toBe('40%');
    expect(box?.style.top).toBe('30%');
    expect(
      within(canvas).getByRole('article', { name: 'Welcome to the Pinboard!' }),
    ).toBeInTheDocument();
    expect(within(canvas).queryByRole('article', { name: 'Old news' })).toBeNull();

    // The notes' move, edit and delete buttons are there, as on the board, but inert.
    const remove = within(retro).getByRole('button', { name: 'Delete note Retro actions' });
    expect(controlsIn(view)).toContain(remove);
    for (const control of controlsIn(view)) expect(control.closest('[inert]')).toBe(view);
  });

  it("follows the version's author and markdown settings", async () => {
    const content = version();
    const plain: BulletinContent = {
      ...content,
      settings: { ...content.settings, showAuthor: false, allowMarkdown: false },
    };
    const { preview } = await openHistoryPreview(plain, renderPreview);
    const retro = within(expectReadOnly(preview)).getByRole('article', { name: 'Retro actions' });
    expect(retro).not.toHaveTextContent('by alice');
    expect(retro).toHaveTextContent('**Keep** the daily short');
  });

  it('shows an empty board without a usable Add First Note', async () => {
    const content: BulletinContent = { ...version(), posts: [] };
    const { preview } = await openHistoryPreview(content, renderPreview);
    const view = expectReadOnly(preview);
    expect(view).toHaveTextContent('No sticky notes yet');
    expect(screen.getByRole('button', { name: 'Add First Note' })).toBeDisabled();
  });
});
