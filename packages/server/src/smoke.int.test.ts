import { encryptJson } from '@cipherspace/crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

import {
  api,
  createSpaceOverRest,
  loginOverRest,
  startTestServer,
  type TestServer,
} from './testing.ts';

describe('server smoke', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('serves health, REST and the raw WebSocket', async () => {
    expect((await api(server, 'GET', '/api/health')).body).toMatchObject({ status: 'ok' });
    const space = await createSpaceOverRest(server);
    const alice = await loginOverRest(server, space, 'alice');
    const bob = await loginOverRest(server, space, 'bob');
    const socket = new WebSocket(
      `${server.wsUrl}/api/ws/${encodeURIComponent(space.name)}?token=${bob.token}&session_id=${bob.userId}`,
    );
    const messages: unknown[] = [];
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const got = new Promise<unknown>((resolve) => {
      socket.on('message', (raw: Buffer) => {
        const msg = JSON.parse(raw.toString('utf8')) as { type: string };
        messages.push(msg);
        if (msg.type === 'content_update') resolve(msg);
      });
    });
    const put = await api(server, 'PUT', `/api/content/${encodeURIComponent(space.name)}/kanban`, {
      token: alice.token,
      body: { encrypted_data: await encryptJson({ a: 1 }, space.key), metadata: { version: 0 } },
    });
    expect(put.status).toBe(200);
    expect(await got).toMatchObject({
      type: 'content_update',
      data: { tool: 'kanban', version: 1, modified_by: 'alice' },
    });
    socket.close();
  });
});
