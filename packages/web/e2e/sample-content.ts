/**
 * Some realistic content for a fresh space — Kanban cards, issues, pinboard notes and a Scrum
 * Poker vote — typed in by a member through the tools' own (English) screens in a browser
 * context of its own: for the screenshots (./screenshots.ts) and the accessibility checks of
 * screens with content.
 */
import type { Browser, Page } from '@playwright/test';

import { serveStandInDiagramEditor } from './diagram-editor.ts';
import { expect, type ServerProcess } from './fixtures.ts';
import { signIn, type Member } from './support.ts';

/** Fills the open "Add …" dialog's fields by label and presses its Add button. */
async function addThroughDialog(
  page: Page,
  opener: string | RegExp,
  dialogName: string,
  fields: Record<string, string>,
): Promise<void> {
  await page.getByRole('button', { name: opener, exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: dialogName });
  for (const [label, value] of Object.entries(fields))
    await dialog.getByLabel(label, { exact: true }).fill(value);
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** Cards, issues, notes and a poker vote, typed in by `member` through the tools' screens. */
export async function fillSampleContent(
  browser: Browser,
  server: ServerProcess,
  member: Member,
): Promise<void> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    baseURL: server.url,
  });
  await serveStandInDiagramEditor(context);
  const page = await context.newPage();
  await signIn(page, server, member, '/tools/kanban');
  await expect(page.getByRole('region', { name: 'Backlog', exact: true })).toBeVisible();
  const cards = [
    ['Backlog', 'Export the board as CSV', 'Teams asked for a spreadsheet of the sprint.'],
    ['Backlog', 'Dark mode', 'Follow the system setting.'],
    ['To Do', 'Invite links for new members', 'One-time link, valid for 24 hours.'],
    ['In Progress', 'Faster first render', 'Render the board before the history loads.'],
    ['Done', 'Keyboard moves for cards', 'Space to lift, arrows to move, Space to drop.'],
  ] as const;
  for (const [column, title, description] of cards)
    await addThroughDialog(page, new RegExp(`^Add (first )?card to ${column}$`), 'Add Card', {
      Title: title,
      Description: description,
    });

  await page.goto('/tools/ticket');
  await expect(page.getByRole('heading', { level: 1, name: 'Issue Management' })).toBeVisible();
  for (const [title, description] of [
    ['Checkout times out', 'The payment provider answers after 30 s on the sandbox account.'],
    ['Invoice PDF has the wrong VAT rate', 'Reduced rate items show 19 % instead of 7 %.'],
    ['Search ignores umlauts', 'Searching for "Müller" does not find "Mueller".'],
  ] as const)
    await addThroughDialog(page, 'Add issue to Backlog', 'Add Issue', {
      Title: title,
      Description: description,
    });

  await page.goto('/tools/bulletin');
  await expect(page.getByRole('heading', { level: 1, name: 'Pinboard' })).toBeVisible();
  for (const [title, content] of [
    ['Sprint goal', 'Ship **invite links** and the *faster first render*.'],
    ['Retro on Friday', 'Bring one thing to keep and one to change.'],
    ['On call this week', 'bob — ping in the team channel.'],
  ] as const)
    await addThroughDialog(page, 'Add Note', 'Add Note', { Title: title, Content: content });
  // New notes land where there is room; side by side they read better.
  for (const [title, left, top] of [
    ['Welcome to the Pinboard!', 2, 6],
    ['Sprint goal', 27, 14],
    ['Retro on Friday', 52, 6],
    ['On call this week', 77, 14],
  ] as const)
    await dragNote(page, title, left, top);
  // The positions are saved after a debounce (500 ms).
  await page.waitForTimeout(1500);

  await page.goto('/tools/scrum-poker');
  await expect(page.getByRole('region', { name: 'Your Estimation', exact: true })).toBeVisible();
  await page
    .getByRole('region', { name: 'Issues', exact: true })
    .getByRole('button', { name: /^Checkout times out/ })
    .click();
  await page
    .getByRole('region', { name: 'Your Estimation', exact: true })
    .getByRole('button', { name: '5', exact: true })
    .first()
    .click();
  await context.close();
}

/**
 * Drags the pinboard note `title` by its title with the mouse (in steps: dnd-kit needs real
 * moves) so that its top left corner lands at `left` %, `top` % of the board.
 */
async function dragNote(page: Page, title: string, left: number, top: number): Promise<void> {
  const note = page.getByRole('article', { name: title, exact: true });
  const [from, box, board] = await Promise.all([
    note.getByRole('heading', { name: title }).boundingBox(),
    note.boundingBox(),
    page.getByRole('region', { name: 'Sticky notes' }).boundingBox(),
  ]);
  if (!from || !box || !board) throw new Error(`note ${title} is not laid out`);
  const start = { x: from.x + 20, y: from.y + from.height / 2 };
  const dx = board.x + (board.width * left) / 100 - box.x;
  const dy = board.y + (board.height * top) / 100 - box.y;
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + dx / 10, start.y + dy / 10, { steps: 4 });
  await page.mouse.move(start.x + dx, start.y + dy, { steps: 15 });
  await page.mouse.up();
}
