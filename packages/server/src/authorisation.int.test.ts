/**
 * The authorisation matrix (spec §6 Roles and permissions, §7 The calls): every REST
 * route and every tRPC procedure — over HTTP and over the WebSocket — is called by each of
 * {no token, forged token, expired token, token of another space, member, admin}. Only the cells
 * spec §6 allows succeed; the others end in 401 (no, forged or expired token) or 403 (another
 * space's token; a member calling an admin call).
 *
 * Complete by construction: the REST routes come from Fastify's route tree and the procedures
 * from the app router; a route or procedure without a row in ACCESS below fails the test, and
 * so does a row whose route or procedure no longer exists.
 *
 * Every call is real: a listening server, real verifiers (PBKDF2) and real sessions. The expired
 * tokens are real sessions too — issued by logging in while the server's clock stood
 * SESSION_IDLE_MS + 5 minutes in the past, and proven valid there before the clock returns.
 */
import { appRouter, SESSION_IDLE_MS } from '@cipherspace/api';
import { deriveSpaceNameVerifier, encryptJson } from '@cipherspace/crypto';
import type { ToolName } from '@cipherspace/tools/metadata';
import {
  createTRPCUntypedClient,
  createWSClient,
  TRPCClientError,
  wsLink,
  type TRPCUntypedClient,
} from '@trpc/client';
import type { AnyTRPCRouter } from '@trpc/server';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

import {
  api,
  createSpaceOverRest,
  listRoutes,
  loginOverRest,
  startTestServer,
  wsUrlFor,
  type ClientSpace,
  type RegisteredRoute,
  type TestServer,
} from './testing.ts';

// ---- the expectation table (spec §6) ---------------------------------------------------------

/**
 * Who may call: anyone; any live session (of any space — the call concerns the session itself);
 * a member of the space named in the call; an admin of it.
 */
type Level = 'public' | 'session' | 'member' | 'admin';

const CELLS = ['none', 'forged', 'expired', 'otherSpace', 'member', 'admin'] as const;
type Cell = (typeof CELLS)[number];
type Outcome = 'ok' | 401 | 403;

const CELL_TITLES: Record<Cell, string> = {
  none: 'none',
  forged: 'forged',
  expired: 'expired',
  otherSpace: 'other',
  member: 'member',
  admin: 'admin',
};

/** What a call of `level` must answer to `cell` (spec §6). */
function expectedOutcome(level: Level, cell: Cell): Outcome {
  if (level === 'public') return 'ok';
  if (cell === 'none' || cell === 'forged' || cell === 'expired') return 401;
  if (cell === 'otherSpace') return level === 'session' ? 'ok' : 403;
  if (cell === 'member') return level === 'admin' ? 403 : 'ok';
  return 'ok';
}

const isSuccess = (status: number) => status === 101 || (status >= 200 && status < 400);

interface Actor {
  token: string;
  userId: string;
  username: string;
}

interface World {
  server: TestServer;
  /** Space A: the space every call is about. Self registration on, passwords not forced. */
  space: ClientSpace;
  admin: Actor;
  member: Actor;
  /** The admin of space B: "a token of another space". */
  otherSpace: ClientSpace;
  other: Actor;
  /** A member of A whose role the admin sets (to what it already is). */
  victimId: string;
  envelope: string;
  /** Real sessions of A's member that expired SESSION_IDLE_MS + 5 min ago; one per cell. */
  expired: string[];
}

/** What one call of one cell is about and who makes it. */
interface CellContext {
  world: World;
  cell: Cell;
  expect: Outcome;
  /** The space named in the call (A, or for a call that deletes it, a fresh one). */
  space: ClientSpace;
  /** The caller when the token is a live session. */
  actor: Actor | null;
  token: string | null;
  /** Letters and digits, unique in the run (for names of things a call creates). */
  unique: string;
  /** What `prepare` set up. */
  scratch: Record<string, string>;
}

interface RestCall {
  method: string;
  /** The route pattern as Fastify registered it. */
  route: string;
  path: (c: CellContext) => string;
  body?: (c: CellContext) => unknown;
}

/** One call as the table lists it: a procedure (or variant of one) and the REST route onto it. */
interface Operation {
  procedure: string;
  variant?: string;
  level: Level;
  /**
   * A successful call ends the caller's session (logout) or deletes the space: such cells get a
   * session, or a space with an admin, of their own.
   */
  consumes?: 'session' | 'space';
  prepare?: (c: CellContext) => Promise<Record<string, string>>;
  input: (c: CellContext) => Record<string, unknown>;
  rest?: RestCall;
}

const p = encodeURIComponent;
const SPACE_KEY = 'M4trix-Key!long-enough';

const spaceName = (c: CellContext) => c.space.name;
const userPath = (c: CellContext, userId: string) =>
  `/api/spaces/${p(c.space.name)}/users/${userId}`;

/** A save that met a newer version (409) every time it was made again. */
class SaveKeptMeetingNewerVersions extends Error {}

/**
 * Saves content for `tool` in the world's space as its admin (for calls that need some), on top
 * of whatever it holds: cells reuse the registry's tools. A save that meets another one (409) is
 * made again on the newer version, five times at most.
 */
async function saveAsAdmin(world: World, tool: ToolName): Promise<void> {
  const path = `/api/content/${p(world.space.name)}/${tool}`;
  const token = world.admin.token;
  for (let attempt = 0; attempt < 5; attempt++) {
    const stored = await api(world.server, 'GET', path, { token });
    if (stored.status !== 200 && stored.status !== 404) {
      throw new Error(`reading ${tool} failed: ${stored.status}`);
    }
    const version =
      stored.status === 200
        ? (stored.body as { content_metadata: { version: number } }).content_metadata.version
        : 0;
    const res = await api(world.server, 'PUT', path, {
      token,
      body: { encrypted_data: world.envelope, metadata: { version } },
    });
    if (res.status === 200) return;
    if (res.status !== 409) throw new Error(`save of ${tool} failed: ${res.status}`);
  }
  throw new SaveKeptMeetingNewerVersions(`save of ${tool} met a newer version five times`);
}

/** Deletes the content of `tool` in the world's space as its admin, if it has any. */
async function clearAsAdmin(world: World, tool: ToolName): Promise<void> {
  const res = await api(world.server, 'DELETE', `/api/content/${p(world.space.name)}/${tool}`, {
    token: world.admin.token,
  });
  if (res.status !== 204 && res.status !== 404) {
    throw new Error(`delete of ${tool} failed: ${res.status}`);
  }
}

/** Adds a member to the world's space as its admin; returns the id. */
async function addUserAsAdmin(world: World, username: string): Promise<string> {
  const res = await api(world.server, 'POST', `/api/spaces/${p(world.space.name)}/users`, {
    token: world.admin.token,
    body: { username },
  });
  if (res.status !== 201) throw new Error(`adding ${username} failed: ${res.status}`);
  return (res.body as { id: string }).id;
}

/** An op1 operation envelope in form (the server cannot and does not open it). */
const PROPOSED_OPERATION = JSON.stringify({
  v: 'op1',
  data: Buffer.alloc(40, 1).toString('base64'),
  iv: Buffer.alloc(12, 2).toString('base64'),
  salt: Buffer.alloc(32, 3).toString('base64'),
});

const OPERATIONS: Operation[] = [
  // spaces
  {
    procedure: 'spaces.create',
    level: 'public',
    prepare: async (c) => {
      const name = `Matrix ${c.unique}`;
      return { name, verifier: await deriveSpaceNameVerifier(SPACE_KEY, name) };
    },
    input: (c) => ({
      space_name: c.scratch.name,
      encrypted_space_name: c.scratch.verifier,
      force_user_passwords: false,
      allow_self_registration: true,
    }),
    rest: {
      method: 'POST',
      route: '/api/spaces/create',
      path: () => '/api/spaces/create',
      body: (c) => ({
        space_name: c.scratch.name,
        encrypted_space_name: c.scratch.verifier,
        force_user_passwords: false,
        allow_self_registration: true,
      }),
    },
  },
  {
    procedure: 'spaces.byName',
    level: 'public',
    input: (c) => ({ space_name: spaceName(c) }),
    rest: {
      method: 'GET',
      route: '/api/spaces/:spaceName',
      path: (c) => `/api/spaces/${p(spaceName(c))}`,
    },
  },
  {
    procedure: 'spaces.info',
    level: 'public',
    input: (c) => ({ space_name: spaceName(c) }),
    rest: {
      method: 'GET',
      route: '/api/spaces/:spaceName/info',
      path: (c) => `/api/spaces/${p(spaceName(c))}/info`,
    },
  },
  {
    procedure: 'spaces.update',
    level: 'admin',
    // The setting it already has: a successful call changes nothing for the other cells.
    input: (c) => ({ space_name: spaceName(c), allow_self_registration: true }),
    rest: {
      method: 'PUT',
      route: '/api/spaces/:spaceName',
      path: (c) => `/api/spaces/${p(spaceName(c))}`,
      body: () => ({ allow_self_registration: true }),
    },
  },
  {
    procedure: 'spaces.delete',
    level: 'admin',
    consumes: 'space',
    input: (c) => ({ space_name: spaceName(c) }),
    rest: {
      method: 'DELETE',
      route: '/api/spaces/:spaceName',
      path: (c) => `/api/spaces/${p(spaceName(c))}`,
    },
  },
  // auth
  {
    procedure: 'auth.login',
    level: 'public',
    input: (c) => ({
      space_name: c.world.space.name,
      encrypted_space_name: c.world.space.verifier,
      username: c.world.member.username,
    }),
    rest: {
      method: 'POST',
      route: '/api/auth/login',
      path: () => '/api/auth/login',
      body: (c) => ({
        space_name: c.world.space.name,
        encrypted_space_name: c.world.space.verifier,
        username: c.world.member.username,
      }),
    },
  },
  {
    procedure: 'auth.logout',
    level: 'session',
    consumes: 'session',
    input: () => ({}),
    rest: { method: 'POST', route: '/api/auth/logout', path: () => '/api/auth/logout' },
  },
  {
    procedure: 'auth.session',
    level: 'session',
    input: () => ({}),
    rest: { method: 'GET', route: '/api/auth/session', path: () => '/api/auth/session' },
  },
  // users
  {
    procedure: 'users.register',
    level: 'public',
    input: (c) => ({
      space_name: c.world.space.name,
      username: `reg${c.unique}`,
      encrypted_space_name: c.world.space.verifier,
    }),
    rest: {
      method: 'POST',
      route: '/api/spaces/:spaceName/users/register',
      path: (c) => `/api/spaces/${p(c.world.space.name)}/users/register`,
      body: (c) => ({ username: `reg${c.unique}`, encrypted_space_name: c.world.space.verifier }),
    },
  },
  {
    procedure: 'users.list',
    level: 'member',
    input: (c) => ({ space_name: spaceName(c) }),
    rest: {
      method: 'GET',
      route: '/api/spaces/:spaceName/users',
      path: (c) => `/api/spaces/${p(spaceName(c))}/users`,
    },
  },
  {
    procedure: 'users.usernames',
    level: 'member',
    input: (c) => ({ space_name: spaceName(c) }),
    rest: {
      method: 'GET',
      route: '/api/spaces/:spaceName/usernames',
      path: (c) => `/api/spaces/${p(spaceName(c))}/usernames`,
    },
  },
  {
    procedure: 'users.create',
    level: 'admin',
    input: (c) => ({ space_name: spaceName(c), username: `add${c.unique}` }),
    rest: {
      method: 'POST',
      route: '/api/spaces/:spaceName/users',
      path: (c) => `/api/spaces/${p(spaceName(c))}/users`,
      body: (c) => ({ username: `add${c.unique}` }),
    },
  },
  {
    // Any user may rename themself (spec §6) — here to the name they have.
    procedure: 'users.update',
    variant: 'rename self',
    level: 'member',
    input: (c) => ({
      space_name: spaceName(c),
      user_id: (c.actor ?? c.world.member).userId,
      username: (c.actor ?? c.world.member).username,
    }),
    rest: {
      method: 'PUT',
      route: '/api/spaces/:spaceName/users/:userId',
      path: (c) => userPath(c, (c.actor ?? c.world.member).userId),
      body: (c) => ({ username: (c.actor ?? c.world.member).username }),
    },
  },
  {
    // Only admins change roles (spec §6) — here another user's, to the role it has.
    procedure: 'users.update',
    variant: 'role',
    level: 'admin',
    input: (c) => ({ space_name: spaceName(c), user_id: c.world.victimId, role: 'member' }),
    rest: {
      method: 'PUT',
      route: '/api/spaces/:spaceName/users/:userId',
      path: (c) => userPath(c, c.world.victimId),
      body: () => ({ role: 'member' }),
    },
  },
  {
    procedure: 'users.delete',
    level: 'admin',
    prepare: async (c) => ({ userId: await addUserAsAdmin(c.world, `del${c.unique}`) }),
    input: (c) => ({ space_name: spaceName(c), user_id: c.scratch.userId }),
    rest: {
      method: 'DELETE',
      route: '/api/spaces/:spaceName/users/:userId',
      path: (c) => userPath(c, c.scratch.userId ?? ''),
    },
  },
  // content
  {
    procedure: 'content.list',
    level: 'member',
    input: (c) => ({ space_name: spaceName(c) }),
    rest: {
      method: 'GET',
      route: '/api/content/:spaceName/tools',
      path: (c) => `/api/content/${p(spaceName(c))}/tools`,
    },
  },
  {
    procedure: 'content.get',
    level: 'member',
    input: (c) => ({ space_name: spaceName(c), tool: 'kanban' }),
    rest: {
      method: 'GET',
      route: '/api/content/:spaceName/:tool',
      path: (c) => `/api/content/${p(spaceName(c))}/kanban`,
    },
  },
  // The app's way to open a tool: like content.get, with null for "no content yet" (tRPC only).
  {
    procedure: 'content.find',
    level: 'member',
    input: (c) => ({ space_name: spaceName(c), tool: 'kanban' }),
  },
  {
    procedure: 'content.changes',
    level: 'member',
    input: (c) => ({ space_name: spaceName(c), tool: 'kanban', since: 0 }),
    rest: {
      method: 'GET',
      route: '/api/content/:spaceName/:tool/changes',
      path: (c) => `/api/content/${p(spaceName(c))}/kanban/changes?since=0`,
    },
  },
  // A snapshot of kanban's first version: older than or as old as the stored one, so nothing changes.
  {
    procedure: 'content.snapshot',
    level: 'member',
    input: (c) => ({
      space_name: spaceName(c),
      tool: 'kanban',
      version: 1,
      encrypted_data: c.world.envelope,
    }),
    rest: {
      method: 'PUT',
      route: '/api/content/:spaceName/:tool/snapshot',
      path: (c) => `/api/content/${p(spaceName(c))}/kanban/snapshot`,
      body: (c) => ({ version: 1, encrypted_data: c.world.envelope }),
    },
  },
  // A first save (version 0) of poker, which each cell clears first.
  {
    procedure: 'content.save',
    level: 'member',
    prepare: async (c) => {
      await clearAsAdmin(c.world, 'poker');
      return {};
    },
    input: (c) => ({
      space_name: spaceName(c),
      tool: 'poker',
      encrypted_data: c.world.envelope,
      metadata: { version: 0 },
    }),
    rest: {
      method: 'PUT',
      route: '/api/content/:spaceName/:tool',
      path: (c) => `/api/content/${p(spaceName(c))}/poker`,
      body: (c) => ({ encrypted_data: c.world.envelope, metadata: { version: 0 } }),
    },
  },
  // The delete of bulletin, which each cell saves first.
  {
    procedure: 'content.delete',
    level: 'member',
    prepare: async (c) => {
      await saveAsAdmin(c.world, 'bulletin');
      return {};
    },
    input: (c) => ({ space_name: spaceName(c), tool: 'bulletin' }),
    rest: {
      method: 'DELETE',
      route: '/api/content/:spaceName/:tool',
      path: (c) => `/api/content/${p(spaceName(c))}/bulletin`,
    },
  },
  // history: members only, like content
  {
    procedure: 'history.list',
    level: 'member',
    input: (c) => ({ space_name: spaceName(c), tool: 'kanban', limit: 10 }),
    rest: {
      method: 'GET',
      route: '/api/content/:spaceName/:tool/history',
      path: (c) => `/api/content/${p(spaceName(c))}/kanban/history?limit=10`,
    },
  },
  {
    procedure: 'history.version',
    level: 'member',
    input: (c) => ({ space_name: spaceName(c), tool: 'kanban', version: 1 }),
    rest: {
      method: 'GET',
      route: '/api/content/:spaceName/:tool/history/:version',
      path: (c) => `/api/content/${p(spaceName(c))}/kanban/history/1`,
    },
  },
  {
    procedure: 'history.changes',
    level: 'member',
    input: (c) => ({ space_name: spaceName(c), tool: 'kanban', version: 1, after: 0 }),
    rest: {
      method: 'GET',
      route: '/api/content/:spaceName/:tool/history/:version/changes',
      path: (c) => `/api/content/${p(spaceName(c))}/kanban/history/1/changes?after=0`,
    },
  },
  // realtime (the raw socket is its own row below)
  {
    procedure: 'realtime.onEvent',
    level: 'member',
    input: (c) => ({ space_name: spaceName(c), client_id: `c${c.unique}` }),
  },
  { procedure: 'realtime.connect', level: 'member', input: (c) => ({ space_name: spaceName(c) }) },
  {
    procedure: 'realtime.join',
    level: 'member',
    input: (c) => ({ space_name: spaceName(c), client_id: `c${c.unique}` }),
  },
  {
    procedure: 'content.propose',
    level: 'member',
    input: (c) => ({
      space_name: spaceName(c),
      tool: 'kanban',
      base_version: 1,
      operations: [PROPOSED_OPERATION],
      client_id: `c${c.unique}`,
    }),
  },
  {
    procedure: 'realtime.announce',
    level: 'member',
    input: (c) => ({ space_name: spaceName(c), tool: 'kanban', client_id: `c${c.unique}` }),
  },
  {
    procedure: 'realtime.leave',
    level: 'member',
    input: (c) => ({ space_name: spaceName(c), client_id: `c${c.unique}` }),
  },
  {
    procedure: 'realtime.heartbeat',
    level: 'member',
    input: (c) => ({ space_name: spaceName(c) }),
  },
];

/** REST routes that map onto no procedure: the server's own service paths and the raw socket. */
interface ServiceRoute {
  method: string;
  route: string;
  level: Level;
  websocket?: boolean;
  path: (c: CellContext) => string;
}

const SERVICE_ROUTES: ServiceRoute[] = [
  { method: 'GET', route: '/api/health', level: 'public', path: () => '/api/health' },
  { method: 'GET', route: '/api/csrf', level: 'public', path: () => '/api/csrf' },
  {
    method: 'GET',
    route: '/api/openapi.json',
    level: 'public',
    path: () => '/api/openapi.json',
  },
  {
    method: 'GET',
    route: '/api/ws/:spaceName',
    level: 'member',
    websocket: true,
    path: (c) => `/api/ws/${p(spaceName(c))}`,
  },
];

/** The API reference (Swagger UI and its files): public, every route under this prefix. */
const PUBLIC_DOCS_PREFIX = '/api/docs';

/** tRPC's own routes: every procedure is covered through them in the tRPC sections below. */
const TRPC_ROUTES = new Set(['/trpc', '/trpc/:path']);

// ---- calling ----------------------------------------------------------------------------------

/** A tRPC client over its own WebSocket, authenticated (or not) by `connectionParams`. */
interface WsCaller {
  client: TRPCUntypedClient<AnyTRPCRouter>;
  close(): Promise<void>;
}

function wsCaller(server: TestServer, token: string | null): WsCaller {
  const wsClient = createWSClient({
    url: `${server.wsUrl}/trpc`,
    WebSocket: WebSocket as unknown as typeof globalThis.WebSocket,
    connectionParams: token ? { token } : {},
  });
  const client = createTRPCUntypedClient<AnyTRPCRouter>({
    links: [wsLink({ client: wsClient, transformer: superjson })],
  });
  return { client, close: () => wsClient.close() };
}

/** The HTTP status a tRPC error stands for (the error formatter keeps `httpStatus`). */
function statusOfClientError(error: unknown): number {
  if (error instanceof TRPCClientError) {
    const data = (error as TRPCClientError<AnyTRPCRouter>).data as
      { httpStatus?: unknown } | undefined;
    if (typeof data?.httpStatus === 'number') return data.httpStatus;
  }
  throw error instanceof Error ? error : new Error(String(error));
}

const SUBSCRIPTION_WAIT_MS = 15_000;
const noop = (): void => undefined;
const TRIGGER_EVERY_MS = 300;

/**
 * Saves content (randomizer's) in the space every TRIGGER_EVERY_MS until stopped, so that a
 * subscription that was accepted sees an event however late it started listening.
 */
function keepTriggering(c: CellContext): () => void {
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    // Cells running at once trigger in the same space: a save that keeps meeting theirs is
    // no loss, theirs made the event.
    void saveAsAdmin(c.world, 'randomizer')
      .catch((error: unknown) => {
        if (!(error instanceof SaveKeptMeetingNewerVersions)) throw error;
      })
      .finally(() => {
        if (!stopped) setTimeout(tick, TRIGGER_EVERY_MS);
      });
  };
  tick();
  return () => {
    stopped = true;
  };
}

/** A subscription over tRPC's WebSocket: 200 once an event arrives, else the error's status. */
function subscribeOverWs(caller: WsCaller, path: string, input: unknown, c: CellContext) {
  return new Promise<number>((resolve, reject) => {
    let stopTriggering = noop;
    let subscription: { unsubscribe(): void } | null = null;
    const state = { done: false };
    const end = () => {
      state.done = true;
      clearTimeout(timer);
      stopTriggering();
      subscription?.unsubscribe();
    };
    const timer = setTimeout(() => {
      end();
      reject(new Error(`${path}: neither an event nor an error within ${SUBSCRIPTION_WAIT_MS} ms`));
    }, SUBSCRIPTION_WAIT_MS);
    const finish = (status: number) => {
      end();
      resolve(status);
    };
    subscription = caller.client.subscription(path, input, {
      onStarted: () => {
        stopTriggering = keepTriggering(c);
      },
      onData: () => finish(200),
      onError: (error) => {
        try {
          finish(statusOfClientError(error));
        } catch (unexpected) {
          end();
          reject(unexpected instanceof Error ? unexpected : new Error(String(unexpected)));
        }
      },
    });
    if (state.done) subscription.unsubscribe();
  });
}

/**
 * A subscription over HTTP (tRPC's server-sent events): the stream opens with 200 either way, so
 * the answer is its first `serialized-error` (its status) or its first data event (200).
 */
async function subscribeOverSse(
  server: TestServer,
  path: string,
  input: unknown,
  c: CellContext,
): Promise<number> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), SUBSCRIPTION_WAIT_MS);
  const query = encodeURIComponent(JSON.stringify(superjson.serialize(input)));
  let stopTriggering = noop;
  try {
    const res = await fetch(`${server.url}/trpc/${path}?input=${query}`, {
      headers: c.token ? { authorization: `Bearer ${c.token}` } : {},
      signal: abort.signal,
    });
    if (!res.ok || !res.body) return res.status;
    stopTriggering = keepTriggering(c);
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return 0;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) !== -1) {
        const message = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(message)?.[1] ?? 'message';
        const data = /^data: (.*)$/m.exec(message)?.[1] ?? '';
        if (event === 'serialized-error') {
          const parsed = JSON.parse(data) as { json?: { data?: { httpStatus?: number } } };
          return parsed.json?.data?.httpStatus ?? 0;
        }
        if (event === 'message' && data) return 200;
      }
    }
  } finally {
    clearTimeout(timer);
    stopTriggering();
    abort.abort();
  }
}

/** Opens the raw socket: 101 when it opens, else the HTTP status of the refusal. */
function upgradeStatus(url: string): Promise<number> {
  const socket = new WebSocket(url);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.terminate();
      reject(new Error(`no answer to the upgrade of ${url}`));
    }, SUBSCRIPTION_WAIT_MS);
    socket.on('error', () => {
      // Expected once a refused handshake is aborted.
    });
    socket.once('open', () => {
      clearTimeout(timer);
      socket.close(1000);
      resolve(101);
    });
    socket.once('unexpected-response', (_request, response) => {
      clearTimeout(timer);
      response.resume();
      socket.terminate();
      resolve(response.statusCode ?? 0);
    });
  });
}

type ProcedureType = 'query' | 'mutation' | 'subscription';

/** `{ 'spaces.create': 'mutation', … }`: every procedure of the app router. */
function procedureTypes(): Map<string, ProcedureType> {
  // At run time `_def.procedures` is flat, keyed by dotted path (its type shows the nesting).
  const procedures = appRouter._def.procedures as unknown as Record<
    string,
    { _def: { type: ProcedureType } }
  >;
  return new Map(Object.entries(procedures).map(([path, proc]) => [path, proc._def.type]));
}

async function callTrpcOverHttp(
  server: TestServer,
  path: string,
  type: ProcedureType,
  c: CellContext,
  input: unknown,
): Promise<number> {
  if (type === 'subscription') return subscribeOverSse(server, path, input, c);
  const headers: Record<string, string> = c.token ? { authorization: `Bearer ${c.token}` } : {};
  const encoded = JSON.stringify(superjson.serialize(input));
  const res =
    type === 'query'
      ? await fetch(`${server.url}/trpc/${path}?input=${encodeURIComponent(encoded)}`, { headers })
      : await fetch(`${server.url}/trpc/${path}`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: encoded,
        });
  await res.arrayBuffer();
  return res.status;
}

async function callTrpcOverWs(
  server: TestServer,
  path: string,
  type: ProcedureType,
  c: CellContext,
  input: unknown,
): Promise<number> {
  const caller = wsCaller(server, c.token);
  try {
    if (type === 'subscription') return await subscribeOverWs(caller, path, input, c);
    try {
      if (type === 'query') await caller.client.query(path, input);
      else await caller.client.mutation(path, input);
      return 200;
    } catch (error) {
      return statusOfClientError(error);
    }
  } finally {
    await caller.close();
  }
}

// ---- the matrix --------------------------------------------------------------------------------

type Transport = 'REST' | 'tRPC/HTTP' | 'tRPC/WS';

interface Row {
  transport: Transport;
  label: string;
  level: Level;
  consumes?: 'session' | 'space';
  prepare?: Operation['prepare'];
  call(c: CellContext): Promise<number>;
}

function restRows(): Row[] {
  const rows: Row[] = [];
  for (const op of OPERATIONS) {
    const rest = op.rest;
    if (!rest) continue;
    rows.push({
      transport: 'REST',
      label: `${rest.method} ${rest.route}${op.variant ? ` (${op.variant})` : ''}`,
      level: op.level,
      ...(op.consumes ? { consumes: op.consumes } : {}),
      ...(op.prepare ? { prepare: op.prepare } : {}),
      call: async (c) => {
        const body = rest.body?.(c);
        const res = await api(c.world.server, rest.method, rest.path(c), {
          ...(c.token ? { token: c.token } : {}),
          ...(body !== undefined ? { body } : {}),
        });
        return res.status;
      },
    });
  }
  for (const service of SERVICE_ROUTES) {
    rows.push({
      transport: 'REST',
      label: `${service.method} ${service.route}${service.websocket ? ' (WebSocket)' : ''}`,
      level: service.level,
      call: async (c) => {
        if (service.websocket) {
          const query = c.token ? { token: c.token } : {};
          return upgradeStatus(wsUrlFor(c.world.server, spaceName(c), query));
        }
        const res = await api(c.world.server, service.method, service.path(c), {
          ...(c.token ? { token: c.token } : {}),
        });
        return res.status;
      },
    });
  }
  return rows;
}

function trpcRows(transport: 'tRPC/HTTP' | 'tRPC/WS'): Row[] {
  const types = procedureTypes();
  return OPERATIONS.map((op) => {
    const type = types.get(op.procedure) ?? 'query';
    return {
      transport,
      label: `${op.procedure}${op.variant ? ` (${op.variant})` : ''} [${type}]`,
      level: op.level,
      ...(op.consumes ? { consumes: op.consumes } : {}),
      ...(op.prepare ? { prepare: op.prepare } : {}),
      call: (c) =>
        transport === 'tRPC/HTTP'
          ? callTrpcOverHttp(c.world.server, op.procedure, type, c, op.input(c))
          : callTrpcOverWs(c.world.server, op.procedure, type, c, op.input(c)),
    };
  });
}

/** A token of the right form that no session has: the member's with its last character changed. */
function forge(token: string): string {
  const last = token.slice(-1);
  return `${token.slice(0, -1)}${last === 'a' ? 'b' : 'a'}`;
}

let uniqueCounter = 0;

async function freshLogin(world: World, space: ClientSpace, actor: Actor): Promise<Actor> {
  const { token } = await loginOverRest(world.server, space, actor.username, { register: false });
  return { ...actor, token };
}

/** Builds the context of one cell: who calls, with which token, about which space. */
async function cellContext(world: World, row: Row, cell: Cell): Promise<CellContext> {
  uniqueCounter += 1;
  const expect = expectedOutcome(row.level, cell);
  const ownSession = row.consumes === 'session' && expect === 'ok';
  let space = world.space;
  let actor: Actor | null = null;
  let token: string | null = null;
  switch (cell) {
    case 'none':
      break;
    case 'forged':
      token = forge(world.member.token);
      break;
    case 'expired': {
      // A public call never looks at the token: it may share one; any other takes its own.
      const expired = row.level === 'public' ? world.expired[0] : world.expired.pop();
      if (!expired) throw new Error('the pool of expired tokens is empty');
      token = expired;
      break;
    }
    case 'otherSpace':
      actor = ownSession ? await freshLogin(world, world.otherSpace, world.other) : world.other;
      break;
    case 'member':
      actor = ownSession ? await freshLogin(world, world.space, world.member) : world.member;
      break;
    case 'admin':
      if (row.consumes === 'space' && expect === 'ok') {
        space = await createSpaceOverRest(world.server, { key: SPACE_KEY });
        const owner = await loginOverRest(world.server, space, 'owner');
        actor = { token: owner.token, userId: owner.userId, username: 'owner' };
      } else {
        actor = ownSession ? await freshLogin(world, world.space, world.admin) : world.admin;
      }
      break;
  }
  if (actor) token = actor.token;
  const c: CellContext = {
    world,
    cell,
    expect,
    space,
    actor,
    token,
    unique: `m${uniqueCounter}`,
    scratch: {},
  };
  if (row.prepare) c.scratch = await row.prepare(c);
  return c;
}

interface CellResult {
  status: number;
  pass: boolean;
}

const results = new Map<Transport, { row: Row; cells: Record<Cell, CellResult> }[]>();

async function runRow(world: World, row: Row): Promise<string[]> {
  const failures: string[] = [];
  const cells = {} as Record<Cell, CellResult>;
  for (const cell of CELLS) {
    const c = await cellContext(world, row, cell);
    let status: number;
    try {
      status = await row.call(c);
    } catch (error) {
      failures.push(`${row.label} × ${cell}: ${String(error)}`);
      status = 0;
    }
    const pass = c.expect === 'ok' ? isSuccess(status) : status === c.expect;
    cells[cell] = { status, pass };
    if (!pass) failures.push(`${row.label} × ${cell}: expected ${c.expect}, got ${status}`);
  }
  const list = results.get(row.transport) ?? [];
  list.push({ row, cells });
  results.set(row.transport, list);
  return failures;
}

function printSummary(): void {
  const width = Math.max(...[...results.values()].flat().map(({ row }) => row.label.length));
  const lines: string[] = [];
  let checks = 0;
  let failed = 0;
  for (const [transport, rows] of results) {
    lines.push(
      `${transport.padEnd(width)}  level    ${CELLS.map((cell) => CELL_TITLES[cell].padStart(8)).join('')}`,
    );
    for (const { row, cells } of rows) {
      const marks = CELLS.map((cell) => {
        const { status, pass } = cells[cell];
        checks += 1;
        if (!pass) failed += 1;
        return `${pass ? '' : '✗'}${status}`.padStart(8);
      }).join('');
      lines.push(`${row.label.padEnd(width)}  ${row.level.padEnd(7)}  ${marks}`);
    }
    lines.push('');
  }
  lines.push(
    `authorisation matrix: ${checks} calls, ${checks - failed} as spec §6 says, ${failed} not (✗)`,
  );
  console.log(lines.join('\n'));
}

// ---- the tests ---------------------------------------------------------------------------------

describe('authorisation matrix', () => {
  let world: World;
  let offsetMs = 0;
  const clock = () => new Date(Date.now() + offsetMs);

  beforeAll(async () => {
    const server = await startTestServer({ now: clock });
    const space = await createSpaceOverRest(server, { key: SPACE_KEY });
    const admin = await loginOverRest(server, space, 'owner');
    const member = await loginOverRest(server, space, 'member1');
    const otherSpace = await createSpaceOverRest(server, { key: SPACE_KEY });
    const other = await loginOverRest(server, otherSpace, 'stranger');
    world = {
      server,
      space,
      admin: { ...admin, username: 'owner' },
      member: { ...member, username: 'member1' },
      otherSpace,
      other: { ...other, username: 'stranger' },
      victimId: '',
      envelope: await encryptJson({ title: 'Board', phases: [] }, SPACE_KEY),
      expired: [],
    };
    world.victimId = await addUserAsAdmin(world, 'victim');
    await saveAsAdmin(world, 'kanban');

    // One expired session per protected row (and one the public rows share): issued
    // SESSION_IDLE_MS + 5 min ago, valid back then.
    const rows = [...restRows(), ...trpcRows('tRPC/HTTP'), ...trpcRows('tRPC/WS')];
    const needed = 1 + rows.filter((row) => row.level !== 'public').length;
    offsetMs = -(SESSION_IDLE_MS + 5 * 60 * 1000);
    try {
      for (let i = 0; i < needed; i += 8) {
        const batch = await Promise.all(
          Array.from({ length: Math.min(8, needed - i) }, async () => {
            const { token } = await loginOverRest(server, space, 'member1', { register: false });
            const check = await api(server, 'GET', '/api/auth/session', { token });
            if (check.status !== 200) throw new Error(`a fresh session answered ${check.status}`);
            return token;
          }),
        );
        world.expired.unshift(...batch);
      }
    } finally {
      offsetMs = 0;
    }
  }, 240_000);

  afterAll(async () => {
    if (results.size > 0) printSummary();
    await world.server.close();
  });

  it('has a row for every REST route and every procedure, and none for a route that is gone', () => {
    const registered = listRoutes(world.server.app).filter(
      (route) => route.url.startsWith('/api') || route.url.startsWith('/trpc'),
    );
    const key = (route: RegisteredRoute) => `${route.method} ${route.url}`;
    const covered = new Set([
      ...OPERATIONS.flatMap((op) => (op.rest ? [`${op.rest.method} ${op.rest.route}`] : [])),
      ...SERVICE_ROUTES.map((route) => `${route.method} ${route.route}`),
    ]);
    const isCoveredElsewhere = (route: RegisteredRoute) =>
      TRPC_ROUTES.has(route.url) ||
      route.url === PUBLIC_DOCS_PREFIX ||
      route.url.startsWith(`${PUBLIC_DOCS_PREFIX}/`);
    const missing = registered.filter((r) => !covered.has(key(r)) && !isCoveredElsewhere(r));
    expect(missing.map(key), 'REST routes without a row in the authorisation table').toEqual([]);
    const registeredKeys = new Set(registered.map(key));
    const stale = [...covered].filter((entry) => !registeredKeys.has(entry));
    expect(stale, 'rows for REST routes the server does not have').toEqual([]);

    const procedures = [...procedureTypes().keys()];
    const withRows = new Set(OPERATIONS.map((op) => op.procedure));
    expect(
      procedures.filter((path) => !withRows.has(path)),
      'procedures without a row in the authorisation table',
    ).toEqual([]);
    expect(
      [...withRows].filter((path) => !procedures.includes(path)),
      'rows for procedures the router does not have',
    ).toEqual([]);
  });

  it('answers every REST route as spec §6 allows', { timeout: 300_000 }, async () => {
    const failures: string[] = [];
    for (const row of restRows()) failures.push(...(await runRow(world, row)));
    // The API reference pages: public, so every caller gets them.
    const docs = listRoutes(world.server.app).filter(
      (r) => r.method === 'GET' && r.url.startsWith(PUBLIC_DOCS_PREFIX) && !/[*:]/.test(r.url),
    );
    for (const route of docs) {
      failures.push(
        ...(await runRow(world, {
          transport: 'REST',
          label: `GET ${route.url}`,
          level: 'public',
          // Plain fetch: these are pages and files, outside the JSON contract `api` checks.
          call: async (c) => {
            const res = await fetch(`${c.world.server.url}${route.url}`, {
              headers: c.token ? { authorization: `Bearer ${c.token}` } : {},
              redirect: 'manual',
            });
            await res.arrayBuffer();
            return res.status;
          },
        })),
      );
    }
    expect(failures).toEqual([]);
  });

  for (const transport of ['tRPC/HTTP', 'tRPC/WS'] as const) {
    it(
      `answers every procedure over ${transport} as spec §6 allows`,
      { timeout: 300_000 },
      async () => {
        const failures: string[] = [];
        for (const row of trpcRows(transport)) failures.push(...(await runRow(world, row)));
        expect(failures).toEqual([]);
      },
    );
  }

  it('lets no call of a refused cell change anything', async () => {
    // The refused admin calls above would have renamed, promoted or deleted: all still as before.
    const users = await api(world.server, 'GET', `/api/spaces/${p(world.space.name)}/users`, {
      token: world.admin.token,
    });
    expect(users.status).toBe(200);
    const byName = new Map(
      (users.body as { users: { username: string; role: string }[] }).users.map((u) => [
        u.username,
        u.role,
      ]),
    );
    expect(byName.get('owner')).toBe('admin');
    expect(byName.get('member1')).toBe('member');
    expect(byName.get('victim')).toBe('member');
    const info = await api(world.server, 'GET', `/api/spaces/${p(world.space.name)}/info`);
    expect(info.status).toBe(200);
  });
});
