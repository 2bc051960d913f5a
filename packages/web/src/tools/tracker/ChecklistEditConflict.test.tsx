/**
 * A checklist item renamed by a teammate while the member edits its text (spec §4 version
 * conflict): the edit goes from the text it began with, so the rename is not overwritten
 * silently — the member's text stays in the field, both are shown, and the choice saves. The
 * board is real tracker content changed by the real operations, the edit sent the way the pages
 * send it (issueDiscussionActions).
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { liveKanbanBoard, saveOutcome } from '../../testing/operations.ts';
import { ChecklistSection } from './Checklist.tsx';
import { issueDiscussionActions } from './issue-details-actions.ts';

/** A card with one checklist item, bob to rename it, and alice's checklist on screen. */
function openChecklist() {
  const { content, apply } = liveKanbanBoard();
  apply({
    type: 'addIssue',
    phaseId: content().phases[0]?.id ?? '',
    issue: { title: 'Release' },
    createdBy: 'alice',
  });
  const issueId = content().phases[0]?.issues[0]?.id ?? '';
  apply({ type: 'addChecklistItem', issueId, text: 'Write tests' });
  const items = () => content().phases[0]?.issues[0]?.checklist ?? [];
  const itemId = items()[0]?.id ?? '';
  const actions = issueDiscussionActions(
    (operation) => saveOutcome(() => apply(operation), 'bob').then((saved) => saved === true),
    'alice',
    (operation) => saveOutcome(() => apply(operation), 'bob'),
  );
  const section = () => (
    <ChecklistSection
      checklist={items()}
      onAdd={(text) => actions.onAddChecklistItem(issueId, text)}
      onUpdate={(id, changes, from) => actions.onUpdateChecklistItem(issueId, id, changes, from)}
      onDelete={(id) => actions.onDeleteChecklistItem(issueId, id)}
    />
  );
  const { rerender } = render(section());
  return {
    user: userEvent.setup(),
    text: () => items()[0]?.text,
    /** Bob renames the item from the text his screen showed; alice's screen shows it. */
    bobRenames(next: string) {
      apply({
        type: 'updateChecklistItem',
        issueId,
        itemId,
        changes: { text: next },
        from: { text: items()[0]?.text ?? '' },
      });
      rerender(section());
    },
  };
}

const field = () => screen.queryByRole('textbox', { name: /^Text of checklist item/ });

async function editAfterRename(mine: string) {
  const view = openChecklist();
  await view.user.click(screen.getByRole('button', { name: 'Edit checklist item Write tests' }));
  view.bobRenames('Write unit tests');
  const box = field();
  if (!box) throw new Error('the edit is open');
  await view.user.clear(box);
  await view.user.type(box, `${mine}{Enter}`);
  return view;
}

describe('a checklist item renamed by a teammate during an edit', () => {
  it('saves an edit of a text nobody changed', async () => {
    const view = openChecklist();
    await view.user.click(screen.getByRole('button', { name: 'Edit checklist item Write tests' }));
    await view.user.type(field() as HTMLElement, ' first{Enter}');
    expect(view.text()).toBe('Write tests first');
    expect(field()).toBeNull();
  });

  it('keeps the member’s text and shows both; nothing is saved before choosing', async () => {
    const view = await editAfterRename('Write e2e tests');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'bob saved a change to the same fields while you were editing.',
    );
    const group = screen.getByRole('group', { name: 'Checklist item text' });
    expect(within(group).getByRole('radio', { name: /Mine\s*Write e2e tests/ })).toBeVisible();
    expect(within(group).getByRole('radio', { name: /bob's\s*Write unit tests/ })).toBeVisible();
    expect(field()).toHaveValue('Write e2e tests');
    expect(view.text()).toBe('Write unit tests');
  });

  it('saves the member’s text when chosen', async () => {
    const mine = await editAfterRename('Write e2e tests');
    await mine.user.click(screen.getByRole('radio', { name: /Mine/ }));
    await mine.user.click(screen.getByRole('button', { name: 'Save with these choices' }));
    expect(mine.text()).toBe('Write e2e tests');
    expect(field()).toBeNull();
  });

  it('keeps the teammate’s text when chosen and closes the edit', async () => {
    const theirs = await editAfterRename('Write e2e tests');
    await theirs.user.click(screen.getByRole('radio', { name: /bob's/ }));
    await theirs.user.click(screen.getByRole('button', { name: 'Save with these choices' }));
    expect(theirs.text()).toBe('Write unit tests');
    expect(field()).toBeNull();
  });
});
