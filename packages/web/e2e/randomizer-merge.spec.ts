/**
 * Two members editing the Daily Randomizer's options at once (spec §3 Randomizer content, §4
 * Randomizer "Editing options…", §4 version conflict) in two browser contexts against a real
 * server: an edit carries the options the member started from, so both members' additions are
 * kept; when both renamed the same option differently, the second to save is asked, and each
 * choice does what it says — "Mine" saves their list, "theirs" takes the stored one into the
 * editor without saving.
 */
import type { Page } from '@playwright/test';

import { expect, test } from './fixtures.ts';
import {
  randomizerEditor as editor,
  randomizerShown as shown,
  randomizerTileTexts as tileTexts,
  twoMembersOn,
  type TwoMembers,
} from './support.ts';

const DEFAULT_OPTIONS = ['Option 1', 'Option 2', 'Option 3'];

const conflictPanel = (page: Page) => page.getByRole('group', { name: 'Options' });
const conflictValue = (page: Page, choice: RegExp) =>
  conflictPanel(page)
    .locator('label')
    .filter({ has: page.getByRole('radio', { name: choice }) })
    .locator('.edit-conflict-value');

/** Replaces the text of `page`'s options editor with `options`, one per line (not saved). */
async function type(page: Page, options: readonly string[]): Promise<void> {
  await editor(page).click();
  await editor(page).fill(options.join('\n'));
}

/** Saves `page`'s options editor with Ctrl+Enter. */
async function save(page: Page): Promise<void> {
  await editor(page).press('Control+Enter');
}

async function bothOnRandomizer(
  browser: Parameters<typeof twoMembersOn>[0],
  server: Parameters<typeof twoMembersOn>[1],
): Promise<TwoMembers> {
  const members = await twoMembersOn(browser, server, '/tools/randomizer', {
    prefix: 'RandomizerMerge',
    shown,
  });
  for (const page of [members.alicePage, members.bobPage])
    await expect(tileTexts(page)).toHaveText(DEFAULT_OPTIONS);
  return members;
}

/**
 * Bob starts renaming "Option 2" to "Bob's 2"; alice renames it to "Alice's 2" and saves; bob
 * saves: he is asked, with his text still in the editor.
 */
async function renameConflict(members: TwoMembers): Promise<void> {
  const { alicePage, bobPage } = members;
  await type(bobPage, ['Option 1', "Bob's 2", 'Option 3']);
  await type(alicePage, ['Option 1', "Alice's 2", 'Option 3']);
  await save(alicePage);
  await expect(tileTexts(bobPage)).toHaveText(['Option 1', "Alice's 2", 'Option 3']);

  await save(bobPage);
  await expect(bobPage.getByRole('alert')).toContainText(
    'alice saved a change to the same fields while you were editing.',
  );
  await expect(conflictValue(bobPage, /^Mine/)).toHaveText("Option 1\nBob's 2\nOption 3");
  await expect(conflictValue(bobPage, /^alice's/)).toHaveText("Option 1\nAlice's 2\nOption 3");
  await expect(editor(bobPage)).toHaveValue("Option 1\nBob's 2\nOption 3");
  await expect(editor(bobPage)).toHaveAttribute('readonly', '');
  // Nothing of bob's is stored yet.
  await expect(tileTexts(alicePage)).toHaveText(['Option 1', "Alice's 2", 'Option 3']);
}

test('two members adding options at the same time keep both', async ({ browser, server }) => {
  const members = await bothOnRandomizer(browser, server);
  const { alicePage, bobPage } = members;
  try {
    // Bob starts typing first; alice adds hers and saves while he is still at it.
    await type(bobPage, [...DEFAULT_OPTIONS, 'Bob option']);
    await type(alicePage, [...DEFAULT_OPTIONS, 'Alice option']);
    await save(alicePage);
    await expect(tileTexts(bobPage)).toHaveText([...DEFAULT_OPTIONS, 'Alice option']);
    await expect(editor(bobPage)).toHaveValue([...DEFAULT_OPTIONS, 'Bob option'].join('\n'));

    await save(bobPage);
    const merged = [...DEFAULT_OPTIONS, 'Alice option', 'Bob option'];
    for (const page of [alicePage, bobPage]) {
      await expect(tileTexts(page)).toHaveText(merged);
      await expect(editor(page)).toHaveValue(merged.join('\n'));
    }
    await expect(bobPage.getByRole('alert')).toHaveCount(0);
  } finally {
    await members.close();
  }
});

test('both renaming the same option: "Mine" saves the member’s list', async ({
  browser,
  server,
}) => {
  const members = await bothOnRandomizer(browser, server);
  const { alicePage, bobPage } = members;
  try {
    await renameConflict(members);
    await conflictPanel(bobPage).getByRole('radio', { name: /^Mine/ }).check();
    await bobPage.getByRole('button', { name: 'Save with these choices' }).click();

    const bobs = ['Option 1', "Bob's 2", 'Option 3'];
    for (const page of [alicePage, bobPage]) await expect(tileTexts(page)).toHaveText(bobs);
    await expect(conflictPanel(bobPage)).toHaveCount(0);
    await expect(editor(bobPage)).not.toHaveAttribute('readonly');
  } finally {
    await members.close();
  }
});

test('both renaming the same option: theirs is taken into the editor, nothing saved', async ({
  browser,
  server,
}) => {
  const members = await bothOnRandomizer(browser, server);
  const { alicePage, bobPage } = members;
  try {
    await renameConflict(members);
    await conflictPanel(bobPage)
      .getByRole('radio', { name: /^alice's/ })
      .check();
    await bobPage.getByRole('button', { name: 'Save with these choices' }).click();

    const alices = ['Option 1', "Alice's 2", 'Option 3'];
    await expect(conflictPanel(bobPage)).toHaveCount(0);
    await expect(editor(bobPage)).toHaveValue(alices.join('\n'));
    await expect(editor(bobPage)).not.toHaveAttribute('readonly');
    // Still alice's after a reload: bob saved nothing.
    await bobPage.reload();
    await shown(bobPage);
    for (const page of [alicePage, bobPage]) await expect(tileTexts(page)).toHaveText(alices);
  } finally {
    await members.close();
  }
});
