/**
 * docs/websocket.md is true: every client → server example, sent verbatim over a real socket,
 * has the documented effect, and every server → client example has exactly the shape (members
 * and value types, recursively) of the message the server really sends in that situation.
 */
import { readFileSync } from 'node:fs';

import { encryptJson } from '@cipherspace/crypto';
import { WS_CLOSE } from '@cipherspace/rest-adapter';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  api,
  createSpaceOverRest,
  loginOverRest,
  startTestServer,
  WsClient,
  wsUrlFor,
  type ClientSpace,
  type TestServer,
  type WsMessage,
} from './testing.ts';

const DOC = readFileSync(new URL('../../../docs/websocket.md', import.meta.url), 'utf8');

/** The JSON examples of the doc by direction and `####` heading. */
function examples(): Map<string, unknown> {
  const result = new Map<string, unknown>();
  let direction = '';
  let heading = '';
  const pattern = /^### (.+)$|^#### (.+)$|^```json\n([\s\S]*?)^```$/gm;
  for (const match of DOC.matchAll(pattern)) {
    if (match[1] !== undefined) direction = match[1].trim();
    else if (match[2] !== undefined) heading = match[2].trim();
    else result.set(`${direction} / ${heading}`, JSON.parse(match[3] ?? ''));
  }
  return result;
}

/** Members and value types, recursively (values themselves differ: ids, times, hashes). */
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

const doc = examples();
const SERVER = 'Server → client';
const CLIENT = 'Client → server';
const example = (key: string) => {
  const value = doc.get(key);
  if (value === undefined) throw new Error(`docs/websocket.md has no example "${key}"`);
  return value as WsMessage;
};

let server: TestServer;
let space: ClientSpace;
let alice: { token: string; userId: string };
let bob: { token: string; userId: string };
const sockets: WsClient[] = [];

const connect = async (session: { token: string; userId: string }) => {
  const socket = await WsClient.open(
    wsUrlFor(server, space.name, { token: session.token, session_id: session.userId }),
  );
  sockets.push(socket);
  return socket;
};
const ofType = (type: string) => (message: WsMessage) => message.type === type;

beforeAll(async () => {
  server = await startTestServer();
  space = await createSpaceOverRest(server, { name: `Doc Team ${Date.now().toString(36)}` });
  alice = await loginOverRest(server, space, 'alice');
  bob = await loginOverRest(server, space, 'bob');
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server.close();
});

describe('docs/websocket.md', () => {
  it('has one example per message type and direction of spec §3, and of resync', () => {
    expect([...doc.keys()].sort()).toEqual(
      [
        `${CLIENT} / \`heartbeat\``,
        `${CLIENT} / \`leave\``,
        `${CLIENT} / \`presence_update\``,
        `${CLIENT} / \`user_joined\``,
        `${SERVER} / \`content_update\``,
        `${SERVER} / \`error\` (a message the server could not use)`,
        `${SERVER} / \`error\` (your access ended; the socket closes next)`,
        `${SERVER} / \`heartbeat\` (the answer to yours)`,
        `${SERVER} / \`presence_update\``,
        `${SERVER} / \`resync\``,
        `${SERVER} / \`user_joined\``,
        `${SERVER} / \`user_left\``,
      ].sort(),
    );
    for (const [key, value] of doc) {
      expect(key, 'the heading names the type').toContain(`\`${(value as WsMessage).type}\``);
    }
    for (const code of Object.values(WS_CLOSE)) expect(DOC).toContain(`| ${code} |`);
  });

  it('client examples have the documented effect; server examples match what is sent', async () => {
    const aliceWs = await connect(alice);
    const bobWs = await connect(bob);

    aliceWs.send(JSON.stringify(example(`${CLIENT} / \`user_joined\``)));
    const joined = await bobWs.waitFor(ofType('user_joined'), { what: 'user_joined' });
    expect(shape(joined.message)).toEqual(shape(example(`${SERVER} / \`user_joined\``)));
    expect(joined.message.data).toEqual({ user_id: alice.userId, username: 'alice' });

    aliceWs.send(JSON.stringify(example(`${CLIENT} / \`presence_update\``)));
    const presence = await bobWs.waitFor(ofType('presence_update'), { what: 'presence_update' });
    expect(shape(presence.message)).toEqual(shape(example(`${SERVER} / \`presence_update\``)));

    aliceWs.send(JSON.stringify(example(`${CLIENT} / \`heartbeat\``)));
    const pong = await aliceWs.waitFor(ofType('heartbeat'), { what: 'heartbeat' });
    const documentedPong = example(`${SERVER} / \`heartbeat\` (the answer to yours)`);
    expect(shape(pong.message)).toEqual(shape(documentedPong));
    expect(pong.message.data).toEqual(documentedPong.data);

    aliceWs.send(JSON.stringify({ type: 'no_such_type' }));
    const refused = await aliceWs.waitFor(ofType('error'), { what: 'error' });
    const documentedRefusal = example(`${SERVER} / \`error\` (a message the server could not use)`);
    expect(shape(refused.message)).toEqual(shape(documentedRefusal));
    expect(refused.message.data).toEqual(documentedRefusal.data);
    expect(aliceWs.isOpen).toBe(true);

    const saved = await api(
      server,
      'PUT',
      `/api/content/${encodeURIComponent(space.name)}/kanban`,
      {
        token: alice.token,
        body: { encrypted_data: await encryptJson({ title: 'Board' }, space.key), metadata: {} },
      },
    );
    expect(saved.status).toBe(200);
    const update = await bobWs.waitFor(ofType('content_update'), { what: 'content_update' });
    const documentedUpdate = example(`${SERVER} / \`content_update\``);
    expect(shape(update.message)).toEqual(shape(documentedUpdate));
    expect(documentedUpdate.data?.content_hash).toMatch(/^[0-9a-f]{64}$/);

    // A connection with a client_id leaves: the others get the documented user_left.
    const tab = await WsClient.open(
      `${server.wsUrl}/api/ws/${encodeURIComponent(space.name)}?${new URLSearchParams({
        token: alice.token,
        client_id: 'doc-tab',
      }).toString()}`,
    );
    sockets.push(tab);
    tab.send(JSON.stringify(example(`${CLIENT} / \`leave\``)));
    const left = await bobWs.waitFor(ofType('user_left'), { what: 'user_left', timeoutMs: 6_000 });
    expect(shape(left.message)).toEqual(shape(example(`${SERVER} / \`user_left\``)));
    expect(left.message.data).toEqual({
      user_id: alice.userId,
      username: 'alice',
      client_id: 'doc-tab',
    });

    // Bob logs out: his socket gets the documented last message, then closes with 4401.
    const logout = await api(server, 'POST', '/api/auth/logout', { token: bob.token });
    expect(logout.status).toBe(204);
    const ended = await bobWs.waitFor(ofType('error'), { what: 'session-ended error' });
    const documentedEnd = example(
      `${SERVER} / \`error\` (your access ended; the socket closes next)`,
    );
    expect(shape(ended.message)).toEqual(shape(documentedEnd));
    expect(ended.message.data).toEqual(documentedEnd.data);
    expect(await bobWs.waitForClose()).toEqual({
      code: WS_CLOSE.sessionEnded,
      reason: 'session_ended',
    });
  });
});
