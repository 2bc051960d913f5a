/**
 * The validated-session cache across two instances on one PostgreSQL database (runs in the
 * integration-postgres project only), once per event bus — NOTIFY, NATS, Redis pub/sub (see
 * testEventBuses): whatever ends a session or changes what it may do on instance 1 holds on
 * instance 2 at once, although instance 2 has just validated — and cached — the same token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  api,
  createSpaceOverRest,
  EVENT_DELIVERY_MS,
  expectRefusedSoon,
  loginOverRest,
  sessionOn,
  startInstances,
  testEventBuses,
  type Instances,
  type TestServer,
} from './testing.ts';

describe.each(testEventBuses())(
  'validated sessions cached on two instances, events over %s',
  (bus) => {
    let instances: Instances;
    let first: TestServer;
    let second: TestServer;

    beforeAll(async () => {
      instances = await startInstances(2, { bus });
      first = instances.server(0);
      second = instances.server(1);
    });

    afterAll(() => instances.close());

    it('refuses on instance 2 at once a token logged out on instance 1, though instance 2 just used it', async () => {
      const space = await createSpaceOverRest(first);
      const user = await loginOverRest(first, space, 'leaver');
      for (let i = 0; i < 3; i++) expect((await sessionOn(second, user.token)).status).toBe(200);
      expect((await api(first, 'POST', '/api/auth/logout', { token: user.token })).status).toBe(
        204,
      );
      await expectRefusedSoon(second, user.token);
      expect((await sessionOn(first, user.token)).status).toBe(401);
    });

    it('refuses on instance 2 at once the token of a user deleted on instance 1', async () => {
      const space = await createSpaceOverRest(first);
      const admin = await loginOverRest(first, space, 'owner');
      const gone = await loginOverRest(first, space, 'gone');
      expect((await sessionOn(second, gone.token)).status).toBe(200);
      const path = `/api/spaces/${encodeURIComponent(space.name)}/users/${gone.userId}`;
      expect((await api(first, 'DELETE', path, { token: admin.token })).status).toBe(204);
      await expectRefusedSoon(second, gone.token);
    });

    it('refuses on instance 2 at once every token of a space deleted on instance 1', async () => {
      const space = await createSpaceOverRest(first);
      const admin = await loginOverRest(first, space, 'owner');
      const member = await loginOverRest(first, space, 'member');
      expect((await sessionOn(second, member.token)).status).toBe(200);
      expect((await sessionOn(second, admin.token)).status).toBe(200);
      const path = `/api/spaces/${encodeURIComponent(space.name)}`;
      expect((await api(first, 'DELETE', path, { token: admin.token })).status).toBe(204);
      await expectRefusedSoon(second, member.token);
      await expectRefusedSoon(second, admin.token);
    });

    it('applies on instance 2 at once a rename and a role change made on instance 1', async () => {
      const space = await createSpaceOverRest(first);
      const admin = await loginOverRest(first, space, 'owner');
      const fay = await loginOverRest(first, space, 'fay');
      expect((await sessionOn(second, fay.token)).body).toMatchObject({
        user: { username: 'fay', role: 'member' },
      });
      const path = `/api/spaces/${encodeURIComponent(space.name)}/users/${fay.userId}`;
      expect(
        (await api(first, 'PUT', path, { token: admin.token, body: { role: 'admin' } })).status,
      ).toBe(200);
      expect(
        (await api(first, 'PUT', path, { token: fay.token, body: { username: 'Fayola' } })).status,
      ).toBe(200);
      await expect
        .poll(async () => (await sessionOn(second, fay.token)).body, {
          timeout: EVENT_DELIVERY_MS,
          interval: 5,
        })
        .toMatchObject({ user: { username: 'Fayola', role: 'admin' } });
    });
  },
);
