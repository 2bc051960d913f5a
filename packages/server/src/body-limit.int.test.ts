/**
 * The DEFAULT body limit (413 for a body over the limit, default 10 MB, configurable;
 * config.ts BODY_LIMIT_BYTES = 10485760). The server here runs the configuration
 * `loadConfig` gives without BODY_LIMIT_BYTES, so this proves the default itself, not a test
 * override: one byte over is refused with 413 `{detail}` before the body is read, and a valid
 * save of exactly 10 MiB is stored.
 *
 * And the limits per route (rest-adapter body-limit.ts): SMALL_BODY_LIMIT_BYTES for every route
 * and for a content save without a live session, over REST and /trpc alike; JSON bodies held to
 * JSON_MAX_VALUES values and JSON_MAX_DEPTH levels; an early 413 readable by a client that
 * writes its whole body before reading (linger.ts).
 */
import { connect } from 'node:net';

import { encryptJson } from '@cipherspace/crypto';
import { SMALL_BODY_LIMIT_BYTES } from '@cipherspace/rest-adapter';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { loadConfig } from './config.ts';
import {
  api,
  createSpaceOverRest,
  loginOverRest,
  startTestServer,
  type ClientSpace,
  type TestServer,
} from './testing.ts';

const LIMIT = 10 * 1024 * 1024;

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Bytes of the request body written before the answer was complete. */
  bodyBytesSent: number;
}

/**
 * Sends the request head `head` over a raw TCP socket, then `bodyBytes` bytes of body in 64 KiB
 * chunks (stopping as soon as the answer is complete), and resolves with the parsed answer.
 */
function rawRequest(server: TestServer, head: string, bodyBytes = 0): Promise<RawAnswer> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    let received = Buffer.alloc(0);
    let sent = 0;
    let done = false;
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no complete answer within 20 s: ${received.toString('latin1')}`));
    }, 20_000);
    const finish = (answer: RawAnswer) => {
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(answer);
    };
    const tryParse = () => {
      const text = received.toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      if (end < 0) return;
      const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      const length = Number(headers['content-length'] ?? 'NaN');
      const body = received.subarray(end + 4);
      if (!Number.isFinite(length) || body.length < length) return;
      finish({
        status: Number(statusLine.split(' ')[1]),
        headers,
        body: body.subarray(0, length).toString('utf8'),
        bodyBytesSent: sent,
      });
    };
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      tryParse();
    });
    // The server may close its side after answering while the body is still being written.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      if (!done) {
        clearTimeout(timer);
        reject(new Error(`closed without a complete answer: ${received.toString('latin1')}`));
      }
    });
    socket.once('connect', () => {
      socket.write(head);
      const chunk = Buffer.alloc(64 * 1024, 0x41);
      const pump = () => {
        while (!done && sent < bodyBytes) {
          const n = Math.min(chunk.length, bodyBytes - sent);
          sent += n;
          if (!socket.write(chunk.subarray(0, n))) {
            socket.once('drain', pump);
            return;
          }
        }
      };
      pump();
    });
  });
}

const head = (method: string, path: string, headers: Record<string, string>) =>
  `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
  Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('') +
  '\r\n';

/** One server in the default configuration for every test; alice's board is at `path`. */
let server: TestServer;
let space: ClientSpace;
let user: { token: string; userId: string };
let path: string;

beforeAll(async () => {
  server = await startTestServer();
  space = await createSpaceOverRest(server);
  user = await loginOverRest(server, space, 'alice');
  path = `/api/content/${encodeURIComponent(space.name)}/kanban`;
});
afterAll(() => server.close());

describe('default body limit: 10 MiB (BODY_LIMIT_BYTES unset)', () => {
  it('the harness runs the default configuration: 10485760 bytes for content saves, 16 KiB elsewhere', () => {
    expect(loadConfig({}).bodyLimitBytes).toBe(LIMIT);
    expect(SMALL_BODY_LIMIT_BYTES).toBe(16 * 1024);
    expect(server.app.initialConfig.bodyLimit).toBe(SMALL_BODY_LIMIT_BYTES);
  });

  it('Content-Length: 10485761 → 413 {detail} at once, without the body being sent', async () => {
    const answer = await rawRequest(
      server,
      head('PUT', path, {
        authorization: `Bearer ${user.token}`,
        'content-type': 'application/json',
        'content-length': String(LIMIT + 1),
      }),
    );
    expect(answer.status).toBe(413);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(answer.body)).toStrictEqual({ detail: expect.stringMatching(/\S/) });
    expect(answer.bodyBytesSent).toBe(0);
  });

  it('the same without a token, and on a public route: 413, not 401', async () => {
    const routes: [string, string][] = [
      ['PUT', path],
      ['POST', '/api/spaces/create'],
      ['POST', '/api/auth/login'],
    ];
    for (const [method, route] of routes) {
      const answer = await rawRequest(
        server,
        head(method, route, {
          'content-type': 'application/json',
          'content-length': String(LIMIT + 1),
        }),
      );
      expect(answer.status, route).toBe(413);
      expect(JSON.parse(answer.body)).toStrictEqual({ detail: expect.any(String) });
    }
  });

  it('a chunked body (no Content-Length) that grows past 10 MiB → 413 {detail}', async () => {
    // One chunk header announcing LIMIT + 1 bytes, then the bytes themselves.
    const size = LIMIT + 1;
    const answer = await rawRequest(
      server,
      head('PUT', path, {
        authorization: `Bearer ${user.token}`,
        'content-type': 'application/json',
        'transfer-encoding': 'chunked',
      }) + `${size.toString(16)}\r\n`,
      size,
    );
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toStrictEqual({ detail: expect.any(String) });
  });

  it('a valid save of exactly 10485760 bytes is not refused for its size: 200, stored byte-exact', async () => {
    // ~7.8 MB of plaintext → an envelope of just under 10 MiB; JSON whitespace pads the body to
    // exactly the limit.
    const envelope = await encryptJson({ blob: 'x'.repeat(7_800_000) }, space.key);
    const json = JSON.stringify({ encrypted_data: envelope, metadata: { version: 0 } });
    const padding = LIMIT - Buffer.byteLength(json);
    expect(padding).toBeGreaterThan(0);
    expect(padding).toBeLessThan(200_000);
    const body = json + ' '.repeat(padding);
    expect(Buffer.byteLength(body)).toBe(LIMIT);

    const saved = await api(server, 'PUT', path, { token: user.token, rawBody: body });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ content_metadata: { version: 1 } });

    const read = await api(server, 'GET', path, { token: user.token });
    expect(read.status).toBe(200);
    expect((read.body as { encrypted_data: string }).encrypted_data === envelope).toBe(true);
  });

  it('one byte more of the same body → 413, and the stored content is unchanged', async () => {
    const envelope = await encryptJson({ blob: 'y'.repeat(7_800_000) }, space.key);
    const json = JSON.stringify({ encrypted_data: envelope, metadata: { version: 1 } });
    const body = json + ' '.repeat(LIMIT + 1 - Buffer.byteLength(json));
    const refused = await api(server, 'PUT', path, { token: user.token, rawBody: body });
    expect(refused.status).toBe(413);
    expect(refused.body).toStrictEqual({ detail: expect.any(String) });
    const read = await api(server, 'GET', path, { token: user.token });
    expect(read.body).toMatchObject({ content_metadata: { version: 1 } });
  });
});

/** `{"k0":0,"k1":0,…}` of at least `bytes` bytes (the shape of the measured JSON bomb). */
function keyBomb(bytes: number): string {
  const parts: string[] = [];
  let length = 1;
  while (length < bytes) {
    const member = `"k${parts.length}":0`;
    parts.push(member);
    length += member.length + 1;
  }
  return `{${parts.join(',')}}`;
}

describe('per-route limits: a few KiB without a session, BODY_LIMIT_BYTES for content saves', () => {
  it('a login announcing 1 MB → 413 {detail} at once, without the body being sent', async () => {
    const answer = await rawRequest(
      server,
      head('POST', '/api/auth/login', {
        'content-type': 'application/json',
        'content-length': String(1024 * 1024),
      }),
    );
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toStrictEqual({ detail: expect.stringMatching(/\S/) });
    expect(answer.bodyBytesSent).toBe(0);
  });

  it('auth, spaces and users routes refuse a 1 MB body with 413 {detail}; a small one is answered as before', async () => {
    const big = JSON.stringify({ space_name: space.name, padding: 'x'.repeat(1024 * 1024) });
    const routes: [string, string][] = [
      ['POST', '/api/auth/login'],
      ['POST', '/api/spaces/create'],
      ['POST', `/api/spaces/${encodeURIComponent(space.name)}/users/register`],
      ['PUT', `/api/spaces/${encodeURIComponent(space.name)}`],
    ];
    for (const [method, route] of routes) {
      const refused = await api(server, method, route, { token: user.token, rawBody: big });
      expect(refused.status, route).toBe(413);
      expect(refused.body, route).toStrictEqual({ detail: expect.stringMatching(/\S/) });
    }
    const login = await api(server, 'POST', '/api/auth/login', {
      body: { space_name: space.name, encrypted_space_name: space.verifier, username: 'alice' },
    });
    expect(login.status).toBe(200);
  });

  it('a chunked login body growing past the limit → 413 {detail}', async () => {
    const size = 1024 * 1024;
    const answer = await rawRequest(
      server,
      head('POST', '/api/auth/login', {
        'content-type': 'application/json',
        'transfer-encoding': 'chunked',
      }) + `${size.toString(16)}\r\n`,
      size,
    );
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toStrictEqual({ detail: expect.any(String) });
  });

  it('a content save of 1 MB without a session → 413; with one → 200', async () => {
    // The board at `path` has versions of the tests above: this one saves the pinboard's first.
    const notes = `/api/content/${encodeURIComponent(space.name)}/bulletin`;
    const envelope = await encryptJson({ blob: 'z'.repeat(750_000) }, space.key);
    const body = JSON.stringify({ encrypted_data: envelope, metadata: { version: 0 } });
    expect(Buffer.byteLength(body)).toBeGreaterThan(1_000_000);
    const anonymous = await api(server, 'PUT', notes, { rawBody: body });
    expect(anonymous.status).toBe(413);
    expect(anonymous.body).toStrictEqual({ detail: expect.any(String) });
    const forged = await api(server, 'PUT', notes, { token: 'forged-token', rawBody: body });
    expect(forged.status).toBe(413);
    const saved = await api(server, 'PUT', notes, { token: user.token, rawBody: body });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // A small body without a session is still answered as the contract says: 401.
    const small = await api(server, 'PUT', notes, {
      rawBody: JSON.stringify({ encrypted_data: '{}', metadata: { version: 1 } }),
    });
    expect(small.status).toBe(401);
  });

  it('a JSON bomb in a content save (over 200,000 keys) → 413 naming the bound, nothing stored', async () => {
    const before = await api(server, 'GET', path, { token: user.token });
    const bomb = `{"encrypted_data":"{}","metadata":${keyBomb(2_400_000)}}`;
    const refused = await api(server, 'PUT', path, { token: user.token, rawBody: bomb });
    expect(refused.status).toBe(413);
    expect(refused.body).toStrictEqual({ detail: expect.stringMatching(/JSON/) });
    const deep = `{"encrypted_data":"{}","metadata":{"a":${'['.repeat(10_000)}${']'.repeat(10_000)}}}`;
    const tooDeep = await api(server, 'PUT', path, { token: user.token, rawBody: deep });
    expect(tooDeep.status).toBe(413);
    expect(tooDeep.body).toStrictEqual({ detail: expect.stringMatching(/JSON/) });
    const after = await api(server, 'GET', path, { token: user.token });
    expect(after.body).toStrictEqual(before.body);
  });

  it('8 parallel 9.6 MB JSON bombs to /api/auth/login: each refused with 413, health still answers', async () => {
    const bomb = Buffer.from(keyBomb(9_600_000));
    const attacks = Array.from({ length: 8 }, async () => {
      const response = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: bomb,
      });
      return { status: response.status, body: await response.json() };
    });
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    for (const answer of await Promise.all(attacks)) {
      expect(answer).toStrictEqual({ status: 413, body: { detail: expect.any(String) } });
    }
  });

  it('a Node fetch client uploading 40 MB to a content route reads the 413 {detail}', async () => {
    const body = Buffer.alloc(40 * 1024 * 1024, 0x20);
    for (const token of [user.token, undefined]) {
      const response = await fetch(`${server.url}${path}`, {
        method: 'PUT',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body,
      });
      expect(response.status).toBe(413);
      expect(await response.json()).toStrictEqual({ detail: expect.stringMatching(/\S/) });
    }
  });

  it('the same over tRPC: auth procedures take a few KiB, an authenticated content.save takes BODY_LIMIT_BYTES', async () => {
    const big = 'x'.repeat(1024 * 1024);
    const login = await fetch(`${server.url}/trpc/auth.login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ json: { space_name: space.name, padding: big } }),
    });
    expect(login.status).toBe(413);
    const envelope = await encryptJson({ blob: 'w'.repeat(750_000) }, space.key);
    const current = (await api(server, 'GET', path, { token: user.token })).body as {
      content_metadata: { version: number };
    };
    const input = {
      space_name: space.name,
      tool: 'kanban',
      encrypted_data: envelope,
      metadata: { version: current.content_metadata.version },
    };
    const anonymous = await fetch(`${server.url}/trpc/content.save`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ json: input }),
    });
    expect(anonymous.status).toBe(413);
    // The web app's batched link, as it sends saves (two tools' saves in one request).
    const batch = await fetch(`${server.url}/trpc/content.save,content.save?batch=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
      body: JSON.stringify({
        0: { json: input },
        1: { json: { ...input, tool: 'ticket-system', metadata: { version: 0 } } },
      }),
    });
    expect(batch.status).toBe(200);
    const answers = (await batch.json()) as { result?: unknown; error?: unknown }[];
    expect(answers.map((answer) => 'result' in answer)).toStrictEqual([true, true]);
  });

  it("an authenticated content.snapshot over tRPC takes BODY_LIMIT_BYTES, as the web app's snapshot of a large board", async () => {
    const envelope = await encryptJson({ blob: 'v'.repeat(750_000) }, space.key);
    const current = (await api(server, 'GET', path, { token: user.token })).body as {
      content_metadata: { version: number };
    };
    const input = {
      space_name: space.name,
      tool: 'kanban',
      version: current.content_metadata.version,
      encrypted_data: envelope,
    };
    const send = (headers: Record<string, string>) =>
      fetch(`${server.url}/trpc/content.snapshot?batch=1`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ 0: { json: input } }),
      });
    expect((await send({})).status).toBe(413);
    const answer = await send({ authorization: `Bearer ${user.token}` });
    expect(answer.status).toBe(200);
    // The version's envelope is stored already (a whole save): nothing to do, but read and answered.
    expect(await answer.json()).toMatchObject([{ result: { data: { json: { stored: false } } } }]);
  });
});
