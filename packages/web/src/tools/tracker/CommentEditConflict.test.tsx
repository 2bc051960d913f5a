/**
 * A comment edited on two devices (spec §4 version conflict): the edit goes from the text the
 * editor showed, so a change saved meanwhile is not overwritten silently — the editor keeps the
 * member's text, shows both, and each choice saves what it says. The board is real tracker
 * content changed by the real operations (as the sync engine applies them), the comment edit
 * sent the way the pages send it (issueDiscussionActions).
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { Comment } from '@cipherspace/tools/tracker';
import { liveKanbanBoard, saveOutcome } from '../../testing/operations.ts';
import { CommentsPanel } from './CommentsPanel.tsx';
import { issueDiscussionActions } from './issue-details-actions.ts';

/** A card with alice's comment `text`, her other device, and the panel's callbacks as hers. */
function board(text: string) {
  const { content, apply } = liveKanbanBoard();
  apply({
    type: 'addIssue',
    phaseId: content().phases[0]?.id ?? '',
    issue: { title: 'Login bug' },
    createdBy: 'alice',
  });
  const issueId = content().phases[0]?.issues[0]?.id ?? '';
  apply({ type: 'addComment', issueId, content: text, createdBy: 'alice' });
  const comment = (): Comment => {
    const found = content().phases[0]?.issues[0]?.comments[0];
    if (!found) throw new Error('no comment');
    return found;
  };
  const commentId = comment().id;
  const actions = issueDiscussionActions(
    (operation) => saveOutcome(() => apply(operation), 'alice').then((saved) => saved === true),
    'alice',
    (operation) => saveOutcome(() => apply(operation), 'alice'),
  );
  return {
    comment,
    /** Alice saves `next` on her phone, from the text it showed. */
    phone(next: string) {
      apply({
        type: 'updateComment',
        issueId,
        commentId,
        content: next,
        by: 'alice',
        from: comment().content,
      });
    },
    onUpdate: (id: string, next: string, from: string) =>
      actions.onUpdateComment(issueId, id, next, from),
  };
}

/** The panel on alice's laptop, shown again with the stored comment by `refresh()`. */
function openPanel(shared: ReturnType<typeof board>) {
  const user = userEvent.setup();
  const panel = () => (
    <CommentsPanel
      comments={[shared.comment()]}
      me="alice"
      members={['alice', 'bob']}
      onAdd={() => Promise.resolve(true)}
      onUpdate={shared.onUpdate}
      onDelete={() => Promise.resolve(true)}
    />
  );
  const { rerender } = render(panel());
  return { user, refresh: () => rerender(panel()) };
}

const editButton = () => screen.getByRole('button', { name: /^Edit comment by alice/ });
const field = () => screen.queryByRole('combobox', { name: 'Comment text' });

/** Starts editing, then the phone saves `phone`; the laptop replaces the text with `mine`, saves. */
async function editBoth(shared: ReturnType<typeof board>, phone: string, mine: string) {
  const view = openPanel(shared);
  await view.user.click(editButton());
  shared.phone(phone);
  view.refresh();
  const box = field();
  if (!box) throw new Error('the editor is open');
  await view.user.clear(box);
  await view.user.type(box, mine);
  await view.user.click(screen.getByRole('button', { name: 'Save' }));
  return view;
}

describe('CommentsPanel with the comment changed on another device meanwhile', () => {
  it('saves an edit of a text nobody changed, from the text it showed', async () => {
    const shared = board('Looks good');
    const { user } = openPanel(shared);
    await user.click(editButton());
    await user.type(field() as HTMLElement, '!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(field()).toBeNull();
    expect(shared.comment().content).toBe('Looks good!');
  });

  it('keeps the member’s text and shows both; nothing is saved before choosing', async () => {
    const shared = board('Looks good');
    await editBoth(shared, 'Looks good to me', 'Needs work');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'alice saved a change to the same fields while you were editing.',
    );
    const group = screen.getByRole('group', { name: 'Comment text' });
    expect(within(group).getByRole('radio', { name: /Mine\s*Needs work/ })).toBeInTheDocument();
    expect(
      within(group).getByRole('radio', { name: /alice's\s*Looks good to me/ }),
    ).toBeInTheDocument();
    // Where both changed the same line there is nothing to merge.
    expect(within(group).getAllByRole('radio')).toHaveLength(2);
    expect(field()).toHaveValue('Needs work');
    expect(screen.getByRole('button', { name: 'Save with these choices' })).toBeDisabled();
    expect(shared.comment().content).toBe('Looks good to me');
  });

  it('saves the member’s text over the other when chosen', async () => {
    const shared = board('Looks good');
    const { user } = await editBoth(shared, 'Looks good to me', 'Needs work');
    await user.click(screen.getByRole('radio', { name: /Mine/ }));
    await user.click(screen.getByRole('button', { name: 'Save with these choices' }));
    expect(shared.comment().content).toBe('Needs work');
    expect(field()).toBeNull();
  });

  it('keeps the other text when chosen and closes the editor', async () => {
    const shared = board('Looks good');
    const { user } = await editBoth(shared, 'Looks good to me', 'Needs work');
    await user.click(screen.getByRole('radio', { name: /alice's/ }));
    await user.click(screen.getByRole('button', { name: 'Save with these choices' }));
    expect(shared.comment().content).toBe('Looks good to me');
    expect(field()).toBeNull();
  });

  it('offers both where the two changed different lines, and saves the merged text', async () => {
    const shared = board('one\ntwo\nthree');
    const { user } = await editBoth(shared, 'one\ntwo\nTHREE', 'ONE{Enter}two{Enter}three');
    await user.click(screen.getByRole('radio', { name: /Both \(merged\)/ }));
    await user.click(screen.getByRole('button', { name: 'Save with these choices' }));
    expect(shared.comment().content).toBe('ONE\ntwo\nTHREE');
    expect(field()).toBeNull();
  });
});
