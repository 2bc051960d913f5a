/**
 * A tidy Pinboard (spec §2 /tools/bulletin, §3 positions in percent of the canvas, §4 Bulletin)
 * with two members in two browsers: notes added at 1280 px and at 390 px, and at 800 px and
 * 1000 px, overlap nowhere and stay on the board on every screen (the narrow one lists them; a
 * canvas narrower than the board scrolls sideways), their edit and delete
 * buttons are 44 × 44 px and cover no title; an expired note is listed on demand and extended or
 * deleted there, seen by the other member.
 */
import type { Page } from '@playwright/test';

import { expect, test } from './fixtures.ts';
import {
  addPinboardNote as addNote,
  PINBOARD_WELCOME as WELCOME,
  pinboardNote as note,
  pinboardShown as boardShown,
  twoMembersOn,
} from './support.ts';

interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The board the notes sit on (the canvas's, which scrolls sideways where the canvas is narrower;
 * the canvas itself for the narrow list) and every note on it, measured in the page (also the
 * parts scrolled away).
 */
function measure(page: Page): Promise<{ canvas: Rect; notes: (Rect & { title: string })[] }> {
  return page.getByRole('region', { name: 'Sticky notes' }).evaluate((canvas) => {
    const rect = (element: Element) => {
      const { x, y, width, height } = element.getBoundingClientRect();
      return { x, y, width, height };
    };
    return {
      canvas: rect(canvas.querySelector('.bulletin-board') ?? canvas),
      notes: [...canvas.querySelectorAll('[data-post-id]')].map((element) => ({
        ...rect(element),
        title: element.querySelector('h2')?.textContent ?? '',
      })),
    };
  });
}

const intersect = (a: Rect, b: Rect): boolean =>
  a.x < b.x + b.width - 0.5 &&
  b.x < a.x + a.width - 0.5 &&
  a.y < b.y + b.height - 0.5 &&
  b.y < a.y + a.height - 0.5;

/** Asserts that `count` notes show, no two overlap and each lies inside the canvas. */
async function expectTidy(page: Page, count: number): Promise<void> {
  await expect(page.locator('[data-post-id]')).toHaveCount(count);
  const { canvas, notes } = await measure(page);
  const overlapping: string[] = [];
  for (let i = 0; i < notes.length; i++)
    for (let j = i + 1; j < notes.length; j++) {
      const [a, b] = [notes[i], notes[j]];
      if (a && b && intersect(a, b)) overlapping.push(`${a.title} / ${b.title}`);
    }
  expect(overlapping).toEqual([]);
  for (const box of notes) {
    expect(box.x, box.title).toBeGreaterThanOrEqual(canvas.x);
    expect(box.y, box.title).toBeGreaterThanOrEqual(canvas.y);
    expect(box.x + box.width, box.title).toBeLessThanOrEqual(canvas.x + canvas.width + 0.5);
    expect(box.y + box.height, box.title).toBeLessThanOrEqual(canvas.y + canvas.height + 0.5);
  }
}

test('ten notes added at 1280 px and at 390 px overlap nowhere and stay inside the canvas', async ({
  browser,
  server,
}) => {
  test.setTimeout(180_000);
  const members = await twoMembersOn(browser, server, '/tools/bulletin', {
    prefix: 'PinboardTidy',
    shown: boardShown,
  });
  try {
    const { alicePage: wide, bobPage: narrow } = members;
    await wide.setViewportSize({ width: 1280, height: 720 });
    await narrow.setViewportSize({ width: 390, height: 844 });

    // Taking turns: five from the wide screen, five from the narrow one.
    for (let n = 1; n <= 10; n++) {
      const page = n % 2 === 1 ? wide : narrow;
      await addNote(page, { title: `Note ${n}`, content: `Item ${n}` });
    }
    for (const page of [wide, narrow])
      await expect(note(page, 'Note 10')).toBeVisible({ timeout: 5000 });

    await expectTidy(wide, 11);
    await expectTidy(narrow, 11);

    // Edit and delete are 44 × 44 px targets that cover no title.
    for (const page of [wide, narrow]) {
      for (const title of [WELCOME, 'Note 1', 'Note 10']) {
        const card = note(page, title);
        const heading = await card.getByRole('heading', { name: title }).boundingBox();
        for (const action of ['Edit', 'Delete']) {
          const button = await card
            .getByRole('button', { name: `${action} note ${title}`, exact: true })
            .boundingBox();
          if (!button || !heading) throw new Error('not laid out');
          expect(button.width).toBeGreaterThanOrEqual(44);
          expect(button.height).toBeGreaterThanOrEqual(44);
          expect(intersect(button, heading)).toBe(false);
        }
      }
    }

    // The narrow screen's member edits the lowest note from there: its button is not covered.
    const last = note(narrow, 'Note 10');
    await last.scrollIntoViewIfNeeded();
    await last.getByRole('button', { name: 'Edit note Note 10', exact: true }).click();
    await expect(narrow.getByRole('dialog', { name: 'Edit Note' })).toBeVisible();
    await narrow.keyboard.press('Escape');

    // The same percent positions laid out at 1280 px on the other screen agree.
    await narrow.setViewportSize({ width: 1280, height: 720 });
    await expectTidy(narrow, 11);
  } finally {
    await members.close();
  }
});

test('ten notes added at 800 px and at 1000 px overlap nowhere and stay on the board at 800, 1000 and 1280 px', async ({
  browser,
  server,
}) => {
  test.setTimeout(180_000);
  const members = await twoMembersOn(browser, server, '/tools/bulletin', {
    prefix: 'PinboardMedium',
    shown: boardShown,
  });
  try {
    const { alicePage: smaller, bobPage: larger } = members;
    await smaller.setViewportSize({ width: 800, height: 720 });
    await larger.setViewportSize({ width: 1000, height: 900 });

    for (let n = 1; n <= 10; n++) {
      const page = n % 2 === 1 ? smaller : larger;
      await addNote(page, { title: `Note ${n}`, content: `Item ${n}` });
    }
    for (const page of [smaller, larger])
      await expect(note(page, 'Note 10')).toBeVisible({ timeout: 5000 });

    await expectTidy(smaller, 11);
    await expectTidy(larger, 11);

    // The note farthest right can be reached at 800 px: the canvas scrolls sideways to it.
    const canvas = smaller.getByRole('region', { name: 'Sticky notes' });
    const { scrollWidth, clientWidth } = await canvas.evaluate((element) => ({
      scrollWidth: element.scrollWidth,
      clientWidth: element.clientWidth,
    }));
    expect(scrollWidth).toBeGreaterThanOrEqual(1200);
    expect(clientWidth).toBeLessThan(scrollWidth);

    // The same percent positions at the other widths agree too.
    await smaller.setViewportSize({ width: 1000, height: 720 });
    await larger.setViewportSize({ width: 800, height: 900 });
    await expectTidy(smaller, 11);
    await expectTidy(larger, 11);
    await larger.setViewportSize({ width: 1280, height: 720 });
    await expectTidy(larger, 11);
  } finally {
    await members.close();
  }
});

test('an expired note is listed on demand, extended and deleted there, seen by the other member', async ({
  browser,
  server,
}) => {
  const members = await twoMembersOn(browser, server, '/tools/bulletin', {
    prefix: 'PinboardExpired',
    shown: boardShown,
  });
  try {
    const { alicePage: a, bobPage: b } = members;
    await addNote(a, { title: 'Old news', content: 'Done already' });
    await expect(note(b, 'Old news')).toBeVisible({ timeout: 5000 });

    /** Alice sets the note's expiry to a moment long past: it is hidden on both screens. */
    async function expire() {
      await note(a, 'Old news').hover();
      await a.getByRole('button', { name: 'Edit note Old news', exact: true }).click();
      const dialog = a.getByRole('dialog', { name: 'Edit Note' });
      await dialog.getByLabel('Expires at').fill('2020-01-01T10:00');
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(dialog).toBeHidden();
      for (const page of [a, b]) await expect(note(page, 'Old news')).toHaveCount(0);
    }

    await expire();
    const show = b.getByRole('button', { name: 'Show expired notes (1)' });
    await expect(show).toBeVisible({ timeout: 5000 });
    await expect(a.getByRole('button', { name: 'Show expired notes (1)' })).toBeVisible();

    // Bob opens the list and extends the note by the offered week: back on Alice's board.
    await show.click();
    const dialog = b.getByRole('dialog', { name: 'Expired notes' });
    const row = dialog.getByRole('listitem').filter({ hasText: 'Old news' });
    await expect(row).toContainText('Expired');
    const offered = await row.getByLabel('New expiry').inputValue();
    expect(Date.parse(offered)).toBeGreaterThan(Date.now() + 6 * 24 * 60 * 60 * 1000);
    await row.getByRole('button', { name: 'Extend note Old news' }).click();
    await expect(dialog.getByText('No expired notes.')).toBeVisible();
    await expect(note(a, 'Old news')).toBeVisible({ timeout: 5000 });
    await expect(note(a, 'Old news')).toContainText('Expires');
    await expect(a.getByRole('button', { name: /Show expired notes/ })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    // A time already past is refused with a hint rather than saved.
    await expire();
    await b.getByRole('button', { name: 'Show expired notes (1)' }).click();
    const again = dialog.getByRole('listitem').filter({ hasText: 'Old news' });
    await again.getByLabel('New expiry').fill('2021-01-01T10:00');
    await again.getByRole('button', { name: 'Extend note Old news' }).click();
    await expect(again).toContainText('Choose a time in the future');
    await expect(note(a, 'Old news')).toHaveCount(0);

    // Deleted from the list: gone for Alice too, and so is her button.
    await again.getByRole('button', { name: 'Delete note Old news' }).click();
    await expect(dialog.getByText('No expired notes.')).toBeVisible();
    await expect(a.getByRole('button', { name: /Show expired notes/ })).toHaveCount(0, {
      timeout: 5000,
    });
    await expect(note(a, WELCOME)).toBeVisible();
  } finally {
    await members.close();
  }
});
