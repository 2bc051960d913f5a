/**
 * The dashboard loads the tools' code while the member reads it (src/features/dashboard/
 * tool-prefetch.ts; issue 15, a tool's first open): once it is idle, opening any tool from it
 * waits for no code — only for the tool's content. Real Chromium against a real server; the
 * requests are read from the browser.
 */
import { expect, test } from './fixtures.ts';
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

const isCode = (url: string) => /\/assets\/[^?]+\.(?:js|css)(?:\?|$)/.test(new URL(url).pathname);

test('after resting on the dashboard, every tool opens without loading any code', async ({
  page,
  server,
}) => {
  const [alice] = await setUpSpace(server, ['alice'], { prefix: 'Prefetch' });
  const code: string[] = [];
  page.on('request', (request) => {
    if (isCode(request.url())) code.push(new URL(request.url()).pathname);
  });
  if (!alice) throw new Error('space set-up failed');
  await signIn(page, server, alice);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The member reads the dashboard: its idle time loads the tools' code, one tool after another,
  // until no more code is requested.
  let seen = -1;
  await expect
    .poll(
      () => {
        const settled = code.length === seen;
        seen = code.length;
        return settled;
      },
      { intervals: [1500], timeout: 30_000 },
    )
    .toBe(true);
  expect(code.length).toBeGreaterThan(0);

  for (const tool of TOOLS) {
    const before = code.length;
    // The keyboard, not the pointer: no hover starts a download at the last moment.
    await page.getByRole('link', { name: `Open ${tool.heading}` }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${tool.route}$`));
    await expect(page.getByRole('heading', { level: 1, name: tool.heading })).toBeVisible();
    expect(code.slice(before), `${tool.route} loaded code on its first open`).toEqual([]);
    await page.goBack();
    await expect(page).toHaveURL(/\/dashboard$/);
  }
});
