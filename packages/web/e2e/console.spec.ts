/**
 * The browser console stays quiet in normal use: a member goes through every
 * screen — landing, create space, register and log in, dashboard, settings, each of the six
 * tools on its first visit (no content yet: the app asks `content.find`, which answers null
 * instead of a 404; one tool opened by its address, so through the start-up prefetch) and again
 * with the content that first visit saved, logout, and log in again
 * — and no console error or warning and no uncaught page error may appear on the way.
 *
 * The diagram editor runs at another origin (DIAGRAM_EDITOR_URL): a stand-in answers there
 * (./diagram-editor.ts), so the Diagrams screen is in its normal state.
 */
import { TOOL_METADATA } from '@cipherspace/tools/metadata';
import type { ConsoleMessage, Page } from '@playwright/test';

import { serveStandInDiagramEditor } from './diagram-editor.ts';
import { expect, test } from './fixtures.ts';

// Normal use includes the app's service worker (blocked elsewhere in the e2e suite).
test.use({ serviceWorkers: 'allow' });

const SPACE_KEY = 'Qu1et-Console!Key';

/** The dashboard's six tools, by their (English) display name. */
const TOOLS = Object.values(TOOL_METADATA).map((tool) => tool.displayName);

/** Every console error and warning and every uncaught error of `page`, with where it happened. */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  const where = () => new URL(page.url()).pathname;
  page.on('console', (message: ConsoleMessage) => {
    const type = message.type();
    if (type !== 'error' && type !== 'warning') return;
    const { url, lineNumber } = message.location();
    problems.push(`${where()}: console ${type}: ${message.text()} (${url}:${lineNumber})`);
  });
  page.on('pageerror', (error) => problems.push(`${where()}: uncaught ${error.message}`));
  return problems;
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** Opens `tool` from the dashboard, waits until its content is on screen, and goes back. */
async function openTool(page: Page, tool: string): Promise<void> {
  await page.getByRole('link', { name: `Open ${tool}` }).click();
  await toolShown(page, tool);
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Waits until the screen of `tool` shows its content. */
async function toolShown(page: Page, tool: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: tool })).toBeVisible();
  await expect(page.getByText('Loading content…')).toBeHidden();
  // The content is loaded (or was just created): Undo is there, disabled on a fresh screen.
  await expect(page.getByRole('button', { name: 'Undo' })).toBeVisible();
  if (tool === 'Diagrams')
    // The editor answered the handshake: its loading overlay is gone.
    await expect(page.locator('.diagrams-overlay')).toBeHidden();
}

test('no console error or warning on any screen in normal use', async ({ page, context }) => {
  test.setTimeout(120_000);
  await serveStandInDiagramEditor(context);
  const problems = watchConsole(page);
  const name = `Quiet-${Date.now().toString(36)}`;

  // Landing: the tools' icons are drawn (the sprite loaded; no emoji boxes).
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The sprite file arrives after the page: wait for it to be drawn.
  const icons = page.locator('.landing-icon svg use');
  await expect(icons).toHaveCount(6);
  await expect
    .poll(() =>
      icons.evaluateAll((uses) =>
        uses.every((use) => (use as SVGGraphicsElement).getBBox().width > 0),
      ),
    )
    .toBe(true);

  // Create a space, then register as its first user (admin) on the login screen.
  await page.getByRole('button', { name: 'Create new space' }).click();
  await field(page, 'Space name').fill(name);
  await field(page, 'Space key').fill(SPACE_KEY);
  await page.getByRole('button', { name: 'Create Space' }).click();
  await expect(page.getByRole('heading', { name: 'Register in a Space' })).toBeVisible();
  await field(page, 'Username').fill('alice');
  await field(page, 'Password (required)').fill('alice-pass');
  await field(page, 'Confirm password').fill('alice-pass');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome, alice!' })).toBeVisible();

  // Settings and back.
  await page.getByRole('link', { name: 'Open settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Space settings' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Dashboard' }).first().click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // A tool opened by its address on its first visit: the start-up prefetch finds no content.
  await page.goto('/tools/randomizer');
  await toolShown(page, 'Daily Randomizer');
  await page.goto('/dashboard');

  // Every tool twice from the dashboard: the first visit finds no content (and saves the
  // default; the randomizer's was saved just now), the second loads it.
  for (const visit of ['first visit', 'with content']) {
    for (const tool of TOOLS) {
      await test.step(`${tool}, ${visit}`, () => openTool(page, tool));
    }
  }

  // Log out, and log in again through the login screen.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto(`/space/login?spaceName=${encodeURIComponent(name)}`);
  await field(page, 'Space key').fill(SPACE_KEY);
  await field(page, 'Username').fill('alice');
  await field(page, 'Password (required)').fill('alice-pass');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome, alice!' })).toBeVisible();

  expect(problems, problems.join('\n')).toEqual([]);
});
