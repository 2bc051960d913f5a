/**
 * The DEFAULT body limit (issue 2 §5/§6: 413 for a body over the limit, "default 10 MB,
 * configurable"; config.ts BODY_LIMIT_BYTES = 10485760). The server here runs the configuration
 * `loadConfig` gives without BODY_LIMIT_BYTES, so this proves the default itself, not a test
 * override: one byte over is refused with 413 `{detail}` before the body is read, and a valid
 * save of exactly 10 MiB is stored.
 */
import { connect } from 'node:net';

import { encryptJson } from '@cipherspace/crypto';
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

describe('default body limit: 10 MiB (BODY_LIMIT_BYTES unset)', () => {
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

  it('the harness runs the default configuration: 10485760 bytes', () => {
    expect(loadConfig({}).bodyLimitBytes).toBe(LIMIT);
    expect(server.app.initialConfig.bodyLimit).toBe(LIMIT);
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
