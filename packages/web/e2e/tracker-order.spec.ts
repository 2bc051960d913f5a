/**
 * Ordering work (spec §4 Issue/card moves) with two members: on Kanban a card dropped on another
 * card takes its place, and Alt+arrow on a card's move handle moves it one place up or down or
 * into the next column; in Issue Management the details panel's phase choice, drag and drop and
 * Alt+arrow move issues, and an issue moved into the next phase keeps the focus for the next
 * move. Every move shows on the other member's screen live, in the same order.
 */
import type { Page } from '@playwright/test';

import { expect, test } from './fixtures.ts';
import {
  addKanbanCard,
  addTicketIssue,
  kanbanColumn,
  kanbanShown,
  ticketIssue,
  ticketPhase,
  ticketShown,
  twoMembersOn,
} from './support.ts';

/** The card titles of a Kanban column, top to bottom. */
function columnTitles(page: Page, column: string) {
  return kanbanColumn(page, column).locator('.kanban-card-title');
}

test('Kanban: cards reordered by dropping on a card and by Alt+arrow, live on both screens', async ({
  browser,
  server,
}) => {
  const members = await twoMembersOn(browser, server, '/tools/kanban', {
    prefix: 'Order',
    shown: kanbanShown,
  });
  const { alicePage: a, bobPage: b } = members;
  try {
    for (const title of ['One', 'Two', 'Three']) await addKanbanCard(a, 'Backlog', title);
    await expect(columnTitles(b, 'Backlog')).toHaveText(['One', 'Two', 'Three']);

    // Mouse: One dropped on Two takes Two's place (they pass each other). Two, not Three: a
    // pointer near the window's bottom edge would scroll the page under it.
    const backlog = kanbanColumn(a, 'Backlog');
    const from = await backlog.getByRole('article', { name: 'One' }).boundingBox();
    if (!from) throw new Error('not laid out');
    await a.mouse.move(from.x + from.width / 2, from.y + from.height - 8);
    await a.mouse.down();
    await a.mouse.move(from.x + from.width / 2 + 10, from.y + from.height, { steps: 5 });
    const to = await backlog.getByRole('article', { name: 'Two' }).boundingBox();
    if (!to) throw new Error('not laid out');
    await a.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 15 });
    await expect(a.locator('.kanban-card-drop-here')).toHaveCount(1);
    await a.mouse.up();
    await expect(columnTitles(a, 'Backlog')).toHaveText(['Two', 'One', 'Three']);
    await expect(columnTitles(b, 'Backlog')).toHaveText(['Two', 'One', 'Three']);

    // Keyboard: Alt+↓ moves One down a place; the handle keeps the focus; it is announced.
    const handle = a.getByRole('button', { name: 'Move card One', exact: true });
    await handle.focus();
    await a.keyboard.press('Alt+ArrowDown');
    await expect(columnTitles(a, 'Backlog')).toHaveText(['Two', 'Three', 'One']);
    await expect(columnTitles(b, 'Backlog')).toHaveText(['Two', 'Three', 'One']);
    await expect(
      a.getByText('Card "One" is now at position 3 of 3 in column "Backlog".'),
    ).toBeAttached();
    await expect(a.getByRole('button', { name: 'Move card One', exact: true })).toBeFocused();

    // Alt+→ takes it into To Do; Alt+← at the first column goes nowhere and says so.
    await a.keyboard.press('Alt+ArrowRight');
    await expect(columnTitles(a, 'To Do')).toHaveText(['One']);
    await expect(columnTitles(b, 'To Do')).toHaveText(['One']);
    await expect(columnTitles(b, 'Backlog')).toHaveText(['Two', 'Three']);
    await expect(a.getByRole('button', { name: 'Move card One', exact: true })).toBeFocused();
    await a.getByRole('button', { name: 'Move card Two', exact: true }).focus();
    await a.keyboard.press('Alt+ArrowLeft');
    await expect(a.getByText('Card "Two" cannot move further that way.')).toBeAttached();
    await expect(columnTitles(a, 'Backlog')).toHaveText(['Two', 'Three']);
  } finally {
    await members.close();
  }
});

test('Issue Management: issues moved by the phase choice, by drag and drop and by Alt+arrow, live on both screens', async ({
  browser,
  server,
}) => {
  const members = await twoMembersOn(browser, server, '/tools/ticket', {
    prefix: 'OrderTicket',
    shown: ticketShown,
  });
  const { alicePage: a, bobPage: b } = members;
  const titles = (page: Page, phase: string) =>
    ticketPhase(page, phase).locator('.ticket-issue-title');
  try {
    // Room for three phases: a pointer near the window's edge would scroll the page under it.
    await a.setViewportSize({ width: 1280, height: 1100 });
    for (const title of ['Alpha', 'Beta', 'Gamma']) await addTicketIssue(a, 'Backlog', { title });
    await expect(titles(b, 'Backlog')).toHaveText(['Alpha', 'Beta', 'Gamma']);

    // The details panel's phase choice moves Beta to In Progress.
    await ticketIssue(a, 'Beta').click();
    const details = a.getByRole('complementary', { name: 'Issue details' });
    await details.getByRole('combobox', { name: 'Phase' }).selectOption('In Progress');
    await expect(titles(b, 'In Progress')).toHaveText(['Beta']);
    await expect(titles(b, 'Backlog')).toHaveText(['Alpha', 'Gamma']);
    await expect(details.getByRole('combobox', { name: 'Phase' })).toHaveValue(/.+/);

    // Alt+↓ on Alpha puts it below Gamma; the focus stays on it.
    await ticketIssue(a, 'Alpha').focus();
    await a.keyboard.press('Alt+ArrowDown');
    await expect(titles(a, 'Backlog')).toHaveText(['Gamma', 'Alpha']);
    await expect(titles(b, 'Backlog')).toHaveText(['Gamma', 'Alpha']);
    await expect(
      a.getByText('Issue "Alpha" is now at position 2 of 2 in phase "Backlog".'),
    ).toBeAttached();
    await expect(ticketIssue(a, 'Alpha')).toBeFocused();

    /** Drags issue `title` by mouse and drops it on issue `onto`. */
    const drag = async (title: string, onto: string) => {
      const from = await ticketIssue(a, title).boundingBox();
      if (!from) throw new Error('not laid out');
      await a.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
      await a.mouse.down();
      await a.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, {
        steps: 5,
      });
      const to = await ticketIssue(a, onto).boundingBox();
      if (!to) throw new Error('not laid out');
      await a.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 15 });
      await expect(a.locator('.ticket-issue-movable.is-drop-here')).toHaveCount(1);
      await a.mouse.up();
    };
    // Drag Gamma onto Beta: it goes to In Progress in Beta's place.
    await drag('Gamma', 'Beta');
    await expect(titles(a, 'In Progress')).toHaveText(['Gamma', 'Beta']);
    await expect(titles(b, 'In Progress')).toHaveText(['Gamma', 'Beta']);
    await expect(titles(b, 'Backlog')).toHaveText(['Alpha']);
    // Within the phase: Beta dropped on Gamma takes its place at the top.
    await drag('Beta', 'Gamma');
    await expect(titles(a, 'In Progress')).toHaveText(['Beta', 'Gamma']);
    await expect(titles(b, 'In Progress')).toHaveText(['Beta', 'Gamma']);
  } finally {
    await members.close();
  }
});

test('Issue Management: Alt+→ twice moves an issue two phases, the focus following it', async ({
  browser,
  server,
}) => {
  const members = await twoMembersOn(browser, server, '/tools/ticket', {
    prefix: 'FocusTicket',
    shown: ticketShown,
  });
  const { alicePage: a, bobPage: b } = members;
  const titles = (page: Page, phase: string) =>
    ticketPhase(page, phase).locator('.ticket-issue-title');
  try {
    for (const title of ['Alpha', 'Beta']) await addTicketIssue(a, 'Backlog', { title });
    await expect(titles(b, 'Backlog')).toHaveText(['Alpha', 'Beta']);

    // Alt+→ takes Alpha into To Do; its button there has the focus once it is shown.
    await ticketIssue(a, 'Alpha').focus();
    await a.keyboard.press('Alt+ArrowRight');
    await expect(titles(a, 'To Do')).toHaveText(['Alpha']);
    await expect(titles(a, 'Backlog')).toHaveText(['Beta']);
    await expect(
      a.getByText('Issue "Alpha" is now at position 1 of 1 in phase "To Do".'),
    ).toBeAttached();
    await expect(ticketIssue(a, 'Alpha')).toBeFocused();

    // A second Alt+→ (it reaches the issue only through the focus) takes it on to In Progress.
    await a.keyboard.press('Alt+ArrowRight');
    await expect(titles(a, 'In Progress')).toHaveText(['Alpha']);
    await expect(titles(a, 'To Do')).toHaveCount(0);
    await expect(
      ticketPhase(a, 'In Progress').getByRole('button', { name: 'Alpha' }),
    ).toBeFocused();
    await expect(titles(b, 'In Progress')).toHaveText(['Alpha']);
    await expect(titles(b, 'To Do')).toHaveCount(0);
    await expect(titles(b, 'Backlog')).toHaveText(['Beta']);
  } finally {
    await members.close();
  }
});
