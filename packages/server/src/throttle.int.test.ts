/**
 * Brute-force throttling against a real server with low limits: login and
 * registration per account and per IP, space creation per IP, on REST, tRPC over HTTP and tRPC
 * over the WebSocket — and no hostile body to a throttled path ever ends in a 5xx. With a REDIS_URL
 * nothing answers at, the server still starts, says so in health and throttles in memory.
 */
import type { AppRouter } from '@cipherspace/api';
import { derivePasswordVerifier, deriveSpaceNameVerifier } from '@cipherspace/crypto';
import {
  createTRPCClient,
  createWSClient,
  httpBatchLink,
  TRPCClientError,
  wsLink,
} from '@trpc/client';
import superjson from 'superjson';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

import type { RateLimits } from './config.ts';
import {
  api,
  closedPort,
  createSpaceOverRest,
  loginOverRest,
  startTestServer,
  TEST_RATE_LIMITS,
  type ClientSpace,
  type TestServer,
} from './testing.ts';

const DETAIL = /^Too many attempts\. Please try again in (\d+) seconds\.$/;

let servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});

async function serverWith(limits: Partial<RateLimits>, trustProxy = false): Promise<TestServer> {
  const server = await startTestServer({
    config: { rateLimits: { ...TEST_RATE_LIMITS, ...limits }, trustProxy },
  });
  servers.push(server);
  return server;
}

function loginBody(space: ClientSpace, username: string, password?: string) {
  return {
    space_name: space.name,
    encrypted_space_name: space.verifier,
    username,
    ...(password ? { encrypted_password: password } : {}),
  };
}

/** A REST login; returns status, body and the Retry-After header. */
async function restLogin(server: TestServer, body: unknown, headers: Record<string, string> = {}) {
  const res = await api(server, 'POST', '/api/auth/login', { body, headers });
  return { status: res.status, body: res.body, retryAfter: res.headers.get('retry-after') };
}

/** Expects a 429 whose detail names the same number of seconds as its Retry-After header. */
function expectThrottled(
  res: { status: number; body: unknown; retryAfter: string | null },
  windowSeconds: number,
) {
  expect(res.status).toBe(429);
  const detail = (res.body as { detail?: unknown }).detail;
  expect(detail).toMatch(DETAIL);
  const seconds = Number(DETAIL.exec(String(detail))?.[1]);
  expect(res.retryAfter).toBe(String(seconds));
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(windowSeconds);
}

/** A raw tRPC HTTP call: `paths` comma-joined, `body` sent exactly as given. */
async function trpcRaw(server: TestServer, pathAndQuery: string, body: string) {
  const res = await fetch(`${server.url}/trpc/${pathAndQuery}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  const text = await res.text();
  return { status: res.status, text, retryAfter: res.headers.get('retry-after') };
}

function httpClient(server: TestServer) {
  return createTRPCClient<AppRouter>({
    links: [httpBatchLink({ url: `${server.url}/trpc`, transformer: superjson })],
  });
}

describe('login and registration throttle', () => {
  it('refuses the N+1st attempt for one account with 429 and Retry-After, while another user of the same space still logs in', async () => {
    const server = await serverWith({ loginPerAccount: 3 });
    const space = await createSpaceOverRest(server);
    const right = await derivePasswordVerifier(space.key, 'right-password');
    const wrong = await derivePasswordVerifier(space.key, 'wrong-password');
    // Attempt 1: alice registers (registration and login share the account's counter).
    await loginOverRest(server, space, 'bob');
    const registered = await api(
      server,
      'POST',
      `/api/spaces/${encodeURIComponent(space.name)}/users/register`,
      {
        body: {
          username: 'alice',
          encrypted_password: right,
          encrypted_space_name: space.verifier,
        },
      },
    );
    expect(registered.status).toBe(201);
    // Attempts 2 and 3: wrong passwords.
    expect((await restLogin(server, loginBody(space, 'alice', wrong))).status).toBe(401);
    expect((await restLogin(server, loginBody(space, 'alice', wrong))).status).toBe(401);

    // Attempt 4 is refused even with the right password, and under any spelling of the name.
    expectThrottled(await restLogin(server, loginBody(space, 'alice', right)), 15 * 60);
    expectThrottled(await restLogin(server, loginBody(space, ' ALICE ', right)), 15 * 60);
    const lowerSpace = { ...space, name: space.name.toLowerCase() };
    expectThrottled(await restLogin(server, loginBody(lowerSpace, 'alice', right)), 15 * 60);

    // bob, in the same space, is not locked out.
    const bob = await restLogin(server, loginBody(space, 'bob'));
    expect(bob.status).toBe(200);
    expect(bob.retryAfter).toBeNull();
  });

  it('counts logins over REST, tRPC over HTTP and tRPC over the WebSocket together', async () => {
    const server = await serverWith({ loginPerAccount: 3 });
    const space = await createSpaceOverRest(server);
    await loginOverRest(server, space, 'carol'); // register + login: 2 attempts
    const input = loginBody(space, 'carol');

    // Attempt 3 over tRPC HTTP succeeds; attempt 4 is refused with a tRPC error.
    const client = httpClient(server);
    await expect(client.auth.login.mutate(input)).resolves.toMatchObject({
      user: { username: 'carol' },
    });
    const error = await client.auth.login.mutate(input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCClientError);
    expect((error as TRPCClientError<AppRouter>).data?.code).toBe('TOO_MANY_REQUESTS');
    expect((error as TRPCClientError<AppRouter>).data?.httpStatus).toBe(429);
    expect((error as TRPCClientError<AppRouter>).message).toMatch(DETAIL);

    // The raw batched request: 429 with Retry-After.
    const raw = await trpcRaw(server, 'auth.login?batch=1', JSON.stringify({ 0: { json: input } }));
    expect(raw.status).toBe(429);
    expect(Number(raw.retryAfter)).toBeGreaterThan(0);
    expect(raw.text).toContain('Too many attempts');

    // Over the WebSocket as well.
    const wsClient = createWSClient({
      url: `${server.wsUrl}/trpc`,
      WebSocket: WebSocket as unknown as typeof globalThis.WebSocket,
    });
    try {
      const wsTrpc = createTRPCClient<AppRouter>({
        links: [wsLink({ client: wsClient, transformer: superjson })],
      });
      const wsError = await wsTrpc.auth.login.mutate(input).catch((e: unknown) => e);
      expect(wsError).toBeInstanceOf(TRPCClientError);
      expect((wsError as TRPCClientError<AppRouter>).data?.code).toBe('TOO_MANY_REQUESTS');
      expect((wsError as TRPCClientError<AppRouter>).message).toMatch(DETAIL);
      // Queries on the same socket still work.
      await expect(wsTrpc.spaces.info.query({ space_name: space.name })).resolves.toMatchObject({
        name: space.name,
      });
    } finally {
      await wsClient.close();
    }
  });

  it('throttles tRPC registrations over the WebSocket per account (below the limit they pass)', async () => {
    const server = await serverWith({ loginPerAccount: 2 });
    const space = await createSpaceOverRest(server);
    const wsClient = createWSClient({
      url: `${server.wsUrl}/trpc`,
      WebSocket: WebSocket as unknown as typeof globalThis.WebSocket,
    });
    try {
      const wsTrpc = createTRPCClient<AppRouter>({
        links: [wsLink({ client: wsClient, transformer: superjson })],
      });
      const input = {
        space_name: space.name,
        username: 'dave',
        encrypted_space_name: space.verifier,
      };
      await expect(wsTrpc.users.register.mutate(input)).resolves.toMatchObject({
        username: 'dave',
      });
      await expect(wsTrpc.users.register.mutate(input)).rejects.toMatchObject({
        data: { code: 'CONFLICT' },
      });
      await expect(wsTrpc.users.register.mutate(input)).rejects.toMatchObject({
        data: { code: 'TOO_MANY_REQUESTS' },
      });
      await expect(
        wsTrpc.users.register.mutate({ ...input, username: 'erin' }),
      ).resolves.toMatchObject({ username: 'erin' });
    } finally {
      await wsClient.close();
    }
  });

  it('limits attempts per client IP across accounts and spaces', async () => {
    const server = await serverWith({ loginPerIp: 4 }, true);
    const space = await createSpaceOverRest(server);
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    for (const username of ['u1', 'u2', 'u3', 'u4']) {
      const res = await restLogin(server, loginBody(space, username), from('203.0.113.7'));
      expect(res.status).toBe(401); // User not found
    }
    expectThrottled(await restLogin(server, loginBody(space, 'u5'), from('203.0.113.7')), 15 * 60);
    // Registration counts against the same per-IP counter, over tRPC too.
    const batch = JSON.stringify({
      0: { json: { space_name: space.name, username: 'u6', encrypted_space_name: space.verifier } },
    });
    const trpc = await fetch(`${server.url}/trpc/users.register?batch=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...from('203.0.113.7') },
      body: batch,
    });
    expect(trpc.status).toBe(429);
    // Another client is unaffected.
    expect((await restLogin(server, loginBody(space, 'u1'), from('203.0.113.8'))).status).toBe(401);
  });

  it('with a REDIS_URL nothing answers at, starts, reports it in health and counts in memory', async () => {
    const port = await closedPort();
    const server = await startTestServer({
      config: {
        rateLimits: { ...TEST_RATE_LIMITS, loginPerAccount: 2, createPerIp: 1 },
        throttleRedis: { url: `redis://127.0.0.1:${port}`, keyPrefix: 'cipherspace-test:rl:' },
      },
    });
    servers.push(server);
    const health = await api(server, 'GET', '/api/health');
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ status: 'ok', throttle: 'redis-unreachable' });

    const space = await createSpaceOverRest(server);
    expect((await restLogin(server, loginBody(space, 'dave'))).status).toBe(401);
    expect((await restLogin(server, loginBody(space, 'dave'))).status).toBe(401);
    expectThrottled(await restLogin(server, loginBody(space, 'dave')), 15 * 60);
    const create = await api(server, 'POST', '/api/spaces/create', { body: {} });
    expect(create.status).toBe(429);
  });
});

describe('space creation throttle', () => {
  it('allows N creations per IP, then answers 429 on REST and tRPC', async () => {
    const server = await serverWith({ createPerIp: 2 });
    await createSpaceOverRest(server);
    await createSpaceOverRest(server);
    const third = await api(server, 'POST', '/api/spaces/create', {
      body: {
        space_name: 'Third Space',
        encrypted_space_name: (await uncreatedSpace('Third Space')).verifier,
      },
    });
    expectThrottled(
      { status: third.status, body: third.body, retryAfter: third.headers.get('retry-after') },
      60 * 60,
    );
    const error = await httpClient(server)
      .spaces.create.mutate({
        space_name: 'Fourth Space',
        encrypted_space_name: (await uncreatedSpace('Fourth Space')).verifier,
      })
      .catch((e: unknown) => e);
    expect((error as TRPCClientError<AppRouter>).data?.code).toBe('TOO_MANY_REQUESTS');
    // Logins are a different counter.
    const space = await uncreatedSpace('Unused');
    expect((await restLogin(server, loginBody(space, 'x'))).status).toBe(404);
  });
});

/** A space as a client would name it, without creating it. */
async function uncreatedSpace(name: string): Promise<ClientSpace> {
  const key = 'Sp4ce-Key!long-enough';
  return { name, key, verifier: await deriveSpaceNameVerifier(key, name) };
}

describe('hostile input to throttled tRPC paths', () => {
  const BODIES = [
    'null',
    '[]',
    '"text"',
    '42',
    '{}',
    '{"0":null}',
    '{"0":{"json":null}}',
    '{"0":{"json":[]}}',
    '{"0":{"json":{"space_name":5,"username":[],"encrypted_space_name":{}}}}',
    '{"0":{"json":{"space_name":"a","username":"b"},"meta":{"values":{"username":["undefined"]}}}}',
    '{"0":{"json":{"space_name":"a"},"meta":{"values":{"__proto__":["Date"]}}}}',
    '{"0":{"json":{"space_name":"a\\u0000b","username":"\\u0000"}}}',
    `{"0":{"json":{"space_name":"${'s'.repeat(100_000)}","username":"${'u'.repeat(100_000)}"}}}`,
    '{"__proto__":{"admin":true},"0":{"json":{"constructor":{"prototype":{}}}}}',
    `${'{"a":'.repeat(500)}1${'}'.repeat(500)}`,
    '{"0": ',
    '{"json":{"space_name":"a","username":"b"}}',
  ];
  const PATHS = [
    'auth.login',
    'auth.login?batch=1',
    'users.register?batch=1',
    'spaces.create?batch=1',
    'auth.login,users.register,spaces.create?batch=1',
    'auth.login,content.list?batch=1',
    'nope.nothing,auth.login?batch=1',
    '%61uth.login?batch=1',
  ];

  it('never answers 5xx, below and beyond the limits', async () => {
    const server = await serverWith({ loginPerAccount: 2, loginPerIp: 20, createPerIp: 2 });
    const failures: string[] = [];
    let throttled = 0;
    for (const path of PATHS) {
      for (const body of BODIES) {
        const res = await trpcRaw(server, path, body);
        if (res.status === 429) throttled += 1;
        // 207: a batch whose calls failed differently (tRPC's multi-status); never a success.
        const refused = res.status >= 400 || (res.status === 207 && !res.text.includes('"result"'));
        if (
          !refused ||
          res.status >= 500 ||
          /"stack"|node_modules|INTERNAL_SERVER/.test(res.text)
        ) {
          failures.push(`${path} ${body.slice(0, 60)} → ${res.status} ${res.text.slice(0, 200)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(throttled).toBeGreaterThan(0);
    // The server still serves everyone else's ordinary requests.
    expect((await api(server, 'GET', '/api/health')).status).toBe(200);
  });

  it('survives hostile WebSocket frames and keeps the socket usable', async () => {
    const server = await serverWith({ loginPerAccount: 1, loginPerIp: 3 });
    const socket = new WebSocket(`${server.wsUrl}/trpc`);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const replies: string[] = [];
    socket.on('message', (data: Buffer) => replies.push(data.toString('utf8')));
    const login = (id: number, input: unknown) =>
      JSON.stringify({ id, method: 'mutation', params: { path: 'auth.login', input } });
    const frames = [
      'PING',
      'not json',
      'null',
      '[]',
      '[null, 5, "x"]',
      JSON.stringify({ id: 1, method: 'mutation', params: null }),
      JSON.stringify({ id: 2, method: 'mutation', params: { path: 5 } }),
      login(3, null),
      login(4, { json: { space_name: 5, username: {} } }),
      login(5, { json: { space_name: 'a', username: 'b' } }),
      login(6, { json: { space_name: 'a', username: 'b' } }),
      JSON.stringify([
        { id: 7, method: 'mutation', params: { path: 'auth.login', input: { json: {} } } },
        { id: 8, method: 'query', params: { path: 'spaces.info', input: { json: {} } } },
      ]),
      JSON.stringify({
        id: 99,
        method: 'query',
        params: { path: 'spaces.info', input: { json: { space_name: 'No Such Space' } } },
      }),
    ];
    for (const frame of frames) socket.send(frame);
    const answered = () =>
      new Map(
        replies.flatMap((text): [number, string][] => {
          try {
            const parsed = JSON.parse(text) as { id?: unknown };
            return typeof parsed.id === 'number' ? [[parsed.id, text]] : [];
          } catch {
            return [];
          }
        }),
      );
    // Every well-formed call gets an answer (an error, several of them 429s).
    await expect
      .poll(() => [...answered().keys()].sort((a, b) => a - b))
      .toEqual(expect.arrayContaining([4, 5, 6, 7, 8, 99]));
    expect(answered().get(99)).toContain('NOT_FOUND');
    expect(answered().get(7)).toContain('TOO_MANY_REQUESTS');
    expect(answered().get(8)).toContain('TOO_MANY_REQUESTS');
    socket.send(login(9, { json: { space_name: 'a', username: 'c' } }));
    await expect.poll(() => answered().get(9)).toContain('TOO_MANY_REQUESTS');
    // Claiming another method does not dodge the count.
    socket.send(
      JSON.stringify({
        id: 10,
        method: 'query',
        params: { path: 'auth.login', input: { json: { space_name: 'a', username: 'd' } } },
      }),
    );
    await expect.poll(() => answered().get(10)).toContain('TOO_MANY_REQUESTS');
    expect(replies.join('\n')).not.toMatch(/"stack"|node_modules|INTERNAL_SERVER_ERROR/);
    expect(socket.readyState).toBe(WebSocket.OPEN);
    socket.close();
    expect((await api(server, 'GET', '/api/health')).status).toBe(200);
  });
});
