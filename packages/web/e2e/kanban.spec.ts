/**
 * The Kanban board (spec §2 /tools/kanban, §4 Issue/card moves and Tool content, §8 version
 * conflict) with two members in two browsers on one board: live updates without reloading,
 * moving cards with the mouse and with the keyboard, simultaneous edits (re-applied after a 409),
 * an edit of a card someone else deleted, the 2..10 column limits, and the zero-knowledge
 * server (no card text in the database, no space key on the wire).
 */
import { rmSync } from 'node:fs';

import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';

import {
  expect,
  recordTraffic,
  startServer,
  test,
  type ServerProcess,
  type TrafficRecorder,
} from './fixtures.ts';
import { encryptJson } from '@cipherspace/crypto';
import { defaultContent, type Issue, type KanbanContent } from '@cipherspace/tools/tracker';

import {
  addKanbanCard,
  dumpDatabase,
  kanbanCard,
  kanbanColumn,
  kanbanShown,
  rest,
  setUpSpace,
  signIn,
  twoMembersOn,
} from './support.ts';

/** spec §3 Kanban settings: 2 to 10 columns. */
const MIN_COLUMNS = 2;
const MAX_COLUMNS = 10;
const DEFAULT_COLUMNS = ['Backlog', 'To Do', 'In Progress', 'Testing', 'Done'];
const CONFLICT_TEXT =
  'Content was modified by another user. Please try your changes again. The latest version has been loaded.';

/** Two members of a fresh space, each on the board in their own browser context, settled. */
async function twoOnOneBoard(
  browser: Browser,
  server: ServerProcess,
  prepare?: (context: BrowserContext) => void,
) {
  const members = await twoMembersOn(browser, server, '/tools/kanban', {
    prefix: 'Kanban',
    shown: kanbanShown,
    ...(prepare ? { prepare } : {}),
  });
  return { ...members, a: members.alicePage, b: members.bobPage };
}

const columnNames = (page: Page) =>
  page.getByRole('region', { name: 'Board columns' }).getByRole('heading', { level: 2 });

async function addColumn(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Add Column' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Column' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('radio', { name: 'Purple' }).check();
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  // The modal closes once the column is saved.
  await expect(dialog).toBeHidden();
  await expect(kanbanColumn(page, name)).toBeVisible();
}

/** Opens the edit modal of `title` and types a new title; returns the modal's Save button. */
async function startEdit(page: Page, title: string, newTitle: string): Promise<Locator> {
  await page.getByRole('button', { name: `Edit card ${title}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Card' });
  await expect(dialog.getByLabel('Title')).toHaveValue(title);
  await dialog.getByLabel('Title').fill(newTitle);
  return dialog.getByRole('button', { name: 'Save', exact: true });
}

/** Deletes a column or a card through its delete button and the confirmation dialog. */
async function deleteOnBoard(page: Page, kind: 'column' | 'card', name: string): Promise<void> {
  await page.getByRole('button', { name: `Delete ${kind} ${name}`, exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: `Delete ${kind}?` });
  await expect(confirm).toContainText(`Delete the ${kind} "${name}"?`);
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(kind === 'column' ? kanbanColumn(page, name) : kanbanCard(page, name)).toHaveCount(
    0,
  );
}

test('a column and a card added by one member appear for the other within 2 s', async ({
  browser,
  server,
}) => {
  const board = await twoOnOneBoard(browser, server);
  try {
    const { a, b } = board;
    await addColumn(a, 'Review');
    await expect(kanbanColumn(b, 'Review')).toBeVisible({ timeout: 2000 });
    await expect(columnNames(b)).toHaveText([...DEFAULT_COLUMNS, 'Review']);

    await addKanbanCard(a, 'Review', {
      title: 'Check the login flow',
      description: 'Both password modes',
      type: 'Bug',
      priority: 'High',
      estimation: 'M',
      assignee: 'bob',
    });
    const seen = kanbanCard(kanbanColumn(b, 'Review'), 'Check the login flow');
    await expect(seen).toBeVisible({ timeout: 2000 });
    await expect(seen).toContainText('Both password modes');
    await expect(seen.getByText('Type: Bug')).toBeAttached();
    await expect(seen.getByText('Estimation: M')).toBeAttached();
    await expect(seen).toContainText('High');
    await expect(seen).toContainText('bob');
    await expect(seen).toContainText('Created by alice on');
    await expect(seen).toContainText('Comments: 0');
    await expect(kanbanColumn(b, 'Review').getByText('Number of cards: 1')).toBeAttached();
  } finally {
    await board.close();
  }
});

test('cards moved by mouse drag and by keyboard show up on the other screen', async ({
  browser,
  server,
}) => {
  const board = await twoOnOneBoard(browser, server);
  try {
    const { a, b } = board;
    await addKanbanCard(a, 'Backlog', { title: 'Drag me' });
    await addKanbanCard(a, 'Backlog', { title: 'Keys only' });
    await expect(kanbanCard(kanbanColumn(b, 'Backlog'), 'Keys only')).toBeVisible();

    // Mouse: press on the card, move in steps (dnd-kit needs real pointer moves), release.
    const source = kanbanCard(kanbanColumn(b, 'Backlog'), 'Drag me');
    const from = await source.boundingBox();
    const to = await kanbanColumn(b, 'To Do').boundingBox();
    if (!from || !to) throw new Error('not laid out');
    await b.mouse.move(from.x + from.width / 2, from.y + from.height - 8);
    await b.mouse.down();
    await b.mouse.move(from.x + from.width / 2 + 20, from.y + from.height - 8, { steps: 5 });
    await b.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 15 });
    await expect(kanbanColumn(b, 'To Do')).toHaveClass(/kanban-drop-accept/);
    await b.mouse.up();
    await expect(kanbanCard(kanbanColumn(b, 'To Do'), 'Drag me')).toBeVisible();
    await expect(kanbanCard(kanbanColumn(a, 'To Do'), 'Drag me')).toBeVisible();
    await expect(kanbanCard(kanbanColumn(a, 'Backlog'), 'Drag me')).toHaveCount(0);

    // Keyboard: focus the card's move handle, Space picks up, → moves a column, Space drops.
    await b.getByRole('button', { name: 'Move card Keys only', exact: true }).focus();
    await b.keyboard.press('Space');
    await expect(b.getByText('Picked up card "Keys only" in column "Backlog".')).toBeAttached();
    await b.keyboard.press('ArrowRight');
    await expect(b.getByText('Card "Keys only" is over column "To Do".')).toBeAttached();
    await b.keyboard.press('Space');
    await expect(b.getByText('Card "Keys only" was dropped in column "To Do".')).toBeAttached();
    const moved = kanbanCard(kanbanColumn(b, 'To Do'), 'Keys only');
    await expect(moved).toBeVisible();
    // The keyboard user stays on the card they moved.
    await expect(moved.getByRole('button', { name: 'Move card Keys only' })).toBeFocused();
    await expect(kanbanCard(kanbanColumn(a, 'To Do'), 'Keys only')).toBeVisible();
    await expect(kanbanColumn(a, 'Backlog').getByRole('article')).toHaveCount(0);
    // Dropped cards are appended at the end of the target column (spec §4).
    await expect(kanbanColumn(a, 'To Do').getByRole('article')).toHaveText([
      /Drag me/,
      /Keys only/,
    ]);

    // A column moved one step right changes places on the other screen too.
    await a.getByRole('button', { name: 'Move column Backlog right', exact: true }).click();
    await expect(columnNames(b)).toHaveText(['To Do', 'Backlog', 'In Progress', 'Testing', 'Done']);
    await expect(b.getByRole('button', { name: 'Move column To Do left' })).toHaveCount(0);
  } finally {
    await board.close();
  }
});

test('two members editing different cards at the same moment both keep their edit', async ({
  browser,
  server,
}) => {
  const board = await twoOnOneBoard(browser, server);
  try {
    const { a, b } = board;
    await addKanbanCard(a, 'To Do', { title: 'Alpha' });
    await addKanbanCard(a, 'To Do', { title: 'Beta' });
    await expect(kanbanCard(b, 'Beta')).toBeVisible();

    const saveA = await startEdit(a, 'Alpha', 'Alpha edited by alice');
    const saveB = await startEdit(b, 'Beta', 'Beta edited by bob');
    await Promise.all([saveA.click(), saveB.click()]);
    await expect(a.getByRole('dialog')).toBeHidden();
    await expect(b.getByRole('dialog')).toBeHidden();

    for (const page of [a, b]) {
      await expect(kanbanCard(page, 'Alpha edited by alice')).toBeVisible();
      await expect(kanbanCard(page, 'Beta edited by bob')).toBeVisible();
      await expect(kanbanCard(page, 'Alpha')).toHaveCount(0);
      await expect(kanbanCard(page, 'Beta')).toHaveCount(0);
    }
  } finally {
    await board.close();
  }
});

test('saving an edit of a card someone else deleted ends in the conflict message', async ({
  browser,
  server,
}) => {
  const board = await twoOnOneBoard(browser, server);
  try {
    const { a, b } = board;
    await addKanbanCard(a, 'Backlog', { title: 'Doomed' });
    await expect(kanbanCard(b, 'Doomed')).toBeVisible();

    const saveB = await startEdit(b, 'Doomed', 'Rescued?');
    await deleteOnBoard(a, 'card', 'Doomed');

    // Bob's board lost the card behind his modal, which kept his input.
    await expect(b.locator('.kanban-card', { hasText: 'Doomed' })).toHaveCount(0);
    await expect(b.getByRole('dialog').getByLabel('Title')).toHaveValue('Rescued?');
    await saveB.click();
    await expect(b.getByText(CONFLICT_TEXT)).toBeVisible();
    await expect(b.getByRole('dialog')).toBeHidden();
    await expect(kanbanCard(b, 'Doomed')).toHaveCount(0);
    await expect(kanbanCard(b, 'Rescued?')).toHaveCount(0);
    await expect(kanbanCard(a, 'Rescued?')).toHaveCount(0);
  } finally {
    await board.close();
  }
});

test('an edit saved on a board that missed the deletion ends in the conflict message after the 409', async ({
  browser,
  server,
}) => {
  const board = await twoOnOneBoard(browser, server);
  try {
    const { a, b, bobContext: contextB } = board;
    await addKanbanCard(a, 'Backlog', { title: 'Stale' });
    await expect(kanbanCard(b, 'Stale')).toBeVisible();

    // From now on Bob's tab hears of no saves, nor of changes in flight: his board stays at the
    // old version.
    let deafToUpdates = false;
    await contextB.routeWebSocket(/\/api\/ws\//, (socket) => {
      const toServer = socket.connectToServer();
      toServer.onMessage((message) => {
        const text = String(message);
        if (deafToUpdates && /content_(update|pending)/.test(text)) return;
        socket.send(message);
      });
    });
    await b.reload();
    await expect(kanbanCard(b, 'Stale')).toBeVisible();
    deafToUpdates = true;

    const saveB = await startEdit(b, 'Stale', 'Stale but edited');
    await deleteOnBoard(a, 'card', 'Stale');
    await expect(a.getByText('Saving…')).toHaveCount(0);
    await expect(b.locator('.kanban-card', { hasText: 'Stale' })).toHaveCount(1);

    // Bob's save meets the newer version (409); re-applied there, his edit has no card left.
    const conflicts: string[] = [];
    b.on('response', (response) => {
      if (response.status() === 409) conflicts.push(response.url());
    });
    await saveB.click();
    await expect(b.getByText(CONFLICT_TEXT)).toBeVisible();
    await expect(b.getByRole('dialog')).toBeHidden();
    await expect(b.getByRole('article')).toHaveCount(0);
    await expect(a.getByRole('article')).toHaveCount(0);
    expect(conflicts).toHaveLength(1);
  } finally {
    await board.close();
  }
});

test('a German member opening the board first gets German default columns, which stay for everyone', async ({
  browser,
  server,
}) => {
  const [greta, bob] = await setUpSpace(server, ['greta', 'bob'], { prefix: 'Deutsch' });
  if (!greta || !bob) throw new Error('no members');
  const german = await browser.newContext();
  try {
    const page = await german.newPage();
    await page.addInitScript(() => localStorage.setItem('cipherspace_language', 'de'));
    await signIn(page, server, greta, '/tools/kanban');
    await expect(page.getByRole('heading', { level: 1, name: 'Kanban-Board' })).toBeVisible();
    for (const name of ['Backlog', 'Zu erledigen', 'In Arbeit', 'Test', 'Erledigt'])
      await expect(page.getByRole('region', { name, exact: true })).toBeVisible();
  } finally {
    await german.close();
  }
  // The board is stored as created: an English member later sees the same columns.
  const english = await browser.newContext();
  try {
    const page = await english.newPage();
    await signIn(page, server, bob, '/tools/kanban');
    await expect(page.getByRole('region', { name: 'Zu erledigen', exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'To Do', exact: true })).toHaveCount(0);
  } finally {
    await english.close();
  }
});

test('switching the language changes the texts of the cards in place', async ({ page, server }) => {
  const [alice] = await setUpSpace(server, ['alice'], { prefix: 'KanbanSwitch' });
  if (!alice) throw new Error('no member');
  await signIn(page, server, alice, '/tools/kanban');
  await kanbanShown(page);
  await addKanbanCard(page, 'Backlog', { title: 'Dark mode', priority: 'High' });
  const shown = kanbanCard(kanbanColumn(page, 'Backlog'), 'Dark mode');
  await expect(shown).toContainText('Priority');
  await expect(shown).toContainText('Created by alice on');

  await page.getByRole('contentinfo').getByRole('button', { name: 'Deutsch' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(shown).toContainText('Priorität');
  await expect(shown).toContainText('Erstellt von alice am');
  await expect(shown.getByRole('button', { name: 'Karte Dark mode bearbeiten' })).toBeVisible();

  await page.getByRole('contentinfo').getByRole('button', { name: 'English' }).click();
  await expect(shown).toContainText('Created by alice on');
});

test('columns can be deleted down to 2 and added up to 10', async ({ browser, server }) => {
  test.setTimeout(90_000);
  const board = await twoOnOneBoard(browser, server);
  try {
    const { a, b } = board;
    await addKanbanCard(a, 'Testing', { title: 'Lost with its column' });
    await a.getByRole('button', { name: 'Delete column Testing', exact: true }).click();
    await expect(a.getByRole('alertdialog')).toContainText(
      'Its cards go with it (number of cards: 1). You can take it back with Undo',
    );
    await a.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(kanbanColumn(a, 'Testing')).toHaveCount(0);
    await deleteOnBoard(a, 'column', 'In Progress');
    await expect(a.getByRole('button', { name: /^Delete column / })).toHaveCount(3);
    await deleteOnBoard(a, 'column', 'Done');

    // At the minimum of 2 the delete buttons are gone, and the board says why.
    const minimum = `Columns cannot be deleted: the board needs at least ${MIN_COLUMNS} columns.`;
    for (const page of [a, b]) {
      await expect(columnNames(page)).toHaveText(['Backlog', 'To Do']);
      await expect(page.getByRole('button', { name: /^Delete column / })).toHaveCount(0);
      await expect(page.getByText(minimum)).toBeVisible();
    }
    await expect(b.getByText('Lost with its column')).toHaveCount(0);

    for (let count = MIN_COLUMNS + 1; count <= MAX_COLUMNS; count++) {
      await addColumn(a, `Column ${count}`);
    }
    // At the maximum of 10 Add Column is disabled, with the reason next to it.
    const maximum = `The board has the maximum of ${MAX_COLUMNS} columns. Delete a column to add another one.`;
    for (const page of [a, b]) {
      await expect(columnNames(page)).toHaveCount(MAX_COLUMNS);
      await expect(page.getByRole('button', { name: 'Add Column' })).toBeDisabled();
      await expect(page.getByText(maximum)).toBeVisible();
      await expect(page.getByText(minimum)).toHaveCount(0);
      await expect(page.getByRole('button', { name: /^Delete column / })).toHaveCount(MAX_COLUMNS);
    }
    await expect(a.getByRole('button', { name: 'Add Column' })).toHaveAccessibleDescription(
      maximum,
    );

    // One column fewer and adding is possible again.
    await deleteOnBoard(b, 'column', `Column ${MAX_COLUMNS}`);
    await expect(a.getByRole('button', { name: 'Add Column' })).toBeEnabled();
    await expect(a.getByText(maximum)).toHaveCount(0);
  } finally {
    await board.close();
  }
});

test('the server stores no card text and the space key never leaves the browsers', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const server = await startServer();
  const secrets = {
    column: 'Quarantine zone',
    title: 'Zebra migration plan',
    description: 'Penguins arrive on Tuesday',
    edited: 'Zebra plan, revised by bob',
  };
  try {
    const traffic: TrafficRecorder[] = [];
    const board = await twoOnOneBoard(browser, server, (context) =>
      traffic.push(recordTraffic(context)),
    );
    const { a, b, alice } = board;

    await addColumn(a, secrets.column);
    await addKanbanCard(a, secrets.column, {
      title: secrets.title,
      description: secrets.description,
    });
    await expect(kanbanCard(b, secrets.title)).toBeVisible();
    const save = await startEdit(b, secrets.title, secrets.edited);
    await save.click();
    await expect(kanbanCard(a, secrets.edited)).toBeVisible();
    await expect(kanbanCard(a, secrets.edited)).toContainText(secrets.description);

    for (const recorder of traffic) {
      recorder.expectNotSent(alice.spaceKey);
      for (const text of Object.values(secrets)) recorder.expectNotSent(text);
    }
    await board.close();

    await server.stop({ keepData: true });
    const rows = await dumpDatabase(server.dataDir);
    expect(rows.some((row) => row.includes('kanban'))).toBe(true);
    for (const text of [...Object.values(secrets), alice.spaceKey]) {
      expect(rows.filter((row) => row.includes(text))).toEqual([]);
    }
  } finally {
    await server.stop();
    rmSync(server.dataDir, { recursive: true, force: true });
  }
});

/** The default board with `perColumn` cards titled '<column> <n>' in its first two columns. */
function longBoard(perColumn: number): KanbanContent {
  let next = 0;
  const now = new Date().toISOString();
  const board = defaultContent('kanban', { now: () => now, newId: () => `id-${String(++next)}` });
  return {
    ...board,
    phases: board.phases.map((phase, index) => ({
      ...phase,
      issues: Array.from({ length: index < 2 ? perColumn : 0 }, (_, n): Issue => ({
        id: `${phase.id}-card-${String(n + 1)}`,
        title: `${phase.name} ${String(n + 1)}`,
        description: 'A card of a long column',
        type: 'Task',
        priority: 'Medium',
        estimation: '2',
        assignedPerson: '',
        comments: [],
        createdAt: now,
        createdBy: 'alice',
        order: n,
        tags: [],
      })),
    })),
  };
}

test('a long column renders the cards in view, scrolls to its last card and moves cards by keyboard', async ({
  page,
  server,
}) => {
  const CARDS = 120;
  const [alice] = await setUpSpace(server, ['alice'], { prefix: 'Long' });
  if (!alice) throw new Error('no member');
  const saved = await rest(
    server,
    'PUT',
    `/api/content/${encodeURIComponent(alice.space.name)}/kanban`,
    {
      encrypted_data: await encryptJson(longBoard(CARDS), alice.spaceKey),
      metadata: { version: 0 },
    },
    alice.token,
  );
  expect(saved.status).toBe(200);
  await signIn(page, server, alice, '/tools/kanban');
  const backlog = kanbanColumn(page, 'Backlog');
  await expect(kanbanCard(backlog, 'Backlog 1')).toBeVisible();
  await expect(backlog.getByText(`Number of cards: ${String(CARDS)}`)).toBeAttached();
  // Only the cards in view (and a few beyond) are in the page, each saying where it is.
  const rendered = await backlog.locator('ul.kanban-cards > li').count();
  expect(rendered).toBeLessThan(40);
  await expect(backlog.locator('ul.kanban-cards > li').first()).toHaveAttribute(
    'aria-setsize',
    String(CARDS),
  );
  // The column scrolls on its own down to its last card; the add-card button stays reachable.
  await backlog.locator('.kanban-cards-scroll').evaluate((box) => {
    box.scrollTop = box.scrollHeight;
  });
  await expect(kanbanCard(backlog, `Backlog ${String(CARDS)}`)).toBeVisible();
  await expect(kanbanCard(backlog, 'Backlog 1')).toHaveCount(0);
  await expect(backlog.getByRole('button', { name: 'Add card to Backlog' })).toBeVisible();

  // Keyboard: the card lands at the end of the long To Do column and keeps the focus.
  await page
    .getByRole('button', { name: `Move card Backlog ${String(CARDS - 1)}`, exact: true })
    .focus();
  await page.keyboard.press('Space');
  await expect(
    page.getByText(`Picked up card "Backlog ${String(CARDS - 1)}" in column "Backlog".`),
  ).toBeAttached();
  await page.keyboard.press('ArrowRight');
  await expect(
    page.getByText(`Card "Backlog ${String(CARDS - 1)}" is over column "To Do".`),
  ).toBeAttached();
  await page.keyboard.press('Space');
  await expect(
    page.getByText(`Card "Backlog ${String(CARDS - 1)}" was dropped in column "To Do".`),
  ).toBeAttached();
  const moved = kanbanCard(kanbanColumn(page, 'To Do'), `Backlog ${String(CARDS - 1)}`);
  await expect(moved).toBeVisible();
  await expect(
    moved.getByRole('button', { name: `Move card Backlog ${String(CARDS - 1)}` }),
  ).toBeFocused();
  await expect(
    kanbanColumn(page, 'To Do').getByText(`Number of cards: ${String(CARDS + 1)}`),
  ).toBeAttached();
  await expect(moved.locator('xpath=ancestor::li[1]')).toHaveAttribute(
    'aria-posinset',
    String(CARDS + 1),
  );
});

test('opening the board by its address fetches its code with the page and its content once, and a reload fetches no code again', async ({
  page,
  server,
}) => {
  const [alice] = await setUpSpace(server, ['alice'], { prefix: 'First' });
  if (!alice) throw new Error('no member');
  const saved = await rest(
    server,
    'PUT',
    `/api/content/${encodeURIComponent(alice.space.name)}/kanban`,
    { encrypted_data: await encryptJson(longBoard(3), alice.spaceKey), metadata: { version: 0 } },
    alice.token,
  );
  expect(saved.status).toBe(200);

  // What the page asks the server for, in order (requests served from the cache never get here).
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/assets/') || url.pathname.startsWith('/trpc/'))
      asked.push(`${url.pathname}${url.search}`);
  });
  await signIn(page, server, alice, '/tools/kanban');
  await kanbanShown(page);
  const contentLoads = asked.filter((path) => path.startsWith('/trpc/content.find'));
  expect(contentLoads).toHaveLength(1);
  // Sent on its own (not waiting for a batch).
  expect(contentLoads[0]).not.toContain('batch=');
  // The board's code is named by the page itself (modulepreload links the server adds for the
  // route), so it is asked for before the app's code has run and sent the content request.
  const boardCode = asked.findIndex((path) => /^\/assets\/KanbanPage-[\w-]+\.js$/.test(path));
  expect(boardCode).toBeGreaterThan(-1);
  expect(boardCode).toBeLessThan(asked.indexOf(contentLoads[0] ?? ''));
  const preloaded = await page
    .locator('link[rel="modulepreload"]')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
  expect(preloaded).toContain(asked[boardCode]);
  // The login screen's code (where a permanent connection loss leads, spec §4) is not on the way
  // to the board: the page does not name it, and the tab loads it once idle after the board.
  const loginCode = /^\/assets\/LoginPage-[\w-]+\.js$/;
  const sentPage = await (await fetch(`${server.url}/tools/kanban`)).text();
  expect(sentPage).toMatch(/\/assets\/KanbanPage-[\w-]+\.js/);
  expect(sentPage).not.toMatch(/\/assets\/LoginPage-/);
  await expect.poll(() => asked.filter((path) => loginCode.test(path))).toHaveLength(1);
  expect(asked.findIndex((path) => loginCode.test(path))).toBeGreaterThan(
    asked.indexOf(contentLoads[0] ?? ''),
  );

  // The code is named after its content and kept by the browser: a reload takes every file of
  // it from the cache, without asking the server even whether it changed. (First every file the
  // page asked for has arrived, the ones it loads after the board too.)
  await page.waitForLoadState('networkidle');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const code: { path: string; fromCache: boolean }[] = [];
  const servedFromCache = new Set<string>();
  cdp.on('Network.requestServedFromCache', ({ requestId }) => servedFromCache.add(requestId));
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    const url = new URL(response.url);
    if (url.pathname.startsWith('/assets/'))
      code.push({
        path: url.pathname,
        fromCache: response.fromDiskCache === true || servedFromCache.has(requestId),
      });
  });
  await page.reload();
  await kanbanShown(page);
  expect(code.length).toBeGreaterThan(10);
  expect(code.filter((file) => !file.fromCache)).toEqual([]);
});

/** The history panel of `page`'s tool, opened from the header. */
async function openHistory(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'History', exact: true }).click();
  const panel = page.getByRole('dialog', { name: 'History' });
  await expect(panel).toBeVisible();
  return panel;
}

test('a column deleted with its cards comes back for both members when the other restores the version before', async ({
  browser,
  server,
}) => {
  const board = await twoOnOneBoard(browser, server);
  try {
    const { a, b } = board;
    await addKanbanCard(a, 'Testing', { title: 'Regression suite' });
    await addKanbanCard(a, 'Testing', { title: 'Load test' });
    await expect(kanbanCard(kanbanColumn(b, 'Testing'), 'Load test')).toBeVisible();

    await deleteOnBoard(a, 'column', 'Testing');
    await expect(kanbanColumn(b, 'Testing')).toHaveCount(0);

    // B reads what happened, newest first, and restores the version before the deletion.
    const history = await openHistory(b);
    const entries = history.getByRole('navigation', { name: 'Versions' }).getByRole('button');
    await expect(entries.first()).toContainText("alice deleted the column 'Testing' with 2 cards");
    await expect(history.getByText("alice added the card 'Load test' to Testing")).toBeVisible();
    await history.getByRole('button', { name: /added the card 'Load test'/ }).click();
    // The preview shows the board as it was then, read-only.
    const preview = history.getByRole('region', { name: /^Version \d+$/ });
    await expect(preview.getByText('Load test')).toBeVisible();
    await history.getByRole('button', { name: 'Restore this version' }).click();
    await expect(history).toBeHidden();

    for (const page of [a, b]) {
      await expect(kanbanCard(kanbanColumn(page, 'Testing'), 'Regression suite')).toBeVisible();
      await expect(kanbanCard(kanbanColumn(page, 'Testing'), 'Load test')).toBeVisible();
    }
    await expect(columnNames(a)).toHaveText(DEFAULT_COLUMNS);

    // The restore is a change like any other: its author can undo it, and both see that too.
    await b.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect(kanbanColumn(a, 'Testing')).toHaveCount(0);
    await expect(kanbanColumn(b, 'Testing')).toHaveCount(0);

    // Nothing typed on the board reached the server's history in plaintext.
    await board.close();
    const rows = (await dumpDatabase(server.dataDir)).join('\n');
    for (const text of ['Regression suite', 'Load test', 'Testing'])
      expect(rows).not.toContain(text);
  } finally {
    await board.close();
  }
});

test('undoing a card move after another member changed another card keeps both changes', async ({
  browser,
  server,
}) => {
  const board = await twoOnOneBoard(browser, server);
  try {
    const { a, b } = board;
    await addKanbanCard(a, 'Backlog', { title: 'Move me' });
    await addKanbanCard(a, 'Backlog', { title: 'Edit me' });
    await expect(kanbanCard(kanbanColumn(b, 'Backlog'), 'Edit me')).toBeVisible();

    // A moves a card with the keyboard; then B renames the other card.
    await a.getByRole('button', { name: 'Move card Move me', exact: true }).focus();
    await a.keyboard.press('Space');
    await expect(a.getByText('Picked up card "Move me" in column "Backlog".')).toBeAttached();
    await a.keyboard.press('ArrowRight');
    await expect(a.getByText('Card "Move me" is over column "To Do".')).toBeAttached();
    await a.keyboard.press('Space');
    await expect(kanbanCard(kanbanColumn(b, 'To Do'), 'Move me')).toBeVisible();
    const save = await startEdit(b, 'Edit me', 'Edited by bob');
    await save.click();
    await expect(kanbanCard(kanbanColumn(a, 'Backlog'), 'Edited by bob')).toBeVisible();

    // A undoes their move with Ctrl+Z (focus on the board, not in a text field).
    await a.getByRole('heading', { level: 1 }).click();
    await a.keyboard.press('Control+z');
    for (const page of [a, b]) {
      await expect(kanbanCard(kanbanColumn(page, 'Backlog'), 'Move me')).toBeVisible();
      await expect(kanbanCard(kanbanColumn(page, 'Backlog'), 'Edited by bob')).toBeVisible();
      await expect(kanbanColumn(page, 'To Do').getByRole('article')).toHaveCount(0);
    }
    // And redoes it with the header button.
    await a.getByRole('button', { name: 'Redo', exact: true }).click();
    await expect(kanbanCard(kanbanColumn(b, 'To Do'), 'Move me')).toBeVisible();
    await expect(kanbanCard(kanbanColumn(b, 'Backlog'), 'Edited by bob')).toBeVisible();

    // B's rename cannot be undone by A (only one's own changes), but B can undo it — unless A
    // changed the same card since: then B is told why.
    await a.getByRole('button', { name: 'Edit card Edited by bob', exact: true }).click();
    const dialog = a.getByRole('dialog', { name: 'Edit Card' });
    await dialog.getByLabel('Title').fill('Edited by alice');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(kanbanCard(kanbanColumn(b, 'Backlog'), 'Edited by alice')).toBeVisible();
    await b.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect(
      b.getByText("This change can't be undone: it was changed again since."),
    ).toBeVisible();
    await expect(kanbanCard(kanbanColumn(b, 'Backlog'), 'Edited by alice')).toBeVisible();
  } finally {
    await board.close();
  }
});

test('a member who turned notifications on is notified, while the tab is hidden, when another assigns them a card', async ({
  browser,
  server,
}) => {
  const board = await twoOnOneBoard(browser, server);
  try {
    const { a, b, bobContext } = board;
    await bobContext.grantPermissions(['notifications']);
    // Bob's browser: record what the Notification API is asked to show, and let the test say
    // when the tab is in the background (headless tabs are always visible).
    await b.evaluate(() => {
      const shown: { title: string; body: string | undefined }[] = [];
      const Native = window.Notification;
      class Recorded extends Native {
        constructor(title: string, options?: NotificationOptions) {
          super(title, options);
          shown.push({ title, body: options?.body });
        }
      }
      Object.defineProperty(window, 'Notification', { value: Recorded, configurable: true });
      Object.assign(window, { __shown: shown, __hidden: false });
      Object.defineProperty(document, 'visibilityState', {
        get: () => ((window as unknown as { __hidden: boolean }).__hidden ? 'hidden' : 'visible'),
        configurable: true,
      });
    });
    const shownOnB = () =>
      b.evaluate(() => (window as unknown as { __shown: { title: string }[] }).__shown);

    await addKanbanCard(a, 'Backlog', { title: 'Fix the login' });
    await expect(kanbanCard(kanbanColumn(b, 'Backlog'), 'Fix the login')).toBeVisible();
    const toggle = b.getByRole('button', { name: 'Notify me' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    await expect(b.getByRole('button', { name: 'Notifications on' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    // Visible tab: nothing is shown (the board itself shows the change).
    let save = await startEditAssignee(a, 'Fix the login', 'alice');
    await save.click();
    await expect(kanbanCard(kanbanColumn(b, 'Backlog'), 'Fix the login')).toContainText('alice');
    await b.evaluate(() => Object.assign(window, { __hidden: true }));
    save = await startEditAssignee(a, 'Fix the login', 'bob');
    await save.click();
    await expect
      .poll(shownOnB)
      .toEqual([{ title: "alice assigned you 'Fix the login'", body: board.bob.space.name }]);
    // One click turns it off again; later assignments stay silent.
    await b.getByRole('button', { name: 'Notifications on' }).click();
    await expect(b.getByRole('button', { name: 'Notify me' })).toBeVisible();
  } finally {
    await board.close();
  }
});

/** Opens the edit modal of `title`, sets the assigned person; returns the modal's Save button. */
async function startEditAssignee(page: Page, title: string, assignee: string): Promise<Locator> {
  await page.getByRole('button', { name: `Edit card ${title}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Card' });
  await dialog.getByLabel('Assigned person').fill(assignee);
  return dialog.getByRole('button', { name: 'Save', exact: true });
}
