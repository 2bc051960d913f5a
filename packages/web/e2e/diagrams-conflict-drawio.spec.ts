/**
 * Two members drawing the same diagram with the REAL bundled draw.io (spec §3 Diagram version,
 * §4 Diagrams, §4 version conflict; the Diagrams tool has no live updates): the server runs
 * without DIAGRAM_EDITOR_URL, so it serves draw.io itself at /diagram-editor/, as in
 * diagrams-editor.spec.ts. Both open the default diagram; bob draws a labelled shape in draw.io's
 * own UI and saves; alice, still on the drawing she opened, draws another and saves. She is
 * asked instead of overwriting bob's drawing, and:
 * - Keep both: bob's drawing stays in "Default Diagram" and hers becomes "Default Diagram (copy
 *   by alice)" — so it stays after a reload, and on bob's screen after Refresh;
 * - Reload theirs: bob's drawing comes into her editor, hers is gone (after a reload too), and
 *   her next drawing is saved on top of his without another question.
 * diagrams-conflict.spec.ts covers the same choices (and Overwrite) with a fake editor.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';

import { expect, startServer, test as base, type ServerProcess } from './fixtures.ts';
import { setUpSpace, signIn, type Member } from './support.ts';

/** This file's worker server: the bundled editor (DIAGRAM_EDITOR_URL unset). */
const test = base.extend<object, { server: ServerProcess }>({
  server: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startServer({ diagramEditorUrl: '' });
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
});

/** draw.io needs a while to start (6 MB of script), here in two browsers and after reloads. */
test.setTimeout(180_000);

const THEIRS = 'Shape by bob 3c9e';
const MINE = 'Shape by alice 8d21';
const COPY = 'Default Diagram (copy by alice)';

interface MemberPage {
  page: Page;
  context: BrowserContext;
}

const editor = (page: Page) => page.frameLocator('iframe[title="Diagram editor"]');
const statusBar = (page: Page) => page.getByRole('group', { name: 'Diagram status' });
const select = (page: Page) => page.getByLabel('Current diagram');
const overlay = (page: Page) => page.getByText('Loading diagram editor', { exact: true }).last();
const conflictDialog = (page: Page) =>
  page.getByRole('dialog', { name: 'Diagram changed by another member' });
/** A shape's label as draw.io renders it in the drawing (not in its label editor). */
const label = (page: Page, text: string) =>
  editor(page).locator('.geDiagramContainer svg').getByText(text, { exact: true });

/** Waits until draw.io is up and the loading overlay gone. */
async function editorShown(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Diagrams' })).toBeVisible();
  await expect(editor(page).locator('.geDiagramContainer')).toBeVisible({ timeout: 90_000 });
  await expect(overlay(page)).toBeHidden();
}

/** `member` in a browser context of their own on /tools/diagrams, draw.io showing the drawing. */
async function openDiagrams(
  browser: Browser,
  server: ServerProcess,
  member: Member,
): Promise<MemberPage> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  await signIn(page, server, member, '/tools/diagrams');
  await editorShown(page);
  await expect(editor(page).getByText('Welcome to Diagrams!')).toBeVisible();
  return { page, context };
}

/**
 * Draws a shape with draw.io's sidebar (a click adds it, selected, to the middle of the page),
 * types `text` as its label, leaves the label editor and saves with Ctrl+S.
 */
async function drawAndSave(page: Page, text: string): Promise<void> {
  const drawio = editor(page);
  await drawio.locator('.geSidebarContainer a.geItem').first().click();
  await expect(statusBar(page)).toContainText('You have unsaved changes');
  await page.keyboard.type(text);
  await drawio.locator('.geDiagramContainer').click({ position: { x: 40, y: 40 } });
  await expect(label(page, text)).toBeVisible();
  await page.keyboard.press('Control+s');
}

/** Shows `shown` and not `gone` in `page`'s editor (the drawing was loaded as a whole). */
async function drawingHas(page: Page, shown: string, gone: string): Promise<void> {
  await expect(label(page, shown)).toBeVisible({ timeout: 20_000 });
  await expect(label(page, gone)).toHaveCount(0);
}

/**
 * Both open the default diagram; bob draws and saves; alice, still on the drawing she opened,
 * draws and saves and is asked. Returns both pages.
 */
async function conflict(browser: Browser, server: ServerProcess, prefix: string) {
  const [alice, bob] = await setUpSpace(server, ['alice', 'bob'], { prefix });
  if (!alice || !bob) throw new Error('space set-up failed');
  const a = await openDiagrams(browser, server, alice);
  const b = await openDiagrams(browser, server, bob);

  await drawAndSave(b.page, THEIRS);
  await expect(statusBar(b.page)).toContainText('Last saved: just now');
  await expect(statusBar(b.page)).not.toContainText('You have unsaved changes');

  // Alice's screen does not know: her editor still has the drawing she opened.
  await expect(label(a.page, THEIRS)).toHaveCount(0);
  await drawAndSave(a.page, MINE);
  const dialog = conflictDialog(a.page);
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(
    'bob saved the diagram "Default Diagram" since you opened it. Your drawing is not saved yet.',
  );
  await expect(dialog).toContainText(`yours is saved as the new diagram "${COPY}"`);
  // Nothing decided yet: her drawing is still in her editor and not saved.
  await drawingHas(a.page, MINE, THEIRS);
  await expect(statusBar(a.page)).toContainText('You have unsaved changes');
  await expect(statusBar(a.page)).toContainText('1 diagram');
  return { a, b };
}

async function closeAll(...pages: MemberPage[]) {
  for (const { context } of pages) await context.close();
}

test('real draw.io, Keep both: bob’s drawing stays, alice’s becomes a copy by alice', async ({
  browser,
  server,
}) => {
  const { a, b } = await conflict(browser, server, 'DrawioKeepBoth');
  try {
    await conflictDialog(a.page).getByRole('button', { name: 'Keep both' }).click();
    await expect(a.page.getByText(`Your drawing was saved as "${COPY}".`)).toBeVisible();
    await expect(conflictDialog(a.page)).toBeHidden();
    await expect(select(a.page).locator('option:checked')).toHaveText(COPY);
    await expect(statusBar(a.page)).toContainText('2 diagrams');
    await expect(statusBar(a.page)).not.toContainText('You have unsaved changes');
    await drawingHas(a.page, MINE, THEIRS);

    // After a reload both are there, each with its own drawing.
    await a.page.reload();
    await editorShown(a.page);
    await expect(statusBar(a.page)).toContainText('2 diagrams');
    await expect(select(a.page).locator('option')).toHaveText(['Default Diagram', COPY]);
    await select(a.page).selectOption({ label: 'Default Diagram' });
    await drawingHas(a.page, THEIRS, MINE);
    await select(a.page).selectOption({ label: COPY });
    await drawingHas(a.page, MINE, THEIRS);
    await expect(statusBar(a.page)).not.toContainText('You have unsaved changes');

    // Bob's screen, refreshed, still has his drawing where he left it, and alice's copy.
    await b.page.getByRole('button', { name: /Refresh/ }).click();
    await expect(statusBar(b.page)).toContainText('2 diagrams');
    await expect(select(b.page).locator('option:checked')).toHaveText('Default Diagram');
    await drawingHas(b.page, THEIRS, MINE);
    await select(b.page).selectOption({ label: COPY });
    await drawingHas(b.page, MINE, THEIRS);
  } finally {
    await closeAll(a, b);
  }
});

test('real draw.io, Reload theirs: bob’s drawing comes into alice’s editor, hers is dropped', async ({
  browser,
  server,
}) => {
  const { a, b } = await conflict(browser, server, 'DrawioReloadTheirs');
  try {
    await conflictDialog(a.page).getByRole('button', { name: 'Reload theirs' }).click();
    await expect(conflictDialog(a.page)).toBeHidden();
    await drawingHas(a.page, THEIRS, MINE);
    await expect(statusBar(a.page)).not.toContainText('You have unsaved changes');
    await expect(statusBar(a.page)).toContainText('1 diagram');

    // Her editor now holds bob's version: her next drawing is saved on top of his, unasked.
    const next = 'Second shape by alice 5b07';
    await drawAndSave(a.page, next);
    await expect(statusBar(a.page)).toContainText('Last saved: just now');
    await expect(statusBar(a.page)).not.toContainText('You have unsaved changes');
    await expect(conflictDialog(a.page)).toBeHidden();

    // After a reload it is bob's drawing with her new shape; her first shape is gone for good.
    await a.page.reload();
    await editorShown(a.page);
    await expect(statusBar(a.page)).toContainText('1 diagram');
    await expect(label(a.page, next)).toBeVisible({ timeout: 20_000 });
    await drawingHas(a.page, THEIRS, MINE);

    // Bob, after Refresh, has the same.
    await b.page.getByRole('button', { name: /Refresh/ }).click();
    await expect(label(b.page, next)).toBeVisible({ timeout: 20_000 });
    await drawingHas(b.page, THEIRS, MINE);
    await expect(statusBar(b.page)).toContainText('1 diagram');
  } finally {
    await closeAll(a, b);
  }
});
