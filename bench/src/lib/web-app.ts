/**
 * The web app as the Chromium benchmarks (web, live) use it: a production build served by our
 * server, members signed in the way the login screen stores a session, and the first render of
 * a Kanban board measured from inside the page.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { Browser, BrowserContextOptions, Page } from '@playwright/test';

import type { BenchContext } from './benchmark.ts';
import { REPO_ROOT } from './bundle.ts';
import { BENCH_CONTEXT_OPTIONS } from './chromium.ts';
import type { BenchMember, BenchSpace } from './spaces.ts';

/** Builds the web app into `outDir` with the project's own build script. @throws with its output. */
export function buildWebApp(outDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'pnpm',
      ['--filter', '@cipherspace/web', 'build', '--outDir', outDir, '--emptyOutDir'],
      { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`web build failed (exit ${String(code)}):\n${output.slice(-3000)}`));
    });
  });
}

/** A web build ready to serve. */
export interface WebBuild {
  distDir: string;
  /** How long the build took, in s; null when a finished build was given (BENCH_WEB_DIST). */
  buildSeconds: number | null;
}

/** The working tree's build of this process, shared by the benchmarks of one run. */
let sharedBuild: Promise<WebBuild> | null = null;

/**
 * The build to serve: BENCH_WEB_DIST when set (checked for an index.html, never removed), else a
 * build of the working tree in a temporary folder, made once per process and shared by every
 * benchmark of the run (removed when the process exits, or on interrupt).
 * @throws when BENCH_WEB_DIST holds no build, or the build fails.
 */
export function prepareWebBuild(context: BenchContext, name: string): Promise<WebBuild> {
  const given = context.config.webDistDir;
  if (given !== null) {
    if (!existsSync(join(given, 'index.html')))
      return Promise.reject(
        new Error(`BENCH_WEB_DIST=${given} holds no index.html (not a web build)`),
      );
    context.log(`${name}: serving the given web build ${given}`);
    return Promise.resolve({ distDir: given, buildSeconds: null });
  }
  if (sharedBuild) {
    context.log(`${name}: serving the web build made earlier in this run`);
    return sharedBuild;
  }
  const distDir = mkdtempSync(join(tmpdir(), 'cs-bench-web-'));
  const remove = () => rmSync(distDir, { recursive: true, force: true });
  process.once('exit', remove);
  context.defer(() => Promise.resolve(remove()));
  context.log(`${name}: building the web app`);
  const started = performance.now();
  sharedBuild = buildWebApp(distDir).then(() => ({
    distDir,
    buildSeconds: (performance.now() - started) / 1000,
  }));
  return sharedBuild;
}

/** How a note names the build that was served. */
export function describeBuild(build: WebBuild): string {
  return build.buildSeconds === null
    ? `a given production build (BENCH_WEB_DIST=${build.distDir})`
    : `a production build of the working tree (\`vite build\`, ${build.buildSeconds.toFixed(0)} s)`;
}

/**
 * Opens `address` in `page` and waits until that page has settled: loaded, and no request under
 * way for 500 ms (Playwright's 'networkidle'). A member reads a page before leaving it; a
 * benchmark that left a page the moment its load event fired would time the next page against
 * this one's start-up — its first render runs after the load event, in the same renderer — which
 * cost a board opened by its address 260–280 ms on a 2-core machine (bench/RESULTS.md, 2026-12-04
 * 21:00 UTC).
 */
export async function gotoSettled(page: Page, address: string): Promise<void> {
  await page.goto(address);
  await page.waitForLoadState('networkidle');
}

/**
 * Stores `member`'s session in localStorage as the login screen does (see
 * packages/web/e2e/support.ts) on /impressum — so the main bundle is cached, as after a sign-in —
 * and stays there, that page settled ({@link gotoSettled}).
 */
export async function signIn(
  page: Page,
  url: string,
  space: BenchSpace,
  member: BenchMember,
): Promise<void> {
  await gotoSettled(page, `${url}/impressum`);
  await page.evaluate(
    ({ member, space }) => {
      const info = { ...space.info, created_at: new Date(space.info.created_at).toISOString() };
      const user = { id: member.userId, username: member.username, role: member.role };
      localStorage.setItem('token', member.token);
      localStorage.setItem('access_token', member.token);
      localStorage.setItem('currentSpace', JSON.stringify(info));
      localStorage.setItem('currentUser', JSON.stringify(user));
      localStorage.setItem(`space_key_${info.name}`, space.key);
      localStorage.setItem(`username_${info.name}`, member.username);
      localStorage.setItem('last_username', member.username);
      localStorage.setItem(
        'cipherspace_content_credentials',
        JSON.stringify({ spaceName: info.name, spaceKey: space.key, username: member.username }),
      );
    },
    { member, space },
  );
}

/** The Kanban tool's route (spec §2). */
export const KANBAN_PATH = '/tools/kanban';

/**
 * Watches the DOM from the very start of every document until the board shows its `count`
 * cards: the column badges add up to `count` and every non-empty column has a card in the DOM
 * (a board that renders long columns incrementally or virtualised shows the cards in view, not
 * all of them). Stores the time (ms since the navigation started), the time of the next
 * animation frame (the frame that shows them: its start) and of the first task after that
 * frame's style, layout and paint, and when every card is in the DOM, that time too.
 */
export function boardWatchScript(count: number): string {
  return `
    (() => {
      let resolvePainted = () => {};
      // Awaited by boardRendered: no polling task of the test runs in the page while it loads.
      globalThis.__benchBoardPaintedPromise = new Promise((resolve) => { resolvePainted = resolve; });
      const cardsIn = () => document.querySelectorAll('ul.kanban-cards > li').length;
      const shown = () => {
        const columns = document.querySelectorAll('section.kanban-column');
        if (columns.length === 0) return false;
        let total = 0;
        for (const column of columns) {
          const badge = column.querySelector('.kanban-column-count [aria-hidden="true"]');
          const n = Number.parseInt(badge ? badge.textContent : '', 10);
          if (!Number.isFinite(n)) return false;
          if (n > 0 && !column.querySelector('ul.kanban-cards > li')) return false;
          total += n;
        }
        return total === ${count};
      };
      const observer = new MutationObserver(() => {
        if (globalThis.__benchBoardShown === undefined && shown()) {
          globalThis.__benchBoardShown = performance.now();
          requestAnimationFrame(() => {
            globalThis.__benchBoardFrame = performance.now();
            // A task queued in the frame runs after its style, layout and paint.
            const channel = new MessageChannel();
            channel.port1.onmessage = () => {
              globalThis.__benchBoardPainted = performance.now();
              resolvePainted();
            };
            channel.port2.postMessage(0);
          });
        }
        if (globalThis.__benchBoardShown !== undefined && cardsIn() >= ${count}) {
          globalThis.__benchAllCardsInDom = performance.now();
          observer.disconnect();
        }
      });
      observer.observe(document, { childList: true, subtree: true });
      // A benchmark that goes on working on the board stops the watch, so it costs nothing then.
      globalThis.__benchBoardWatchStop = () => observer.disconnect();
    })();
  `;
}

/** One first render of a board. */
export interface BoardRender {
  /** Navigation start → the board shows its cards (DOM). */
  shownMs: number;
  /** Navigation start → the animation frame after that (its rAF callback: the frame's start). */
  frameMs: number;
  /** Navigation start → the end of that frame's style, layout and paint (the next task). */
  paintedMs: number;
  /** Navigation start → every card in the DOM; null when the board keeps some out of it. */
  allCardsMs: number | null;
}

/**
 * Runs `use` on a page of a fresh browser context (no cached key, code or content) that watches
 * for the board's `cards` ({@link boardWatchScript}) and where `member` is signed in
 * ({@link signIn}); closes the context after.
 */
async function onSignedInPage<T>(
  browser: Browser,
  url: string,
  space: BenchSpace,
  member: BenchMember,
  cards: number,
  use: (page: Page) => Promise<T>,
  contextOptions: BrowserContextOptions = BENCH_CONTEXT_OPTIONS,
): Promise<T> {
  const context = await browser.newContext(contextOptions);
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: boardWatchScript(cards) });
    await signIn(page, url, space, member);
    return await use(page);
  } finally {
    await context.close();
  }
}

/**
 * Opens the Kanban board of `space` as `member` in a fresh browser context (no cached key, no
 * cached content) and measures its first render ({@link boardWatchScript}); `cards` is the
 * number of cards the board holds; every page before the measured one is left once it has
 * settled ({@link gotoSettled}). With `opensBefore` > 0 the board is opened (and left for
 * /impressum) that many times first in the same context, so the measured load finds the board's
 * code in the browser's cache — a member opening a board they have opened before; with 0 (the
 * default) the code is fetched and compiled by the measured load itself — the first open of the
 * tool in this browser. @throws when the board does not show them within `timeoutMs`.
 */
export async function renderBoard(
  browser: Browser,
  url: string,
  space: BenchSpace,
  member: BenchMember,
  cards: number,
  timeoutMs = 60_000,
  opensBefore = 0,
): Promise<BoardRender> {
  return onSignedInPage(browser, url, space, member, cards, async (page) => {
    for (let open = 0; open < opensBefore; open++) {
      await page.goto(`${url}${KANBAN_PATH}`);
      await boardRendered(page, timeoutMs);
      await gotoSettled(page, `${url}/impressum`);
    }
    await page.goto(`${url}${KANBAN_PATH}`);
    return await boardRendered(page, timeoutMs);
  });
}

/** The service worker's runtime cache of the bundled diagram editor (packages/web/pwa.config.ts). */
const EDITOR_CACHE = 'cipherspace-diagram-editor';

/**
 * Waits until the browser of `page` keeps what a returning member's browser keeps: the app's
 * service worker active and in control (it precached every screen's shell and every code file
 * at install), and the offline sync's copy of the bundled diagram editor done — its runtime
 * cache holds files and has not grown for 2 s (the sync starts it once a page has been open for
 * 10 s: packages/web/src/app/offline-sync.ts `EDITOR_KEEP_DELAY_MS`). `page` is then on
 * /impressum. @throws when that takes longer than `timeoutMs`.
 */
async function installApp(page: Page, url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  await page.goto(`${url}/dashboard`);
  const ready = await page.evaluate(
    (waitMs) =>
      Promise.race([
        navigator.serviceWorker.ready.then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), waitMs)),
      ]),
    timeoutMs,
  );
  if (!ready) throw new Error(`the app's service worker was not ready within ${timeoutMs} ms`);
  await page.goto(`${url}/impressum`);
  let last = -1;
  let steadySince = Date.now();
  for (;;) {
    const kept = await page.evaluate(async (name) => {
      const controlled = navigator.serviceWorker.controller !== null;
      const files = (await caches.has(name)) ? (await (await caches.open(name)).keys()).length : 0;
      return controlled ? files : -1;
    }, EDITOR_CACHE);
    if (kept !== last) {
      last = kept;
      steadySince = Date.now();
    } else if (kept > 0 && Date.now() - steadySince >= 2000) {
      return;
    }
    if (Date.now() > deadline)
      throw new Error(`the app was not installed within ${timeoutMs} ms (editor files: ${kept})`);
    await page.waitForTimeout(500);
  }
}

/**
 * Opens the Kanban board of `space` by its address as a returning member does: in a fresh
 * browser context that lets the app's service worker run, after signing in and staying until
 * the app is installed ({@link installApp}), the board is opened from /impressum in the same
 * tab; its first render is measured as {@link renderBoard} does (the key and the content are not
 * cached; the code comes from the worker's caches). @throws when the board does not show its
 * `cards` within `timeoutMs`, or the app does not install within a minute.
 */
export async function renderBoardInstalled(
  browser: Browser,
  url: string,
  space: BenchSpace,
  member: BenchMember,
  cards: number,
  timeoutMs = 60_000,
): Promise<BoardRender> {
  return onSignedInPage(
    browser,
    url,
    space,
    member,
    cards,
    async (page) => {
      await installApp(page, url, 60_000);
      await page.goto(`${url}${KANBAN_PATH}`);
      return await boardRendered(page, timeoutMs);
    },
    { serviceWorkers: 'allow' },
  );
}

/** How long (ms) a member looks at the dashboard before opening a tool ({@link openFromDashboard}). */
export const DASHBOARD_DWELL_MS = 1000;

/** Records the time stamp of every click (ms on the document's clock) for {@link openFromDashboard}. */
const CLICK_WATCH_SCRIPT = `
  document.addEventListener('click', (event) => { globalThis.__benchClickAt = event.timeStamp; }, true);
`;

/**
 * The first open of the Kanban board from the dashboard, the way a member gets there after
 * signing in: in a fresh browser context (nothing cached), /dashboard is opened, the member looks
 * at it for {@link DASHBOARD_DWELL_MS}, then clicks Kanban's Open link (the pointer moves onto it
 * and clicks, as Playwright's click does). The times of the {@link BoardRender} run from that
 * click (its event's time stamp) instead of the navigation; `cards` is the number of cards the
 * board holds. @throws when the board does not show them within `timeoutMs`.
 */
export async function openFromDashboard(
  browser: Browser,
  url: string,
  space: BenchSpace,
  member: BenchMember,
  cards: number,
  timeoutMs = 60_000,
): Promise<BoardRender> {
  return onSignedInPage(browser, url, space, member, cards, async (page) => {
    // From the next document on: the dashboard's.
    await page.addInitScript({ content: CLICK_WATCH_SCRIPT });
    await page.goto(`${url}/dashboard`);
    const open = page.locator(`a[href="${KANBAN_PATH}"]`);
    await open.waitFor({ timeout: timeoutMs });
    await page.waitForTimeout(DASHBOARD_DWELL_MS);
    await open.click();
    const render = await boardRendered(page, timeoutMs);
    const clickAt = await page.evaluate(
      () => (globalThis as { __benchClickAt?: number }).__benchClickAt ?? Number.NaN,
    );
    return {
      shownMs: render.shownMs - clickAt,
      frameMs: render.frameMs - clickAt,
      paintedMs: render.paintedMs - clickAt,
      allCardsMs: render.allCardsMs === null ? null : render.allCardsMs - clickAt,
    };
  });
}

/**
 * Waits until the document `page` is on has shown its board ({@link boardWatchScript}, added as
 * an init script before the navigation) and reads the times, from that document's navigation
 * start. @throws when it does not within `timeoutMs`.
 */
export async function boardRendered(page: Page, timeoutMs = 60_000): Promise<BoardRender> {
  // Awaits the page's own promise rather than polling (page.waitForFunction runs a check in the
  // page on every animation frame, on the main thread the first render needs).
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    page.evaluate(
      () =>
        (globalThis as { __benchBoardPaintedPromise?: Promise<void> }).__benchBoardPaintedPromise,
    ),
    new Promise((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`the board did not show its cards within ${timeoutMs} ms`)),
        timeoutMs,
      );
    }),
  ]).finally(() => clearTimeout(timer));
  // Give a board that renders incrementally the time to finish (or to show it never does).
  await page.waitForTimeout(200);
  return await page.evaluate(() => {
    const g = globalThis as {
      __benchBoardShown?: number;
      __benchBoardFrame?: number;
      __benchBoardPainted?: number;
      __benchAllCardsInDom?: number;
    };
    return {
      shownMs: g.__benchBoardShown ?? Number.NaN,
      frameMs: g.__benchBoardFrame ?? Number.NaN,
      paintedMs: g.__benchBoardPainted ?? Number.NaN,
      allCardsMs: g.__benchAllCardsInDom ?? null,
    };
  });
}
