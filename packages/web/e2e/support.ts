/**
 * Shared set-up for specs that need signed-in members without clicking through the login
 * screen: spaces and users are created over the documented REST API (spec §7) with verifiers
 * derived here, and the session is written into localStorage exactly as the login screen
 * stores it (src/lib/session.ts saveLogin).
 */
import { randomBytes } from 'node:crypto';

import { deriveSpaceNameVerifier } from '@cipherspace/crypto';
import { createDb } from '@cipherspace/db';
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { sql } from 'drizzle-orm';

import { expect, type ServerProcess } from './fixtures.ts';

/** The space key every helper here uses unless told otherwise. */
export const DEFAULT_SPACE_KEY = 'Re4ltime!Space-Key';

/** A member signed in over REST: token, the space as shown, and who they are. */
export interface Member {
  token: string;
  spaceKey: string;
  space: {
    name: string;
    force_user_passwords: boolean;
    allow_self_registration: boolean;
    created_at: string;
  };
  user: { id: string; username: string; role: 'admin' | 'member' };
}

/** A JSON call to the server; `body` is the parsed response (null when empty). */
export async function rest(
  server: Pick<ServerProcess, 'url'>,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
}

/**
 * Creates a space named `{prefix}-{8 hex}` with self registration, registers each of
 * `usernames` (the first becomes admin) and logs each in over REST.
 */
export async function setUpSpace(
  server: Pick<ServerProcess, 'url'>,
  usernames: string[],
  options: { prefix?: string; spaceKey?: string } = {},
): Promise<Member[]> {
  const spaceKey = options.spaceKey ?? DEFAULT_SPACE_KEY;
  const name = `${options.prefix ?? 'Live'}-${randomBytes(4).toString('hex')}`;
  const verifier = await deriveSpaceNameVerifier(spaceKey, name);
  const created = await rest(server, 'POST', '/api/spaces/create', {
    space_name: name,
    encrypted_space_name: verifier,
    force_user_passwords: false,
    allow_self_registration: true,
  });
  expect(created.status).toBe(201);
  const members: Member[] = [];
  for (const username of usernames) {
    const registered = await rest(
      server,
      'POST',
      `/api/spaces/${encodeURIComponent(name)}/users/register`,
      { username, encrypted_space_name: verifier },
    );
    expect(registered.status).toBe(201);
    const login = await rest(server, 'POST', '/api/auth/login', {
      space_name: name,
      encrypted_space_name: verifier,
      username,
    });
    expect(login.status).toBe(200);
    const body = login.body as {
      access_token: string;
      space: Member['space'];
      user: Member['user'];
    };
    members.push({
      token: body.access_token,
      spaceKey,
      space: body.space,
      user: { id: body.user.id, username: body.user.username, role: body.user.role },
    });
  }
  return members;
}

/** Stores the session exactly as src/lib/session.ts saveLogin does, then opens `path`. */
export async function signIn(
  page: Page,
  server: Pick<ServerProcess, 'url'>,
  member: Member,
  path = '/dashboard',
): Promise<void> {
  // Storage is written on a same-origin page that runs no app code (the health JSON), so that
  // only the page at `path` ever sees the session and opens a socket.
  await page.goto(`${server.url}/api/health`);
  await page.evaluate(
    ({ member }) => {
      const space = {
        name: member.space.name,
        force_user_passwords: member.space.force_user_passwords,
        allow_self_registration: member.space.allow_self_registration,
        created_at: new Date(member.space.created_at).toISOString(),
      };
      localStorage.setItem('token', member.token);
      localStorage.setItem('access_token', member.token);
      localStorage.setItem('currentSpace', JSON.stringify(space));
      localStorage.setItem('currentUser', JSON.stringify(member.user));
      localStorage.setItem(`space_key_${space.name}`, member.spaceKey);
      localStorage.setItem(`username_${space.name}`, member.user.username);
      localStorage.setItem('last_username', member.user.username);
      localStorage.setItem(
        'cipherspace_content_credentials',
        JSON.stringify({
          spaceName: space.name,
          spaceKey: member.spaceKey,
          username: member.user.username,
        }),
      );
    },
    { member },
  );
  await page.goto(`${server.url}${path}`);
}

/** The connection badge the app shell shows on signed-in pages. */
export const connectionStatus = (page: Page) =>
  page.getByRole('region', { name: 'Connection status' }).getByRole('status');

/**
 * A logical dump of a stopped server's embedded database (`dataDir`): every row of every table
 * of the public schema as its text form, one string per row — what an operator (or an attacker
 * with the disk) could read.
 */
export async function dumpDatabase(dataDir: string): Promise<string[]> {
  const handle = await createDb({ dataDir });
  const query = async (text: string) => rowsOf(await handle.db.execute(sql.raw(text)));
  try {
    const tables = await query("select tablename from pg_tables where schemaname = 'public'");
    const rows: string[] = [];
    for (const { tablename } of tables) {
      const dumped = await query(`select t::text as row from "${String(tablename)}" t`);
      rows.push(...dumped.map(({ row }) => `${String(tablename)}: ${String(row)}`));
    }
    return rows;
  } finally {
    await handle.close();
  }
}

/** The rows of a raw query result (PGlite answers `{ rows }`, postgres.js an array). */
function rowsOf(result: unknown): Record<string, unknown>[] {
  if (Array.isArray(result)) return result as Record<string, unknown>[];
  return (result as { rows: Record<string, unknown>[] }).rows;
}

/** Two members of one fresh space, each signed in on the same page in a browser context of their own. */
export interface TwoMembers {
  alice: Member;
  bob: Member;
  aliceContext: BrowserContext;
  bobContext: BrowserContext;
  alicePage: Page;
  bobPage: Page;
  /** Closes both contexts. */
  close(): Promise<void>;
}

/**
 * Sets up a space with alice (admin) and bob and signs each in on `path` in their own context,
 * alice first. `prepare` runs on each context before its page opens (e.g. `recordTraffic`);
 * what it returns is awaited.
 * With `shown`, waits until both pages show the screen and each member sees the other in the
 * tool header's presence, so that the layout no longer shifts.
 * Close the result in a `finally`.
 */
export async function twoMembersOn(
  browser: Browser,
  server: Pick<ServerProcess, 'url'>,
  path: string,
  options: {
    prefix?: string;
    prepare?: (context: BrowserContext, member: 'alice' | 'bob') => unknown;
    shown?: (page: Page) => Promise<void>;
  } = {},
): Promise<TwoMembers> {
  const [alice, bob] = await setUpSpace(server, ['alice', 'bob'], { prefix: options.prefix });
  if (!alice || !bob) throw new Error('space set-up failed');
  const aliceContext = await browser.newContext();
  const bobContext = await browser.newContext();
  const close = async () => {
    await aliceContext.close();
    await bobContext.close();
  };
  try {
    await options.prepare?.(aliceContext, 'alice');
    await options.prepare?.(bobContext, 'bob');
    const alicePage = await aliceContext.newPage();
    const bobPage = await bobContext.newPage();
    await signIn(alicePage, server, alice, path);
    await signIn(bobPage, server, bob, path);
    if (options.shown) {
      await options.shown(alicePage);
      await options.shown(bobPage);
      // Let the header settle (the presence text changes its width) before tests measure.
      await expect(alicePage.getByLabel('Also here')).toHaveText('Also here: bob');
      await expect(bobPage.getByLabel('Also here')).toHaveText('Also here: alice');
    }
    return { alice, bob, aliceContext, bobContext, alicePage, bobPage, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * Every entry of the app's offline store in this page's origin (IndexedDB `cipherspace_offline`,
 * store `entries`) as `[key, value]`, keys `[kind, space, tool]`; none before the
 * store exists.
 */
export function offlineStoreEntries(page: Page): Promise<[unknown, unknown][]> {
  return page.evaluate(
    () =>
      new Promise<[unknown, unknown][]>((resolve, reject) => {
        const open = indexedDB.open('cipherspace_offline');
        open.onerror = () => reject(open.error ?? new Error('open failed'));
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('entries')) {
            db.close();
            resolve([]);
            return;
          }
          const store = db.transaction('entries', 'readonly').objectStore('entries');
          const keys = store.getAllKeys();
          const values = store.getAll();
          values.onerror = () => reject(values.error ?? new Error('read failed'));
          values.onsuccess = () => {
            db.close();
            resolve(keys.result.map((key, index) => [key, values.result[index]]));
          };
        };
      }),
  );
}

/**
 * Waits until `page` (signed in, on any app page) is controlled by the app's activated service
 * worker: the first visit registers it but is not controlled (clientsClaim
 * off), so the page is loaded again. Needs `test.use({ serviceWorkers: 'allow' })`.
 */
export async function serviceWorkerInControl(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);
}

// The tools' screens as the specs of more than one tool drive them (spec §2).

/** Issue Management (/tools/ticket): the list of phases, one phase, an issue's row. */
/** Kanban (/tools/kanban): a column by its name, a card (in a column or anywhere) by its title. */
export const kanbanColumn = (scope: Page | Locator, name: string): Locator =>
  scope.getByRole('region', { name, exact: true });
export const kanbanCard = (scope: Page | Locator, title: string): Locator =>
  scope.getByRole('article', { name: title, exact: true });

/** Waits until the Kanban board shows its Backlog column. */
export async function kanbanShown(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Kanban Board' })).toBeVisible();
  await expect(kanbanColumn(page, 'Backlog')).toBeVisible();
}

/** The fields of Kanban's Add Card dialog; only the title is required. */
export interface KanbanCardFields {
  title: string;
  description?: string;
  type?: string;
  priority?: string;
  estimation?: string;
  assignee?: string;
}

/**
 * Adds a card to `columnName` through its Add card dialog (a title, or the dialog's fields) and
 * waits until the column shows it.
 */
export async function addKanbanCard(
  page: Page,
  columnName: string,
  card: string | KanbanCardFields,
): Promise<void> {
  const fields = typeof card === 'string' ? { title: card } : card;
  await kanbanColumn(page, columnName)
    .getByRole('button', { name: new RegExp(`^Add (first )?card to ${columnName}$`) })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Add Card' });
  await dialog.getByLabel('Title').fill(fields.title);
  if (fields.description) await dialog.getByLabel('Description').fill(fields.description);
  if (fields.type) await dialog.getByLabel('Type').selectOption(fields.type);
  if (fields.priority) await dialog.getByLabel('Priority').selectOption(fields.priority);
  if (fields.estimation) await dialog.getByLabel('Estimation').fill(fields.estimation);
  if (fields.assignee) await dialog.getByLabel('Assigned person').fill(fields.assignee);
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(kanbanCard(kanbanColumn(page, columnName), fields.title)).toBeVisible();
}

export const ticketPhases = (page: Page): Locator => page.getByRole('region', { name: 'Phases' });
export const ticketPhase = (page: Page, name: string): Locator =>
  ticketPhases(page).getByRole('region', { name, exact: true });
export const ticketIssue = (page: Page, title: string): Locator =>
  ticketPhases(page).getByRole('button', { name: title });

/** Waits until Issue Management shows its backlog. */
export async function ticketShown(page: Page): Promise<void> {
  await expect(ticketPhase(page, 'Backlog')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Issue Management' })).toBeVisible();
}

/** Fills the Add Issue modal of `phaseName`; returns the modal's Add button (not yet clicked). */
export async function prepareTicketIssue(
  page: Page,
  phaseName: string,
  values: { title: string; description?: string },
): Promise<{ dialog: Locator; submit: Locator }> {
  await page.getByRole('button', { name: `Add issue to ${phaseName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Issue' });
  await dialog.getByLabel('Title').fill(values.title);
  if (values.description) await dialog.getByLabel('Description').fill(values.description);
  return { dialog, submit: dialog.getByRole('button', { name: 'Add', exact: true }) };
}

/** Adds an issue to `phaseName` through the Add Issue modal and waits until it is listed. */
export async function addTicketIssue(
  page: Page,
  phaseName: string,
  values: { title: string; description?: string },
): Promise<void> {
  const { dialog, submit } = await prepareTicketIssue(page, phaseName, values);
  await submit.click();
  await expect(dialog).toBeHidden();
  await expect(ticketIssue(page, values.title)).toBeVisible();
}

/** The note a new Pinboard starts with (spec §3 Bulletin defaults). */
export const PINBOARD_WELCOME = 'Welcome to the Pinboard!';

/** A note of the Pinboard (/tools/bulletin) by its title. */
export const pinboardNote = (page: Page, title: string): Locator =>
  page.getByRole('article', { name: title, exact: true });

/** Waits until the Pinboard shows its welcome note. */
export async function pinboardShown(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Pinboard' })).toBeVisible();
  await expect(pinboardNote(page, PINBOARD_WELCOME)).toBeVisible();
}

/** Adds a note through the Add Note dialog (`type`: the Type option's value) and waits for it. */
export async function addPinboardNote(
  page: Page,
  fields: { title: string; content: string; type?: string; url?: string },
): Promise<void> {
  await page.getByRole('button', { name: 'Add Note', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Note' });
  await dialog.getByLabel('Title').fill(fields.title);
  if (fields.type) await dialog.getByLabel('Type').selectOption(fields.type);
  if (fields.url !== undefined) await dialog.getByLabel('URL').fill(fields.url);
  await dialog.getByLabel('Content').fill(fields.content);
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(pinboardNote(page, fields.title)).toBeVisible();
}

/** Scrum Poker (/tools/scrum-poker): a panel, a card of a deck, a participant's result row. */
export const pokerPanel = (page: Page, name: string): Locator =>
  page.getByRole('region', { name, exact: true });
export const pokerCard = (page: Page, deck: string, name: string): Locator =>
  pokerPanel(page, 'Your Estimation')
    .getByRole('group', { name: deck })
    .getByRole('button', { name, exact: true });
export const pokerParticipant = (page: Page, name: string): Locator =>
  pokerPanel(page, 'Results')
    .getByRole('listitem')
    .filter({ hasText: new RegExp(`^${name}`) });

/** Waits until Scrum Poker shows its cards. */
export async function pokerShown(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Scrum Poker' })).toBeVisible();
  await expect(pokerPanel(page, 'Your Estimation')).toBeVisible();
}

/** The Daily Randomizer (/tools/randomizer): its options, their texts, the options editor. */
export const randomizerOptions = (page: Page): Locator =>
  page.getByRole('list', { name: 'Options' });
export const randomizerTileTexts = (page: Page): Locator =>
  randomizerOptions(page).locator('.randomizer-tile-text');
export const randomizerEditor = (page: Page): Locator =>
  page.getByRole('textbox', { name: 'Options, one per line' });

/** Waits until the Daily Randomizer shows its options. */
export async function randomizerShown(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Daily Randomizer' })).toBeVisible();
  await expect(randomizerOptions(page)).toBeVisible();
}

/**
 * Records what `page` asks the Notification API to show, and lets the test say when the tab
 * is in the background (headless tabs are always visible).
 */
export async function recordNotifications(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const shown: string[] = [];
    const Native = window.Notification;
    class Recorded extends Native {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options);
        shown.push(title);
      }
    }
    Object.defineProperty(window, 'Notification', { value: Recorded, configurable: true });
    Object.assign(window, { __shown: shown, __hidden: false });
    Object.defineProperty(document, 'visibilityState', {
      get: () => ((window as unknown as { __hidden: boolean }).__hidden ? 'hidden' : 'visible'),
      configurable: true,
    });
  });
  return () => page.evaluate(() => (window as unknown as { __shown: string[] }).__shown);
}

/** Says whether `page`'s tab is in the background, for a page {@link recordNotifications} watches. */
export const setHidden = (page: Page, hidden: boolean) =>
  page.evaluate((value) => Object.assign(window, { __hidden: value }), hidden);
