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

test('after one member reloads, both see each other within 2 s, and nobody flickers away', async ({
  browser,
  server,
}) => {
  const members = await twoMembersOn(browser, server, '/tools/kanban', {
    prefix: 'PresenceReload',
    shown: kanbanShown,
  });
  try {
    const { alicePage, bobPage } = members;
    const presence = (page: Page) => page.getByLabel('Also here');
    await expect(presence(alicePage)).toHaveText('Also here: bob');
    await expect(presence(bobPage)).toHaveText('Also here: alice');
    // Everything Alice shows from now on: Bob must never vanish while he only reloads.
    await alicePage.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { presenceSeen: string[] }).presenceSeen = seen;
      const label = document.querySelector('[aria-label="Also here"]');
      if (!label) throw new Error('no presence label');
      new MutationObserver(() => seen.push(label.textContent)).observe(label, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    });

    await bobPage.reload();
    await kanbanShown(bobPage);
    // Alice still lists Bob, so only his hello makes her answer at once (not 30 s later).
    await expect(presence(bobPage)).toHaveText('Also here: alice', { timeout: 2_000 });
    // Past the server's departure grace (3 s) for Bob's old connection: he stays listed.
    await bobPage.waitForTimeout(4_000);
    await expect(presence(alicePage)).toHaveText('Also here: bob');
    await expect(presence(bobPage)).toHaveText('Also here: alice');
    const seen = await alicePage.evaluate(
      () => (window as unknown as { presenceSeen: string[] }).presenceSeen,
    );
    expect(seen.filter((text) => text.includes('Only you'))).toEqual([]);
  } finally {
    await members.close();
  }
});

for (const how of ['closes the tab', 'goes to another site', 'loads the dashboard'] as const) {
  test(`a member who ${how} disappears for the others within 5 s`, async ({ browser, server }) => {
    const members = await twoMembersOn(browser, server, '/tools/kanban', {
      prefix: 'PresenceLeave',
      shown: kanbanShown,
    });
    try {
      const { alicePage, bobPage } = members;
      const presence = alicePage.getByLabel('Also here');
      await expect(presence).toHaveText('Also here: bob');
      const leftAt = Date.now();
      if (how === 'closes the tab') await bobPage.close({ runBeforeUnload: true });
      else if (how === 'goes to another site') await bobPage.goto('about:blank');
      else await bobPage.goto(`${server.url}/dashboard`);
      await expect(presence).toHaveText('Only you are here', { timeout: 5_000 });
      expect(Date.now() - leftAt).toBeLessThan(5_000);
    } finally {
      await members.close();
    }
  });
}

test("a member's second tab sees the others within 2 s, and closing it leaves the member listed", async ({
  browser,
  server,
}) => {
  const members = await twoMembersOn(browser, server, '/tools/kanban', {
    prefix: 'PresenceTabs',
    shown: kanbanShown,
  });
  try {
    const { aliceContext, bobPage } = members;
    const second = await aliceContext.newPage();
    await second.goto(`${server.url}/tools/kanban`);
    await kanbanShown(second);
    await expect(second.getByLabel('Also here')).toHaveText('Also here: bob', { timeout: 2_000 });

    await second.close({ runBeforeUnload: true });
    // Past the departure grace (3 s): only that tab left, Alice's first tab is still here.
    await bobPage.waitForTimeout(5_000);
    await expect(bobPage.getByLabel('Also here')).toHaveText('Also here: alice');
  } finally {
    await members.close();
  }
});
