/**
 * Discussing cards and issues (Kanban's details drawer, Issue Management's details panel): live
 * markdown comments with @mentions, mention notifications and the unread marker, editing and
 * deleting one's own comments only, and a checklist ticked by a teammate — two members, each in a
 * browser context of their own.
 */
import type { Locator, Page } from '@playwright/test';

import { expect, test } from './fixtures.ts';
import {
  addKanbanCard,
  addTicketIssue,
  kanbanCard,
  kanbanColumn,
  kanbanShown,
  recordNotifications,
  setHidden,
  ticketIssue,
  ticketShown,
  twoMembersOn,
} from './support.ts';

const CARD = 'Review the docs';

/** Opens the details drawer of `title` from its title button; returns the drawer. */
async function openCard(page: Page, title: string): Promise<Locator> {
  await kanbanCard(page, title)
    .getByRole('button', { name: `Open card ${title}`, exact: true })
    .click();
  const drawer = page.getByRole('dialog', { name: title });
  await expect(drawer).toBeVisible();
  return drawer;
}

/** A comment of the drawer or panel by its text. */
const commentWith = (scope: Locator, text: string | RegExp): Locator =>
  scope.getByRole('listitem').filter({ hasText: text });

test('members discuss a Kanban card: live markdown comments, mentions, own edits, checklist', async ({
  browser,
  server,
}) => {
  const members = await twoMembersOn(browser, server, '/tools/kanban', {
    prefix: 'Discuss',
    shown: kanbanShown,
  });
  try {
    const { alicePage: a, bobPage: b, bobContext } = members;
    await bobContext.grantPermissions(['notifications']);
    const notificationsOnB = await recordNotifications(b);
    await b.getByRole('button', { name: 'Notify me' }).click();
    await expect(b.getByRole('button', { name: 'Notifications on' })).toBeVisible();

    await addKanbanCard(a, 'Backlog', { title: CARD, description: 'Check *all* pages' });
    await expect(kanbanCard(kanbanColumn(b, 'Backlog'), CARD)).toBeVisible();
    const bobDrawer = await openCard(b, CARD);
    await expect(bobDrawer.locator('em', { hasText: 'all' })).toBeVisible();
    const aliceDrawer = await openCard(a, CARD);

    // alice mentions bob through the member list, with the keyboard.
    const box = aliceDrawer.getByRole('combobox', { name: 'New comment' });
    await box.pressSequentially('@bo');
    await expect(aliceDrawer.getByRole('option', { name: '@bob' })).toBeVisible();
    await box.press('Enter');
    await expect(box).toHaveValue('@bob ');
    await box.pressSequentially('please review **this**');
    await box.press('Control+Enter');
    await expect(box).toHaveValue('');

    // bob's open drawer shows it at once, as markdown, his mention highlighted; not his to edit.
    const bobComment = commentWith(bobDrawer, 'please review');
    await expect(bobComment.locator('strong', { hasText: 'this' })).toBeVisible();
    await expect(bobComment.locator('.mention-me')).toHaveText('@bob');
    await expect(bobComment.getByRole('button')).toHaveCount(0);
    await expect(bobDrawer.getByRole('heading', { name: 'Comments (1)' })).toBeVisible();
    // Seen in the open drawer: no marker once it closes.
    await b.keyboard.press('Escape');
    await expect(bobDrawer).toBeHidden();
    const bobCard = kanbanCard(b, CARD);
    await expect(bobCard.getByRole('img', { name: 'Unread mention' })).toHaveCount(0);

    // In the background, a new mention notifies bob; the card shows it unread until he opens it.
    await setHidden(b, true);
    await box.fill('@bob one more thing');
    await box.press('Control+Enter');
    await expect.poll(notificationsOnB).toEqual([`alice mentioned you on '${CARD}'`]);
    await setHidden(b, false);
    await expect(bobCard.getByRole('img', { name: 'Unread mention' })).toBeVisible();
    const reopened = await openCard(b, CARD);
    await expect(reopened.getByRole('heading', { name: 'Comments (2)' })).toBeVisible();
    await b.keyboard.press('Escape');
    await expect(bobCard.getByRole('img', { name: 'Unread mention' })).toHaveCount(0);
    await b.reload();
    await kanbanShown(b);
    await expect(kanbanCard(b, CARD)).toBeVisible();
    await expect(kanbanCard(b, CARD).getByRole('img', { name: 'Unread mention' })).toHaveCount(0);
    const again = await openCard(b, CARD);

    // alice edits her comment; bob sees the new text marked as edited.
    const aliceComment = commentWith(aliceDrawer, 'please review');
    await aliceComment.getByRole('button', { name: /^Edit comment by alice/ }).click();
    const editor = aliceDrawer.getByRole('combobox', { name: 'Comment text' });
    await editor.fill('@bob please review **the intro**');
    await aliceDrawer.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(editor).toBeHidden();
    const edited = commentWith(again, 'the intro');
    await expect(edited.locator('strong', { hasText: 'the intro' })).toBeVisible();
    await expect(edited.getByText('(edited)')).toBeVisible();
    await expect(edited.getByRole('button')).toHaveCount(0);

    // ... and deletes it after confirming; it goes for bob too.
    await commentWith(aliceDrawer, 'the intro')
      .getByRole('button', { name: /^Delete comment by alice/ })
      .click();
    const confirm = a.getByRole('alertdialog', { name: 'Delete comment?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm).toBeHidden();
    await expect(commentWith(again, 'the intro')).toHaveCount(0);
    await expect(again.getByRole('heading', { name: 'Comments (1)' })).toBeVisible();

    // A checklist item alice adds, bob ticks; both see 1/1.
    await aliceDrawer.getByLabel('New checklist item').fill('Update the changelog');
    await aliceDrawer.getByRole('button', { name: 'Add item' }).click();
    const bobItem = again.getByRole('checkbox', { name: 'Update the changelog' });
    await expect(bobItem).not.toBeChecked();
    await bobItem.check();
    await expect(aliceDrawer.getByRole('checkbox', { name: 'Update the changelog' })).toBeChecked();
    await expect(aliceDrawer.getByText('Checklist: 1 of 1 done')).toBeAttached();
    await expect(again.getByText('Checklist: 1 of 1 done')).toBeAttached();
    await a.keyboard.press('Escape');
    await b.keyboard.press('Escape');
    await expect(kanbanCard(a, CARD)).toContainText('1/1');
    await expect(kanbanCard(b, CARD)).toContainText('1/1');

    // Edit from the drawer opens the card form over it.
    const drawer = await openCard(a, CARD);
    await drawer.getByRole('button', { name: `Edit card ${CARD}` }).click();
    const form = a.getByRole('dialog', { name: 'Edit Card' });
    await form.getByLabel('Title').fill('Review the docs twice');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(form).toBeHidden();
    await expect(a.getByRole('dialog', { name: 'Review the docs twice' })).toBeVisible();

    // bob deletes the card while alice has it open: her drawer says so and closes.
    await kanbanCard(b, 'Review the docs twice')
      .getByRole('button', { name: 'Delete card Review the docs twice' })
      .click();
    await b.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(a.getByRole('alert').filter({ hasText: 'This card was deleted' })).toBeVisible();
    await expect(a.getByRole('dialog')).toHaveCount(0, { timeout: 10_000 });
  } finally {
    await members.close();
  }
});

test('Issue Management: a mention notifies the teammate, and a member edits their own comment', async ({
  browser,
  server,
}) => {
  const members = await twoMembersOn(browser, server, '/tools/ticket', {
    prefix: 'DiscussTicket',
    shown: ticketShown,
  });
  try {
    const { alicePage: a, bobPage: b, bobContext } = members;
    await bobContext.grantPermissions(['notifications']);
    const notificationsOnB = await recordNotifications(b);
    await b.getByRole('button', { name: 'Notify me' }).click();
    await expect(b.getByRole('button', { name: 'Notifications on' })).toBeVisible();
    await setHidden(b, true);

    await addTicketIssue(a, 'Backlog', { title: 'Slow search' });
    await ticketIssue(a, 'Slow search').click();
    const panel = a.getByRole('complementary', { name: 'Issue details' });
    const box = panel.getByRole('combobox', { name: 'New comment' });
    await box.fill('@bob profiled it: `query()` is _slow_');
    await box.press('Control+Enter');
    await expect(commentWith(panel, 'profiled it')).toBeVisible();

    // Bob, in the background, is notified; the issue shows the mention unread until he opens it.
    await expect.poll(notificationsOnB).toEqual(["alice mentioned you on 'Slow search'"]);
    await setHidden(b, false);
    await expect(ticketIssue(b, 'Slow search')).toBeVisible();
    const unread = ticketIssue(b, 'Slow search').getByRole('img', { name: 'Unread mention' });
    await expect(unread).toBeVisible();
    await ticketIssue(b, 'Slow search').click();
    await expect(unread).toHaveCount(0);
    const bobPanel = b.getByRole('complementary', { name: 'Issue details' });
    await expect(commentWith(bobPanel, 'profiled it').locator('em')).toHaveText('slow');
    await expect(commentWith(bobPanel, 'profiled it').getByRole('button')).toHaveCount(0);

    await commentWith(panel, 'profiled it')
      .getByRole('button', { name: /^Edit comment by alice/ })
      .click();
    const editor = panel.getByRole('combobox', { name: 'Comment text' });
    await editor.fill('Profiled it: the index is missing');
    await editor.press('Control+Enter');
    await expect(editor).toBeHidden();
    const seen = commentWith(bobPanel, 'the index is missing');
    await expect(seen).toBeVisible();
    await expect(seen.getByText('(edited)')).toBeVisible();
    // Escape in an edit cancels it without touching the comment.
    await commentWith(panel, 'the index')
      .getByRole('button', { name: /^Edit comment by alice/ })
      .click();
    await panel.getByRole('combobox', { name: 'Comment text' }).press('Escape');
    await expect(panel.getByRole('combobox', { name: 'Comment text' })).toBeHidden();
    await expect(commentWith(panel, 'the index is missing')).toBeVisible();
  } finally {
    await members.close();
  }
});
