/**
 * The issue dialog when a teammate saved the same issue while it was open (spec §4 version
 * conflict): an edit sends only what the member changed, a real conflict shows both values and
 * who made the other change, and each choice saves what it says. The board here is real tracker
 * content changed by the real operations, as the sync engine would apply them.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { editBetween } from '@cipherspace/tools';
import { ISSUE_TYPES, type Issue } from '@cipherspace/tools/tracker';
import { liveKanbanBoard, saveOutcome } from '../../testing/operations.ts';
import type { SaveOutcome } from '../content/EditConflictPanel.tsx';
import { IssueFormModal, type IssueFormValues } from './IssueFormModal.tsx';

/** A board with one card, and a way to change it as a teammate or through the dialog. */
function board(card: Partial<Issue>) {
  const { content, apply } = liveKanbanBoard();
  apply({
    type: 'addIssue',
    phaseId: content().phases[0]?.id ?? '',
    issue: { title: 'Login bug', ...card },
    createdBy: 'alice',
  });
  const issue = () => {
    const found = content().phases[0]?.issues[0];
    if (!found) throw new Error('no card');
    return found;
  };
  const id = issue().id;
  return {
    issue,
    /** Bob saves `changes` from what he saw. */
    teammate(changes: Partial<IssueFormValues>) {
      const { changes: changed, from } = editBetween(issue(), changes);
      apply({ type: 'updateIssue', issueId: id, changes: changed, from });
    },
    /** What the page does with the dialog's values: the edit from its base, or Bob's conflict. */
    save(values: IssueFormValues, base: IssueFormValues): Promise<SaveOutcome> {
      return saveOutcome(
        () => apply({ type: 'updateIssue', issueId: id, ...editBetween(base, values) }),
        'bob',
      );
    },
  };
}

function openDialog(shared: ReturnType<typeof board>) {
  const user = userEvent.setup();
  let closed = false;
  render(
    <IssueFormModal
      open
      mode="edit"
      noun="card"
      subject={shared.issue().id}
      initial={shared.issue()}
      issueTypes={ISSUE_TYPES}
      defaultType="Task"
      teamMembers={[]}
      onSubmit={(values, base) => shared.save(values, base)}
      onClose={() => {
        closed = true;
      }}
    />,
  );
  return { user, closed: () => closed };
}

describe('IssueFormModal with a teammate’s change saved meanwhile', () => {
  it('keeps the teammate’s change to another field and saves only the member’s', async () => {
    const shared = board({ description: 'Steps', priority: 'Low' });
    const { user, closed } = openDialog(shared);
    shared.teammate({ priority: 'High' });
    await user.clear(screen.getByLabelText('Description'));
    await user.type(screen.getByLabelText('Description'), 'Better steps');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(closed()).toBe(true);
    expect(shared.issue()).toMatchObject({ description: 'Better steps', priority: 'High' });
  });

  it('shows both values and who changed them, and keeps theirs when chosen', async () => {
    const shared = board({ description: 'Steps' });
    const { user, closed } = openDialog(shared);
    shared.teammate({ title: 'Login fails on Safari' });
    await user.clear(screen.getByLabelText('Title'));
    await user.type(screen.getByLabelText('Title'), 'Login broken');
    await user.clear(screen.getByLabelText('Description'));
    await user.type(screen.getByLabelText('Description'), 'More steps');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(closed()).toBe(false);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'bob saved a change to the same fields while you were editing.',
    );
    const title = screen.getByRole('group', { name: 'Title' });
    expect(within(title).getByRole('radio', { name: /Mine\s*Login broken/ })).toBeInTheDocument();
    expect(
      within(title).getByRole('radio', { name: /bob's\s*Login fails on Safari/ }),
    ).toBeInTheDocument();
    // Nothing is saved before the member has chosen.
    const apply = screen.getByRole('button', { name: 'Save with these choices' });
    expect(apply).toBeDisabled();
    expect(shared.issue()).toMatchObject({ title: 'Login fails on Safari', description: 'Steps' });

    await user.click(within(title).getByRole('radio', { name: /bob's/ }));
    await user.click(apply);
    expect(closed()).toBe(true);
    expect(shared.issue()).toMatchObject({
      title: 'Login fails on Safari',
      description: 'More steps',
    });
  });

  it('saves the member’s value over theirs when chosen', async () => {
    const shared = board({});
    const { user, closed } = openDialog(shared);
    shared.teammate({ priority: 'High' });
    await user.selectOptions(screen.getByLabelText('Priority'), 'Critical');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const priority = screen.getByRole('group', { name: 'Priority' });
    expect(within(priority).getByRole('radio', { name: /bob's\s*High/ })).toBeInTheDocument();
    await user.click(within(priority).getByRole('radio', { name: /Mine\s*Critical/ }));
    await user.click(screen.getByRole('button', { name: 'Save with these choices' }));
    expect(closed()).toBe(true);
    expect(shared.issue().priority).toBe('Critical');
  });

  it('offers both for a text both changed on different lines, and saves the merged text', async () => {
    const shared = board({ description: 'one\ntwo\nthree' });
    const { user, closed } = openDialog(shared);
    shared.teammate({ description: 'one\ntwo\nTHREE' });
    const description = screen.getByLabelText('Description');
    await user.clear(description);
    await user.type(description, 'ONE{Enter}two{Enter}three');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const group = screen.getByRole('group', { name: 'Description' });
    await user.click(within(group).getByRole('radio', { name: /Both \(merged\)/ }));
    await user.click(screen.getByRole('button', { name: 'Save with these choices' }));
    expect(closed()).toBe(true);
    expect(shared.issue().description).toBe('ONE\ntwo\nTHREE');
  });

  it('offers no merge where both changed the same line', async () => {
    const shared = board({ title: 'Login bug' });
    openDialog(shared);
    shared.teammate({ title: 'Login issue' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Title'), '!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const group = screen.getByRole('group', { name: 'Title' });
    expect(within(group).getAllByRole('radio')).toHaveLength(2);
  });
});
