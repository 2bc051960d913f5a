/**
 * The history of tool content over the documented REST contract:
 * `GET /api/content/{spaceName}/{tool}/history?before=&limit=` and
 * `GET /api/content/{spaceName}/{tool}/history/{version}` — snake_case JSON, ISO dates, `{detail}`
 * errors with the documented statuses (never a 5xx for client input); every response is checked
 * against the served OpenAPI document by `api()`. And the pruning job as the server schedules it
 * (HISTORY_MAX_VERSIONS, HISTORY_RETENTION_INTERVAL_MS): it prunes by itself — a pruned version
 * answers 404 — and a server with both rules off prunes nothing.
 */
import {
  ERROR,
  HISTORY_PAGE_DEFAULT_VERSIONS,
  HISTORY_SNAPSHOT_EVERY_VERSIONS,
} from '@cipherspace/api';
import {
  decryptJson,
  decryptOperation,
  deriveOperationsKey,
  encryptJson,
  encryptOperation,
  type OperationsKey,
} from '@cipherspace/crypto';
import type { ToolName } from '@cipherspace/tools/metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  api,
  createSpaceOverRest,
  loginOverRest,
  startTestServer,
  type ClientSpace,
  type TestServer,
} from './testing.ts';

const p = encodeURIComponent;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const N = HISTORY_SNAPSHOT_EVERY_VERSIONS;

interface Board {
  cards: string[];
}
interface AddCard {
  name: 'addCard';
  title: string;
}

/** A member saving one tool over REST, remembering every version's envelope and content. */
class Saver {
  readonly envelopes = new Map<number, string>();
  readonly boards = new Map<number, Board>();
  version = 0;
  private board: Board = { cards: [] };

  constructor(
    private readonly server: TestServer,
    private readonly space: ClientSpace,
    private readonly token: string,
    private readonly opsKey: OperationsKey,
    readonly tool: ToolName,
  ) {}

  /** PUT with one addCard operation per title (none: a replacement). */
  async save(titles: string[] = []): Promise<void> {
    const board = { cards: [...this.board.cards, ...titles] };
    const encrypted_data = await encryptJson(board, this.space.key);
    const operations = await Promise.all(
      titles.map((title) => encryptOperation({ name: 'addCard', title }, this.opsKey)),
    );
    const res = await api(this.server, 'PUT', `/api/content/${p(this.space.name)}/${this.tool}`, {
      token: this.token,
      body: {
        encrypted_data,
        metadata: { version: this.version },
        ...(operations.length > 0 ? { operations } : {}),
      },
    });
    expect(res.status).toBe(200);
    this.version += 1;
    this.board = board;
    this.envelopes.set(this.version, encrypted_data);
    this.boards.set(this.version, board);
  }
}

describe('history over REST', () => {
  let server: TestServer;
  let space: ClientSpace;
  let otherSpace: ClientSpace;
  let alice: { token: string; userId: string };
  let bob: { token: string; userId: string };
  let stranger: { token: string; userId: string };
  let opsKey: OperationsKey;
  let saver: Saver;

  const historyPath = (tool: ToolName, rest = '') =>
    `/api/content/${p(space.name)}/${tool}/history${rest}`;

  beforeAll(async () => {
    server = await startTestServer();
    space = await createSpaceOverRest(server);
    otherSpace = await createSpaceOverRest(server);
    alice = await loginOverRest(server, space, 'alice');
    bob = await loginOverRest(server, space, 'bob');
    stranger = await loginOverRest(server, otherSpace, 'stranger');
    opsKey = await deriveOperationsKey(space.key, space.name);
    saver = new Saver(server, space, alice.token, opsKey, 'kanban');
    await saver.save(['First card']);
    for (let i = 2; i <= N + 5; i++) await saver.save([`Card ${i}`]);
    await saver.save(); // a replacement: a snapshot of its own
    await saver.save(['After the replacement']);
  }, 120_000);
  afterAll(async () => {
    await server.close();
  });

  it('lists the kept versions newest first as snake_case JSON with ISO dates', async () => {
    const res = await api(server, 'GET', historyPath('kanban', '?limit=3'), { token: bob.token });
    expect(res.status).toBe(200);
    const current = N + 7;
    expect(res.body).toStrictEqual({
      versions: [
        {
          version: current,
          kind: 'operations',
          modified_by: 'alice',
          modified_at: expect.stringMatching(ISO),
          size_bytes: expect.any(Number),
        },
        {
          version: current - 1,
          kind: 'replacement',
          modified_by: 'alice',
          modified_at: expect.stringMatching(ISO),
          size_bytes: saver.envelopes.get(current - 1)?.length,
        },
        {
          version: current - 2,
          kind: 'operations',
          modified_by: 'alice',
          modified_at: expect.stringMatching(ISO),
          size_bytes: expect.any(Number),
        },
      ],
      current_version: current,
      oldest_version: 1,
    });
  });

  it(`pages with before (default ${HISTORY_PAGE_DEFAULT_VERSIONS} a page) through every version once`, async () => {
    const first = await api(server, 'GET', historyPath('kanban'), { token: bob.token });
    const firstPage = first.body as { versions: { version: number }[] };
    expect(firstPage.versions).toHaveLength(HISTORY_PAGE_DEFAULT_VERSIONS);
    const last = firstPage.versions.at(-1)?.version ?? 0;
    const second = await api(server, 'GET', historyPath('kanban', `?before=${last}&limit=100`), {
      token: bob.token,
    });
    expect(second.status).toBe(200);
    const versions = [
      ...firstPage.versions,
      ...(second.body as { versions: { version: number }[] }).versions,
    ].map((entry) => entry.version);
    expect(versions).toEqual(Array.from({ length: saver.version }, (_, i) => saver.version - i));
  });

  it('answers what rebuilds a version: the snapshot as saved and the operations after it', async () => {
    const v = N - 1;
    const res = await api(server, 'GET', historyPath('kanban', `/${v}`), { token: bob.token });
    expect(res.status).toBe(200);
    const body = res.body as {
      version: number;
      base: { version: number; encrypted_data: string };
      changes: { version: number; kind: string; operations: string[]; modified_at: string }[];
    };
    expect(body.version).toBe(v);
    expect(body.base).toStrictEqual({ version: 1, encrypted_data: saver.envelopes.get(1) });
    expect(body.changes.map((change) => change.version)).toEqual(
      Array.from({ length: v - 1 }, (_, i) => i + 2),
    );
    expect(body.changes[0]).toStrictEqual({
      version: 2,
      kind: 'operations',
      operations: [expect.any(String)],
      modified_by: 'alice',
      modified_at: expect.stringMatching(ISO),
    });
    // Rebuilt as a client does it.
    const board = await decryptJson<Board>(body.base.encrypted_data, space.key);
    for (const change of body.changes) {
      for (const envelope of change.operations) {
        board.cards.push((await decryptOperation<AddCard>(envelope, opsKey)).title);
      }
    }
    expect(board).toEqual(saver.boards.get(v));

    // The replacement is its own base; the current version is the content itself.
    const replaced = await api(server, 'GET', historyPath('kanban', `/${N + 6}`), {
      token: bob.token,
    });
    expect(replaced.body).toStrictEqual({
      version: N + 6,
      base: { version: N + 6, encrypted_data: saver.envelopes.get(N + 6) },
      changes: [],
    });
    const current = await api(server, 'GET', historyPath('kanban', `/${saver.version}`), {
      token: bob.token,
    });
    expect(current.body).toMatchObject({
      base: { version: saver.version, encrypted_data: saver.envelopes.get(saver.version) },
      changes: [],
    });

    // With ?from=, from an older snapshot: every version after `from` is in the answer.
    const page = await api(server, 'GET', historyPath('kanban', `/${N + 3}?from=${N - 2}`), {
      token: bob.token,
    });
    expect(page.status).toBe(200);
    const pageBody = page.body as { base: { version: number }; changes: { version: number }[] };
    expect(pageBody.base.version).toBe(1);
    expect(pageBody.changes.map((change) => change.version)).toEqual(
      Array.from({ length: N + 2 }, (_, i) => i + 2),
    );
  });

  it('answers 400 for a version newer than the current one, 404 when there is no content', async () => {
    const ahead = await api(server, 'GET', historyPath('kanban', `/${saver.version + 1}`), {
      token: bob.token,
    });
    expect(ahead).toMatchObject({ status: 400, body: { detail: ERROR.versionAhead } });

    // A deleted tool's history goes with it (bulletin: no other test of the space saves it).
    const fresh = new Saver(server, space, alice.token, opsKey, 'bulletin');
    for (let i = 0; i < 3; i++) await fresh.save([`old ${i}`]);
    const deleted = await api(server, 'DELETE', `/api/content/${p(space.name)}/bulletin`, {
      token: alice.token,
    });
    expect(deleted.status).toBe(204);
    const none = await api(server, 'GET', historyPath('bulletin', '/1'), { token: bob.token });
    expect(none).toMatchObject({ status: 404, body: { detail: ERROR.contentNotFound } });
    const noList = await api(server, 'GET', historyPath('bulletin'), { token: bob.token });
    expect(noList).toMatchObject({ status: 404, body: { detail: ERROR.contentNotFound } });
  });

  it.each([
    ['/0', ERROR.versionBeforeFirst],
    ['/-1', ERROR.versionBeforeFirst],
    ['/0/changes?after=0', ERROR.versionBeforeFirst],
    ['/9999999999', ERROR.versionAhead],
  ])('answers %s with 400 like any version out of range', async (rest, detail) => {
    const res = await api(server, 'GET', historyPath('kanban', rest), { token: bob.token });
    expect(res).toMatchObject({ status: 400, body: { detail } });
  });

  it.each([
    ['/1.5', ERROR.historyVersionInvalid],
    ['/abc', ERROR.historyVersionInvalid],
    ['/1e3', ERROR.historyVersionInvalid],
    ['/99999999999999999', ERROR.historyVersionInvalid],
    ['?before=0', ERROR.historyBeforeInvalid],
    ['?before=x', ERROR.historyBeforeInvalid],
    ['?before=1&before=2', ERROR.historyBeforeInvalid],
    ['?limit=0', ERROR.historyLimitInvalid],
    ['?limit=101', ERROR.historyLimitInvalid],
    ['?limit=', ERROR.historyLimitInvalid],
    ['/3?from=0', ERROR.historyFromInvalid],
    ['/3?from=x', ERROR.historyFromInvalid],
  ])('refuses %s with 422', async (rest, detail) => {
    const res = await api(server, 'GET', historyPath('kanban', rest), { token: bob.token });
    expect(res).toMatchObject({ status: 422, body: { detail } });
  });

  it('no tool is called `history`: its content and history paths are refused with 422', async () => {
    const detail =
      'tool must be one of: kanban, ticket-system, bulletin, diagrams, poker, randomizer';
    const content = `/api/content/${p(space.name)}/history`;
    const saved = await api(server, 'PUT', content, {
      token: alice.token,
      body: { encrypted_data: await encryptJson({ cards: [] }, space.key) },
    });
    expect(saved).toMatchObject({ status: 422, body: { detail } });
    for (const path of [content, `${content}/history`, `${content}/history/1`]) {
      expect(await api(server, 'GET', path, { token: bob.token })).toMatchObject({
        status: 422,
        body: { detail },
      });
    }
    const tools = await api(server, 'GET', `/api/content/${p(space.name)}/tools`, {
      token: bob.token,
    });
    const listed = (tools.body as { tools: { tool: string }[] }).tools.map((t) => t.tool);
    expect(listed).toContain('kanban');
    expect(listed).not.toContain('history');
  });

  it('is for members of the space: 401 without or with a bad token, 403 for another space', async () => {
    for (const path of [historyPath('kanban'), historyPath('kanban', '/1')]) {
      expect((await api(server, 'GET', path)).status).toBe(401);
      expect((await api(server, 'GET', path, { token: 'forged' })).status).toBe(401);
      const other = await api(server, 'GET', path, { token: stranger.token });
      expect(other).toMatchObject({ status: 403, body: { detail: ERROR.otherSpace } });
    }
  });
});

describe('history pruning as the server schedules it', () => {
  let pruning: TestServer;
  let keeping: TestServer;

  beforeAll(async () => {
    pruning = await startTestServer({
      config: { history: { retentionDays: 0, maxVersions: 5, intervalMs: 1000 } },
    });
    keeping = await startTestServer({
      config: { history: { retentionDays: 0, maxVersions: 0, intervalMs: 1000 } },
    });
  });
  afterAll(async () => {
    await keeping.close();
    await pruning.close();
  });

  async function savedTool(server: TestServer, versions: number) {
    const space = await createSpaceOverRest(server);
    const { token } = await loginOverRest(server, space, 'alice');
    const opsKey = await deriveOperationsKey(space.key, space.name);
    const saver = new Saver(server, space, token, opsKey, 'kanban');
    for (let i = 0; i < versions; i++) await saver.save([`card ${i}`]);
    const oldest = async () => {
      const res = await api(server, 'GET', `/api/content/${p(space.name)}/kanban/history`, {
        token,
      });
      return (res.body as { oldest_version: number }).oldest_version;
    };
    const version = (v: number) =>
      api(server, 'GET', `/api/content/${p(space.name)}/kanban/history/${v}`, { token });
    return { saver, oldest, version };
  }

  it(
    'prunes by HISTORY_MAX_VERSIONS on its own; with both rules off nothing is pruned',
    { timeout: 60_000 },
    async () => {
      const versions = N + 10;
      const [pruned, kept] = await Promise.all([
        savedTool(pruning, versions),
        savedTool(keeping, versions),
      ]);
      // The 5 newest are N + 6 …; the snapshot at or before that is N + 1.
      await expect.poll(pruned.oldest, { timeout: 15_000, interval: 250 }).toBe(N + 1);
      expect(await pruned.version(N)).toMatchObject({
        status: 404,
        body: { detail: ERROR.versionNotKept },
      });
      expect(await pruned.version(N + 1)).toMatchObject({
        status: 200,
        body: { base: { version: N + 1, encrypted_data: pruned.saver.envelopes.get(N + 1) } },
      });
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect(await kept.oldest()).toBe(1);
      expect((await kept.version(1)).status).toBe(200);
    },
  );
});
