/**
 * Scrum Poker, /tools/scrum-poker (spec §2; §3 Scrum poker content, statistics; §4 Scrum poker,
 * forwarding the final estimation; §9 Poker) in real Chromium against a real server: two
 * members estimate an issue of Issue Management — both vote, the votes stay hidden on both
 * screens, a reveal shows values and statistics on both, Save Estimation writes the agreed value
 * into the issue, where Issue Management shows it — and a Kanban card is found by the search and
 * estimated in T-shirt sizes. The space key never leaves the browsers.
 */
import type { Locator, Page } from '@playwright/test';

import { expect, recordTraffic, test, type TrafficRecorder } from './fixtures.ts';
import {
  DEFAULT_SPACE_KEY,
  pokerCard as card,
  pokerPanel as panel,
  pokerParticipant as participant,
  pokerShown,
  setUpSpace,
  signIn,
  twoMembersOn,
} from './support.ts';

/** How fast another member's change must show on screen (no reload). */
const LIVE_MS = 5_000;

const issueRow = (page: Page, title: string): Locator =>
  panel(page, 'Issues').getByRole('button', { name: new RegExp(`^${title}`) });
const statistic = (page: Page, label: string): Locator =>
  panel(page, 'Statistics')
    .getByText(label, { exact: true })
    .locator('xpath=following-sibling::dd');

async function openPoker(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/tools/scrum-poker`);
  await pokerShown(page);
}

test('two members estimate an issue: hidden votes, reveal on both screens, estimate saved to Issue Management', async ({
  browser,
  server,
}) => {
  test.setTimeout(180_000);
  const traffic: TrafficRecorder[] = [];
  const members = await twoMembersOn(browser, server, '/tools/ticket', {
    prefix: 'Poker',
    prepare: (context) => traffic.push(recordTraffic(context)),
  });
  try {
    const { alicePage, bobPage } = members;

    // An issue in Issue Management, created through its own screen.
    await expect(
      alicePage.getByRole('heading', { level: 1, name: 'Issue Management' }),
    ).toBeVisible();
    await alicePage.getByRole('button', { name: 'Add issue to Backlog' }).click();
    const dialog = alicePage.getByRole('dialog', { name: 'Add Issue' });
    await dialog.getByLabel('Title').fill('Checkout times out');
    await dialog.getByLabel('Description').fill('Payment provider answers after 30 s');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(dialog).toBeHidden();

    await openPoker(alicePage, server.url);
    await openPoker(bobPage, server.url);
    await expect(alicePage.getByLabel('Also here')).toHaveText('Also here: bob');

    // Alice picks the issue; Bob's screen follows.
    await expect(issueRow(bobPage, 'Checkout times out')).toBeVisible();
    await expect(panel(bobPage, 'Selected Issue')).toContainText(
      'Select an issue from the list to see details and set final estimation',
    );
    await issueRow(alicePage, 'Checkout times out').click();
    for (const page of [alicePage, bobPage]) {
      const selected = panel(page, 'Selected Issue');
      await expect(selected.getByRole('heading', { name: 'Checkout times out' })).toBeVisible({
        timeout: LIVE_MS,
      });
      await expect(selected).toContainText('Payment provider answers after 30 s');
      await expect(selected).toContainText('Not estimated yet');
      await expect(panel(page, 'Results').getByRole('button', { name: 'Reveal' })).toBeDisabled();
      await expect(panel(page, 'Results').getByRole('button', { name: 'Reset' })).toBeDisabled();
    }

    // Both vote; the values stay hidden on both screens.
    await card(alicePage, 'Fibonacci', '5').click();
    await expect(card(alicePage, 'Fibonacci', '5')).toHaveAttribute('aria-pressed', 'true');
    await card(bobPage, 'Fibonacci', '8').click();
    await expect(card(bobPage, 'Fibonacci', '8')).toHaveAttribute('aria-pressed', 'true');
    for (const page of [alicePage, bobPage]) {
      await expect(participant(page, 'alice')).toContainText('Voted, hidden', {
        timeout: LIVE_MS,
      });
      await expect(participant(page, 'bob')).toContainText('Voted, hidden', { timeout: LIVE_MS });
      await expect(participant(page, 'alice')).not.toContainText('5');
      await expect(participant(page, 'bob')).not.toContainText('8');
      await expect(panel(page, 'Statistics')).toContainText('Reveal estimations to see statistics');
      await expect(panel(page, 'Results').getByRole('button', { name: 'Reveal' })).toBeEnabled();
    }

    // Bob reveals: values and statistics on both screens.
    await panel(bobPage, 'Results').getByRole('button', { name: 'Reveal' }).click();
    for (const page of [bobPage, alicePage]) {
      await expect(panel(page, 'Results').getByRole('button', { name: 'Hide' })).toBeVisible({
        timeout: LIVE_MS,
      });
      await expect(participant(page, 'alice')).toContainText('5');
      await expect(participant(page, 'bob')).toContainText('8');
      await expect(statistic(page, 'Average')).toHaveText('6.5');
      await expect(statistic(page, 'Median')).toHaveText('6.5');
      await expect(statistic(page, 'Most Frequent')).toHaveText('2 tied');
      await expect(statistic(page, 'Valid Votes')).toHaveText('2/2');
      await expect(statistic(page, 'Consensus')).toContainText('0 % (Low)');
    }

    // The team agrees on 8; Alice saves it into the issue.
    const final = panel(alicePage, 'Selected Issue');
    await expect(final.getByRole('button', { name: 'Save Estimation' })).toBeDisabled();
    await final
      .getByRole('combobox', { name: 'Final estimation', exact: true })
      .selectOption({ label: '8 (Most Frequent)' });
    await final.getByRole('button', { name: 'Save Estimation' }).click();
    await expect(alicePage.getByText('Estimation 8 saved to "Checkout times out".')).toBeVisible();
    for (const page of [alicePage, bobPage]) {
      await expect(
        panel(page, 'Selected Issue')
          .getByText('Current estimation')
          .locator('xpath=following-sibling::dd[1]'),
      ).toHaveText('8', { timeout: LIVE_MS });
    }

    // Bob resets the round: everyone's votes are gone and hidden again.
    await panel(bobPage, 'Results').getByRole('button', { name: 'Reset' }).click();
    for (const page of [bobPage, alicePage]) {
      await expect(participant(page, 'alice')).toContainText('Not voted', { timeout: LIVE_MS });
      await expect(participant(page, 'bob')).toContainText('Not voted');
      await expect(panel(page, 'Results').getByRole('button', { name: 'Reveal' })).toBeDisabled();
    }
    await expect(card(alicePage, 'Fibonacci', '5')).toHaveAttribute('aria-pressed', 'false');

    // The estimate is on the issue in Issue Management.
    await alicePage.goto(`${server.url}/tools/ticket`);
    const item = alicePage
      .getByRole('region', { name: 'Phases' })
      .getByRole('button', { name: /Checkout times out/ });
    await expect(item).toContainText('8 pts');
    await item.click();
    await expect(alicePage.getByRole('complementary', { name: 'Issue details' })).toContainText(
      '8 pts',
    );

    for (const recorder of traffic) recorder.expectNotSent(DEFAULT_SPACE_KEY);
  } finally {
    await members.close();
  }
});

test('without backlog issues two members vote on a free topic, in a layout without an issue list', async ({
  browser,
  server,
}) => {
  test.setTimeout(120_000);
  const members = await twoMembersOn(browser, server, '/tools/scrum-poker', {
    prefix: 'Topic',
    shown: async (page) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Scrum Poker' })).toBeVisible();
      await expect(panel(page, 'Selected Issue')).toContainText('No issues yet.');
    },
  });
  try {
    const { alicePage, bobPage } = members;
    for (const page of [alicePage, bobPage]) {
      // No empty column: no issue list, the topic panel and the cards share the width.
      await expect(panel(page, 'Issues')).toHaveCount(0);
      const selectedBox = await panel(page, 'Selected Issue').boundingBox();
      const cardsBox = await panel(page, 'Your Estimation').boundingBox();
      const layoutBox = await page.locator('.poker-layout').boundingBox();
      if (!selectedBox || !cardsBox || !layoutBox) throw new Error('panels not laid out');
      expect(selectedBox.x - layoutBox.x).toBeLessThan(2);
      expect(cardsBox.x).toBeGreaterThan(selectedBox.x + selectedBox.width - 1);
      expect(cardsBox.x + cardsBox.width).toBeGreaterThan(layoutBox.x + layoutBox.width - 2);
    }

    // Alice types the topic; Bob's panel shows it live.
    const topicField = (page: Page) =>
      panel(page, 'Selected Issue').getByRole('textbox', { name: 'Topic to vote on' });
    await topicField(alicePage).fill('  Login with a passkey ');
    await topicField(alicePage).press('Enter');
    for (const page of [alicePage, bobPage]) {
      await expect(panel(page, 'Selected Issue')).toContainText('Voting on: Login with a passkey', {
        timeout: LIVE_MS,
      });
    }
    await expect(topicField(bobPage)).toHaveValue('Login with a passkey');

    // Both vote on it, Bob reveals: the values on both screens.
    await card(alicePage, 'Fibonacci', '3').click();
    await card(bobPage, 'Fibonacci', '5').click();
    for (const page of [alicePage, bobPage]) {
      await expect(participant(page, 'alice')).toContainText('Voted, hidden', { timeout: LIVE_MS });
      await expect(participant(page, 'bob')).toContainText('Voted, hidden', { timeout: LIVE_MS });
    }
    await panel(bobPage, 'Results').getByRole('button', { name: 'Reveal' }).click();
    for (const page of [bobPage, alicePage]) {
      await expect(participant(page, 'alice')).toContainText('3', { timeout: LIVE_MS });
      await expect(participant(page, 'bob')).toContainText('5');
      await expect(statistic(page, 'Average')).toHaveText('4.0');
    }

    // Bob moves on to the next topic; Alice sees it replace the old one.
    await topicField(bobPage).fill('Sign-up form');
    await panel(bobPage, 'Selected Issue').getByRole('button', { name: 'Set Topic' }).click();
    await expect(panel(alicePage, 'Selected Issue')).toContainText('Voting on: Sign-up form', {
      timeout: LIVE_MS,
    });
    await expect(topicField(alicePage)).toHaveValue('Sign-up form');
  } finally {
    await members.close();
  }
});

test('a Kanban card is found by the search and estimated in T-shirt sizes', async ({
  page,
  server,
}) => {
  test.setTimeout(120_000);
  const [alice] = await setUpSpace(server, ['alice'], { prefix: 'PokerKanban' });
  if (!alice) throw new Error('no member');
  await signIn(page, server, alice, '/tools/kanban');
  const backlog = page.getByRole('region', { name: 'Backlog', exact: true });
  await expect(backlog).toBeVisible();
  for (const title of ['Export invoices', 'Dark mode']) {
    await backlog.getByRole('button', { name: /^Add (first )?card to Backlog$/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Card' });
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(dialog).toBeHidden();
  }

  await openPoker(page, server.url);
  const issues = panel(page, 'Issues');
  await expect(issues.getByRole('status')).toHaveText('2 issues');
  await issues.getByRole('searchbox', { name: 'Search issues' }).fill('invoice');
  await expect(issues.getByRole('status')).toHaveText('1 issue');
  await expect(issueRow(page, 'Export invoices')).toContainText('Backlog · Kanban Board');
  await issues.getByRole('searchbox', { name: 'Search issues' }).fill('nothing like it');
  await expect(issues).toContainText('No issues found matching "nothing like it"');
  await issues.getByRole('button', { name: 'Clear search' }).click();
  await expect(issues.getByRole('status')).toHaveText('2 issues');
  await issueRow(page, 'Export invoices').click();

  // Switching the scale deals the T-shirt deck; a vote, a reveal, and M goes to the card.
  await panel(page, 'Your Estimation').getByRole('button', { name: 'T-Shirt Sizes' }).click();
  await card(page, 'T-Shirt Sizes', 'M – Medium').click();
  await expect(card(page, 'T-Shirt Sizes', 'M – Medium')).toHaveAttribute('aria-pressed', 'true');
  await panel(page, 'Results').getByRole('button', { name: 'Reveal' }).click();
  await expect(statistic(page, 'Most Frequent')).toHaveText('M');
  await expect(statistic(page, 'Consensus')).toContainText('100 % (High)');
  await expect(panel(page, 'Statistics').getByText('Average')).toHaveCount(0);
  const selected = panel(page, 'Selected Issue');
  await selected
    .getByRole('combobox', { name: 'Final estimation', exact: true })
    .selectOption({ label: 'M – Medium (Most Frequent)' });
  await selected.getByRole('button', { name: 'Save Estimation' }).click();
  await expect(page.getByText('Estimation M saved to "Export invoices".')).toBeVisible();

  await page.goto(`${server.url}/tools/kanban`);
  const exported = page
    .getByRole('region', { name: 'Backlog', exact: true })
    .getByRole('article', { name: 'Export invoices', exact: true });
  await expect(exported.getByText('Estimation: M')).toBeAttached();
});

test('a facilitator runs rounds over two issues: own votes per issue, auto-reveal, timer, a spectator, results to copy', async ({
  browser,
  server,
}) => {
  test.setTimeout(240_000);
  const members = await twoMembersOn(browser, server, '/tools/ticket', { prefix: 'Rounds' });
  try {
    const { alicePage, bobPage } = members;
    await expect(
      alicePage.getByRole('heading', { level: 1, name: 'Issue Management' }),
    ).toBeVisible();
    for (const title of ['Story one', 'Story two']) {
      await alicePage.getByRole('button', { name: 'Add issue to Backlog' }).click();
      const dialog = alicePage.getByRole('dialog', { name: 'Add Issue' });
      await dialog.getByLabel('Title').fill(title);
      await dialog.getByRole('button', { name: 'Add', exact: true }).click();
      await expect(dialog).toBeHidden();
    }
    await openPoker(alicePage, server.url);
    await openPoker(bobPage, server.url);
    await expect(alicePage.getByLabel('Also here')).toHaveText('Also here: bob');
    await expect(bobPage.getByLabel('Also here')).toHaveText('Also here: alice');

    // Alice turns auto-reveal on; Bob sees the setting.
    const autoReveal = (page: Page) =>
      panel(page, 'Round').getByRole('checkbox', {
        name: 'Reveal automatically when everyone present has voted',
      });
    await expect(autoReveal(alicePage)).not.toBeChecked();
    await autoReveal(alicePage).check();
    await expect(autoReveal(bobPage)).toBeChecked({ timeout: LIVE_MS });

    // Story one: both vote; the last vote reveals on both screens without anyone clicking.
    await issueRow(alicePage, 'Story one').click();
    await expect(
      panel(bobPage, 'Selected Issue').getByRole('heading', { name: 'Story one' }),
    ).toBeVisible({ timeout: LIVE_MS });
    await card(alicePage, 'Fibonacci', '5').click();
    await expect(participant(bobPage, 'alice')).toContainText('Voted, hidden', {
      timeout: LIVE_MS,
    });
    await card(bobPage, 'Fibonacci', '8').click();
    for (const page of [alicePage, bobPage]) {
      await expect(panel(page, 'Results').getByRole('button', { name: 'Hide' })).toBeVisible({
        timeout: LIVE_MS,
      });
      await expect(participant(page, 'alice')).toContainText('5');
      await expect(participant(page, 'bob')).toContainText('8');
    }
    // Bob changes his mind to 5: the suggestion is 5, saved into the issue and the results.
    await card(bobPage, 'Fibonacci', '5').click();
    await expect(statistic(alicePage, 'Most Frequent')).toHaveText('5', { timeout: LIVE_MS });
    const final = panel(alicePage, 'Selected Issue');
    await final
      .getByRole('combobox', { name: 'Final estimation', exact: true })
      .selectOption({ label: '5 (Most Frequent)' });
    await final.getByRole('button', { name: 'Save Estimation' }).click();
    await expect(alicePage.getByText('Estimation 5 saved to "Story one".')).toBeVisible();
    for (const page of [alicePage, bobPage]) {
      await expect(panel(page, 'Session Results').getByRole('row')).toHaveText([
        'IssueFinal estimate',
        'Story one5',
      ]);
    }

    // Story two starts a fresh round on both screens: no votes, hidden, no suggestion.
    await issueRow(bobPage, 'Story two').click();
    for (const page of [alicePage, bobPage]) {
      await expect(
        panel(page, 'Selected Issue').getByRole('heading', { name: 'Story two' }),
      ).toBeVisible({ timeout: LIVE_MS });
      await expect(participant(page, 'alice')).toContainText('Not voted');
      await expect(participant(page, 'bob')).toContainText('Not voted');
      await expect(panel(page, 'Results').getByRole('button', { name: 'Reveal' })).toBeDisabled();
      await expect(panel(page, 'Statistics')).toContainText('Reveal estimations to see statistics');
      await expect(
        panel(page, 'Selected Issue').getByRole('group', { name: 'Suggested Values' }),
      ).toHaveCount(0);
      await expect(card(page, 'Fibonacci', '5')).toHaveAttribute('aria-pressed', 'false');
    }

    // The round timer: Bob starts it, both see it run; Alice pauses, both see the same time.
    const timer = (page: Page) => panel(page, 'Round').locator('.poker-timer-value');
    await expect(timer(alicePage)).toHaveText('0:00');
    await panel(bobPage, 'Round').getByRole('button', { name: 'Start timer' }).click();
    for (const page of [alicePage, bobPage]) {
      await expect(panel(page, 'Round')).toContainText('running', { timeout: LIVE_MS });
      await expect(timer(page)).not.toHaveText('0:00', { timeout: LIVE_MS });
    }
    await panel(alicePage, 'Round').getByRole('button', { name: 'Pause timer' }).click();
    await expect(panel(bobPage, 'Round')).toContainText('paused', { timeout: LIVE_MS });
    await expect(
      panel(bobPage, 'Round').getByRole('button', { name: 'Resume timer' }),
    ).toBeVisible();
    const paused = await timer(alicePage).textContent();
    await expect(timer(bobPage)).toHaveText(paused ?? '');
    await bobPage.waitForTimeout(1_500);
    await expect(timer(bobPage)).toHaveText(paused ?? '');

    // Bob watches as a spectator: shown apart, no cards for him, and Alice's vote alone
    // completes the round (auto-reveal leaves spectators out).
    await panel(bobPage, 'Round')
      .getByRole('checkbox', { name: 'Watch as spectator (do not vote)' })
      .check();
    for (const page of [alicePage, bobPage]) {
      const spectators = panel(page, 'Results').getByRole('list', { name: 'Spectators (1)' });
      await expect(spectators).toContainText('bob', { timeout: LIVE_MS });
      await expect(
        panel(page, 'Results').getByRole('heading', { name: 'Participants (1)' }),
      ).toBeVisible();
    }
    await expect(card(bobPage, 'Fibonacci', '3')).toBeDisabled();
    await expect(panel(bobPage, 'Your Estimation')).toContainText(
      'You are watching as a spectator.',
    );
    await card(alicePage, 'Fibonacci', '3').click();
    for (const page of [alicePage, bobPage]) {
      await expect(panel(page, 'Results').getByRole('button', { name: 'Hide' })).toBeVisible({
        timeout: LIVE_MS,
      });
      await expect(participant(page, 'alice')).toContainText('3');
    }

    // Back to Story one: its own round comes back as it was left, with its saved result.
    await issueRow(alicePage, 'Story one').click();
    for (const page of [alicePage, bobPage]) {
      await expect(
        panel(page, 'Selected Issue').getByRole('heading', { name: 'Story one' }),
      ).toBeVisible({ timeout: LIVE_MS });
      await expect(participant(page, 'alice')).toContainText('5');
      await expect(panel(page, 'Results').getByRole('button', { name: 'Hide' })).toBeVisible();
      await expect(statistic(page, 'Most Frequent')).toHaveText('5');
      await expect(panel(page, 'Selected Issue')).toContainText('Saved in this session: 5');
    }

    // Copy results puts a tab-separated table on the clipboard.
    await alicePage.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: server.url,
    });
    await panel(alicePage, 'Session Results').getByRole('button', { name: 'Copy results' }).click();
    await expect(alicePage.getByText('Results copied to the clipboard.')).toBeVisible();
    expect(await alicePage.evaluate(() => navigator.clipboard.readText())).toBe(
      'Issue\tFinal estimate\nStory one\t5\n',
    );
  } finally {
    await members.close();
  }
});

test('a custom deck typed by one member is dealt to the other', async ({ browser, server }) => {
  test.setTimeout(120_000);
  const members = await twoMembersOn(browser, server, '/tools/scrum-poker', {
    prefix: 'Deck',
    shown: pokerShown,
  });
  try {
    const { alicePage, bobPage } = members;
    await panel(alicePage, 'Your Estimation').getByRole('button', { name: 'Powers of 2' }).click();
    await expect(card(bobPage, 'Powers of 2', '16')).toBeVisible({ timeout: LIVE_MS });
    await panel(alicePage, 'Your Estimation').getByRole('button', { name: 'Custom' }).click();
    await panel(alicePage, 'Your Estimation')
      .getByRole('textbox', { name: 'Custom deck values' })
      .fill('1, 2, 4, XXL');
    await panel(alicePage, 'Your Estimation').getByRole('button', { name: 'Use deck' }).click();
    for (const page of [alicePage, bobPage]) {
      await expect(card(page, 'Custom', 'XXL')).toBeVisible({ timeout: LIVE_MS });
      await expect(card(page, 'Custom', '4')).toBeVisible();
      await expect(card(page, 'Custom', '5')).toHaveCount(0);
    }
    await card(bobPage, 'Custom', 'XXL').click();
    await expect(participant(alicePage, 'bob')).toContainText('Voted, hidden', {
      timeout: LIVE_MS,
    });
  } finally {
    await members.close();
  }
});

test('with auto-reveal on, the round reveals on both remaining screens when the one voter missing leaves', async ({
  browser,
  server,
}) => {
  test.setTimeout(120_000);
  const names = ['alice', 'bob', 'carol'];
  const members = await setUpSpace(server, names, { prefix: 'Leave' });
  const contexts = await Promise.all(names.map(() => browser.newContext()));
  try {
    const pages = await Promise.all(contexts.map((context) => context.newPage()));
    const [alicePage, bobPage, carolPage] = pages;
    if (!alicePage || !bobPage || !carolPage) throw new Error('pages not opened');
    for (const [index, page] of pages.entries()) {
      const member = members[index];
      if (!member) throw new Error('member missing');
      await signIn(page, server, member, '/tools/scrum-poker');
      await pokerShown(page);
    }
    await expect(alicePage.getByLabel('Also here')).toHaveText('Also here: bob, carol');
    await expect(bobPage.getByLabel('Also here')).toHaveText('Also here: alice, carol');

    const autoReveal = (page: Page) =>
      panel(page, 'Round').getByRole('checkbox', {
        name: 'Reveal automatically when everyone present has voted',
      });
    await autoReveal(bobPage).check();
    for (const page of pages) await expect(autoReveal(page)).toBeChecked({ timeout: LIVE_MS });

    // Two of three vote: carol has not, so the votes stay hidden.
    await card(alicePage, 'Fibonacci', '5').click();
    await card(bobPage, 'Fibonacci', '8').click();
    for (const page of [alicePage, bobPage]) {
      await expect(participant(page, 'alice')).toContainText('Voted, hidden', { timeout: LIVE_MS });
      await expect(participant(page, 'bob')).toContainText('Voted, hidden', { timeout: LIVE_MS });
      await expect(participant(page, 'carol')).toContainText('Not voted');
    }

    // Carol closes her page: every remaining voter has voted, and both screens show the votes.
    await carolPage.close();
    for (const page of [alicePage, bobPage]) {
      await expect(panel(page, 'Results').getByRole('button', { name: 'Hide' })).toBeVisible({
        timeout: LIVE_MS,
      });
      await expect(participant(page, 'alice')).toContainText('5');
      await expect(participant(page, 'bob')).toContainText('8');
      await expect(participant(page, 'carol')).toHaveCount(0);
    }
  } finally {
    for (const context of contexts) await context.close();
  }
});

for (const { when, heartbeats } of [
  { when: 'once the connection knows the server clock', heartbeats: true },
  // Before any heartbeat answer, the page's first API answer (its Date header) says the time.
  { when: 'before any heartbeat is answered', heartbeats: false },
])
  test(`the round timer shows the same time to a member whose computer's clock is 90 s ahead, started ${when}`, async ({
    browser,
    server,
  }) => {
    test.setTimeout(120_000);
    const SKEW_MS = 90_000;
    const members = await twoMembersOn(browser, server, '/tools/scrum-poker', {
      prefix: 'Clock',
      shown: pokerShown,
      // Bob's computer runs 90 s ahead: every Date in his page says so.
      prepare: async (context, member) => {
        if (member !== 'bob') return;
        await context.addInitScript((skewMs: number) => {
          const RealDate = Date;
          class SkewedDate extends RealDate {
            constructor(...args: unknown[]) {
              if (args.length === 0) super(RealDate.now() + skewMs);
              else super(...(args as [string]));
            }
            static override now(): number {
              return RealDate.now() + skewMs;
            }
          }
          globalThis.Date = SkewedDate as DateConstructor;
        }, SKEW_MS);
        if (heartbeats) return;
        // Bob's heartbeats never reach the server (everything else does), so no pong comes back.
        await context.routeWebSocket(/\/api\/ws\//, (socket) => {
          const server = socket.connectToServer();
          socket.onMessage((message) => {
            if (typeof message !== 'string' || !message.includes('"type":"heartbeat"'))
              server.send(message);
          });
        });
      },
    });
    try {
      const { alicePage, bobPage } = members;
      const skew = await bobPage.evaluate(() => Date.now());
      expect(skew - Date.now()).toBeGreaterThan(SKEW_MS - 5_000);

      const timer = (page: Page) => panel(page, 'Round').locator('.poker-timer-value');
      const seconds = async (page: Page) => {
        const [minutes, secs] = ((await timer(page).textContent()) ?? '').split(':').map(Number);
        return (minutes ?? NaN) * 60 + (secs ?? NaN);
      };
      // The member with the skewed clock starts the timer; both count from the same start.
      await panel(bobPage, 'Round').getByRole('button', { name: 'Start timer' }).click();
      for (const page of [alicePage, bobPage]) {
        await expect(panel(page, 'Round')).toContainText('running', { timeout: LIVE_MS });
        await expect(timer(page)).toHaveText(/^0:0[2-9]$/, { timeout: LIVE_MS });
      }
      // Each screen turns to the next second when its estimate of the server's clock says the
      // elapsed time has: the two estimates differ by up to half a heartbeat's round trip, and a
      // busy machine delays a redraw, so the screens can be a second apart for a moment. Each check
      // waits until both agree; Bob's own clock would keep them 90 s apart.
      for (let check = 0; check < 3; check++) {
        await expect
          .poll(
            async () => {
              const [a, b] = await Promise.all([seconds(alicePage), seconds(bobPage)]);
              return Math.abs(a - b);
            },
            { message: "seconds between alice's and bob's timer" },
          )
          .toBeLessThanOrEqual(1);
        await alicePage.waitForTimeout(700);
      }
    } finally {
      await members.close();
    }
  });
