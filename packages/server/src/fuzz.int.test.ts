/**
 * Property-based fuzzing (fast-check) of every REST route's body, path and query: 10,000
 * generated requests → 0 5xx, server alive.
 *
 * The routes are read from Fastify's route tree (every `/api/*` route, so a new one is fuzzed
 * without anyone listing it), plus requests to paths and methods that match no route. Each
 * request combines generated path parameters (valid names of the spaces and users in play,
 * unicode, percent-encoding garbage, over-long segments), a query (prototype-pollution keys,
 * repeated keys, unicode), a body (well-typed but wrong values, wrong types, huge strings,
 * `__proto__`/`constructor` keys, deeply nested JSON, invalid JSON, wrong content types, real
 * envelopes and verifiers so that valid requests reach the database) and credentials (no token,
 * a member's, an admin's, another space's, garbage, a CSRF cookie).
 *
 * INJECT_REQUESTS go through `app.inject` — Fastify's whole pipeline (routing, hooks, CSRF,
 * throttle, content-type parsing, the REST adapter, tRPC procedures, the database) without the
 * TCP socket — and SOCKET_REQUESTS through real HTTP on a real socket, including WebSocket
 * upgrades. Calls that change who is who (logout, deleting the space or a user) are followed:
 * the test logs in again or rebuilds its spaces, so later requests still reach deep code.
 *
 * Failures print fast-check's shrunk counterexample and seed; FUZZ_SEED=<n> replays a run.
 */
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';

import { encryptJson } from '@cipherspace/crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  api,
  createSpaceOverRest,
  listRoutes,
  loginOverRest,
  startTestServer,
  type ClientSpace,
  type RegisteredRoute,
  type TestServer,
} from './testing.ts';

/** 10,000 generated requests in all. */
const INJECT_REQUESTS = 9_000;
const SOCKET_REQUESTS = 1_000;
/** Requests in flight at once (one property per route runs its requests one after another). */
const CONCURRENT_ROUTES = 6;
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2_147_483_647);

// ---- the world the requests refer to -------------------------------------------------------------

type RefName =
  | 'spaceName'
  | 'otherSpaceName'
  | 'verifier'
  | 'envelope'
  | 'memberId'
  | 'adminId'
  | 'memberName'
  | 'adminName';
type Role = 'admin' | 'member' | 'other';

/** How often, and how far apart (ms), a re-login waits for a concurrent rename's answer. */
const RELOGIN_ATTEMPTS = 5;
const RELOGIN_WAIT_MS = 200;

/** A value that stands for something of the current world (it changes when spaces are rebuilt). */
class Ref {
  constructor(readonly name: RefName) {}
}

const SPACE_KEY = 'Fuzz-Key!long-enough1';

interface Person {
  token: string;
  userId: string;
  username: string;
}

/** Two spaces with an admin and a member, rebuilt whenever a request destroyed them. */
class World {
  space!: ClientSpace;
  otherSpace!: ClientSpace;
  admin!: Person;
  member!: Person;
  other!: Person;
  envelope = '';
  rebuilds = 0;
  relogins = 0;
  private pending: Promise<void> | null = null;
  private memberCount = 0;

  constructor(private readonly server: TestServer) {}

  async build(): Promise<void> {
    this.space = await createSpaceOverRest(this.server, { key: SPACE_KEY });
    this.admin = await this.join(this.space, 'owner');
    this.member = await this.join(this.space, 'member1');
    this.otherSpace = await createSpaceOverRest(this.server, { key: SPACE_KEY });
    this.other = await this.join(this.otherSpace, 'stranger');
    this.envelope ||= await encryptJson({ title: 'Board', phases: [] }, SPACE_KEY);
  }

  private async join(space: ClientSpace, username: string): Promise<Person> {
    const { token, userId } = await loginOverRest(this.server, space, username);
    return { token, userId, username };
  }

  /** Resolves once no rebuild is running. */
  ready(): Promise<void> {
    return this.pending ?? Promise.resolve();
  }

  /** Runs `work` once at a time; requests wait for it (`ready`). */
  private exclusive(work: () => Promise<void>): Promise<void> {
    const run = (this.pending ?? Promise.resolve()).then(work).finally(() => {
      if (this.pending === run) this.pending = null;
    });
    this.pending = run;
    return run;
  }

  rebuild(): Promise<void> {
    this.rebuilds += 1;
    return this.exclusive(() => this.build());
  }

  /**
   * A new session for `role` (its token was logged out). Routes are fuzzed concurrently: a rename
   * of this person may be committed before the login and answered after it, and only that answer
   * brings the new name (`follow`). So a login that finds no such user is tried again, with the
   * name as it is then, up to RELOGIN_ATTEMPTS times, RELOGIN_WAIT_MS apart.
   */
  relogin(role: Role): Promise<void> {
    this.relogins += 1;
    return this.exclusive(async () => {
      const space = role === 'other' ? this.otherSpace : this.space;
      for (let attempt = 1; ; attempt++) {
        const person = this.person(role);
        try {
          const { token } = await loginOverRest(this.server, space, person.username, {
            register: false,
          });
          person.token = token;
          return;
        } catch (error) {
          if (attempt >= RELOGIN_ATTEMPTS) throw error;
          await new Promise((resolve) => setTimeout(resolve, RELOGIN_WAIT_MS));
        }
      }
    });
  }

  /** A new member (the old one was deleted), added by the admin. */
  replaceMember(): Promise<void> {
    this.rebuilds += 1;
    return this.exclusive(async () => {
      this.memberCount += 1;
      const username = `member${this.memberCount + 1}`;
      const added = await api(this.server, 'POST', `/api/spaces/${enc(this.space.name)}/users`, {
        token: this.admin.token,
        body: { username },
      });
      if (added.status !== 201) {
        await this.build();
        return;
      }
      const { token, userId } = await loginOverRest(this.server, this.space, username, {
        register: false,
      });
      this.member = { token, userId, username };
    });
  }

  person(role: Role): Person {
    return role === 'admin' ? this.admin : role === 'member' ? this.member : this.other;
  }

  resolve(ref: Ref): string {
    switch (ref.name) {
      case 'spaceName':
        return this.space.name;
      case 'otherSpaceName':
        return this.otherSpace.name;
      case 'verifier':
        return this.space.verifier;
      case 'envelope':
        return this.envelope;
      case 'memberId':
        return this.member.userId;
      case 'adminId':
        return this.admin.userId;
      case 'memberName':
        return this.member.username;
      case 'adminName':
        return this.admin.username;
    }
  }
}

// ---- generated requests -----------------------------------------------------------------------

/** A JSON value to be: objects as key/value pairs, so `__proto__` and repeated keys survive. */
type Gen = null | boolean | number | string | Ref | Gen[] | { entries: [string, Gen][] };

type Body =
  | { kind: 'none'; contentType: string | null }
  | { kind: 'json'; value: Gen; contentType: string }
  | { kind: 'raw'; text: string; contentType: string | null }
  | { kind: 'deep'; depth: number; shape: 'array' | 'object'; contentType: string };

type Auth =
  | { kind: 'none' }
  | { kind: 'session'; role: Role; scheme: string }
  | { kind: 'header'; value: string };

interface FuzzRequest {
  method: string;
  /** The route pattern (for the report) and the generated values of its parameters. */
  route: string;
  params: Record<string, string | Ref>;
  query: [string, string][];
  body: Body;
  auth: Auth;
  csrf: { cookie: string | null; header: string | null };
  /** Over a real socket: ask for a WebSocket upgrade. */
  upgrade: boolean;
}

const ascii = (max: number) => fc.stringMatching(new RegExp(`^[\\x21-\\x7e]{0,${max}}$`));

const HUGE_LENGTHS = [1_001, 1_001, 10_000, 10_000, 100_000, 1_000_000];

/** Strings of every kind: ASCII, unicode graphemes, any code point, tricky constants, huge. */
const anyString = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '\u0000',
      'a\u0000b',
      '\uD800',
      '\u202E',
      'İ',
      'ß',
      '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
      '👩‍👩‍👧‍👦',
      '../../etc/passwd',
      '%00',
      '__proto__',
      'constructor',
      'prototype',
      'null',
      'NaN',
      '<script>alert(1)</script>',
      "'; drop table spaces; --",
      '${jndi:ldap://x}',
      '{{7*7}}',
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom(...HUGE_LENGTHS).map((n) => 'x'.repeat(n)) },
);

const refs = (...names: RefName[]) => fc.constantFrom(...names.map((name) => new Ref(name)));

/** A random, well-formed verifier (base64 of 32 bytes) that matches nothing. */
const strayVerifier = fc
  .uint8Array({ minLength: 32, maxLength: 32 })
  .map((bytes) => Buffer.from(bytes).toString('base64'));

const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'];
const FIELDS = [
  'space_name',
  'encrypted_space_name',
  'username',
  'encrypted_password',
  'role',
  'force_user_passwords',
  'allow_self_registration',
  'encrypted_data',
  'metadata',
  'version',
  'tool',
  'user_id',
  'client_id',
];

const fieldName = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...FIELDS) },
  { weight: 2, arbitrary: fc.constantFrom(...PROTO_KEYS) },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
);

/** Values of the right kind for some field, but wrong for this call. */
const plausible: fc.Arbitrary<Gen> = fc.oneof(
  refs('spaceName', 'otherSpaceName', 'memberName', 'adminName', 'memberId', 'adminId'),
  { weight: 2, arbitrary: refs('verifier', 'envelope') },
  strayVerifier,
  fc.constantFrom('admin', 'member', 'root', 'kanban', 'Valid Space Name', 'alice', true, false),
  fc.uuid(),
  fc.constantFrom(
    0,
    1,
    -1,
    2 ** 31 - 1,
    2 ** 31,
    2_147_483_646,
    Number.MAX_SAFE_INTEGER,
    1e308,
    -0,
  ),
);

/** Any JSON value, nesting prototype keys and plausible values. */
const anyValue: fc.Arbitrary<Gen> = fc.letrec<{ value: Gen }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 4, arbitrary: anyString },
    { weight: 3, arbitrary: plausible },
    { weight: 2, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null)) },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 4 }) },
    {
      weight: 1,
      arbitrary: fc
        .array(fc.tuple(fieldName, tie('value')), { maxLength: 4 })
        .map((entries) => ({ entries })),
    },
  ),
})).value;

/** An object body: known fields (and prototype keys) with values of any kind. */
const objectBody: fc.Arbitrary<Gen> = fc
  .array(fc.tuple(fieldName, anyValue), { maxLength: 7 })
  .map((entries) => ({ entries }));

/** Bodies a route expects in shape, with a realistic chance of being accepted. */
function wellTyped(route: string): fc.Arbitrary<Gen> {
  const entries = (record: Record<string, fc.Arbitrary<Gen>>) =>
    fc
      .record(record, { requiredKeys: [] })
      .map((value) => ({ entries: Object.entries(value) as [string, Gen][] }));
  const name = fc.oneof(refs('spaceName', 'otherSpaceName'), fc.string({ maxLength: 30 }));
  // Mostly malformed: a well-formed verifier for an existing space costs an argon2 check.
  const verifier = fc.oneof(
    { weight: 1, arbitrary: refs('verifier') },
    { weight: 1, arbitrary: strayVerifier },
    { weight: 6, arbitrary: fc.string({ maxLength: 50 }) },
  );
  const username = fc.oneof(
    refs('memberName', 'adminName'),
    fc.stringMatching(/^[a-zA-Z0-9]{1,12}$/),
    anyString,
  );
  const bool = fc.oneof(fc.boolean(), fc.constantFrom<Gen>('true', 1, null));
  const version = fc.oneof(fc.nat(20), fc.integer(), fc.double(), fc.constantFrom<Gen>('1', null));
  if (route.startsWith('/api/content')) {
    return entries({
      encrypted_data: fc.oneof(refs('envelope'), anyString),
      metadata: fc.oneof(
        fc.record({ version }).map((v) => ({ entries: Object.entries(v) })),
        objectBody,
      ),
    });
  }
  return entries({
    space_name: name,
    encrypted_space_name: verifier,
    username,
    encrypted_password: verifier,
    role: fc.constantFrom<Gen>('admin', 'member', 'owner', ''),
    force_user_passwords: bool,
    allow_self_registration: bool,
  });
}

const JSON_TYPES = ['application/json', 'application/json; charset=utf-8', 'APPLICATION/JSON'];
const OTHER_TYPES = [
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/json;',
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----fuzz',
  'multipart/form-data',
  'application/xml',
  'application/octet-stream',
  'application/vnd.api+json',
  'application/*',
  '*/*',
  ';;;',
  'json',
  'application/json, text/plain',
];

function bodyFor(route: string, method: string): fc.Arbitrary<Body> {
  const jsonType = fc.constantFrom(...JSON_TYPES);
  const anyType = fc.oneof(jsonType, fc.constantFrom(...OTHER_TYPES));
  const expectsBody = method === 'POST' || method === 'PUT';
  return fc.oneof(
    {
      weight: expectsBody ? 1 : 4,
      arbitrary: fc.record({ kind: fc.constant('none' as const), contentType: fc.option(anyType) }),
    },
    {
      weight: expectsBody ? 6 : 1,
      arbitrary: fc.record({
        kind: fc.constant('json' as const),
        value: wellTyped(route),
        contentType: jsonType,
      }),
    },
    {
      weight: expectsBody ? 5 : 1,
      arbitrary: fc.record({
        kind: fc.constant('json' as const),
        value: objectBody,
        contentType: jsonType,
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('json' as const),
        value: anyValue,
        contentType: jsonType,
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('raw' as const),
        text: fc.jsonValue().map((value) => JSON.stringify(value)),
        contentType: jsonType,
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('deep' as const),
        depth: fc.oneof(fc.integer({ min: 20, max: 200 }), fc.constantFrom(1_000, 10_000, 100_000)),
        shape: fc.constantFrom('array' as const, 'object' as const),
        contentType: jsonType,
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('raw' as const),
        text: fc.oneof(
          anyString,
          fc.constantFrom(
            '{',
            '{"space_name": ',
            '[1,2',
            '{"a":1}}',
            'nul',
            '"\\ud800"',
            '{"__proto__":{"polluted":1}}',
            '\u0000',
            '{"a":1,"a":2}',
          ),
          fc.string({ unit: 'binary-ascii', maxLength: 60 }),
        ),
        contentType: fc.option(anyType),
      }),
    },
  );
}

const tokenRole = fc.constantFrom<Role>('admin', 'member', 'other');

const authArb: fc.Arbitrary<Auth> = fc.oneof(
  { weight: 3, arbitrary: fc.constant({ kind: 'none' as const }) },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('session' as const),
      role: tokenRole,
      scheme: fc.constantFrom('Bearer ', 'Bearer ', 'Bearer ', 'bearer ', 'BEARER  ', 'Token '),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('header' as const),
      value: fc.oneof(
        ascii(60).map((s) => `Bearer ${s}`),
        fc.constantFrom(
          'Bearer',
          'Bearer ',
          'Basic dXNlcjpwYXNz',
          '',
          'Bearer a b',
          `Bearer ${'a'.repeat(32)}`,
        ),
        fc.constantFrom(100, 5_000).map((n) => `Bearer ${'z'.repeat(n)}`),
      ),
    }),
  },
);

const csrfArb = fc.oneof(
  { weight: 8, arbitrary: fc.constant({ cookie: null, header: null }) },
  {
    weight: 1,
    arbitrary: fc.record({
      cookie: fc.option(ascii(40).filter((s) => !/[;,]/.test(s))),
      header: fc.option(ascii(40)),
    }),
  },
);

const QUERY_KEYS = [
  '__proto__',
  'constructor',
  '__proto__[polluted]',
  'constructor[prototype][polluted]',
  'a[b][c]',
  'token',
  'session_id',
  'input',
  'space_name',
];

const queryArb = fc.array(
  fc.tuple(fc.oneof(fc.constantFrom(...QUERY_KEYS), fc.string({ maxLength: 10 })), anyString),
  { maxLength: 4 },
);

/** A path segment that is not a valid name: garbage, encoded or not. */
const badSegment = fc.oneof(
  anyString,
  fc.constantFrom(
    '%00',
    '%E0%A4%A',
    '%2F',
    '..',
    '%2e%2e',
    '%25',
    '%ZZ',
    '%',
    '%C0%AF',
    '%ED%A0%80',
    '%FF',
    'a'.repeat(1_001),
  ),
);

function paramArb(name: string): fc.Arbitrary<string | Ref> {
  switch (name) {
    case 'spaceName':
      return fc.oneof(
        { weight: 5, arbitrary: refs('spaceName') },
        { weight: 1, arbitrary: refs('otherSpaceName') },
        { weight: 3, arbitrary: badSegment },
      );
    case 'userId':
      return fc.oneof(
        { weight: 3, arbitrary: refs('memberId', 'adminId') },
        { weight: 1, arbitrary: fc.uuid() },
        { weight: 2, arbitrary: badSegment },
      );
    case 'tool':
      return fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom('kanban', 'ticket-system', 'poker', 'randomizer') },
        { weight: 1, arbitrary: fc.stringMatching(/^[a-z0-9-]{1,70}$/) },
        { weight: 2, arbitrary: badSegment },
      );
    default:
      return badSegment;
  }
}

function requestArb(route: RegisteredRoute): fc.Arbitrary<FuzzRequest> {
  const names = [...route.url.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? '*');
  const params = Object.fromEntries(names.map((name) => [name, paramArb(name)]));
  return fc.record({
    method: fc.constant(route.method),
    route: fc.constant(route.url),
    params: fc.record(params),
    query: queryArb,
    body: bodyFor(route.url, route.method),
    auth: authArb,
    csrf: csrfArb,
    upgrade: fc.boolean(),
  });
}

/** Requests that match no route: odd methods on real paths, and paths that do not exist. */
const strayRequestArb: fc.Arbitrary<FuzzRequest> = fc.record({
  method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'),
  route: fc.constantFrom('/api/*', '/api/spaces/*', '/api/content/*', '/*'),
  params: fc.record({ '*': badSegment }),
  query: queryArb,
  body: bodyFor('/api/spaces', 'POST'),
  auth: authArb,
  csrf: csrfArb,
  upgrade: fc.constant(false),
});

// ---- turning a generated request into bytes ---------------------------------------------------

const enc = encodeURIComponent;

/** Percent-encodes `text`; a lone surrogate (not encodable) becomes its invalid UTF-8 bytes. */
function encodeSegment(text: string): string {
  try {
    return enc(text);
  } catch {
    return '%ED%A0%80';
  }
}

function toJson(value: Gen, world: World): string {
  if (value instanceof Ref) return JSON.stringify(world.resolve(value));
  if (Array.isArray(value)) return `[${value.map((item) => toJson(item, world)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const members = value.entries.map(([k, v]) => `${JSON.stringify(k)}:${toJson(v, world)}`);
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value);
}

function deepJson(depth: number, shape: 'array' | 'object'): string {
  return shape === 'array'
    ? `${'['.repeat(depth)}1${']'.repeat(depth)}`
    : `${'{"metadata":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

interface Built {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload: string | undefined;
  /** Who the credentials belong to, and which user the path names (to follow what a call destroys). */
  role: Role | null;
  userRef: RefName | null;
}

function build(req: FuzzRequest, world: World): Built {
  let url = req.route.replace(/:(\w+)|\*/g, (_m, name: string | undefined) => {
    const value = req.params[name ?? '*'];
    if (value === undefined) return '';
    if (value instanceof Ref) return encodeSegment(world.resolve(value));
    // Strings that already look percent-encoded are sent as they are (that is their point).
    return value.includes('%') && !/%(?![0-9A-Fa-f]{2})/.test(value) && value.length < 40
      ? value
      : encodeSegment(value);
  });
  if (req.query.length > 0) {
    url += `?${req.query.map(([k, v]) => `${encodeSegment(k)}=${encodeSegment(v)}`).join('&')}`;
  }
  const headers: Record<string, string> = {};
  let role: Role | null = null;
  if (req.auth.kind === 'session') {
    role = req.auth.role;
    headers.authorization = `${req.auth.scheme}${world.person(role).token}`;
  } else if (req.auth.kind === 'header') {
    headers.authorization = req.auth.value;
  }
  if (req.csrf.cookie !== null) headers.cookie = `_csrf=${req.csrf.cookie}`;
  if (req.csrf.header !== null) headers['x-csrf-token'] = req.csrf.header;
  let payload: string | undefined;
  const body = req.body;
  if (body.kind === 'json') payload = toJson(body.value, world);
  else if (body.kind === 'raw') payload = body.text;
  else if (body.kind === 'deep') payload = deepJson(body.depth, body.shape);
  if (body.contentType !== null) headers['content-type'] = body.contentType;
  const userRef = req.params.userId instanceof Ref ? req.params.userId.name : null;
  return { method: req.method, url, headers, payload, role, userRef };
}

// ---- sending --------------------------------------------------------------------------------

interface Answer {
  status: number;
  body: string;
}

async function sendInject(server: TestServer, built: Built): Promise<Answer> {
  const res = await server.app.inject({
    method: built.method as 'GET',
    url: built.url,
    headers: built.headers,
    ...(built.payload !== undefined ? { payload: built.payload } : {}),
  });
  return { status: res.statusCode, body: res.body };
}

function sendOverSocket(server: TestServer, built: Built, upgrade: boolean): Promise<Answer> {
  const headers: Record<string, string> = { ...built.headers };
  if (upgrade) {
    Object.assign(headers, {
      connection: 'Upgrade',
      upgrade: 'websocket',
      'sec-websocket-version': '13',
      'sec-websocket-key': Buffer.from('fuzz-fuzz-fuzz!!').toString('base64'),
    });
  }
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `${server.url}${built.url}`,
      // A connection per request: a server may close a connection after answering a request it
      // did not read to the end, and a reused one would then fail the next, unrelated request.
      { method: built.method, headers, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('upgrade', (response, socket) => {
      socket.destroy();
      resolve({ status: response.statusCode ?? 101, body: '' });
    });
    request.on('error', reject);
    request.setTimeout(30_000, () => request.destroy(new Error('no answer within 30 s')));
    request.end(built.payload);
  });
}

// ---- the test ---------------------------------------------------------------------------------

describe('fuzzing every REST route', () => {
  let server: TestServer;
  let world: World;
  const histogram = new Map<number, number>();
  const timeByRoute = new Map<string, number>();
  let sent = 0;
  const prototypeBefore = Object.getOwnPropertyNames(Object.prototype).sort();

  beforeAll(async () => {
    server = await startTestServer();
    world = new World(server);
    await world.build();
  }, 120_000);

  afterAll(async () => {
    await server.close();
  }, 120_000);

  /** Sends one request, counts its status, follows what it destroyed; returns the answer. */
  async function exchange(req: FuzzRequest, over: 'inject' | 'socket'): Promise<Answer> {
    await world.ready();
    const started = performance.now();
    const built = build(req, world);
    const answer =
      over === 'inject'
        ? await sendInject(server, built)
        : await sendOverSocket(server, built, req.upgrade && req.route === '/api/ws/:spaceName');
    sent += 1;
    const key = `${req.method} ${req.route}`;
    timeByRoute.set(key, (timeByRoute.get(key) ?? 0) + performance.now() - started);
    histogram.set(answer.status, (histogram.get(answer.status) ?? 0) + 1);
    if (answer.status >= 200 && answer.status < 300) await follow(req, built, answer);
    return answer;
  }

  /** Keeps the world usable after a call that logged out or deleted someone. */
  async function follow(req: FuzzRequest, built: Built, answer: Answer): Promise<void> {
    const key = `${req.method} ${req.route}`;
    if (key === 'DELETE /api/spaces/:spaceName') await world.rebuild();
    else if (key === 'POST /api/auth/logout' && built.role) await world.relogin(built.role);
    else if (key === 'DELETE /api/spaces/:spaceName/users/:userId') {
      if (built.userRef === 'memberId') await world.replaceMember();
      else if (built.userRef === 'adminId') await world.rebuild();
    } else if (key === 'PUT /api/spaces/:spaceName/users/:userId' && built.userRef) {
      // A rename: later logins need the new name.
      const renamed = (JSON.parse(answer.body) as { username?: unknown }).username;
      const person =
        built.userRef === 'memberId'
          ? world.member
          : built.userRef === 'adminId'
            ? world.admin
            : null;
      if (person && typeof renamed === 'string') person.username = renamed;
    }
  }

  async function fuzz(
    arb: fc.Arbitrary<FuzzRequest>,
    numRuns: number,
    over: 'inject' | 'socket',
    seed: number,
  ) {
    await fc.assert(
      fc.asyncProperty(arb, async (req) => {
        const answer = await exchange(req, over);
        if (answer.status >= 500) {
          throw new Error(
            `${req.method} ${build(req, world).url} → ${answer.status} ${answer.body.slice(0, 300)}`,
          );
        }
      }),
      { numRuns, seed },
    );
  }

  it(
    'answers 10,000 generated requests without a 5xx and stays up',
    { timeout: 600_000 },
    async () => {
      const routes = listRoutes(server.app).filter((route) => route.url.startsWith('/api/'));
      expect(routes.length).toBeGreaterThan(15);
      // Routes that read a body get more requests; the API reference's static files fewer.
      const readsBody = (route: RegisteredRoute) =>
        (route.method === 'POST' || route.method === 'PUT') && route.url !== '/api/auth/logout';
      const weightOf = (route: RegisteredRoute) =>
        readsBody(route) ? 4 : route.url.startsWith('/api/docs') ? 0.25 : 1;
      const stray: RegisteredRoute = { method: 'ANY', url: '(no route)' };
      const targets: { route: RegisteredRoute; arb: fc.Arbitrary<FuzzRequest>; weight: number }[] =
        [
          ...routes.map((route) => ({ route, arb: requestArb(route), weight: weightOf(route) })),
          { route: stray, arb: strayRequestArb, weight: 1 },
        ];
      const total = targets.reduce((sum, t) => sum + t.weight, 0);
      const plan = targets.map((t) => ({
        ...t,
        inject: Math.floor((INJECT_REQUESTS * t.weight) / total),
        socket: Math.floor((SOCKET_REQUESTS * t.weight) / total),
      }));
      // Rounding leftovers go to the body-reading routes, one each in turn.
      const bodyRoutes = plan.filter((t) => t.weight >= 4);
      expect(bodyRoutes.length).toBeGreaterThan(0);
      for (let i = 0; plan.reduce((s, t) => s + t.inject, 0) < INJECT_REQUESTS; i++) {
        const target = bodyRoutes[i % bodyRoutes.length];
        if (target) target.inject += 1;
      }
      for (let i = 0; plan.reduce((s, t) => s + t.socket, 0) < SOCKET_REQUESTS; i++) {
        const target = bodyRoutes[i % bodyRoutes.length];
        if (target) target.socket += 1;
      }

      console.log(`fuzz: seed ${SEED} (replay with FUZZ_SEED=${SEED})`);
      const started = performance.now();
      const queue = plan.map((target, index) => async () => {
        await fuzz(target.arb, target.inject, 'inject', SEED + index);
        await fuzz(target.arb, target.socket, 'socket', SEED + 1000 + index);
      });
      await Promise.all(
        Array.from({ length: CONCURRENT_ROUTES }, async () => {
          for (let job = queue.shift(); job; job = queue.shift()) await job();
        }),
      );
      const seconds = (performance.now() - started) / 1000;

      const statuses = [...histogram.entries()].sort(([a], [b]) => a - b);
      console.log(
        `fuzz: ${sent} requests (${INJECT_REQUESTS} through app.inject, ${SOCKET_REQUESTS} over a socket) ` +
          `to ${routes.length} routes + unrouted paths in ${seconds.toFixed(1)} s; ` +
          `${world.rebuilds} rebuilds, ${world.relogins} re-logins after destructive calls\n` +
          `fuzz: statuses ${statuses.map(([status, n]) => `${status}×${n}`).join('  ')}`,
      );
      const slowest = [...timeByRoute.entries()].sort(([, a], [, b]) => b - a).slice(0, 5);
      console.log(
        `fuzz: busiest routes (summed request time) ${slowest.map(([route, ms]) => `${route} ${(ms / 1000).toFixed(1)} s`).join(', ')}`,
      );
      expect(sent).toBe(INJECT_REQUESTS + SOCKET_REQUESTS);
      expect(statuses.filter(([status]) => status >= 500)).toEqual([]);

      // Nothing reached Object.prototype (the server runs in this process).
      expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeBefore);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();

      // Alive: the health check answers, and a new space can be created and logged into.
      expect((await api(server, 'GET', '/api/health')).status).toBe(200);
      const space = await createSpaceOverRest(server, { key: SPACE_KEY });
      const user = await loginOverRest(server, space, 'survivor');
      const session = await api(server, 'GET', '/api/auth/session', { token: user.token });
      expect(session.status).toBe(200);
    },
  );

  it('refuses a username or space name with an unpaired surrogate with 422, never storing a look-alike', async () => {
    // postgres.js (and PGlite) would store "x\ud800y" as "x\ufffdy": two spellings, one account.
    const space = await createSpaceOverRest(server, { key: SPACE_KEY });
    const register = (username: string) =>
      server.app.inject({
        method: 'POST',
        url: `/api/spaces/${enc(space.name)}/users/register`,
        headers: { 'content-type': 'application/json' },
        payload: `{"username":${JSON.stringify(username)},"encrypted_space_name":${JSON.stringify(space.verifier)}}`,
      });
    for (const raw of ['x\ud800y', '\udc00', 'a\udbff']) {
      const res = await register(raw);
      expect(res.statusCode, raw).toBe(422);
      expect(res.json()).toEqual({
        detail: 'username must not contain an unpaired UTF-16 surrogate',
      });
    }
    expect((await register('x\ufffdy')).statusCode).toBe(201);
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: `{"space_name":"Team \\ud800","encrypted_space_name":${JSON.stringify(space.verifier)},"username":"x"}`,
    });
    expect(login.statusCode).toBe(422);
    expect(login.json()).toEqual({
      detail: 'space_name must not contain an unpaired UTF-16 surrogate',
    });
    // A surrogate pair is one character and fine.
    expect((await register('👩‍🚀')).statusCode).toBe(201);
  });

  it('refuses metadata with an unpaired surrogate with 422, not a database error', async () => {
    // Found by the fuzzing above on PostgreSQL, whose jsonb refuses "\\ud800" (a 500). A space
    // of its own: whatever the fuzzing left of `world` (logged-out or deleted users) is no concern.
    const space = await createSpaceOverRest(server, { key: SPACE_KEY });
    const admin = await loginOverRest(server, space, 'surrogates');
    const path = `/api/content/${enc(space.name)}/kanban`;
    for (const raw of ['{"note":"\\ud800"}', '{"\\udc00":1}', '{"list":["a","\\udbff"]}']) {
      const res = await server.app.inject({
        method: 'PUT',
        url: path,
        headers: {
          authorization: `Bearer ${admin.token}`,
          'content-type': 'application/json',
        },
        payload: `{"encrypted_data":${JSON.stringify(world.envelope)},"metadata":${raw}}`,
      });
      expect(res.statusCode, raw).toBe(422);
    }
    // A surrogate pair (an emoji) is fine.
    const ok = await server.app.inject({
      method: 'PUT',
      url: path,
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ encrypted_data: world.envelope, metadata: { note: '👩‍👩‍👧' } }),
    });
    expect(ok.statusCode).toBe(200);
  });

  it('ends the socket of a WebSocket upgrade it refuses before routing', async () => {
    // Found by the fuzzing above: an upgrade to an over-long or badly encoded path got its 414
    // or 400 and its socket then stayed open for as long as the client liked — and the server's
    // close() waited for it forever (app.ts frameworkErrors).
    const port = Number(new URL(server.url).port);
    for (const path of [`/api/ws/${'a'.repeat(1_100)}`, '/api/ws/%E0%A4%A']) {
      const answer = await new Promise<{ head: string; closed: boolean }>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => {
          socket.write(
            `GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n` +
              'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: ZnV6ei1mdXp6LWZ1enohIQ==\r\n\r\n',
          );
        });
        const chunks: Buffer[] = [];
        const head = () => Buffer.concat(chunks).toString('utf8').split('\r\n')[0] ?? '';
        const timer = setTimeout(() => {
          socket.destroy();
          resolve({ head: head(), closed: false });
        }, 10_000);
        socket.on('data', (chunk: Buffer) => chunks.push(chunk));
        socket.on('close', () => {
          clearTimeout(timer);
          resolve({ head: head(), closed: true });
        });
        socket.on('error', reject);
      });
      expect(answer.head).toMatch(/^HTTP\/1\.1 4(00|14) /);
      expect(answer.closed).toBe(true);
    }
  });

  it('answers a malformed request exactly once', async () => {
    // Found by the fuzzing above: a GET with a chunked body to an invalid URL got its 400 and
    // then a second, stray response on the same connection (client-error.ts).
    const port = Number(new URL(server.url).port);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(
          'GET /api/content/abc/%C0%AF HTTP/1.1\r\nHost: x\r\nConnection: close\r\n' +
            'Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n',
        );
        setTimeout(() => socket.write('2\r\n{}\r\n0\r\n\r\n'), 50);
      });
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
      socket.on('error', reject);
      socket.setTimeout(10_000, () => socket.destroy());
    });
    expect(raw.match(/^HTTP\/1\.1 /gm)).toHaveLength(1);
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
  });
});
