/**
 * The limits of one tRPC WebSocket (`/trpc`, socket-limits.ts and the api's subscription bound),
 * over real sockets speaking tRPC's JSON-RPC as a client library would: subscriptions per
 * connection, the deadline to authenticate, and the message rate. (The raw WebSocket's rate:
 * ws.int.test.ts.)
 */
import {
  TRPC_SUBSCRIPTIONS_PER_CONNECTION_MAX,
  WS_MESSAGE_BURST,
  WS_MESSAGES_PER_SECOND,
} from '@cipherspace/api';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

import {
  api,
  createSpaceOverRest,
  loginOverRest,
  startTestServer,
  type ClientSpace,
  type TestServer,
} from './testing.ts';

/** A tRPC answer as it travels (superjson: error and data under `json`). */
interface Answer {
  id?: unknown;
  result?: { type?: string };
  error?: { json?: { message?: string; data?: { code?: string } } };
}

/** A raw tRPC WebSocket that records every answer and its close. */
class TrpcSocket {
  readonly answers: Answer[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(readonly socket: WebSocket) {
    this.closed = new Promise((resolve) => {
      socket.once('close', (code, reason) => resolve({ code, reason: reason.toString('utf8') }));
    });
    socket.on('error', () => undefined);
    socket.on('message', (data: Buffer) => {
      const text = data.toString('utf8');
      if (text === 'PING' || text === 'PONG') return;
      this.answers.push(JSON.parse(text) as Answer);
    });
  }

  /** Opens `/trpc`; with `token`, sends it as the connection params (as `createWSClient` does). */
  static async open(server: TestServer, token?: string | null): Promise<TrpcSocket> {
    const withParams = token !== undefined;
    const socket = new WebSocket(`${server.wsUrl}/trpc${withParams ? '?connectionParams=1' : ''}`);
    // Listen before the socket opens: on a loaded machine the server's close can arrive in the
    // same read as the upgrade and be handled before an awaiting caller would resume.
    const client = new TrpcSocket(socket);
    sockets.push(client);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    if (withParams) {
      client.send({ method: 'connectionParams', data: token === null ? {} : { token } });
    }
    return client;
  }

  send(message: unknown): void {
    this.socket.send(JSON.stringify(message));
  }

  subscribe(id: number, spaceName: string): void {
    this.send({
      id,
      method: 'subscription',
      params: { path: 'realtime.onEvent', input: { json: { space_name: spaceName } } },
    });
  }

  answerTo(id: number): Answer | undefined {
    return this.answers.find((answer) => answer.id === id);
  }

  get isOpen(): boolean {
    return this.socket.readyState === WebSocket.OPEN;
  }
}

const sockets: TrpcSocket[] = [];
let server: TestServer;
let space: ClientSpace;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  space = await createSpaceOverRest(server);
  ({ token } = await loginOverRest(server, space, 'alice'));
});

afterEach(() => {
  for (const client of sockets.splice(0)) client.socket.terminate();
});

afterAll(async () => {
  await server.close();
});

const codeOf = (answer: Answer | undefined) => answer?.error?.json?.data?.code;

describe('tRPC WebSocket: subscriptions per connection', () => {
  it(`a connection holds at most ${TRPC_SUBSCRIPTIONS_PER_CONNECTION_MAX}; the extra ones get TOO_MANY_REQUESTS, a stopped one frees its slot`, async () => {
    const client = await TrpcSocket.open(server, token);
    const count = TRPC_SUBSCRIPTIONS_PER_CONNECTION_MAX + 5;
    for (let id = 1; id <= count; id++) client.subscribe(id, space.name);
    await expect
      .poll(() => client.answers.filter((answer) => typeof answer.id === 'number').length, {
        timeout: 10_000,
      })
      .toBe(count);
    const started = client.answers.filter((answer) => answer.result?.type === 'started');
    const refused = client.answers.filter((answer) => codeOf(answer) === 'TOO_MANY_REQUESTS');
    expect(started).toHaveLength(TRPC_SUBSCRIPTIONS_PER_CONNECTION_MAX);
    expect(refused).toHaveLength(count - TRPC_SUBSCRIPTIONS_PER_CONNECTION_MAX);
    expect(refused[0]?.error?.json?.message).toMatch(/^Too many subscriptions/);

    // Stopping one frees its slot; the connection itself stayed usable throughout.
    const stoppedId = started[0]?.id;
    client.send({ id: stoppedId, method: 'subscription.stop' });
    await expect
      .poll(
        () =>
          client.answers.some(
            (answer) => answer.id === stoppedId && answer.result?.type === 'stopped',
          ),
        { timeout: 5_000 },
      )
      .toBe(true);
    client.subscribe(100, space.name);
    await expect.poll(() => client.answerTo(100)?.result?.type, { timeout: 5_000 }).toBe('started');
    client.subscribe(101, space.name);
    await expect
      .poll(() => codeOf(client.answerTo(101)), { timeout: 5_000 })
      .toBe('TOO_MANY_REQUESTS');
    expect(client.isOpen).toBe(true);

    // Another connection has slots of its own.
    const other = await TrpcSocket.open(server, token);
    other.subscribe(1, space.name);
    await expect.poll(() => other.answerTo(1)?.result?.type, { timeout: 5_000 }).toBe('started');
  });
});

describe('tRPC WebSocket: the deadline to authenticate', () => {
  let quick: TestServer;
  const deadlineMs = 1_000;

  beforeAll(async () => {
    quick = await startTestServer({ config: { trpcSocketLimits: { authDeadlineMs: deadlineMs } } });
  });
  afterAll(async () => {
    await quick.close();
  });

  it('a socket without a token, or with a forged one, gets UNAUTHORIZED and close 4401', async () => {
    const quickSpace = await createSpaceOverRest(quick);
    const { token: quickToken } = await loginOverRest(quick, quickSpace, 'bob');
    const silent = await TrpcSocket.open(quick);
    const noToken = await TrpcSocket.open(quick, null);
    const forged = await TrpcSocket.open(quick, `${quickToken.slice(0, -2)}xx`);
    const member = await TrpcSocket.open(quick, quickToken);

    for (const client of [silent, noToken, forged]) {
      expect(await client.closed).toEqual({ code: 4401, reason: 'not_authenticated' });
      expect(client.answers).toContainEqual(
        expect.objectContaining({
          id: null,
          error: expect.objectContaining({
            json: expect.objectContaining({
              message: expect.stringMatching(/^Authentication required/),
              data: expect.objectContaining({ code: 'UNAUTHORIZED' }),
            }),
          }),
        }),
      );
    }
    // A member's socket outlives the deadline and works.
    await new Promise((resolve) => setTimeout(resolve, deadlineMs * 2));
    expect(member.isOpen).toBe(true);
    member.subscribe(1, quickSpace.name);
    await expect.poll(() => member.answerTo(1)?.result?.type, { timeout: 5_000 }).toBe('started');
  });
});

describe('tRPC WebSocket: the message rate of one connection', () => {
  it('a flood of calls gets TOO_MANY_REQUESTS and close 4429; at most a burst is answered', async () => {
    const client = await TrpcSocket.open(server, token);
    const call = (id: number) =>
      client.send({
        id,
        method: 'query',
        params: { path: 'no.such.procedure', input: { json: null } },
      });
    // Within the rate every call is answered.
    call(0);
    await expect.poll(() => client.answerTo(0) !== undefined, { timeout: 5_000 }).toBe(true);
    const flood = 2000;
    for (let id = 1; id <= flood; id++) call(id);
    expect(await client.closed).toEqual({ code: 4429, reason: 'rate_limited' });
    // What was answered before the close (the calls beyond the burst never reach tRPC).
    const answered = client.answers.filter((answer) => typeof answer.id === 'number');
    expect(answered.length).toBeLessThanOrEqual(1 + WS_MESSAGE_BURST + WS_MESSAGES_PER_SECOND);
    expect(client.answers).toContainEqual(
      expect.objectContaining({
        id: null,
        error: expect.objectContaining({
          json: expect.objectContaining({
            message: expect.stringMatching(/^Too many messages/),
            data: expect.objectContaining({ code: 'TOO_MANY_REQUESTS' }),
          }),
        }),
      }),
    );
  });

  it('a batch counts once per call in it', async () => {
    const client = await TrpcSocket.open(server, token);
    const batch = Array.from({ length: WS_MESSAGE_BURST + 1 }, (_, i) => ({
      id: i + 1,
      method: 'query',
      params: { path: 'no.such.procedure', input: { json: null } },
    }));
    client.send(batch);
    expect(await client.closed).toEqual({ code: 4429, reason: 'rate_limited' });
    expect(client.answers.filter((answer) => typeof answer.id === 'number')).toEqual([]);
    expect((await api(server, 'GET', '/api/health')).status).toBe(200);
  });
});
