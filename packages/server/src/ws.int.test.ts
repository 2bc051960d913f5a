/**
 * The raw WebSocket `/api/ws/{spaceName}?token=…&session_id=…` (spec §3 Real-time messages,
 * §4 Real-time connection, §7) over real sockets, as a third-party client speaks it.
 *
 * "Never received" is proven by ordering, not by waiting: after the event that must not arrive
 * has been published, an event that must arrive is caused, and the first message the socket
 * receives has to be that one (the server delivers a space's events to a socket in order).
 */
import { createHash } from 'node:crypto';

import { WS_MESSAGE_BURST, WS_MESSAGES_PER_SECOND } from '@cipherspace/api';
import { deriveOperationsKey, encryptJson, encryptOperation } from '@cipherspace/crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import {
  api,
  createSpaceOverRest,
  expectUpgradeRefused,
  loginOverRest,
  startTestServer,
  trpcOverHttp,
  WsClient,
  wsUrlFor,
  type ApiTarget,
  type ClientSpace,
  type ObservedResponse,
  type TestServer,
  type WsMessage,
} from './testing.ts';

interface Session {
  token: string;
  userId: string;
}

const CLOSE_SESSION_ENDED = 4401;
const CLOSE_SPACE_DELETED = 4404;

const p = encodeURIComponent;
const rand = () => Math.random().toString(36).slice(2, 8);
const isoDate = () => expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

const observed: ObservedResponse[] = [];
let server: TestServer;
let target: ApiTarget;

/** Space X: alice (admin), bob, carol, dave. Space Y: yuri (admin). */
let X: ClientSpace;
let Y: ClientSpace;
let alice: Session;
let bob: Session;
let carol: Session;
let dave: Session;
let yuri: Session;

/** Sockets opened by the running test; closed after it. */
const open: WsClient[] = [];

async function connect(space: ClientSpace, session: Session): Promise<WsClient> {
  const client = await WsClient.open(
    wsUrlFor(server, space.name, { token: session.token, session_id: session.userId }),
  );
  open.push(client);
  return client;
}

/** Sends a heartbeat and waits for its pong: proves the socket is open and served. */
async function expectAlive(client: WsClient): Promise<void> {
  expect(client.isOpen).toBe(true);
  const from = client.messages.length;
  client.send({ type: 'heartbeat', data: { ping: Date.now() } });
  const { message } = await client.waitFor(
    (m) => m.type === 'heartbeat' && m.data?.response === 'pong',
    { from, what: 'pong' },
  );
  expect(message).toMatchObject({ type: 'heartbeat', data: { response: 'pong' } });
}

const isType = (type: string) => (m: WsMessage) => m.type === type;

beforeAll(async () => {
  server = await startTestServer();
  target = { url: server.url, onResponse: (response) => observed.push(response) };
  await Promise.all([
    (async () => {
      X = await createSpaceOverRest(target, {
        name: `Xray Ünit-Team ${rand()}`,
        key: 'Xray-Key-2024!aa',
      });
      alice = await loginOverRest(target, X, 'alice');
      [bob, carol, dave] = (await Promise.all(
        ['bob', 'carol', 'dave'].map((name) => loginOverRest(target, X, name)),
      )) as [Session, Session, Session];
    })(),
    (async () => {
      Y = await createSpaceOverRest(target, {
        name: `Yankee Side ${rand()}`,
        key: 'Yankee-Key-2024!b',
      });
      yuri = await loginOverRest(target, Y, 'yuri');
    })(),
  ]);
});

afterEach(() => {
  for (const client of open.splice(0)) client.close();
});

afterAll(async () => {
  try {
    expect(
      observed.filter((r) => r.status >= 500),
      'no 5xx responses',
    ).toEqual([]);
  } finally {
    await server.close();
  }
});

describe('raw WebSocket: messages of spec §3', () => {
  it('content_update reaches another member after a REST save, with metadata only (no ciphertext)', async () => {
    const bobWs = await connect(X, bob);
    const document = { title: 'Realtime board', cards: ['a', 'b'], secret: 'top secret text' };
    const envelope = await encryptJson(document, X.key);
    const saved = await api(target, 'PUT', `/api/content/${p(X.name)}/kanban`, {
      token: alice.token,
      body: { encrypted_data: envelope, metadata: { version: 0 } },
    });
    expect(saved.status).toBe(200);

    const { message, index } = await bobWs.waitFor(isType('content_update'), {
      what: 'content_update',
    });
    expect(message).toStrictEqual({
      type: 'content_update',
      space_name: X.name,
      timestamp: isoDate(),
      data: {
        tool: 'kanban',
        content_hash: sha256Hex(envelope),
        modified_by: 'alice',
        version: 1,
      },
    });
    // No ciphertext anywhere in the frame: not the envelope, nor any of its parts.
    const frame = bobWs.raw[index] as string;
    const parts = JSON.parse(envelope) as { data: string; iv: string; salt: string };
    expect(frame).not.toContain('encrypted_data');
    for (const part of [envelope, parts.data, parts.iv, parts.salt]) {
      expect(frame).not.toContain(part);
    }

    // The next save announces the next version and its own hash.
    const next = await encryptJson({ ...document, cards: ['a'] }, X.key);
    const second = await api(target, 'PUT', `/api/content/${p(X.name)}/kanban`, {
      token: bob.token,
      body: { encrypted_data: next, metadata: { version: 1 } },
    });
    expect(second.status).toBe(200);
    const update = await bobWs.waitFor(isType('content_update'), { from: index + 1 });
    expect(update.message.data).toStrictEqual({
      tool: 'kanban',
      content_hash: sha256Hex(next),
      modified_by: 'bob',
      version: 2,
    });
  });

  it('heartbeat {ping} is answered with {type: heartbeat, data: {response: pong}}', async () => {
    const ws = await connect(X, bob);
    ws.send({ type: 'heartbeat', data: { ping: 1234567890 } });
    const { message } = await ws.waitFor(isType('heartbeat'), { what: 'heartbeat' });
    expect(message).toStrictEqual({
      type: 'heartbeat',
      space_name: X.name,
      timestamp: isoDate(),
      data: { response: 'pong' },
    });
    // A ping without data is answered too.
    const from = ws.messages.length;
    ws.send({ type: 'heartbeat' });
    const second = await ws.waitFor(isType('heartbeat'), { from, what: 'second heartbeat' });
    expect(second.message.data).toStrictEqual({ response: 'pong' });
  });

  it('presence_update reaches the others with the sender taken from the session, and is not echoed', async () => {
    const aliceWs = await connect(X, alice);
    const bobWs = await connect(X, bob);
    const aliceFrom = aliceWs.messages.length;
    const bobFrom = bobWs.messages.length;

    // alice claims to be bob: the server must not believe it.
    aliceWs.send({
      type: 'presence_update',
      user_id: bob.userId,
      username: 'bob',
      data: { tool: 'kanban', status: 'active', user_id: bob.userId, username: 'bob' },
    });
    const { message } = await bobWs.waitFor(isType('presence_update'), {
      from: bobFrom,
      what: "alice's presence_update",
    });
    expect(message).toMatchObject({
      type: 'presence_update',
      space_name: X.name,
      timestamp: isoDate(),
      data: {
        tool: 'kanban',
        user_id: alice.userId,
        username: 'alice',
        data: { tool: 'kanban', status: 'active', last_seen: isoDate() },
      },
    });

    // bob answers (status omitted → 'active'); alice's first message must be bob's presence,
    // so her own was not echoed to her.
    bobWs.send({ type: 'presence_update', data: { tool: 'ticket' } });
    const first = await aliceWs.messageAt(aliceFrom);
    expect(first).toMatchObject({
      type: 'presence_update',
      data: {
        tool: 'ticket',
        user_id: bob.userId,
        username: 'bob',
        data: { tool: 'ticket', status: 'active' },
      },
    });
  });

  it('user_joined sent after opening reaches the others as {user_id, username} of the session, not echoed', async () => {
    const bobWs = await connect(X, bob);
    const aliceWs = await connect(X, alice);
    const aliceFrom = aliceWs.messages.length;
    const bobFrom = bobWs.messages.length;

    aliceWs.send({ type: 'user_joined', data: { user_id: carol.userId, username: 'carol' } });
    const { message } = await bobWs.waitFor(isType('user_joined'), {
      from: bobFrom,
      what: 'user_joined',
    });
    expect(message).toStrictEqual({
      type: 'user_joined',
      space_name: X.name,
      timestamp: isoDate(),
      data: { user_id: alice.userId, username: 'alice' },
    });

    bobWs.send({ type: 'user_joined' });
    expect(await aliceWs.messageAt(aliceFrom)).toMatchObject({
      type: 'user_joined',
      data: { user_id: bob.userId, username: 'bob' },
    });
  });

  it('malformed JSON → error "Failed to parse message" and the socket stays open; an unknown type → error', async () => {
    const ws = await connect(X, bob);
    let from = ws.messages.length;
    ws.send('{"type": "heartbeat", ');
    const parseError = await ws.waitFor(isType('error'), { from, what: 'parse error' });
    expect(parseError.message).toMatchObject({
      type: 'error',
      data: { error: 'Failed to parse message' },
    });
    await expectAlive(ws);

    for (const bad of [
      { type: 'dance', data: { tool: 'kanban' } },
      { data: { ping: 1 } },
      { type: 'presence_update', data: { status: 'active' } },
      ['heartbeat'],
    ]) {
      from = ws.messages.length;
      ws.send(bad);
      const error = await ws.waitFor(isType('error'), {
        from,
        what: `error for ${JSON.stringify(bad)}`,
      });
      expect(error.message).toMatchObject({ type: 'error', data: { error: expect.any(String) } });
      expect((error.message.data?.error as string).length).toBeGreaterThan(0);
    }
    await expectAlive(ws);
  });
});

describe('raw WebSocket: ordering of one client’s messages', () => {
  it('presence updates of one client reach the other members in the order they were sent', async () => {
    const aliceWs = await connect(X, alice);
    const bobWs = await connect(X, bob);
    const from = bobWs.messages.length;
    const count = 30;
    // A client that switches its status quickly: the last status it sent must be the last
    // one the others see, or they show a stale presence.
    for (let i = 0; i < count; i++) {
      aliceWs.send({ type: 'presence_update', data: { tool: 'kanban', status: `s${i}` } });
    }
    await bobWs.waitFor(() => bobWs.messages.length - from >= count, {
      from,
      what: `${count} presence updates`,
    });
    const statuses = bobWs.messages
      .slice(from, from + count)
      .map((m) => (m.data?.data as { status?: string } | undefined)?.status);
    expect(statuses).toEqual(Array.from({ length: count }, (_, i) => `s${i}`));
  });
});

describe('raw WebSocket: the message rate of one connection', () => {
  it('a presence flood gets error rate_limited and close 4429; the others receive at most a burst of it', async () => {
    // A space of its own: what the flood relays must not reach the other tests' sockets.
    const F = await createSpaceOverRest(target, { name: `Flood ${rand()}` });
    const [flooder, watcher, joiner] = (await Promise.all(
      ['fay', 'walt', 'joy'].map((name) => loginOverRest(target, F, name)),
    )) as [Session, Session, Session];
    const flooderWs = await connect(F, flooder);
    const watcherWs = await connect(F, watcher);
    const from = watcherWs.messages.length;
    const flood = 3000;
    for (let i = 0; i < flood; i++) {
      flooderWs.send({ type: 'presence_update', data: { tool: 'kanban', status: `f${i}` } });
    }
    expect(await flooderWs.waitForClose(15_000)).toEqual({ code: 4429, reason: 'rate_limited' });
    expect(flooderWs.messages.filter(isType('error'))).toEqual([
      {
        type: 'error',
        space_name: F.name,
        timestamp: isoDate(),
        data: { error: expect.stringMatching(/^Too many messages/), code: 'rate_limited' },
      },
    ]);
    const relayed = () =>
      watcherWs.messages
        .slice(from)
        .filter((m) => m.type === 'presence_update' && m.data?.username === 'fay').length;
    const joinerWs = await connect(F, joiner);
    joinerWs.send({ type: 'user_joined' });
    await watcherWs.waitFor((m) => m.type === 'user_joined' && m.data?.username === 'joy', {
      from,
      what: "joy's user_joined",
      timeoutMs: 15_000,
    });
    // What the flooder's socket had accepted may still be on its way: count once it stops.
    let settled = -1;
    await expect
      .poll(
        () => {
          const count = relayed();
          const quiet = count === settled;
          settled = count;
          return quiet;
        },
        { timeout: 15_000, interval: 1_000 },
      )
      .toBe(true);
    expect(relayed()).toBeGreaterThan(0);
    // The burst, plus what refilled while the flood arrived (well under a second here).
    expect(relayed()).toBeLessThanOrEqual(WS_MESSAGE_BURST + WS_MESSAGES_PER_SECOND);
    await expectAlive(watcherWs);
    // The flooder may connect again at once: the limit is per connection.
    await expectAlive(await connect(F, flooder));
  });
});

describe('raw WebSocket: upgrade authentication', () => {
  it.each<[string, () => { space: string; token?: string; session_id?: string }, number]>([
    ['no token', () => ({ space: X.name, session_id: bob.userId }), 401],
    [
      'a forged token',
      () => ({ space: X.name, token: 'abcdefghijklmnopqrstuvwxyz234567', session_id: bob.userId }),
      401,
    ],
    ['a malformed token', () => ({ space: X.name, token: 'nope', session_id: bob.userId }), 401],
    [
      'a token of another space',
      () => ({ space: X.name, token: yuri.token, session_id: yuri.userId }),
      403,
    ],
    [
      'the session_id of another user',
      () => ({ space: X.name, token: alice.token, session_id: bob.userId }),
      403,
    ],
    [
      'an unknown space with a valid token of another space',
      () => ({ space: `No Such Space ${rand()}`, token: alice.token, session_id: alice.userId }),
      403,
    ],
  ])('refuses the upgrade for %s', async (_label, make, status) => {
    const { space, ...query } = make();
    const refused = await expectUpgradeRefused(wsUrlFor(server, space, query));
    expect(refused.status).toBe(status);
    expect(refused.body).toStrictEqual({ detail: expect.any(String) });
  });

  it('accepts the owner of the token with their own session_id', async () => {
    const ws = await connect(X, carol);
    await expectAlive(ws);
  });

  it('answers a plain HTTP GET (no upgrade) on the socket path with a 4xx {detail}', async () => {
    const path = `/api/ws/${p(X.name)}?token=${alice.token}&session_id=${alice.userId}`;
    const res = await api(target, 'GET', path);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body).toStrictEqual({ detail: expect.any(String) });
  });
});

/** The socket URL of `session` with extra query parameters (client_id, pending, refusal). */
function urlWith(space: ClientSpace, query: Record<string, string>): string {
  return `${server.wsUrl}/api/ws/${p(space.name)}?${new URLSearchParams(query).toString()}`;
}

async function connectWith(space: ClientSpace, query: Record<string, string>): Promise<WsClient> {
  const client = await WsClient.open(urlWith(space, query));
  open.push(client);
  return client;
}

describe('raw WebSocket: the optional query parameters (client_id, pending, refusal)', () => {
  it('client_id: what the connection causes with the same client id is not echoed to it', async () => {
    const aliceWs = await connectWith(X, { token: alice.token, client_id: 'alice-tab-1' });
    const bobWs = await connect(X, bob);
    const from = aliceWs.messages.length;
    // Presence over tRPC/HTTP with alice's client id (as the web app announces it): her socket
    // must not hear it, bob's does.
    await trpcOverHttp(server, alice.token).realtime.announce.mutate({
      space_name: X.name,
      tool: 'kanban',
      client_id: 'alice-tab-1',
    });
    await bobWs.waitFor(isType('presence_update'), { what: "alice's presence" });
    bobWs.send({ type: 'presence_update', data: { tool: 'ticket' } });
    expect(await aliceWs.messageAt(from)).toMatchObject({
      type: 'presence_update',
      data: { tool: 'ticket', username: 'bob' },
    });
  });

  it('pending=1 delivers content_pending; without it the socket never gets one', async () => {
    const withPending = await connectWith(X, { token: carol.token, pending: '1' });
    const without = await connect(X, dave);
    const fromWith = withPending.messages.length;
    const fromWithout = without.messages.length;
    const operation = await encryptOperation(
      { text: 'in flight' },
      await deriveOperationsKey(X.key, X.name),
    );
    await trpcOverHttp(server, alice.token).content.propose.mutate({
      space_name: X.name,
      tool: 'diagrams',
      base_version: 0,
      operations: [operation],
      client_id: 'alice-tab-2',
    });
    expect(await withPending.messageAt(fromWith)).toMatchObject({
      type: 'content_pending',
      space_name: X.name,
      data: { tool: 'diagrams', base_version: 0, modified_by: 'alice', operations: [operation] },
    });
    // dave's next message must be the one caused after the proposal, not the proposal.
    without.send({ type: 'heartbeat', data: { ping: 1 } });
    expect(await without.messageAt(fromWithout)).toMatchObject({ type: 'heartbeat' });
  });

  it.each<[string, () => Record<string, string>, number, string]>([
    ['no token', () => ({}), 4401, 'Authentication token not available'],
    ['a forged token', () => ({ token: 'abcdefghijklmnopqrstuvwxyz234567' }), 4401, ''],
    ['a token of another space', () => ({ token: yuri.token }), 4403, ''],
    [
      'the session_id of another user',
      () => ({ token: alice.token, session_id: bob.userId }),
      4403,
      'session_id does not match the token',
    ],
    [
      'a client_id over 64 characters',
      () => ({ token: alice.token, client_id: 'x'.repeat(65) }),
      4422,
      'client_id',
    ],
  ])(
    'refusal=close: %s → the socket opens, gets one error message and closes with %i',
    async (_label, make, code, text) => {
      const ws = await connectWith(X, { ...make(), refusal: 'close' });
      const closed = await ws.waitForClose();
      expect(closed).toEqual({ code, reason: 'refused' });
      expect(ws.messages).toEqual([
        {
          type: 'error',
          space_name: X.name,
          timestamp: isoDate(),
          data: { error: expect.stringContaining(text) },
        },
      ]);
    },
  );

  it('without refusal=close, a bad client_id is a plain 422 before any upgrade', async () => {
    const refused = await expectUpgradeRefused(
      urlWith(X, { token: alice.token, client_id: 'x'.repeat(65) }),
    );
    expect(refused.status).toBe(422);
    expect(refused.body).toStrictEqual({ detail: expect.stringContaining('client_id') });
  });
});

describe('raw WebSocket: connections end with the session, the member and the space', () => {
  it('logout via REST closes that session’s socket with 4401; another session of the same user stays open', async () => {
    const other = await loginOverRest(target, X, 'dave', { register: false });
    const first = await connect(X, dave);
    const second = await connect(X, other);

    const out = await api(target, 'POST', '/api/auth/logout', { token: dave.token });
    expect(out.status).toBe(204);
    const closed = await first.waitForClose();
    expect(closed.code).toBe(CLOSE_SESSION_ENDED);
    await expectAlive(second);

    // The ended session cannot connect again.
    const refused = await expectUpgradeRefused(
      wsUrlFor(server, X.name, { token: dave.token, session_id: dave.userId }),
    );
    expect(refused.status).toBe(401);
    dave = other;
  });

  it('deleting a member (admin, REST) closes their socket with 4401; the others stay connected', async () => {
    const carolWs = await connect(X, carol);
    const bobWs = await connect(X, bob);
    const deleted = await api(target, 'DELETE', `/api/spaces/${p(X.name)}/users/${carol.userId}`, {
      token: alice.token,
    });
    expect(deleted.status).toBe(204);
    expect((await carolWs.waitForClose()).code).toBe(CLOSE_SESSION_ENDED);
    await expectAlive(bobWs);
    const refused = await expectUpgradeRefused(
      wsUrlFor(server, X.name, { token: carol.token, session_id: carol.userId }),
    );
    expect(refused.status).toBe(401);
  });

  it("members of another space never receive this space's events", async () => {
    const yuriWs = await connect(Y, yuri);
    const bobWs = await connect(X, bob);
    const aliceWs = await connect(X, alice);
    const yuriFrom = yuriWs.messages.length;
    const bobFrom = bobWs.messages.length;

    // Three kinds of events in X; bob receives them all, so they have been published. Bulletin
    // has no content in X or Y yet.
    const saved = await api(target, 'PUT', `/api/content/${p(X.name)}/bulletin`, {
      token: alice.token,
      body: { encrypted_data: await encryptJson({ x: 1 }, X.key), metadata: { version: 0 } },
    });
    expect(saved.status).toBe(200);
    aliceWs.send({ type: 'presence_update', data: { tool: 'kanban' } });
    aliceWs.send({ type: 'user_joined' });
    for (const type of ['content_update', 'presence_update', 'user_joined']) {
      await bobWs.waitFor(isType(type), { from: bobFrom, what: type });
    }

    // Then an event in Y: it must be the first message yuri's socket ever gets.
    const ySaved = await api(target, 'PUT', `/api/content/${p(Y.name)}/bulletin`, {
      token: yuri.token,
      body: { encrypted_data: await encryptJson({ y: 1 }, Y.key), metadata: { version: 0 } },
    });
    expect(ySaved.status).toBe(200);
    expect(await yuriWs.messageAt(yuriFrom)).toMatchObject({
      type: 'content_update',
      space_name: Y.name,
      data: { tool: 'bulletin', modified_by: 'yuri', version: 1 },
    });
    for (const raw of yuriWs.raw) expect(raw).not.toContain(X.name);
  });

  it('deleting the space closes all its sockets with 4404; other spaces stay connected', async () => {
    const Z = await createSpaceOverRest(target, {
      name: `Zulu Zone ${rand()}`,
      key: 'Zulu-Key-2024!zz',
    });
    const zed = await loginOverRest(target, Z, 'zed');
    const zoe = await loginOverRest(target, Z, 'zoe');
    const zedWs = await connect(Z, zed);
    const zoeWs = await connect(Z, zoe);
    const yuriWs = await connect(Y, yuri);

    const deleted = await api(target, 'DELETE', `/api/spaces/${p(Z.name)}`, { token: zed.token });
    expect(deleted.status).toBe(204);
    const [zedClosed, zoeClosed] = await Promise.all([zedWs.waitForClose(), zoeWs.waitForClose()]);
    expect(zedClosed.code).toBe(CLOSE_SPACE_DELETED);
    expect(zoeClosed.code).toBe(CLOSE_SPACE_DELETED);
    await expectAlive(yuriWs);

    const refused = await expectUpgradeRefused(
      wsUrlFor(server, Z.name, { token: zoe.token, session_id: zoe.userId }),
    );
    expect(refused.status).toBe(401);
  });

  it('a socket whose session has expired is closed with 4401 and gets no further events', async () => {
    // A second instance on the same database with a controlled clock.
    let clockMs = Date.now();
    const timed = await startTestServer({ db: server.db, now: () => new Date(clockMs) });
    try {
      const timedTarget: ApiTarget = { url: timed.url, onResponse: (r) => observed.push(r) };
      const silent = await loginOverRest(timedTarget, X, 'bob', { register: false });
      const silentWs = await WsClient.open(
        wsUrlFor(timed, X.name, { token: silent.token, session_id: silent.userId }),
      );
      open.push(silentWs);

      // 31 minutes without a request: past the 30-minute session lifetime (spec §9).
      clockMs += 31 * 60 * 1000;
      const check = await api(timedTarget, 'GET', '/api/auth/session', { token: silent.token });
      expect(check.status).toBe(401);

      // The first save of a tool without content in X.
      const writer = await loginOverRest(timedTarget, X, 'alice', { register: false });
      const saved = await api(timedTarget, 'PUT', `/api/content/${p(X.name)}/poker`, {
        token: writer.token,
        body: { encrypted_data: await encryptJson({ late: true }, X.key), metadata: {} },
      });
      expect(saved.status).toBe(200);

      // Whichever comes first: the close (expected) or the event (a leak to an expired session).
      const outcome = await Promise.race([
        silentWs.closed.then((closed) => ({ first: 'close', code: closed.code })),
        silentWs.waitFor(isType('content_update'), { what: 'content_update' }).then(
          () => ({ first: 'content_update' }),
          () => ({ first: 'nothing within 5 s' }),
        ),
      ]);
      expect(outcome).toStrictEqual({ first: 'close', code: CLOSE_SESSION_ENDED });
      expect(silentWs.messages.filter((m) => m.type === 'content_update')).toEqual([]);
    } finally {
      await timed.close();
    }
  });
});
