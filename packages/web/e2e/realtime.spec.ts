/**
 * The tab's real-time connection (spec §4 Real-time connection status, §3 Real-time messages,
 * §9 Real-time) in real Chromium. Each test starts its own server, so it can kill and restart
 * it. Spaces and users are set up over the documented REST API with verifiers derived here,
 * and the session is written into localStorage the way the login screen stores it.
 */
import { rmSync } from 'node:fs';

import { decryptJson, encryptJson } from '@cipherspace/crypto';
import { createDb, spaces, toolContents } from '@cipherspace/db';
import type { BrowserContext, Page } from '@playwright/test';
import { and, eq } from 'drizzle-orm';

import { expect, recordTraffic, startServer, test, type ServerProcess } from './fixtures.ts';
import { connectionStatus, DEFAULT_SPACE_KEY, rest, setUpSpace, signIn } from './support.ts';

/** Collects every `cipherspace:realtime` window event of the context's pages. */
async function collectRealtimeEvents(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const received: unknown[] = [];
    Object.assign(window, { realtimeEvents: received });
    window.addEventListener('cipherspace:realtime', (event) => {
      received.push((event as CustomEvent).detail);
    });
  });
}

const realtimeEvents = (page: Page) =>
  page.evaluate(() => (window as unknown as { realtimeEvents: unknown[] }).realtimeEvents);

/**
 * Records every value written to `loginPrefillData` (the login screen reads and removes it as
 * soon as it opens, so the test cannot read it afterwards).
 */
async function recordPrefillWrites(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const writes: string[] = [];
    Object.assign(window, { prefillWrites: writes });
    // Called below with the storage it was invoked on, as `this`.
    // eslint-disable-next-line @typescript-eslint/unbound-method
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (this: Storage, key: string, value: string) {
      if (key === 'loginPrefillData') writes.push(value);
      setItem.call(this, key, value);
    };
  });
}

const prefillWrites = (page: Page) =>
  page.evaluate(() => (window as unknown as { prefillWrites: string[] }).prefillWrites);

test('shows Connected, Reconnecting… when the server dies, and Connected again when it is back', async ({
  page,
}) => {
  // Two server starts count in the test's own time: 1.5 × the default timeout, so that it
  // stretches with TEST_SLOWDOWN as every other limit does.
  test.setTimeout(test.info().timeout * 1.5);
  const server = await startServer();
  let restarted: ServerProcess | null = null;
  try {
    const [alice] = await setUpSpace(server, ['alice']);
    if (!alice) throw new Error('no member');
    await page.clock.install();
    await signIn(page, server, alice, '/tools/kanban');
    await expect(connectionStatus(page)).toHaveText('Connected');

    await server.kill();
    await expect(connectionStatus(page)).toHaveText('Reconnecting…');

    // The tab gives up 1 + 2 + 4 + 8 + 16 s after the loss (spec §9), and a restart on a busy
    // machine can take longer: the tab's timers stand still until the server listens again.
    // Paused a moment ahead of the tab's time (pauseAt cannot go back; the call takes a while).
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 2_000);
    restarted = await startServer({ port: server.port, dataDir: server.dataDir });
    await page.clock.resume();
    await expect(connectionStatus(page)).toHaveText('Connected', { timeout: 30_000 });
    await expect(page).toHaveURL(/\/tools\/kanban$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(alice.token);
  } finally {
    await restarted?.stop();
    await server.kill();
    rmSync(server.dataDir, { recursive: true, force: true });
  }
});

/** Records, in the page's own clock, when each live-channel WebSocket (`/api/ws/…`) was created and closed. */
async function recordSocketTimes(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const times = { opened: [] as number[], closed: [] as number[] };
    Object.assign(window, { socketTimes: times });
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        if (!new URL(String(url), window.location.href).pathname.startsWith('/api/ws/')) return;
        times.opened.push(Date.now());
        this.addEventListener('close', () => times.closed.push(Date.now()));
      }
    };
  });
}

const socketTimes = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { socketTimes: { opened: number[]; closed: number[] } }).socketTimes,
  );

/**
 * Stores `envelope` as version `version` of `tool` in a stopped server's embedded database, as the
 * save of another member would have: the tab, cut off meanwhile, gets no content_update for it.
 */
async function saveWhileStopped(
  dataDir: string,
  spaceName: string,
  tool: string,
  envelope: string,
  version: number,
): Promise<void> {
  const handle = await createDb({ dataDir, migrate: false });
  try {
    const [space] = await handle.db
      .select({ id: spaces.id })
      .from(spaces)
      .where(eq(spaces.name, spaceName));
    if (!space) throw new Error(`no space ${spaceName}`);
    const now = new Date();
    const updated = await handle.db
      .update(toolContents)
      .set({
        encryptedData: envelope,
        version,
        snapshotVersion: version,
        contentMetadata: { version, last_modified: now.toISOString(), modified_by: 'bob' },
        updatedAt: now,
      })
      .where(and(eq(toolContents.spaceId, space.id), eq(toolContents.tool, tool)))
      .returning({ id: toolContents.id });
    expect(updated).toHaveLength(1);
  } finally {
    await handle.close();
  }
}

test('after a server restart the tab reconnects with the backoff of spec §9 and reloads the content it missed', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const server = await startServer();
  let restarted: ServerProcess | null = null;
  try {
    const [alice] = await setUpSpace(server, ['alice']);
    if (!alice) throw new Error('no member');
    await recordSocketTimes(page);
    await signIn(page, server, alice, '/tools/kanban');
    await expect(connectionStatus(page)).toHaveText('Connected');
    await expect(page.getByRole('region', { name: 'Backlog', exact: true })).toBeVisible();

    // The board as another member will have saved it while this tab is cut off.
    const path = `/api/content/${encodeURIComponent(alice.space.name)}/kanban`;
    // The board's default content is saved on first load; wait until it is.
    await expect
      .poll(async () => (await rest(server, 'GET', path, undefined, alice.token)).status)
      .toBe(200);
    const current = await rest(server, 'GET', path, undefined, alice.token);
    const stored = current.body as {
      encrypted_data: string;
      current_version: number;
    };
    const board = await decryptJson<{ phases: { name: string }[] }>(
      stored.encrypted_data,
      DEFAULT_SPACE_KEY,
    );
    const renamed = {
      ...board,
      phases: board.phases.map((phase, i) =>
        i === 0 ? { ...phase, name: 'Shipped while you were away' } : phase,
      ),
    };
    const envelope = await encryptJson(renamed, DEFAULT_SPACE_KEY);

    const contentLoads: number[] = [];
    page.on('request', (request) => {
      if (request.url().includes('content.find')) contentLoads.push(Date.now());
    });

    await server.kill();
    const killedAt = Date.now();
    await expect(connectionStatus(page)).toHaveText('Reconnecting…');
    await saveWhileStopped(
      server.dataDir,
      alice.space.name,
      'kanban',
      envelope,
      stored.current_version + 1,
    );
    restarted = await startServer({ port: server.port, dataDir: server.dataDir });

    await expect(connectionStatus(page)).toHaveText('Connected', { timeout: 45_000 });
    const reconnectedAt = Date.now();
    // Only a reload on reconnect can show it: no content_update was ever sent for this save.
    await expect(
      page.getByRole('region', { name: 'Shipped while you were away', exact: true }),
    ).toBeVisible();
    expect(contentLoads.filter((at) => at > killedAt).length).toBeGreaterThan(0);

    // spec §9: attempt n waits 1 s × 2^n after the previous failure — 1, 2, 4, 8, 16 s, at most
    // five attempts. Times are taken in the page: the socket that was open when the server died
    // closed first, then each attempt opened a socket (a failed one closes at once).
    const times = await socketTimes(page);
    const lostAt = times.closed.find((at) => at >= killedAt - 2000) ?? Number.NaN;
    const attempts = times.opened.filter((at) => at > lostAt);
    const waits = attempts.map((at, i) => at - (i === 0 ? lostAt : (attempts[i - 1] ?? 0)));
    console.info(
      `reconnect attempts after the server died, ms apart: ${JSON.stringify(waits)}; connected ${reconnectedAt - killedAt} ms after`,
    );
    expect(attempts.length).toBeGreaterThanOrEqual(1);
    expect(attempts.length).toBeLessThanOrEqual(5);
    // Each wait is at least its backoff (minus timer jitter): the tab never hammers the server.
    waits.forEach((wait, n) => expect(wait).toBeGreaterThanOrEqual(0.9 * 1000 * 2 ** n));
    await expect(page).toHaveURL(/\/tools\/kanban$/);
  } finally {
    await restarted?.stop();
    await server.kill();
    rmSync(server.dataDir, { recursive: true, force: true });
  }
});

test('after five failed reconnect attempts the browser lands on the connection-lost login', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const server = await startServer();
  try {
    const [alice] = await setUpSpace(server, ['alice']);
    if (!alice) throw new Error('no member');
    await recordPrefillWrites(page);
    // The tab loads the login screen's code once idle after its first screen (App.tsx), so that
    // it can show the login when the server no longer answers.
    const loginCode = page.waitForResponse((response) =>
      /^\/assets\/LoginPage-[\w-]+\.js$/.test(new URL(response.url()).pathname),
    );
    await signIn(page, server, alice, '/tools/kanban');
    await expect(connectionStatus(page)).toHaveText('Connected');
    // Its file's response is not the whole of it: the chunks it imports may still be on their
    // way. Importing the same URL settles once the module and every import of it are loaded.
    const loginUrl = (await loginCode).url();
    await page.evaluate((url) => import(url).then(() => undefined), loginUrl);

    await server.kill();
    const killedAt = Date.now();
    await expect(connectionStatus(page)).toHaveText('Reconnecting…');

    // 1 + 2 + 4 + 8 + 16 s of backoff, then the permanent loss.
    await expect(page).toHaveURL(/\/login\?/, { timeout: 60_000 });
    expect(Date.now() - killedAt).toBeGreaterThanOrEqual(31_000);
    const url = new URL(page.url());
    expect(url.pathname).toBe('/login');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      connectionLost: 'true',
      spaceName: alice.space.name,
      username: 'alice',
    });
    await expect(
      page.getByText('Connection to server was lost. Please log in again.'),
    ).toBeVisible();
    expect((await prefillWrites(page)).map((value) => JSON.parse(value) as unknown)).toEqual([
      { connectionLost: true, spaceName: alice.space.name, username: 'alice' },
    ]);
    const stored = await page.evaluate(() => ({
      token: localStorage.getItem('token'),
      accessToken: localStorage.getItem('access_token'),
      currentSpace: localStorage.getItem('currentSpace'),
      currentUser: localStorage.getItem('currentUser'),
    }));
    expect(stored).toEqual({
      token: null,
      accessToken: null,
      currentSpace: null,
      currentUser: null,
    });
    await expect(page.getByRole('region', { name: 'Connection status' })).toHaveCount(0);
  } finally {
    await server.kill();
    rmSync(server.dataDir, { recursive: true, force: true });
  }
});

test('sends a heartbeat as the socket opens (the server clock) and every 30 s, and the server answers', async ({
  page,
}) => {
  const server = await startServer();
  try {
    const [alice] = await setUpSpace(server, ['alice']);
    if (!alice) throw new Error('no member');
    const sent: string[] = [];
    const received: string[] = [];
    page.on('websocket', (socket) => {
      socket.on('framesent', (frame) => sent.push(String(frame.payload)));
      socket.on('framereceived', (frame) => received.push(String(frame.payload)));
    });
    await page.clock.install();
    await signIn(page, server, alice, '/tools/kanban');
    await expect(connectionStatus(page)).toHaveText('Connected');
    const heartbeats = () => sent.filter((frame) => frame.includes('"type":"heartbeat"')).length;
    // One at once: its answer carries the server's time, which shared timers count on.
    await expect.poll(heartbeats).toBe(1);
    await expect
      .poll(() =>
        received.some((frame) => /"timestamp":"[^"]+","data":\{"response":"pong"/.test(frame)),
      )
      .toBe(true);

    await page.clock.fastForward(30_000);
    await expect.poll(heartbeats).toBe(2);
    await page.clock.fastForward(30_000);
    await expect.poll(heartbeats).toBe(3);
    await expect(connectionStatus(page)).toHaveText('Connected');
  } finally {
    await server.stop();
  }
});

test('one socket serves every screen, and logging out in this tab is no lost connection', async ({
  page,
}) => {
  const server = await startServer();
  try {
    const [alice] = await setUpSpace(server, ['alice']);
    if (!alice) throw new Error('no member');
    const sockets: string[] = [];
    page.on('websocket', (socket) => sockets.push(socket.url()));
    await recordPrefillWrites(page);
    await signIn(page, server, alice, '/impressum');
    await expect(connectionStatus(page)).toHaveText('Connected');

    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy policy' }).click();
    await expect(page).toHaveURL(/\/datenschutz$/);
    await expect(connectionStatus(page)).toHaveText('Connected');
    // A client-side move to the dashboard, as the app's own links do.
    await page.evaluate(() => {
      window.history.pushState(null, '', '/dashboard');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(sockets).toHaveLength(1);

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(`${server.url}/`);
    await expect(page.getByRole('region', { name: 'Connection status' })).toHaveCount(0);
    expect(await prefillWrites(page)).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('loginPrefillData'))).toBeNull();
  } finally {
    await server.stop();
  }
});

test("a member's save reaches the other member's tab as content_update; joins are announced", async ({
  browser,
}) => {
  const server = await startServer();
  const contexts: BrowserContext[] = [];
  try {
    const [alice, bob] = await setUpSpace(server, ['alice', 'bob']);
    if (!alice || !bob) throw new Error('no members');
    const bobContext = await browser.newContext();
    const aliceContext = await browser.newContext();
    contexts.push(bobContext, aliceContext);
    const traffic = [recordTraffic(bobContext), recordTraffic(aliceContext)];
    await collectRealtimeEvents(bobContext);

    const bobPage = await bobContext.newPage();
    await signIn(bobPage, server, bob, '/tools/ticket');
    await expect(connectionStatus(bobPage)).toHaveText('Connected');

    const alicePage = await aliceContext.newPage();
    await signIn(alicePage, server, alice, '/tools/ticket');
    await expect(connectionStatus(alicePage)).toHaveText('Connected');

    await expect
      .poll(() => realtimeEvents(bobPage))
      .toContainEqual(
        expect.objectContaining({
          type: 'user_joined',
          space_name: alice.space.name,
          data: { user_id: alice.user.id, username: 'alice' },
        }),
      );

    const saved = await rest(
      server,
      'PUT',
      `/api/content/${encodeURIComponent(alice.space.name)}/kanban`,
      {
        encrypted_data: await encryptJson({ title: 'Board', phases: [] }, DEFAULT_SPACE_KEY),
        metadata: { version: 0 },
      },
      alice.token,
    );
    expect(saved.status).toBe(200);

    await expect
      .poll(() => realtimeEvents(bobPage))
      .toContainEqual(
        expect.objectContaining({
          type: 'content_update',
          space_name: alice.space.name,
          data: expect.objectContaining({ tool: 'kanban', modified_by: 'alice', version: 1 }),
        }),
      );
    for (const recorder of traffic) recorder.expectNotSent(DEFAULT_SPACE_KEY);
  } finally {
    for (const context of contexts) await context.close();
    await server.stop();
  }
});
