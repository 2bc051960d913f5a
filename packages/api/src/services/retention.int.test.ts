/**
 * Inactive-space retention against a real database (PGlite and PostgreSQL): a
 * space without a login for longer than the retention period goes with everything in it, a
 * recently used one stays, and runs that overlap (two instances) delete each space once.
 */
import { encryptJson } from '@cipherspace/crypto';
import { createDb, sessions, spaces, toolContents, users, type DbHandle } from '@cipherspace/db';
import { count, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ERROR } from '../errors.ts';
import { EventBus } from '../events.ts';
import {
  createApiHarness,
  expectTRPCError,
  type ApiHarness,
  type SpaceCredentials,
} from '../testing/harness.ts';
import { deleteInactiveSpaces, SPACE_RETENTION_BATCH_SIZE } from './retention.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('deleteInactiveSpaces', () => {
  let h: ApiHarness;
  /** A second instance: its own pool and bus on PostgreSQL; the same ones on PGlite. */
  let second: { handle: DbHandle | null; db: DbHandle['db']; bus: EventBus };

  beforeAll(async () => {
    h = await createApiHarness();
    if (h.db.url) {
      const handle = await createDb({ databaseUrl: h.db.url, migrate: false, poolSize: 2 });
      const bus = new EventBus(handle.notifier);
      await bus.start();
      second = { handle, db: handle.db, bus };
    } else {
      second = { handle: null, db: h.db.db, bus: h.bus };
    }
  });
  afterAll(async () => {
    if (second.handle) {
      await second.bus.close();
      await second.handle.close();
    }
    await h.close();
  });

  const rowsOf = async (spaceId: string) => {
    const counts: Record<string, number> = {};
    for (const [name, table] of [
      ['users', users],
      ['sessions', sessions],
      ['contents', toolContents],
    ] as const) {
      const [row] = await h.db.db
        .select({ n: count() })
        .from(table)
        .where(eq(table.spaceId, spaceId));
      counts[name] = row?.n ?? 0;
    }
    return counts;
  };

  /** A space with two members, their sessions and a saved kanban, as of the harness clock. */
  async function populatedSpace(): Promise<{
    space: SpaceCredentials;
    id: string;
    tokens: string[];
  }> {
    const space = await h.createSpace();
    const owner = await h.join(space, 'owner');
    const guest = await h.join(space, 'guest');
    await h.caller(guest.token).content.save({
      space_name: space.name,
      tool: 'kanban',
      encrypted_data: await encryptJson({ title: 'board' }, space.key),
    });
    return { space, id: await h.spaceId(space.name), tokens: [owner.token, guest.token] };
  }

  it('deletes a space nobody logged in to for longer than the period, with its users, sessions and contents, and ends its live streams', async () => {
    const old = await populatedSpace();
    const stream = await h.subscribe(old.tokens[0] ?? '', old.space.name);
    expect(await rowsOf(old.id)).toEqual({ users: 2, sessions: 2, contents: 1 });

    h.clock.advance(91 * DAY_MS);
    const recent = await populatedSpace();

    const run = await deleteInactiveSpaces(h.db.db, h.bus, {
      now: h.clock.now(),
      retentionDays: 90,
    });

    expect(run.skipped).toBe(false);
    expect(run.deletedSpaceIds).toContain(old.id);
    expect(run.deletedSpaceIds).not.toContain(recent.id);
    await expectTRPCError(
      h.caller().spaces.byName({ space_name: old.space.name }),
      'NOT_FOUND',
      ERROR.spaceNotFound,
    );
    expect(await rowsOf(old.id)).toEqual({ users: 0, sessions: 0, contents: 0 });
    expect((await stream.next()).message).toMatchObject({
      type: 'error',
      data: { code: 'space_deleted' },
    });
    await stream.ended();

    // The recent space is untouched and usable.
    expect(await rowsOf(recent.id)).toEqual({ users: 2, sessions: 2, contents: 1 });
    const kept = await h
      .caller(recent.tokens[1])
      .content.get({ space_name: recent.space.name, tool: 'kanban' });
    expect(kept.tool).toBe('kanban');
  });

  it('counts from the last login: a space created long ago but logged in to lately stays', async () => {
    const space = await h.createSpace();
    await h.join(space, 'veteran');
    const id = await h.spaceId(space.name);
    h.clock.advance(60 * DAY_MS);
    await h.login(space, 'veteran');
    h.clock.advance(60 * DAY_MS);

    const run = await deleteInactiveSpaces(h.db.db, h.bus, {
      now: h.clock.now(),
      retentionDays: 90,
    });
    expect(run.deletedSpaceIds).not.toContain(id);
    expect((await h.caller().spaces.byName({ space_name: space.name })).name).toBe(space.name);

    // 91 days after that login it goes.
    h.clock.advance(31 * DAY_MS);
    const later = await deleteInactiveSpaces(h.db.db, h.bus, {
      now: h.clock.now(),
      retentionDays: 90,
    });
    expect(later.deletedSpaceIds).toContain(id);
  });

  it('deletes each space once when two instances run at the same time, in batches', async () => {
    const total = SPACE_RETENTION_BATCH_SIZE * 2 + 17;
    const lastLoginAt = new Date(h.clock.now().getTime() - 200 * DAY_MS);
    const prefix = `Stale ${Math.random().toString(36).slice(2, 8)}`;
    await h.db.db.insert(spaces).values(
      Array.from({ length: total }, (_, i) => ({
        name: `${prefix} ${i}`,
        verifierHash: '$argon2id$unused',
        createdAt: lastLoginAt,
        lastLoginAt,
      })),
    );
    const staleIds = (
      await h.db.db
        .select({ id: spaces.id })
        .from(spaces)
        .where(like(spaces.name, `${prefix} %`))
    ).map((row) => row.id);
    expect(staleIds).toHaveLength(total);

    const options = { now: h.clock.now(), retentionDays: 90 };
    const runs = await Promise.all([
      deleteInactiveSpaces(h.db.db, h.bus, options),
      deleteInactiveSpaces(second.db, second.bus, options),
    ]);

    const deleted = runs
      .flatMap((run) => run.deletedSpaceIds)
      .filter((id) => staleIds.includes(id));
    expect(new Set(deleted).size).toBe(deleted.length);
    expect(deleted.sort()).toEqual([...staleIds].sort());
    const [left] = await h.db.db
      .select({ n: count() })
      .from(spaces)
      .where(inArray(spaces.id, staleIds));
    expect(left?.n).toBe(0);
  });

  it('refuses a period that is not a positive number of days', async () => {
    for (const retentionDays of [0, -1, 1.5]) {
      await expect(
        deleteInactiveSpaces(h.db.db, h.bus, { now: h.clock.now(), retentionDays }),
      ).rejects.toThrow(RangeError);
    }
  });
});
