/**
 * The operation log over the documented REST contract and the raw WebSocket: a `PUT`
 * with `operations`, `GET /api/content/{spaceName}/{tool}/changes?since=N`, and the optional
 * members of `content_update` on the raw socket. Every response is checked against the served
 * OpenAPI document by `api()`; a `PUT` without operations keeps the spec's exact message.
 */
import { createHash } from 'node:crypto';

import { CHANGES_SINCE_MAX_VERSIONS, ERROR, INLINE_OPERATIONS_MAX_CHARS } from '@cipherspace/api';
import {
  decryptOperation,
  deriveOperationsKey,
  encryptJson,
  encryptOperation,
  type OperationsKey,
} from '@cipherspace/crypto';
import type { ToolName } from '@cipherspace/tools/metadata';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import {
  api,
  createSpaceOverRest,
  loginOverRest,
  startTestServer,
  WsClient,
  wsUrlFor,
  type ClientSpace,
  type TestServer,
  type WsMessage,
} from './testing.ts';

const p = encodeURIComponent;
const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

let server: TestServer;
let space: ClientSpace;
let otherSpace: ClientSpace;
let alice: { token: string; userId: string };
let bob: { token: string; userId: string };
let stranger: { token: string; userId: string };
let opsKey: OperationsKey;
const sockets: WsClient[] = [];

beforeAll(async () => {
  server = await startTestServer();
  otherSpace = await createSpaceOverRest(server);
  stranger = await loginOverRest(server, otherSpace, 'stranger');
});
// Each test in a space of its own, with alice and bob as members: no tool has content there.
beforeEach(async () => {
  space = await createSpaceOverRest(server);
  alice = await loginOverRest(server, space, 'alice');
  bob = await loginOverRest(server, space, 'bob');
  opsKey = await deriveOperationsKey(space.key, space.name);
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});
afterAll(async () => {
  await server.close();
});

const contentPath = (tool: ToolName) => `/api/content/${p(space.name)}/${tool}`;
const changesPath = (tool: ToolName, query: string) => `${contentPath(tool)}/changes?${query}`;

async function put(tool: ToolName, version: number, operations?: string[]) {
  const encrypted_data = await encryptJson({ tool, version: version + 1 }, space.key);
  const res = await api(server, 'PUT', contentPath(tool), {
    token: alice.token,
    body: { encrypted_data, metadata: { version }, ...(operations ? { operations } : {}) },
  });
  return { ...res, encrypted_data };
}

async function bobSocket(): Promise<WsClient> {
  const socket = await WsClient.open(
    wsUrlFor(server, space.name, { token: bob.token, session_id: bob.userId }),
  );
  sockets.push(socket);
  return socket;
}

const isUpdate = (tool: ToolName, version: number) => (message: WsMessage) =>
  message.type === 'content_update' &&
  message.data?.tool === tool &&
  message.data.version === version;

describe('PUT with operations and GET …/changes', () => {
  it('records the operations of a PUT and answers them after a version, as documented', async () => {
    const first = [await encryptOperation({ name: 'addCard', title: 'Ship it' }, opsKey)];
    const second = [
      await encryptOperation({ name: 'moveCard' }, opsKey),
      await encryptOperation({ name: 'renameCard' }, opsKey),
    ];
    expect((await put('kanban', 0, first)).status).toBe(200);
    const saved = await put('kanban', 1, second);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ content_metadata: { version: 2, modified_by: 'alice' } });
    expect((await put('kanban', 2)).status).toBe(200);

    const res = await api(server, 'GET', changesPath('kanban', 'since=0'), { token: bob.token });
    expect(res.status).toBe(200);
    expect(res.body).toStrictEqual({
      tool: 'kanban',
      version: 3,
      too_far_behind: false,
      changes: [
        {
          version: 1,
          kind: 'operations',
          operations: first,
          modified_by: 'alice',
          at: expect.stringMatching(ISO),
        },
        {
          version: 2,
          kind: 'operations',
          operations: second,
          modified_by: 'alice',
          at: expect.stringMatching(ISO),
        },
        {
          version: 3,
          kind: 'replacement',
          operations: null,
          modified_by: 'alice',
          at: expect.stringMatching(ISO),
        },
      ],
    });
    const body = res.body as { changes: { operations: string[] | null }[] };
    expect(await decryptOperation(body.changes[0]?.operations?.[0] ?? '', opsKey)).toEqual({
      name: 'addCard',
      title: 'Ship it',
    });

    const upToDate = await api(server, 'GET', changesPath('kanban', 'since=3'), {
      token: bob.token,
    });
    expect(upToDate.body).toStrictEqual({
      tool: 'kanban',
      version: 3,
      too_far_behind: false,
      changes: [],
    });
  });

  it('no tool is called `changes`: its content path is refused with 422, storing nothing', async () => {
    const path = `/api/content/${p(space.name)}/changes`;
    const encrypted_data = await encryptJson({ n: 1 }, space.key);
    const saved = await api(server, 'PUT', path, { token: alice.token, body: { encrypted_data } });
    expect(saved).toMatchObject({
      status: 422,
      body: {
        detail: 'tool must be one of: kanban, ticket-system, bulletin, diagrams, poker, randomizer',
      },
    });
    expect((await api(server, 'GET', path, { token: bob.token })).status).toBe(422);
    const tools = await api(server, 'GET', `/api/content/${p(space.name)}/tools`, {
      token: bob.token,
    });
    expect(tools.body).toStrictEqual({ tools: [] });
  });

  it(`is too far behind past ${CHANGES_SINCE_MAX_VERSIONS} versions`, async () => {
    for (let version = 0; version <= CHANGES_SINCE_MAX_VERSIONS; version++) {
      expect((await put('kanban', version)).status).toBe(200);
    }
    const res = await api(server, 'GET', changesPath('kanban', 'since=0'), { token: bob.token });
    expect(res.status).toBe(200);
    expect(res.body).toStrictEqual({
      tool: 'kanban',
      version: CHANGES_SINCE_MAX_VERSIONS + 1,
      too_far_behind: true,
      changes: [],
    });
  });

  it('answers 404 for a tool without content and after a delete', async () => {
    const none = await api(server, 'GET', changesPath('kanban', 'since=0'), {
      token: bob.token,
    });
    expect(none).toMatchObject({ status: 404, body: { detail: ERROR.contentNotFound } });
    expect((await put('kanban', 0, [await encryptOperation({ n: 1 }, opsKey)])).status).toBe(200);
    const deleted = await api(server, 'DELETE', contentPath('kanban'), { token: bob.token });
    expect(deleted.status).toBe(204);
    const after = await api(server, 'GET', changesPath('kanban', 'since=0'), {
      token: bob.token,
    });
    expect(after).toMatchObject({ status: 404, body: { detail: ERROR.contentNotFound } });
  });

  it.each([
    ['no since', ''],
    ['since=-1', 'since=-1'],
    ['since=1.5', 'since=1.5'],
    ['since=abc', 'since=abc'],
    ['since= (empty)', 'since='],
    ['since twice', 'since=1&since=2'],
    ['since=1e3', 'since=1e3'],
  ])('refuses %s with 422', async (_label, query) => {
    const res = await api(server, 'GET', changesPath('kanban', query), { token: bob.token });
    expect(res).toMatchObject({ status: 422, body: { detail: ERROR.sinceInvalid } });
  });

  it('refuses malformed operations with 422 and stores nothing', async () => {
    const encrypted_data = await encryptJson({ n: 1 }, space.key);
    for (const operations of [[], [encrypted_data], ['{"name":"addCard"}'], 'not a list']) {
      const res = await api(server, 'PUT', contentPath('kanban'), {
        token: alice.token,
        body: { encrypted_data, operations },
      });
      expect(res.status, JSON.stringify(operations)).toBe(422);
    }
    const none = await api(server, 'GET', changesPath('kanban', 'since=0'), {
      token: bob.token,
    });
    expect(none.status).toBe(404);
  });

  it('is for members of the space: 401 without or with a bad token, 403 for another space', async () => {
    const path = changesPath('kanban', 'since=0');
    expect((await api(server, 'GET', path)).status).toBe(401);
    expect((await api(server, 'GET', path, { token: 'forged' })).status).toBe(401);
    const other = await api(server, 'GET', path, { token: stranger.token });
    expect(other).toMatchObject({ status: 403, body: { detail: ERROR.otherSpace } });
  });
});

describe('content_update on the raw WebSocket', () => {
  it('a PUT without operations sends exactly the spec fields', async () => {
    const socket = await bobSocket();
    const saved = await put('kanban', 0);
    expect(saved.status).toBe(200);
    const { message } = await socket.waitFor(isUpdate('kanban', 1), { what: 'content_update' });
    expect(message.data).toStrictEqual({
      tool: 'kanban',
      content_hash: sha256Hex(saved.encrypted_data),
      modified_by: 'alice',
      version: 1,
    });
  });

  it('carries small operations inline; large ones are announced and fetched with changes', async () => {
    const socket = await bobSocket();
    const small = [await encryptOperation({ name: 'addCard' }, opsKey)];
    const large = [
      await encryptOperation({ blob: 'x'.repeat(INLINE_OPERATIONS_MAX_CHARS) }, opsKey),
    ];
    expect((await put('kanban', 0)).status).toBe(200);
    const inline = await put('kanban', 1, small);
    expect((await put('kanban', 2, large)).status).toBe(200);

    const first = await socket.waitFor(isUpdate('kanban', 2), { what: 'inline update' });
    expect(first.message.data).toStrictEqual({
      tool: 'kanban',
      content_hash: sha256Hex(inline.encrypted_data),
      modified_by: 'alice',
      version: 2,
      base_version: 1,
      kind: 'operations',
      operations: small,
    });
    // Bob was at version 1: he applies the inline operation without any request.
    expect(await decryptOperation(small[0] ?? '', opsKey)).toEqual({ name: 'addCard' });

    const second = await socket.waitFor(isUpdate('kanban', 3), { what: 'announced update' });
    expect(second.message.data).toMatchObject({ version: 3, base_version: 2, kind: 'operations' });
    expect(second.message.data).not.toHaveProperty('operations');
    expect(socket.raw[second.index]).not.toContain(large[0]?.slice(20, 80));
    const fetched = await api(server, 'GET', changesPath('kanban', 'since=2'), {
      token: bob.token,
    });
    expect(fetched.body).toMatchObject({
      version: 3,
      too_far_behind: false,
      changes: [{ version: 3, kind: 'operations', operations: large }],
    });
  });
});

describe('PUT of operations only, snapshot uploads and replacements made from the snapshot', () => {
  const tool: ToolName = 'kanban';
  const readBody = (res: { body: unknown }) => res.body as Record<string, unknown>;

  async function putOperations(version: number) {
    return api(server, 'PUT', contentPath(tool), {
      token: alice.token,
      body: { metadata: { version }, operations: [await encryptOperation({ n: version }, opsKey)] },
    });
  }

  it('a spec-only client that GETs, edits and PUTs meanwhile loses no operation and meets no 409 loop', async () => {
    expect((await put(tool, 0)).status).toBe(200);
    expect((await putOperations(1)).status).toBe(200);
    expect((await putOperations(2)).status).toBe(200);

    // GET: the envelope holds version 1, the current version is 3.
    const got = readBody(await api(server, 'GET', contentPath(tool), { token: bob.token }));
    expect(got.content_metadata).toMatchObject({ version: 1 });
    expect(got.current_version).toBe(3);

    // Bob's client replaces what it got, based on the version it got.
    const encrypted_data = await encryptJson({ edited: 'by bob' }, space.key);
    const saved = await api(server, 'PUT', contentPath(tool), {
      token: bob.token,
      body: { encrypted_data, metadata: { version: 1 } },
    });
    expect(saved.status).toBe(200);
    expect(readBody(saved).content_metadata).toMatchObject({ version: 4, modified_by: 'bob' });

    // The log keeps the operations of 2 and 3, and the replacement names the version it was made from.
    const changes = readBody(
      await api(server, 'GET', changesPath(tool, 'since=1'), { token: alice.token }),
    );
    expect(changes.changes).toEqual([
      expect.objectContaining({ version: 2, kind: 'operations', operations: [expect.any(String)] }),
      expect.objectContaining({ version: 3, kind: 'operations', operations: [expect.any(String)] }),
      expect.objectContaining({
        version: 4,
        kind: 'replacement',
        base_version: 1,
        operations: null,
      }),
    ]);
    const now = readBody(await api(server, 'GET', contentPath(tool), { token: alice.token }));
    expect(now).toMatchObject({
      encrypted_data,
      current_version: 4,
      content_metadata: { version: 4 },
    });
  });

  it('PUT …/snapshot stores a newer snapshot; GET then answers it', async () => {
    await put(tool, 0);
    await putOperations(1);
    await putOperations(2);
    const encrypted_data = await encryptJson({ tool, version: 3 }, space.key);
    const path = `${contentPath(tool)}/snapshot`;
    const stored = await api(server, 'PUT', path, {
      token: bob.token,
      body: { version: 3, encrypted_data },
    });
    expect(stored).toMatchObject({ status: 200, body: { snapshot_version: 3, stored: true } });
    const older = await api(server, 'PUT', path, {
      token: alice.token,
      body: { version: 2, encrypted_data },
    });
    expect(older).toMatchObject({ status: 200, body: { snapshot_version: 3, stored: false } });
    const ahead = await api(server, 'PUT', path, {
      token: alice.token,
      body: { version: 4, encrypted_data },
    });
    expect(ahead).toMatchObject({ status: 400, body: { detail: ERROR.versionAhead } });
    const got = readBody(await api(server, 'GET', contentPath(tool), { token: alice.token }));
    expect(got).toMatchObject({
      encrypted_data,
      current_version: 3,
      content_metadata: { version: 3 },
    });
  });

  it('422 for a PUT with neither content nor operations, and for a first PUT of operations only', async () => {
    const empty = await api(server, 'PUT', contentPath(tool), {
      token: alice.token,
      body: { metadata: { version: 0 } },
    });
    expect(empty.status).toBe(422);
    expect(JSON.stringify(empty.body)).toContain(ERROR.envelopeOrOperations);
    const first = await putOperations(0);
    expect(first.status).toBe(422);
    expect(JSON.stringify(first.body)).toContain(ERROR.firstSaveNeedsEnvelope);
  });
});
