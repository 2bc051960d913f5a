/**
 * The log capture and audit end to end (log-capture.ts, log-audit.ts): a test server whose
 * captured logs pass the audit, although every kind of secret went through it over REST, tRPC
 * over HTTP and tRPC over the WebSocket — and the audit does find each of them once a log line
 * holds one. The run-wide audit (log-audit.global-setup.ts) relies on exactly this.
 */
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { AppRouter } from '@cipherspace/api';
import { derivePasswordVerifier, encryptJson } from '@cipherspace/crypto';
import { createTRPCClient, createWSClient, httpLink, wsLink } from '@trpc/client';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

import { auditLogDir } from './log-audit.ts';
import { TEST_LOG_DIR_ENV } from './log-capture.ts';
import {
  api,
  createSpaceOverRest,
  loginOverRest,
  startTestServer,
  type ClientSpace,
  type TestServer,
} from './testing.ts';

describe('log capture and audit', () => {
  const dir = mkdtempSync(join(tmpdir(), 'log-audit-int-'));
  const runDir = process.env[TEST_LOG_DIR_ENV];
  let server: TestServer;
  let space: ClientSpace;
  const secrets: Record<string, string> = {};

  beforeAll(async () => {
    // This file's server (and its client helpers) write into a directory of its own.
    process.env[TEST_LOG_DIR_ENV] = dir;
    try {
      server = await startTestServer();
      space = await createSpaceOverRest(server, { force: true });
      const password = await derivePasswordVerifier(space.key, 'secret-password');
      const rest = await loginOverRest(server, space, 'alice', { password: 'secret-password' });
      const envelope = await encryptJson({ card: 'never in a log' }, space.key);
      const tool = `/api/content/${encodeURIComponent(space.name)}/kanban`;
      await api(server, 'PUT', tool, { token: rest.token, body: { encrypted_data: envelope } });
      await api(server, 'GET', tool, { token: rest.token });
      const csrf = await api(server, 'GET', '/api/csrf');

      // tRPC over HTTP: a second login; then over the WebSocket with that token.
      const http = createTRPCClient<AppRouter>({
        links: [httpLink({ url: `${server.url}/trpc`, transformer: superjson })],
      });
      const viaHttp = await http.auth.login.mutate({
        space_name: space.name,
        encrypted_space_name: space.verifier,
        username: 'alice',
        encrypted_password: password,
      });
      const wsClient = createWSClient({
        url: `${server.wsUrl}/trpc`,
        WebSocket: WebSocket as unknown as typeof globalThis.WebSocket,
        connectionParams: { token: viaHttp.access_token },
      });
      const overWs = createTRPCClient<AppRouter>({
        links: [wsLink({ client: wsClient, transformer: superjson })],
      });
      const viaWs = await overWs.auth.login.mutate({
        space_name: space.name,
        encrypted_space_name: space.verifier,
        username: 'alice',
        encrypted_password: password,
      });
      await overWs.content.get.query({ space_name: space.name, tool: 'kanban' });
      await wsClient.close();

      Object.assign(secrets, {
        'REST token': rest.token,
        'tRPC/HTTP token': viaHttp.access_token,
        'tRPC/WS token': viaWs.access_token,
        'space verifier': space.verifier,
        'password verifier': password,
        ciphertext: (JSON.parse(envelope) as { data: string }).data.slice(0, 44),
        'CSRF token': (csrf.body as { csrf_token: string }).csrf_token,
        'space key': space.key,
      });
      await server.close();
    } finally {
      if (runDir === undefined) Reflect.deleteProperty(process.env, TEST_LOG_DIR_ENV);
      else process.env[TEST_LOG_DIR_ENV] = runDir;
    }
  }, 120_000);

  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  const recorded = () =>
    readdirSync(dir)
      .filter((name) => name.endsWith('.secrets'))
      .flatMap((name) => readFileSync(join(dir, name), 'utf8').split('\n').filter(Boolean))
      .map((line) => JSON.parse(line) as string);

  it('records every secret that went through the server, whichever way', () => {
    const all = new Set(recorded());
    const missed = Object.entries(secrets).filter(([, value]) => !all.has(value));
    expect(missed.map(([what]) => what)).toEqual([]);
  });

  it('finds none of them in the trace-level log of all that', () => {
    const report = auditLogDir(dir);
    expect(report.logFiles).toBe(1);
    expect(report.logLines).toBeGreaterThan(10);
    expect(report.leaks).toEqual([]);
  });

  it('finds each of them once a log line holds it', () => {
    const log = readdirSync(dir).find((name) => name.endsWith('.log')) ?? '';
    for (const [what, secret] of Object.entries(secrets)) {
      const before = auditLogDir(dir).leaks.length;
      appendFileSync(join(dir, log), `${JSON.stringify({ msg: 'planted', what, secret })}\n`);
      expect(auditLogDir(dir).leaks.length, what).toBe(before + 1);
    }
  });
});
