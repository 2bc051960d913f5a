/**
 * Exactly-once saves over REST: `PUT /api/content/{spaceName}/{tool}` with an
 * `Idempotency-Key` header. A proxy between client and server loses the answer after the server
 * committed the save; the client's retry with the same key gets the original 200 and the version
 * has advanced by one — where a retry without a key meets a phantom 409. Every response is
 * checked against the served OpenAPI document by `api()`.
 */
import { ERROR } from '@cipherspace/api';
import { encryptJson } from '@cipherspace/crypto';
import type { ToolName } from '@cipherspace/tools/metadata';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import {
  api,
  createSpaceOverRest,
  loginOverRest,
  startTestServer,
  TcpProxy,
  type ApiTarget,
  type ClientSpace,
  type TestServer,
} from './testing.ts';

let server: TestServer;
let proxy: TcpProxy;
let viaProxy: ApiTarget;
let space: ClientSpace;
let alice: string;
let bob: string;

beforeAll(async () => {
  server = await startTestServer();
  proxy = TcpProxy.for(server.url, 80);
  await proxy.open();
  viaProxy = { url: proxy.urlFor(server.url).replace(/\/$/, '') };
});
// Each test in a space of its own, with alice and bob as members: no tool has content there.
beforeEach(async () => {
  space = await createSpaceOverRest(server);
  alice = (await loginOverRest(server, space, 'alice')).token;
  bob = (await loginOverRest(server, space, 'bob')).token;
});
afterAll(async () => {
  await proxy.cut();
  await server.close();
});

const contentPath = (tool: ToolName) => `/api/content/${encodeURIComponent(space.name)}/${tool}`;

// A retry sends the same body: one envelope per space, tool and version.
const envelopes = new Map<string, Promise<string>>();
function envelopeOf(tool: ToolName, version: number): Promise<string> {
  const key = JSON.stringify([space.name, tool, version]);
  let envelope = envelopes.get(key);
  if (!envelope) {
    envelope = encryptJson({ tool, version }, space.key);
    envelopes.set(key, envelope);
  }
  return envelope;
}

async function put(
  target: ApiTarget,
  tool: ToolName,
  version: number,
  options: { key?: string; token?: string; body?: Record<string, unknown> } = {},
) {
  return await api(target, 'PUT', contentPath(tool), {
    token: options.token ?? alice,
    body: {
      encrypted_data: await envelopeOf(tool, version),
      metadata: { version },
      ...options.body,
    },
    ...(options.key === undefined ? {} : { headers: { 'Idempotency-Key': options.key } }),
  });
}

async function storedVersion(tool: ToolName): Promise<unknown> {
  const res = await api(server, 'GET', contentPath(tool), { token: alice });
  return (res.body as { content_metadata: { version: number } }).content_metadata.version;
}

const SAVE_ID_MESSAGE =
  'save_id (REST: the Idempotency-Key header) must be 1–128 visible ASCII characters without spaces';

describe('a save whose answer was lost', () => {
  it('is answered with the original 200 when retried with its Idempotency-Key', async () => {
    expect((await put(server, 'kanban', 0)).status).toBe(200);

    proxy.dropResponses(1);
    await expect(put(viaProxy, 'kanban', 1, { key: 'lost-answer-1' })).rejects.toThrow();
    // The server committed it before the answer was lost.
    expect(await storedVersion('kanban')).toBe(2);

    const retry = await put(viaProxy, 'kanban', 1, { key: 'lost-answer-1' });
    expect(retry.status).toBe(200);
    const current = await api(server, 'GET', contentPath('kanban'), { token: alice });
    expect(retry.body).toEqual({
      id: (current.body as { id: string }).id,
      tool: 'kanban',
      space_name: space.name,
      content_metadata: (current.body as { content_metadata: unknown }).content_metadata,
    });
    expect(retry.body).toMatchObject({ content_metadata: { version: 2, modified_by: 'alice' } });
    expect(await storedVersion('kanban')).toBe(2);
  });

  it('meets a phantom 409 when retried without a key (why the key exists)', async () => {
    expect((await put(server, 'kanban', 0)).status).toBe(200);
    proxy.dropResponses(1);
    await expect(put(viaProxy, 'kanban', 1)).rejects.toThrow();
    const retry = await put(viaProxy, 'kanban', 1);
    expect(retry).toMatchObject({ status: 409, body: { detail: ERROR.versionConflict } });
    expect(await storedVersion('kanban')).toBe(2);
  });
});

describe('PUT with an Idempotency-Key', () => {
  it('answers a repeated key with the original result, a new key with the usual 409', async () => {
    const first = await put(server, 'poker', 0, { key: 'poker-create' });
    expect(first.status).toBe(200);
    const again = await put(server, 'poker', 0, { key: 'poker-create' });
    expect(again).toMatchObject({ status: 200, body: first.body });
    const other = await put(server, 'poker', 0, { key: 'poker-other', token: bob });
    expect(other).toMatchObject({ status: 409, body: { detail: ERROR.versionConflict } });
    expect(await storedVersion('poker')).toBe(1);
  });

  it('takes the header over a save_id in the body', async () => {
    const first = await put(server, 'kanban', 0, {
      key: 'header-key',
      body: { save_id: 'body-a' },
    });
    expect(first.status).toBe(200);
    const byHeader = await put(server, 'kanban', 0, { key: 'header-key', body: { save_id: 'b' } });
    expect(byHeader).toMatchObject({ status: 200, body: first.body });
    const byBody = await put(server, 'kanban', 0, { body: { save_id: 'body-a' } });
    expect(byBody.status).toBe(409);
  });

  it('refuses a malformed key with 422 and stores nothing', async () => {
    for (const key of ['with space', 'x'.repeat(129)]) {
      const res = await put(server, 'kanban', 0, { key });
      expect(res).toMatchObject({ status: 422, body: { detail: SAVE_ID_MESSAGE } });
    }
    const res = await api(server, 'GET', contentPath('kanban'), { token: alice });
    expect(res.status).toBe(404);
  });
});

describe('an Idempotency-Key is bound to its member and its body', () => {
  it("another member's equal key is another save: never the first member's 200", async () => {
    const bobs = await put(server, 'kanban', 0, { key: 'K', token: bob });
    expect(bobs).toMatchObject({ status: 200, body: { content_metadata: { modified_by: 'bob' } } });
    // Alice sends K with her own body: an ordinary save on a taken version → 409, not Bob's 200.
    const alices = await put(server, 'kanban', 0, {
      key: 'K',
      body: { metadata: { version: 0, mine: 'alice' } },
    });
    expect(alices).toMatchObject({ status: 409, body: { detail: ERROR.versionConflict } });
    const stored = await put(server, 'kanban', 1, {
      key: 'K',
      body: { metadata: { version: 1, mine: 'alice' } },
    });
    expect(stored).toMatchObject({
      status: 200,
      body: { content_metadata: { version: 2, modified_by: 'alice', mine: 'alice' } },
    });
    expect(await storedVersion('kanban')).toBe(2);
  });

  it('refuses the same key with another body with 422, storing nothing', async () => {
    const first = await put(server, 'kanban', 0, { key: 'R' });
    expect(first.status).toBe(200);
    const other = await put(server, 'kanban', 0, {
      key: 'R',
      body: { encrypted_data: await encryptJson({ other: true }, space.key) },
    });
    expect(other).toMatchObject({ status: 422, body: { detail: ERROR.saveIdReused } });
    const newer = await put(server, 'kanban', 1, { key: 'R' });
    expect(newer).toMatchObject({ status: 422, body: { detail: ERROR.saveIdReused } });
    expect(await storedVersion('kanban')).toBe(1);
    // The same body again is still the original answer.
    expect(await put(server, 'kanban', 0, { key: 'R' })).toMatchObject({
      status: 200,
      body: first.body,
    });
  });
});
