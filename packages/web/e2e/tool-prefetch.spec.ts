/**
 * The dashboard loads the tools' code while the member reads it (src/features/dashboard/
 * tool-prefetch.ts, for a tool's first open): once it is idle, opening any tool from it
 * waits for none of that tool's code — only for the tool's content. Real Chromium against a real
 * server; the requests are read from the browser, each tool's files from the build's
 * screen-preloads.json (the files the server names in that route's page).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { expect, test, WEB_DIST } from './fixtures.ts';
import { setUpSpace, signIn } from './support.ts';

/** The dashboard's tool cards in their order (spec §2): Open link target and screen heading. */
const TOOLS = [
  { route: '/tools/kanban', heading: 'Kanban Board' },
  { route: '/tools/ticket', heading: 'Issue Management' },
  { route: '/tools/bulletin', heading: 'Pinboard' },
  { route: '/tools/diagrams', heading: 'Diagrams' },
  { route: '/tools/scrum-poker', heading: 'Scrum Poker' },
  { route: '/tools/randomizer', heading: 'Daily Randomizer' },
];

/** Route → the code files of that screen (the app's, the screen's and what they import). */
const screenFiles = JSON.parse(
  readFileSync(join(WEB_DIST, 'screen-preloads.json'), 'utf8'),
) as Record<string, string[]>;

const isCode = (url: string) => /^\/assets\/[^?]+\.(?:js|css)$/.test(new URL(url).pathname);

test('after resting on the dashboard, every tool opens without loading any of its code', async ({
  page,
  server,
}) => {
  const [alice] = await setUpSpace(server, ['alice'], { prefix: 'Prefetch' });
  if (!alice) throw new Error('space set-up failed');
  const requested: string[] = [];
  const loaded = new Set<string>();
  page.on('request', (request) => {
    if (isCode(request.url())) requested.push(new URL(request.url()).pathname);
  });
  page.on('requestfinished', (request) => {
    if (isCode(request.url())) loaded.add(new URL(request.url()).pathname);
  });
  await signIn(page, server, alice);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // The member reads the dashboard: its idle time loads the tools' code, one tool after another,
  // until every file of every tool's screen is in.
  const toolFiles = TOOLS.map((tool) => {
    const files = screenFiles[tool.route];
    if (!files?.length) throw new Error(`the build lists no files for ${tool.route}`);
    return files;
  });
  const missing = () => toolFiles.flat().filter((file) => !loaded.has(file));
  await expect.poll(missing, { timeout: 60_000 }).toEqual([]);

  for (const [index, tool] of TOOLS.entries()) {
    const before = requested.length;
    // The keyboard, not the pointer: no hover starts a download at the last moment.
    await page.getByRole('link', { name: `Open ${tool.heading}` }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${tool.route}$`));
    await expect(page.getByRole('heading', { level: 1, name: tool.heading })).toBeVisible();
    const ownCode = requested.slice(before).filter((file) => toolFiles[index]?.includes(file));
    expect(ownCode, `${tool.route} loaded its code on its first open`).toEqual([]);
    await page.goBack();
    await expect(page).toHaveURL(/\/dashboard$/);
  }
});

test("with the browser's Save-Data preference the dashboard loads no tool's code by itself", async ({
  page,
  server,
}) => {
  const [alice] = await setUpSpace(server, ['alice'], { prefix: 'Prefetch' });
  if (!alice) throw new Error('space set-up failed');
  // Chromium's Data Saver sets navigator.connection.saveData; headless has no switch for it.
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'connection', { value: { saveData: true } });
  });
  const requested: string[] = [];
  page.on('request', (request) => {
    if (isCode(request.url())) requested.push(new URL(request.url()).pathname);
  });
  await signIn(page, server, alice);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Longer than the idle-time loading takes, and than its per-step timeout.
  await page.waitForTimeout(5_000);
  const kanban = screenFiles['/tools/kanban'] ?? [];
  expect(kanban.length).toBeGreaterThan(0);
  const toolChunk =
    /\/assets\/(?:Kanban|Ticket|Bulletin|Diagrams|Poker|Randomizer)Page-[\w-]+\.js$/;
  expect(requested.filter((file) => toolChunk.test(file))).toEqual([]);
  // Opening a tool loads it as usual.
  await page.getByRole('link', { name: 'Open Kanban Board' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Kanban Board' })).toBeVisible();
  expect(requested).toEqual(
    expect.arrayContaining(kanban.filter((file) => file.includes('KanbanPage'))),
  );
});
