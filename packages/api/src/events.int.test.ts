/**
 * The event bus across server instances on one database (spec §3 Real-time messages; events.ts).
 *
 * On PostgreSQL a second instance is a second `createDb` handle on the same database with its own
 * `EventBus`; events travel through LISTEN/NOTIFY. On PGlite there is no notifier (the database
 * lives inside the one process), so the same tests check in-process delivery instead. Each test
 * branches inside itself, so no test is skipped in either project.
 *
 * Absence is proven by order, not by waiting: NOTIFY delivers in commit order, and a local
 * publish delivers synchronously, so when a later event arrives first, the earlier one never came.
 */
import { createHash } from 'node:crypto';

import { encryptJson } from '@cipherspace/crypto';
import { createDb, type DbHandle } from '@cipherspace/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createContextFactory } from './context.ts';
import { EVENTS_CHANNEL, EventBus, type BusEvent, type NewBusEvent } from './events.ts';
import { createCaller } from './root.ts';
import { createApiHarness, type ApiHarness, type SpaceCredentials } from './testing/harness.ts';

const joined = (spaceId: string, username: string): NewBusEvent => ({
  spaceId,
  origin: null,
  payload: {
    type: 'user_joined',
    space_name: 'irrelevant',
    timestamp: new Date(0).toISOString(),
    data: { user_id: '00000000-0000-4000-8000-000000000000', username },
  },
});

/** The next event of an iterator; fails when it ends. */
async function nextEvent(iterator: AsyncIterator<BusEvent>): Promise<BusEvent> {
  const result = await iterator.next();
  if (result.done) throw new Error('the event iterator ended');
  return result.value;
}

describe('event bus across instances', () => {
  let h: ApiHarness;
  let space: SpaceCredentials;
  let spaceId: string;
  /** The second server instance: its own handle and bus on Postgres; the same ones on PGlite. */
  let second: { db: DbHandle['db']; bus: EventBus; handle: DbHandle | null };

  beforeAll(async () => {
    h = await createApiHarness();
    space = await h.createSpace();
    spaceId = await h.spaceId(space.name);
    if (h.db.notifier && h.db.url) {
      const handle = await createDb({ databaseUrl: h.db.url, migrate: false, poolSize: 2 });
      const bus = new EventBus(handle.notifier);
      await bus.start();
      await bus.start(); // idempotent: must not listen twice
      second = { db: handle.db, bus, handle };
    } else {
      second = { db: h.db.db, bus: h.bus, handle: null };
    }
  });
  afterAll(async () => {
    if (second.handle) {
      await second.bus.close();
      await second.handle.close();
    }
    await h.close();
  });

  it('has a cross-instance transport exactly on PostgreSQL', () => {
    expect(h.db.notifier === null).toBe(h.db.driver === 'pglite');
    expect(second.handle === null).toBe(h.db.driver === 'pglite');
  });

  it('delivers an event published on one instance once to subscribers of the other', async () => {
    const controller = new AbortController();
    const remote = second.bus.events(spaceId, controller.signal);
    try {
      const x = await h.bus.publish(joined(spaceId, 'x'));
      const y = await h.bus.publish(joined(spaceId, 'y'));
      // Same id and payload on arrival; X exactly once (a second listener would repeat it before Y).
      expect(await nextEvent(remote)).toEqual(x);
      expect(await nextEvent(remote)).toEqual(y);
    } finally {
      controller.abort();
    }
  });

  it('delivers an event once to local subscribers: an instance ignores its own NOTIFY echo', async () => {
    const controller = new AbortController();
    const local = h.bus.events(spaceId, controller.signal);
    try {
      const x = await h.bus.publish(joined(spaceId, 'local-x'));
      // On Postgres Y comes from the other instance through NOTIFY, after X's echo would have.
      const y = await second.bus.publish(joined(spaceId, 'remote-y'));
      expect(await nextEvent(local)).toEqual(x);
      expect(await nextEvent(local)).toEqual(y);
    } finally {
      controller.abort();
    }
  });

  it('delivers events published together to the other instance once each, in order', async () => {
    const controller = new AbortController();
    const remote = second.bus.events(spaceId, controller.signal);
    try {
      // Saves ending in the same turn of the event loop: one NOTIFY statement on PostgreSQL.
      const names = Array.from({ length: 12 }, (_, i) => `together-${i}`);
      const published = await Promise.all(
        names.map((name) => h.bus.publish(joined(spaceId, name))),
      );
      const arrived: BusEvent[] = [];
      while (arrived.length < names.length) arrived.push(await nextEvent(remote));
      expect(arrived).toEqual(published);
      // Nothing repeated: the next event is one published after them.
      const after = await h.bus.publish(joined(spaceId, 'after'));
      expect(await nextEvent(remote)).toEqual(after);
    } finally {
      controller.abort();
    }
  });

  it("keeps other spaces' events from a space's subscribers on every instance", async () => {
    const elsewhere = await h.createSpace();
    const elsewhereId = await h.spaceId(elsewhere.name);
    const controller = new AbortController();
    const remote = second.bus.events(spaceId, controller.signal);
    try {
      await h.bus.publish(joined(elsewhereId, 'other-space'));
      const mine = await h.bus.publish(joined(spaceId, 'this-space'));
      expect(await nextEvent(remote)).toEqual(mine);
    } finally {
      controller.abort();
    }
  });

  it('brings a save on one instance to a member subscribed on the other, as metadata only', async () => {
    const alice = await h.join(space, 'alice');
    const bob = await h.join(space, 'bob');
    const createSecondContext = createContextFactory({
      db: second.db,
      bus: second.bus,
      now: h.clock.now,
    });
    const controller = new AbortController();
    const stream = await createCaller(
      createSecondContext({ headers: { authorization: `Bearer ${bob.token}` } }),
      {
        signal: controller.signal,
      },
    ).realtime.onEvent({ space_name: space.name });

    // On Postgres, watch what actually crosses the wire between instances.
    const wire = payloadCollector();
    const raw = h.db.notifier ? await h.db.notifier.listen(EVENTS_CHANNEL, wire.push) : null;
    try {
      const envelope = await encryptJson({ title: 'cross-instance secret' }, space.key);
      await h
        .caller(alice.token)
        .content.save({ space_name: space.name, tool: 'kanban', encrypted_data: envelope });

      const first = await (stream as AsyncIterable<unknown>)[Symbol.asyncIterator]().next();
      expect(first.done).toBe(false);
      const [, message] = first.value as [string, unknown];
      expect(message).toEqual({
        type: 'content_update',
        space_name: space.name,
        timestamp: expect.any(String),
        data: {
          tool: 'kanban',
          version: 1,
          modified_by: 'alice',
          content_hash: createHash('sha256').update(envelope).digest('hex'),
        },
      });

      if (raw) {
        // NOTIFYs arrive in commit order: once a marker sent after the save is here, so is the save.
        await h.bus.publish(joined(spaceId, 'marker'));
        await wire.until((p) => p.includes('"marker"'));
        const saves = wire.payloads.filter((p) => p.includes('content_update'));
        expect(saves).toHaveLength(1);
        const { data, iv, salt } = JSON.parse(envelope) as Record<string, string>;
        for (const part of [envelope, data, iv, salt]) expect(saves[0]).not.toContain(part);
        expect(new TextEncoder().encode(saves[0]).length).toBeLessThan(8000);
      } else {
        expect(h.db.driver).toBe('pglite');
      }
    } finally {
      controller.abort();
      await raw?.unlisten();
    }
  });
});

/** Collects raw NOTIFY payloads; `until` resolves once one matches (woken by each arrival). */
function payloadCollector() {
  const payloads: string[] = [];
  let wake: (() => void) | null = null;
  return {
    payloads,
    push: (payload: string) => {
      payloads.push(payload);
      wake?.();
    },
    async until(match: (payload: string) => boolean): Promise<string> {
      for (;;) {
        const found = payloads.find(match);
        if (found !== undefined) return found;
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      }
    },
  };
}
