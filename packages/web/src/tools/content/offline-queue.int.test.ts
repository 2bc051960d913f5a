/**
 * Working offline through the real sync engine, against the real API
 * and database with real AES-GCM: the last content cached as ciphertext in IndexedDB
 * (`fake-indexeddb` as the IndexedDB implementation, the app's own idb-keyval store on top), a
 * change queued as its op1 envelope while the server cannot be reached, a reopened "tab" that
 * shows the queue on top of the cache, and the replay on return — re-applied after a 409, and
 * reported, never dropped, when it no longer applies.
 */
import 'fake-indexeddb/auto';

import { decryptJson } from '@cipherspace/crypto';
import { createApiHarness, type ApiHarness, type SpaceCredentials } from '@cipherspace/api/testing';
import { tools } from '@cipherspace/tools';
import type { ToolName } from '@cipherspace/tools/metadata';
import type { KanbanContent, TrackerOperation } from '@cipherspace/tools/tracker';
import { createStore, entries, type UseStore } from 'idb-keyval';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { SyncClient, REPLAY_BATCH_MAX, ServerUnreachableError } from '@cipherspace/sync';
import { isNetworkFailure } from '../../lib/network-failure.ts';
import { contentTransport, spaceKeyCodec } from './content-transport.ts';
import { clearOfflineSpace, offlineStore, type OfflineStore } from './offline-store.ts';
import { spaceOfAliceAndBob } from '../../testing/two-members.ts';

let harness: ApiHarness;
let space: SpaceCredentials;
let tokens: { alice: string; bob: string };

beforeAll(async () => {
  harness = await createApiHarness();
});

afterAll(async () => {
  await harness.close();
});

/**
 * The kanban board of a new space with alice and bob as its members, so tests do not share a
 * document: it has no content yet. The helpers below work in that space from then on.
 */
async function freshBoard(): Promise<ToolName> {
  ({ space, tokens } = await spaceOfAliceAndBob(harness));
  return 'kanban';
}

let counter = 0;

/** One browser: its IndexedDB store and whether its network is down. */
interface Browser {
  user: 'alice' | 'bob';
  store: UseStore;
  network: { down: boolean };
}

function browserOf(user: 'alice' | 'bob'): Browser {
  return {
    user,
    store: createStore(`offline-test-${++counter}`, 'entries'),
    network: { down: false },
  };
}

/** A tab of `browser` in `tool`: the real transport, failing like fetch while the network is down. */
function tabOf(browser: Browser, tool: ToolName, watch?: (store: OfflineStore) => OfflineStore) {
  const caller = harness.caller(tokens[browser.user]);
  const reachable = <T>(call: () => Promise<T>): Promise<T> =>
    browser.network.down ? Promise.reject(new TypeError('fetch failed')) : call();
  const transport = contentTransport(
    {
      find: (input) => reachable(() => caller.content.find(input)),
      save: (input) => reachable(() => caller.content.save(input)),
      changes: (input) => reachable(() => caller.content.changes(input)),
    },
    space.name,
    tool,
  );
  const store = offlineStore(space.name, tool, browser.store);
  if (!store) throw new Error('no store');
  return new SyncClient<KanbanContent, TrackerOperation>({
    domain: tools.kanban,
    transport,
    codec: spaceKeyCodec(space.key, space.name),
    author: browser.user,
    store: watch ? watch(store) : store,
    online: () => !browser.network.down,
  });
}

type Tab = ReturnType<typeof tabOf>;

function loaded(tab: Tab): KanbanContent {
  const { status, content } = tab.getState();
  expect(status).toBe('loaded');
  if (!content) throw new Error('no content');
  return content;
}

const phase = (content: KanbanContent, name: string) => {
  const found = content.phases.find((entry) => entry.name === name);
  if (!found) throw new Error(`no phase ${name}`);
  return found;
};

const titles = (content: KanbanContent, name: string) =>
  phase(content, name).issues.map((issue) => issue.title);

const issueId = (content: KanbanContent, title: string) => {
  for (const column of content.phases) {
    const found = column.issues.find((issue) => issue.title === title);
    if (found) return found.id;
  }
  throw new Error(`no card ${title}`);
};

async function stored(tool: ToolName): Promise<KanbanContent> {
  const record = await harness.caller(tokens.bob).content.get({ space_name: space.name, tool });
  return decryptJson<KanbanContent>(record.encrypted_data, space.key);
}

/** Everything in a browser's offline store, as one string. */
async function storedText(browser: Browser): Promise<string> {
  return JSON.stringify(await entries(browser.store));
}

async function addCard(tab: Tab, column: string, title: string) {
  return tab.perform({
    type: 'addIssue',
    phaseId: phase(loaded(tab), column).id,
    issue: { title },
    createdBy: 'alice',
  });
}

describe('offline tools', () => {
  it('tells a network failure from an HTTP error answer', () => {
    expect(isNetworkFailure(new TypeError('Failed to fetch'))).toBe(true);
    const clientError = Object.assign(new Error('Failed to fetch'), { name: 'TRPCClientError' });
    expect(isNetworkFailure(clientError)).toBe(true);
    const answered = Object.assign(new Error('Conflict'), {
      name: 'TRPCClientError',
      data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 },
    });
    expect(isNetworkFailure(answered)).toBe(false);
    expect(isNetworkFailure(new Error('Content record without a version'))).toBe(false);
  });

  it('caches the ciphertext and opens it when the server cannot be reached', async () => {
    const tool = await freshBoard();
    const browser = browserOf('alice');
    const online = tabOf(browser, tool);
    await online.load();
    await addCard(online, 'Backlog', 'Cached card');
    const board = loaded(online);
    online.dispose();

    const text = await storedText(browser);
    expect(text).not.toContain('Cached card');
    expect(text).not.toContain('Backlog');
    expect(text).not.toContain(space.key);
    const cache = await offlineStore(space.name, tool, browser.store)?.readContent();
    expect(cache?.version).toBe(2);
    expect(await decryptJson(cache?.encryptedData ?? '', space.key)).toEqual(board);

    browser.network.down = true;
    const offline = tabOf(browser, tool);
    await offline.load();
    expect(loaded(offline)).toEqual(board);
    expect(offline.getState()).toMatchObject({ offline: true, version: 2, queued: 0 });
  });

  it('shows the load error offline when nothing is cached, and an HTTP error is no offline', async () => {
    const browser = browserOf('alice');
    browser.network.down = true;
    const tab = tabOf(browser, await freshBoard());
    await tab.load();
    expect(tab.getState().status).toBe('error');
    expect(tab.getState().loadError).toBeInstanceOf(ServerUnreachableError);
  });

  it('queues changes offline, keeps them across a reopened tab, replays them in order on return', async () => {
    const tool = await freshBoard();
    const alice = browserOf('alice');
    const first = tabOf(alice, tool);
    await first.load();
    await addCard(first, 'Backlog', 'Before');

    alice.network.down = true;
    const added = await addCard(first, 'To Do', 'Offline card');
    expect(added).toMatchObject({ status: 'saved', queued: true });
    const moved = await first.perform({
      type: 'moveIssue',
      issueId: issueId(loaded(first), 'Before'),
      toPhaseId: phase(loaded(first), 'Done').id,
    });
    expect(moved).toMatchObject({ status: 'saved', queued: true });
    expect(first.getState()).toMatchObject({ offline: true, queued: 2, version: 2 });
    expect(titles(loaded(first), 'To Do')).toEqual(['Offline card']);
    expect(titles(loaded(first), 'Done')).toEqual(['Before']);

    // Stored encrypted: the op1 envelopes with the version they are based on.
    const queue = (await offlineStore(space.name, tool, alice.store)?.readLog()) ?? [];
    expect(queue.map((change) => change.baseVersion)).toEqual([2, 2]);
    expect(queue.every((change) => JSON.parse(change.operation).v === 'op1')).toBe(true);
    const text = await storedText(alice);
    expect(text).not.toContain('Offline card');
    expect(text).not.toContain(space.key);
    first.dispose();

    // The tab is closed and opened again, still offline: the queue is on top of the cache.
    const reopened = tabOf(alice, tool);
    await reopened.load();
    expect(reopened.getState()).toMatchObject({ offline: true, queued: 2 });
    expect(titles(loaded(reopened), 'To Do')).toEqual(['Offline card']);
    expect(titles(loaded(reopened), 'Done')).toEqual(['Before']);
    // A new change joins the queue after the others.
    await addCard(reopened, 'Testing', 'Third');
    expect(reopened.getState().queued).toBe(3);

    // Meanwhile Bob changes the board: Alice's replay meets a 409 and re-applies.
    const bob = tabOf(browserOf('bob'), tool);
    await bob.load();
    await bob.perform({
      type: 'addIssue',
      phaseId: phase(loaded(bob), 'To Do').id,
      issue: { title: 'Bob online' },
      createdBy: 'bob',
    });

    // A refresh while still offline changes nothing and keeps the queue.
    await reopened.refresh();
    expect(reopened.getState()).toMatchObject({ offline: true, queued: 3 });

    alice.network.down = false;
    await reopened.refresh();
    expect(reopened.getState()).toMatchObject({ offline: false, queued: 0, unapplied: [] });
    const latest = await stored(tool);
    // Bob's change made version 3; the three queued changes went in together, as version 4.
    expect(latest.version).toBe(4);
    expect(titles(latest, 'To Do')).toEqual(['Bob online', 'Offline card']);
    expect(titles(latest, 'Done')).toEqual(['Before']);
    expect(titles(latest, 'Testing')).toEqual(['Third']);
    expect(loaded(reopened)).toEqual(latest);
    expect(await offlineStore(space.name, tool, alice.store)?.readLog()).toEqual([]);
    // The cache holds the latest version again.
    const cache = await offlineStore(space.name, tool, alice.store)?.readContent();
    expect(cache?.version).toBe(4);
  });

  it('shows the content as soon as it opens, lays the offline queue over it once read, and caches after that read (first render)', async () => {
    const tool = await freshBoard();
    const browser = browserOf('alice');
    const earlier = tabOf(browser, tool);
    await earlier.load();
    browser.network.down = true;
    expect(await addCard(earlier, 'To Do', 'Offline card')).toMatchObject({ queued: true });
    earlier.dispose();
    browser.network.down = false;

    const events: string[] = [];
    let releaseQueue: () => void = () => undefined;
    const queueHeld = new Promise<void>((resolve) => {
      releaseQueue = resolve;
    });
    const store = offlineStore(space.name, tool, browser.store);
    if (!store) throw new Error('no store');
    const watchedStore: OfflineStore = {
      ...store,
      readLog: async () => {
        await queueHeld; // IndexedDB and the tool's Web Lock, slow here
        const queue = await store.readLog();
        events.push('queue read');
        return queue;
      },
      writeContent: (content) => {
        events.push('content cached');
        return store.writeContent(content);
      },
    };
    const caller = harness.caller(tokens.alice);
    const codec = spaceKeyCodec(space.key, space.name);
    const tab = new SyncClient<KanbanContent, TrackerOperation>({
      domain: tools.kanban,
      transport: contentTransport(
        {
          find: (input) => {
            events.push('content asked for');
            return caller.content.find(input);
          },
          save: (input) => caller.content.save(input),
          changes: (input) => caller.content.changes(input),
        },
        space.name,
        tool,
      ),
      codec: {
        ...codec,
        decrypt: async (envelope) => {
          const value = await codec.decrypt(envelope);
          events.push('content opened');
          return value;
        },
      },
      author: 'alice',
      store: watchedStore,
    });

    const loading = tab.load();
    // The content travels, opens and shows while the queue is still being read…
    await vi.waitFor(() => expect(tab.getState()).toMatchObject({ status: 'loaded', version: 1 }));
    expect(titles(loaded(tab), 'To Do')).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    // …but its cache write would hold up the queue's reads: it waits for them.
    expect(events).toEqual(['content asked for', 'content opened']);
    releaseQueue();
    // The queued change is laid over the content once read, then replayed.
    await vi.waitFor(() => expect(titles(loaded(tab), 'To Do')).toEqual(['Offline card']));
    await loading;
    expect(tab.getState()).toMatchObject({ status: 'loaded', version: 2, queued: 0 });
    expect(titles(await stored(tool), 'To Do')).toEqual(['Offline card']);
    expect(events.slice(0, 4)).toEqual([
      'content asked for',
      'content opened',
      'queue read',
      'content cached',
    ]);
  });

  it('starts writing a change to the persisted log in the task that shows it, online and offline', async () => {
    const tool = await freshBoard();
    const alice = browserOf('alice');
    const logged: string[] = [];
    const tab = tabOf(alice, tool, (store) => ({
      ...store,
      appendLog: (change) => {
        logged.push(change.id);
        return store.appendLog(change);
      },
    }));
    await tab.load();
    // What was logged when each title first showed on screen.
    const loggedWhenShown = new Map<string, number>();
    tab.subscribe(() => {
      const { content } = tab.getState();
      for (const title of content ? titles(content, 'Backlog') : [])
        if (!loggedWhenShown.has(title)) loggedWhenShown.set(title, logged.length);
    });

    expect(await addCard(tab, 'Backlog', 'Online')).toMatchObject({ status: 'saved' });
    alice.network.down = true;
    expect(await addCard(tab, 'Backlog', 'Offline')).toMatchObject({ queued: true });
    expect(loggedWhenShown.get('Online')).toBe(1);
    expect(loggedWhenShown.get('Offline')).toBe(2);
    // The saved one left the log; the one made offline is there for a tab opened later.
    const waiting = (await offlineStore(space.name, tool, alice.store)?.readLog()) ?? [];
    expect(waiting.map((change) => change.id)).toEqual([logged[1]]);
    const reopened = tabOf(alice, tool);
    await reopened.load();
    expect(titles(loaded(reopened), 'Backlog')).toContain('Offline');
    expect(reopened.getState()).toMatchObject({ offline: true, queued: 1 });
  });

  it('replays many queued changes together, up to REPLAY_BATCH_MAX operations per save, in order', async () => {
    const tool = await freshBoard();
    const alice = browserOf('alice');
    const tab = tabOf(alice, tool);
    await tab.load();
    const start = tab.getState().version;
    alice.network.down = true;
    const count = REPLAY_BATCH_MAX * 2 + 5;
    for (let i = 1; i <= count; i++)
      expect(await addCard(tab, 'Backlog', `Queued ${String(i)}`)).toMatchObject({
        status: 'saved',
        queued: true,
      });
    expect(tab.getState()).toMatchObject({ offline: true, queued: count });
    const shownOffline = titles(loaded(tab), 'Backlog');

    alice.network.down = false;
    await tab.refresh();
    expect(tab.getState()).toMatchObject({ offline: false, queued: 0, unapplied: [] });
    // Three saves: 20 + 20 + 5 operations, each version recording its operations.
    const log = await harness
      .caller(tokens.bob)
      .content.changes({ space_name: space.name, tool, since: start });
    expect(log.changes.map((change) => change.operations?.length)).toEqual([
      REPLAY_BATCH_MAX,
      REPLAY_BATCH_MAX,
      5,
    ]);
    const latest = await stored(tool);
    expect(titles(latest, 'Backlog')).toEqual(shownOffline);
    expect(titles(latest, 'Backlog').filter((title) => title.startsWith('Queued '))).toHaveLength(
      count,
    );
    expect(loaded(tab)).toEqual(latest);
    expect(await offlineStore(space.name, tool, alice.store)?.readLog()).toEqual([]);
  });

  it('reports a queued change that no longer applies, and replays the rest', async () => {
    const tool = await freshBoard();
    const alice = browserOf('alice');
    const tab = tabOf(alice, tool);
    await tab.load();
    await addCard(tab, 'Backlog', 'Doomed');
    const doomed = issueId(loaded(tab), 'Doomed');

    alice.network.down = true;
    await tab.perform({
      type: 'updateIssue',
      issueId: doomed,
      changes: { title: 'Edited offline' },
    });
    await addCard(tab, 'To Do', 'Survivor');
    expect(tab.getState().queued).toBe(2);

    const bob = tabOf(browserOf('bob'), tool);
    await bob.load();
    await bob.perform({ type: 'deleteIssue', issueId: doomed });

    alice.network.down = false;
    await tab.refresh();
    const state = tab.getState();
    expect(state.queued).toBe(0);
    expect(state.unapplied).toHaveLength(1);
    expect(state.unapplied[0]).toMatchObject({
      reason: 'conflict',
      operation: { name: 'updateIssue', args: { issueId: doomed } },
    });
    const latest = await stored(tool);
    expect(titles(latest, 'Backlog')).toEqual([]);
    expect(titles(latest, 'To Do')).toEqual(['Survivor']);
    expect(loaded(tab)).toEqual(latest);

    // The report outlives the tab until it is dismissed.
    tab.dispose();
    const again = tabOf(alice, tool);
    await again.load();
    expect(again.getState().unapplied).toHaveLength(1);
    await again.dismissUnapplied();
    expect(again.getState().unapplied).toEqual([]);
    expect(await offlineStore(space.name, tool, alice.store)?.readUnapplied()).toEqual([]);
  });

  it("replays offline edits onto a teammate's changes of other fields, keeping both", async () => {
    const tool = await freshBoard();
    const alice = browserOf('alice');
    const tab = tabOf(alice, tool);
    await tab.load();
    await addCard(tab, 'Backlog', 'First');
    await addCard(tab, 'Backlog', 'Second');
    const board = loaded(tab);
    const [first, second] = phase(board, 'Backlog').issues;
    if (!first || !second) throw new Error('no cards');

    alice.network.down = true;
    for (const card of [first, second])
      await tab.perform({
        type: 'updateIssue',
        issueId: card.id,
        changes: { description: `offline ${card.title}` },
        from: { description: card.description },
      });
    expect(tab.getState().queued).toBe(2);

    const bob = tabOf(browserOf('bob'), tool);
    await bob.load();
    await bob.perform({
      type: 'updateIssue',
      issueId: first.id,
      changes: { title: 'First by bob' },
      from: { title: first.title },
    });
    await bob.perform({
      type: 'updateIssue',
      issueId: second.id,
      changes: { priority: 'High' },
      from: { priority: second.priority },
    });

    alice.network.down = false;
    await tab.refresh();
    expect(tab.getState()).toMatchObject({ queued: 0, unapplied: [] });
    const latest = phase(await stored(tool), 'Backlog').issues;
    expect(
      latest.map(({ title, description, priority }) => ({ title, description, priority })),
    ).toEqual([
      { title: 'First by bob', description: 'offline First', priority: 'none' },
      { title: 'Second', description: 'offline Second', priority: 'High' },
    ]);
  });

  it('holds an offline edit of a field a teammate changed until the member chooses', async () => {
    const tool = await freshBoard();
    const alice = browserOf('alice');
    const tab = tabOf(alice, tool);
    await tab.load();
    await addCard(tab, 'Backlog', 'Card');
    const card = phase(loaded(tab), 'Backlog').issues[0];
    if (!card) throw new Error('no card');

    alice.network.down = true;
    await tab.perform({
      type: 'updateIssue',
      issueId: card.id,
      changes: { title: 'Alice offline', priority: 'Low' },
      from: { title: 'Card', priority: card.priority },
    });
    const bob = tabOf(browserOf('bob'), tool);
    await bob.load();
    await bob.perform({
      type: 'updateIssue',
      issueId: card.id,
      changes: { title: 'Bob online' },
      from: { title: 'Card' },
    });

    alice.network.down = false;
    await tab.refresh();
    const [entry] = tab.getState().unapplied;
    expect(entry).toMatchObject({ reason: 'conflict', by: 'bob' });
    if (!entry) throw new Error('no report');
    // Bob's title stays until Alice has chosen; nothing of her edit is lost meanwhile.
    expect(phase(await stored(tool), 'Backlog').issues[0]?.title).toBe('Bob online');
    expect(tab.unappliedConflict(entry.id)).toEqual([
      { field: 'title', from: 'Card', mine: 'Alice offline', theirs: 'Bob online' },
    ]);

    expect((await tab.resolveUnapplied(entry.id, { title: 'mine' })).status).toBe('saved');
    expect(phase(await stored(tool), 'Backlog').issues[0]).toMatchObject({
      title: 'Alice offline',
      priority: 'Low',
    });
    expect(tab.getState().unapplied).toEqual([]);
    expect(await offlineStore(space.name, tool, alice.store)?.readUnapplied()).toEqual([]);
  });

  it('holds an offline comment edit the author changed on another device until chosen', async () => {
    const tool = await freshBoard();
    const laptop = browserOf('alice');
    const tab = tabOf(laptop, tool);
    await tab.load();
    await addCard(tab, 'Backlog', 'Card');
    const cardId = issueId(loaded(tab), 'Card');
    await tab.perform({
      type: 'addComment',
      issueId: cardId,
      content: 'Draft',
      createdBy: 'alice',
    });
    const comment = phase(loaded(tab), 'Backlog').issues[0]?.comments[0];
    if (!comment) throw new Error('no comment');
    const edit = (content: string) =>
      ({
        type: 'updateComment',
        issueId: cardId,
        commentId: comment.id,
        content,
        by: 'alice',
        from: 'Draft',
      }) as const;

    laptop.network.down = true;
    await tab.perform(edit('From the laptop'));
    const phone = tabOf(browserOf('alice'), tool);
    await phone.load();
    await phone.perform(edit('From the phone'));

    laptop.network.down = false;
    await tab.refresh();
    const [entry] = tab.getState().unapplied;
    if (!entry) throw new Error('no report');
    // The phone's text stays until she has chosen; the laptop's is not lost meanwhile.
    const text = async () => phase(await stored(tool), 'Backlog').issues[0]?.comments[0]?.content;
    expect(await text()).toBe('From the phone');
    expect(tab.unappliedConflict(entry.id)).toEqual([
      { field: 'content', from: 'Draft', mine: 'From the laptop', theirs: 'From the phone' },
    ]);
    expect((await tab.resolveUnapplied(entry.id, { content: 'mine' })).status).toBe('saved');
    expect(await text()).toBe('From the laptop');
    expect(tab.getState().unapplied).toEqual([]);
  });

  it('recognises a queued change whose save landed although its answer was lost', async () => {
    const tool = await freshBoard();
    const alice = browserOf('alice');
    const caller = harness.caller(tokens.alice);
    let loseAnswers = false;
    const transport = contentTransport(
      {
        find: (input) => caller.content.find(input),
        save: async (input) => {
          const saved = await caller.content.save(input);
          if (loseAnswers) throw new TypeError('fetch failed');
          return saved;
        },
        changes: (input) => caller.content.changes(input),
      },
      space.name,
      tool,
    );
    const tab = new SyncClient<KanbanContent, TrackerOperation>({
      domain: tools.kanban,
      transport,
      codec: spaceKeyCodec(space.key, space.name),
      author: 'alice',
      store: offlineStore(space.name, tool, alice.store) ?? undefined,
      online: () => !loseAnswers,
    });
    await tab.load();
    loseAnswers = true;
    expect(await addCard(tab, 'Backlog', 'Landed')).toMatchObject({ queued: true });
    loseAnswers = false;
    await tab.refresh();
    expect(tab.getState()).toMatchObject({ queued: 0, unapplied: [] });
    const latest = await stored(tool);
    expect(titles(latest, 'Backlog')).toEqual(['Landed']);
    expect(latest.version).toBe(2);
  });

  it('clears the cache and the queue of a space at logout, and only that space', async () => {
    const tool = await freshBoard();
    const alice = browserOf('alice');
    const tab = tabOf(alice, tool);
    await tab.load();
    alice.network.down = true;
    await addCard(tab, 'Backlog', 'Waiting');
    const other = offlineStore('another-space', tool, alice.store);
    await other?.writeContent({ encryptedData: 'x', version: 1 });

    await clearOfflineSpace(space.name, alice.store);
    const left = (await entries(alice.store)).map(([key]) => key);
    expect(left).toEqual([['content', 'another-space', tool]]);
  });
});
