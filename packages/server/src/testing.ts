/**
 * Test harness: a real server on 127.0.0.1 with a random port over a fresh test database
 * (PGlite or Postgres per test project), plus client helpers that use real crypto.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';

import type { AppRouter } from '@cipherspace/api';
import { derivePasswordVerifier, deriveSpaceNameVerifier } from '@cipherspace/crypto';
import { createDb, type CreateDbOptions, type DbHandle, type DbNotifier } from '@cipherspace/db';
import { createTestDb, type TestDb } from '@cipherspace/db/testing';
import { assertMatchesContract } from '@cipherspace/rest-adapter/testing';
import { createTRPCClient, httpLink } from '@trpc/client';
import type { FastifyInstance } from 'fastify';
import superjson from 'superjson';
import { expect } from 'vitest';
import WebSocket from 'ws';

import { buildServer } from './app.ts';
import { loadConfig, type RateLimits, type ServerConfig } from './config.ts';
import { openEventBus, type BrokerNotifier, type BrokerOptions } from './event-bus/index.ts';
import { openLogCapture, recordClientSecret } from './log-capture.ts';

/**
 * The throttle limits of test servers unless a test sets its own: far above what any test file
 * sends from 127.0.0.1, so only the throttle's own tests ever meet a 429.
 */
export const TEST_RATE_LIMITS: RateLimits = {
  loginPerAccount: 1000,
  loginPerIp: 100_000,
  windowMs: 15 * 60 * 1000,
  createPerIp: 100_000,
  createWindowMs: 60 * 60 * 1000,
};

export interface TestServer {
  app: FastifyInstance;
  /** http://127.0.0.1:PORT */
  url: string;
  /** ws://127.0.0.1:PORT */
  wsUrl: string;
  db: DbHandle;
  close(): Promise<void>;
}

/**
 * Starts a server. Without `db` a fresh test database is created (and dropped on close);
 * with `db` (e.g. a second instance on the same Postgres database) it is shared and left open.
 * `config` overrides the defaults (rate limits: {@link TEST_RATE_LIMITS}). With TEST_LOG_DIR set
 * (the root vitest global setup does), the server logs at `trace` (unless `config` sets a level)
 * into that directory and records the secrets it sees, for the log audit (log-capture.ts).
 */
export async function startTestServer(
  options: {
    db?: DbHandle;
    /** The cross-instance transport (default: the database's LISTEN/NOTIFY); see ServerDeps. */
    notifier?: DbNotifier | null;
    config?: Partial<ServerConfig>;
    now?: () => Date;
    logStream?: NodeJS.WritableStream;
  } = {},
): Promise<TestServer> {
  const owned: TestDb | null = options.db ? null : await createTestDb();
  const db = options.db ?? (owned as TestDb);
  const capture = openLogCapture(options.logStream);
  const config = {
    ...loadConfig({ LOG_LEVEL: capture ? 'trace' : 'silent', PORT: '0' }),
    rateLimits: TEST_RATE_LIMITS,
    ...options.config,
  };
  const app = await buildServer(config, {
    db,
    ...(options.notifier !== undefined ? { notifier: options.notifier } : {}),
    ...(options.now ? { now: options.now } : {}),
    ...(capture ? { logStream: capture.stream } : {}),
    ...(options.logStream && !capture ? { logStream: options.logStream } : {}),
  });
  capture?.watch(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no TCP address');
  return {
    app,
    url: `http://127.0.0.1:${address.port}`,
    wsUrl: `ws://127.0.0.1:${address.port}`,
    db,
    async close() {
      await app.close();
      capture?.close();
      if (owned) await owned.cleanup();
    },
  };
}

/** Two server instances on one PostgreSQL database; see {@link startTwoInstances}. */
export interface TwoInstances {
  /** The shared database (fresh, migrated; dropped by `close`). */
  database: TestDb;
  readonly first: TestServer;
  readonly second: TestServer;
  /** Stops both instances and starts them again on their pools (new `first` and `second`). */
  restart(): Promise<void>;
  /** Stops both instances, closes their pools and drops the database. */
  close(): Promise<void>;
}

/**
 * Two server instances on one fresh PostgreSQL database over LISTEN/NOTIFY:
 * {@link startInstances} with two, as `first` and `second` (which `restart` replaces).
 * @throws Error when the test database is not PostgreSQL.
 */
export async function startTwoInstances(
  options: Pick<StartInstancesOptions, 'firstDatabaseUrl' | 'db' | 'config'> = {},
): Promise<TwoInstances> {
  const instances = await startInstances(2, options);
  return {
    database: instances.database,
    get first() {
      return instances.server(0);
    },
    get second() {
      return instances.server(1);
    },
    restart: () => instances.restart(),
    close: () => instances.close(),
  };
}

/**
 * What carries live events between test instances: PostgreSQL NOTIFY (always), or a broker —
 * NATS at TEST_NATS_URL, Redis pub/sub at TEST_REDIS_URL (vitest.config.ts sets each when its
 * server answers, reports its tests as not run when it does not, and fails the run in CI).
 */
export type TestEventBus = 'notify' | 'nats' | 'redis';

/** The buses the cross-instance tests run on here: `notify`, plus each broker that is set. */
export function testEventBuses(): TestEventBus[] {
  return [
    'notify',
    ...(process.env.TEST_NATS_URL ? (['nats'] as const) : []),
    ...(process.env.TEST_REDIS_URL ? (['redis'] as const) : []),
  ];
}

/** The broker URL of `bus` in this test run. @throws Error when its variable is not set. */
export function testBrokerUrl(bus: Exclude<TestEventBus, 'notify'>): string {
  const variable = bus === 'nats' ? 'TEST_NATS_URL' : 'TEST_REDIS_URL';
  const url = process.env[variable];
  if (!url) throw new Error(`${variable} is not set: no ${bus} server for this test`);
  return url;
}

/** Several server instances on one PostgreSQL database; see {@link startInstances}. */
export interface Instances {
  /** The shared database (fresh, migrated; dropped by `close`). */
  database: TestDb;
  servers: TestServer[];
  /** Instance i's broker connections are named `${subjectPrefix}${i}` (CLIENT LIST, connz). */
  subjectPrefix: string;
  /** Each instance's broker notifier (its own connections), or null on `notify`. */
  brokers: (BrokerNotifier | null)[];
  /** Instance `index` (0-based). @throws Error when there is no such instance. */
  server(index: number): TestServer;
  /** Stops every instance and starts it again on its pool and broker (new `servers`). */
  restart(): Promise<void>;
  /** Stops every instance, closes their brokers and pools and drops the database. */
  close(): Promise<void>;
}

/** Options of {@link startInstances}. */
export interface StartInstancesOptions {
  bus?: TestEventBus;
  firstDatabaseUrl?: (url: string) => string | Promise<string>;
  db?: Pick<CreateDbOptions, 'listenProbeIntervalMs' | 'listenProbeTimeoutMs'>;
  firstBrokerUrl?: (url: string) => string | Promise<string>;
  broker?: Pick<BrokerOptions, 'probeIntervalMs' | 'probeTimeoutMs'>;
  config?: Partial<ServerConfig>;
}

/**
 * Starts `count` server instances on one fresh PostgreSQL database, each with a pool of its own
 * and its own cross-instance transport: a LISTEN connection (`bus: 'notify'`, the default) or
 * connections to the broker (`nats`, `redis`) — as processes behind a load balancer would be
 * (spec §3 real-time across instances). PGlite is embedded in one process, so this needs the
 * integration-postgres project.
 * The broker subjects of one call carry a random prefix, so that test files sharing a broker do
 * not hear each other.
 *
 * @param options.firstDatabaseUrl, options.firstBrokerUrl map the database and broker URLs to the
 *   ones instance 1 connects through (e.g. a {@link TcpProxy} that can cut it); default: as given.
 * @param options.db, options.broker further `createDb` and broker options for every instance
 *   (e.g. faster probes).
 * @param options.config overrides of every instance's config (as in {@link startTestServer}).
 * @throws Error when the test database is not PostgreSQL or the bus's broker is not configured.
 */
export async function startInstances(
  count: number,
  options: StartInstancesOptions = {},
): Promise<Instances> {
  const bus = options.bus ?? 'notify';
  const brokerUrl = bus === 'notify' ? null : testBrokerUrl(bus);
  const database = await createTestDb();
  const { url } = database;
  const servers: TestServer[] = [];
  const brokers: (BrokerNotifier | null)[] = [];
  const handles: DbHandle[] = [];
  const start = (db: DbHandle, broker: BrokerNotifier | null) =>
    startTestServer({
      db,
      ...(broker ? { notifier: broker } : {}),
      ...(options.config ? { config: options.config } : {}),
    });
  const subjectPrefix = `test-${randomUUID()}.`;
  const instances: Instances = {
    database,
    subjectPrefix,
    servers,
    brokers,
    server(index) {
      const server = servers[index];
      if (!server) throw new Error(`no instance ${index} (${servers.length} started)`);
      return server;
    },
    async restart() {
      for (const server of servers) await server.close();
      for (const [i, handle] of handles.entries()) {
        servers[i] = await start(handle, brokers[i] ?? null);
      }
    },
    async close() {
      for (const server of servers) await server.close();
      for (const broker of brokers) await broker?.close();
      for (const handle of handles) await handle.close();
      await database.cleanup();
    },
  };
  try {
    if (!url) throw new Error('several instances need PostgreSQL (TEST_DB=postgres)');
    for (let i = 0; i < count; i++) {
      const databaseUrl =
        i === 0 && options.firstDatabaseUrl ? await options.firstDatabaseUrl(url) : url;
      const handle = await createDb({ databaseUrl, poolSize: 4, migrate: false, ...options.db });
      handles.push(handle);
      const broker = brokerUrl
        ? await openEventBus(
            i === 0 && options.firstBrokerUrl ? await options.firstBrokerUrl(brokerUrl) : brokerUrl,
            { ...options.broker, subjectPrefix, connectionName: `${subjectPrefix}${i}` },
          )
        : null;
      brokers.push(broker);
      servers.push(await start(handle, broker));
    }
  } catch (error) {
    await instances.close();
    throw error;
  }
  return instances;
}

/** Fast probing (LISTEN probes, broker pings), so that a lost connection is noticed quickly. */
export const FAST_BUS_PROBE = { intervalMs: 250, timeoutMs: 2000 };
/** The port each bus's server listens on when its URL names none. */
const BUS_DEFAULT_PORT = { notify: 5432, nats: 4222, redis: 6379 } as const;

/**
 * Two instances on `bus` ({@link startInstances}) with {@link FAST_BUS_PROBE}, the first of which
 * reaches the bus — the database for `notify`, else the broker — through `proxy`: cutting it is
 * an outage for instance 0 alone.
 */
export async function startInstancesBehindProxy(
  bus: TestEventBus,
): Promise<{ instances: Instances; proxy: TcpProxy }> {
  let proxy: TcpProxy | undefined;
  const viaProxy = async (url: string) => {
    proxy = TcpProxy.for(url, BUS_DEFAULT_PORT[bus]);
    await proxy.open();
    return proxy.urlFor(url);
  };
  const { intervalMs, timeoutMs } = FAST_BUS_PROBE;
  const instances = await startInstances(2, {
    bus,
    db: { listenProbeIntervalMs: intervalMs, listenProbeTimeoutMs: timeoutMs },
    broker: { probeIntervalMs: intervalMs, probeTimeoutMs: timeoutMs },
    ...(bus === 'notify' ? { firstDatabaseUrl: viaProxy } : { firstBrokerUrl: viaProxy }),
  });
  if (!proxy) throw new Error('instance 0 did not connect through the proxy');
  return { instances, proxy };
}

/** A closed TCP port on 127.0.0.1 (listened on once, then released): connecting is refused. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * The longest a live event may take to reach the other instances in a test, in ms: it leaves a
 * few milliseconds after the commit, possibly after the next HTTP request.
 */
export const EVENT_DELIVERY_MS = 1_000;

/** `GET /api/auth/session` on `server` with `token`. */
export function sessionOn(server: ApiTarget, token: string) {
  return api(server, 'GET', '/api/auth/session', { token });
}

/**
 * Resolves once `server` refuses `token` (401), polling for at most {@link EVENT_DELIVERY_MS}:
 * what ended the session on another instance reaches this one through the bus. Rejects (fails
 * the test) when it does not.
 */
export async function expectRefusedSoon(server: ApiTarget, token: string): Promise<void> {
  await expect
    .poll(async () => (await sessionOn(server, token)).status, {
      timeout: EVENT_DELIVERY_MS,
      interval: 5,
    })
    .toBe(401);
}

/**
 * A TCP proxy in front of a server (PostgreSQL, NATS, Redis) that can be cut — every connection
 * dropped and new ones refused — and opened again on the same port: an outage for the clients
 * that connect through it, and for no one else.
 */
export class TcpProxy {
  private readonly sockets = new Set<Socket>();
  private server: Server | null = null;
  private responsesToDrop = 0;
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  /** A proxy in front of `url`'s host and port (`defaultPort` when the URL names none). */
  static for(url: string, defaultPort: number): TcpProxy {
    const { hostname, port } = new URL(url);
    return new TcpProxy(hostname, Number(port || defaultPort));
  }

  /** Accepts connections (on the same port as before, after a cut). */
  async open(): Promise<void> {
    const server = createServer((client) => {
      const upstream = connect(this.targetPort, this.targetHost);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('error', () => undefined);
        socket.on('close', () => {
          this.sockets.delete(socket);
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream);
      upstream.on('data', (chunk: Buffer) => {
        if (this.responsesToDrop > 0) {
          // The answer has begun: the server is done with the request. Lose it.
          this.responsesToDrop -= 1;
          client.destroy();
          upstream.destroy();
          return;
        }
        if (!client.write(chunk)) upstream.pause();
      });
      client.on('drain', () => upstream.resume());
      upstream.on('end', () => client.end());
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('proxy has no port');
    this.port = address.port;
    this.server = server;
  }

  /**
   * Loses the next `count` answers: requests still reach the server, but when an answer's first
   * bytes come back the proxy closes that connection instead of passing them on — the client
   * sees the connection drop after the server has done the work (e.g. committed a save).
   */
  dropResponses(count = 1): void {
    this.responsesToDrop += count;
  }

  /** Drops every connection and refuses new ones. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** `url` with its host and port replaced by this proxy's. */
  urlFor(url: string): string {
    const proxied = new URL(url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(this.port);
    return proxied.toString();
  }
}

/** One route as Fastify registered it: method and URL pattern (`/api/spaces/:spaceName`). */
export interface RegisteredRoute {
  method: string;
  url: string;
}

/**
 * Every route `app` serves, read from Fastify's own route tree (`printRoutes`), so tests that
 * must cover every route fail when one is added without them. HEAD routes that Fastify adds for
 * each GET are left out. @throws Error on a line of the tree it cannot read.
 */
export function listRoutes(app: FastifyInstance): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  // Each line: indentation (4 characters per level), a branch, a path segment, its methods.
  const line = /^((?:│ {3}| {4})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/u;
  const prefixes: string[] = [];
  for (const text of app.printRoutes({ commonPrefix: false }).split('\n')) {
    if (!text.trim()) continue;
    const match = line.exec(text);
    if (!match) throw new Error(`Cannot read this line of printRoutes: ${JSON.stringify(text)}`);
    const [, indent = '', segment = '', methods] = match;
    const depth = indent.length / 4;
    const url = (depth > 0 ? (prefixes[depth - 1] ?? '') : '') + segment;
    prefixes.length = depth;
    prefixes.push(url);
    for (const method of methods?.split(', ') ?? []) routes.push({ method, url });
  }
  const gets = new Set(routes.filter((r) => r.method === 'GET').map((r) => r.url));
  return routes.filter((r) => !(r.method === 'HEAD' && gets.has(r.url)));
}

/** One response seen by {@link api}, for tests that audit every status of a file. */
export interface ObservedResponse {
  method: string;
  path: string;
  status: number;
  body: unknown;
}

/** Where {@link api} sends requests; `onResponse` (optional) sees every response. */
export interface ApiTarget {
  url: string;
  onResponse?: (response: ObservedResponse) => void;
}

/** Sends a JSON request; returns status, parsed body (or null) and headers. */
export async function api(
  server: ApiTarget,
  method: string,
  path: string,
  options: {
    body?: unknown;
    token?: string;
    headers?: Record<string, string>;
    rawBody?: string;
  } = {},
): Promise<{ status: number; body: unknown; headers: Headers }> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
    headers['content-type'] = 'application/json';
  }
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers,
    ...(body !== undefined ? { body } : {}),
  });
  const text = await response.text();
  let parsed: unknown = null;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
  }
  server.onResponse?.({ method, path, status: response.status, body: parsed });
  // Every /api response must keep the OpenAPI contract the server serves.
  await assertMatchesContract(server.url, { method, path, status: response.status, body: parsed });
  return { status: response.status, body: parsed, headers: response.headers };
}

export interface ClientSpace {
  name: string;
  key: string;
  verifier: string;
}

/** Creates a space over REST with real verifiers, as a third-party client would. */
export async function createSpaceOverRest(
  server: ApiTarget,
  options: { name?: string; key?: string; force?: boolean; selfRegistration?: boolean } = {},
): Promise<ClientSpace> {
  const name = options.name ?? `Space ${Math.random().toString(36).slice(2, 10)}`;
  const key = options.key ?? 'Sp4ce-Key!long-enough';
  const verifier = await deriveSpaceNameVerifier(key, name);
  recordClientSecret(key);
  const res = await api(server, 'POST', '/api/spaces/create', {
    body: {
      space_name: name,
      encrypted_space_name: verifier,
      force_user_passwords: options.force ?? false,
      allow_self_registration: options.selfRegistration ?? true,
    },
  });
  if (res.status !== 201)
    throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { name, key, verifier };
}

/** Registers (if needed) and logs a user in over REST; returns token and user id. */
export async function loginOverRest(
  server: ApiTarget,
  space: ClientSpace,
  username: string,
  options: { password?: string; register?: boolean } = {},
): Promise<{ token: string; userId: string }> {
  const encrypted_password = options.password
    ? await derivePasswordVerifier(space.key, options.password)
    : undefined;
  if (options.register ?? true) {
    const reg = await api(
      server,
      'POST',
      `/api/spaces/${encodeURIComponent(space.name)}/users/register`,
      {
        body: { username, encrypted_password, encrypted_space_name: space.verifier },
      },
    );
    if (reg.status !== 201)
      throw new Error(`register failed: ${reg.status} ${JSON.stringify(reg.body)}`);
  }
  const login = await api(server, 'POST', '/api/auth/login', {
    body: {
      space_name: space.name,
      encrypted_space_name: space.verifier,
      username,
      encrypted_password,
    },
  });
  if (login.status !== 200)
    throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`);
  const body = login.body as { access_token: string; user: { id: string } };
  return { token: body.access_token, userId: body.user.id };
}

/**
 * The typed tRPC client of `token` over HTTP (`/trpc`), as the web app makes its calls —
 * presence (`realtime.announce`) and changes in flight (`content.propose`) have no REST path.
 */
export function trpcOverHttp(server: Pick<TestServer, 'url'>, token: string) {
  return createTRPCClient<AppRouter>({
    links: [
      httpLink({
        url: `${server.url}/trpc`,
        transformer: superjson,
        headers: { authorization: `Bearer ${token}` },
      }),
    ],
  });
}

/** A message received on the raw WebSocket (spec §3 Real-time messages). */
export interface WsMessage {
  type: string;
  space_name?: string;
  timestamp?: string;
  data?: Record<string, unknown>;
}

/** How long a WebSocket helper waits before failing the test, in ms. */
export const WS_WAIT_MS = 5000;

/** The raw WebSocket URL of a space, as a third-party client builds it (spec §7). */
export function wsUrlFor(
  server: Pick<TestServer, 'wsUrl'>,
  spaceName: string,
  query: { token?: string; session_id?: string },
): string {
  const params = new URLSearchParams();
  if (query.token !== undefined) params.set('token', query.token);
  if (query.session_id !== undefined) params.set('session_id', query.session_id);
  const search = params.toString();
  return `${server.wsUrl}/api/ws/${encodeURIComponent(spaceName)}${search ? `?${search}` : ''}`;
}

/**
 * A raw WebSocket client that records every message in arrival order (`messages`, `raw`) and
 * waits for messages or the close with bounded timeouts that reject (and so fail the test).
 */
export class WsClient {
  /** Parsed messages in arrival order. */
  readonly messages: WsMessage[] = [];
  /** The same messages as the exact text frames received. */
  readonly raw: string[] = [];
  /** Socket errors after opening (none expected). */
  readonly errors: Error[] = [];
  /** Resolves with the close code and reason once the socket has closed. */
  readonly closed: Promise<{ code: number; reason: string }>;
  private readonly listeners = new Set<() => void>();

  private constructor(readonly socket: WebSocket) {
    this.closed = new Promise((resolve) => {
      socket.once('close', (code, reason) => {
        resolve({ code, reason: reason.toString('utf8') });
      });
    });
    socket.on('error', (error) => this.errors.push(error));
    socket.on('message', (data: Buffer) => {
      const text = data.toString('utf8');
      this.raw.push(text);
      let message: WsMessage;
      try {
        message = JSON.parse(text) as WsMessage;
      } catch {
        message = { type: 'not-json', data: { text } };
      }
      this.messages.push(message);
      this.notify();
    });
  }

  /** Opens a socket; rejects if it is refused, errors or takes longer than `timeoutMs`. */
  static open(url: string, timeoutMs = WS_WAIT_MS): Promise<WsClient> {
    const socket = new WebSocket(url);
    const client = new WsClient(socket);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        socket.terminate();
        reject(new Error(`WebSocket did not open within ${timeoutMs} ms: ${url}`));
      }, timeoutMs);
      socket.once('open', () => {
        clearTimeout(timer);
        resolve(client);
      });
      socket.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
  }

  get isOpen(): boolean {
    return this.socket.readyState === WebSocket.OPEN;
  }

  /** Sends an object as JSON, or a string exactly as given. */
  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /**
   * The first message at index ≥ `from` that matches `predicate` (waiting for it), with its
   * index. Rejects after `timeoutMs`, listing what did arrive.
   */
  waitFor(
    predicate: (message: WsMessage) => boolean,
    options: { from?: number; timeoutMs?: number; what?: string } = {},
  ): Promise<{ message: WsMessage; index: number }> {
    const from = options.from ?? 0;
    const timeoutMs = options.timeoutMs ?? WS_WAIT_MS;
    const find = () => {
      for (let i = from; i < this.messages.length; i++) {
        const message = this.messages[i];
        if (message && predicate(message)) return { message, index: i };
      }
      return null;
    };
    return this.until(find, timeoutMs, () => `message ${options.what ?? 'matching predicate'}`);
  }

  /** The message at index `index` (the next one when `index` = messages.length), waiting for it. */
  messageAt(index: number, timeoutMs = WS_WAIT_MS): Promise<WsMessage> {
    return this.until(
      () => this.messages[index] ?? null,
      timeoutMs,
      () => `message #${index}`,
    );
  }

  /** The close code and reason, waiting at most `timeoutMs` for the server to close. */
  waitForClose(timeoutMs = WS_WAIT_MS): Promise<{ code: number; reason: string }> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error(`socket not closed within ${timeoutMs} ms`));
      }, timeoutMs);
      void this.closed.then((value) => {
        clearTimeout(timer);
        resolve(value);
      });
    });
  }

  /** Closes the socket (normal closure 1000) if it is still open; aborts it while connecting. */
  close(): void {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.close(1000);
    else if (this.socket.readyState === WebSocket.CONNECTING) this.socket.terminate();
  }

  private until<T>(check: () => T | null, timeoutMs: number, what: () => string): Promise<T> {
    const now = check();
    if (now !== null) return Promise.resolve(now);
    return new Promise<T>((resolve, reject) => {
      const listener = () => {
        const value = check();
        if (value === null) return;
        clearTimeout(timer);
        this.listeners.delete(listener);
        resolve(value);
      };
      const timer = setTimeout(() => {
        this.listeners.delete(listener);
        reject(
          new Error(
            `timed out after ${timeoutMs} ms waiting for ${what()}; received: ${JSON.stringify(this.messages)}`,
          ),
        );
      }, timeoutMs);
      this.listeners.add(listener);
    });
  }

  private notify(): void {
    for (const listener of [...this.listeners]) listener();
  }
}

/**
 * Attempts an upgrade that the server must refuse: resolves with the HTTP status and parsed body
 * of the refusal; rejects if the socket opens instead or nothing happens within `timeoutMs`.
 */
export function expectUpgradeRefused(
  url: string,
  timeoutMs = WS_WAIT_MS,
): Promise<{ status: number; body: unknown }> {
  const socket = new WebSocket(url);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.terminate();
      reject(new Error(`upgrade was neither accepted nor refused within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on('error', () => {
      // Expected once the refused handshake is aborted below.
    });
    socket.once('open', () => {
      clearTimeout(timer);
      socket.terminate();
      reject(new Error(`upgrade was accepted but should have been refused: ${url}`));
    });
    socket.once('unexpected-response', (_request, response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.once('end', () => {
        clearTimeout(timer);
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // not JSON: keep the text
        }
        socket.terminate();
        resolve({ status: response.statusCode ?? 0, body });
      });
    });
  });
}

/** A server started as its own process by {@link startServerProcess}. */
export interface ServerProcess {
  child: ChildProcess;
  /** http://127.0.0.1:PORT */
  url: string;
  /** How the process ended (never rejects). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Everything the process has written to stdout and stderr so far (its pino log lines). */
  output(): string;
}

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));

/**
 * Starts `src/main.ts` (what `pnpm start` runs, without the web build) on a free port with
 * `env` added to this process's environment, and resolves once it logs "Server listening at …".
 * Rejects with the process's output when it exits first or does not listen within `timeoutMs`.
 */
export function startServerProcess(
  env: Record<string, string>,
  timeoutMs = 90_000,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => reject(new Error(`no listening line within ${timeoutMs} ms:\n${output}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ child, url: match[1], exited, output: () => output });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code ?? signal}) before listening:\n${output}`));
    });
  });
}
