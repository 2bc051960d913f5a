/**
 * The per-space storage quota (SPACE_STORAGE_QUOTA_BYTES): content and history together, as
 * stored. Over REST a save beyond it is 413 with the documented detail and stores nothing; over
 * tRPC it is PAYLOAD_TOO_LARGE; other spaces keep saving.
 */
import { ERROR } from '@cipherspace/api';
import { encryptJson } from '@cipherspace/crypto';
import { TRPCClientError } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  api,
  createSpaceOverRest,
  loginOverRest,
  startTestServer,
  trpcOverHttp,
  type ClientSpace,
  type TestServer,
} from './testing.ts';

const p = encodeURIComponent;
/** Small enough that a few 8 KB boards fill it. */
const QUOTA_BYTES = 64 * 1024;

let server: TestServer;
let full: ClientSpace;
let other: ClientSpace;
let alice: { token: string };
let olga: { token: string };

beforeAll(async () => {
  server = await startTestServer({ config: { storageQuotaBytes: QUOTA_BYTES } });
  full = await createSpaceOverRest(server);
  other = await createSpaceOverRest(server);
  alice = await loginOverRest(server, full, 'alice');
  olga = await loginOverRest(server, other, 'olga');
});
afterAll(async () => {
  await server.close();
});

/** An envelope of about `bytes` characters (random text: it does not compress). */
async function board(space: ClientSpace, bytes: number): Promise<string> {
  const noise = Array.from({ length: bytes / 32 }, () => crypto.randomUUID()).join('');
  return await encryptJson({ columns: [], noise }, space.key);
}

async function put(space: ClientSpace, token: string, tool: string, version: number) {
  return await api(server, 'PUT', `/api/content/${p(space.name)}/${tool}`, {
    token,
    body: { encrypted_data: await board(space, 8 * 1024), metadata: { version } },
  });
}

describe('a space over its storage quota', () => {
  it('refuses the save that would pass it with 413 and the detail, storing nothing', async () => {
    let version = 0;
    let refused: Awaited<ReturnType<typeof put>> | undefined;
    // Each save adds its envelope twice at most (content and history snapshot) to the count.
    for (let attempt = 0; attempt < 20 && !refused; attempt++) {
      const res = await put(full, alice.token, 'kanban', version);
      if (res.status === 200) version += 1;
      else refused = res;
    }
    expect(refused?.status).toBe(413);
    expect(refused?.body).toStrictEqual({ detail: ERROR.storageQuotaReached });
    // Some saves fitted before it; the refused one left the stored version as it was.
    expect(version).toBeGreaterThan(0);
    const stored = await api(server, 'GET', `/api/content/${p(full.name)}/kanban`, {
      token: alice.token,
    });
    expect(stored.body).toMatchObject({ content_metadata: { version } });

    // The same over tRPC, for another tool of the same space.
    const trpc = trpcOverHttp(server, alice.token);
    const error = await trpc.content.save
      .mutate({
        space_name: full.name,
        tool: 'bulletin',
        encrypted_data: await board(full, 8 * 1024),
        metadata: { version: 0 },
      })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TRPCClientError);
    expect((error as TRPCClientError<never>).data).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect((error as Error).message).toBe(ERROR.storageQuotaReached);
    const none = await api(server, 'GET', `/api/content/${p(full.name)}/bulletin`, {
      token: alice.token,
    });
    expect(none.status).toBe(404);

    // Another space is not affected.
    expect((await put(other, olga.token, 'kanban', 0)).status).toBe(200);
  });

  it('still answers the retry of a save stored before the quota was reached, storing nothing more', async () => {
    const space = await createSpaceOverRest(server);
    const { token } = await loginOverRest(server, space, 'ivy');
    const path = `/api/content/${p(space.name)}/kanban`;
    const body = { encrypted_data: await board(space, 8 * 1024), metadata: { version: 0 } };
    const headers = { 'idempotency-key': 'first-save' };
    const first = await api(server, 'PUT', path, { token, body, headers });
    expect(first.status).toBe(200);
    // Fill the space with another tool's saves until one is refused.
    let version = 0;
    let status = 200;
    while (status === 200) {
      status = (await put(space, token, 'bulletin', version)).status;
      version += 1;
    }
    expect(status).toBe(413);

    // The first save's answer was lost: its retry gets it, though the space is full now.
    const retry = await api(server, 'PUT', path, { token, body, headers });
    expect(retry.status).toBe(200);
    expect(retry.body).toStrictEqual(first.body);
    // A new save of that tool is refused as before.
    const next = await api(server, 'PUT', path, {
      token,
      body: { ...body, metadata: { version: 1 } },
      headers: { 'idempotency-key': 'second-save' },
    });
    expect(next.status).toBe(413);
  });
});
