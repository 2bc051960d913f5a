/**
 * `pnpm screenshots`: PNG screenshots of every screen of the web app, at 1280 × 800 (desktop)
 * and 390 × 844 (phone), in English and German, written to docs/screenshots/ as
 * `{screen}-{language}-{width}.png` (issue 19 item 2). The app is the real one: a production
 * build (SCREENSHOTS_WEB_DIST, else built into a temporary folder) served by packages/server on
 * an embedded database, with a space whose tools hold some realistic content, typed in through
 * the screens themselves. The diagram editor of another origin is answered by the e2e stand-in.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { TOOL_METADATA } from '@cipherspace/tools/metadata';
import { chromium, type Browser, type Page } from '@playwright/test';

import { CHROMIUM_ARGS, chromiumExecutable } from './browser.ts';
import { serveStandInDiagramEditor } from './diagram-editor.ts';
import { expect, startServer, type ServerProcess } from './fixtures.ts';
import { setUpSpace, signIn, type Member } from './support.ts';

const OUT_DIR = fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url));
const LANGUAGES = ['en', 'de'] as const;
const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

/** Every screen, the public ones first: file name prefix, path, whether it needs a member. */
function screens(member: Member): { name: string; path: string; signedIn: boolean }[] {
  const tools = Object.values(TOOL_METADATA).map((tool) => ({
    name: tool.route.replace('/tools/', ''),
    path: tool.route,
    signedIn: true,
  }));
  return [
    { name: 'landing', path: '/', signedIn: false },
    { name: 'create-space', path: '/space/create', signedIn: false },
    {
      name: 'login',
      path: `/space/login?spaceName=${encodeURIComponent(member.space.name)}`,
      signedIn: false,
    },
    { name: 'crypto-test', path: '/crypto-test', signedIn: false },
    { name: 'privacy', path: '/datenschutz', signedIn: false },
    { name: 'imprint', path: '/impressum', signedIn: false },
    { name: 'dashboard', path: '/dashboard', signedIn: true },
    { name: 'settings', path: '/space/settings', signedIn: true },
    ...tools,
  ];
}

/** A production build of the web app in a temporary folder (removed on exit). */
function buildWebApp(): string {
  const outDir = mkdtempSync(join(tmpdir(), 'cs-screenshots-web-'));
  process.once('exit', () => rmSync(outDir, { recursive: true, force: true }));
  const built = spawnSync(
    'pnpm',
    ['--filter', '@cipherspace/web', 'build', '--outDir', outDir, '--emptyOutDir'],
    { stdio: 'inherit' },
  );
  if (built.status !== 0) throw new Error(`web build failed (exit ${String(built.status)})`);
  return outDir;
}

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

/** Cards, issues, notes and a poker round, typed in by alice through the tools' screens. */
async function fillSpace(browser: Browser, server: ServerProcess, alice: Member): Promise<void> {
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop, baseURL: server.url });
  await serveStandInDiagramEditor(context);
  const page = await context.newPage();
  await signIn(page, server, alice, '/tools/kanban');
  await expect(page.getByRole('region', { name: 'Backlog', exact: true })).toBeVisible();
  const cards = [
    ['Backlog', 'Export the board as CSV', 'Teams asked for a spreadsheet of the sprint.'],
    ['Backlog', 'Dark mode', 'Follow the system setting.'],
    ['To Do', 'Invite links for new members', 'One-time link, valid for 24 hours.'],
    ['In Progress', 'Faster first render', 'Render the board before the history loads.'],
    ['Done', 'Keyboard moves for cards', 'Space to lift, arrows to move, Space to drop.'],
  ] as const;
  for (const [column, title, description] of cards)
    await addThroughDialog(page, new RegExp(`^Add (first )?card to ${column}$`), 'Add Issue', {
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

/** Waits until the screen at the page's address shows its content, not a loading state. */
async function settled(page: Page, language: string): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.locator('.diagrams-overlay')).toBeHidden();
  // Fonts, icons and transitions.
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(400);
}

async function main(): Promise<void> {
  const webDist = process.env.SCREENSHOTS_WEB_DIST ?? buildWebApp();
  const server = await startServer({ webDist });
  const browser = await chromium.launch({
    executablePath: chromiumExecutable(),
    args: CHROMIUM_ARGS,
  });
  try {
    const [alice] = await setUpSpace(server, ['alice', 'bob', 'carol'], { prefix: 'Team' });
    if (!alice) throw new Error('space set-up failed');
    await fillSpace(browser, server, alice);
    mkdirSync(OUT_DIR, { recursive: true });
    for (const language of LANGUAGES)
      for (const [width, viewport] of Object.entries(VIEWPORTS)) {
        const context = await browser.newContext({
          viewport,
          baseURL: server.url,
          reducedMotion: 'reduce',
        });
        await serveStandInDiagramEditor(context);
        await context.addInitScript((chosen) => {
          localStorage.setItem('cipherspace_language', chosen);
        }, language);
        const page = await context.newPage();
        // The public screens (listed first) as a visitor sees them, then the member's.
        let signedIn = false;
        for (const screen of screens(alice)) {
          if (screen.signedIn && !signedIn) {
            await signIn(page, server, alice);
            signedIn = true;
          }
          await page.goto(screen.path);
          await settled(page, language);
          const file = join(OUT_DIR, `${screen.name}-${language}-${width}.png`);
          await page.screenshot({ path: file });
          console.log(`wrote ${file}`);
        }
        await context.close();
      }
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
