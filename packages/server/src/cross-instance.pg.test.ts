/**
 * Two server instances on one PostgreSQL database (PGlite is embedded in one process, so this
 * runs in the integration-postgres project only): what one instance saves reaches the sockets
 * and tRPC subscriptions of the other through LISTEN/NOTIFY, and a session created on one
 * instance is good on the other (sessions live in the database; no sticky sessions needed).
 */
import type { AppRouter } from '@cipherspace/api';
import { encryptJson } from '@cipherspace/crypto';
import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

import {
  api,
  createSpaceOverRest,
  loginOverRest,
  startTwoInstances,
  type TestServer,
  type TwoInstances,
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

describe('two server instances on one PostgreSQL database', () => {
  let instances: TwoInstances;
  let first: TestServer;
  let second: TestServer;

  beforeAll(async () => {
    instances = await startTwoInstances();
    ({ first, second } = instances);
  });

  afterAll(() => instances.close());

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

    const saved = await api(first, 'PUT', `/api/content/${encodeURIComponent(space.name)}/kanban`, {
      token: writer.token,
      body: { encrypted_data: await encryptJson({ cards: [] }, space.key) },
    });
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
