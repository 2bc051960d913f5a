/**
 * The Daily Randomizer (spec §2 /tools/randomizer, §4 Randomizer, §7 usernames, §9 Randomizer
 * animation) with two members in two browsers: the pick animation is part of the shared
 * document, so when one member starts, the other's screen walks through the same steps and lands
 * on the same option; in no-repeat mode that option is marked used on both screens; a member who
 * opens the page afterwards sees the result without a replay. Also the quick fills from the
 * space's usernames and from the backlog's phases
 * (an empty phase leaves the list as it is).
 */
import type { Locator, Page } from '@playwright/test';

import { expect, test } from './fixtures.ts';
import {
  randomizerEditor as editor,
  randomizerOptions as optionList,
  randomizerShown as shown,
  randomizerTileTexts as tileTexts,
  twoMembersOn,
} from './support.ts';

const OPTIONS = ['Ann', 'Ben', 'Cleo', 'Dan', 'Emma'];

const tile = (page: Page, name: string): Locator =>
  optionList(page)
    .getByRole('listitem')
    .filter({ has: page.locator('.randomizer-tile-text', { hasText: new RegExp(`^${name}$`) }) });
const result = (page: Page): Locator => page.getByTestId('randomizer-result');

/**
 * Starts recording, in `page`, every option the animation highlights (each change of the
 * current-step tile), to read back with {@link highlights}.
 */
async function recordHighlights(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { randomizerHighlights: string[] }).randomizerHighlights = seen;
    let last: Element | null = null;
    const note = () => {
      const current = document.querySelector('[data-highlight="current"]');
      if (current !== null && current !== last)
        seen.push(current.querySelector('.randomizer-tile-text')?.textContent ?? '');
      last = current;
    };
    new MutationObserver(note).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-highlight'],
    });
  });
}

const highlights = (page: Page): Promise<string[]> =>
  page.evaluate(
    () => (window as unknown as { randomizerHighlights: string[] }).randomizerHighlights,
  );

test('one member starts, both screens animate the same steps and land on the same option', async ({
  browser,
  server,
}) => {
  const members = await twoMembersOn(browser, server, '/tools/randomizer', {
    prefix: 'Randomizer',
    shown,
  });
  try {
    const { alicePage: a, bobPage: b } = members;
    // spec §3 defaults, no-repeat mode.
    await expect(tileTexts(b)).toHaveText(['Option 1', 'Option 2', 'Option 3']);
    await expect(b.getByRole('radio', { name: 'No repeat' })).toBeChecked();

    // Alice types the options; they are saved when she leaves the field and reach Bob live.
    await editor(a).fill(OPTIONS.join('\n'));
    await editor(a).blur();
    await expect(tileTexts(a)).toHaveText(OPTIONS);
    await expect(tileTexts(b)).toHaveText(OPTIONS);
    await expect(editor(b)).toHaveValue(OPTIONS.join('\n'));

    await recordHighlights(a);
    await recordHighlights(b);
    await a.getByRole('button', { name: 'Start' }).click();

    // Bob's screen animates: the highlight moves while the controls are busy…
    await expect(b.getByRole('button', { name: 'Randomizing…' })).toBeDisabled();
    await expect(b.locator('[data-highlight="current"]')).toHaveCount(1);
    // …and lands where Alice's lands.
    await expect(result(a)).toHaveText(/^Selected: /, { timeout: 20_000 });
    const chosen = (await result(a).textContent())?.replace('Selected: ', '') ?? '';
    expect(OPTIONS).toContain(chosen);
    await expect(result(b)).toHaveText(`Selected: ${chosen}`, { timeout: 20_000 });
    await expect(tile(b, chosen)).toHaveAttribute('data-highlight', 'selected');
    await expect(tile(a, chosen)).toHaveAttribute('data-highlight', 'selected');

    // The same walk on both screens: at least 10 steps (spec §9), one option after the other,
    // ending on the chosen option.
    const walkA = await highlights(a);
    const walkB = await highlights(b);
    expect(walkB.length).toBeGreaterThanOrEqual(10);
    expect(walkB.length).toBeLessThanOrEqual(4 * OPTIONS.length);
    expect(walkB).toEqual(walkA);
    expect(walkB.at(-1)).toBe(chosen);
    for (let i = 1; i < walkB.length; i++) {
      const previous = OPTIONS.indexOf(walkB[i - 1] ?? '');
      expect(walkB[i]).toBe(OPTIONS[(previous + 1) % OPTIONS.length]);
    }

    // No-repeat: the chosen option is marked used on both screens; the run is over.
    for (const page of [a, b]) {
      await expect(tile(page, chosen).getByText('used', { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Reset used (1/5)' })).toBeEnabled();
      await expect(page.getByRole('button', { name: 'Start' })).toBeEnabled();
    }
    await expect(optionList(b).getByText('used', { exact: true })).toHaveCount(1);

    // Bob opens the page again: he sees the result, not a replay.
    await b.reload();
    await shown(b);
    await recordHighlights(b);
    await expect(result(b)).toHaveText(`Selected: ${chosen}`);
    await expect(tile(b, chosen).getByText('used', { exact: true })).toBeVisible();
    await b.waitForTimeout(1000);
    expect(await highlights(b)).toEqual([]);

    // Bob starts the next draw: it lands on another option, now two are used on both screens.
    await recordHighlights(a);
    await b.getByRole('button', { name: 'Start' }).click();
    await expect(a.getByRole('button', { name: 'Randomizing…' })).toBeDisabled();
    await expect(result(b)).toHaveText(/^Selected: /, { timeout: 20_000 });
    await expect(b.getByRole('button', { name: 'Reset used (2/5)' })).toBeEnabled({
      timeout: 20_000,
    });
    const second = (await result(b).textContent())?.replace('Selected: ', '') ?? '';
    expect(second).not.toBe(chosen);
    await expect(result(a)).toHaveText(`Selected: ${second}`, { timeout: 20_000 });
    await expect(a.getByRole('button', { name: 'Reset used (2/5)' })).toBeEnabled();
    expect(await highlights(a)).toEqual(await highlights(b));

    // Reset used clears the badges on both screens.
    await a.getByRole('button', { name: 'Reset used (2/5)' }).click();
    await expect(optionList(b).getByText('used', { exact: true })).toHaveCount(0);
    await expect(b.getByRole('button', { name: /Reset used/ })).toHaveCount(0);
  } finally {
    await members.close();
  }
});

test('quick fill from the space’s usernames and from a backlog phase', async ({
  browser,
  server,
}) => {
  const members = await twoMembersOn(browser, server, '/tools/randomizer', {
    prefix: 'RandomizerFill',
  });
  try {
    const { alicePage: a, bobPage: b } = members;
    await shown(a);
    await shown(b);

    await a.getByRole('button', { name: 'Team members' }).click();
    await expect(tileTexts(a)).toHaveText(['alice', 'bob']);
    await expect(tileTexts(b)).toHaveText(['alice', 'bob']);

    // One button per phase of Issue Management (its default phases here, all empty).
    const phases = ['Backlog', 'To Do', 'In Progress', 'Review', 'Done'];
    for (const phase of phases)
      await expect(b.getByRole('button', { name: `${phase} issues` })).toBeVisible();
    // An empty phase leaves the list as it is and says why; no placeholder option to pick.
    await b.getByRole('button', { name: 'In Progress issues' }).click();
    await expect(
      b.getByText('In Progress has no issues — the list was left as it is'),
    ).toBeVisible();
    await expect(tileTexts(b)).toHaveText(['alice', 'bob']);
    await expect(editor(b)).toHaveValue('alice\nbob');
    await expect(tileTexts(a)).toHaveText(['alice', 'bob']);
    await b.getByRole('button', { name: 'Start' }).click();
    await expect(result(b)).toHaveText(/^Selected: (alice|bob)$/, { timeout: 20_000 });
  } finally {
    await members.close();
  }
});
