/**
 * The offline store's list of tools with changes waiting (what the background replay
 * sends when the network is back), on fake-indexeddb as the IndexedDB implementation.
 */
import 'fake-indexeddb/auto';

import { createStore, set } from 'idb-keyval';
import { describe, expect, it } from 'vitest';

import { clearOfflineSpace, offlineStore, waitingTools } from './offline-store.ts';

const change = (id: string) => ({ id, operation: `op1.${id}`, baseVersion: 3 });

describe('waitingTools', () => {
  it('lists the tools of the space whose queue holds changes, and only those', async () => {
    const store = createStore('waiting-tools-test', 'entries');
    const of = (space: string, tool: string) => {
      const found = offlineStore(space, tool, store);
      if (!found) throw new Error('no store');
      return found;
    };
    await of('Alpha', 'kanban').appendLog(change('a'));
    await of('Alpha', 'poker').appendLog(change('b'));
    await of('Alpha', 'poker').appendLog(change('c'));
    await of('Alpha', 'bulletin').appendLog(change('d'));
    await of('Alpha', 'bulletin').removeLogged('d');
    await of('Alpha', 'ticket-system').writeContent({ encryptedData: 'x', version: 1 });
    await of('Beta', 'randomizer').appendLog(change('e'));

    expect((await waitingTools('Alpha', store)).sort()).toEqual(['kanban', 'poker']);
    expect(await waitingTools('Beta', store)).toEqual(['randomizer']);
    expect(await waitingTools('Gamma', store)).toEqual([]);
    await clearOfflineSpace('Alpha', store);
    expect(await waitingTools('Alpha', store)).toEqual([]);
    expect(await waitingTools('Beta', store)).toEqual(['randomizer']);
  });

  it('is empty where the browser has no IndexedDB', async () => {
    expect(await waitingTools('Alpha', null)).toEqual([]);
  });
});

describe('the pending log', () => {
  it('reads the changes back in the order logged, an earlier version’s list first, and removes each', async () => {
    const store = createStore('pending-log-test', 'entries');
    const log = offlineStore('Alpha', 'kanban', store);
    if (!log) throw new Error('no store');
    await set(['queue', 'Alpha', 'kanban'], [change('old')], store);
    for (const id of ['a', 'b', 'c']) await log.appendLog(change(id));
    expect((await log.readLog()).map((entry) => entry.id)).toEqual(['old', 'a', 'b', 'c']);
    expect(await log.readLog()).toContainEqual(change('b'));
    await log.removeLogged('old');
    await log.removeLogged('b');
    expect((await log.readLog()).map((entry) => entry.id)).toEqual(['a', 'c']);
    expect(await waitingTools('Alpha', store)).toEqual(['kanban']);
    await log.removeLogged('a');
    await log.removeLogged('c');
    expect(await waitingTools('Alpha', store)).toEqual([]);
  });
});
