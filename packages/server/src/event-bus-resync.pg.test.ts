/**
 * No live update is lost silently while an instance's cross-instance connection is down: once
 * per event bus (PostgreSQL LISTEN/NOTIFY, NATS, Redis pub/sub; see testEventBuses), instance A
 * reaches the database (NOTIFY) or the broker through a TCP proxy that the test cuts, while
 * instance B saves. A's subscribers — a raw WebSocket and a tRPC `realtime.onEvent` — are told
 * `resync` when A notices the loss and again when the connection is back, and the changes call
 * then returns the version they missed. On a broker, where A can still save while cut off, B's
 * subscribers of the space A saved in are told `resync` too (those events may never have left A),
 * and those of other spaces are not.
 */
import { readFileSync } from 'node:fs';

import type { AppRouter, RealtimeEvent } from '@cipherspace/api';
import { encryptJson } from '@cipherspace/crypto';
import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

import {
  api,
  createSpaceOverRest,
  loginOverRest,
  startInstancesBehindProxy,
  type TcpProxy,
  testEventBuses,
  WsClient,
  wsUrlFor,
  type ClientSpace,
  type Instances,
  type TestServer,
  type WsMessage,
} from './testing.ts';

const p = encodeURIComponent;
/** How long a resync may take to arrive after the connection is cut or back, in ms. */
const RESYNC_WAIT_MS = 20_000;

/** The documented `resync` example (docs/websocket.md), to compare shapes with. */
const DOCUMENTED_RESYNC = ((): unknown => {
  const doc = readFileSync(new URL('../../../docs/websocket.md', import.meta.url), 'utf8');
  const section = doc.slice(doc.indexOf('#### `resync`'));
  const json = /```json\n([\s\S]*?)^```$/m.exec(section)?.[1];
  if (json === undefined) throw new Error('docs/websocket.md has no `resync` example');
  return JSON.parse(json);
})();

/** Members and value types, recursively. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shape);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, item]) => [key, shape(item)]),
    );
  }
  return value === null ? 'null' : typeof value;
}

const resync = (reason: string) => (message: WsMessage) =>
  message.type === 'resync' && message.data?.reason === reason;

/** A tRPC `realtime.onEvent` subscriber over the WebSocket of `server`, recording what it gets. */
async function trpcSubscriber(server: TestServer, space: ClientSpace, token: string) {
  const wsClient = createWSClient({
    url: `${server.wsUrl}/trpc`,
    WebSocket: WebSocket as unknown as typeof globalThis.WebSocket,
    connectionParams: () => ({ token }),
  });
  const client = createTRPCClient<AppRouter>({
    links: [wsLink({ client: wsClient, transformer: superjson })],
  });
  const received: RealtimeEvent[] = [];
  let subscription: { unsubscribe(): void } | null = null;
  await new Promise<void>((resolve, reject) => {
    subscription = client.realtime.onEvent.subscribe(
      { space_name: space.name, client_id: 'resync-test' },
      {
        onStarted: () => resolve(),
        onData: (item) => received.push(item.data),
        onError: reject,
      },
    );
  });
  return {
    received,
    async close() {
      subscription?.unsubscribe();
      await wsClient.close();
    },
  };
}

describe.each(testEventBuses())('instance A loses its %s connection', (bus) => {
  let instances: Instances;
  let proxy: TcpProxy;
  let A: TestServer;
  let B: TestServer;
  const health = async (server: TestServer) => (await api(server, 'GET', '/api/health')).body;

  beforeAll(async () => {
    ({ instances, proxy } = await startInstancesBehindProxy(bus));
    A = instances.server(0);
    B = instances.server(1);
  });

  afterAll(async () => {
    await instances.close();
    await proxy.cut();
  });

  /** Cuts A off, runs `meanwhile` while A says `reconnecting`, and lets A back in. */
  async function outage(meanwhile: () => Promise<void>): Promise<void> {
    await proxy.cut();
    try {
      await expect
        .poll(() => health(A), { timeout: RESYNC_WAIT_MS, interval: 50 })
        .toMatchObject({ realtime: 'reconnecting' });
      await meanwhile();
    } finally {
      await proxy.open();
    }
    await expect
      .poll(() => health(A), { timeout: 30_000, interval: 50 })
      .toMatchObject({ status: 'ok', realtime: 'listening' });
  }

  async function save(server: TestServer, space: ClientSpace, token: string, version: number) {
    const saved = await api(server, 'PUT', `/api/content/${p(space.name)}/kanban`, {
      token,
      body: {
        encrypted_data: await encryptJson({ version }, space.key),
        ...(version > 0 ? { metadata: { version } } : {}),
      },
    });
    expect(saved.status).toBe(200);
  }

  it("tells A's raw and tRPC subscribers to resync when cut off and when back; the changes call has what they missed", async () => {
    const space = await createSpaceOverRest(B);
    const writer = await loginOverRest(B, space, 'writer');
    const watcher = await loginOverRest(B, space, 'watcher');
    const socket = await WsClient.open(
      wsUrlFor(A, space.name, { token: watcher.token, session_id: watcher.userId }),
    );
    const trpc = await trpcSubscriber(A, space, watcher.token);
    try {
      await save(B, space, writer.token, 0);
      await socket.waitFor((m) => m.type === 'content_update' && m.data?.version === 1, {
        timeoutMs: 10_000,
        what: 'content_update of version 1',
      });

      const beforeCut = socket.messages.length;
      await outage(async () => {
        const lost = await socket.waitFor(resync('event_bus_disconnected'), {
          from: beforeCut,
          timeoutMs: RESYNC_WAIT_MS,
          what: 'resync (event_bus_disconnected)',
        });
        expect(lost.message.space_name).toBe(space.name);
        // Saved through B while A cannot hear it.
        await save(B, space, writer.token, 1);
      });

      const back = await socket.waitFor(resync('event_bus_reconnected'), {
        from: beforeCut,
        timeoutMs: RESYNC_WAIT_MS,
        what: 'resync (event_bus_reconnected)',
      });
      expect(shape(back.message)).toEqual(shape(DOCUMENTED_RESYNC));
      expect(back.message.space_name).toBe(space.name);
      // The live update of version 2 never came: the resync is what tells A's readers.
      expect(
        socket.messages.some((m) => m.type === 'content_update' && m.data?.version === 2),
      ).toBe(false);
      await expect
        .poll(() => trpc.received.map((m) => (m.type === 'resync' ? m.data.reason : m.type)))
        .toEqual(expect.arrayContaining(['event_bus_disconnected', 'event_bus_reconnected']));

      // What the reader does on a resync: the changes since the version it shows.
      const changes = await api(A, 'GET', `/api/content/${p(space.name)}/kanban/changes?since=1`, {
        token: watcher.token,
      });
      expect(changes.status).toBe(200);
      expect(changes.body).toMatchObject({
        version: 2,
        changes: [expect.objectContaining({ version: 2, modified_by: 'writer' })],
      });
      expect(socket.isOpen).toBe(true);
    } finally {
      socket.close();
      await trpc.close();
    }
  }, 90_000);

  if (bus !== 'notify') {
    it("tells B's subscribers of the spaces A saved in while cut off to resync, and no others", async () => {
      const space = await createSpaceOverRest(B);
      const other = await createSpaceOverRest(B);
      const writer = await loginOverRest(A, space, 'writer');
      const reader = await loginOverRest(B, space, 'reader');
      const bystander = await loginOverRest(B, other, 'bystander');
      const readerSocket = await WsClient.open(
        wsUrlFor(B, space.name, { token: reader.token, session_id: reader.userId }),
      );
      const bystanderSocket = await WsClient.open(
        wsUrlFor(B, other.name, { token: bystander.token, session_id: bystander.userId }),
      );
      try {
        await save(A, space, writer.token, 0);
        await readerSocket.waitFor((m) => m.type === 'content_update', {
          timeoutMs: 10_000,
          what: 'content_update of version 1',
        });

        // A's database is reachable: its save is stored, but its event may never reach B.
        await outage(() => save(A, space, writer.token, 1));

        const told = await readerSocket.waitFor(resync('event_bus_reconnected'), {
          timeoutMs: RESYNC_WAIT_MS,
          what: 'resync (event_bus_reconnected) on B',
        });
        expect(told.message.space_name).toBe(space.name);
        const changes = await api(
          B,
          'GET',
          `/api/content/${p(space.name)}/kanban/changes?since=1`,
          { token: reader.token },
        );
        expect(changes.body).toMatchObject({
          version: 2,
          changes: [expect.objectContaining({ version: 2, modified_by: 'writer' })],
        });
        // B's own connection never dropped, and A published nothing in the other space.
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect(bystanderSocket.messages.filter((m) => m.type === 'resync')).toEqual([]);
      } finally {
        readerSocket.close();
        bystanderSocket.close();
      }
    }, 90_000);
  }
});
