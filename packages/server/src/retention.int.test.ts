/**
 * The inactive-space job as the server schedules it (SPACE_RETENTION_DAYS,
 * SPACE_RETENTION_INTERVAL_MS): a space without a login for longer than the period disappears by
 * itself with its members, sessions and contents, and its open sockets are closed with 4404; a
 * space used lately stays; with SPACE_RETENTION_DAYS=0 nothing is ever deleted.
 */
import { encryptJson } from '@cipherspace/crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  api,
  createSpaceOverRest,
  loginOverRest,
  startTestServer,
  WsClient,
  wsUrlFor,
  type TestServer,
} from './testing.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const CLOSE_SPACE_DELETED = 4404;
const p = encodeURIComponent;

describe('inactive spaces are deleted by the scheduled job', () => {
  let server: TestServer;
  /** A second server on the same database with the job switched off (SPACE_RETENTION_DAYS=0). */
  let keeper: TestServer;
  let clockMs = Date.now();
  let keeperClockMs = Date.now();

  beforeAll(async () => {
    server = await startTestServer({
      now: () => new Date(clockMs),
      config: { spaceRetentionDays: 90, spaceRetentionIntervalMs: 1000 },
    });
    keeper = await startTestServer({
      db: server.db,
      now: () => new Date(keeperClockMs),
      config: { spaceRetentionDays: 0, spaceRetentionIntervalMs: 1000 },
    });
  });
  afterAll(async () => {
    await keeper.close();
    await server.close();
  });

  it('removes a space 90 days after its last login with everything in it; a space used lately stays', async () => {
    const old = await createSpaceOverRest(server);
    const owner = await loginOverRest(server, old, 'owner');
    const saved = await api(server, 'PUT', `/api/content/${p(old.name)}/kanban`, {
      token: owner.token,
      body: { encrypted_data: await encryptJson({ title: 'old board' }, old.key) },
    });
    expect(saved.status).toBe(200);
    const socket = await WsClient.open(
      wsUrlFor(server, old.name, { token: owner.token, session_id: owner.userId }),
    );

    // Another server with the job off sees the same data age and deletes nothing.
    keeperClockMs += 91 * DAY_MS;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect((await api(keeper, 'GET', `/api/spaces/${p(old.name)}`)).status).toBe(200);

    clockMs += 89 * DAY_MS;
    const recent = await createSpaceOverRest(server);
    const member = await loginOverRest(server, recent, 'member');
    clockMs += 2 * DAY_MS; // 91 days after the old space's last login, 2 after the recent one's

    await expect
      .poll(async () => (await api(server, 'GET', `/api/spaces/${p(old.name)}`)).status, {
        timeout: 15_000,
        interval: 250,
      })
      .toBe(404);
    expect((await socket.waitForClose(10_000)).code).toBe(CLOSE_SPACE_DELETED);
    expect((await api(server, 'GET', '/api/auth/session', { token: owner.token })).status).toBe(
      401,
    );
    // A space of the same name can be created again: nothing of the old one is left over.
    const reborn = await api(server, 'POST', '/api/spaces/create', {
      body: { space_name: old.name, encrypted_space_name: old.verifier },
    });
    expect(reborn.status).toBe(201);
    expect((await api(server, 'GET', `/api/spaces/${p(old.name)}/info`)).body).toMatchObject({
      is_first_user_registration: true,
    });

    // The recent space is intact: its member logs in again and finds the same account.
    expect((await api(server, 'GET', `/api/spaces/${p(recent.name)}`)).status).toBe(200);
    const again = await loginOverRest(server, recent, 'member', { register: false });
    expect(again.userId).toBe(member.userId);
  });
});
