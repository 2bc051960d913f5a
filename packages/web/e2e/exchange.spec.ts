/**
 * Import and export of tracker boards in the browser (spec §3 Shared phase/issue tool content):
 * one member imports a Trello board into Kanban and a Jira CSV into Issue Management after a
 * preview of where the cards go and what is skipped, and the other member sees the imported
 * cards live; a file of the wrong kind changes nothing; the board's CSV and JSON exports
 * download, and the JSON re-imports into another space's fresh board with the same cards.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import type { Page } from '@playwright/test';

import { expect, test } from './fixtures.ts';
import {
  kanbanCard,
  kanbanColumn,
  kanbanShown,
  setUpSpace,
  signIn,
  ticketPhase,
  ticketShown,
  twoMembersOn,
} from './support.ts';

const FIXTURES = new URL('../../tools/src/tracker/exchange/fixtures/', import.meta.url);
const TRELLO_FILE = fileURLToPath(new URL('trello-board.json', FIXTURES));
const JIRA_FILE = fileURLToPath(new URL('jira-issues.csv', FIXTURES));

/** Opens the header's Import / Export menu and picks `item`. */
async function pick(page: Page, item: string): Promise<void> {
  await page.getByRole('button', { name: 'Import / Export' }).click();
  await page
    .getByRole('menu', { name: 'Import / Export' })
    .getByRole('menuitem', { name: item })
    .click();
}

/** Picks an import of the menu and chooses `file` in the browser's file dialog. */
async function chooseImport(page: Page, item: string, file: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await pick(page, item);
  await (await chooser).setFiles(file);
}

test('a Trello board imported into Kanban after a preview shows up for the other member', async ({
  browser,
  server,
}) => {
  const members = await twoMembersOn(browser, server, '/tools/kanban', {
    prefix: 'Exchange',
    shown: kanbanShown,
  });
  const a = members.alicePage;
  const b = members.bobPage;
  try {
    // A file of the wrong kind: a clear message, nothing changes.
    await chooseImport(a, 'Import from Trello (JSON)', JIRA_FILE);
    await expect(a.getByRole('alert')).toHaveText(
      'This file is not a Trello board export (JSON). Nothing was changed.',
    );
    await expect(a.getByRole('dialog')).toBeHidden();

    await chooseImport(a, 'Import from Trello (JSON)', TRELLO_FILE);
    const dialog = a.getByRole('dialog', { name: 'Import trello-board.json' });
    await expect(dialog.getByText('To import: 7 cards into 2 columns.')).toBeVisible();
    const rows = dialog.getByRole('table').getByRole('row');
    await expect(rows.nth(1)).toContainText('To Do');
    await expect(rows.nth(1)).toContainText('4');
    await expect(rows.nth(1)).toContainText('existing');
    await expect(rows.nth(2)).toContainText('Doing');
    await expect(rows.nth(2)).toContainText('3');
    await expect(rows.nth(2)).toContainText('new');
    await expect(dialog.getByRole('heading', { name: 'Skipped or changed (3)' })).toBeVisible();
    await expect(dialog.getByText('Old ideas: closed list, not imported')).toBeVisible();
    await expect(
      dialog.getByText(
        'Set up CI pipeline: more than one member, only the first is assigned (Bob Brown)',
      ),
    ).toBeVisible();
    // Nothing changes before Import.
    await expect(kanbanColumn(b, 'Doing')).toHaveCount(0);

    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(a.getByRole('status').filter({ hasText: 'Imported' })).toHaveText(
      'Imported 7 cards into 2 columns; 3 items skipped',
    );
    for (const page of [a, b]) {
      await expect(kanbanCard(kanbanColumn(page, 'Doing'), 'Implement login API')).toBeVisible();
      await expect(
        kanbanCard(kanbanColumn(page, 'Doing'), 'Translate texts to German'),
      ).toBeVisible();
      await expect(
        kanbanCard(kanbanColumn(page, 'To Do'), 'Design new landing page'),
      ).toBeVisible();
      await expect(kanbanCard(kanbanColumn(page, 'To Do'), 'Write privacy page')).toBeVisible();
      await expect(kanbanCard(page, 'Chatbot idea')).toHaveCount(0);
    }

    // Export CSV and JSON; the JSON goes into a fresh board of another space.
    const csvDownload = a.waitForEvent('download');
    await pick(a, 'Export CSV');
    const csv = await csvDownload;
    expect(csv.suggestedFilename()).toMatch(/^Kanban Board-\d{4}-\d{2}-\d{2}\.csv$/);
    const csvText = readFileSync(await csv.path(), 'utf8');
    expect(csvText.split('\r\n')[0]).toBe(
      'ID,Number,Title,Description,Column,Type,Priority,Estimation,Assignee,Tags,Due date,Checklist,Created,Created by,Archived',
    );
    expect(csvText).toContain('Design new landing page');
    expect(csvText).toContain('Frontend;Urgent');

    const jsonDownload = a.waitForEvent('download');
    await pick(a, 'Export JSON');
    const json = await jsonDownload;
    expect(json.suggestedFilename()).toMatch(/^Kanban Board-\d{4}-\d{2}-\d{2}\.json$/);
    const jsonPath = await json.path();
    const exported = JSON.parse(readFileSync(jsonPath, 'utf8')) as {
      phases: { name: string; issues: { title: string; archived?: boolean }[] }[];
    };

    const [carol] = await setUpSpace(server, ['carol'], { prefix: 'Fresh' });
    if (!carol) throw new Error('space set-up failed');
    const context = await browser.newContext();
    try {
      const c = await context.newPage();
      await signIn(c, server, carol, '/tools/kanban');
      await kanbanShown(c);
      await chooseImport(c, 'Import from Cipherspace (JSON)', jsonPath);
      const again = c.getByRole('dialog', { name: /^Import / });
      await expect(again.getByText('To import: 7 cards into 2 columns.')).toBeVisible();
      await expect(again.getByText('Nothing is skipped.')).toBeVisible();
      await again.getByRole('button', { name: 'Import', exact: true }).click();
      await expect(again).toBeHidden();
      for (const phase of exported.phases)
        for (const issue of phase.issues.filter((item) => item.archived !== true))
          await expect(kanbanCard(kanbanColumn(c, phase.name), issue.title)).toBeVisible();
    } finally {
      await context.close();
    }
  } finally {
    await members.close();
  }
});

test('a Jira CSV imported into Issue Management shows its issues in their phases for both', async ({
  browser,
  server,
}) => {
  const members = await twoMembersOn(browser, server, '/tools/ticket', {
    prefix: 'Jira',
    shown: ticketShown,
  });
  const a = members.alicePage;
  const b = members.bobPage;
  try {
    await chooseImport(a, 'Import from Jira (CSV)', JIRA_FILE);
    const dialog = a.getByRole('dialog', { name: 'Import jira-issues.csv' });
    await expect(dialog.getByText('To import: 6 issues into 3 phases.')).toBeVisible();
    await expect(dialog.getByRole('columnheader', { name: 'Phase' })).toBeVisible();
    const rows = dialog.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(4);
    for (const [index, name] of ['To Do', 'In Progress', 'Done'].entries()) {
      await expect(rows.nth(index + 1)).toContainText(name);
      await expect(rows.nth(index + 1)).toContainText('2');
      await expect(rows.nth(index + 1)).toContainText('existing');
    }
    await expect(dialog.getByRole('heading', { name: 'Skipped or changed (3)' })).toBeVisible();
    await expect(
      dialog.getByText('WEB-105 Investigate flaky test: unknown type, imported as Task (Sub-task)'),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(a.getByRole('status').filter({ hasText: 'Imported' })).toHaveText(
      'Imported 6 issues into 3 phases; 3 items skipped',
    );
    const placed: [string, string][] = [
      ['To Do', 'Login fails with SSO'],
      ['To Do', 'Clean up logging'],
      ['In Progress', 'Add dark mode'],
      ['In Progress', 'Quarterly planning'],
      ['Done', 'Update dependencies'],
      ['Done', 'Investigate flaky test'],
    ];
    for (const page of [a, b])
      for (const [phase, title] of placed)
        await expect(ticketPhase(page, phase).getByRole('button', { name: title })).toBeVisible();

    // The import is one change: one Undo takes it all back on both screens, one Redo brings it.
    await a.getByRole('button', { name: 'Undo', exact: true }).click();
    for (const page of [a, b])
      for (const [phase, title] of placed)
        await expect(ticketPhase(page, phase).getByRole('button', { name: title })).toHaveCount(0);
    await expect(a.getByText("can't be undone")).toHaveCount(0);
    await a.getByRole('button', { name: 'Redo', exact: true }).click();
    for (const page of [a, b])
      for (const [phase, title] of placed)
        await expect(ticketPhase(page, phase).getByRole('button', { name: title })).toBeVisible();
  } finally {
    await members.close();
  }
});
