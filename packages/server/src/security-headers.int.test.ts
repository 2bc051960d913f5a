/**
 * Security headers on a real server: the exact
 * Content-Security-Policy and helmet's other headers on the app shell, an SPA route, a file, the
 * API and a 404 — and, over raw sockets, on every answer given before routing (a bad %-escape,
 * an over-long path parameter), by Node itself (no Host) or for bytes its parser rejects
 * (a 20 KB URL, a malformed request line), and on refused WebSocket upgrades; the frame source
 * is the bundled diagram editor on our own origin (`'self'`) unless
 * DIAGRAM_EDITOR_URL names another; no CORS headers are ever sent (the bundled editor's public
 * files under /diagram-editor/ have headers of their own: diagram-editor.int.test.ts).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestServer, type TestServer } from './testing.ts';

const EXPECTED_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "frame-src 'self'",
  "frame-ancestors 'none'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join(';');

/** Expects the CSP, helmet's other headers and no CORS header; `get` reads a response header. */
function expectSecurityHeaders(get: (name: string) => string | null | undefined) {
  expect(get('content-security-policy')).toBe(EXPECTED_CSP);
  expect(get('x-frame-options')).toBe('DENY');
  expect(get('x-content-type-options')).toBe('nosniff');
  expect(get('referrer-policy')).toBe('no-referrer');
  expect(get('strict-transport-security')).toMatch(/^max-age=\d+/);
  expect(get('cross-origin-opener-policy')).toBe('same-origin');
  // No CORS: another origin gets no permission to read anything.
  expect(get('access-control-allow-origin') ?? null).toBeNull();
  expect(get('access-control-allow-credentials') ?? null).toBeNull();
}

/**
 * Sends `request` as raw bytes on a new connection and reads the answer's status line and
 * headers (lower-case names) until the server closes the connection.
 */
async function rawRequest(url: string, request: string) {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  socket.write(request);
  await new Promise((resolve) => socket.once('close', resolve));
  const [head = ''] = Buffer.concat(chunks).toString('latin1').split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = new Map(
    lines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()] as const;
    }),
  );
  return { status: Number(statusLine.split(' ')[1]), headers };
}

const UPGRADE =
  'Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n' +
  'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n';

describe('security headers', () => {
  let server: TestServer;
  let webDir: string;
  beforeAll(async () => {
    // A stand-in web build, so the SPA fallback is served whether or not the app was built.
    webDir = mkdtempSync(join(tmpdir(), 'cs-headers-'));
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Cipherspace</title>');
    writeFileSync(join(webDir, 'app.js'), 'export {};');
    server = await startTestServer({ config: { webDistDir: webDir } });
  });
  afterAll(async () => {
    await server.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  const PATHS = [
    ['GET', '/', 200],
    ['GET', '/dashboard', 200],
    ['GET', '/tools/kanban', 200],
    ['GET', '/app.js', 200],
    ['GET', '/api/health', 200],
    ['GET', '/api/nothing-here', 404],
    ['POST', '/api/auth/login', 422],
  ] as const;

  it.each(PATHS)(
    '%s %s carries the CSP and the other security headers',
    async (method, path, status) => {
      const res = await fetch(`${server.url}${path}`, {
        method,
        headers: {
          origin: 'https://evil.example',
          ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
        },
        ...(method === 'POST' ? { body: '{}' } : {}),
      });
      await res.arrayBuffer();
      expect(res.status).toBe(status);
      expectSecurityHeaders((name) => res.headers.get(name));
    },
  );

  const RAW = [
    ['a bad %-escape in the path', 'GET /api/%zz HTTP/1.1\r\nHost: x\r\n\r\n', 400],
    [
      'a truncated %-escape in a parameter',
      'GET /api/spaces/a%E0%A HTTP/1.1\r\nHost: x\r\n\r\n',
      400,
    ],
    [
      'an over-long path parameter',
      `GET /api/spaces/${'a'.repeat(1500)} HTTP/1.1\r\nHost: x\r\n\r\n`,
      414,
    ],
    ['a 20 KB URL', `GET /api/${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`, 431],
    ['20 KB of headers', `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`, 431],
    ['a malformed request line', 'GARBAGE\r\n\r\n', 400],
    ['an unknown method', 'FETCH / HTTP/1.1\r\nHost: x\r\n\r\n', 400],
    ['a header name with a space', 'GET / HTTP/1.1\r\nHost: x\r\nBad Name: y\r\n\r\n', 400],
    ['an HTTP/1.1 request without Host', 'GET /api/health HTTP/1.1\r\n\r\n', 400],
    ['an unknown route', 'GET /api/nothing-here HTTP/1.1\r\nHost: x\r\n\r\n', 404],
    [
      'a WebSocket upgrade with a bad %-escape',
      `GET /api/ws/%zz HTTP/1.1\r\nHost: x\r\n${UPGRADE}\r\n`,
      400,
    ],
    [
      'a WebSocket upgrade without a token',
      `GET /api/ws/team HTTP/1.1\r\nHost: x\r\n${UPGRADE}\r\n`,
      401,
    ],
    [
      'a WebSocket upgrade to an unknown route',
      `GET /api/nothing HTTP/1.1\r\nHost: x\r\n${UPGRADE}\r\n`,
      404,
    ],
  ] as const;

  it.each(RAW)('the answer to %s carries them too', async (_case, request, status) => {
    const res = await rawRequest(
      server.url,
      request.replace(/\r\n\r\n$/, '\r\nConnection: close\r\n\r\n'),
    );
    expect(res.status).toBe(status);
    expectSecurityHeaders((name) => res.headers.get(name));
  });

  it('answers a CORS preflight without granting anything', async () => {
    const res = await fetch(`${server.url}/api/auth/login`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    await res.arrayBuffer();
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('access-control-allow-methods')).toBeNull();
  });
});

describe('frame source from DIAGRAM_EDITOR_URL', () => {
  it('allows framing only the configured editor origin', async () => {
    const server = await startTestServer({
      config: { diagramEditorUrl: 'https://draw.example.com:8443/editor/?embed=1&proto=json' },
    });
    try {
      const res = await fetch(`${server.url}/api/health`);
      await res.arrayBuffer();
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp.split(';')).toContain('frame-src https://draw.example.com:8443');
      expect(csp).not.toContain('embed.diagrams.net');
    } finally {
      await server.close();
    }
  });
});
