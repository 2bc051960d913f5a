/**
 * The installable app in Chromium: the web app manifest in both languages
 * with its icons; the service worker, registered once a member has signed in, precaches the
 * shell and every tool's code, so the app starts with no network after one visit; a new version
 * waits for the member's "Reload". The public pages alone register no worker.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { Page } from '@playwright/test';
import { TOOL_METADATA } from '@cipherspace/tools/metadata';

import de from '../messages/de.json' with { type: 'json' };
import en from '../messages/en.json' with { type: 'json' };
import { expect, startServer, test, WEB_DIST, type ServerProcess } from './fixtures.ts';
import { serviceWorkerInControl, setUpSpace, signIn, type Member } from './support.ts';

test.use({ serviceWorkers: 'allow' });

/**
 * Signs a new member in on the dashboard and waits until the page is controlled by the
 * activated service worker it registered.
 */
async function signedInControlled(page: Page, server: ServerProcess): Promise<Member> {
  const [member] = await setUpSpace(server, ['alice'], { prefix: 'Pwa' });
  if (!member) throw new Error('space set-up failed');
  await signIn(page, server, member);
  await serviceWorkerInControl(page);
  return member;
}

/** The paths of every response in the page's Cache Storage, over all caches. */
function cachedPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
}

test('the manifest names the app in the interface language and its icons load', async ({
  page,
  server,
}) => {
  const [member] = await setUpSpace(server, ['alice'], { prefix: 'Pwa' });
  if (!member) throw new Error('space set-up failed');
  await signIn(page, server, member);
  const manifestLink = page.locator('link[rel="manifest"]');
  await expect(manifestLink).toHaveAttribute('href', '/manifest.webmanifest');
  const english = (await (await page.request.get(`${server.url}/manifest.webmanifest`)).json()) as {
    name: string;
    lang: string;
    description: string;
    theme_color: string;
    display: string;
    icons: { src: string; sizes: string; purpose?: string }[];
  };
  expect(english).toMatchObject({
    name: 'Cipherspace',
    lang: 'en',
    description: en.pwa_manifest_description,
    theme_color: '#3b3f8f',
    display: 'standalone',
  });
  expect(english.icons.map((icon) => icon.sizes)).toEqual(
    expect.arrayContaining(['192x192', '512x512']),
  );
  for (const icon of english.icons) {
    const answer = await page.request.get(`${server.url}${icon.src}`);
    expect(answer.status(), icon.src).toBe(200);
  }

  await page.getByRole('contentinfo').getByRole('button', { name: 'Deutsch' }).click();
  await expect(manifestLink).toHaveAttribute('href', '/manifest.de.webmanifest');
  const german = (await (
    await page.request.get(`${server.url}/manifest.de.webmanifest`)
  ).json()) as {
    lang: string;
    description: string;
  };
  expect(german).toMatchObject({ lang: 'de', description: de.pwa_manifest_description });
  // The stored language picks the German manifest again after a reload.
  await page.reload();
  await expect(manifestLink).toHaveAttribute('href', '/manifest.de.webmanifest');
});

test('after one visit the app starts with no network, with every tool code cached', async ({
  page,
  context,
  server,
}) => {
  await page.goto(server.url);
  // The public pages alone register no worker.
  await page.waitForLoadState('load');
  expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations())).toHaveLength(0);
  const member = await signedInControlled(page, server);
  const cached = await cachedPaths(page);
  expect(cached).toContain('/');
  const toolPages = [
    'KanbanPage',
    'TicketPage',
    'BulletinPage',
    'DiagramsPage',
    'PokerPage',
    'RandomizerPage',
  ];
  expect(toolPages).toHaveLength(Object.keys(TOOL_METADATA).length);
  for (const toolPage of toolPages)
    expect(
      cached.some((url) => new RegExp(`^/assets/${toolPage}-[\\w-]+\\.js$`).test(url)),
      toolPage,
    ).toBe(true);

  // No network: the signed-in member's dashboard starts from the cache (its live connection
  // keeps trying), and so does a public page.
  await context.setOffline(true);
  await page.goto(`${server.url}/dashboard`);
  await expect(page.getByRole('heading', { level: 1, name: member.space.name })).toBeVisible();
  await page.goto(`${server.url}/space/create`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await context.setOffline(false);
});

test("a screen opened by its address under the worker gets its own shell, with that screen's code preloaded", async ({
  page,
  context,
  server,
}) => {
  await signedInControlled(page, server);
  const cached = await cachedPaths(page);
  for (const route of ['/', '/dashboard', '/tools/kanban', '/tools/scrum-poker', '/space/settings'])
    expect(cached, route).toContain(route);

  // A new tab on the board's address with no network: the worker answers with the board's
  // shell, which names the board's code, so the browser fetches it with the app's instead of
  // after it. (Online, the network and the worker race for a navigation: see the next test.)
  await context.setOffline(true);
  const tab = await context.newPage();
  const board = await tab.goto(`${server.url}/tools/kanban`);
  expect(board?.fromServiceWorker()).toBe(true);
  expect(await board?.text()).toMatch(
    /<link rel="modulepreload"[^>]* href="\/assets\/KanbanPage-[\w-]+\.js">/,
  );
  await expect(tab.getByRole('heading', { level: 1, name: 'Kanban Board' })).toBeVisible();
  // A path that is no screen gets the shell of '/', as before (the app then redirects).
  const other = await tab.goto(`${server.url}/no/such/page`);
  expect(other?.fromServiceWorker()).toBe(true);
  expect(await other?.text()).not.toMatch(/KanbanPage-/);
  await context.setOffline(false);
});

/** How the worker's static routes answered the page's last request for `path` (Resource Timing). */
function routedBy(page: Page, path: string): Promise<{ matched: string; final: string } | null> {
  return page.evaluate((path) => {
    const entries = performance.getEntriesByName(new URL(path, location.href).href);
    const entry = entries.at(-1) as
      | (PerformanceResourceTiming & {
          workerMatchedSourceType?: string;
          workerFinalSourceType?: string;
        })
      | undefined;
    return entry
      ? { matched: entry.workerMatchedSourceType ?? '', final: entry.workerFinalSourceType ?? '' }
      : null;
  }, path);
}

test("under the worker a new tab gets the build's files straight from the cache and the API straight from the network", async ({
  page,
  context,
  server,
}) => {
  await signedInControlled(page, server);

  // A board opened by its address in a new tab, online: its code comes from Cache Storage
  // without running the worker, its content from the server without passing through it.
  const tab = await context.newPage();
  const contentCall = tab.waitForResponse((response) =>
    new URL(response.url()).pathname.startsWith('/trpc/content.'),
  );
  await tab.goto(`${server.url}/tools/kanban`);
  await expect(tab.getByRole('heading', { level: 1, name: 'Kanban Board' })).toBeVisible();
  const boardCode = await tab.evaluate(
    () =>
      performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname)
        .find((path) => /^\/assets\/KanbanPage-[\w-]+\.js$/.test(path)) ?? null,
  );
  expect(boardCode).not.toBeNull();
  expect(await routedBy(tab, boardCode ?? '')).toEqual({ matched: 'cache', final: 'cache' });
  const content = new URL((await contentCall).url());
  expect(await routedBy(tab, content.pathname + content.search)).toEqual({
    matched: 'network',
    final: 'network',
  });

  // A file of the build the cache does not hold (as a newer build's would be) still loads, from
  // the network.
  const missing = await tab.evaluate(async () => {
    const cacheName = (await caches.keys()).find((name) => name.includes('precache'));
    if (!cacheName) return null;
    const cache = await caches.open(cacheName);
    const file = (await cache.keys())
      .map((request) => new URL(request.url).pathname)
      .find((path) => /^\/assets\/PokerPage-[\w-]+\.js$/.test(path));
    if (!file) return null;
    await cache.delete(file);
    const answer = await fetch(file);
    return { file, status: answer.status, bytes: (await answer.text()).length };
  });
  expect(missing).toMatchObject({ status: 200 });
  expect(missing?.bytes).toBeGreaterThan(1000);
  await expect
    .poll(() => routedBy(tab, missing?.file ?? ''))
    .toEqual({
      matched: 'cache',
      final: 'network',
    });
});

test('a new version waits for the member: "A new version is available — Reload"', async ({
  page,
}) => {
  // A server of its own on a copy of the build, so that a "new build" can be put in place.
  const dist = mkdtempSync(join(tmpdir(), 'cs-pwa-dist-'));
  cpSync(WEB_DIST, dist, { recursive: true });
  const server = await startServer({ webDist: dist });
  try {
    await signedInControlled(page, server);
    const firstWorker = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
    await expect(page.getByRole('status', { name: en.pwa_update_available })).toHaveCount(0);

    // Deploy: a build whose service worker differs (here: the shell's revision).
    const swPath = join(dist, 'sw.js');
    const sw = readFileSync(swPath, 'utf8');
    const revised = sw.replace(/(url:"\/",revision:")([^"]+)"/, '$1$2-next"');
    expect(revised).not.toBe(sw);
    writeFileSync(swPath, revised);
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });

    const prompt = page.getByRole('status', { name: en.pwa_update_available });
    await expect(prompt).toBeVisible({ timeout: 15_000 });
    await expect(prompt).toContainText(en.pwa_update_available);
    // The page goes on with the old code until the member chooses.
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(
      firstWorker,
    );
    const reloaded = page.waitForEvent('load');
    await prompt.getByRole('button', { name: en.pwa_update_reload }).click();
    await reloaded;
    await expect(page.getByRole('status', { name: en.pwa_update_available })).toHaveCount(0);
    const waiting = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return registration?.waiting ?? null;
    });
    expect(waiting).toBeNull();
  } finally {
    await server.stop();
    rmSync(dist, { recursive: true, force: true });
  }
});
