import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import type { Issue } from '@cipherspace/tools/tracker';
import { IssueDetailsPanel, type IssueDetailsActions } from './IssueDetailsPanel.tsx';
import { testBoard } from './test-board.ts';

function actions(overrides: Partial<IssueDetailsActions> = {}): IssueDetailsActions {
  return {
    onEdit: vi.fn(),
    onDelete: vi.fn(() => Promise.resolve(true)),
    onClose: vi.fn(),
    onAddComment: vi.fn(() => Promise.resolve(true)),
    onUpdateComment: vi.fn(() => Promise.resolve(true)),
    onDeleteComment: vi.fn(() => Promise.resolve(true)),
    onAddChecklistItem: vi.fn(() => Promise.resolve(true)),
    onUpdateChecklistItem: vi.fn(() => Promise.resolve(true)),
    onDeleteChecklistItem: vi.fn(() => Promise.resolve(true)),
    ...overrides,
  };
}

/** An issue in 'To Do' with two comments, the older one added first. */
function commentedIssue(): Issue {
  const board = testBoard();
  const issue = board.addIssue(
    'To Do',
    {
      title: 'Crash on save',
      description: 'Stack overflow in the editor',
      type: 'Bug',
      priority: 'High',
      estimation: 'M',
      assignedPerson: 'bob',
    },
    'alice',
  );
  board.addComment(issue.id, 'Seen on Firefox too', 'bob', '2024-03-06T09:00:00.000Z');
  return board.addComment(issue.id, 'Fixed in 1.2', 'carol', '2024-03-07T09:00:00.000Z');
}

function setup(issue: Issue | null, overrides: Partial<IssueDetailsActions> = {}) {
  const user = userEvent.setup();
  const handlers = actions(overrides);
  const view = render(
    // carol wrote the newest comment: she may edit and delete it, not bob's.
    <IssueDetailsPanel
      issue={issue}
      phaseName={issue ? 'To Do' : null}
      me="carol"
      members={['alice', 'bob', 'carol']}
      {...handlers}
    />,
  );
  return { user, handlers, view };
}

describe('IssueDetailsPanel (spec §2 /tools/ticket details side panel)', () => {
  it("says 'Select an issue' when nothing is selected", () => {
    setup(null);
    const panel = screen.getByRole('complementary', { name: 'Issue details' });
    expect(within(panel).getByRole('heading', { name: 'Select an issue' })).toBeInTheDocument();
    expect(within(panel).queryByRole('button')).toBeNull();
  });

  it('shows type, title, priority, estimation, assignee, creation and description', () => {
    setup(commentedIssue());
    const panel = screen.getByRole('complementary', { name: 'Issue details' });
    expect(within(panel).getByRole('heading', { level: 2 })).toHaveTextContent('Crash on save');
    expect(within(panel).getByTitle('Bug')).toHaveTextContent('B');
    const fact = (term: string) => within(panel).getByText(term).nextElementSibling;
    expect(fact('Type')).toHaveTextContent('Bug');
    expect(fact('Phase')).toHaveTextContent('To Do');
    expect(fact('Priority')).toHaveTextContent('High');
    // A T-shirt size as its scale writes it, without 'pts'.
    expect(fact('Estimation')).toHaveTextContent(/^M$/);
    expect(fact('Assigned to')).toHaveTextContent('bob');
    expect(fact('Created')).toHaveTextContent(/by alice$/);
    expect(fact('Created')).toHaveTextContent('2024');
    expect(within(panel).getByText('Stack overflow in the editor')).toBeInTheDocument();
  });

  it("lists comments newest first under 'Comments (n)'", () => {
    setup(commentedIssue());
    expect(screen.getByRole('heading', { name: 'Comments (2)' })).toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Comments (2)' })).getAllByRole(
      'listitem',
    );
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Fixed in 1.2',
      'Seen on Firefox too',
    ]);
    expect(items[0]).toHaveTextContent('carol');
  });

  it('shows the empty text when the issue has no comments', () => {
    const board = testBoard();
    setup(board.addIssue('Backlog', { title: 'Quiet issue' }));
    expect(screen.getByRole('heading', { name: 'Comments (0)' })).toBeInTheDocument();
    expect(screen.getByText('No comments yet. Be the first to comment!')).toBeInTheDocument();
    expect(screen.getByText('Not estimated')).toBeInTheDocument();
    expect(screen.getByText('Unassigned')).toBeInTheDocument();
    expect(screen.getByText('No description.')).toBeInTheDocument();
  });

  it('enables Add Comment only with text, disables it while saving and clears on success', async () => {
    let finish: (saved: boolean) => void = () => undefined;
    const onAddComment = vi.fn(
      () =>
        new Promise<boolean>((resolve) => {
          finish = resolve;
        }),
    );
    const issue = commentedIssue();
    const { user } = setup(issue, { onAddComment });
    const button = screen.getByRole('button', { name: 'Add Comment' });
    expect(button).toBeDisabled();
    const field = screen.getByLabelText('New comment');
    await user.type(field, '   ');
    expect(button).toBeDisabled();
    await user.type(field, 'Looks good');
    expect(button).toBeEnabled();
    await user.click(button);
    expect(onAddComment).toHaveBeenCalledExactlyOnceWith(issue.id, '   Looks good');
    expect(screen.getByRole('button', { name: 'Adding…' })).toBeDisabled();
    finish(true);
    expect(await screen.findByRole('button', { name: 'Add Comment' })).toBeDisabled();
    expect(field).toHaveValue('');
  });

  it('keeps the text when the comment could not be saved, and adds with Ctrl+Enter', async () => {
    const onAddComment = vi.fn(() => Promise.resolve(false));
    const { user } = setup(commentedIssue(), { onAddComment });
    const field = screen.getByLabelText('New comment');
    await user.type(field, 'Not lost{Control>}{Enter}{/Control}');
    expect(onAddComment).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('button', { name: 'Add Comment' })).toBeEnabled();
    expect(field).toHaveValue('Not lost');
  });

  it('deletes a comment only after confirming', async () => {
    const issue = commentedIssue();
    const { user, handlers } = setup(issue);
    const newest = issue.comments.find((entry) => entry.content === 'Fixed in 1.2');
    await user.click(screen.getByRole('button', { name: /^Delete comment by carol from / }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete comment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(handlers.onDeleteComment).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: /^Delete comment by carol from / }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(handlers.onDeleteComment).toHaveBeenCalledExactlyOnceWith(issue.id, newest?.id);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('edits, closes, and deletes the issue after confirming', async () => {
    const issue = commentedIssue();
    const { user, handlers } = setup(issue);
    await user.click(screen.getByRole('button', { name: 'Edit issue Crash on save' }));
    expect(handlers.onEdit).toHaveBeenCalledWith(issue.id);
    await user.click(screen.getByRole('button', { name: 'Close details' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(handlers.onClose).toHaveBeenCalledTimes(2);

    await user.click(screen.getByRole('button', { name: 'Delete issue Crash on save' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete issue?' });
    expect(dialog).toHaveTextContent('Delete the issue "Crash on save" with all its comments?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(handlers.onDelete).toHaveBeenCalledExactlyOnceWith(issue.id);
  });

  it('starts with an empty comment field when another issue is shown', async () => {
    const board = testBoard();
    const first = board.addIssue('Backlog', { title: 'First' });
    const second = board.addIssue('Backlog', { title: 'Second' });
    const { user, handlers, view } = setup(first);
    await user.type(screen.getByLabelText('New comment'), 'draft for first');
    view.rerender(<IssueDetailsPanel issue={second} phaseName="Backlog" {...handlers} />);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Second');
    expect(screen.getByLabelText('New comment')).toHaveValue('');
    view.rerender(<IssueDetailsPanel issue={null} phaseName={null} {...handlers} />);
    expect(screen.getByRole('heading', { name: 'Select an issue' })).toBeInTheDocument();
  });

  it('moves the issue to the phase chosen, offering a full phase as full and disabled', async () => {
    const user = userEvent.setup();
    const onMoveToPhase = vi.fn();
    render(
      <IssueDetailsPanel
        issue={commentedIssue()}
        phaseName="To Do"
        phaseId="todo"
        phases={[
          { id: 'backlog', name: 'Backlog', full: false },
          { id: 'todo', name: 'To Do', full: false },
          { id: 'review', name: 'Review', full: true },
          { id: 'done', name: 'Done', full: false },
        ]}
        {...actions({ onMoveToPhase })}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Phase' });
    expect(select).toHaveValue('todo');
    expect(screen.getByRole('option', { name: 'Review (full)' })).toBeDisabled();
    await user.selectOptions(select, 'Done');
    expect(onMoveToPhase).toHaveBeenCalledWith(expect.any(String), 'done');
  });
});
