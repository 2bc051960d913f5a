import { describe, expect, it } from 'vitest';

import { memoryLogStore, PendingLog, type LogEntry, type LogStore } from './log.ts';
import { parseOperationFor, tools, type Operation } from '@cipherspace/tools';
import { testContext } from '@cipherspace/tools/testing';
import type { TrackerOperation } from '@cipherspace/tools/tracker';

const kanban = tools.kanban;
const board = kanban.defaultContent(testContext());
const backlog = board.phases[0]?.id ?? 'backlog';

/** A Kanban operation `op-n` adding a card titled `title`. */
function addCard(n: number, title = `Card ${String(n)}`): Operation {
  const op: TrackerOperation = {
    type: 'addIssue',
    phaseId: backlog,
    issue: { title },
    createdBy: 'ann',
  };
  return kanban.createOperation(op, {
    id: `op-${String(n)}`,
    at: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(),
    by: 'ann',
  });
}

/** The "envelope" of an operation in these tests: its JSON (no key needed to open it). */
const seal = (operation: Operation) => JSON.stringify(operation);

/** Opens an envelope made by {@link seal}; rejects for anything that is not a Kanban operation. */
const open = (envelope: string): Promise<Operation> =>
  Promise.resolve().then(() => parseOperationFor(kanban, JSON.parse(envelope)));

/** The log entry of `operation`, made on `baseVersion`, with (default) or without an envelope. */
function entryOf(operation: Operation, baseVersion = 3, sealed = true): LogEntry['change'] {
  return { id: operation.id, baseVersion, operation: sealed ? seal(operation) : null };
}

const ids = (log: PendingLog) => log.entries.map((entry) => entry.change.id);

/** A store whose log removals wait until `release` is called (a slow IndexedDB). */
function slowRemovals(store: LogStore): LogStore & { release(): void } {
  const held: (() => void)[] = [];
  return {
    ...store,
    removeLogged: (id) =>
      new Promise<void>((resolve) => {
        held.push(() => {
          void store.removeLogged(id).then(resolve);
        });
      }),
    release: () => {
      for (const run of held.splice(0)) run();
    },
  };
}

describe('PendingLog.append', () => {
  it('keeps the entries in the order they were made', async () => {
    const log = new PendingLog(memoryLogStore(), open);
    const operations = [addCard(1), addCard(2), addCard(3)];
    for (const operation of operations) await log.append(entryOf(operation), operation, false);

    expect(ids(log)).toEqual(['op-1', 'op-2', 'op-3']);
    expect(log.entries.map((entry) => entry.operation)).toEqual(operations);
    expect(log.waiting).toBe(0);
  });

  it('starts the store write in the same task, before the caller awaits it', async () => {
    const store = memoryLogStore();
    const log = new PendingLog(store, open);
    const first = addCard(1);
    const second = addCard(2);

    const writes = [
      log.append(entryOf(first), first, false),
      log.append(entryOf(second), second, false),
    ];
    // A reload right now (the page closed) finds both, in order.
    expect(await store.readLog()).toEqual([
      { id: 'op-1', baseVersion: 3, operation: seal(first) },
      { id: 'op-2', baseVersion: 3, operation: seal(second) },
    ]);
    await Promise.all(writes);
  });

  it('keeps an entry in memory when the store fails, and rejects', async () => {
    const store: LogStore = {
      ...memoryLogStore(),
      appendLog: () => Promise.reject(new Error('quota exceeded')),
    };
    const log = new PendingLog(store, open);
    const operation = addCard(1);

    await expect(log.append(entryOf(operation), operation, false)).rejects.toThrow(
      'quota exceeded',
    );
    expect(ids(log)).toEqual(['op-1']);
    await log.flushed();
  });

  it('keeps an entry without an envelope in memory only', async () => {
    const store = memoryLogStore();
    const log = new PendingLog(store, open);
    const operation = addCard(1);

    await log.append(entryOf(operation, 3, false), operation, false);

    expect(ids(log)).toEqual(['op-1']);
    expect(await store.readLog()).toEqual([]);
    // A later visit does not see it.
    const later = new PendingLog(store, open);
    await later.restore();
    expect(later.entries).toEqual([]);
  });
});

describe('PendingLog.restore', () => {
  it('puts the entries of an earlier visit before those logged meanwhile, and marks them waiting', async () => {
    const store = memoryLogStore();
    const earlier = new PendingLog(store, open);
    await earlier.append(entryOf(addCard(1), 2), addCard(1), false);
    await earlier.append(entryOf(addCard(2), 2), addCard(2), false);

    const log = new PendingLog(store, open);
    // A change of this visit is logged before the persisted log has been read.
    const made = addCard(3);
    const appended = log.append(entryOf(made), made, false);
    await log.restore();
    await appended;

    expect(ids(log)).toEqual(['op-1', 'op-2', 'op-3']);
    expect(log.entries.map((entry) => entry.waiting)).toEqual([true, true, false]);
    expect(log.entries[0]?.operation).toEqual(addCard(1));
    expect(log.entries[0]?.change).toEqual({
      id: 'op-1',
      baseVersion: 2,
      operation: seal(addCard(1)),
    });
    expect(log.waiting).toBe(2);
  });

  it('reads the store once, however often it is called', async () => {
    const store = memoryLogStore();
    await new PendingLog(store, open).append(entryOf(addCard(1)), addCard(1), false);

    const log = new PendingLog(store, open);
    expect(log.restoring).toBeNull();
    const first = log.restore();
    expect(log.restore()).toBe(first);
    expect(log.restoring).toBe(first);
    await first;
    await log.restore();

    expect(ids(log)).toEqual(['op-1']);
  });

  it('reports an entry whose envelope does not open as rejected, and keeps it out of the log', async () => {
    const store = memoryLogStore();
    await store.appendLog({ id: 'op-1', baseVersion: 2, operation: seal(addCard(1)) });
    await store.appendLog({ id: 'broken', baseVersion: 2, operation: 'not an envelope' });
    await store.appendLog({ id: 'op-3', baseVersion: 2, operation: seal(addCard(3)) });

    const log = new PendingLog(store, open);
    await log.restore();

    expect(ids(log)).toEqual(['op-1', 'op-3']);
    expect(log.unapplied).toEqual([{ id: 'broken', operation: null, reason: 'rejected' }]);
    // Reported in the store before it leaves the stored log: never dropped silently.
    expect(await store.readUnapplied()).toEqual([
      { id: 'broken', operation: 'not an envelope', reason: 'rejected' },
    ]);
    expect((await store.readLog()).map((change) => change.id)).toEqual(['op-1', 'op-3']);
  });

  it('brings back the report of an earlier visit', async () => {
    const store = memoryLogStore();
    await store.addUnapplied({ id: 'op-1', operation: seal(addCard(1)), reason: 'conflict' });
    await store.addUnapplied({ id: 'gone', operation: 'no longer opens', reason: 'invalid' });

    const log = new PendingLog(store, open);
    await log.restore();

    expect(log.unapplied).toEqual([
      { id: 'op-1', operation: addCard(1), reason: 'conflict' },
      { id: 'gone', operation: null, reason: 'invalid' },
    ]);
    expect(log.entries).toEqual([]);
  });

  it('reads a store that fails as empty', async () => {
    const store: LogStore = {
      ...memoryLogStore(),
      readLog: () => Promise.reject(new Error('IndexedDB blocked')),
      readUnapplied: () => Promise.reject(new Error('IndexedDB blocked')),
    };
    const log = new PendingLog(store, open);
    const made = addCard(1);
    await log.append(entryOf(made), made, false);

    await log.restore();

    expect(ids(log)).toEqual(['op-1']);
    expect(log.unapplied).toEqual([]);
  });
});

describe('PendingLog.report', () => {
  it('stores the report, then takes the entry off the log', async () => {
    const store = memoryLogStore();
    const log = new PendingLog(store, open);
    const [first, second] = [addCard(1), addCard(2)];
    await log.append(entryOf(first), first, false);
    await log.append(entryOf(second), second, false);

    await log.report(entryOf(first), first, 'conflict', 'bo');

    expect(ids(log)).toEqual(['op-2']);
    expect(log.unapplied).toEqual([{ id: 'op-1', operation: first, reason: 'conflict', by: 'bo' }]);
    expect(await store.readUnapplied()).toEqual([
      { id: 'op-1', operation: seal(first), reason: 'conflict' },
    ]);
    expect((await store.readLog()).map((change) => change.id)).toEqual(['op-2']);
  });

  it('leaves `by` out when the author is not known', async () => {
    const log = new PendingLog(memoryLogStore(), open);
    const operation = addCard(1);
    await log.append(entryOf(operation), operation, false);

    await log.report(entryOf(operation), operation, 'rejected', null);

    expect(log.unapplied).toEqual([{ id: 'op-1', operation, reason: 'rejected' }]);
    expect(log.unapplied[0]).not.toHaveProperty('by');
  });

  it('reports an entry without an envelope in memory only', async () => {
    const store = memoryLogStore();
    const log = new PendingLog(store, open);
    const operation = addCard(1);
    await log.append(entryOf(operation, 3, false), operation, false);

    await log.report(entryOf(operation, 3, false), operation, 'invalid');

    expect(log.entries).toEqual([]);
    expect(log.unapplied).toEqual([{ id: 'op-1', operation, reason: 'invalid' }]);
    expect(await store.readUnapplied()).toEqual([]);
  });
});

describe('PendingLog.forget and dismiss', () => {
  async function reported() {
    const store = memoryLogStore();
    const log = new PendingLog(store, open);
    for (const n of [1, 2, 3]) {
      const operation = addCard(n);
      await log.append(entryOf(operation), operation, false);
      await log.report(entryOf(operation), operation, 'conflict');
    }
    return { store, log };
  }

  it('forget takes one change off the report, in memory and in the store', async () => {
    const { store, log } = await reported();

    await log.forget('op-2');

    expect(log.unapplied.map((item) => item.id)).toEqual(['op-1', 'op-3']);
    expect((await store.readUnapplied()).map((item) => item.id)).toEqual(['op-1', 'op-3']);
    // A later visit does not bring it back.
    const later = new PendingLog(store, open);
    await later.restore();
    expect(later.unapplied.map((item) => item.id)).toEqual(['op-1', 'op-3']);
  });

  it('dismiss forgets the whole report, in memory and in the store', async () => {
    const { store, log } = await reported();

    await log.dismiss();

    expect(log.unapplied).toEqual([]);
    expect(await store.readUnapplied()).toEqual([]);
  });
});

describe('PendingLog.remove, markWaiting and flushed', () => {
  it('remove takes the stored entries off, in memory at once and then in the store', async () => {
    const store = memoryLogStore();
    const log = new PendingLog(store, open);
    for (const n of [1, 2, 3]) await log.append(entryOf(addCard(n)), addCard(n), false);

    const removal = log.remove(new Set(['op-1', 'op-3']));
    expect(ids(log)).toEqual(['op-2']);
    await removal;

    expect((await store.readLog()).map((change) => change.id)).toEqual(['op-2']);
  });

  it('markWaiting marks every entry as waiting', async () => {
    const log = new PendingLog(memoryLogStore(), open);
    for (const n of [1, 2]) await log.append(entryOf(addCard(n)), addCard(n), false);
    expect(log.waiting).toBe(0);

    log.markWaiting();

    expect(log.waiting).toBe(2);
    expect(log.entries.every((entry) => entry.waiting)).toBe(true);
  });

  it('flushed resolves only after the removals started so far have reached the store', async () => {
    const store = slowRemovals(memoryLogStore());
    const log = new PendingLog(store, open);
    for (const n of [1, 2]) await log.append(entryOf(addCard(n)), addCard(n), false);
    // The push takes saved entries off without waiting for the store.
    void log.remove(new Set(['op-1']));

    let flushed = false;
    const done = log.flushed().then(() => {
      flushed = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(flushed).toBe(false);
    expect((await store.readLog()).map((change) => change.id)).toEqual(['op-1', 'op-2']);

    store.release();
    await done;
    expect((await store.readLog()).map((change) => change.id)).toEqual(['op-2']);
  });

  it('flushed resolves at once when nothing is being written', async () => {
    const log = new PendingLog(memoryLogStore(), open);
    await expect(log.flushed()).resolves.toBeUndefined();
  });
});
