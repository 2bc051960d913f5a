/**
 * Edits made offline meet a teammate's changes (offline mode, spec §4 version conflict) on a
 * Kanban board, two members in two browser contexts against a real server. Alice's page stays
 * open while her browser loses the network; her edits wait in the offline queue and are replayed
 * when it is back. A replayed edit carries only the fields she changed, with the values they
 * had: bob's changes to other fields made meanwhile stay. Where bob changed the same field, the
 * change is listed as not applied, with both values, and saved the way she chooses.
 */
import type { Locator, Page } from '@playwright/test';

import { expect, test } from './fixtures.ts';
import {
  addKanbanCard,
  kanbanCard,
  kanbanColumn,
  kanbanShown,
  twoMembersOn,
  type TwoMembers,
} from './support.ts';

const saveStatus = (page: Page) => page.locator('.tool-header .tool-save-status');
const description = (page: Page, title: string) =>
  kanbanCard(page, title).locator('.kanban-card-description');
const priority = (page: Page, title: string) => kanbanCard(page, title).locator('.kanban-priority');
const UNAPPLIED = 'These changes made offline could not be applied:';

/** Opens the edit dialog of the card `title` on `page`. */
async function openEdit(page: Page, title: string): Promise<Locator> {
  await page.getByRole('button', { name: `Edit card ${title}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Card' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function saveAndClose(dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** Changes the description of the card `title` through its edit dialog. */
async function editDescription(page: Page, title: string, text: string): Promise<void> {
  const dialog = await openEdit(page, title);
  await dialog.getByRole('textbox', { name: 'Description', exact: true }).fill(text);
  await saveAndClose(dialog);
  await expect(description(page, title)).toHaveText(text);
}

/**
 * One space for both tests, its two members signed in once per worker: each test works on cards
 * of its own and leaves alice online. A failed test ends its worker, so the next one starts with
 * a fresh space.
 */
const withMembers = test.extend<object, { members: TwoMembers }>({
  members: [
    async ({ browser, server }, use) => {
      const members = await twoMembersOn(browser, server, '/tools/kanban', {
        prefix: 'OfflineMerge',
        shown: kanbanShown,
      });
      await use(members);
      await members.close();
    },
    { scope: 'worker' },
  ],
});

withMembers(
  'edits made offline keep what a teammate changed in other fields meanwhile',
  async ({ members }) => {
    const { alicePage, bobPage, aliceContext } = members;
    await addKanbanCard(alicePage, 'Backlog', { title: 'Otter', description: 'Otter plan' });
    await addKanbanCard(alicePage, 'Backlog', { title: 'Beaver', description: 'Beaver plan' });
    await expect(kanbanCard(kanbanColumn(bobPage, 'Backlog'), 'Beaver')).toBeVisible();

    // Alice offline: both descriptions changed, waiting.
    await aliceContext.setOffline(true);
    await editDescription(alicePage, 'Otter', 'Otter plan, written offline');
    await editDescription(alicePage, 'Beaver', 'Beaver plan, written offline');
    await expect(saveStatus(alicePage)).toHaveText('Offline — 2 changes waiting');

    // Bob, online: the title of one card, the priority of the other.
    const rename = await openEdit(bobPage, 'Otter');
    await rename.getByRole('textbox', { name: 'Title', exact: true }).fill('Sea otter');
    await saveAndClose(rename);
    const prioritise = await openEdit(bobPage, 'Beaver');
    await prioritise.getByLabel('Priority').selectOption('High');
    await saveAndClose(prioritise);
    await expect(priority(bobPage, 'Beaver')).toHaveText('High');

    // Back online: all four changes on both screens, nothing reported.
    await aliceContext.setOffline(false);
    await expect(saveStatus(alicePage)).toHaveText('All changes saved', { timeout: 20_000 });
    for (const page of [alicePage, bobPage]) {
      await expect(description(page, 'Sea otter')).toHaveText('Otter plan, written offline');
      await expect(description(page, 'Beaver')).toHaveText('Beaver plan, written offline');
      await expect(priority(page, 'Beaver')).toHaveText('High');
      await expect(kanbanCard(page, 'Otter')).toHaveCount(0);
      await expect(page.getByText(UNAPPLIED)).toHaveCount(0);
    }
    // As stored.
    await bobPage.reload();
    await kanbanShown(bobPage);
    await expect(description(bobPage, 'Sea otter')).toHaveText('Otter plan, written offline');
    await expect(description(bobPage, 'Beaver')).toHaveText('Beaver plan, written offline');
    await expect(priority(bobPage, 'Beaver')).toHaveText('High');
  },
);

withMembers(
  'an edit made offline that meets a teammate’s change to the same field waits for the member’s choice',
  async ({ members }) => {
    const { alicePage, bobPage, aliceContext } = members;
    await addKanbanCard(alicePage, 'To Do', { title: 'Marten', description: 'Marten plan' });
    await expect(description(bobPage, 'Marten')).toHaveText('Marten plan');

    await aliceContext.setOffline(true);
    await editDescription(alicePage, 'Marten', 'Marten plan by alice');
    await expect(saveStatus(alicePage)).toHaveText('Offline — 1 change waiting');
    await editDescription(bobPage, 'Marten', 'Marten plan by bob');

    // Back online: the change is listed as not applied, with both values; bob's stays meanwhile.
    await aliceContext.setOffline(false);
    const report = alicePage.locator('.tool-unapplied');
    await expect(report).toContainText(UNAPPLIED, { timeout: 20_000 });
    // The only change listed.
    const entry = report.getByRole('listitem').filter({ hasText: /^Edit card "Marten"/ });
    await expect(report.getByRole('listitem')).toHaveCount(1);
    await expect(entry.getByRole('alert')).toHaveText(
      'bob saved a change to the same fields while you were editing. Nothing is lost yet: choose what to keep for each.',
    );
    const field = entry.getByRole('group', { name: 'Description' });
    const value = (choice: RegExp) =>
      field
        .locator('label')
        .filter({ has: alicePage.getByRole('radio', { name: choice }) })
        .locator('.edit-conflict-value');
    await expect(value(/^Mine/)).toHaveText('Marten plan by alice');
    await expect(value(/^bob's/)).toHaveText('Marten plan by bob');
    for (const page of [alicePage, bobPage])
      await expect(description(page, 'Marten')).toHaveText('Marten plan by bob');

    // "Mine" saves hers.
    await field.getByRole('radio', { name: /^Mine/ }).check();
    await entry.getByRole('button', { name: 'Save with these choices' }).click();
    for (const page of [alicePage, bobPage])
      await expect(description(page, 'Marten')).toHaveText('Marten plan by alice');
    // Nothing else was waiting: the report is gone.
    await expect(report).toHaveCount(0);
  },
);
