/**
 * The background replay of offline changes (they all arrive when the cable is back),
 * against the real API and database with real AES-GCM, `fake-indexeddb` as IndexedDB: changes a
 * member made offline in tools no screen shows are sent by `replayWaitingTools` with every rule of
 * a screen's replay — saved on the latest version, reported (never dropped) when they no longer
 * apply, kept when the server cannot be reached. The worker around it (HTTP, CSRF, Web Locks) runs
 * in the Playwright suite (e2e/offline.spec.ts).
 */
import 'fake-indexeddb/auto';

import { decryptJson } from '@cipherspace/crypto';
import { createApiHarness, type ApiHarness, type SpaceCredentials } from '@cipherspace/api/testing';
import { tools } from '@cipherspace/tools';
import type { TrackerContent, TrackerOperation } from '@cipherspace/tools/tracker';
import { createStore, type UseStore } from 'idb-keyval';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { replayWaitingTools } from './background-replay.ts';
import { SyncClient } from '@cipherspace/sync';
import { contentTransport, spaceKeyCodec, type ContentApi } from './content-transport.ts';
import { offlineStore, waitingTools } from './offline-store.ts';

let harness: ApiHarness;
let space: SpaceCredentials;
let tokens: { alice: string; bob: string };
let store: UseStore;
let counter = 0;

beforeAll(async () => {
  harness = await createApiHarness();
});

afterAll(async () => {
  await harness.close();
});

beforeEach(async () => {
  space = await harness.createSpace({ selfRegistration: true });
  const alice = await harness.join(space, 'alice');
  const bob = await harness.join(space, 'bob');
  tokens = { alice: alice.token, bob: bob.token };
  store = createStore(`background-replay-test-${++counter}`, 'entries');
});

type TrackerTool = 'kanban' | 'ticket-system';

/** The content procedures of `user`, failing like fetch while `network.down`. */
function apiOf(user: 'alice' | 'bob', network = { down: false }): ContentApi {
  const caller = harness.caller(tokens[user]);
  const reachable = <T>(call: () => Promise<T>): Promise<T> =>
    network.down ? Promise.reject(new TypeError('fetch failed')) : call();
  return {
    find: (input) => reachable(() => caller.content.find(input)),
    save: (input) => reachable(() => caller.content.save(input)),
    changes: (input) => reachable(() => caller.content.changes(input)),
  };
}

/** A screen of `tool` (with Alice's offline store, or none for Bob). */
function screenOf(user: 'alice' | 'bob', tool: TrackerTool, network = { down: false }) {
  const offline = user === 'alice' ? offlineStore(space.name, tool, store) : null;
  return new SyncClient<TrackerContent, TrackerOperation>({
    domain: tools[tool],
    transport: contentTransport(apiOf(user, network), space.name, tool),
    codec: spaceKeyCodec(space.key, space.name),
    author: user,
    store: offline ?? undefined,
    online: () => !network.down,
  });
}

type Screen = ReturnType<typeof screenOf>;

function content(screen: Screen): TrackerContent {
  const found = screen.getState().content;
  if (!found) throw new Error('no content');
  return found;
}

const firstPhase = (board: TrackerContent) => {
  const phase = board.phases[0];
  if (!phase) throw new Error('no phase');
  return phase;
};

const addIssue = (screen: Screen, title: string) =>
  screen.perform({
    type: 'addIssue',
    phaseId: firstPhase(content(screen)).id,
    issue: { title },
    createdBy: 'alice',
  });

const issueTitles = (board: TrackerContent) =>
  board.phases.flatMap((phase) => phase.issues.map((issue) => issue.title));

async function stored(tool: TrackerTool): Promise<TrackerContent> {
  const record = await harness.caller(tokens.bob).content.get({ space_name: space.name, tool });
  return decryptJson<TrackerContent>(record.encrypted_data, space.key);
}

/** Alice opens `tool` online, goes offline, makes `titles` as new issues, and closes the screen. */
async function madeOffline(tool: TrackerTool, ...titles: string[]): Promise<void> {
  const network = { down: false };
  const screen = screenOf('alice', tool, network);
  await screen.load();
  network.down = true;
  for (const title of titles)
    expect(await addIssue(screen, title)).toMatchObject({ status: 'saved', queued: true });
  screen.dispose();
}

const replayAs = (api: ContentApi, waiting: readonly string[], network = { down: false }) =>
  replayWaitingTools({
    api,
    online: () => !network.down,
    spaceName: space.name,
    spaceKey: space.key,
    author: 'alice',
    language: 'en',
    tools: waiting,
    store,
  });

describe('replayWaitingTools', () => {
  it('sends the changes of every tool with changes waiting, without any screen', async () => {
    await madeOffline('kanban', 'Kanban one', 'Kanban two');
    await madeOffline('ticket-system', 'Ticket one');
    const waiting = await waitingTools(space.name, store);
    expect(waiting.toSorted()).toEqual(['kanban', 'ticket-system']);

    const outcomes = await replayAs(apiOf('alice'), waiting);

    expect(outcomes.toSorted((a, b) => a.tool.localeCompare(b.tool))).toEqual([
      { tool: 'kanban', outcome: 'replayed' },
      { tool: 'ticket-system', outcome: 'replayed' },
    ]);
    expect(issueTitles(await stored('kanban'))).toEqual(
      expect.arrayContaining(['Kanban one', 'Kanban two']),
    );
    expect(issueTitles(await stored('ticket-system'))).toContain('Ticket one');
    expect(await waitingTools(space.name, store)).toEqual([]);
  });

  it('re-applies on what others saved meanwhile, and reports a change that no longer applies', async () => {
    const setup = screenOf('alice', 'kanban');
    await setup.load();
    await addIssue(setup, 'Doomed');
    const doomed = firstPhase(content(setup)).issues.find((issue) => issue.title === 'Doomed');
    if (!doomed) throw new Error('no issue');
    setup.dispose();

    const network = { down: false };
    const offline = screenOf('alice', 'kanban', network);
    await offline.load();
    network.down = true;
    await offline.perform({
      type: 'updateIssue',
      issueId: doomed.id,
      changes: { title: 'Edited' },
    });
    await addIssue(offline, 'Survivor');
    offline.dispose();

    const bob = screenOf('bob', 'kanban');
    await bob.load();
    await bob.perform({ type: 'deleteIssue', issueId: doomed.id });
    await addIssue(bob, 'From Bob');

    expect(await replayAs(apiOf('alice'), ['kanban'])).toEqual([
      { tool: 'kanban', outcome: 'replayed' },
    ]);
    const latest = issueTitles(await stored('kanban'));
    expect(latest).toEqual(expect.arrayContaining(['From Bob', 'Survivor']));
    expect(latest).not.toContain('Doomed');
    expect(latest).not.toContain('Edited');
    // Never dropped: the change that no longer applies waits in the report for the tool's screen.
    const report = (await offlineStore(space.name, 'kanban', store)?.readUnapplied()) ?? [];
    expect(report).toHaveLength(1);
    expect(report[0]).toMatchObject({ reason: 'conflict' });
    const reopened = screenOf('alice', 'kanban');
    await reopened.load();
    expect(reopened.getState().unapplied).toHaveLength(1);
    expect(reopened.getState().unapplied[0]).toMatchObject({
      operation: { name: 'updateIssue', args: { issueId: doomed.id } },
    });
  });

  it('stores a change once when its replay is repeated after it was saved (exactly once)', async () => {
    await madeOffline('kanban', 'Only once', 'Also only once');
    const queue = offlineStore(space.name, 'kanban', store);
    const waiting = (await queue?.readLog()) ?? [];
    expect(waiting).toHaveLength(2);

    expect(await replayAs(apiOf('alice'), ['kanban'])).toEqual([
      { tool: 'kanban', outcome: 'replayed' },
    ]);
    // As if that replay had been stopped after its save, before it took the changes off the
    // queue (a worker stopped, a tab closed): the same queue is replayed again.
    for (const change of waiting) await queue?.appendLog(change);
    expect(await replayAs(apiOf('alice'), ['kanban'])).toEqual([
      { tool: 'kanban', outcome: 'replayed' },
    ]);
    const titles = issueTitles(await stored('kanban'));
    expect(titles.filter((title) => title === 'Only once')).toHaveLength(1);
    expect(titles.filter((title) => title === 'Also only once')).toHaveLength(1);
    expect(await waitingTools(space.name, store)).toEqual([]);
  });

  it('keeps the queue when the server cannot be reached, and sends it next time', async () => {
    await madeOffline('kanban', 'Patient');
    const network = { down: true };

    expect(await replayAs(apiOf('alice', network), ['kanban'], network)).toEqual([
      { tool: 'kanban', outcome: 'waiting' },
    ]);
    expect(await waitingTools(space.name, store)).toEqual(['kanban']);

    network.down = false;
    expect(await replayAs(apiOf('alice', network), ['kanban'])).toEqual([
      { tool: 'kanban', outcome: 'replayed' },
    ]);
    expect(issueTitles(await stored('kanban'))).toContain('Patient');
  });

  it('skips what it does not know: a tool outside the registry', async () => {
    expect(await replayAs(apiOf('alice'), ['no-such-tool'])).toEqual([]);
  });
});
