/**
 * Logs never contain a token, a verifier or ciphertext — at the most verbose level, across
 * logins, saves, failures, the raw WebSocket (token in its query) and tRPC.
 */
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

describe('log hygiene', () => {
  let server: TestServer;
  const lines: string[] = [];

  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) =>
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean)),
    );
    server = await startTestServer({ config: { logLevel: 'trace' }, logStream: stream });
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
