/**
 * Departures on the raw WebSocket (docs/websocket.md, `leave` and `user_left`): a connection
 * opened with a `client_id` that sends `leave` or closes is announced to the other members as
 * `user_left` once PRESENCE_DEPARTURE_GRACE_MS has passed — seconds, instead of the 75 s it took
 * a presence to go stale. Real sockets, on PGlite and PostgreSQL.
 */
import { PRESENCE_DEPARTURE_GRACE_MS } from '@cipherspace/api';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import {
  createSpaceOverRest,
  loginOverRest,
  startTestServer,
  WsClient,
  type ApiTarget,
  type ClientSpace,
  type TestServer,
  type WsMessage,
} from './testing.ts';

interface Session {
  token: string;
  userId: string;
}

const rand = () => Math.random().toString(36).slice(2, 8);
/** What may pass on top of the grace before the others hear of a departure, in ms. */
const DELIVERY_SLACK_MS = 1_500;

let server: TestServer;
let target: ApiTarget;
let space: ClientSpace;
let alice: Session;
let bob: Session;
const open: WsClient[] = [];

async function connect(session: Session, clientId?: string): Promise<WsClient> {
  const query = new URLSearchParams({ token: session.token });
  if (clientId !== undefined) query.set('client_id', clientId);
  const client = await WsClient.open(
    `${server.wsUrl}/api/ws/${encodeURIComponent(space.name)}?${query.toString()}`,
  );
  open.push(client);
  return client;
}

const isLeft = (m: WsMessage) => m.type === 'user_left';

beforeAll(async () => {
  server = await startTestServer();
  target = { url: server.url };
  space = await createSpaceOverRest(target, { name: `Depart ${rand()}`, key: 'Depart-Key-2024!a' });
  alice = await loginOverRest(target, space, 'alice');
  bob = await loginOverRest(target, space, 'bob');
});

afterEach(() => {
  for (const client of open.splice(0)) client.close();
});

afterAll(async () => {
  await server.close();
});

describe('raw WebSocket: a connection that ends is announced as user_left', () => {
  it('after `leave`, the others receive user_left {user_id, username, client_id} once the grace has passed', async () => {
    const bobWs = await connect(bob);
    const aliceWs = await connect(alice, 'alice-tab-leave');
    const from = bobWs.messages.length;
    const sentAt = Date.now();
    aliceWs.send({ type: 'leave' });
    const { message } = await bobWs.waitFor(isLeft, {
      from,
      timeoutMs: PRESENCE_DEPARTURE_GRACE_MS + DELIVERY_SLACK_MS,
      what: 'user_left after leave',
    });
    const tookMs = Date.now() - sentAt;
    expect(message).toStrictEqual({
      type: 'user_left',
      space_name: space.name,
      timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      data: { user_id: alice.userId, username: 'alice', client_id: 'alice-tab-leave' },
    });
    // The grace lets a reloaded tab announce itself first.
    expect(tookMs).toBeGreaterThanOrEqual(PRESENCE_DEPARTURE_GRACE_MS - 50);
    // `leave` and the close that follows it are one departure: the next message is a pong.
    aliceWs.close();
    await aliceWs.closed;
    const next = bobWs.messages.length;
    await new Promise((resolve) => setTimeout(resolve, PRESENCE_DEPARTURE_GRACE_MS + 500));
    bobWs.send({ type: 'heartbeat', data: { ping: 1 } });
    expect(await bobWs.messageAt(next)).toMatchObject({ type: 'heartbeat' });
  });

  it('a socket that closes without `leave` (a tab killed, a network gone) is announced too', async () => {
    const bobWs = await connect(bob);
    const aliceWs = await connect(alice, 'alice-tab-close');
    const from = bobWs.messages.length;
    aliceWs.socket.terminate(); // no close frame: as when a network is gone
    const { message } = await bobWs.waitFor(isLeft, {
      from,
      timeoutMs: PRESENCE_DEPARTURE_GRACE_MS + DELIVERY_SLACK_MS,
      what: 'user_left after close',
    });
    expect(message.data).toStrictEqual({
      user_id: alice.userId,
      username: 'alice',
      client_id: 'alice-tab-close',
    });
  });

  it('a socket without client_id is not announced (nobody could tell its presence apart)', async () => {
    const bobWs = await connect(bob);
    const aliceWs = await connect(alice);
    const from = bobWs.messages.length;
    aliceWs.send({ type: 'leave' });
    aliceWs.close();
    await aliceWs.closed;
    await new Promise((resolve) => setTimeout(resolve, PRESENCE_DEPARTURE_GRACE_MS + 500));
    bobWs.send({ type: 'heartbeat', data: { ping: 2 } });
    expect(await bobWs.messageAt(from)).toMatchObject({ type: 'heartbeat' });
  });
});
