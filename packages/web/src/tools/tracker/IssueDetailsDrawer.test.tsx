import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { Issue } from '@cipherspace/tools/tracker';
import { testBoard } from '../ticket/test-board.ts';
import { DETAILS_GONE_CLOSE_MS, IssueDetailsDrawer } from './IssueDetailsDrawer.tsx';

function card(): { issue: Issue; comment: (text: string, by: string) => Issue } {
  const board = testBoard();
  const issue = board.addIssue(
    'To Do',
    {
      title: 'Fix the login',
      description: 'See **the logs**',
      priority: 'High',
      assignedPerson: 'bob',
    },
    'alice',
  );
  return {
    issue,
    comment: (text, by) => board.addComment(issue.id, text, by, '2024-03-08T09:00:00.000Z'),
  };
}

function drawer(issue: Issue | null, issueId: string | null, overrides = {}) {
  const props = {
    issueId,
    issue,
    phaseName: 'To Do',
    me: 'bob',
    members: ['alice', 'bob'],
    onEdit: vi.fn(),
    onClose: vi.fn(),
    onAddComment: vi.fn(() => Promise.resolve(true)),
    onUpdateComment: vi.fn(() => Promise.resolve(true)),
    onDeleteComment: vi.fn(() => Promise.resolve(true)),
    onAddChecklistItem: vi.fn(() => Promise.resolve(true)),
    onUpdateChecklistItem: vi.fn(() => Promise.resolve(true)),
    onDeleteChecklistItem: vi.fn(() => Promise.resolve(true)),
    ...overrides,
  };
  return { props, element: <IssueDetailsDrawer {...props} /> };
}

afterEach(() => vi.useRealTimers());

describe('IssueDetailsDrawer (Kanban card details)', () => {
  it('shows the card, focuses its title, and follows live changes', () => {
    const { issue, comment } = card();
    const { element, props } = drawer(issue, issue.id);
    const view = render(element);
    const dialog = screen.getByRole('dialog', { name: 'Fix the login' });
    expect(within(dialog).getByRole('heading', { level: 2 })).toHaveFocus();
    const fact = (term: string) => within(dialog).getByText(term).nextElementSibling;
    expect(fact('Column')).toHaveTextContent('To Do');
    expect(fact('Assigned to')).toHaveTextContent('bob');
    expect(within(dialog).getByText('the logs').tagName).toBe('STRONG');
    expect(within(dialog).getByText('No comments yet. Be the first to comment!')).toBeVisible();

    view.rerender(<IssueDetailsDrawer {...props} issue={comment('@bob have a look', 'alice')} />);
    expect(within(dialog).getByRole('heading', { name: 'Comments (1)' })).toBeInTheDocument();
    expect(within(dialog).getByText('@bob')).toHaveClass('mention-me');
  });

  it('opens the card form from Edit and closes with Escape, Close and the X', async () => {
    const user = userEvent.setup();
    const { issue } = card();
    const { element, props } = drawer(issue, issue.id);
    render(element);
    await user.click(screen.getByRole('button', { name: 'Edit card Fix the login' }));
    expect(props.onEdit).toHaveBeenCalledWith(issue);
    await user.click(screen.getByRole('button', { name: 'Close card details' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.keyboard('{Escape}');
    expect(props.onClose).toHaveBeenCalledTimes(3);
  });

  it('closes only the mention list on Escape inside the comment box', async () => {
    const user = userEvent.setup();
    const { issue } = card();
    const { element, props } = drawer(issue, issue.id);
    render(element);
    await user.type(screen.getByRole('combobox', { name: 'New comment' }), '@al');
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(props.onClose).not.toHaveBeenCalled();
  });

  it('says so when the card was deleted meanwhile, then closes', () => {
    vi.useFakeTimers();
    const { issue } = card();
    const { element, props } = drawer(issue, issue.id);
    const view = render(element);
    view.rerender(<IssueDetailsDrawer {...props} issue={null} />);
    expect(screen.getByRole('alert')).toHaveTextContent('This card was deleted by another member.');
    expect(screen.getByRole('dialog', { name: 'Fix the login' })).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(DETAILS_GONE_CLOSE_MS - 1);
    });
    expect(props.onClose).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(props.onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(props.onClose).toHaveBeenCalledTimes(2);
  });

  it('renders nothing while closed', () => {
    render(drawer(null, null).element);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
