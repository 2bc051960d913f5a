/**
 * The Pinboard (spec §2 /tools/bulletin, §4 Bulletin and Tool content, §9 Bulletin layout) with
 * two members in two browsers on one board: a markdown note added by one is rendered for the
 * other, a note dragged by one lands at the same percent position on the other's screen, edits
 * and deletes (with confirmation) show up live down to the empty board, a deleted note comes
 * back for both with the header's Undo and shows in the history's read-only preview of the
 * version before, and — in Chromium — a note carrying the whole XSS corpus executes
 * nothing on either screen.
 */
import type { Browser, Locator, Page } from '@playwright/test';

import { XSS_CORPUS_TEXT } from '../src/tools/bulletin/xss-corpus.ts';
import { expect, test, type ServerProcess } from './fixtures.ts';
import {
  addPinboardNote as addNote,
  PINBOARD_WELCOME as WELCOME,
  pinboardNote as note,
  pinboardShown as boardShown,
  twoMembersOn,
} from './support.ts';

/** Two members of a fresh space, each on the Pinboard in their own browser context, settled. */
async function twoOnOneBoard(browser: Browser, server: ServerProcess) {
  const members = await twoMembersOn(browser, server, '/tools/bulletin', {
    prefix: 'Pinboard',
    shown: boardShown,
  });
  return { ...members, a: members.alicePage, b: members.bobPage };
}

/** The positioned box of a note (its style carries left/top in percent). */
const box = (page: Page, title: string): Locator =>
  page.locator('[data-post-id]', { has: note(page, title) });

async function position(page: Page, title: string): Promise<{ x: number; y: number }> {
  const style = await box(page, title).evaluate((element) => {
    const { left, top } = (element as HTMLElement).style;
    return { left, top };
  });
  expect(style.left).toMatch(/%$/);
  expect(style.top).toMatch(/%$/);
  return { x: parseFloat(style.left), y: parseFloat(style.top) };
}

test('a markdown note added by one member is rendered for the other, and a drag by mouse or keyboard lands at the same spot', async ({
  browser,
  server,
}) => {
  const board = await twoOnOneBoard(browser, server);
  try {
    const { a, b } = board;

    // A writes the note with the toolbar: select a word, Bold; then a list.
    await a.getByRole('button', { name: 'Add Note', exact: true }).click();
    const dialog = a.getByRole('dialog', { name: 'Add Note' });
    await dialog.getByLabel('Title').fill('Sprint goals');
    const content = dialog.getByLabel('Content');
    await content.fill('Ship it');
    await content.evaluate((element) => (element as HTMLTextAreaElement).setSelectionRange(5, 7));
    await dialog.getByRole('button', { name: 'Bold', exact: true }).click();
    await expect(content).toHaveValue('Ship **it**');
    await content.press('End');
    await content.pressSequentially('\n\n- first item\n- second item');
    await dialog.getByLabel('Tags').fill('sprint, goals');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(dialog).toBeHidden();

    const seen = note(b, 'Sprint goals');
    await expect(seen).toBeVisible({ timeout: 5000 });
    await expect(seen.locator('strong')).toHaveText('it');
    await expect(seen.locator('.markdown li')).toHaveText(['first item', 'second item']);
    await expect(seen.getByRole('list', { name: 'Tags' })).toHaveText('#sprint#goals');
    await expect(seen).toContainText('by alice');
    expect(await position(b, 'Sprint goals')).toEqual(await position(a, 'Sprint goals'));

    // A drags the note by its title: press, move in steps (dnd-kit needs real moves), release.
    const before = await position(a, 'Sprint goals');
    const title = note(a, 'Sprint goals').getByRole('heading', { name: 'Sprint goals' });
    const from = await title.boundingBox();
    const canvas = await a.getByRole('region', { name: 'Sticky notes' }).boundingBox();
    if (!from || !canvas) throw new Error('not laid out');
    const start = { x: from.x + 20, y: from.y + from.height / 2 };
    // Toward the side of the board with more room, so that the mouse move and the keyboard steps
    // after it (160 + 50 px across, 90 + 25 px down or up) stay inside it: the board keeps a
    // note within its edges, and a tall note placed at 40 % has no 115 px left below it.
    const box = await note(a, 'Sprint goals').boundingBox();
    if (!box) throw new Error('not laid out');
    const roomRight = canvas.x + canvas.width - (box.x + box.width);
    const roomBelow = canvas.y + canvas.height - (box.y + box.height);
    const dx = roomRight >= box.x - canvas.x ? 160 : -160;
    const dy = roomBelow >= box.y - canvas.y ? 90 : -90;
    await a.mouse.move(start.x, start.y);
    await a.mouse.down();
    await a.mouse.move(start.x + dx / 10, start.y + dy / 10, { steps: 4 });
    await a.mouse.move(start.x + dx, start.y + dy, { steps: 15 });
    await a.mouse.up();

    const after = await position(a, 'Sprint goals');
    expect(after.x).toBeCloseTo(before.x + (dx / canvas.width) * 100, 0);
    expect(after.y).toBeCloseTo(before.y + (dy / canvas.height) * 100, 0);
    // B's screen: the same percent position, once the debounced save (500 ms) went through.
    await expect(async () => {
      const there = await position(b, 'Sprint goals');
      expect(there.x).toBeCloseTo(after.x, 1);
      expect(there.y).toBeCloseTo(after.y, 1);
    }).toPass({ timeout: 10_000 });

    // By keyboard: Tab to the note's move handle, Space lifts it, the arrow
    // keys move it (dnd-kit: 25 px a key), Space drops it — announced, and on B's screen too.
    const handle = note(a, 'Sprint goals').getByRole('button', { name: 'Move note Sprint goals' });
    await handle.focus();
    await expect(handle).toBeFocused();
    await a.keyboard.press('Space');
    await expect(a.getByText('Picked up note "Sprint goals".')).toBeAttached();
    const keyX = dx > 0 ? 'ArrowRight' : 'ArrowLeft';
    const keyY = dy > 0 ? 'ArrowDown' : 'ArrowUp';
    // Each step is on screen before the next key (dnd-kit moves through React state: a drop
    // pressed before the last step was rendered ends the drag where the screen still shows it).
    // Measured within the page, not the window: near the window's edge dnd-kit scrolls the page
    // along with the step, and the note then stays where it was in the window.
    const inPage = () =>
      note(a, 'Sprint goals').evaluate((element) => {
        const rect = element.getBoundingClientRect();
        let [x, y] = [rect.x, rect.y];
        for (let parent = element.parentElement; parent; parent = parent.parentElement) {
          x += parent.scrollLeft;
          y += parent.scrollTop;
        }
        return { x, y };
      });
    for (const key of [keyX, keyX, keyY]) {
      const from = await inPage();
      await a.keyboard.press(key);
      await expect
        .poll(async () => {
          const to = await inPage();
          return to.x !== from.x || to.y !== from.y;
        })
        .toBe(true);
    }
    await a.keyboard.press('Space');
    await expect(a.getByText('Note "Sprint goals" was dropped at its new place.')).toBeAttached();
    await expect(handle).toBeFocused();
    const moved = await position(a, 'Sprint goals');
    expect(moved.x).toBeCloseTo(after.x + (Math.sign(dx) * 50 * 100) / canvas.width, 0);
    expect(moved.y).toBeCloseTo(after.y + (Math.sign(dy) * 25 * 100) / canvas.height, 0);
    await expect(async () => {
      const there = await position(b, 'Sprint goals');
      expect(there.x).toBeCloseTo(moved.x, 1);
      expect(there.y).toBeCloseTo(moved.y, 1);
    }).toPass({ timeout: 10_000 });

    // And it stays there after a reload.
    await b.reload();
    await expect(note(b, 'Sprint goals')).toBeVisible();
    const reloaded = await position(b, 'Sprint goals');
    expect(reloaded.x).toBeCloseTo(moved.x, 1);
    expect(reloaded.y).toBeCloseTo(moved.y, 1);
  } finally {
    await board.close();
  }
});

test('edits and confirmed deletes show up on the other screen, down to the empty board', async ({
  browser,
  server,
}) => {
  const board = await twoOnOneBoard(browser, server);
  try {
    const { a, b } = board;
    await addNote(a, { title: 'Lunch at noon', content: 'Pizza *or* pasta' });
    await expect(note(b, 'Lunch at noon')).toBeVisible({ timeout: 5000 });

    // B edits A's note: the buttons appear on hover.
    await note(b, 'Lunch at noon').hover();
    await b.getByRole('button', { name: 'Edit note Lunch at noon', exact: true }).click();
    const dialog = b.getByRole('dialog', { name: 'Edit Note' });
    await expect(dialog.getByLabel('Content')).toHaveValue('Pizza *or* pasta');
    await dialog.getByLabel('Title').fill('Lunch at one');
    await dialog.getByRole('radio', { name: 'Light green' }).check({ force: true });
    // Enter in a field submits the dialog (spec §2).
    await dialog.getByLabel('Title').press('Enter');
    await expect(dialog).toBeHidden();
    await expect(note(a, 'Lunch at one')).toBeVisible({ timeout: 5000 });
    await expect(box(a, 'Lunch at one')).toHaveCSS('background-color', 'rgb(197, 225, 165)');
    await expect(note(a, 'Lunch at one').locator('em')).toHaveText('or');

    // A deletes both notes, each after a confirmation; Cancel keeps the note.
    await note(a, 'Lunch at one').hover();
    await a.getByRole('button', { name: 'Delete note Lunch at one', exact: true }).click();
    const confirm = a.getByRole('alertdialog', { name: 'Delete note?' });
    await expect(confirm).toContainText(
      'Delete the note "Lunch at one"? You can take it back with Undo or restore it from the History.',
    );
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(note(a, 'Lunch at one')).toBeVisible();
    for (const title of ['Lunch at one', WELCOME]) {
      await note(a, title).hover();
      await a.getByRole('button', { name: `Delete note ${title}`, exact: true }).click();
      await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
      await expect(confirm).toBeHidden();
      await expect(note(b, title)).toHaveCount(0, { timeout: 5000 });
    }
    for (const page of [a, b]) {
      const canvas = page.getByRole('region', { name: 'Sticky notes' });
      await expect(canvas.getByText('No sticky notes yet')).toBeVisible();
      await expect(canvas.getByRole('button', { name: 'Add First Note' })).toBeEnabled();
    }
  } finally {
    await board.close();
  }
});

test('a note carrying the XSS corpus executes nothing on either screen', async ({
  browser,
  server,
}) => {
  const board = await twoOnOneBoard(browser, server);
  try {
    const { a, b } = board;
    const dialogs: string[] = [];
    for (const page of [a, b]) {
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
    }
    await addNote(a, {
      title: 'XSS corpus',
      type: 'Link',
      url: 'javascript:window.__xss=1',
      content: XSS_CORPUS_TEXT,
    });
    await expect(note(b, 'XSS corpus')).toBeVisible({ timeout: 5000 });
    await b.reload();
    await expect(note(b, 'XSS corpus')).toBeVisible();

    for (const page of [a, b]) {
      const corpus = note(page, 'XSS corpus');
      // Whatever is left of links is clicked, and the note hovered, as a curious reader would.
      await corpus.hover();
      for (const link of await corpus.locator('a').all()) await link.click({ force: true });
      // Give image errors, autofocus and timers their chance to fire.
      await page.waitForTimeout(1000);
      const found = await corpus.evaluate((root) => {
        const problems: string[] = [];
        const dangerous =
          'script, iframe, frame, object, embed, svg, math, style, link, meta, base, form, ' +
          'input, button, textarea, select, audio, video, source, img, template, noscript';
        for (const element of root.querySelectorAll(dangerous)) {
          // The note's own edit/delete/move buttons are ours, not the content's.
          if (!element.closest('.bulletin-note-actions, .bulletin-note-header'))
            problems.push(`<${element.localName}>`);
        }
        for (const element of root.querySelectorAll('*')) {
          for (const attribute of element.attributes) {
            if (attribute.name.startsWith('on')) problems.push(attribute.name);
            if (attribute.name === 'style') problems.push(`style on <${element.localName}>`);
          }
        }
        for (const link of root.querySelectorAll('[href], [src], [action]')) {
          const url = (
            link.getAttribute('href') ??
            link.getAttribute('src') ??
            link.getAttribute('action') ??
            ''
          )
            // eslint-disable-next-line no-control-regex
            .replace(/[\s\u0000-\u001f]/g, '')
            .toLowerCase();
          if (!/^(https?|mailto):/.test(url)) problems.push(`url ${url}`);
        }
        return problems;
      });
      expect(found).toEqual([]);
      expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
      // The payloads are on screen as inert text.
      await expect(corpus).toContainText('<script>window.__xss = 1</script>');
      await expect(corpus).toContainText('Link: javascript:window.__xss=1');
    }
    expect(dialogs).toEqual([]);
    // Still the same app on the same page: nothing navigated away.
    expect(new URL(a.url()).pathname).toBe('/tools/bulletin');
    expect(new URL(b.url()).pathname).toBe('/tools/bulletin');
  } finally {
    await board.close();
  }
});

test('a deleted note comes back for both members with Undo, and the history previews the version before', async ({
  browser,
  server,
}) => {
  const board = await twoOnOneBoard(browser, server);
  try {
    const { a, b } = board;
    await addNote(a, { title: 'Keep me', content: 'Retro at *four*' });
    await expect(note(b, 'Keep me')).toBeVisible({ timeout: 5000 });
    const placedAt = await position(a, 'Keep me');

    // A deletes the note (after the confirmation); B sees it gone.
    await note(a, 'Keep me').hover();
    await a.getByRole('button', { name: 'Delete note Keep me', exact: true }).click();
    const confirm = a.getByRole('alertdialog', { name: 'Delete note?' });
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(note(a, 'Keep me')).toHaveCount(0);
    await expect(note(b, 'Keep me')).toHaveCount(0, { timeout: 5000 });

    // A presses Undo in the header: the note is back on both screens, where it was.
    await a.getByRole('button', { name: 'Undo', exact: true }).click();
    for (const page of [a, b]) {
      await expect(note(page, 'Keep me')).toBeVisible({ timeout: 5000 });
      await expect(note(page, 'Keep me').locator('em')).toHaveText('four');
      expect(await position(page, 'Keep me')).toEqual(placedAt);
    }

    // B opens the history: newest first, the deletion below the undo that reverted it.
    await b.getByRole('button', { name: 'History', exact: true }).click();
    const history = b.getByRole('dialog', { name: 'History' });
    await expect(history).toBeVisible();
    const entries = history.getByRole('navigation', { name: 'Versions' }).getByRole('button');
    const deletion = entries.filter({ hasText: "alice deleted the note 'Keep me'" });
    await expect(deletion).toHaveCount(1);
    const texts = await entries.allTextContents();
    const deletedAt = texts.findIndex((text) => text.includes("deleted the note 'Keep me'"));
    expect(deletedAt).toBeGreaterThan(0);
    const before = entries.nth(deletedAt + 1);
    await expect(before).toContainText("alice added the note 'Keep me'");
    const beforeVersion = /Version (\d+)/.exec(texts[deletedAt + 1] ?? '')?.[1];
    expect(beforeVersion).toBeDefined();

    // The deletion's version shows the board without the note…
    await deletion.click();
    await expect(deletion).toHaveAttribute('aria-pressed', 'true');
    const preview = history.getByRole('region', { name: /^Version \d+$/ });
    await expect(preview.getByRole('region', { name: 'Sticky notes' })).toBeVisible();
    await expect(preview.getByRole('article', { name: 'Keep me', exact: true })).toHaveCount(0);
    // …the version before it shows the note, read-only (inside the inert container).
    await before.click();
    await expect(before).toHaveAttribute('aria-pressed', 'true');
    const shown = history.getByRole('region', { name: `Version ${beforeVersion ?? ''}` });
    const kept = shown.locator('[inert]').getByRole('article', { name: 'Keep me', exact: true });
    await expect(kept).toBeVisible();
    await expect(kept.locator('em')).toHaveText('four');
    await expect(shown.getByRole('button', { name: 'Restore this version' })).toBeEnabled();

    // B closes the history without restoring: both boards still show the note.
    await b.keyboard.press('Escape');
    await expect(history).toBeHidden();
    for (const page of [a, b]) await expect(note(page, 'Keep me')).toBeVisible();
  } finally {
    await board.close();
  }
});
