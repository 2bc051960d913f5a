/**
 * Two and three server instances on one PostgreSQL database (PGlite is embedded in one process,
 * so this runs in the integration-postgres project only), once per event bus: PostgreSQL
 * LISTEN/NOTIFY, NATS and Redis pub/sub (the brokers when TEST_NATS_URL /
 * TEST_REDIS_URL name one, see testEventBuses). What one instance saves reaches the sockets and
 * tRPC subscriptions of the others; a session created on one instance is good on every other
 * (sessions live in the database; no sticky sessions needed); a logout and a space deletion on
 * one instance end the sockets and sessions on every instance.
 */
import { WS_CLOSE } from '@cipherspace/rest-adapter';
import type { AppRouter } from '@cipherspace/api';
import { encryptJson } from '@cipherspace/crypto';
import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

import {
  api,
  createSpaceOverRest,
  expectRefusedSoon,
  loginOverRest,
  sessionOn,
  startInstances,
  testEventBuses,
  WsClient,
  wsUrlFor,
  type Instances,
  type TestServer,
} from './testing.ts';

function nextMessage(
  socket: WebSocket,
  type: string,
  timeoutMs = 10_000,
): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no ${type} within ${timeoutMs} ms`)),
      timeoutMs,
    );
    socket.on('message', (raw: Buffer) => {
      const message = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
      if (message.type === type) {
        clearTimeout(timer);
        resolve(message);
      }
    });
  });
}

describe.each(testEventBuses())(
  'server instances on one PostgreSQL database, events over %s',
  (bus) => {
    describe('two instances', () => {
      let instances: Instances;
      let first: TestServer;
      let second: TestServer;

      beforeAll(async () => {
        instances = await startInstances(2, { bus });
        first = instances.server(0);
        second = instances.server(1);
      });

      afterAll(() => instances.close());

      it('reports its event bus in /api/health', async () => {
        for (const server of [first, second]) {
          const health = await api(server, 'GET', '/api/health');
          expect({ status: health.status, body: health.body }).toMatchObject({
            status: 200,
            body: {
              status: 'ok',
              realtime: 'listening',
              event_bus: bus === 'notify' ? 'postgres' : bus,
            },
          });
        }
      });

      it('delivers a save on instance 1 to a raw socket on instance 2, exactly once', async () => {
        const space = await createSpaceOverRest(first);
        const writer = await loginOverRest(first, space, 'writer');
        // The reader logs in on the other instance: sessions live in the shared database.
        const reader = await loginOverRest(second, space, 'reader');
        const socket = new WebSocket(
          `${second.wsUrl}/api/ws/${encodeURIComponent(space.name)}?token=${reader.token}&session_id=${reader.userId}`,
        );
        await new Promise((resolve, reject) => {
          socket.once('open', resolve);
          socket.once('error', reject);
        });
        const received: Record<string, unknown>[] = [];
        socket.on('message', (raw: Buffer) =>
          received.push(JSON.parse(raw.toString('utf8')) as Record<string, unknown>),
        );
        const update = nextMessage(socket, 'content_update');

        const saved = await api(
          first,
          'PUT',
          `/api/content/${encodeURIComponent(space.name)}/kanban`,
          {
            token: writer.token,
            body: { encrypted_data: await encryptJson({ cards: [] }, space.key) },
          },
        );
        expect(saved.status).toBe(200);
        expect(await update).toMatchObject({
          type: 'content_update',
          space_name: space.name,
          data: { tool: 'kanban', version: 1, modified_by: 'writer' },
        });

        // A second save proves ordering and that the first was not delivered twice.
        const again = nextMessage(socket, 'content_update');
        await api(first, 'PUT', `/api/content/${encodeURIComponent(space.name)}/kanban`, {
          token: writer.token,
          body: {
            encrypted_data: await encryptJson({ cards: [1] }, space.key),
            metadata: { version: 1 },
          },
        });
        expect(await again).toMatchObject({ data: { version: 2 } });
        expect(
          received
            .filter((m) => m.type === 'content_update')
            .map((m) => (m.data as { version: number }).version),
        ).toEqual([1, 2]);
        socket.close();
      });

      it('delivers a save on instance 1 to a tRPC subscription on instance 2, with a session created on instance 1', async () => {
        const space = await createSpaceOverRest(first);
        const writer = await loginOverRest(first, space, 'writer');
        // Both sessions are created on instance 1; the subscriber uses its token on instance 2.
        const reader = await loginOverRest(first, space, 'reader');
        expect(
          (await api(second, 'GET', '/api/auth/session', { token: reader.token })).body,
        ).toMatchObject({ user: { id: reader.userId, username: 'reader' } });

        const wsClient = createWSClient({
          url: `${second.wsUrl}/trpc`,
          WebSocket: WebSocket as unknown as typeof globalThis.WebSocket,
          connectionParams: () => ({ token: reader.token }),
        });
        const client = createTRPCClient<AppRouter>({
          links: [wsLink({ client: wsClient, transformer: superjson })],
        });
        try {
          const received = new Promise<unknown>((resolve, reject) => {
            const subscription = client.realtime.onEvent.subscribe(
              { space_name: space.name },
              {
                onStarted: () => {
                  void (async () => {
                    const saved = await api(
                      first,
                      'PUT',
                      `/api/content/${encodeURIComponent(space.name)}/ticket-system`,
                      {
                        token: writer.token,
                        body: { encrypted_data: await encryptJson({ issues: [] }, space.key) },
                      },
                    );
                    if (saved.status !== 200) reject(new Error(`save answered ${saved.status}`));
                  })().catch(reject);
                },
                onData: (event) => {
                  if (event.data.type !== 'content_update') return;
                  subscription.unsubscribe();
                  resolve(event.data);
                },
                onError: reject,
              },
            );
            setTimeout(() => reject(new Error('no content_update within 15 s')), 15_000).unref();
          });
          expect(await received).toMatchObject({
            type: 'content_update',
            space_name: space.name,
            data: { tool: 'ticket-system', version: 1, modified_by: 'writer' },
          });
        } finally {
          await wsClient.close();
        }
      });
    });

    describe('three instances', () => {
      let instances: Instances;
      let servers: TestServer[];

      beforeAll(async () => {
        instances = await startInstances(3, { bus });
        servers = [0, 1, 2].map((i) => instances.server(i));
      });

      afterAll(() => instances.close());

      /** A raw socket of `member` on every instance. */
      const socketsOnEvery = (spaceName: string, member: { token: string; userId: string }) =>
        Promise.all(
          servers.map((server) =>
            WsClient.open(
              wsUrlFor(server, spaceName, { token: member.token, session_id: member.userId }),
            ),
          ),
        );

      it('takes a session made on one instance on every other, and delivers a save on any instance to sockets on all three, once each', async () => {
        const space = await createSpaceOverRest(instances.server(0));
        const reader = await loginOverRest(instances.server(0), space, 'reader');
        const writer = await loginOverRest(instances.server(2), space, 'writer');
        for (const server of servers) {
          expect((await sessionOn(server, reader.token)).body).toMatchObject({
            user: { id: reader.userId, username: 'reader' },
          });
        }
        const sockets = await socketsOnEvery(space.name, reader);
        // Each instance saves once, in turn: every socket sees versions 1, 2, 3 in order, once each.
        for (const [index, server] of servers.entries()) {
          const saved = await api(
            server,
            'PUT',
            `/api/content/${encodeURIComponent(space.name)}/kanban`,
            {
              token: writer.token,
              body: {
                encrypted_data: await encryptJson({ saved_on: index }, space.key),
                ...(index > 0 ? { metadata: { version: index } } : {}),
              },
            },
          );
          expect(saved.status).toBe(200);
        }
        for (const socket of sockets) {
          await socket.waitFor((m) => m.type === 'content_update' && m.data?.version === 3, {
            what: 'content_update version 3',
          });
          expect(
            socket.messages.filter((m) => m.type === 'content_update').map((m) => m.data?.version),
          ).toEqual([1, 2, 3]);
          socket.close();
        }
      });

      it('ends a session logged out on one instance on every instance: its sockets close with 4401 and its token is refused, though each instance had just used it', async () => {
        const space = await createSpaceOverRest(instances.server(0));
        const leaver = await loginOverRest(instances.server(0), space, 'leaver');
        const stayer = await loginOverRest(instances.server(1), space, 'stayer');
        for (const server of servers)
          expect((await sessionOn(server, leaver.token)).status).toBe(200);
        const leaving = await socketsOnEvery(space.name, leaver);
        const staying = await socketsOnEvery(space.name, stayer);

        const logout = await api(instances.server(2), 'POST', '/api/auth/logout', {
          token: leaver.token,
        });
        expect(logout.status).toBe(204);
        for (const socket of leaving) {
          expect((await socket.waitForClose()).code).toBe(WS_CLOSE.sessionEnded);
        }
        for (const server of servers) await expectRefusedSoon(server, leaver.token);
        for (const server of servers)
          expect((await sessionOn(server, stayer.token)).status).toBe(200);
        expect(staying.every((socket) => socket.isOpen)).toBe(true);
        for (const socket of staying) socket.close();
      });

      it('ends every socket and session of a space deleted on one instance, on every instance', async () => {
        const space = await createSpaceOverRest(instances.server(0));
        const admin = await loginOverRest(instances.server(0), space, 'owner');
        const member = await loginOverRest(instances.server(2), space, 'member');
        for (const server of servers)
          expect((await sessionOn(server, member.token)).status).toBe(200);
        const sockets = await socketsOnEvery(space.name, member);

        const deleted = await api(
          instances.server(1),
          'DELETE',
          `/api/spaces/${encodeURIComponent(space.name)}`,
          { token: admin.token },
        );
        expect(deleted.status).toBe(204);
        for (const socket of sockets) {
          expect((await socket.waitForClose()).code).toBe(WS_CLOSE.spaceDeleted);
        }
        for (const server of servers) {
          await expectRefusedSoon(server, member.token);
          await expectRefusedSoon(server, admin.token);
        }
      });
    });
  },
);
