/**
 * Losing the cross-instance event connection and getting it back (catching up on
 * reconnect), once per event bus — PostgreSQL LISTEN/NOTIFY, NATS, Redis pub/sub (see
 * testEventBuses). Instance A reaches the database (NOTIFY) or the broker through a TCP proxy
 * that the test cuts; instance B is unaffected. While A cannot hear B, `/api/health` on A says
 * `reconnecting`; once A hears B again it says `listening`, A's subscribers have caught up (its
 * validated-session cache no longer serves a session that B ended meanwhile — although A
 * validated it moments before the cut, well within the cache's lifetime) and B's saves reach
 * A's sockets again, without a restart. On Redis the subscriber and the publisher connection are
 * also killed from the server side (`CLIENT KILL`), as a failover or an operator would.
 */
import { SESSION_CACHE_TTL_MS } from '@cipherspace/api';
import { encryptJson } from '@cipherspace/crypto';
import type { ListenState } from '@cipherspace/db';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  api,
  createSpaceOverRest,
  loginOverRest,
  sessionOn,
  startInstancesBehindProxy,
  type TcpProxy,
  testBrokerUrl,
  testEventBuses,
  WsClient,
  wsUrlFor,
  type ClientSpace,
  type Instances,
  type TestServer,
} from './testing.ts';

const p = encodeURIComponent;

describe.each(testEventBuses())('instance A loses its %s connection', (bus) => {
  let instances: Instances;
  let proxy: TcpProxy;
  let A: TestServer;
  let B: TestServer;

  beforeAll(async () => {
    ({ instances, proxy } = await startInstancesBehindProxy(bus));
    A = instances.server(0);
    B = instances.server(1);
  });

  afterAll(async () => {
    await instances.close();
    await proxy.cut();
  });

  const health = async (server: TestServer) => (await api(server, 'GET', '/api/health')).body;

  /** `saver` saves `tool` on top of `version`; `socket` (on another instance) must receive it. */
  async function saveReaches(
    saver: TestServer,
    space: ClientSpace,
    writer: { token: string },
    socket: WsClient,
    tool: string,
    version: number,
  ): Promise<void> {
    const from = socket.messages.length;
    const saved = await api(saver, 'PUT', `/api/content/${p(space.name)}/${tool}`, {
      token: writer.token,
      body: {
        encrypted_data: await encryptJson({ version }, space.key),
        ...(version > 0 ? { metadata: { version } } : {}),
      },
    });
    expect(saved.status).toBe(200);
    const { message } = await socket.waitFor(
      (m) => m.type === 'content_update' && m.data?.tool === tool,
      { from, timeoutMs: 10_000, what: `content_update of ${tool}` },
    );
    expect(message.data).toMatchObject({ version: version + 1, modified_by: 'writer' });
  }

  it('says reconnecting while cut off, listening once back; then serves no session ended meanwhile and hears live updates again', async () => {
    const space = await createSpaceOverRest(B);
    const writer = await loginOverRest(B, space, 'writer');
    const watcher = await loginOverRest(B, space, 'watcher');
    const leaver = await loginOverRest(B, space, 'leaver');
    const socket = await WsClient.open(
      wsUrlFor(A, space.name, { token: watcher.token, session_id: watcher.userId }),
    );
    await saveReaches(B, space, writer, socket, 'kanban', 0);
    expect((await sessionOn(A, leaver.token)).status).toBe(200);
    const leaverValidatedAt = Date.now();

    await proxy.cut();
    try {
      await expect
        .poll(() => health(A), { timeout: 10_000, interval: 50 })
        .toMatchObject({ status: 'degraded', realtime: 'reconnecting' });
      // B does not depend on A's connection: it ends the leaver's session and saves, and A,
      // cut off, hears neither.
      expect((await api(B, 'POST', '/api/auth/logout', { token: leaver.token })).status).toBe(204);
      const missed = await api(B, 'PUT', `/api/content/${p(space.name)}/kanban`, {
        token: writer.token,
        body: {
          encrypted_data: await encryptJson({ missed: true }, space.key),
          metadata: { version: 1 },
        },
      });
      expect(missed.status).toBe(200);
    } finally {
      await proxy.open();
    }

    await expect
      .poll(() => health(A), { timeout: 30_000, interval: 50 })
      .toMatchObject({ status: 'ok', database: 'ok', realtime: 'listening' });
    // Caught up: within the cache's lifetime of A's last look at the leaver's session, A asks the
    // database again instead of serving what it cached before it stopped hearing B.
    expect((await sessionOn(A, leaver.token)).status).toBe(401);
    expect(Date.now() - leaverValidatedAt).toBeLessThan(SESSION_CACHE_TTL_MS);
    expect(socket.isOpen).toBe(true);
    await saveReaches(B, space, writer, socket, 'kanban', 2);
    socket.close();
  }, 60_000);

  if (bus === 'redis') {
    /** Records every state of instance A's broker connections from now on. */
    async function watchStates(): Promise<{ states: ListenState[]; stop(): Promise<void> }> {
      const broker = instances.brokers[0];
      if (!broker) throw new Error('instance A has no broker');
      const states: ListenState[] = [];
      const watch = await broker.listen(
        'state-watch',
        () => undefined,
        (state) => states.push(state),
      );
      return { states, stop: () => watch.unlisten() };
    }

    /** Kills instance A's `which` connection from the Redis side (CLIENT KILL ID). */
    async function kill(which: 'subscriber' | 'publisher'): Promise<void> {
      const admin = new Redis(testBrokerUrl('redis'));
      try {
        expect(await killConnections(admin, `${instances.subjectPrefix}0`, which)).toBe(1);
      } finally {
        admin.disconnect();
      }
    }

    it('reconnects by itself when Redis kills its subscriber connection (CLIENT KILL), and says so; B is heard again', async () => {
      const watch = await watchStates();
      const space = await createSpaceOverRest(B);
      const writer = await loginOverRest(B, space, 'writer');
      const reader = await loginOverRest(B, space, 'reader');
      const socket = await WsClient.open(
        wsUrlFor(A, space.name, { token: reader.token, session_id: reader.userId }),
      );

      await kill('subscriber');
      await expect
        .poll(() => watch.states, { timeout: 10_000, interval: 20 })
        .toEqual(['listening', 'reconnecting', 'listening']);
      expect(await health(A)).toMatchObject({ status: 'ok', realtime: 'listening' });
      await saveReaches(B, space, writer, socket, 'randomizer', 0);
      socket.close();
      await watch.stop();
    });

    it('reconnects by itself when Redis kills its publisher connection, and says so; B hears A again', async () => {
      const watch = await watchStates();
      const space = await createSpaceOverRest(A);
      const writer = await loginOverRest(A, space, 'writer');
      const reader = await loginOverRest(A, space, 'reader');
      const socket = await WsClient.open(
        wsUrlFor(B, space.name, { token: reader.token, session_id: reader.userId }),
      );

      await kill('publisher');
      await expect
        .poll(() => watch.states, { timeout: 10_000, interval: 20 })
        .toEqual(['listening', 'reconnecting', 'listening']);
      await saveReaches(A, space, writer, socket, 'poker', 0);
      socket.close();
      await watch.stop();
    });
  }
});

/**
 * Kills the connections named `name` that are (`subscriber`) or are not (`publisher`) subscribed
 * to anything (CLIENT KILL ID); returns how many.
 */
async function killConnections(
  admin: Redis,
  name: string,
  which: 'subscriber' | 'publisher',
): Promise<number> {
  const list = String(await admin.call('CLIENT', 'LIST'));
  let killed = 0;
  for (const line of list.split('\n')) {
    const fields = new Map(
      line
        .trim()
        .split(' ')
        .map((field) => field.split('=', 2) as [string, string]),
    );
    const subscribed = Number(fields.get('sub') ?? 0) + Number(fields.get('psub') ?? 0) > 0;
    const id = fields.get('id');
    if (fields.get('name') !== name || subscribed !== (which === 'subscriber') || !id) continue;
    killed += Number(await admin.call('CLIENT', 'KILL', 'ID', id));
  }
  return killed;
}
