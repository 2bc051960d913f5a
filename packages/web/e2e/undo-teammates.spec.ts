/**
 * Undo reverts only the member's own change, whatever teammates did since elsewhere on the
 * board: on Kanban, in two browser contexts against a real server, alice adds a card, bob adds
 * one in another column, and alice's Undo removes hers on both screens while bob's stays,
 * without a "can't be undone" message; her Redo brings it back.
 */
import { expect, test } from './fixtures.ts';
import { addKanbanCard, kanbanCard, kanbanColumn, kanbanShown, twoMembersOn } from './support.ts';

test('undo after a teammate added a card elsewhere removes only the member’s own card; redo restores it', async ({
  browser,
  server,
}) => {
  const members = await twoMembersOn(browser, server, '/tools/kanban', {
    prefix: 'UndoTeammates',
    shown: kanbanShown,
  });
  try {
    const { alicePage, bobPage } = members;
    await addKanbanCard(alicePage, 'Backlog', 'Card by alice');
    await expect(kanbanCard(kanbanColumn(bobPage, 'Backlog'), 'Card by alice')).toBeVisible();
    await addKanbanCard(bobPage, 'To Do', 'Card by bob');
    await expect(kanbanCard(kanbanColumn(alicePage, 'To Do'), 'Card by bob')).toBeVisible();

    await alicePage.getByRole('button', { name: 'Undo', exact: true }).click();
    for (const page of [alicePage, bobPage]) {
      await expect(kanbanCard(page, 'Card by alice')).toHaveCount(0);
      await expect(kanbanCard(kanbanColumn(page, 'To Do'), 'Card by bob')).toBeVisible();
    }
    // Undone whole: no message that it could not be, or only in part.
    await expect(alicePage.getByText("can't be undone")).toHaveCount(0);
    await expect(alicePage.getByText(/^Undone, except/)).toHaveCount(0);

    await alicePage.getByRole('button', { name: 'Redo', exact: true }).click();
    for (const page of [alicePage, bobPage]) {
      await expect(kanbanCard(kanbanColumn(page, 'Backlog'), 'Card by alice')).toBeVisible();
      await expect(kanbanCard(kanbanColumn(page, 'To Do'), 'Card by bob')).toBeVisible();
    }
    await expect(alicePage.getByText("can't be redone")).toHaveCount(0);
  } finally {
    await members.close();
  }
});
