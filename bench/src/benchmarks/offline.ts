/**
 * offline, in headless Chromium with the app's service worker against the real server serving a
 * fresh build of the web app:
 * - app start offline: after one online visit of a Kanban board of 1,000 cards (the service worker
 *   has cached the code, IndexedDB the board's ciphertext), the network is cut and the board's
 *   address is opened again; from that navigation to the frame that shows the cards
 *   (goal ≤ 500 ms);
 * - replay: changes made offline (cards added through the Add Card dialog) wait in the queue;
 *   from the network coming back until the header says "All changes saved" and the server holds
 *   every one of them (goal ≤ 2 s for 100).
 */
import { encryptJson } from '@cipherspace/crypto';
import type { Browser, BrowserContext, Page } from '@playwright/test';

import { grouped, type Benchmark, type BenchContext } from '../lib/benchmark.ts';
import { launchChromium } from '../lib/chromium.ts';
import { createThrowawayDatabase } from '../lib/postgres.ts';
import type { Figure } from '../lib/report.ts';
import { startOurServer } from '../lib/servers.ts';
import {
  kanbanBoard,
  rest,
  saveContent,
  setUpSpace,
  type BenchMember,
  type BenchSpace,
} from '../lib/spaces.ts';
import { median } from '../lib/stats.ts';
import {
  boardRendered,
  boardWatchScript,
  describeBuild,
  KANBAN_PATH,
  prepareWebBuild,
  signIn,
  type BoardRender,
} from '../lib/web-app.ts';

const START_GOAL_MS = 500;
const REPLAY_GOAL_MS = 2000;

/** The app's service worker serves the shell and the code offline. */
const OFFLINE_CONTEXT_OPTIONS = { serviceWorkers: 'allow' } as const;

/** Whether this origin's offline store (IndexedDB `cipherspace_offline`) holds a kanban entry. */
function kanbanCached(page: Page): Promise<boolean> {
  return page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('cipherspace_offline');
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('entries')) {
            db.close();
            resolve(false);
            return;
          }
          const keys = db.transaction('entries', 'readonly').objectStore('entries').getAllKeys();
          keys.onerror = () => resolve(false);
          keys.onsuccess = () => {
            db.close();
            resolve(JSON.stringify(keys.result).includes('kanban'));
          };
        };
      }),
  );
}

/**
 * Opens the Kanban board online in `context` as `member` until the service worker controls the
 * page and the board's ciphertext is in IndexedDB: what one earlier visit leaves behind.
 */
async function visitOnline(
  context: BrowserContext,
  url: string,
  space: BenchSpace,
  member: BenchMember,
  cards: number,
): Promise<Page> {
  const page = await context.newPage();
  await page.addInitScript({ content: boardWatchScript(cards) });
  await signIn(page, url, space, member);
  await page.goto(`${url}${KANBAN_PATH}`);
  await boardRendered(page);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await boardRendered(page);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  for (let i = 0; i < 100 && !(await kanbanCached(page)); i++) await page.waitForTimeout(100);
  if (!(await kanbanCached(page))) throw new Error('the board was not cached for offline use');
  return page;
}

/** One offline start: a fresh context visits online, then opens the board with no network. */
async function startOffline(
  browser: Browser,
  url: string,
  space: BenchSpace,
  member: BenchMember,
  cards: number,
): Promise<BoardRender> {
  const context = await browser.newContext(OFFLINE_CONTEXT_OPTIONS);
  try {
    const page = await visitOnline(context, url, space, member, cards);
    await context.setOffline(true);
    await page.goto(`${url}${KANBAN_PATH}`);
    return await boardRendered(page);
  } finally {
    await context.close();
  }
}

interface Replay {
  /** Network back → "All changes saved" in the header. */
  savedMs: number;
  /** The stored version before and after (the server's own count of the changes). */
  versionBefore: number;
  versionAfter: number;
}

async function storedVersion(url: string, space: BenchSpace, member: BenchMember) {
  const answer = await rest(url, 'GET', `/api/content/${encodeURIComponent(space.name)}/kanban`, {
    token: member.token,
  });
  if (answer.status !== 200) throw new Error(`content GET answered ${String(answer.status)}`);
  // The newest version (the stored envelope may hold an older one).
  return (answer.body as { current_version: number }).current_version;
}

/** `changes` cards added offline through the UI, then the network back: the replay's time. */
async function replayOffline(
  browser: Browser,
  url: string,
  space: BenchSpace,
  member: BenchMember,
  cards: number,
  changes: number,
): Promise<Replay> {
  const context = await browser.newContext(OFFLINE_CONTEXT_OPTIONS);
  try {
    const page = await visitOnline(context, url, space, member, cards);
    const versionBefore = await storedVersion(url, space, member);
    await context.setOffline(true);
    const status = page.locator('.tool-header .tool-save-status');
    for (let i = 1; i <= changes; i++) {
      await page
        .getByRole('region', { name: 'Backlog', exact: true })
        .getByRole('button', { name: /^Add (first )?card to Backlog$/ })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Add Card' });
      await dialog.getByLabel('Title').fill(`Offline card ${String(i)}`);
      await dialog.getByRole('button', { name: 'Add', exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
      await status
        .getByText(
          i === 1 ? 'Offline — 1 change waiting' : `Offline — ${String(i)} changes waiting`,
        )
        .waitFor();
    }
    const started = performance.now();
    await context.setOffline(false);
    await status.getByText('All changes saved').waitFor({ timeout: 120_000 });
    const savedMs = performance.now() - started;
    const versionAfter = await storedVersion(url, space, member);
    if (versionAfter < versionBefore + 1)
      throw new Error(`the server holds none of the ${String(changes)} changes`);
    return { savedMs, versionBefore, versionAfter };
  } finally {
    await context.close();
  }
}

export const offline: Benchmark = {
  name: 'offline',
  summary:
    'start of a 1,000-card Kanban board with no network, and the replay of 100 queued changes, in Chromium',
  async run(context: BenchContext) {
    const runs = context.smoke ? 1 : 5;
    const cards = context.smoke ? 50 : 1000;
    const changes = context.smoke ? 3 : 100;
    const replayCards = 10;
    const build = await prepareWebBuild(context, 'offline');
    const database = await createThrowawayDatabase(context.config.postgresUrl);
    const dropDatabase = context.defer(() => database.drop());
    try {
      const server = await startOurServer({ databaseUrl: database.url, webDistDir: build.distDir });
      const stopServer = context.defer(() => server.close());
      const browser = await launchChromium(context.config.chromiumPath);
      const closeBrowser = context.defer(() => browser.close());
      try {
        const space = await setUpSpace(server.url, ['alice'], 'Offline');
        const [alice] = space.members;
        if (!alice) throw new Error('space set-up failed');
        const envelope = await encryptJson(kanbanBoard(cards, alice.username), space.key);
        await saveContent(server.url, alice.token, space.name, 'kanban', envelope, 0);
        context.log(`offline: start of a ${grouped(cards)}-card board with no network ×${runs}`);
        const starts: BoardRender[] = [];
        for (let i = 0; i < runs; i++)
          starts.push(await startOffline(browser, server.url, space, alice, cards));

        const small = await setUpSpace(server.url, ['alice'], 'Replay');
        const [member] = small.members;
        if (!member) throw new Error('space set-up failed');
        const smallBoard = await encryptJson(kanbanBoard(replayCards, member.username), small.key);
        await saveContent(server.url, member.token, small.name, 'kanban', smallBoard, 0);
        context.log(`offline: ${grouped(changes)} changes made offline, then the network back`);
        const replay = await replayOffline(
          browser,
          server.url,
          small,
          member,
          replayCards,
          changes,
        );

        const figures: Figure[] = [
          {
            name: `app start with no network → ${grouped(cards)}-card board shown`,
            value: median(starts.map((s) => s.frameMs)),
            unit: 'ms',
            goal: { op: '<=', bound: START_GOAL_MS },
          },
          {
            name: `replay of ${grouped(changes)} queued changes → "All changes saved"`,
            value: replay.savedMs,
            unit: 'ms',
            goal: { op: '<=', bound: REPLAY_GOAL_MS },
          },
        ];
        return {
          figures,
          notes: [
            `${describeBuild(build)} served by our server on loopback (PostgreSQL); headless Chromium ${browser.version()} with the app's service worker. Start: per run a fresh browser context opens /tools/kanban online (a board of ${grouped(cards)} cards, ${Math.round(envelope.length / 1024)} KB encrypted), reloads once so the service worker controls the page, waits until IndexedDB holds the board's ciphertext, then the context goes offline (context.setOffline) and the board's address is opened again: navigation → the frame showing its cards (bench/src/lib/web-app.ts, as web measures), median of ${runs} (DOM ${median(starts.map((s) => s.shownMs)).toFixed(0)} ms, painted ${median(starts.map((s) => s.paintedMs)).toFixed(0)} ms). Replay: on a board of ${replayCards} cards, ${grouped(changes)} cards added offline through the Add Card dialog (the header counting them), then the network back: context.setOffline(false) → the header says "All changes saved"; the stored version went from ${replay.versionBefore} to ${replay.versionAfter}.`,
          ],
        };
      } finally {
        await closeBrowser();
        await stopServer();
      }
    } finally {
      await dropDatabase();
    }
  },
};
