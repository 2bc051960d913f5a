/**
 * Every tool's last content kept for offline starts (the app starts, every tool
 * opens), against the real API and database, `fake-indexeddb` as IndexedDB: the offline sync
 * worker's `refreshOfflineCache` caches the ciphertext of every tool of the space that has
 * content, fetching only what is newer than the cache.
 */
import 'fake-indexeddb/auto';

import { decryptJson, encryptJson } from '@cipherspace/crypto';
import { createApiHarness, type ApiHarness, type SpaceCredentials } from '@cipherspace/api/testing';
import { toolContents } from '@cipherspace/db';
import type { ToolName } from '@cipherspace/tools/metadata';
import { createStore, entries, type UseStore } from 'idb-keyval';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import type { SyncApi } from './content-api-http.ts';
import { refreshOfflineCache } from './offline-cache.ts';
import { offlineStore } from './offline-store.ts';

let harness: ApiHarness;
let space: SpaceCredentials;
let token: string;
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
  token = (await harness.join(space, 'alice')).token;
  store = createStore(`offline-cache-test-${++counter}`, 'entries');
});

/** Alice's calls, counting the content fetches. */
function apiOf(): Pick<SyncApi, 'list' | 'find'> & { finds: string[] } {
  const caller = harness.caller(token);
  const finds: string[] = [];
  return {
    finds,
    list: (input) => caller.content.list(input),
    find: (input) => {
      finds.push(input.tool);
      return caller.content.find(input);
    },
  };
}

/** Saves `value` as the next version of `tool`, encrypted with the space key. */
async function save(tool: ToolName, value: unknown): Promise<void> {
  const caller = harness.caller(token);
  const current = await caller.content.find({ space_name: space.name, tool });
  const version = (current?.content_metadata as { version?: number } | undefined)?.version ?? 0;
  await caller.content.save({
    space_name: space.name,
    tool,
    encrypted_data: await encryptJson(value, space.key),
    metadata: { version },
  });
}

const cached = (tool: ToolName) => offlineStore(space.name, tool, store)?.readContent();

describe('refreshOfflineCache', () => {
  it('caches the ciphertext of every tool with content, then only what changed', async () => {
    await save('kanban', { secret: 'Kanban plaintext' });
    await save('poker', { secret: 'Poker plaintext' });
    await save('poker', { secret: 'Poker plaintext, version 2' });
    // Content of a tool outside the registry, stored before the server refused such names: the
    // server still lists it, the cache leaves it alone.
    await harness.db.db.insert(toolContents).values({
      spaceId: await harness.spaceId(space.name),
      tool: 'not-a-tool',
      encryptedData: await encryptJson({ secret: 'Elsewhere' }, space.key),
      contentMetadata: { version: 1 },
      version: 1,
      snapshotVersion: 1,
    });
    const listed = await harness.caller(token).content.list({ space_name: space.name });
    expect(listed.tools.map((entry) => entry.tool)).toContain('not-a-tool');

    const first = apiOf();
    const written = await refreshOfflineCache({ api: first, spaceName: space.name, store });
    expect(written.toSorted()).toEqual(['kanban', 'poker']);
    expect((await cached('kanban'))?.version).toBe(1);
    const poker = await cached('poker');
    expect(poker?.version).toBe(2);
    expect(await decryptJson(poker?.encryptedData ?? '', space.key)).toEqual({
      secret: 'Poker plaintext, version 2',
    });
    // Ciphertext only, and nothing of a name outside the registry.
    const text = JSON.stringify(await entries(store));
    expect(text).not.toContain('plaintext');
    expect(text).not.toContain(space.key);
    expect(text).not.toContain('not-a-tool');

    const unchanged = apiOf();
    expect(await refreshOfflineCache({ api: unchanged, spaceName: space.name, store })).toEqual([]);
    expect(unchanged.finds).toEqual([]);

    await save('kanban', { secret: 'Kanban plaintext, version 2' });
    const changed = apiOf();
    expect(await refreshOfflineCache({ api: changed, spaceName: space.name, store })).toEqual([
      'kanban',
    ]);
    expect(changed.finds).toEqual(['kanban']);
    expect((await cached('kanban'))?.version).toBe(2);
  });

  it('keeps a newer version a screen cached meanwhile', async () => {
    await save('bulletin', { secret: 'one' });
    const newer = { encryptedData: await encryptJson({ secret: 'newer' }, space.key), version: 5 };
    await offlineStore(space.name, 'bulletin', store)?.writeContent(newer);
    expect(await refreshOfflineCache({ api: apiOf(), spaceName: space.name, store })).toEqual([]);
    expect(await cached('bulletin')).toEqual(newer);
  });
});
