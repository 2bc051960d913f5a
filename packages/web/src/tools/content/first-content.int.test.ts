/**
 * A tool screen opened by its address starts with the content the page fetched and decrypted
 * while the tool's code loaded (app/first-screen.ts → lib/content-prefetch.ts → the lifecycle's
 * `opened`; issue 15, first render): against the real API and database (PGlite, and Postgres in
 * CI), with real AES-GCM and an IndexedDB offline store (fake-indexeddb).
 */
import 'fake-indexeddb/auto';

import { decryptJson } from '@cipherspace/crypto';
import { createApiHarness, type ApiHarness, type SpaceCredentials } from '@cipherspace/api/testing';
import { tools } from '@cipherspace/tools';
import type { KanbanContent, TrackerOperation } from '@cipherspace/tools/tracker';
import { createStore } from 'idb-keyval';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createContentPrefetch } from '../../lib/content-prefetch.ts';
import { ContentLifecycle, type OpenedSnapshot, type OpenedStored } from './content-lifecycle.ts';
import { contentTransport, spaceKeyCodec, storedContentOf } from './content-transport.ts';
import { offlineStore, type OfflineStore } from './offline-store.ts';

let harness: ApiHarness;
let space: SpaceCredentials;
let token: string;

beforeAll(async () => {
  harness = await createApiHarness();
  space = await harness.createSpace({ selfRegistration: true });
  token = (await harness.join(space, 'alice')).token;
});

afterAll(async () => {
  await harness.close();
});

let counter = 0;
const freshTool = () => `kanban-first-${++counter}`;

type Found = Awaited<ReturnType<ReturnType<ApiHarness['caller']>['content']['find']>>;

/** Alice's tab of `tool`: the real transport (counting its snapshot requests) and codec. */
function tabOf(tool: string, options: { opened?: OpenedSnapshot; offline?: OfflineStore } = {}) {
  const caller = harness.caller(token);
  const requests = { find: 0, save: 0 };
  const tab = new ContentLifecycle<KanbanContent, TrackerOperation>({
    domain: tools.kanban,
    transport: contentTransport(
      {
        find: (input) => {
          requests.find++;
          return caller.content.find(input);
        },
        save: (input) => {
          requests.save++;
          return caller.content.save(input);
        },
        changes: (input) => caller.content.changes(input),
      },
      space.name,
      tool,
    ),
    codec: spaceKeyCodec(space.key, space.name),
    author: 'alice',
    ...options,
  });
  return { tab, requests };
}

/** A board of `tool` stored on the server with one card: version 2. */
async function storeBoard(tool: string): Promise<void> {
  const { tab } = tabOf(tool);
  await tab.load();
  const content = tab.getState().content;
  const todo = content?.phases[0];
  if (!todo) throw new Error('no column');
  await tab.perform({
    type: 'addIssue',
    phaseId: todo.id,
    issue: { title: 'Opened ahead' },
    createdBy: 'alice',
  });
  tab.dispose();
}

/** What the first screen does: fetch `tool`'s content and decrypt it, through the prefetch cache. */
async function openAhead(tool: string): Promise<OpenedStored | null> {
  const prefetch = createContentPrefetch(() => () => undefined);
  const caller = harness.caller(token);
  prefetch.prefetch(
    space.name,
    tool,
    () => caller.content.find({ space_name: space.name, tool }),
    (answer: Found) =>
      answer ? decryptJson(answer.encrypted_data, space.key) : Promise.resolve(null),
  );
  const opening = prefetch.takeOpening<Found, unknown>(space.name, tool);
  if (!opening) throw new Error('nothing prefetched');
  const { answer, opened } = await opening.result;
  return answer ? { stored: storedContentOf(answer), plain: opened } : null;
}

const titles = (content: KanbanContent | null) =>
  content?.phases.flatMap((phase) => phase.issues.map((issue) => issue.title)) ?? [];

describe('the first content opened ahead (issue 15, first render)', () => {
  it('is shown from the start; the first load asks the server for nothing and caches its envelope once the queue is read', async () => {
    const tool = freshTool();
    await storeBoard(tool);
    const ready = await openAhead(tool);
    if (!ready) throw new Error('no content opened');
    const events: string[] = [];
    const store = offlineStore(space.name, tool, createStore(`first-${tool}`, 'entries'));
    if (!store) throw new Error('no store');
    const offline: OfflineStore = {
      ...store,
      readQueue: async () => {
        const queue = await store.readQueue();
        events.push('queue read');
        return queue;
      },
      writeContent: async (content) => {
        await store.writeContent(content);
        events.push('content cached');
      },
    };
    const { tab, requests } = tabOf(tool, {
      opened: { result: Promise.resolve(ready), ready },
      offline,
    });

    // Before any load: the screen's first render already has the board.
    expect(tab.getState()).toMatchObject({ status: 'loaded', version: 2 });
    expect(titles(tab.getState().content)).toEqual(['Opened ahead']);

    await tab.load();
    await expect.poll(() => events).toEqual(['queue read', 'content cached']);
    expect(requests).toEqual({ find: 0, save: 0 });
    expect(await store.readContent()).toEqual({
      encryptedData: ready.stored.encryptedData,
      version: 2,
    });
    // Later loads ask the server as before.
    await tab.load();
    expect(requests.find).toBe(1);
    tab.dispose();
  });

  it('still on its way when the screen starts: the first load waits for it instead of asking the server', async () => {
    const tool = freshTool();
    await storeBoard(tool);
    let arrive: (opened: OpenedStored | null) => void = () => undefined;
    const result = new Promise<OpenedStored | null>((resolve) => (arrive = resolve));
    const { tab, requests } = tabOf(tool, { opened: { result } });
    expect(tab.getState().status).toBe('loading');

    const loading = tab.load();
    arrive(await openAhead(tool));
    await loading;
    expect(tab.getState()).toMatchObject({ status: 'loaded', version: 2 });
    expect(titles(tab.getState().content)).toEqual(['Opened ahead']);
    expect(requests.find).toBe(0);
    tab.dispose();
  });

  it('not valid for the tool: never shown, the first load fetches the content itself', async () => {
    const tool = freshTool();
    await storeBoard(tool);
    const ahead = await openAhead(tool);
    if (!ahead) throw new Error('no content opened');
    const invalid = { stored: ahead.stored, plain: { phases: 'not a board' } };
    const { tab, requests } = tabOf(tool, {
      opened: { result: Promise.resolve(invalid), ready: invalid },
    });
    expect(tab.getState().status).toBe('loading');

    await tab.load();
    expect(tab.getState()).toMatchObject({ status: 'loaded', version: 2 });
    expect(titles(tab.getState().content)).toEqual(['Opened ahead']);
    expect(requests.find).toBe(1);
    tab.dispose();
  });

  it('failed, or the server had no content: the first load goes on as without it', async () => {
    const failedTool = freshTool();
    await storeBoard(failedTool);
    const failed = tabOf(failedTool, {
      opened: { result: Promise.reject(new TypeError('Failed to fetch')) },
    });
    await failed.tab.load();
    expect(failed.tab.getState()).toMatchObject({ status: 'loaded', version: 2 });
    expect(failed.requests.find).toBe(1);
    failed.tab.dispose();

    // A tool nobody has opened yet: its default board is created and saved, as on any first open.
    const emptyTool = freshTool();
    expect(await openAhead(emptyTool)).toBeNull();
    const empty = tabOf(emptyTool, { opened: { result: Promise.resolve(null), ready: null } });
    expect(empty.tab.getState().status).toBe('loading');
    await empty.tab.load();
    expect(empty.tab.getState()).toMatchObject({ status: 'loaded', version: 1 });
    expect(empty.requests).toEqual({ find: 1, save: 1 });
    empty.tab.dispose();
  });
});
