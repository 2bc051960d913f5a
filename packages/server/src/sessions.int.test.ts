/**
 * Sessions as the server keeps them (spec §9 session token lifetime): only the
 * token's SHA-256 is stored, and the server's own periodic cleanup deletes expired sessions
 * without anyone touching them, while live ones stay. (Sliding and absolute expiry, logout, user
 * and space deletion are proven in the api's auth/users/spaces tests and rest.int.test.ts.)
 */
import { createHash } from 'node:crypto';

import { sessions } from '@cipherspace/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  api,
  createSpaceOverRest,
  loginOverRest,
  startTestServer,
  type ClientSpace,
  type TestServer,
} from './testing.ts';

const MINUTE_MS = 60 * 1000;
const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('sessions kept by the server', () => {
  let server: TestServer;
  let space: ClientSpace;
  let clockMs = Date.now();

  beforeAll(async () => {
    server = await startTestServer({
      now: () => new Date(clockMs),
      config: { sessionCleanupIntervalMs: 1000 },
    });
    space = await createSpaceOverRest(server);
  });
  afterAll(async () => {
    await server.close();
  });

  const storedIds = async () =>
    (await server.db.db.select({ id: sessions.id }).from(sessions)).map((row) => row.id);

  it('stores only the SHA-256 of a token issued over REST', async () => {
    const { token } = await loginOverRest(server, space, 'hashed');
    const rows = await server.db.db.select().from(sessions);
    expect(rows.map((row) => row.id)).toContain(sha256Hex(token));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('deletes sessions idle for 30 minutes by itself, every SESSION_CLEANUP_INTERVAL_MS, and keeps live ones', async () => {
    const stale = await loginOverRest(server, space, 'stale');
    expect(await storedIds()).toContain(sha256Hex(stale.token));
    clockMs += 31 * MINUTE_MS;
    const live = await loginOverRest(server, space, 'live');

    // Nobody uses the stale token: only the cleanup can remove its row.
    await expect
      .poll(storedIds, { timeout: 15_000, interval: 200 })
      .not.toContain(sha256Hex(stale.token));
    expect(await storedIds()).toContain(sha256Hex(live.token));
    expect((await api(server, 'GET', '/api/auth/session', { token: live.token })).status).toBe(200);
    expect((await api(server, 'GET', '/api/auth/session', { token: stale.token })).status).toBe(
      401,
    );
  });
});
