/**
 * The quick search (Ctrl+K) across the tools of a space, with two members: what one adds on
 * Kanban and in Issue Management the other finds from the dashboard by part of its name and
 * opens — the card focused on the board, the issue in the details panel, the note on the
 * Pinboard with its text focused. The search runs over
 * contents decrypted in the browser: the server never receives the search term.
 */
import type { Page, Request } from '@playwright/test';

import { serveStandInDiagramEditor } from './diagram-editor.ts';
import { expect, test } from './fixtures.ts';
import {
  addKanbanCard,
  addPinboardNote,
  addTicketIssue,
  kanbanShown,
  pinboardShown,
  rest,
  setUpSpace,
  signIn,
  ticketShown,
  twoMembersOn,
} from './support.ts';

const CARD = 'Quarterly invoice review';
const ISSUE = 'Quarterly invoice totals are wrong';
const NOTE = 'Retro actions for March';
/** What Alice types: part of both titles, in another case. */
const TERM = 'quarterly INV';

/** Presses Ctrl+K until the dialog is there (its listener loads just after the page). */
async function openQuickSearch(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Quick search' });
  await expect(async () => {
    await page.keyboard.press('Control+K');
    await expect(dialog).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  const input = dialog.getByRole('combobox', { name: 'Search cards, issues, notes and diagrams' });
  await expect(input).toBeFocused();
  return { dialog, input };
}

test('a member finds a teammate’s card and issue with Ctrl+K and opens them', async ({
  browser,
  server,
}) => {
  test.setTimeout(120_000);
  const members = await twoMembersOn(browser, server, '/dashboard', { prefix: 'Quick' });
  const { alicePage: a, bobPage: b } = members;
  try {
    // Bob adds a card on Kanban and an issue in Issue Management.
    await b.goto('/tools/kanban');
    await kanbanShown(b);
    await addKanbanCard(b, 'To Do', CARD);
    await b.goto('/tools/ticket');
    await ticketShown(b);
    await addTicketIssue(b, 'Review', { title: ISSUE });

    // Everything Alice's page sends from now on, to check the term never leaves it.
    const sent: string[] = [];
    const record = (request: Request) => {
      sent.push(request.url(), request.postData() ?? '');
    };
    a.on('request', record);
    a.on('websocket', (socket) => {
      socket.on('framesent', (frame) => sent.push(String(frame.payload)));
    });

    await expect(a.getByRole('heading', { level: 1 })).toBeVisible();
    const first = await openQuickSearch(a);
    await first.input.pressSequentially(TERM);
    const options = first.dialog.getByRole('option');
    await expect(options).toHaveCount(2);
    await expect(first.dialog.getByRole('status')).toHaveText('2 results');
    await expect(options.nth(0)).toContainText('Kanban Board');
    await expect(options.nth(0)).toContainText(CARD);
    await expect(options.nth(0)).toContainText('To Do');
    await expect(options.nth(1)).toContainText('Issue Management');
    await expect(options.nth(1)).toContainText(ISSUE);
    await expect(options.nth(1)).toContainText('Review');
    await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');

    // Enter opens the card: the board, with the card's details drawer open (as a click on its
    // title opens it), its title focused; closing the drawer leaves the card's move handle focused.
    await a.keyboard.press('Enter');
    await expect(first.dialog).toBeHidden();
    await expect(a).toHaveURL(/\/tools\/kanban$/);
    const drawer = a.getByRole('dialog', { name: CARD });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('heading', { level: 2, name: CARD })).toBeFocused();
    await expect(drawer.getByText('Column', { exact: true })).toBeVisible();
    await a.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await kanbanShown(a);
    await expect(a.getByRole('button', { name: `Move card ${CARD}` })).toBeFocused();

    // A card the board's search hides: the board searches for its title, then its drawer opens.
    const boardSearch = a.getByRole('searchbox', { name: 'Search' });
    await boardSearch.fill('nothing like it');
    await expect(a.getByRole('button', { name: `Move card ${CARD}` })).toHaveCount(0);
    const hidden = await openQuickSearch(a);
    await hidden.input.pressSequentially(TERM);
    await expect(hidden.dialog.getByRole('option')).toHaveCount(2);
    await a.keyboard.press('Enter');
    await expect(hidden.dialog).toBeHidden();
    await expect(drawer).toBeVisible();
    await a.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(boardSearch).toHaveValue(CARD);
    await expect(a.getByRole('button', { name: `Move card ${CARD}` })).toBeFocused();

    // Again from the board, for the issue: ↓ then Enter, and its details are shown.
    const second = await openQuickSearch(a);
    await second.input.pressSequentially('quarterly');
    await expect(second.dialog.getByRole('option')).toHaveCount(2);
    await a.keyboard.press('ArrowDown');
    await expect(second.dialog.getByRole('option').nth(1)).toHaveAttribute('aria-selected', 'true');
    await a.keyboard.press('Enter');
    await expect(a).toHaveURL(/\/tools\/ticket$/);
    await ticketShown(a);
    const details = a.getByRole('complementary', { name: 'Issue details' });
    await expect(details).toContainText(ISSUE);

    // Escape closes without opening anything.
    const third = await openQuickSearch(a);
    await third.input.pressSequentially('nothing like this');
    await expect(third.dialog.getByRole('status')).toHaveText('No results');
    await a.keyboard.press('Escape');
    await expect(third.dialog).toBeHidden();
    await expect(a).toHaveURL(/\/tools\/ticket$/);

    // A note bob pins: alice opens it on the Pinboard, its text focused.
    await b.goto('/tools/bulletin');
    await pinboardShown(b);
    await addPinboardNote(b, { title: NOTE, content: 'Fix the invoice export first' });
    const fourth = await openQuickSearch(a);
    await fourth.input.pressSequentially('retro act');
    await expect(fourth.dialog.getByRole('option')).toHaveCount(1);
    await expect(fourth.dialog.getByRole('option')).toContainText('Pinboard');
    await a.keyboard.press('Enter');
    await expect(a).toHaveURL(/\/tools\/bulletin$/);
    await expect(a.getByRole('group', { name: NOTE })).toBeFocused();

    // The search ran in the browser: no request or frame carried what was typed.
    expect(sent.length).toBeGreaterThan(0);
    for (const term of ['quarterly', 'nothing like this', 'retro act']) {
      expect(sent.filter((text) => text.toLowerCase().includes(term))).toEqual([]);
    }

    // Searching read the Diagrams tool, which nobody has opened, without creating it.
    const diagrams = `/api/content/${encodeURIComponent(members.alice.space.name)}/diagrams`;
    expect((await rest(server, 'GET', diagrams, undefined, members.alice.token)).status).toBe(404);
  } finally {
    await members.close();
  }
});

test('a diagram found with Ctrl+K opens in the Diagrams tool', async ({ page, server }) => {
  test.setTimeout(90_000);
  await serveStandInDiagramEditor(page.context());
  const [member] = await setUpSpace(server, ['alice'], { prefix: 'QuickDiagram' });
  if (!member) throw new Error('no member');
  await signIn(page, server, member, '/tools/diagrams');
  const current = page.getByLabel('Current diagram');
  await expect(current.locator('option:checked')).toHaveText('Default Diagram');

  // Two diagrams besides the default one; the last one created is the one shown.
  for (const name of ['Network architecture', 'Release flow']) {
    await page.getByRole('button', { name: 'New', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Diagram' });
    await dialog.getByLabel('New Diagram Title').fill(name);
    await dialog.getByLabel('New Diagram Title').press('Enter');
    await expect(dialog).toBeHidden();
    await expect(current.locator('option:checked')).toHaveText(name);
  }

  // From another screen: the diagram found is the one the Diagrams tool shows.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const search = await openQuickSearch(page);
  await search.input.pressSequentially('network arch');
  const option = search.dialog.getByRole('option');
  await expect(option).toHaveCount(1);
  await expect(option).toContainText('Diagrams');
  await expect(option).toContainText('Network architecture');
  await page.keyboard.press('Enter');
  await expect(search.dialog).toBeHidden();
  await expect(page).toHaveURL(/\/tools\/diagrams$/);
  await expect(current.locator('option:checked')).toHaveText('Network architecture');

  // And from the Diagrams tool itself, to another diagram.
  const again = await openQuickSearch(page);
  await again.input.pressSequentially('release fl');
  await expect(again.dialog.getByRole('option')).toHaveCount(1);
  await page.keyboard.press('Enter');
  await expect(again.dialog).toBeHidden();
  await expect(current.locator('option:checked')).toHaveText('Release flow');
  await expect(page).toHaveURL(/\/tools\/diagrams$/);
});
