/**
 * Every status the served OpenAPI document promises is one the server really answers: for each
 * documented path, method and response status of `GET /api/openapi.json`, a real request over a
 * real socket provokes that status, and the answer must be exactly it — with a `{detail}` body
 * for an error. The table is read from the served document, so a newly documented status without
 * a case here fails (`no case`); statuses no request can provoke against a healthy server are in
 * NOT_PROVOKED, each with its reason. The other way round, every answer seen here goes through
 * the contract check of `api()` (testing.ts): a status the operation does not document, or a body
 * that breaks its schema, fails the case.
 *
 * Cases are generic where the cause follows from the operation's shape (a malformed body → 400,
 * no token → 401, another space's token → 403, 17 KiB → 413, text/plain → 415, a control
 * character in the space name → 422) and specific where it is the route's own (404, 409, 429,
 * the successes, the WebSocket's 101/426).
 */
import { randomUUID } from 'node:crypto';

import { deriveSpaceNameVerifier, encryptJson } from '@cipherspace/crypto';
import { ApiContract } from '@cipherspace/rest-adapter/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  api,
  createSpaceOverRest,
  expectUpgradeRefused,
  loginOverRest,
  startTestServer,
  TEST_RATE_LIMITS,
  WsClient,
  type ClientSpace,
  type TestServer,
} from './testing.ts';

/** Documented statuses no request can provoke against a healthy test server, with the reason. */
const NOT_PROVOKED: Record<number, string> = {
  503:
    'needs the database unreachable or restarting; faults.pg.test.ts and faults-sigkill ' +
    'provoke it by stopping the database, which this file cannot do to a shared server',
};

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';

interface Operation {
  security?: Record<string, string[]>[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
}

interface Documented {
  method: Method;
  template: string;
  status: number;
  operation: Operation;
}

/** What a case observed: the status and the parsed body (null: none). */
interface Observed {
  status: number;
  body: unknown;
}

interface Fixture {
  space: ClientSpace;
  other: ClientSpace;
  /** Self registration off, one user. */
  closed: ClientSpace;
  alice: { token: string; userId: string };
  bob: { token: string; userId: string };
  carol: { token: string; userId: string };
  /** An envelope of the space key (for saves and snapshots). */
  envelope: string;
  /** kanban's current version (saved in beforeAll). */
  kanbanVersion: number;
}

const NO_CONTENT_TOOL = 'randomizer';
const BAD_ENCODING = '%E0%A4%A';
const CONTROL_CHARACTER = '%01';

const server: TestServer = await startTestServer();
// Login, registration and creation allow one attempt per window here: the second is a 429.
const throttled: TestServer = await startTestServer({
  config: {
    rateLimits: { ...TEST_RATE_LIMITS, loginPerAccount: 1, createPerIp: 1 },
  },
});
const served = await api(server, 'GET', '/api/openapi.json');
const contract = new ApiContract(served.body as Record<string, unknown>);

/** Every documented (path, method, status) of the served document. */
const documented: Documented[] = Object.entries(
  (served.body as { paths: Record<string, Record<string, Operation>> }).paths,
).flatMap(([template, item]) =>
  Object.entries(item).flatMap(([method, operation]) =>
    Object.keys(operation.responses).map((status) => ({
      method: method.toUpperCase() as Method,
      template,
      status: Number(status),
      operation,
    })),
  ),
);

let f: Fixture;

afterAll(async () => {
  await Promise.all([server.close(), throttled.close()]);
});

beforeAll(async () => {
  const space = await createSpaceOverRest(server);
  const other = await createSpaceOverRest(server);
  const closed = await createSpaceOverRest(server, { selfRegistration: false });
  const alice = await loginOverRest(server, space, 'alice');
  const bob = await loginOverRest(server, space, 'bob');
  const carol = await loginOverRest(server, other, 'carol');
  await loginOverRest(server, closed, 'dora');
  const envelope = await encryptJson({ columns: [] }, space.key);
  let kanbanVersion = 0;
  for (let i = 0; i < 2; i++) {
    const saved = await api(server, 'PUT', `/api/content/${p(space.name)}/kanban`, {
      token: alice.token,
      body: { encrypted_data: envelope, metadata: { version: kanbanVersion } },
    });
    expect(saved.status).toBe(200);
    kanbanVersion += 1;
  }
  f = { space, other, closed, alice, bob, carol, envelope, kanbanVersion };
});

const p = encodeURIComponent;

/** The template with its parameters filled: `values` first, else the fixture's defaults. */
function fill(template: string, values: Record<string, string> = {}): string {
  const defaults: Record<string, string> = {
    spaceName: p(f.space.name),
    tool: 'kanban',
    version: '1',
    userId: f.bob.userId,
  };
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = values[name] ?? defaults[name];
    if (value === undefined) throw new Error(`no value for {${name}} in ${template}`);
    return value;
  });
}

const needsToken = (operation: Operation) =>
  (operation.security ?? []).some((scheme) => 'bearerAuth' in scheme);

/** A request as `api()` sends it, with its answer checked against the contract there. */
async function call(
  method: Method,
  path: string,
  options: Parameters<typeof api>[3] = {},
  target: TestServer = server,
): Promise<Observed> {
  const { status, body } = await api(target, method, path, options);
  return { status, body };
}

/** The raw WebSocket: an upgrade the server refuses, its status and body checked here. */
async function refusedUpgrade(path: string): Promise<Observed> {
  const observed = await expectUpgradeRefused(`${server.wsUrl}${path}`);
  contract.assert({ method: 'GET', path, ...observed });
  return observed;
}

/** Sends until the answer is 429 (at most `attempts`); every answer is contract-checked. */
async function untilThrottled(send: () => Promise<Observed>, attempts = 4): Promise<Observed> {
  let last: Observed = { status: 0, body: null };
  for (let i = 0; i < attempts && last.status !== 429; i++) last = await send();
  return last;
}

type Case = (entry: Documented) => Promise<Observed>;

/** Causes that follow from an operation's shape; null where the shape gives none. */
function genericCase(entry: Documented): Case | null {
  const { method, template, status, operation } = entry;
  const hasBody = operation.requestBody !== undefined;
  const hasSpace = template.includes('{spaceName}');
  const token = needsToken(operation) ? f.alice.token : undefined;
  switch (status) {
    case 400:
      if (hasBody) {
        return () => call(method, fill(template), { rawBody: '{"unfinished": ', token });
      }
      if (hasSpace)
        return () => call(method, fill(template, { spaceName: BAD_ENCODING }), { token });
      return null;
    case 401:
      return needsToken(operation)
        ? () => call(method, fill(template), hasBody ? { body: {} } : {})
        : null;
    case 403:
      if (needsToken(operation) && hasSpace) {
        return () =>
          call(method, fill(template), { token: f.carol.token, ...(hasBody ? { body: {} } : {}) });
      }
      // The CSRF guard: a browser's cross-site write.
      if (method !== 'GET') {
        return () =>
          call(method, fill(template), {
            token,
            headers: { 'sec-fetch-site': 'cross-site' },
            ...(hasBody ? { body: {} } : {}),
          });
      }
      return null;
    case 413:
      // Without a session every body takes at most 16 KiB (a content save too).
      return hasBody
        ? () => call(method, fill(template), { body: { padding: 'x'.repeat(17 * 1024) } })
        : null;
    case 415:
      return hasBody
        ? () =>
            call(method, fill(template), {
              token,
              rawBody: 'plain words',
              headers: { 'content-type': 'text/plain' },
            })
        : null;
    case 422:
      if (hasSpace) {
        return () =>
          call(method, fill(template, { spaceName: CONTROL_CHARACTER }), {
            token,
            ...(hasBody ? { body: {} } : {}),
          });
      }
      return hasBody ? () => call(method, fill(template), { token, body: {} }) : null;
    default:
      return null;
  }
}

const key = (method: Method, template: string, status: number) => `${method} ${template} ${status}`;

/** Causes particular to a route: successes, missing things, conflicts, throttling, the socket. */
const SPECIFIC: Record<string, Case> = {
  [key('POST', '/api/spaces/create', 201)]: async () =>
    call('POST', '/api/spaces/create', {
      body: {
        space_name: `Fresh ${randomUUID().slice(0, 8)}`,
        encrypted_space_name: f.space.verifier,
      },
    }),
  [key('POST', '/api/spaces/create', 409)]: async () =>
    call('POST', '/api/spaces/create', {
      body: { space_name: f.space.name, encrypted_space_name: f.space.verifier },
    }),
  [key('POST', '/api/spaces/create', 429)]: () =>
    untilThrottled(() =>
      call(
        'POST',
        '/api/spaces/create',
        {
          body: {
            space_name: `Busy ${randomUUID().slice(0, 8)}`,
            encrypted_space_name: f.space.verifier,
          },
        },
        throttled,
      ),
    ),
  [key('GET', '/api/spaces/{spaceName}', 200)]: () => call('GET', fill('/api/spaces/{spaceName}')),
  [key('GET', '/api/spaces/{spaceName}', 404)]: () =>
    call('GET', fill('/api/spaces/{spaceName}', { spaceName: 'Nobody Here' })),
  [key('PUT', '/api/spaces/{spaceName}', 200)]: () =>
    call('PUT', fill('/api/spaces/{spaceName}'), {
      token: f.alice.token,
      body: { allow_self_registration: true },
    }),
  [key('DELETE', '/api/spaces/{spaceName}', 204)]: async () => {
    const doomed = await createSpaceOverRest(server);
    const admin = await loginOverRest(server, doomed, 'erin');
    return call('DELETE', `/api/spaces/${p(doomed.name)}`, { token: admin.token });
  },
  [key('GET', '/api/spaces/{spaceName}/info', 200)]: () =>
    call('GET', fill('/api/spaces/{spaceName}/info')),
  [key('GET', '/api/spaces/{spaceName}/info', 404)]: () =>
    call('GET', fill('/api/spaces/{spaceName}/info', { spaceName: 'Nobody Here' })),

  [key('POST', '/api/auth/login', 200)]: () =>
    call('POST', '/api/auth/login', {
      body: {
        space_name: f.space.name,
        encrypted_space_name: f.space.verifier,
        username: 'alice',
      },
    }),
  [key('POST', '/api/auth/login', 401)]: () =>
    call('POST', '/api/auth/login', {
      body: {
        space_name: f.space.name,
        encrypted_space_name: f.space.verifier,
        username: 'nobody',
      },
    }),
  [key('POST', '/api/auth/login', 404)]: async () =>
    call('POST', '/api/auth/login', {
      body: {
        space_name: 'Nobody Here',
        encrypted_space_name: await deriveSpaceNameVerifier(f.space.key, 'Nobody Here'),
        username: 'alice',
      },
    }),
  [key('POST', '/api/auth/login', 429)]: () =>
    untilThrottled(() =>
      call(
        'POST',
        '/api/auth/login',
        {
          body: {
            space_name: 'Nobody Here',
            encrypted_space_name: f.space.verifier,
            username: 'alice',
          },
        },
        throttled,
      ),
    ),
  [key('POST', '/api/auth/logout', 204)]: async () => {
    const { token } = await loginOverRest(server, f.space, 'alice', { register: false });
    return call('POST', '/api/auth/logout', { token });
  },
  [key('GET', '/api/auth/session', 200)]: () =>
    call('GET', '/api/auth/session', { token: f.alice.token }),

  [key('POST', '/api/spaces/{spaceName}/users/register', 201)]: () =>
    call('POST', fill('/api/spaces/{spaceName}/users/register'), {
      body: { username: `reg${randomUUID().slice(0, 8)}`, encrypted_space_name: f.space.verifier },
    }),
  [key('POST', '/api/spaces/{spaceName}/users/register', 401)]: () =>
    call('POST', fill('/api/spaces/{spaceName}/users/register'), {
      body: { username: 'mallory', encrypted_space_name: f.other.verifier },
    }),
  [key('POST', '/api/spaces/{spaceName}/users/register', 404)]: () =>
    call('POST', fill('/api/spaces/{spaceName}/users/register', { spaceName: 'Nobody%20Here' }), {
      body: { username: 'mallory', encrypted_space_name: f.space.verifier },
    }),
  [key('POST', '/api/spaces/{spaceName}/users/register', 409)]: () =>
    call('POST', fill('/api/spaces/{spaceName}/users/register'), {
      body: { username: 'alice', encrypted_space_name: f.space.verifier },
    }),
  [key('POST', '/api/spaces/{spaceName}/users/register', 429)]: () =>
    untilThrottled(() =>
      call(
        'POST',
        fill('/api/spaces/{spaceName}/users/register', { spaceName: 'Nobody%20Here' }),
        { body: { username: 'mallory', encrypted_space_name: f.space.verifier } },
        throttled,
      ),
    ),
  [key('GET', '/api/spaces/{spaceName}/users', 200)]: () =>
    call('GET', fill('/api/spaces/{spaceName}/users'), { token: f.bob.token }),
  [key('POST', '/api/spaces/{spaceName}/users', 201)]: () =>
    call('POST', fill('/api/spaces/{spaceName}/users'), {
      token: f.alice.token,
      body: { username: `new${randomUUID().slice(0, 8)}` },
    }),
  [key('POST', '/api/spaces/{spaceName}/users', 409)]: () =>
    call('POST', fill('/api/spaces/{spaceName}/users'), {
      token: f.alice.token,
      body: { username: 'alice' },
    }),
  [key('GET', '/api/spaces/{spaceName}/usernames', 200)]: () =>
    call('GET', fill('/api/spaces/{spaceName}/usernames'), { token: f.bob.token }),
  [key('PUT', '/api/spaces/{spaceName}/users/{userId}', 200)]: () =>
    call('PUT', fill('/api/spaces/{spaceName}/users/{userId}'), {
      token: f.bob.token,
      body: { username: `bob${randomUUID().slice(0, 6)}` },
    }),
  [key('PUT', '/api/spaces/{spaceName}/users/{userId}', 404)]: () =>
    call('PUT', fill('/api/spaces/{spaceName}/users/{userId}', { userId: randomUUID() }), {
      token: f.alice.token,
      body: { role: 'admin' },
    }),
  [key('PUT', '/api/spaces/{spaceName}/users/{userId}', 409)]: () =>
    call('PUT', fill('/api/spaces/{spaceName}/users/{userId}'), {
      token: f.bob.token,
      body: { username: 'alice' },
    }),
  [key('DELETE', '/api/spaces/{spaceName}/users/{userId}', 204)]: async () => {
    const created = await call('POST', fill('/api/spaces/{spaceName}/users'), {
      token: f.alice.token,
      body: { username: `gone${randomUUID().slice(0, 8)}` },
    });
    const { id } = created.body as { id: string };
    return call('DELETE', fill('/api/spaces/{spaceName}/users/{userId}', { userId: id }), {
      token: f.alice.token,
    });
  },
  [key('DELETE', '/api/spaces/{spaceName}/users/{userId}', 404)]: () =>
    call('DELETE', fill('/api/spaces/{spaceName}/users/{userId}', { userId: randomUUID() }), {
      token: f.alice.token,
    }),

  [key('GET', '/api/content/{spaceName}/tools', 200)]: () =>
    call('GET', fill('/api/content/{spaceName}/tools'), { token: f.bob.token }),
  [key('GET', '/api/content/{spaceName}/{tool}', 200)]: () =>
    call('GET', fill('/api/content/{spaceName}/{tool}'), { token: f.bob.token }),
  [key('GET', '/api/content/{spaceName}/{tool}', 404)]: () =>
    call('GET', fill('/api/content/{spaceName}/{tool}', { tool: NO_CONTENT_TOOL }), {
      token: f.bob.token,
    }),
  [key('PUT', '/api/content/{spaceName}/{tool}', 200)]: () =>
    call('PUT', fill('/api/content/{spaceName}/{tool}', { tool: 'bulletin' }), {
      token: f.bob.token,
      body: { encrypted_data: f.envelope, metadata: { version: 0 } },
      headers: { 'idempotency-key': randomUUID() },
    }),
  [key('PUT', '/api/content/{spaceName}/{tool}', 409)]: () =>
    call('PUT', fill('/api/content/{spaceName}/{tool}'), {
      token: f.bob.token,
      body: { encrypted_data: f.envelope, metadata: { version: 0 } },
    }),
  [key('DELETE', '/api/content/{spaceName}/{tool}', 204)]: async () => {
    const path = fill('/api/content/{spaceName}/{tool}', { tool: 'diagrams' });
    const saved = await call('PUT', path, {
      token: f.bob.token,
      body: { encrypted_data: f.envelope, metadata: { version: 0 } },
    });
    expect(saved.status).toBe(200);
    return call('DELETE', path, { token: f.bob.token });
  },
  [key('DELETE', '/api/content/{spaceName}/{tool}', 404)]: () =>
    call('DELETE', fill('/api/content/{spaceName}/{tool}', { tool: NO_CONTENT_TOOL }), {
      token: f.bob.token,
    }),
  [key('GET', '/api/content/{spaceName}/{tool}/changes', 200)]: () =>
    call('GET', `${fill('/api/content/{spaceName}/{tool}/changes')}?since=0`, {
      token: f.bob.token,
    }),
  [key('GET', '/api/content/{spaceName}/{tool}/changes', 404)]: () =>
    call(
      'GET',
      `${fill('/api/content/{spaceName}/{tool}/changes', { tool: NO_CONTENT_TOOL })}?since=0`,
      { token: f.bob.token },
    ),
  [key('PUT', '/api/content/{spaceName}/{tool}/snapshot', 200)]: () =>
    call('PUT', fill('/api/content/{spaceName}/{tool}/snapshot'), {
      token: f.bob.token,
      body: { version: f.kanbanVersion, encrypted_data: f.envelope },
    }),
  [key('PUT', '/api/content/{spaceName}/{tool}/snapshot', 400)]: () =>
    call('PUT', fill('/api/content/{spaceName}/{tool}/snapshot'), {
      token: f.bob.token,
      body: { version: f.kanbanVersion + 1000, encrypted_data: f.envelope },
    }),
  [key('PUT', '/api/content/{spaceName}/{tool}/snapshot', 404)]: () =>
    call('PUT', fill('/api/content/{spaceName}/{tool}/snapshot', { tool: NO_CONTENT_TOOL }), {
      token: f.bob.token,
      body: { version: 1, encrypted_data: f.envelope },
    }),
  [key('GET', '/api/content/{spaceName}/{tool}/history', 200)]: () =>
    call('GET', fill('/api/content/{spaceName}/{tool}/history'), { token: f.bob.token }),
  [key('GET', '/api/content/{spaceName}/{tool}/history', 404)]: () =>
    call('GET', fill('/api/content/{spaceName}/{tool}/history', { tool: NO_CONTENT_TOOL }), {
      token: f.bob.token,
    }),
  [key('GET', '/api/content/{spaceName}/{tool}/history/{version}', 200)]: () =>
    call('GET', `${fill('/api/content/{spaceName}/{tool}/history/{version}')}?from=1`, {
      token: f.bob.token,
    }),
  [key('GET', '/api/content/{spaceName}/{tool}/history/{version}', 400)]: () =>
    call('GET', fill('/api/content/{spaceName}/{tool}/history/{version}', { version: '0' }), {
      token: f.bob.token,
    }),
  [key('GET', '/api/content/{spaceName}/{tool}/history/{version}', 404)]: () =>
    call(
      'GET',
      fill('/api/content/{spaceName}/{tool}/history/{version}', { tool: NO_CONTENT_TOOL }),
      { token: f.bob.token },
    ),
  [key('GET', '/api/content/{spaceName}/{tool}/history/{version}/changes', 200)]: () =>
    call('GET', `${fill('/api/content/{spaceName}/{tool}/history/{version}/changes')}?after=0`, {
      token: f.bob.token,
    }),
  [key('GET', '/api/content/{spaceName}/{tool}/history/{version}/changes', 400)]: () =>
    call(
      'GET',
      `${fill('/api/content/{spaceName}/{tool}/history/{version}/changes', { version: '999' })}?after=0`,
      { token: f.bob.token },
    ),
  [key('GET', '/api/content/{spaceName}/{tool}/history/{version}/changes', 404)]: () =>
    call(
      'GET',
      `${fill('/api/content/{spaceName}/{tool}/history/{version}/changes', { tool: NO_CONTENT_TOOL })}?after=0`,
      { token: f.bob.token },
    ),

  [key('GET', '/api/ws/{spaceName}', 101)]: async () => {
    const path = `${fill('/api/ws/{spaceName}')}?token=${f.bob.token}`;
    const socket = await WsClient.open(`${server.wsUrl}${path}`);
    socket.close();
    return { status: 101, body: null };
  },
  [key('GET', '/api/ws/{spaceName}', 400)]: () =>
    refusedUpgrade(`/api/ws/${BAD_ENCODING}?token=${f.bob.token}`),
  [key('GET', '/api/ws/{spaceName}', 401)]: () => refusedUpgrade(fill('/api/ws/{spaceName}')),
  [key('GET', '/api/ws/{spaceName}', 403)]: () =>
    refusedUpgrade(`${fill('/api/ws/{spaceName}')}?token=${f.carol.token}`),
  [key('GET', '/api/ws/{spaceName}', 422)]: () =>
    refusedUpgrade(
      `${fill('/api/ws/{spaceName}')}?token=${f.bob.token}&client_id=${'x'.repeat(65)}`,
    ),
  [key('GET', '/api/ws/{spaceName}', 426)]: () =>
    call('GET', `${fill('/api/ws/{spaceName}')}?token=${f.bob.token}`),

  [key('GET', '/api/health', 200)]: () => call('GET', '/api/health'),
  [key('GET', '/api/csrf', 200)]: () => call('GET', '/api/csrf'),
  [key('GET', '/api/openapi.json', 200)]: () => call('GET', '/api/openapi.json'),
};

function caseFor(entry: Documented): Case | null {
  return SPECIFIC[key(entry.method, entry.template, entry.status)] ?? genericCase(entry);
}

describe('every documented status of GET /api/openapi.json is answered for a real request', () => {
  it('reads a document with at least 25 operations and 150 statuses', () => {
    expect(contract.documentProblems).toEqual([]);
    expect(new Set(documented.map((d) => `${d.method} ${d.template}`)).size).toBeGreaterThanOrEqual(
      25,
    );
    expect(documented.length).toBeGreaterThanOrEqual(150);
  });

  it('has no case for a status the document does not list (stale cases)', () => {
    const listed = new Set(documented.map((d) => key(d.method, d.template, d.status)));
    expect(Object.keys(SPECIFIC).filter((name) => !listed.has(name))).toEqual([]);
  });

  it.each(
    documented.map((entry) => [key(entry.method, entry.template, entry.status), entry] as const),
  )('%s', async (_name, entry) => {
    // Allowed without a case, for the reason NOT_PROVOKED gives.
    if (NOT_PROVOKED[entry.status] !== undefined) return;
    const provoke = caseFor(entry);
    if (!provoke)
      throw new Error(`no case provokes ${key(entry.method, entry.template, entry.status)}`);
    const observed = await provoke(entry);
    expect(observed.status, JSON.stringify(observed.body)).toBe(entry.status);
    if (entry.status >= 400) {
      expect(observed.body).toEqual({ detail: expect.any(String) });
      expect((observed.body as { detail: string }).detail).not.toBe('');
    }
  });
});

describe('the statuses the brief of the contract fixed', () => {
  it('a text/plain body on a JSON route is 415, not 422', async () => {
    const res = await call('POST', '/api/auth/login', {
      rawBody: 'space_name=x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.status).toBe(415);
  });

  it('a version out of range is 400 {detail} whether below 1 or beyond the current one', async () => {
    const path = (version: string) =>
      fill('/api/content/{spaceName}/{tool}/history/{version}', { version });
    for (const version of ['0', '-1', String(f.kanbanVersion + 1)]) {
      const res = await call('GET', path(version), { token: f.bob.token });
      expect(res.status, version).toBe(400);
      expect(res.body).toEqual({ detail: expect.stringMatching(/version does not exist/) });
    }
    const snapshot = await call('PUT', fill('/api/content/{spaceName}/{tool}/snapshot'), {
      token: f.bob.token,
      body: { version: 0, encrypted_data: f.envelope },
    });
    expect(snapshot.status).toBe(400);
  });

  it('a missing space refuses the socket as another space (403, close 4403)', async () => {
    const path = `/api/ws/${p('No Such Space')}?token=${f.bob.token}`;
    expect((await refusedUpgrade(path)).status).toBe(403);
    const socket = await WsClient.open(`${server.wsUrl}${path}&refusal=close`);
    expect((await socket.waitForClose()).code).toBe(4403);
  });
});
