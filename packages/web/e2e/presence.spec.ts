/**
 * Presence in the tools (spec §3: tools announce presence — kanban active, ticket active): the
 * header of a tool shows who else is in it right now, in two real browsers — also when a page's
 * CSRF token (spec §7) arrives after its first announcement is made.
 */
import type { BrowserContext, Page } from '@playwright/test';

import { expect, test } from './fixtures.ts';
import { kanbanShown, setUpSpace, signIn, twoMembersOn } from './support.ts';

/** How long the second page load's answer of GET /api/csrf is held back, in ms. */
const CSRF_DELAY_MS = 3000;

test('the tool header shows who else is in the tool and notices when they leave', async ({
  browser,
  server,
}) => {
  const [alice, bob] = await setUpSpace(server, ['alice', 'bob'], { prefix: 'Presence' });
  if (!alice || !bob) throw new Error('no members');
  const contexts: BrowserContext[] = [];
  try {
    const aliceContext = await browser.newContext();
    const bobContext = await browser.newContext();
    contexts.push(aliceContext, bobContext);
    const alicePage = await aliceContext.newPage();
    const bobPage = await bobContext.newPage();
    const presence = (page: typeof alicePage) => page.getByLabel('Also here');

    await signIn(alicePage, server, alice, '/tools/kanban');
    await expect(presence(alicePage)).toHaveText('Only you are here');

    // Bob enters: both learn of each other (Bob from Alice's answer to his announcement).
    await signIn(bobPage, server, bob, '/tools/kanban');
    await expect(presence(alicePage)).toHaveText('Also here: bob');
    await expect(presence(bobPage)).toHaveText('Also here: alice');

    // Presence is per tool: Bob in Issue Management is not in the Kanban board.
    await bobPage.getByRole('link', { name: /Back to Dashboard/ }).click();
    await expect(presence(alicePage)).toHaveText('Only you are here');
    await bobPage.goto(`${server.url}/tools/ticket`);
    await expect(presence(bobPage)).toHaveText('Only you are here');
    await expect(presence(alicePage)).toHaveText('Only you are here');
  } finally {
    for (const context of contexts) await context.close();
  }
});

test('members who reload see each other within seconds while their CSRF token is slow to arrive', async ({
  browser,
  server,
}) => {
  // Both members have the `_csrf` cookie of their first page load; on the second, the token
  // arrives late, and the server refuses a mutation without it (403). Their first presence
  // announcements wait for it instead of getting lost until the next one 30 s later.
  const members = await twoMembersOn(browser, server, '/tools/kanban', {
    prefix: 'PresenceCsrf',
    shown: kanbanShown,
  });
  try {
    const { alicePage, bobPage } = members;
    const refused: string[] = [];
    const slowCsrf = async (page: Page) => {
      page.on('response', (response) => {
        if (response.status() === 403) refused.push(response.url());
      });
      await page.route('**/api/csrf', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, CSRF_DELAY_MS));
        await route.continue();
      });
    };
    await slowCsrf(alicePage);
    await slowCsrf(bobPage);

    await Promise.all([alicePage.reload(), bobPage.reload()]);
    await kanbanShown(alicePage);
    await kanbanShown(bobPage);
    // Well before the next announcement (PRESENCE_ANNOUNCE_INTERVAL_MS, 30 s).
    await expect(alicePage.getByLabel('Also here')).toHaveText('Also here: bob', {
      timeout: 10_000,
    });
    await expect(bobPage.getByLabel('Also here')).toHaveText('Also here: alice', {
      timeout: 10_000,
    });
    expect(refused).toEqual([]);
  } finally {
    await members.close();
  }
});
