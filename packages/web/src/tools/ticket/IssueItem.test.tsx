import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { TICKET_DEFAULT_SETTINGS, type Issue } from '@cipherspace/tools/tracker';
import { IssueItem, type IssueDisplayFlags } from './IssueItem.tsx';
import { testBoard } from './test-board.ts';
import { formatDateTime } from '../../lib/date-format.ts';

const ALL_SHOWN: IssueDisplayFlags = TICKET_DEFAULT_SETTINGS;

function renderItem(issue: Issue, flags = ALL_SHOWN, selected = false) {
  const onSelect = vi.fn();
  render(
    <ul>
      <IssueItem issue={issue} selected={selected} flags={flags} onSelect={onSelect} />
    </ul>,
  );
  return { onSelect, button: screen.getByRole('button') };
}

describe('IssueItem (spec §2 /tools/ticket issue items)', () => {
  it.each([
    ['Task', 'T'],
    ['Bug', 'B'],
    ['User Story', 'U'],
    ['Epic', 'E'],
  ] as const)('shows the letter badge of a %s as %s', (type, letter) => {
    const issue = testBoard().addIssue('Backlog', { title: 'Typed', type });
    const { button } = renderItem(issue);
    const badge = within(button).getByTitle(type);
    expect(badge).toHaveTextContent(letter);
    // Screen readers hear the type's name, not the letter.
    expect(button).toHaveAccessibleName(new RegExp(`^${type} Issue number 1 Typed`));
  });

  it('shows title, priority, assignee, estimation in pts, comment count and creator with date and time', () => {
    const board = testBoard();
    const issue = board.addIssue(
      'Backlog',
      { title: 'Login page', priority: 'Critical', estimation: '5', assignedPerson: 'bob' },
      'alice',
    );
    const commented = board.addComment(issue.id, 'ok', 'bob', '2024-03-06T10:00:00.000Z');
    const { button } = renderItem(commented);
    const created = formatDateTime(commented.createdAt, 'en');
    expect(button).toHaveTextContent('Login page');
    expect(button).toHaveTextContent('5 pts');
    expect(button).toHaveTextContent('Critical');
    expect(button).toHaveTextContent('bob');
    expect(button).toHaveTextContent('1 comment');
    expect(button).toHaveTextContent(`alice · ${created}`);
    expect(button).toHaveAccessibleName(
      `Task Issue number 1 Login page 5 pts Priority: Critical Assigned to bob 1 comment Created by alice on ${created}`,
    );
  });

  it('shows the ticket number as #n while showTicketNumbers is on, and not otherwise', () => {
    const board = testBoard();
    board.addIssue('Backlog', { title: 'First' });
    const second = board.addIssue('Backlog', { title: 'Second' });
    const { button } = renderItem(second);
    expect(within(button).getByText('#2')).toBeVisible();
    expect(button).toHaveAccessibleName(/^Task Issue number 2 Second/);
  });

  it('leaves the ticket number out when showTicketNumbers is off', () => {
    const issue = testBoard().addIssue('Backlog', { title: 'Plain' });
    const { button } = renderItem(issue, { ...ALL_SHOWN, showTicketNumbers: false });
    expect(button).not.toHaveTextContent('#1');
    expect(button).toHaveAccessibleName(/^Task Plain/);
  });

  it('shows a T-shirt estimation as its scale writes it, without pts', () => {
    const issue = testBoard().addIssue('Backlog', { title: 'Sized', estimation: 'M' }, 'alice');
    const { button } = renderItem(issue);
    expect(button.querySelector('.ticket-estimation')).toHaveTextContent(/^M$/);
    expect(button).not.toHaveTextContent('pts');
  });

  it('says Unassigned, leaves out an empty estimation and hides what the settings switch off', () => {
    const issue = testBoard().addIssue('Backlog', { title: 'Bare' });
    const { button } = renderItem(issue);
    expect(button).toHaveTextContent('Unassigned');
    expect(button).not.toHaveTextContent('pts');
    expect(button).toHaveTextContent('0 comments');
    const hidden: IssueDisplayFlags = {
      showPriority: false,
      showAssignedPerson: false,
      showEstimation: false,
      showComments: false,
    };
    const other = testBoard().addIssue('Backlog', { title: 'Hidden facts', estimation: '3' });
    render(
      <ul>
        <IssueItem issue={other} selected={false} flags={hidden} onSelect={vi.fn()} />
      </ul>,
    );
    const second = screen.getByRole('button', { name: /Hidden facts/ });
    expect(second).not.toHaveTextContent('pts');
    expect(second).not.toHaveTextContent('Priority');
    expect(second).not.toHaveTextContent('Unassigned');
    expect(second).not.toHaveTextContent('comments');
  });

  it('selects the issue by click and by keyboard, and marks the selected one', async () => {
    const user = userEvent.setup();
    const issue = testBoard().addIssue('Backlog', { title: 'Pick me' });
    const { onSelect, button } = renderItem(issue, ALL_SHOWN, true);
    expect(button).toHaveAttribute('aria-current', 'true');
    await user.click(button);
    button.focus();
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(onSelect).toHaveBeenCalledTimes(3);
    expect(onSelect).toHaveBeenCalledWith(issue.id);
  });

  it('asks for a one-step move on Alt with an arrow key, and selects on Enter as before', async () => {
    const user = userEvent.setup();
    const onStep = vi.fn();
    const onSelect = vi.fn();
    const issue = testBoard().addIssue('Backlog', { title: 'Movable' });
    render(
      <ul>
        <IssueItem
          issue={issue}
          selected={false}
          flags={ALL_SHOWN}
          onSelect={onSelect}
          onStep={onStep}
        />
      </ul>,
    );
    const button = screen.getByRole('button');
    button.focus();
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    await user.keyboard('{Alt>}{ArrowLeft}{/Alt}');
    expect(onStep.mock.calls).toEqual([
      [issue.id, 'down'],
      [issue.id, 'left'],
    ]);
    await user.keyboard('{ArrowDown}');
    expect(onStep).toHaveBeenCalledTimes(2);
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith(issue.id);
  });
});
