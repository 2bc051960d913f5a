/**
 * Planning on the tracker boards with two members (spec §2 /tools/kanban and /tools/ticket, §3
 * shared phase/issue content): a card with tags, a due date in the past and bob picked from the
 * space's members; a tag colour; a column renamed, recoloured and limited, warned at its limit;
 * a card archived (gone on both boards), found with the Archived toggle and restored from the
 * Archived dialog; compact cards; bob's daily reminder of his overdue card, shown once; and in
 * Issue Management an issue archived and restored, and a done phase archived at once and brought
 * back by one Undo. Every change shows on the other member's screen live.
 */
import type { Page } from '@playwright/test';

import { expect, test } from './fixtures.ts';
import {
  addKanbanCard,
  addTicketIssue,
  kanbanCard,
  kanbanColumn,
  kanbanShown,
  recordNotifications,
  ticketIssue,
  ticketPhase,
  ticketShown,
  twoMembersOn,
} from './support.ts';

/** A day long past, so the card is overdue whatever today is. */
const PAST_DAY = '2020-01-02';

/** Sets a tag's colour in the header's Tags dialog. */
async function setTagColor(page: Page, tag: string, color: string): Promise<void> {
  await page.getByRole('button', { name: 'Tags', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Tag colours' });
  await dialog.getByRole('button', { name: `${tag}: colour ${color}` }).click();
  await expect(dialog.getByRole('button', { name: `${tag}: colour ${color}` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toBeHidden();
}

test('Kanban: tags, due dates, WIP limits, archive and density, live on both screens', async ({
  browser,
  server,
}) => {
  const members = await twoMembersOn(browser, server, '/tools/kanban', {
    prefix: 'Plan',
    shown: kanbanShown,
  });
  const { alicePage: a, bobPage: b, bobContext } = members;
  try {
    // Bob has the board's notifications on: his overdue card reminds him once a day.
    await bobContext.grantPermissions(['notifications']);
    const notificationsOnB = await recordNotifications(b);
    await b.getByRole('button', { name: 'Notify me' }).click();
    await expect(b.getByRole('button', { name: 'Notifications on' })).toBeVisible();

    // A card with a description, two tags, a past due date and bob from the member picker.
    await kanbanColumn(a, 'To Do')
      .getByRole('button', { name: /^Add (first )?card to To Do$/ })
      .click();
    const form = a.getByRole('dialog', { name: 'Add Card' });
    await form.getByLabel('Title').fill('Plan release');
    await form.getByLabel('Description').fill('Ship version two');
    await form.getByLabel('Tags', { exact: true }).fill('release');
    await form.getByLabel('Tags', { exact: true }).press('Enter');
    await form.getByLabel('Tags', { exact: true }).fill('urgent,');
    await expect(form.getByRole('list', { name: 'Chosen tags' }).getByRole('listitem')).toHaveText([
      'release',
      'urgent',
    ]);
    await form.getByLabel('Due date').fill(PAST_DAY);
    const assignee = form.getByLabel('Assigned person');
    await assignee.fill('bo');
    const members_ = form.getByRole('listbox', { name: 'Members' });
    await expect(members_.getByRole('option')).toHaveText(['bob']);
    await members_.getByRole('option', { name: 'bob' }).click();
    await expect(assignee).toHaveValue('bob');
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(form).toBeHidden();

    const bobsCard = kanbanCard(kanbanColumn(b, 'To Do'), 'Plan release');
    await expect(bobsCard).toBeVisible();
    await expect(bobsCard.locator('.tracker-due-overdue')).toContainText('Overdue');
    await expect.poll(notificationsOnB).toContain('Overdue: Plan release');
    await expect(bobsCard.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText([
      'release',
      'urgent',
    ]);
    await expect(bobsCard).toContainText('bob');

    // A tag colour: the chip turns red on bob's screen, with readable white text.
    await setTagColor(a, 'release', '#dc3545');
    const chip = bobsCard.locator('.tracker-tag', { hasText: 'release' });
    await expect(chip).toHaveCSS('background-color', 'rgb(220, 53, 69)');
    await expect(chip).toHaveCSS('color', 'rgb(255, 255, 255)');

    // The column renamed, recoloured and limited to one card; both see the warning at the limit.
    await kanbanColumn(a, 'In Progress')
      .getByRole('button', { name: 'Edit column In Progress' })
      .click();
    const edit = a.getByRole('dialog', { name: 'Edit Column' });
    await edit.getByLabel('Name').fill('Doing');
    await edit.getByLabel('Blue').check();
    await edit.getByLabel('WIP limit').fill('1');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    const bobsDoing = kanbanColumn(b, 'Doing');
    await expect(bobsDoing).toBeVisible();
    await expect(bobsDoing).toHaveAttribute('style', /#17a2b8/);
    await expect(bobsDoing.locator('.kanban-column-count [aria-hidden="true"]')).toHaveText('0/1');
    await addKanbanCard(a, 'Doing', 'Review notes');
    await expect(
      bobsDoing.getByRole('status').filter({ hasText: 'At the limit of 1' }),
    ).toBeVisible();
    await expect(kanbanColumn(a, 'Doing')).toContainText('At the limit of 1');
    await expect(bobsDoing.locator('.kanban-column-count [aria-hidden="true"]')).toHaveText('1/1');

    // Archived: gone from both boards, found with the toggle, restored from the dialog.
    await kanbanCard(a, 'Plan release')
      .getByRole('button', { name: 'Archive card Plan release' })
      .click();
    await expect(kanbanCard(a, 'Plan release')).toHaveCount(0);
    await expect(kanbanCard(b, 'Plan release')).toHaveCount(0);
    await expect(b.getByRole('button', { name: 'Archived (1)' })).toBeVisible();
    const toggle = b.getByRole('search').getByRole('button', { name: 'Archived', exact: true });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    const shownArchived = kanbanCard(b, 'Plan release');
    await expect(shownArchived).toBeVisible();
    await expect(shownArchived.locator('.tracker-archived-badge')).toHaveText('Archived');
    await toggle.click();
    await expect(kanbanCard(b, 'Plan release')).toHaveCount(0);
    await b.getByRole('button', { name: 'Archived (1)' }).click();
    const archive = b.getByRole('dialog', { name: 'Archived cards' });
    await archive.getByLabel('Search archived').fill('release');
    await expect(archive).toContainText('Column: To Do');
    await archive.getByRole('button', { name: 'Restore card Plan release' }).click();
    await expect(archive).toContainText('No archived cards.');
    await archive.getByRole('button', { name: 'Close' }).last().click();
    await expect(kanbanCard(kanbanColumn(a, 'To Do'), 'Plan release')).toBeVisible();
    await expect(kanbanCard(kanbanColumn(b, 'To Do'), 'Plan release')).toBeVisible();

    // And from the card's details drawer.
    await kanbanCard(a, 'Plan release')
      .getByRole('button', { name: 'Open card Plan release', exact: true })
      .click();
    const drawer = a.getByRole('dialog', { name: 'Plan release' });
    await drawer.getByRole('button', { name: 'Archive card Plan release' }).click();
    await expect(kanbanCard(b, 'Plan release')).toHaveCount(0);
    await drawer.getByRole('button', { name: 'Restore card Plan release' }).click();
    await expect(kanbanCard(kanbanColumn(b, 'To Do'), 'Plan release')).toBeVisible();
    await drawer.getByRole('button', { name: 'Close', exact: true }).first().click();

    // Compact cards for alice only: title, badges and initials; bob keeps the full cards.
    await a.getByRole('button', { name: 'Compact', exact: true }).click();
    const compactCard = kanbanCard(a, 'Plan release');
    await expect(compactCard.locator('.kanban-card-description')).toHaveCount(0);
    await expect(compactCard.locator('.tracker-initials')).toHaveText('B');
    await expect(compactCard.locator('.tracker-due-overdue')).toBeVisible();
    await expect(bobsCard.locator('.kanban-card-description')).toHaveText('Ship version two');
    await a.reload();
    await kanbanShown(a);
    await expect(a.getByRole('button', { name: 'Compact', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    // One reminder a day: the edits, the archive and the restores above did not repeat it.
    expect(await notificationsOnB()).toEqual(['Overdue: Plan release']);
  } finally {
    await members.close();
  }
});

test('Issue Management: due filter, phase limit and archive, live on both screens', async ({
  browser,
  server,
}) => {
  const members = await twoMembersOn(browser, server, '/tools/ticket', {
    prefix: 'PlanTicket',
    shown: ticketShown,
  });
  const { alicePage: a, bobPage: b } = members;
  try {
    await addTicketIssue(a, 'To Do', { title: 'Fix login' });
    await addTicketIssue(a, 'To Do', { title: 'Write docs' });
    await expect(ticketIssue(b, 'Write docs')).toBeVisible();

    // A due date through the edit form, then the Overdue filter finds only that issue.
    await ticketIssue(a, 'Fix login').click();
    await a.getByRole('button', { name: 'Edit issue Fix login' }).click();
    const form = a.getByRole('dialog', { name: 'Edit Issue' });
    await form.getByLabel('Due date').fill(PAST_DAY);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden();
    await expect(ticketIssue(b, 'Fix login').locator('.tracker-due-overdue')).toBeVisible();
    await b.getByRole('combobox', { name: 'Due date' }).selectOption('Overdue');
    await expect(ticketIssue(b, 'Fix login')).toBeVisible();
    await expect(ticketIssue(b, 'Write docs')).toHaveCount(0);
    await b.getByRole('button', { name: 'Remove filter Due date: Overdue' }).click();

    // The phase limited to its two issues: both see the warning.
    await ticketPhase(a, 'To Do').getByRole('button', { name: 'Edit phase To Do' }).click();
    const edit = a.getByRole('dialog', { name: 'Edit Phase' });
    await edit.getByLabel('WIP limit').fill('2');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(ticketPhase(b, 'To Do')).toContainText('At the limit of 2');

    // Archived from the list: gone on both screens, the limit no longer reached; restored.
    const item = ticketPhase(a, 'To Do').locator('.ticket-issue-movable', {
      hasText: 'Write docs',
    });
    await item.getByRole('button', { name: 'Archive', exact: true }).click();
    await expect(ticketIssue(a, 'Write docs')).toHaveCount(0);
    await expect(ticketIssue(b, 'Write docs')).toHaveCount(0);
    await expect(ticketPhase(b, 'To Do')).not.toContainText('At the limit');
    // A search finds it among the archived: the bar offers to show it.
    const search = b.getByRole('searchbox', { name: 'Search' });
    await search.fill('docs');
    const offer = b.getByRole('button', { name: '1 archived issue matches — show archived' });
    await offer.click();
    await expect(ticketIssue(b, 'Write docs')).toBeVisible();
    await expect(offer).toBeHidden();
    await b.getByRole('search').getByRole('button', { name: 'Archived', exact: true }).click();
    await search.press('Escape');
    await b.getByRole('button', { name: 'Archived (1)' }).click();
    const archive = b.getByRole('dialog', { name: 'Archived issues' });
    await archive.getByRole('button', { name: 'Restore issue Write docs' }).click();
    await expect(archive).toContainText('No archived issues.');
    await archive.getByRole('button', { name: 'Close' }).last().click();
    await expect(ticketIssue(a, 'Write docs')).toBeVisible();
    await expect(ticketPhase(a, 'To Do')).toContainText('At the limit of 2');

    // The same from the issue's details panel, which stays open on the archived issue.
    await ticketIssue(a, 'Write docs').click();
    const details = a.getByRole('complementary', { name: 'Issue details' });
    await details.getByRole('button', { name: 'Archive issue Write docs' }).click();
    await expect(ticketIssue(b, 'Write docs')).toHaveCount(0);
    await expect(b.getByRole('button', { name: 'Archived (1)' })).toBeVisible();
    await details.getByRole('button', { name: 'Restore issue Write docs' }).click();
    await expect(ticketIssue(b, 'Write docs')).toBeVisible();
    await expect(b.getByRole('button', { name: 'Archived (0)' })).toBeVisible();

    // Archive done issues: both of Done at once, gone on both screens; one Undo brings both back.
    await addTicketIssue(a, 'Done', { title: 'Release 1' });
    await addTicketIssue(a, 'Done', { title: 'Release 2' });
    await expect(ticketIssue(b, 'Release 2')).toBeVisible();
    await ticketPhase(a, 'Done')
      .getByRole('button', { name: 'Archive done issues in Done' })
      .click();
    for (const page of [a, b]) {
      await expect(ticketIssue(page, 'Release 1')).toHaveCount(0);
      await expect(ticketIssue(page, 'Release 2')).toHaveCount(0);
    }
    await expect(b.getByRole('button', { name: 'Archived (2)' })).toBeVisible();
    await a.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect(ticketIssue(b, 'Release 1')).toBeVisible();
    await expect(ticketIssue(b, 'Release 2')).toBeVisible();
    await expect(b.getByRole('button', { name: 'Archived (0)' })).toBeVisible();
  } finally {
    await members.close();
  }
});
