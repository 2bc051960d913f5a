/**
 * The browser console stays quiet in normal use: a member goes through every
 * screen — landing, create space, register and log in, dashboard, settings, each of the six
 * tools on its first visit (no content yet: the app asks `content.find`, which answers null
 * instead of a 404; one tool opened by its address, so through the start-up prefetch) and again
 * with the content that first visit saved, logout, and log in again
 * — and no console error or warning and no uncaught page error may appear on the way.
 *
 * Twice: with the external diagram editor the e2e servers are configured with (a stand-in answers
 * at its address, ./diagram-editor.ts), and in a 60-second session with the REAL bundled draw.io
 * and the app's service worker in control from the first signed-in screen on (which registers
 * it) — every screen including the crypto self-test and the legal pages, the editor's frame, the
 * hidden frames that keep the editor's document for offline starts (app/offline-sync.ts), and
 * the service worker itself.
 */
import { TOOL_METADATA } from '@cipherspace/tools/metadata';
import type { BrowserContext, ConsoleMessage, Page } from '@playwright/test';

import { serveStandInDiagramEditor } from './diagram-editor.ts';
import { expect, guardZeroKnowledge, startServer, test } from './fixtures.ts';
import { serviceWorkerInControl } from './support.ts';

// Normal use includes the app's service worker (blocked elsewhere in the e2e suite).
test.use({ serviceWorkers: 'allow' });

const SPACE_KEY = 'Qu1et-Console!Key';

/** The dashboard's six tools, by their (English) display name. */
const TOOLS = Object.values(TOOL_METADATA).map((tool) => tool.displayName);

/**
 * Every console error and warning — of every page of `context`, each frame in it (other
 * origins' and opaque ones included), and its service workers — and every uncaught error, each
 * with where it happened.
 */
function watchConsole(context: BrowserContext): string[] {
  const problems: string[] = [];
  const pathOf = (url: string) => (/^https?:/.test(url) ? new URL(url).pathname : url);
  // The context reports the messages of its pages, their frames and its service workers.
  context.on('console', (message: ConsoleMessage) => {
    const type = message.type();
    if (type !== 'error' && type !== 'warning') return;
    const source = pathOf(message.page()?.url() ?? message.worker()?.url() ?? 'browser');
    const { url, lineNumber } = message.location();
    problems.push(`${source}: console ${type}: ${message.text()} (${url}:${lineNumber})`);
  });
  context.on('weberror', (error) =>
    problems.push(`${pathOf(error.page()?.url() ?? 'browser')}: uncaught ${error.error().message}`),
  );
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
  const problems = watchConsole(context);
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

/** How long the session with the service worker in control lasts at least (ms). */
const SESSION_MS = 60_000;

/**
 * The languages of the bundled editor's frame documents `page` has loaded from here on (finished
 * navigations to /diagram-editor/: the editor's own frame and the frames that keep it).
 */
function editorFramesLoaded(page: Page): Set<string> {
  const languages = new Set<string>();
  page.on('requestfinished', (request) => {
    const url = new URL(request.url());
    const language = url.searchParams.get('lang');
    if (request.isNavigationRequest() && url.pathname === '/diagram-editor/' && language)
      languages.add(language);
  });
  return languages;
}

test('a 60-second session with the service worker in control and the real draw.io: not one console error or warning', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  // DIAGRAM_EDITOR_URL unset: the server serves draw.io itself (e2e/diagrams-editor.spec.ts).
  const server = await startServer({ diagramEditorUrl: '' });
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  const problems = watchConsole(context);
  const guard = await guardZeroKnowledge(context);
  const at = (path: string) => `${server.url}${path}`;
  try {
    const page = await context.newPage();
    const editorFrames = editorFramesLoaded(page);
    const name = `Worker-${Date.now().toString(36)}`;

    // Create a space and register as its first user (admin): the signed-in page registers the
    // app's worker; once reloaded, the worker controls the page — for the whole session.
    await page.goto(at('/'));
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
    await serviceWorkerInControl(page);
    const sessionStart = Date.now();
    await expect(page.getByRole('heading', { name: 'Welcome, alice!' })).toBeVisible();

    // Settings and back.
    await page.getByRole('link', { name: 'Open settings' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Space settings' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Dashboard' }).first().click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // Every tool from the dashboard; Diagrams with draw.io itself in its sandboxed frame.
    for (const tool of TOOLS) {
      await test.step(tool, async () => {
        await page.getByRole('link', { name: `Open ${tool}` }).click();
        await toolShown(page, tool);
        if (tool === 'Diagrams')
          await expect(
            page.frameLocator('iframe[title="Diagram editor"]').locator('.geDiagramContainer'),
          ).toBeVisible({ timeout: 60_000 });
        await page.getByRole('link', { name: 'Back to Dashboard' }).click();
        await expect(page).toHaveURL(/\/dashboard$/);
      });
    }

    // Meanwhile the signed-in page keeps the editor for offline starts: its files through the
    // worker, its document in both languages through hidden frames.
    await expect.poll(() => [...editorFrames].sort(), { timeout: 120_000 }).toEqual(['de', 'en']);
    await expect(page.locator('iframe[name="cipherspace-editor-keep"]')).toHaveCount(0, {
      timeout: 30_000,
    });

    // Log out: the landing page, its legal pages, and the crypto self-test opened by its address.
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy policy' }).click();
    await expect(page.getByRole('article').getByRole('heading', { level: 1 })).toHaveText(
      'Privacy policy',
    );
    await page.goBack();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Legal notice' }).click();
    await expect(page.getByRole('article').getByRole('heading', { level: 1 })).toHaveText(
      'Legal notice',
    );
    await page.goto(at('/crypto-test'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Encryption self-test');
    const encryption = page.getByRole('region', { name: 'Encryption test', exact: true });
    await encryption.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(encryption).toContainText('Encryption test passed.');

    // Log in again through the login screen, and open Diagrams by its address.
    await page.goto(at(`/space/login?spaceName=${encodeURIComponent(name)}`));
    await field(page, 'Space key').fill(SPACE_KEY);
    await field(page, 'Username').fill('alice');
    await field(page, 'Password (required)').fill('alice-pass');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(at('/tools/diagrams'));
    await toolShown(page, 'Diagrams');
    await expect(
      page.frameLocator('iframe[title="Diagram editor"]').locator('.geDiagramContainer'),
    ).toBeVisible({ timeout: 60_000 });

    // The rest of the minute on the dashboard, the worker still in control.
    await page.goto(at('/dashboard'));
    await expect(page.getByRole('heading', { name: 'Welcome, alice!' })).toBeVisible();
    await page.waitForTimeout(Math.max(0, SESSION_MS - (Date.now() - sessionStart)));
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    expect(problems, problems.join('\n')).toEqual([]);
    await guard.check();
  } finally {
    await context.close();
    await server.stop();
  }
});
