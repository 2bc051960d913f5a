/**
 * Acceptance of the server core: a third-party client written from the documents alone —
 * product spec §3/§7/§9, packages/crypto/README.md, docs/websocket.md, the OpenAPI document —
 * creates a space, registers the first user, logs in, saves encrypted content, sees the
 * `content_update` arrive on a second member's socket, reads the content back and decrypts it, and
 * gets the documented status codes for bad and unauthorised calls. No request is answered 5xx.
 *
 * The client imports nothing of @cipherspace/*: its crypto is node:crypto written from the README,
 * its transport is `fetch` and the `ws` package. The harness is used only to start a server.
 */
import { createCipheriv, createDecipheriv, createHash, pbkdf2, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

import { startTestServer, type TestServer } from './testing.ts';

// ---- crypto, from packages/crypto/README.md ---------------------------------------------------

const pbkdf2Async = promisify(pbkdf2);
/** README §2/§4: PBKDF2-HMAC-SHA-256, 100 000 iterations, 32-byte output. */
const ITERATIONS = 100_000;
/** README §4: the fixed domain salts of the two verifiers (UTF-8, no terminator). */
const SPACE_NAME_SALT = 'cipherspace/space-name-verifier/v1';
const PASSWORD_SALT = 'cipherspace/password-verifier/v1';

/** README §4: base64(PBKDF2(utf8(spaceKey + U+0000 + value), utf8(domainSalt))). */
async function verifier(spaceKey: string, value: string, domainSalt: string): Promise<string> {
  const bytes = await pbkdf2Async(
    Buffer.from(`${spaceKey}\u0000${value}`, 'utf8'),
    Buffer.from(domainSalt, 'utf8'),
    ITERATIONS,
    32,
    'sha256',
  );
  return bytes.toString('base64');
}
const spaceNameVerifier = (key: string, name: string) => verifier(key, name, SPACE_NAME_SALT);
const passwordVerifier = (key: string, password: string) => verifier(key, password, PASSWORD_SALT);

/** README §2: the AES-256 key of one envelope. */
function contentKey(spaceKey: string, salt: Buffer): Promise<Buffer> {
  return pbkdf2Async(Buffer.from(spaceKey, 'utf8'), salt, ITERATIONS, 32, 'sha256');
}

/** README §3: `{"data":…,"iv":…,"salt":…}`, AES-256-GCM, fresh 32-byte salt and 12-byte IV. */
async function encryptEnvelope(value: unknown, spaceKey: string): Promise<string> {
  const salt = randomBytes(32);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await contentKey(spaceKey, salt), iv, {
    authTagLength: 16,
  });
  const data = Buffer.concat([
    cipher.update(JSON.stringify(value), 'utf8'),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  return `{"data":"${data.toString('base64')}","iv":"${iv.toString('base64')}","salt":"${salt.toString('base64')}"}`;
}

const STRICT_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** README §3 reader: exactly data/iv/salt, strict base64, the documented lengths, then GCM. */
async function decryptEnvelope(envelope: string, spaceKey: string): Promise<unknown> {
  const parsed = JSON.parse(envelope) as Record<string, unknown>;
  expect(Object.keys(parsed).sort()).toEqual(['data', 'iv', 'salt']);
  const bytes = (member: string) => {
    const text = parsed[member];
    if (typeof text !== 'string' || !STRICT_BASE64.test(text)) throw new Error(`bad ${member}`);
    return Buffer.from(text, 'base64');
  };
  const [data, iv, salt] = [bytes('data'), bytes('iv'), bytes('salt')];
  if (iv.length !== 12 || salt.length !== 32 || data.length < 17) throw new Error('bad lengths');
  const decipher = createDecipheriv('aes-256-gcm', await contentKey(spaceKey, salt), iv, {
    authTagLength: 16,
  });
  decipher.setAuthTag(data.subarray(data.length - 16));
  const plaintext = Buffer.concat([decipher.update(data.subarray(0, -16)), decipher.final()]);
  return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(plaintext));
}

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

// ---- transport: fetch and ws, paths of spec §7 ---------------------------------------------------

interface Seen {
  what: string;
  status: number;
  body: unknown;
}
/** Every answer of this file (HTTP and refused upgrades), audited in afterAll. */
const seen: Seen[] = [];

interface Reply {
  status: number;
  body: unknown;
}

let server: TestServer;
const p = encodeURIComponent;

/** One HTTP call. `json` is sent as JSON; `raw` is sent exactly as given (as application/json). */
async function call(
  method: string,
  path: string,
  options: { json?: unknown; raw?: string; token?: string } = {},
): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  const body =
    options.raw ?? (options.json === undefined ? undefined : JSON.stringify(options.json));
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body }),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text (the audit then flags an error body that is not {detail})
  }
  seen.push({ what: `${method} ${path}`, status: response.status, body: parsed });
  return { status: response.status, body: parsed };
}

/** Asserts a documented error: the status and a body of exactly `{detail: <non-empty string>}`. */
function expectDetail(reply: Reply, status: number, detail?: string): void {
  expect(reply.status, JSON.stringify(reply.body)).toBe(status);
  expect(reply.body).toStrictEqual({ detail: detail ?? expect.stringMatching(/\S/) });
}

const socketUrl = (spaceName: string, query: Record<string, string>) =>
  `${server.wsUrl}/api/ws/${p(spaceName)}?${new URLSearchParams(query).toString()}`;

interface Message {
  type: string;
  space_name: string;
  timestamp: string;
  data: Record<string, unknown>;
}

/** An open raw WebSocket with every message it received, in order. */
interface Socket {
  socket: WebSocket;
  messages: Message[];
  next(type: string, from?: number): Promise<Message>;
}

/** Sockets this file opened, closed in afterAll. */
const openSockets: WebSocket[] = [];

function openSocket(url: string): Promise<Socket> {
  const socket = new WebSocket(url);
  openSockets.push(socket);
  const messages: Message[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (raw: Buffer) => {
    messages.push(JSON.parse(raw.toString('utf8')) as Message);
    for (const wake of [...waiters]) wake();
  });
  const next = (type: string, from = 0) =>
    new Promise<Message>((resolve, reject) => {
      const check = () => {
        const found = messages.slice(from).find((m) => m.type === type);
        if (!found) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve(found);
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no ${type} within 10 s; got ${JSON.stringify(messages)}`));
      }, 10_000);
      waiters.add(check);
      check();
    });
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ socket, messages, next }));
    socket.once('error', reject);
    socket.once('unexpected-response', (_req, res) =>
      reject(new Error(`upgrade refused: ${res.statusCode ?? 0}`)),
    );
  });
}

/** An upgrade the server must refuse: its HTTP status and parsed body (docs/websocket.md). */
function refusedUpgrade(url: string, what: string): Promise<Reply> {
  const socket = new WebSocket(url);
  return new Promise((resolve, reject) => {
    socket.on('error', () => undefined);
    socket.once('open', () => {
      socket.terminate();
      reject(new Error(`upgrade accepted: ${what}`));
    });
    socket.once('unexpected-response', (_req, res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.once('end', () => {
        const status = res.statusCode ?? 0;
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
        seen.push({ what: `upgrade ${what}`, status, body });
        socket.terminate();
        resolve({ status, body });
      });
    });
  });
}

// ---- the client's session state ---------------------------------------------------------------

const suffix = randomBytes(3).toString('hex');
/** Non-ASCII letters, a space and a dash (spec §5): must survive URL encoding everywhere. */
const SPACE = `Spec Client Über-Team ${suffix}`;
const KEY = 'Spëc-Client-Key#2025';
const ALICE_PASSWORD = 'alice-pässword';
const BOB_PASSWORD = 'bob-password';
const TOOL = 'kanban';
const CONTENT = {
  title: 'Sprint board — Grüße 🎉',
  phases: [{ id: 'todo', name: 'To Do', issues: [{ id: 'i1', title: 'Write the spec client' }] }],
  version: 1,
};

let spaceVerifier: string;
let alice: { token: string; id: string };
let bob: { token: string; id: string };
let bobSocket: Socket;
let envelope: string;

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

beforeAll(async () => {
  server = await startTestServer();
  spaceVerifier = await spaceNameVerifier(KEY, SPACE);
});

afterAll(async () => {
  try {
    for (const socket of openSockets) socket.close(1000);
    const fiveHundreds = seen.filter((s) => s.status >= 500);
    expect(fiveHundreds, 'no answer of this file may be a 5xx').toEqual([]);
    const badBodies = seen.filter((s) => {
      if (s.status < 400) return false;
      const body = s.body as Record<string, unknown> | null;
      return (
        typeof body !== 'object' ||
        body === null ||
        Object.keys(body).length !== 1 ||
        typeof body.detail !== 'string'
      );
    });
    expect(badBodies, 'every error body is exactly {detail: string}').toEqual([]);
    expect(seen.filter((s) => s.status >= 400).length).toBeGreaterThanOrEqual(25);
  } finally {
    await server.close();
  }
});

describe('a third-party client written from the documents alone', () => {
  it('its hand-written crypto reproduces the worked examples of packages/crypto/README.md', async () => {
    // README §3 "Worked example" and §4 "Example": the literals are copied from the README.
    expect(
      await decryptEnvelope(
        '{"data":"O0Bj49T3GHrJzoqKlwNAMSAQ","iv":"EBESExQVFhcYGRob","salt":"QEFCQ0RFRkdISUpLTE1OT1BRUlNUVVZXWFlaW1xdXl8="}',
        'Abcdef12345!',
      ),
    ).toEqual({});
    expect(await spaceNameVerifier('Correct-Horse-Battery-9!', 'team-alpha')).toBe(
      'kTx7gezlwPX3Ta8XvWr8r6TqRW/tzYqBGcccC45O1nY=',
    );
    expect(await passwordVerifier('Correct-Horse-Battery-9!', 'team-alpha')).toBe(
      'p0oVE+9Ina4TjbuIDJjQyJaAa/ZaHlMiwX6lvWEou2k=',
    );
    expect(await spaceNameVerifier('Schlüssel-Äpfel#2024ß', 'Grüße aus Köln')).toBe(
      'IAZHbETeVKZrqf1ACXKVG5HsmXJTak1mmtiCjWwoFcc=',
    );
    // Its own envelopes have the documented shape and open again.
    const sample = await encryptEnvelope({ a: 'ü' }, KEY);
    expect(sample).toMatch(
      /^\{"data":"[A-Za-z0-9+/=]+","iv":"[A-Za-z0-9+/]{16}","salt":"[A-Za-z0-9+/]{43}="\}$/,
    );
    expect(await decryptEnvelope(sample, KEY)).toEqual({ a: 'ü' });
  });

  it('creates a space (POST /api/spaces/create → 201); info says the next registration is the first', async () => {
    const created = await call('POST', '/api/spaces/create', {
      json: {
        space_name: SPACE,
        encrypted_space_name: spaceVerifier,
        force_user_passwords: false,
        allow_self_registration: false,
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: SPACE,
      force_user_passwords: false,
      allow_self_registration: false,
      created_at: expect.stringMatching(ISO),
    });
    const info = await call('GET', `/api/spaces/${p(SPACE)}/info`);
    expect(info.status).toBe(200);
    expect(info.body).toStrictEqual({
      name: SPACE,
      force_user_passwords: false,
      allow_self_registration: false,
      is_first_user_registration: true,
    });
  });

  it('registers the first user, who becomes admin although self registration is off', async () => {
    const registered = await call('POST', `/api/spaces/${p(SPACE)}/users/register`, {
      json: {
        username: 'alice',
        encrypted_password: await passwordVerifier(KEY, ALICE_PASSWORD),
        encrypted_space_name: spaceVerifier,
      },
    });
    expect(registered.status).toBe(201);
    expect(registered.body).toMatchObject({ username: 'alice', role: 'admin' });
    const info = await call('GET', `/api/spaces/${p(SPACE)}/info`);
    expect(info.body).toMatchObject({ is_first_user_registration: false });
  });

  it('logs in (POST /api/auth/login → access_token, space, user)', async () => {
    const login = await call('POST', '/api/auth/login', {
      json: {
        space_name: SPACE,
        encrypted_space_name: spaceVerifier,
        username: 'alice',
        encrypted_password: await passwordVerifier(KEY, ALICE_PASSWORD),
      },
    });
    expect(login.status).toBe(200);
    const body = login.body as {
      access_token: string;
      space: Record<string, unknown>;
      user: { id: string; username: string };
    };
    expect(body.access_token).toMatch(/\S{20,}/);
    expect(body.space).toMatchObject({ name: SPACE });
    expect(body.user).toMatchObject({ username: 'alice', id: expect.any(String) });
    alice = { token: body.access_token, id: body.user.id };
  });

  it('the admin adds a second member, who logs in and opens the raw WebSocket', async () => {
    const added = await call('POST', `/api/spaces/${p(SPACE)}/users`, {
      token: alice.token,
      json: {
        username: 'bob',
        encrypted_password: await passwordVerifier(KEY, BOB_PASSWORD),
        role: 'member',
      },
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ username: 'bob', role: 'member' });

    const login = await call('POST', '/api/auth/login', {
      json: {
        space_name: SPACE,
        encrypted_space_name: spaceVerifier,
        username: 'bob',
        encrypted_password: await passwordVerifier(KEY, BOB_PASSWORD),
      },
    });
    expect(login.status).toBe(200);
    const body = login.body as { access_token: string; user: { id: string } };
    bob = { token: body.access_token, id: body.user.id };

    const users = await call('GET', `/api/spaces/${p(SPACE)}/users`, { token: bob.token });
    expect(users.status).toBe(200);
    expect(JSON.stringify(users.body)).toContain('"alice"');

    bobSocket = await openSocket(socketUrl(SPACE, { token: bob.token, session_id: bob.id }));
    // docs/websocket.md: every heartbeat is answered once with {response: 'pong'}.
    bobSocket.socket.send(JSON.stringify({ type: 'heartbeat', data: { ping: 1 } }));
    const pong = await bobSocket.next('heartbeat');
    expect(pong).toMatchObject({
      type: 'heartbeat',
      space_name: SPACE,
      data: { response: 'pong' },
    });
    expect(pong.timestamp).toMatch(ISO);
  });

  it("saves encrypted content with version 0, and the content_update arrives on the second member's socket", async () => {
    envelope = await encryptEnvelope(CONTENT, KEY);
    const from = bobSocket.messages.length;
    const saved = await call('PUT', `/api/content/${p(SPACE)}/${TOOL}`, {
      token: alice.token,
      json: {
        encrypted_data: envelope,
        metadata: { version: 0, modified_by: 'alice', last_modified: new Date().toISOString() },
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      id: expect.any(String),
      tool: TOOL,
      space_name: SPACE,
      content_metadata: { version: 1, modified_by: 'alice' },
    });
    // Metadata only on the socket (spec §3: tool, content_hash, modified_by, version).
    const update = await bobSocket.next('content_update', from);
    expect(update).toStrictEqual({
      type: 'content_update',
      space_name: SPACE,
      timestamp: expect.stringMatching(ISO),
      data: { tool: TOOL, content_hash: sha256Hex(envelope), modified_by: 'alice', version: 1 },
    });
    expect(JSON.stringify(bobSocket.messages)).not.toContain(JSON.parse(envelope).data as string);
  });

  it('reads the content back byte-exact and decrypts it to the original JSON', async () => {
    const read = await call('GET', `/api/content/${p(SPACE)}/${TOOL}`, { token: bob.token });
    expect(read.status).toBe(200);
    const record = read.body as { encrypted_data: string; content_metadata: { version: number } };
    expect(read.body).toMatchObject({ tool: TOOL, space_name: SPACE });
    expect(record.content_metadata.version).toBe(1);
    expect(record.encrypted_data).toBe(envelope);
    expect(await decryptEnvelope(record.encrypted_data, KEY)).toEqual(CONTENT);
    await expect(decryptEnvelope(record.encrypted_data, `${KEY}x`)).rejects.toThrow();
  });

  describe('documented status codes for bad and unauthorised calls, each with a {detail} body', () => {
    const content = () => `/api/content/${p(SPACE)}/${TOOL}`;

    it('400 malformed JSON; 422 wrong field types, missing fields, a body that is not an object', async () => {
      expectDetail(await call('POST', '/api/auth/login', { raw: '{"space_name": "x",' }), 400);
      expectDetail(await call('PUT', content(), { token: alice.token, raw: '{' }), 400);
      expectDetail(
        await call('POST', '/api/spaces/create', {
          json: {
            space_name: `Typed ${suffix}`,
            encrypted_space_name: spaceVerifier,
            force_user_passwords: 'yes',
            allow_self_registration: false,
          },
        }),
        422,
      );
      expectDetail(await call('POST', '/api/auth/login', { json: [SPACE, 'alice'] }), 422);
      expectDetail(
        await call('POST', '/api/auth/login', { json: { space_name: SPACE, username: 'alice' } }),
        422,
      );
      expectDetail(
        await call('PUT', content(), { token: alice.token, json: { encrypted_data: 'plain' } }),
        422,
      );
      expectDetail(
        await call('POST', '/api/spaces/create', {
          json: {
            space_name: 'no/slash',
            encrypted_space_name: spaceVerifier,
            force_user_passwords: false,
            allow_self_registration: false,
          },
        }),
        422,
      );
    });

    it('401: missing, forged token; unknown user → {"detail":"User not found"}; wrong space key or password', async () => {
      expectDetail(await call('GET', content()), 401);
      expectDetail(await call('PUT', content(), { json: { encrypted_data: envelope } }), 401);
      expectDetail(await call('GET', content(), { token: 'forged-token-0123456789abcdef' }), 401);
      expectDetail(
        await call('GET', `/api/spaces/${p(SPACE)}/users`, { token: `${alice.token}x` }),
        401,
      );

      const unknown = await call('POST', '/api/auth/login', {
        json: { space_name: SPACE, encrypted_space_name: spaceVerifier, username: 'nobody' },
      });
      expect(unknown.status).toBe(401);
      expect(unknown.body).toStrictEqual({ detail: 'User not found' });

      expectDetail(
        await call('POST', '/api/auth/login', {
          json: {
            space_name: SPACE,
            encrypted_space_name: await spaceNameVerifier(`${KEY}-wrong`, SPACE),
            username: 'alice',
            encrypted_password: await passwordVerifier(KEY, ALICE_PASSWORD),
          },
        }),
        401,
      );
      expectDetail(
        await call('POST', '/api/auth/login', {
          json: {
            space_name: SPACE,
            encrypted_space_name: spaceVerifier,
            username: 'alice',
            encrypted_password: await passwordVerifier(KEY, 'not-her-password'),
          },
        }),
        401,
      );
    });

    it('403: a member on admin routes; self registration off', async () => {
      expectDetail(
        await call('PUT', `/api/spaces/${p(SPACE)}`, {
          token: bob.token,
          json: { allow_self_registration: true },
        }),
        403,
      );
      expectDetail(
        await call('POST', `/api/spaces/${p(SPACE)}/users`, {
          token: bob.token,
          json: { username: 'carol', role: 'member' },
        }),
        403,
      );
      expectDetail(
        await call('DELETE', `/api/spaces/${p(SPACE)}/users/${alice.id}`, { token: bob.token }),
        403,
      );
      expectDetail(await call('DELETE', `/api/spaces/${p(SPACE)}`, { token: bob.token }), 403);
      expectDetail(
        await call('POST', `/api/spaces/${p(SPACE)}/users/register`, {
          json: { username: 'mallory', encrypted_space_name: spaceVerifier },
        }),
        403,
      );
      // The space is untouched.
      const info = await call('GET', `/api/spaces/${p(SPACE)}/info`);
      expect(info.body).toMatchObject({ allow_self_registration: false });
    });

    it('404: unknown space; a tool without content', async () => {
      const ghost = `Ghost Space ${suffix}`;
      expectDetail(await call('GET', `/api/spaces/${p(ghost)}`), 404);
      expectDetail(await call('GET', `/api/spaces/${p(ghost)}/info`), 404);
      expectDetail(
        await call('POST', '/api/auth/login', {
          json: {
            space_name: ghost,
            encrypted_space_name: await spaceNameVerifier(KEY, ghost),
            username: 'alice',
          },
        }),
        404,
      );
      expectDetail(
        await call('POST', `/api/spaces/${p(ghost)}/users/register`, {
          json: { username: 'alice', encrypted_space_name: await spaceNameVerifier(KEY, ghost) },
        }),
        404,
      );
      expectDetail(
        await call('GET', `/api/content/${p(SPACE)}/randomizer`, { token: bob.token }),
        404,
      );
    });

    it('409: stale version, existing username, existing space name', async () => {
      const stale = await call('PUT', content(), {
        token: bob.token,
        json: {
          encrypted_data: await encryptEnvelope({ lost: true }, KEY),
          metadata: { version: 0 },
        },
      });
      expectDetail(stale, 409);
      // Nothing was stored by the refused save.
      const read = await call('GET', content(), { token: bob.token });
      expect((read.body as { encrypted_data: string }).encrypted_data).toBe(envelope);

      expectDetail(
        await call('POST', `/api/spaces/${p(SPACE)}/users`, {
          token: alice.token,
          json: { username: 'bob', role: 'member' },
        }),
        409,
      );
      expectDetail(
        await call('PUT', `/api/spaces/${p(SPACE)}/users/${bob.id}`, {
          token: bob.token,
          json: { username: 'alice' },
        }),
        409,
      );
      expectDetail(
        await call('POST', '/api/spaces/create', {
          json: {
            space_name: SPACE,
            encrypted_space_name: spaceVerifier,
            force_user_passwords: false,
            allow_self_registration: true,
          },
        }),
        409,
      );
    });

    it('413: a body over the default limit of 10 MB', async () => {
      const huge = `{"encrypted_data":"${'A'.repeat(10 * 1024 * 1024)}","metadata":{"version":1}}`;
      expectDetail(await call('PUT', content(), { token: alice.token, raw: huge }), 413);
      const read = await call('GET', content(), { token: bob.token });
      expect((read.body as { encrypted_data: string }).encrypted_data).toBe(envelope);
    });

    it('refused WebSocket upgrades: no token or a forged one → 401, another space’s token → 403', async () => {
      expectDetail(await refusedUpgrade(socketUrl(SPACE, {}), 'no token'), 401);
      expectDetail(
        await refusedUpgrade(
          socketUrl(SPACE, { token: 'forged-token-0123456789abcdef' }),
          'forged',
        ),
        401,
      );
      expectDetail(
        await refusedUpgrade(
          socketUrl(SPACE, { token: bob.token, session_id: alice.id }),
          'session_id',
        ),
        403,
      );

      // A second space with its own admin: her token is no good for the first space.
      const other = `Other Crew ${suffix}`;
      const otherVerifier = await spaceNameVerifier(KEY, other);
      const created = await call('POST', '/api/spaces/create', {
        json: {
          space_name: other,
          encrypted_space_name: otherVerifier,
          force_user_passwords: false,
          allow_self_registration: true,
        },
      });
      expect(created.status).toBe(201);
      expect(
        (
          await call('POST', `/api/spaces/${p(other)}/users/register`, {
            json: { username: 'olga', encrypted_space_name: otherVerifier },
          })
        ).status,
      ).toBe(201);
      const login = await call('POST', '/api/auth/login', {
        json: { space_name: other, encrypted_space_name: otherVerifier, username: 'olga' },
      });
      const olga = (login.body as { access_token: string }).access_token;
      expectDetail(await refusedUpgrade(socketUrl(SPACE, { token: olga }), 'other space'), 403);
      expectDetail(await call('GET', content(), { token: olga }), 403);
      expectDetail(
        await call('PUT', content(), {
          token: olga,
          json: { encrypted_data: await encryptEnvelope({ x: 1 }, KEY), metadata: { version: 1 } },
        }),
        403,
      );
      // Bob's socket is still open and saw no event of the other space.
      expect(bobSocket.socket.readyState).toBe(WebSocket.OPEN);
      expect(bobSocket.messages.every((m) => m.space_name === SPACE)).toBe(true);
    });
  });
});
