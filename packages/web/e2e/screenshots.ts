/**
 * `pnpm screenshots`: PNG screenshots of every screen of the web app, at 1280 × 800 (desktop)
 * and 390 × 844 (phone), in English and German, written to docs/screenshots/ as
 * `{screen}-{language}-{width}.png`. The app is the real one: a production
 * build (SCREENSHOTS_WEB_DIST, else built into a temporary folder) served by packages/server on
 * an embedded database, with a space whose tools hold some realistic content
 * (./sample-content.ts). Diagrams shows the bundled draw.io, the product's default editor.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { TOOL_METADATA } from '@cipherspace/tools/metadata';
import { chromium, type Page } from '@playwright/test';

import { CHROMIUM_ARGS, chromiumExecutable } from './browser.ts';
import { expect, startServer } from './fixtures.ts';
import { fillSampleContent } from './sample-content.ts';
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

/** Waits until the screen at the page's address shows its content, not a loading state. */
async function settled(page: Page, language: string): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.locator('.diagrams-overlay')).toBeHidden();
  // The bundled draw.io has drawn its canvas (it loads for a few seconds).
  if (new URL(page.url()).pathname === '/tools/diagrams')
    await expect(
      page.locator('iframe.diagrams-frame').contentFrame().locator('.geDiagramContainer'),
    ).toBeVisible({ timeout: 60_000 });
  // Fonts, icons and transitions.
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(400);
}

async function main(): Promise<void> {
  const webDist = process.env.SCREENSHOTS_WEB_DIST ?? buildWebApp();
  // '' = the bundled draw.io, as a default installation has it.
  const server = await startServer({ webDist, diagramEditorUrl: '' });
  const browser = await chromium.launch({
    executablePath: chromiumExecutable(),
    args: CHROMIUM_ARGS,
  });
  try {
    const [alice] = await setUpSpace(server, ['alice', 'bob', 'carol'], { prefix: 'Team' });
    if (!alice) throw new Error('space set-up failed');
    await fillSampleContent(browser, server, alice);
    mkdirSync(OUT_DIR, { recursive: true });
    for (const language of LANGUAGES)
      for (const [width, viewport] of Object.entries(VIEWPORTS)) {
        const context = await browser.newContext({
          viewport,
          baseURL: server.url,
          reducedMotion: 'reduce',
        });
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
