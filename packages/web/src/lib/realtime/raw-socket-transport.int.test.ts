/**
 * The web app's live channel (the raw WebSocket instead of tRPC's) against a
 * real server over real sockets: the RealtimeManager the tab runs, with `rawSocketTransport`
 * opening `ws` sockets where the browser opens its own `WebSocket`.
 *
 * "Never delivered" is proven by ordering: after the event that must not arrive, one that must
 * arrive is caused, and it has to be the next the tab hears (a space's events reach a socket in
 * order).
 */
import { deriveOperationsKey, encryptJson, encryptOperation } from '@cipherspace/crypto';
import {
  api,
  createSpaceOverRest,
  loginOverRest,
  startTestServer,
  trpcOverHttp,
  type ClientSpace,
  type TestServer,
} from '@cipherspace/server/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';

import { CONNECTION_PERMANENTLY_LOST, type RealtimeSignal } from './connection-machine.ts';
import { rawSocketTransport, rawSocketUrl, type SocketLike } from './raw-socket-transport.ts';
import {
  globalTimers,
  RealtimeManager,
  type RealtimeMessage,
  type RealtimeTransport,
} from './realtime-manager.ts';

const WAIT_MS = 5000;

let server: TestServer;
let space: ClientSpace;
let alice: { token: string; userId: string };
let bob: { token: string; userId: string };

beforeAll(async () => {
  server = await startTestServer();
  space = await createSpaceOverRest(server);
  alice = await loginOverRest(server, space, 'alice');
  bob = await loginOverRest(server, space, 'bob');
});

afterAll(async () => {
  await server.close();
});

/** One tab: a manager on the raw transport, recording what it hears. */
interface Tab {
  manager: RealtimeManager;
  transport: RealtimeTransport;
  messages: RealtimeMessage[];
  signals: RealtimeSignal[];
  /** The URLs of the sockets it opened. */
  urls: string[];
  next(what: string): Promise<RealtimeMessage>;
}

const tabs: Tab[] = [];

afterEach(() => {
  for (const tab of tabs.splice(0)) tab.manager.stop();
});

function openTab(token: string, clientId: string): Tab {
  const messages: RealtimeMessage[] = [];
  const signals: RealtimeSignal[] = [];
  const urls: string[] = [];
  const transport = rawSocketTransport({
    spaceName: space.name,
    clientId,
    token: () => token,
    origin: server.wsUrl,
    open: (url) => {
      urls.push(url);
      return new WebSocket(url) as unknown as SocketLike;
    },
  });
  const manager = new RealtimeManager({
    timers: globalTimers,
    onPageVisible: () => () => undefined,
    warn: () => undefined,
  });
  manager.onMessage((message) => messages.push(message));
  manager.onSignal((signal) => signals.push(signal));
  manager.start(transport);
  let read = 0;
  const tab: Tab = {
    manager,
    transport,
    messages,
    signals,
    urls,
    async next(what) {
      await expect
        .poll(() => messages.length > read, { timeout: WAIT_MS, message: what })
        .toBe(true);
      return messages[read++] as RealtimeMessage;
    },
  };
  tabs.push(tab);
  return tab;
}

async function listening(tab: Tab): Promise<void> {
  await expect.poll(() => tab.manager.isListening(), { timeout: WAIT_MS }).toBe(true);
  expect(tab.manager.getStatus()).toBe('connected');
}

/** A real encrypted operation whose plaintext is `text` (the server sees only ciphertext). */
async function operation(text: string): Promise<string> {
  return encryptOperation({ text }, await deriveOperationsKey(space.key, space.name));
}

describe('the web app live channel over the raw WebSocket', () => {
  it('connects with client_id, pending=1 and refusal=close, and hears other members saving', async () => {
    const tab = openTab(alice.token, 'tab-alice-1');
    await listening(tab);
    expect(tab.urls).toEqual([
      rawSocketUrl(server.wsUrl, space.name, { token: alice.token, clientId: 'tab-alice-1' }),
    ]);
    expect(new URL(tab.urls[0] ?? '').searchParams.toString()).toMatch(
      /^token=[a-z2-7]+&client_id=tab-alice-1&pending=1&refusal=close$/,
    );

    const saved = await api(
      server,
      'PUT',
      `/api/content/${encodeURIComponent(space.name)}/kanban`,
      {
        token: bob.token,
        body: {
          encrypted_data: await encryptJson({ cards: [] }, space.key),
          metadata: { version: 0 },
        },
      },
    );
    expect(saved.status).toBe(200);
    expect(await tab.next('content_update')).toMatchObject({
      type: 'content_update',
      space_name: space.name,
      data: { tool: 'kanban', version: 1, modified_by: 'bob' },
    });
  });

  it("delivers changes in flight (content_pending), but never the tab's own", async () => {
    const tab = openTab(alice.token, 'tab-alice-2');
    await listening(tab);
    const sent = new Map<string, string>();
    const propose = async (token: string, clientId: string, text: string) => {
      const envelope = await operation(text);
      sent.set(text, envelope);
      await trpcOverHttp(server, token).content.propose.mutate({
        space_name: space.name,
        tool: 'kanban',
        base_version: 1,
        operations: [envelope],
        client_id: clientId,
      });
    };

    await propose(alice.token, 'tab-alice-2', 'own');
    await propose(bob.token, 'tab-bob', 'bobs');
    const first = await tab.next('the first content_pending');
    expect(first).toMatchObject({
      type: 'content_pending',
      data: { tool: 'kanban', base_version: 1, modified_by: 'bob' },
    });
    expect(first.data).toMatchObject({ operations: [sent.get('bobs')] });

    // Another tab of the same member is another connection: it hears this tab's proposal.
    const other = openTab(alice.token, 'tab-alice-3');
    await listening(other);
    await propose(alice.token, 'tab-alice-2', 'to the other tab');
    expect((await other.next('content_pending of the first tab')).data).toMatchObject({
      operations: [sent.get('to the other tab')],
    });
  });

  it('leave (the page goes away): the other members hear user_left of this tab within seconds', async () => {
    const bobTab = openTab(bob.token, 'tab-bob-leave');
    const aliceTab = openTab(alice.token, 'tab-alice-leave');
    await listening(bobTab);
    await listening(aliceTab);
    const from = bobTab.messages.length;
    const leftAt = Date.now();
    aliceTab.manager.leave();
    await expect
      .poll(
        () =>
          bobTab.messages
            .slice(from)
            .find((m) => m.type === 'user_left' && m.data.client_id === 'tab-alice-leave'),
        { timeout: WAIT_MS },
      )
      .toMatchObject({ data: { user_id: alice.userId, username: 'alice' } });
    expect(Date.now() - leftAt).toBeLessThan(5_000);
  });

  it('answers the heartbeat with a pong on the same socket', async () => {
    const tab = openTab(alice.token, 'tab-alice-4');
    await listening(tab);
    await expect(tab.transport.heartbeat()).resolves.toMatchObject({
      type: 'heartbeat',
      data: { response: 'pong' },
    });
    await expect(tab.transport.heartbeat()).resolves.toMatchObject({ data: { response: 'pong' } });
  });

  it('a refused token ends the session at once: no retries, the connection is lost for good', async () => {
    const tab = openTab('a'.repeat(32), 'tab-forged');
    await expect
      .poll(() => tab.signals, { timeout: WAIT_MS })
      .toContain(CONNECTION_PERMANENTLY_LOST);
    expect(tab.manager.getStatus()).toBe('error');
    expect(tab.manager.isListening()).toBe(false);
    expect(tab.urls).toHaveLength(1);
  });

  it('a logout elsewhere ends the stream with session_ended, and the tab does not reconnect', async () => {
    const carol = await loginOverRest(server, space, 'carol');
    const tab = openTab(carol.token, 'tab-carol');
    await listening(tab);
    const out = await api(server, 'POST', '/api/auth/logout', { token: carol.token });
    expect(out.status).toBeLessThan(300);
    await expect
      .poll(() => tab.signals, { timeout: WAIT_MS })
      .toContain(CONNECTION_PERMANENTLY_LOST);
    expect(tab.urls).toHaveLength(1);
  });
});
