/**
 * The mention picker on a board imported from Jira: the import brings the full name "Bob Brown"
 * as team member and assignee, while the space's member is "bob". Only names `@` can mention are
 * offered, and the one chosen is highlighted, notified and marked unread.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import {
  addComment,
  applyImportPlan,
  defaultContent,
  mentionsIn,
  notificationsFor,
  parseJiraCsv,
  type TrackerContent,
} from '@cipherspace/tools/tracker';
import { CommentsPanel } from './CommentsPanel.tsx';
import { mentionMembersOf } from './mention-members.ts';
import { unreadMentionIssues } from './mention-unread.ts';

const SPACE_MEMBERS = ['alice', 'bob', 'Bobby Tables Jr'];
const JIRA = [
  'Summary,Issue key,Issue Type,Status,Priority,Assignee,Reporter',
  'Fix login,WEB-1,Bug,To Do,High,Bob Brown,BOB',
].join('\n');

function importedBoard(): TrackerContent {
  let id = 0;
  const ctx = { newId: () => `id-${String(++id)}`, now: () => '2026-12-07T10:00:00.000Z' };
  return applyImportPlan(defaultContent('kanban', ctx), parseJiraCsv(JIRA), ctx, { by: 'alice' });
}

function onlyIssue(content: TrackerContent) {
  const issue = content.phases.flatMap((phase) => phase.issues)[0];
  if (!issue) throw new Error('no issue');
  return issue;
}

describe('mentionMembersOf', () => {
  it('offers the space’s members and the board’s mentionable names, once each', () => {
    const board = importedBoard();
    // The import made the full name a team member and the assignee.
    expect(board.teamMembers).toContain('Bob Brown');
    expect(onlyIssue(board).assignedPerson).toBe('Bob Brown');
    // "BOB" (the reporter) is the space's "bob"; no full name can be mentioned.
    expect(mentionMembersOf(SPACE_MEMBERS, board)).toEqual(['alice', 'bob']);
    expect(mentionMembersOf([], board)).toEqual(['BOB']);
    expect(mentionMembersOf(['Zoë', 'adam'], null, 'de')).toEqual(['adam', 'Zoë']);
  });
});

describe('mention picker on an imported board', () => {
  it('offers "bob", not "Bob Brown"; the mention is highlighted, notified and unread', async () => {
    const user = userEvent.setup();
    const before = importedBoard();
    const issue = onlyIssue(before);
    const members = mentionMembersOf(SPACE_MEMBERS, before);
    const onAdd = vi.fn(() => Promise.resolve(true));
    const noop = vi.fn(() => Promise.resolve(true));
    const { unmount } = render(
      <CommentsPanel
        comments={issue.comments}
        me="alice"
        members={members}
        onAdd={onAdd}
        onUpdate={noop}
        onDelete={noop}
      />,
    );
    const box = screen.getByRole('combobox', { name: 'New comment' });
    await user.type(box, 'Please check @b');
    const list = screen.getByRole('listbox', { name: 'Members to mention' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['@bob']);
    expect(within(list).queryByRole('option', { name: '@Bob Brown' })).toBeNull();
    await user.click(within(list).getByRole('option', { name: '@bob' }));
    expect(box).toHaveValue('Please check @bob ');
    await user.type(box, 'today{Control>}{Enter}{/Control}');
    expect(onAdd).toHaveBeenCalledExactlyOnceWith('Please check @bob today');
    unmount();

    // The comment as the board stores it: it mentions bob, who is told and sees it unread.
    let id = 100;
    const ctx = { newId: () => `id-${String(++id)}`, now: () => '2026-12-07T11:00:00.000Z' };
    const text = 'Please check @bob today';
    const after = addComment(before, { issueId: issue.id, content: text, createdBy: 'alice' }, ctx);
    expect(mentionsIn(text, members)).toEqual(['bob']);
    expect(notificationsFor('bob', 'alice', before, after)).toEqual([
      expect.objectContaining({ kind: 'mentioned', issueId: issue.id, by: 'alice' }),
    ]);
    expect(unreadMentionIssues(after, 'bob', new Set())).toEqual(new Set([issue.id]));

    render(
      <CommentsPanel
        comments={onlyIssue(after).comments}
        me="bob"
        members={members}
        onAdd={onAdd}
        onUpdate={noop}
        onDelete={noop}
      />,
    );
    expect(screen.getByText('@bob')).toHaveClass('mention', 'mention-me');
  });
});
