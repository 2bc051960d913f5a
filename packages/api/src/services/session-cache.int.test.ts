/**
 * The validated-session cache with the session service (services/session-cache.ts,
 * sessions.ts) on a real database: what it serves from memory, for how long, and what drops
 * it. Sessions are created with the real service; the clock is the harness's.
 */
import { sessions } from '@cipherspace/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { SESSION_IDLE_MS } from '../constants.ts';
import { createApiHarness, type ApiHarness } from '../testing/harness.ts';
import { SESSION_CACHE_TTL_MS, SessionCache } from './session-cache.ts';
import { sessionIdFromToken, validateSessionToken } from './sessions.ts';

describe('validated-session cache', () => {
  let h: ApiHarness;
  let spaceName: string;

  beforeAll(async () => {
    h = await createApiHarness();
    const space = await h.createSpace();
    spaceName = space.name;
    await h.join(space, 'owner');
  });

  afterAll(async () => {
    await h.close();
  });

  async function freshSession(username: string) {
    const space = await h.createSpace();
    const user = await h.join(space, username);
    return {
      ...user,
      spaceId: await h.spaceId(space.name),
      sessionId: sessionIdFromToken(user.token),
    };
  }

  const rowOf = async (sessionId: string) =>
    (await h.db.db.select().from(sessions).where(eq(sessions.id, sessionId)))[0];

  it('serves a validated session from memory for SESSION_CACHE_TTL_MS, then reads the database again', async () => {
    const cache = new SessionCache(h.bus);
    const user = await freshSession('cached');
    const now = h.clock.now().getTime();
    expect(await validateSessionToken(h.db.db, user.token, new Date(now), cache)).toMatchObject({
      sessionId: user.sessionId,
    });
    expect(cache.size).toBe(1);
    // Deleted behind the cache's back (no bus event): still served from memory within the TTL…
    await h.db.db.delete(sessions).where(eq(sessions.id, user.sessionId));
    const cached = await validateSessionToken(
      h.db.db,
      user.token,
      new Date(now + SESSION_CACHE_TTL_MS - 1),
      cache,
    );
    expect(cached?.user.id).toBe(user.userId);
    // …and not a millisecond longer.
    expect(
      await validateSessionToken(h.db.db, user.token, new Date(now + SESSION_CACHE_TTL_MS), cache),
    ).toBeNull();
    expect(cache.size).toBe(0);
    cache.close();
  });

  it('refuses an expired session even while it is cached', async () => {
    const cache = new SessionCache(h.bus);
    const user = await freshSession('expiring');
    const now = h.clock.now().getTime();
    const end = new Date(now + 2_000);
    await h.db.db
      .update(sessions)
      .set({ expiresAt: end, absoluteExpiresAt: end })
      .where(eq(sessions.id, user.sessionId));
    expect(await validateSessionToken(h.db.db, user.token, new Date(now), cache)).not.toBeNull();
    expect(cache.size).toBe(1);
    expect(
      await validateSessionToken(h.db.db, user.token, new Date(now + 1_999), cache),
    ).not.toBeNull();
    expect(await validateSessionToken(h.db.db, user.token, end, cache)).toBeNull();
    // The database path deleted the expired row.
    expect(await rowOf(user.sessionId)).toBeUndefined();
    cache.close();
  });

  it('slides the expiry in the database from a cached hit too', async () => {
    const cache = new SessionCache(h.bus);
    const user = await freshSession('sliding');
    const now = h.clock.now().getTime();
    const first = await validateSessionToken(h.db.db, user.token, new Date(now), cache);
    if (!first) throw new Error('session expected');
    // The cached copy says the expiry was last written 2 minutes ago: the next hit writes it.
    const row = await rowOf(user.sessionId);
    if (!row) throw new Error('row expected');
    const stale = new Date(now + SESSION_IDLE_MS - 2 * 60_000);
    cache.set({ ...first, expiresAt: stale }, row.absoluteExpiresAt, now, cache.startLookup());
    await h.db.db.update(sessions).set({ expiresAt: stale }).where(eq(sessions.id, user.sessionId));
    const later = now + 1_000;
    const hit = await validateSessionToken(h.db.db, user.token, new Date(later), cache);
    expect(hit?.expiresAt.getTime()).toBe(later + SESSION_IDLE_MS);
    expect((await rowOf(user.sessionId))?.expiresAt.getTime()).toBe(later + SESSION_IDLE_MS);
    cache.close();
  });

  it('refuses a cached session whose row is gone when the sliding update finds nothing', async () => {
    const cache = new SessionCache(h.bus);
    const user = await freshSession('vanished');
    const now = h.clock.now().getTime();
    const first = await validateSessionToken(h.db.db, user.token, new Date(now), cache);
    const row = await rowOf(user.sessionId);
    if (!first || !row) throw new Error('session expected');
    cache.set(
      { ...first, expiresAt: new Date(now + SESSION_IDLE_MS - 2 * 60_000) },
      row.absoluteExpiresAt,
      now,
      cache.startLookup(),
    );
    await h.db.db.delete(sessions).where(eq(sessions.id, user.sessionId));
    expect(await validateSessionToken(h.db.db, user.token, new Date(now + 1), cache)).toBeNull();
    expect(cache.size).toBe(0);
    cache.close();
  });

  it('drops sessions on logout, user removal, space deletion and member changes published on the bus', async () => {
    const cache = new SessionCache(h.bus);
    const a = await freshSession('a');
    const b = await freshSession('b');
    const now = new Date(h.clock.now().getTime());
    const fill = async (...users: { token: string }[]) => {
      for (const user of users) await validateSessionToken(h.db.db, user.token, now, cache);
    };
    await fill(a, b);
    expect(cache.size).toBe(2);
    await h.bus.publish({
      spaceId: a.spaceId,
      origin: null,
      payload: { type: 'session_revoked', session_id: a.sessionId },
    });
    expect(cache.get(a.sessionId, now.getTime())).toBeNull();
    expect(cache.get(b.sessionId, now.getTime())).not.toBeNull();

    await fill(a);
    await h.bus.publish({
      spaceId: a.spaceId,
      origin: null,
      payload: { type: 'member_removed', user_id: a.userId },
    });
    expect(cache.get(a.sessionId, now.getTime())).toBeNull();

    await fill(a);
    await h.bus.publish({ spaceId: a.spaceId, origin: null, payload: { type: 'space_updated' } });
    expect(cache.get(a.sessionId, now.getTime())).toBeNull();

    await fill(a);
    await h.bus.publish({ spaceId: a.spaceId, origin: null, payload: { type: 'space_deleted' } });
    expect(cache.get(a.sessionId, now.getTime())).toBeNull();
    expect(cache.get(b.sessionId, now.getTime())).not.toBeNull();

    // Content and presence events drop nothing.
    await h.bus.publish({
      spaceId: b.spaceId,
      origin: null,
      payload: {
        type: 'user_joined',
        space_name: spaceName,
        timestamp: now.toISOString(),
        data: { user_id: b.userId, username: 'b' },
      },
    });
    expect(cache.get(b.sessionId, now.getTime())).not.toBeNull();
    cache.close();
  });

  it('does not store a look-up that was running while a session was dropped', async () => {
    const cache = new SessionCache(h.bus);
    const user = await freshSession('racing');
    const now = h.clock.now();
    const lookup = cache.startLookup();
    const auth = await validateSessionToken(h.db.db, user.token, now, null);
    const row = await rowOf(user.sessionId);
    if (!auth || !row) throw new Error('session expected');
    await h.bus.publish({
      spaceId: user.spaceId,
      origin: null,
      payload: { type: 'session_revoked', session_id: user.sessionId },
    });
    cache.set(auth, row.absoluteExpiresAt, now.getTime(), lookup);
    expect(cache.size).toBe(0);
    cache.close();
  });

  it('keeps at most maxEntries sessions, dropping the oldest', async () => {
    const cache = new SessionCache(h.bus, { maxEntries: 2 });
    const users = [
      await freshSession('one'),
      await freshSession('two'),
      await freshSession('three'),
    ];
    const now = h.clock.now();
    for (const user of users) await validateSessionToken(h.db.db, user.token, now, cache);
    expect(cache.size).toBe(2);
    const [oldest, second, third] = users.map((user) => cache.get(user.sessionId, now.getTime()));
    expect(oldest).toBeNull();
    expect(second).not.toBeNull();
    expect(third).not.toBeNull();
    cache.close();
  });

  it('makes a logout through the API refuse the token at once, though it was just used', async () => {
    const user = await freshSession('leaving');
    for (let i = 0; i < 3; i++) await h.caller(user.token).auth.session();
    await h.caller(user.token).auth.logout();
    await expect(h.caller(user.token).auth.session()).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });
});
