/**
 * search, in headless Chromium against the real server serving a fresh build of the web app: a
 * member types into the Kanban search of a 5,000-card board (spec §3 Issue filter, matched in the
 * browser over decrypted content), one key at a time; per keystroke, from the key event until the
 * frame that shows the filtered board has been painted (goal p95 ≤ 50 ms).
 */
import { encryptJson } from '@cipherspace/crypto';
import type { Page } from '@playwright/test';

import { grouped, type Benchmark, type BenchContext } from '../lib/benchmark.ts';
import { launchChromium } from '../lib/chromium.ts';
import { createThrowawayDatabase } from '../lib/postgres.ts';
import type { Figure } from '../lib/report.ts';
import { startOurServer } from '../lib/servers.ts';
import { kanbanBoard, saveContent, setUpSpace } from '../lib/spaces.ts';
import { latencySummary } from '../lib/stats.ts';
import {
  boardRendered,
  boardWatchScript,
  describeBuild,
  KANBAN_PATH,
  prepareWebBuild,
  signIn,
} from '../lib/web-app.ts';

const GOAL_P95_MS = 50;

/**
 * What is typed, each followed by clearing the field: a card number of a board of `cards`, words
 * of its cards (bench/src/lib/spaces.ts), and text no card holds.
 */
function queries(cards: number): string[] {
  return [`card ${String(Math.floor(cards * 0.86) + 1)}`, 'sprint', 'review', 'zzz nothing'];
}

/**
 * Records, for every key pressed in the search field, the time from the key event to the first
 * task after the next frame's style, layout and paint (a rAF callback runs before them; a
 * message posted from it runs after the paint).
 */
const KEYSTROKE_WATCH = `
  (() => {
    const samples = (globalThis.__benchSearchSamples = []);
    document.addEventListener('keydown', (event) => {
      if (!(event.target instanceof HTMLInputElement) || event.target.type !== 'search') return;
      const started = event.timeStamp;
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => samples.push(performance.now() - started);
        channel.port2.postMessage(null);
      });
    }, true);
  })();
`;

async function samplesTaken(page: Page): Promise<number> {
  return page.evaluate(
    () => (globalThis as { __benchSearchSamples?: number[] }).__benchSearchSamples?.length ?? 0,
  );
}

/** Presses `key` in the focused field and waits until its frame is painted and measured. */
async function pressMeasured(page: Page, key: string): Promise<void> {
  const before = await samplesTaken(page);
  await page.keyboard.press(key);
  await page.waitForFunction(
    (count) =>
      ((globalThis as { __benchSearchSamples?: number[] }).__benchSearchSamples?.length ?? 0) >
      count,
    before,
    { polling: 10 },
  );
}

/** The eight longest times of `samples`, in ms, longest first ("84, 75, … ms"). */
function slowest(samples: readonly number[]): string {
  const longest = [...samples].sort((a, b) => b - a).slice(0, 8);
  return `${longest.map((ms) => ms.toFixed(0)).join(', ')} ms`;
}

export const search: Benchmark = {
  name: 'search',
  summary: 'search as you type on a 5,000-card Kanban board, keystroke → filtered board painted',
  async run(context: BenchContext) {
    const cards = context.smoke ? 100 : 5000;
    const build = await prepareWebBuild(context, 'search');
    const database = await createThrowawayDatabase(context.config.postgresUrl);
    const dropDatabase = context.defer(() => database.drop());
    try {
      const server = await startOurServer({ databaseUrl: database.url, webDistDir: build.distDir });
      const stopServer = context.defer(() => server.close());
      const browser = await launchChromium(context.config.chromiumPath);
      const closeBrowser = context.defer(() => browser.close());
      try {
        const space = await setUpSpace(server.url, ['alice'], 'Search');
        const [alice] = space.members;
        if (!alice) throw new Error('space set-up failed');
        const envelope = await encryptJson(kanbanBoard(cards, alice.username), space.key);
        await saveContent(server.url, alice.token, space.name, 'kanban', envelope, 0);

        const page = await (await browser.newContext()).newPage();
        await page.addInitScript({ content: boardWatchScript(cards) });
        await page.addInitScript({ content: KEYSTROKE_WATCH });
        await signIn(page, server.url, space, alice);
        await page.goto(`${server.url}${KANBAN_PATH}`);
        await boardRendered(page);
        await page.evaluate(() =>
          (globalThis as { __benchBoardWatchStop?: () => void }).__benchBoardWatchStop?.(),
        );
        const field = page.getByRole('searchbox', { name: 'Search' });
        const status = page
          .getByRole('search', { name: 'Search and filter cards' })
          .getByRole('status');

        context.log(
          `search: ${String(queries(cards).length)} queries typed into a ${grouped(cards)}-card board`,
        );
        const results: string[] = [];
        const tracePath = context.config.searchTracePath;
        // What the Performance panel needs: the frames, their tasks and a sampled JS profile.
        if (tracePath)
          await browser.startTracing(page, {
            path: tracePath,
            categories: [
              'devtools.timeline',
              'disabled-by-default-devtools.timeline',
              'disabled-by-default-devtools.timeline.frame',
              'v8.execute',
              'blink.user_timing',
              'disabled-by-default-v8.cpu_profiler',
            ],
          });
        for (const query of queries(cards)) {
          await field.focus();
          for (const key of query) await pressMeasured(page, key === ' ' ? 'Space' : key);
          results.push(`"${query}": ${(await status.textContent()) ?? ''}`);
          // Clearing is measured too: each Backspace widens the result again.
          for (let left = query.length; left > 0; left--) await pressMeasured(page, 'Backspace');
        }
        if (tracePath) await browser.stopTracing();
        const final = await page.evaluate(
          () => (globalThis as { __benchSearchSamples?: number[] }).__benchSearchSamples ?? [],
        );
        if (!results[0]?.includes(' of '))
          throw new Error(`the search found nothing: ${results[0]}`);
        const summary = latencySummary(final);
        const figures: Figure[] = [
          {
            name: `keystroke → filtered ${grouped(cards)}-card board painted, p95`,
            value: summary.p95,
            unit: 'ms',
            goal: { op: '<=', bound: GOAL_P95_MS },
          },
          {
            name: `keystroke → filtered ${grouped(cards)}-card board painted, p50`,
            value: summary.p50,
            unit: 'ms',
          },
        ];
        return {
          figures,
          notes: [
            `${describeBuild(build)} served by our server on loopback (PostgreSQL); headless Chromium ${browser.version()}. One member on /tools/kanban with a board of ${grouped(cards)} cards (five columns; windowed long columns). Typed one key at a time (Playwright keyboard.press) into the search field, then cleared with Backspace, for ${String(queries(cards).length)} queries (${final.length} keystrokes); per key: the keydown event's time stamp → the first task after the next frame's paint (a message posted from its rAF callback). Results: ${results.join('; ')} — slowest keystrokes: ${slowest(final)}`,
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
