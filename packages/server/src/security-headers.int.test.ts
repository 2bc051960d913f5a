/**
 * Security headers (issue 7 item 4) on a real server: the exact Content-Security-Policy and
 * helmet's other headers on the app shell, an SPA route, a file, the API and a 404; the frame
 * source follows DIAGRAM_EDITOR_URL; no CORS headers are ever sent.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
  'frame-src https://embed.diagrams.net',
  "frame-ancestors 'none'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join(';');

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
      expect(res.headers.get('content-security-policy')).toBe(EXPECTED_CSP);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
      expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      // No CORS: another origin gets no permission to read anything.
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
      expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    },
  );

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
