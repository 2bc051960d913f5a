/**
 * Live changes travel as encrypted operations (spec §1 live updates, §3 content_update,
 * §4 reload on remote update) in real Chromium with two members in two browser contexts:
 * - in every live tool (Kanban, Issue Management, Pinboard, Scrum Poker, Daily Randomizer) a
 *   change one member makes through the UI shows on the other member's screen without that
 *   screen asking the server for anything: no `content.find` (snapshot), no `content.changes`;
 * - a member whose connection was down for 20 changes catches up with one `content.changes`
 *   (the operations since its version) after the reconnect, and loads no snapshot;
 * - a third-party REST PUT (a replacement: no operations) still reaches the app, by snapshot.
 * - a large board's snapshot follows from the envelope worker, and opens for a third party.
 * - a change shows on the other screen while its snapshot is still uploading (the saver's
 *   proposal, content_pending), and stays, once, when the save lands.
 *
 * What each tab asks is read off its requests: the app's tRPC queries and mutations travel over
 * HTTP (`/trpc/content.find,…?batch=1`, see src/lib/trpc.ts); its live channel is the raw
 * WebSocket `/api/ws/{space}`, which carries events to the tab and no calls from it.
 */
import { randomUUID } from 'node:crypto';

import { decryptJson, encryptJson } from '@cipherspace/crypto';
import { tools } from '@cipherspace/tools';
import type { Browser, BrowserContext, Page, Request } from '@playwright/test';

import { expect, test, type ServerProcess } from './fixtures.ts';
import {
  addKanbanCard,
  connectionStatus,
  kanbanCard,
  kanbanColumn,
  kanbanShown,
  pinboardNote,
  pinboardShown,
  pokerPanel,
  pokerParticipant,
  randomizerTileTexts,
  rest,
  ticketPhase,
  twoMembersOn,
  type Member,
} from './support.ts';

/** The content procedures whose calls the tests count. */
type ContentProcedure = 'content.find' | 'content.changes' | 'content.save';

/** One call of a content procedure a page made: which, for which tool, with what input. */
interface ContentCall {
  procedure: ContentProcedure;
  tool: string | null;
  input: Record<string, unknown>;
}

const CONTENT_PROCEDURES = new Set<string>(['content.find', 'content.changes', 'content.save']);

/** The superjson `{ json }` wrapper of one batched tRPC input, unwrapped. */
function unwrapInput(value: unknown): Record<string, unknown> {
  const json = (value as { json?: unknown } | null | undefined)?.json ?? value;
  return typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : {};
}

/** The content calls of one HTTP request to `/trpc/a,b,c` (GET input in the URL, POST in the body). */
function contentCallsOf(request: Request): ContentCall[] {
  const url = new URL(request.url());
  if (!url.pathname.startsWith('/trpc/')) return [];
  const procedures = decodeURIComponent(url.pathname.slice('/trpc/'.length)).split(',');
  let inputs: Record<string, unknown> = {};
  try {
    inputs = JSON.parse(url.searchParams.get('input') ?? request.postData() ?? '{}') as Record<
      string,
      unknown
    >;
  } catch {
    // Not JSON: the calls still count, without their input.
  }
  return procedures.flatMap((procedure, index) => {
    if (!CONTENT_PROCEDURES.has(procedure)) return [];
    const input = unwrapInput(url.searchParams.has('batch') ? inputs[String(index)] : inputs);
    const tool = typeof input.tool === 'string' ? input.tool : null;
    return [{ procedure: procedure as ContentProcedure, tool, input }];
  });
}

/**
 * Records every content call `page` makes from now on (all calls travel over HTTP: the live
 * channel, the raw WebSocket, carries no calls). Call once both screens are loaded: what the page
 * asked while loading is not the question.
 */
function recordContentCalls(page: Page): {
  calls: ContentCall[];
  of(...procedures: ContentProcedure[]): ContentCall[];
} {
  const calls: ContentCall[] = [];
  page.on('request', (request) => calls.push(...contentCallsOf(request)));
  return {
    calls,
    of: (...procedures) => calls.filter((call) => procedures.includes(call.procedure)),
  };
}

/** What `content_update` brought to a page (the app's `cipherspace:realtime` window event). */
interface ContentUpdate {
  tool: string;
  version: number;
  base_version?: number;
  kind?: string;
  operations?: string[];
}

/** Collects every content_update the context's pages receive, as `window.contentUpdates`. */
async function collectContentUpdates(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const received: unknown[] = [];
    Object.assign(window, { contentUpdates: received });
    window.addEventListener('cipherspace:realtime', (event) => {
      const message = (event as CustomEvent<{ type?: string; data?: unknown }>).detail;
      if (message.type === 'content_update') received.push(message.data);
    });
  });
}

const contentUpdates = (page: Page) =>
  page.evaluate(() => (window as unknown as { contentUpdates: ContentUpdate[] }).contentUpdates);

/** A live tool: how to open it, when it is settled, one small change and how it shows. */
interface LiveTool {
  /** Its content id (`tool` of the content calls). */
  tool: string;
  label: string;
  path: string;
  shown: (page: Page) => Promise<void>;
  /** Alice's change, made through the UI. */
  change: (page: Page) => Promise<void>;
  /** Waits until Bob's screen shows it. */
  seen: (page: Page) => Promise<void>;
}

const LIVE_TOOLS: LiveTool[] = [
  {
    tool: 'kanban',
    label: 'Kanban',
    path: '/tools/kanban',
    shown: kanbanShown,
    change: (page) => addKanbanCard(page, 'Backlog', 'Sent as an operation'),
    seen: (page) =>
      expect(kanbanCard(kanbanColumn(page, 'Backlog'), 'Sent as an operation')).toBeVisible(),
  },
  {
    tool: 'ticket-system',
    label: 'Issue Management',
    path: '/tools/ticket',
    shown: async (page) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Issue Management' })).toBeVisible();
      await expect(ticketPhase(page, 'Backlog')).toBeVisible();
    },
    change: async (page) => {
      await page.getByRole('button', { name: 'Add issue to Backlog' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Issue' });
      await dialog.getByLabel('Title').fill('Checkout times out');
      await dialog.getByRole('button', { name: 'Add', exact: true }).click();
      await expect(dialog).toBeHidden();
    },
    seen: async (page) => {
      await expect(
        ticketPhase(page, 'Backlog').getByRole('button', { name: /Checkout times out/ }),
      ).toBeVisible();
      await expect(ticketPhase(page, 'Backlog')).toContainText('1 issue');
    },
  },
  {
    tool: 'bulletin',
    label: 'Pinboard',
    path: '/tools/bulletin',
    shown: pinboardShown,
    change: async (page) => {
      await page.getByRole('button', { name: 'Add Note', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Note' });
      await dialog.getByLabel('Title').fill('Lunch at noon');
      await dialog.getByLabel('Content').fill('Pizza *or* pasta');
      await dialog.getByRole('button', { name: 'Add', exact: true }).click();
      await expect(dialog).toBeHidden();
    },
    seen: async (page) => {
      await expect(pinboardNote(page, 'Lunch at noon')).toBeVisible();
      await expect(pinboardNote(page, 'Lunch at noon').locator('em')).toHaveText('or');
    },
  },
  {
    tool: 'poker',
    label: 'Scrum Poker',
    path: '/tools/scrum-poker',
    shown: async (page) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Scrum Poker' })).toBeVisible();
      await expect(pokerPanel(page, 'Your Estimation')).toBeVisible();
      // The backlog (Issue Management and Kanban content) has loaded too, empty.
      await expect(pokerPanel(page, 'Selected Issue')).toContainText('No issues yet.');
    },
    change: async (page) => {
      const five = pokerPanel(page, 'Your Estimation')
        .getByRole('group', { name: 'Fibonacci' })
        .getByRole('button', { name: '5', exact: true });
      await five.click();
      await expect(five).toHaveAttribute('aria-pressed', 'true');
    },
    seen: async (page) => {
      await expect(pokerParticipant(page, 'alice')).toContainText('Voted, hidden');
      await expect(pokerParticipant(page, 'alice')).not.toContainText('5');
    },
  },
  {
    tool: 'randomizer',
    label: 'Daily Randomizer',
    path: '/tools/randomizer',
    shown: async (page) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Daily Randomizer' })).toBeVisible();
      await expect(randomizerTileTexts(page)).toHaveText(['Option 1', 'Option 2', 'Option 3']);
      // Its quick fills read Issue Management's phases: that content has loaded too.
      await expect(page.getByRole('button', { name: 'Backlog issues' })).toBeVisible();
    },
    change: async (page) => {
      const editor = page.getByRole('textbox', { name: 'Options, one per line' });
      await editor.fill('Ann\nBen\nCleo');
      await editor.blur();
      await expect(randomizerTileTexts(page)).toHaveText(['Ann', 'Ben', 'Cleo']);
    },
    seen: (page) => expect(randomizerTileTexts(page)).toHaveText(['Ann', 'Ben', 'Cleo']),
  },
];

for (const live of LIVE_TOOLS) {
  test(`${live.label}: a change made through the UI reaches the other member as its operation, with no request`, async ({
    browser,
    server,
  }) => {
    const members = await twoOn(browser, server, live.path, live.shown, () =>
      Promise.resolve(null),
    );
    try {
      const { a, b } = members;
      const aliceCalls = recordContentCalls(a);
      const bobCalls = recordContentCalls(b);

      await live.change(a);
      // Bob's screen may show it from Alice's proposal before her save has even been sent.
      await live.seen(b);

      // Alice's save carried the change as one encrypted op1 envelope beside the snapshot…
      const savesOfTool = () =>
        aliceCalls.of('content.save').filter((call) => call.tool === live.tool);
      await expect.poll(() => savesOfTool().length).toBe(1);
      const save = savesOfTool()[0]?.input as {
        metadata: { version: number };
        operations?: unknown;
      };
      expect(save.operations).toEqual([expect.stringMatching(/^\S{40,}$/)]);
      // …which reached Bob inline in the content_update, on top of the version he had…
      const updatesOfTool = async () =>
        (await contentUpdates(b)).filter(
          (update) => update.tool === live.tool && update.version > save.metadata.version,
        );
      await expect.poll(async () => (await updatesOfTool()).length).toBeGreaterThan(0);
      const updates = await updatesOfTool();
      expect(updates).toEqual([
        expect.objectContaining({
          version: save.metadata.version + 1,
          base_version: save.metadata.version,
          kind: 'operations',
          operations: save.operations,
        }),
      ]);
      // …so his screen applied it without asking the server for the snapshot or the changes.
      expect(bobCalls.of('content.find', 'content.changes')).toEqual([]);
    } finally {
      await members.close();
    }
  });
}

/**
 * Lets the test cut a context's real-time connection and hold it down: `goOffline()` takes the
 * context offline (HTTP fails) and drops its WebSocket — Chromium's offline emulation alone
 * leaves an open socket running (microsoft/playwright#4910), so the socket is closed from the
 * server side, as a network loss would — and every reconnect attempt then hangs, like a
 * connection to an unreachable host, until `goOnline()`. Call before the context's page opens.
 */
async function cuttableConnection(context: BrowserContext) {
  let online: Promise<void> = Promise.resolve();
  let release: () => void = () => undefined;
  const open = new Set<{ close(options?: { code?: number; reason?: string }): Promise<void> }>();
  await context.routeWebSocket(/\/api\/ws\//, async (socket) => {
    await online;
    const server = socket.connectToServer();
    open.add(server);
    server.onClose((code, reason) => {
      open.delete(server);
      void socket.close({ code, reason });
    });
  });
  return {
    async goOffline(): Promise<void> {
      online = new Promise<void>((resolve) => (release = resolve));
      await context.setOffline(true);
      for (const server of [...open]) await server.close({ code: 4000, reason: 'network lost' });
    },
    async goOnline(): Promise<void> {
      await context.setOffline(false);
      release();
    },
  };
}

/** The stored version of `tool`, read over REST. */
async function storedVersion(
  server: Pick<ServerProcess, 'url'>,
  member: Member,
  tool: string,
): Promise<number> {
  const path = `/api/content/${encodeURIComponent(member.space.name)}/${tool}`;
  const answer = await rest(server, 'GET', path, undefined, member.token);
  expect(answer.status).toBe(200);
  // The newest version (the stored envelope may hold an older one).
  return (answer.body as { current_version: number }).current_version;
}

/**
 * Alice and Bob of a fresh space on `path`, each in a browser context of their own, both
 * collecting their content_updates; `prepareBob` runs on Bob's context before his page opens.
 * Returns once both screens are `shown` and each member sees the other in the header's presence
 * (so each tab's member stream is running). Close the result in a `finally`.
 */
async function twoOn<T>(
  browser: Browser,
  server: ServerProcess,
  path: string,
  shown: (page: Page) => Promise<void>,
  prepareBob: (context: BrowserContext) => Promise<T>,
) {
  const preparedBob: T[] = [];
  const members = await twoMembersOn(browser, server, path, {
    prefix: 'LiveOps',
    shown,
    prepare: async (context, member) => {
      await collectContentUpdates(context);
      if (member === 'bob') preparedBob.push(await prepareBob(context));
    },
  });
  const [prepared] = preparedBob;
  if (preparedBob.length !== 1) throw new Error("Bob's context was not prepared");
  return { ...members, a: members.alicePage, b: members.bobPage, prepared: prepared as T };
}

/** Alice and Bob on the Kanban board of a fresh space (see {@link twoOn}). */
const twoOnKanban = (browser: Browser, server: ServerProcess) =>
  twoOn(browser, server, '/tools/kanban', kanbanShown, () => Promise.resolve(null));

/** How many changes the offline member misses. */
const MISSED_CHANGES = 20;

test(`a member offline for ${MISSED_CHANGES} changes catches up from the operations, with no snapshot`, async ({
  browser,
  server,
}) => {
  test.setTimeout(120_000);
  const board = await twoOn(browser, server, '/tools/kanban', kanbanShown, cuttableConnection);
  try {
    const { alice, a, b, prepared: bobConnection } = board;
    const before = await storedVersion(server, alice, 'kanban');
    const bobCalls = recordContentCalls(b);

    await bobConnection.goOffline();
    // Offline, the connection waits for the network instead of spending its attempts.
    await expect(connectionStatus(b)).toHaveText('Disconnected');

    const titles = Array.from({ length: MISSED_CHANGES }, (_, i) => `Missed change ${i + 1}`);
    for (const title of titles) await addKanbanCard(a, 'Backlog', title);
    await expect(a.getByText('Saving…')).toHaveCount(0);
    expect(await storedVersion(server, alice, 'kanban')).toBe(before + MISSED_CHANGES);
    // Bob heard of none of them and still shows the board as he left it.
    expect((await contentUpdates(b)).filter((update) => update.version > before)).toEqual([]);
    await expect(kanbanColumn(b, 'Backlog').getByRole('article')).toHaveCount(0);

    await bobConnection.goOnline();
    await expect(connectionStatus(b)).toHaveText('Connected', { timeout: 20_000 });
    const bobBacklog = kanbanColumn(b, 'Backlog');
    await expect(bobBacklog.getByRole('heading', { level: 3 })).toHaveText(titles);
    await expect(bobBacklog.getByText(`Number of cards: ${MISSED_CHANGES}`)).toBeAttached();

    // The catch-up asked for the operations since the version Bob had, and for no snapshot.
    expect(bobCalls.of('content.find')).toEqual([]);
    const changes = bobCalls.of('content.changes');
    expect(changes.length).toBeGreaterThanOrEqual(1);
    expect(changes[0]).toMatchObject({ tool: 'kanban', input: { since: before } });
    // The screen refreshes again 1 s after the reconnect (spec §4/§9): by operations as well.
    await expect.poll(() => bobCalls.of('content.changes').length).toBeGreaterThanOrEqual(2);
    // Bob's board is Alice's: a change of his now lands on the shared version.
    await addKanbanCard(b, 'To Do', 'Made after the catch-up');
    await expect(kanbanCard(kanbanColumn(a, 'To Do'), 'Made after the catch-up')).toBeVisible();
    expect(await storedVersion(server, alice, 'kanban')).toBe(before + MISSED_CHANGES + 1);
    expect(bobCalls.of('content.find')).toEqual([]);
  } finally {
    await board.close();
  }
});

test('a third-party REST PUT without operations reaches the app, by snapshot', async ({
  browser,
  server,
}) => {
  const members = await twoOnKanban(browser, server);
  try {
    const { alice, b: page } = members;
    const bobCalls = recordContentCalls(page);

    // A script of Alice's: reads the board, adds a card with @cipherspace/tools, and PUTs the
    // whole board back with the version it read — a replacement, no operations.
    const path = `/api/content/${encodeURIComponent(alice.space.name)}/kanban`;
    const current = await rest(server, 'GET', path, undefined, alice.token);
    expect(current.status).toBe(200);
    const stored = current.body as {
      encrypted_data: string;
      content_metadata: { version: number };
    };
    const version = stored.content_metadata.version;
    const board = tools.kanban.parse(await decryptJson(stored.encrypted_data, alice.spaceKey));
    const backlog = board.phases.find((phase) => phase.name === 'Backlog');
    if (!backlog) throw new Error('no Backlog column');
    const at = new Date().toISOString();
    const operation = tools.kanban.createOperation(
      {
        type: 'addIssue',
        phaseId: backlog.id,
        issue: { title: 'Added by a script' },
        createdBy: 'alice',
      },
      { id: randomUUID(), at, by: 'alice' },
    );
    const changed = tools.kanban.stamp(tools.kanban.apply(board, operation), {
      version: version + 1,
      lastModified: at,
    });
    expect(tools.kanban.validate(changed)).toEqual([]);
    const saved = await rest(
      server,
      'PUT',
      path,
      { encrypted_data: await encryptJson(changed, alice.spaceKey), metadata: { version } },
      alice.token,
    );
    expect(saved.status).toBe(200);

    await expect(kanbanCard(kanbanColumn(page, 'Backlog'), 'Added by a script')).toBeVisible();
    // It was announced as a replacement (no operations to apply), so the tab loaded the snapshot.
    const update = (await contentUpdates(page)).find(
      (u) => u.tool === 'kanban' && u.version === version + 1,
    );
    expect(update).toBeDefined();
    expect(update).not.toHaveProperty('operations');
    expect(update?.kind ?? 'replacement').toBe('replacement');
    expect(bobCalls.of('content.find', 'content.changes')).toEqual([
      expect.objectContaining({ procedure: 'content.find', tool: 'kanban' }),
    ]);
  } finally {
    await members.close();
  }
});

test("a large board's snapshot follows from the envelope worker, and a third party's GET opens it", async ({
  browser,
  server,
}) => {
  const members = await twoOnKanban(browser, server);
  try {
    const { alice, a } = members;
    const path = `/api/content/${encodeURIComponent(alice.space.name)}/kanban`;
    const stored = async () => {
      const answer = await rest(server, 'GET', path, undefined, alice.token);
      expect(answer.status).toBe(200);
      return answer.body as {
        encrypted_data: string;
        content_metadata: { version: number };
        current_version: number;
      };
    };
    // A board whose envelope is far over the 16 KiB a request without a large-body procedure
    // may carry: 120 cards, saved whole over REST.
    const first = await stored();
    const board = tools.kanban.parse(await decryptJson(first.encrypted_data, alice.spaceKey));
    const backlog = board.phases.find((phase) => phase.name === 'Backlog');
    if (!backlog) throw new Error('no Backlog column');
    let large = board;
    for (let i = 0; i < 120; i++) {
      const operation = tools.kanban.createOperation(
        {
          type: 'addIssue',
          phaseId: backlog.id,
          issue: { title: `Card ${i}`, description: 'A description of the work. '.repeat(8) },
          createdBy: 'alice',
        },
        { id: randomUUID(), at: new Date().toISOString(), by: 'alice' },
      );
      large = tools.kanban.apply(large, operation);
    }
    const version = first.content_metadata.version;
    const envelope = await encryptJson(
      tools.kanban.stamp(large, { version: version + 1, lastModified: new Date().toISOString() }),
      alice.spaceKey,
    );
    expect(envelope.length).toBeGreaterThan(40_000);
    const put = { encrypted_data: envelope, metadata: { version } };
    expect((await rest(server, 'PUT', path, put, alice.token)).status).toBe(200);
    // The column is virtualised: its first card shows.
    await expect(kanbanCard(kanbanColumn(a, 'Backlog'), 'Card 0')).toBeVisible();

    // A change through the UI is saved as its operation alone; the board follows once quiet.
    await addKanbanCard(a, 'Testing', 'In the snapshot');
    const changed = await storedVersion(server, alice, 'kanban');
    expect(changed).toBe(version + 2);
    expect((await stored()).content_metadata.version).toBe(version + 1);
    await expect
      .poll(async () => (await stored()).content_metadata.version, { timeout: 20_000 })
      .toBe(changed);
    const opened = tools.kanban.parse(
      await decryptJson((await stored()).encrypted_data, alice.spaceKey),
    );
    const titles = opened.phases.flatMap((phase) => phase.issues.map((issue) => issue.title));
    expect(titles).toContain('In the snapshot');
    expect(titles).toHaveLength(121);
    // Its request body left from the worker, not from the page's thread.
    const fromPage = await a.evaluate(
      () =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.includes('content.snapshot')).length,
    );
    expect(fromPage).toBe(0);
  } finally {
    await members.close();
  }
});

test('a change shows on the other screen while its snapshot is still uploading, and stays once saved', async ({
  browser,
  server,
}) => {
  const members = await twoOnKanban(browser, server);
  try {
    const { alice, a, b } = members;
    const before = await storedVersion(server, alice, 'kanban');
    // Alice's snapshot upload is held (a slow network, a large board) until the test lets it go.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held = 0;
    await a.route(/\/trpc\/[^?]*content\.save/, async (route) => {
      held++;
      await released;
      await route.continue();
    });
    const bobCalls = recordContentCalls(b);

    // Through the dialog as addKanbanCard does, but the dialog waits for the save to close.
    await kanbanColumn(a, 'Backlog')
      .getByRole('button', { name: /^Add (first )?card to Backlog$/ })
      .click();
    const dialog = a.getByRole('dialog', { name: 'Add Card' });
    await dialog.getByLabel('Title').fill('Still uploading');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect.poll(() => held).toBe(1);
    // Bob sees it at once, from Alice's proposal, though nothing is stored yet.
    await expect(kanbanCard(kanbanColumn(b, 'Backlog'), 'Still uploading')).toBeVisible();
    expect(await storedVersion(server, alice, 'kanban')).toBe(before);

    release();
    await expect(dialog).toBeHidden();
    await expect(a.getByText('Saving…')).toHaveCount(0);
    await expect.poll(() => storedVersion(server, alice, 'kanban')).toBe(before + 1);
    await expect
      .poll(async () => (await contentUpdates(b)).some((update) => update.version === before + 1))
      .toBe(true);
    // The save's own operation takes the proposal's place: the card is there once, and Bob never
    // asked the server for anything.
    await expect(kanbanColumn(b, 'Backlog').getByRole('article')).toHaveCount(1);
    expect(bobCalls.of('content.find', 'content.changes')).toEqual([]);
  } finally {
    await members.close();
  }
});
