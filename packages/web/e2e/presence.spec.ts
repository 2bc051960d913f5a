/**
 * Presence in the tools (spec §3: tools announce presence — kanban active, ticket active): the
 * header of a tool shows who else is in it right now, in two real browsers.
 */
import type { BrowserContext } from '@playwright/test';

import { expect, test } from './fixtures.ts';
import { setUpSpace, signIn } from './support.ts';

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
