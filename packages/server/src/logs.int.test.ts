/**
 * Logs never contain a token, a verifier or ciphertext — at the most verbose level, across
 * logins, saves, failures, the raw WebSocket (token in its query) and tRPC. A client's mistakes
 * are logged once each, below error level and without a stack.
 */
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { PassThrough } from 'node:stream';

import { derivePasswordVerifier, encryptJson } from '@cipherspace/crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

import {
  api,
  createSpaceOverRest,
  loginOverRest,
  startTestServer,
  type TestServer,
} from './testing.ts';

/** A test server logging at `logLevel`; its log lines as they are written. */
async function startLoggingServer(
  logLevel: 'trace' | 'info',
): Promise<{ server: TestServer; lines: string[] }> {
  const lines: string[] = [];
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) =>
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean)),
  );
  const server = await startTestServer({ config: { logLevel }, logStream: stream });
  return { server, lines };
}

describe('log hygiene', () => {
  let server: TestServer;
  let lines: string[];

  beforeAll(async () => {
    ({ server, lines } = await startLoggingServer('trace'));
  });
  afterAll(async () => {
    await server.close();
  });

  it('logs requests but none of the secrets that pass through them', async () => {
    const space = await createSpaceOverRest(server, { force: true });
    const passwordVerifier = await derivePasswordVerifier(space.key, 'secret-password');
    const user = await loginOverRest(server, space, 'alice', { password: 'secret-password' });
    const path = `/api/content/${encodeURIComponent(space.name)}/kanban`;
    const envelope = await encryptJson({ card: 'plaintext never leaves the browser' }, space.key);
    const ciphertext = (JSON.parse(envelope) as { data: string }).data;

    expect(
      (await api(server, 'PUT', path, { token: user.token, body: { encrypted_data: envelope } }))
        .status,
    ).toBe(200);
    expect(
      (await api(server, 'PUT', path, { token: user.token, body: { encrypted_data: envelope } }))
        .status,
    ).toBe(409);
    expect((await api(server, 'GET', path, { token: user.token })).status).toBe(200);
    // Failures: wrong password, forged token, malformed body.
    await api(server, 'POST', '/api/auth/login', {
      body: {
        space_name: space.name,
        encrypted_space_name: space.verifier,
        username: 'alice',
        encrypted_password: space.verifier,
      },
    });
    await api(server, 'GET', path, { token: `${user.token.slice(0, -1)}a` });
    await api(server, 'PUT', path, {
      token: user.token,
      rawBody: `{"encrypted_data": ${JSON.stringify(envelope)}`,
    });
    // The raw WebSocket carries its token in the query string.
    const socket = new WebSocket(
      `${server.wsUrl}/api/ws/${encodeURIComponent(space.name)}?token=${user.token}`,
    );
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    socket.close();
    await new Promise((resolve) => socket.once('close', resolve));

    const log = lines.join('\n');
    expect(lines.length).toBeGreaterThan(10);
    expect(log).toContain('/api/ws/');
    for (const secret of [user.token, space.verifier, passwordVerifier, ciphertext, space.key]) {
      expect(log).not.toContain(secret);
    }
  });
});

/**
 * Opens a WebSocket on `path` by hand, writes `frame` as the first bytes after the 101, and
 * resolves once the server has ended the TCP connection (or after 5 s).
 */
function sendRawFrame(server: TestServer, path: string, frame: Buffer): Promise<void> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server kept ${path} open after a malformed frame`));
    }, 5000);
    let head = '';
    socket.on('data', (chunk: Buffer) => {
      if (head.includes('\r\n\r\n')) return;
      head += chunk.toString('latin1');
      if (!head.includes('\r\n\r\n')) return;
      if (!head.startsWith('HTTP/1.1 101')) reject(new Error(`upgrade refused: ${head}`));
      else socket.write(frame);
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve();
    });
    socket.write(
      `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
    );
  });
}

/** Frames that break RFC 6455 in four ways (a client's frames must be masked). */
const MALFORMED_FRAMES = [
  // A text frame without a mask.
  Buffer.from([0x81, 0x02, 0x68, 0x69]),
  // Opcode 3 (reserved), masked, empty.
  Buffer.from([0x83, 0x80, 1, 2, 3, 4]),
  // RSV2 set without an extension that defines it.
  Buffer.from([0xa1, 0x80, 1, 2, 3, 4]),
  // A text frame whose payload is not UTF-8 (mask 0: the payload as sent).
  Buffer.from([0x81, 0x82, 0, 0, 0, 0, 0xff, 0xfe]),
];

describe('client mistakes on the WebSockets', () => {
  let server: TestServer;
  let lines: string[];

  beforeAll(async () => {
    ({ server, lines } = await startLoggingServer('info'));
  });
  afterAll(async () => {
    await server.close();
  });

  it('360 malformed frames (raw WebSocket and tRPC) are logged once each, at info, without a stack', async () => {
    const space = await createSpaceOverRest(server);
    const user = await loginOverRest(server, space, 'mallory');
    const rawPath = `/api/ws/${encodeURIComponent(space.name)}?token=${user.token}`;
    const paths = [rawPath, '/trpc'];
    const frames = 360;
    const before = lines.length;
    const sends = Array.from(
      { length: frames },
      (_, i) => () =>
        sendRawFrame(server, paths[i % 2] ?? '/trpc', MALFORMED_FRAMES[i % 4] ?? Buffer.alloc(0)),
    );
    for (let i = 0; i < sends.length; i += 20) {
      await Promise.all(sends.slice(i, i + 20).map((send) => send()));
    }
    // The last lines are written as the connections end.
    await expect
      .poll(() => lines.slice(before).filter((line) => line.includes('websocket client error')))
      .toHaveLength(frames);

    const written = lines.slice(before).map((line) => JSON.parse(line) as Record<string, unknown>);
    const requestLines = new Set(['incoming request', 'request completed']);
    const about = written.filter((entry) => !requestLines.has(String(entry.msg)));
    expect(about.filter((entry) => Number(entry.level) >= 50)).toEqual([]);
    expect(lines.slice(before).filter((line) => line.includes('"stack"'))).toEqual([]);
    // One line per malformed frame, each short: code and reason, no error object.
    expect(about).toHaveLength(frames);
    for (const entry of about) {
      expect(entry).toMatchObject({ level: 30, msg: 'websocket client error: closed' });
      expect(entry.code).toMatch(/^WS_ERR_/);
      expect(entry.err).toBeUndefined();
    }
    expect(
      about.map((entry) => JSON.stringify(entry).length).reduce((a, b) => a + b, 0),
    ).toBeLessThan(frames * 400);
    expect((await api(server, 'GET', '/api/health')).status).toBe(200);
  });
});
