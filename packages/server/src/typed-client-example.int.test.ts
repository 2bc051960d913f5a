/**
 * The typed-client example of docs/typed-client.md (packages/rest-adapter/examples/
 * typed-client.ts) run against a live server: it logs in with `@trpc/client`, decrypts the
 * board with `@cipherspace/crypto`, adds an issue with `@cipherspace/tools` and saves it, and
 * receives a live update, while the server only ever holds ciphertext. The server's own code
 * never imports `@cipherspace/tools` (zero knowledge); this test, a client, takes only the
 * default settings from it. The boards are otherwise written out by hand (spec §3) and the saved
 * versions are checked as plain decrypted JSON, so the example is checked against an
 * expectation of its own, not against the package's result.
 */
import { decryptJson, encryptJson } from '@cipherspace/crypto';
import { main } from '@cipherspace/rest-adapter/examples/typed-client';
import { tools } from '@cipherspace/tools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  api,
  createSpaceOverRest,
  loginOverRest,
  startTestServer,
  type ClientSpace,
  type TestServer,
} from './testing.ts';

const KEY = 'Typed-Example-Key!9';
const PASSWORD = 'bob-secret-pw';
const board = {
  title: 'Sprint 42 board',
  phases: [
    { name: 'Backlog', issues: [{ id: 'i1', title: 'Write the docs' }] },
    { name: 'Done', issues: [] },
  ],
};
const updated = {
  ...board,
  phases: [
    { name: 'Backlog', issues: [] },
    { name: 'Done', issues: [{ id: 'i1', title: 'Write the docs' }] },
  ],
};

let server: TestServer;
let space: ClientSpace;
let alice: { token: string; userId: string };

beforeAll(async () => {
  server = await startTestServer();
  space = await createSpaceOverRest(server, { name: 'Typed Example Team', key: KEY });
  alice = await loginOverRest(server, space, 'alice');
  await loginOverRest(server, space, 'bob', { password: PASSWORD });
  const saved = await api(server, 'PUT', `/api/content/${encodeURIComponent(space.name)}/kanban`, {
    token: alice.token,
    body: { encrypted_data: await encryptJson(board, KEY), metadata: { version: 0 } },
  });
  expect(saved.status).toBe(200);
});
afterAll(async () => {
  await server.close();
});

describe('docs/typed-client.md example', () => {
  it('logs in, prints the decrypted board and decrypts a live update', async () => {
    const lines: string[] = [];
    let listening: () => void = () => undefined;
    const isListening = new Promise<void>((resolve) => (listening = resolve));
    const run = main({
      url: server.url,
      spaceName: space.name,
      spaceKey: KEY,
      username: 'bob',
      password: PASSWORD,
      updates: 1,
      log: (line) => {
        lines.push(line);
        if (line.startsWith('Listening')) listening();
      },
    });

    await isListening;
    // Alice moves the card: a new version the example must receive and decrypt.
    const moved = await api(
      server,
      'PUT',
      `/api/content/${encodeURIComponent(space.name)}/kanban`,
      {
        token: alice.token,
        body: { encrypted_data: await encryptJson(updated, KEY), metadata: { version: 1 } },
      },
    );
    expect(moved.status).toBe(200);

    const result = await run;
    expect(result.user).toMatchObject({ username: 'bob', role: 'member' });
    expect(result.content).toEqual(board);
    expect(result.added).toBeNull();
    expect(result.updates).toEqual([{ version: 2, modifiedBy: 'alice', content: updated }]);
    expect(lines).toEqual([
      'Logged in to "Typed Example Team" as bob (member).',
      'kanban: "Sprint 42 board" — Backlog (1), Done (0)',
      'Listening for updates of kanban…',
      'kanban v2 by alice: "Sprint 42 board" — Backlog (0), Done (1)',
    ]);

    // The server holds ciphertext only.
    const stored = await api(
      server,
      'GET',
      `/api/content/${encodeURIComponent(space.name)}/kanban`,
      {
        token: alice.token,
      },
    );
    expect(JSON.stringify(stored.body)).not.toContain('Sprint 42');
  });

  it('fails with the server detail for a wrong space key, before anything is decrypted', async () => {
    await expect(
      main({
        url: server.url,
        spaceName: space.name,
        spaceKey: 'Wrong-Key-123!',
        username: 'bob',
        password: PASSWORD,
        updates: 0,
        log: () => undefined,
      }),
    ).rejects.toThrow('Invalid space name or space key');
  });
});

/** A complete Kanban board of spec §3; its phases are not in array order on purpose. */
const AT = '2025-03-01T09:00:00.000Z';
const kanbanBoard = {
  id: 'board-1',
  title: 'Release board',
  version: 1,
  lastModified: AT,
  createdAt: AT,
  toolType: 'kanban',
  teamMembers: ['carol'],
  phases: [
    {
      id: 'p-doing',
      name: 'Doing',
      order: 1,
      color: '#ffc107',
      description: '',
      isEndPhase: false,
      issues: [],
    },
    {
      id: 'p-todo',
      name: 'To Do',
      order: 0,
      color: '#17a2b8',
      description: 'Next up',
      isEndPhase: false,
      issues: [
        {
          id: 'issue-1',
          title: 'Tag the release',
          description: '',
          type: 'Task',
          priority: 'High',
          estimation: '3',
          assignedPerson: 'carol',
          comments: [],
          createdAt: AT,
          createdBy: 'carol',
          order: 0,
          tags: ['release'],
        },
      ],
    },
    {
      id: 'p-done',
      name: 'Done',
      order: 2,
      color: '#28a745',
      description: '',
      isEndPhase: true,
      issues: [],
    },
  ],
  // The default Kanban settings of spec §3, as the package creates them.
  settings: tools.kanban.defaultContent({ now: () => AT, newId: () => 'unused' }).settings,
};
type Board = typeof kanbanBoard;

/**
 * The issue an `addIssue` operation by bob creates (spec §3 Issue, defaults of §4): ticket number
 * 1 on these boards, whose older issues have none.
 */
function newIssue(title: string, operation: { id: string; at: string }, order: number) {
  return {
    id: operation.id,
    title,
    description: '',
    type: 'Task',
    priority: 'none',
    estimation: '',
    assignedPerson: '',
    comments: [],
    createdAt: operation.at,
    createdBy: 'bob',
    order,
    tags: [],
    number: 1,
  };
}

/**
 * `board` after bob's `addIssue` of `issue` (numbered 1) to the phase `phaseId`: the issue
 * appended, the next ticket number 2, bob in the team.
 */
function withBobsIssue(board: Board, phaseId: string, issue: object): Board {
  return {
    ...withIssue(board, phaseId, issue),
    nextTicketNumber: 2,
    teamMembers: [...board.teamMembers, 'bob'],
  } as Board;
}

/** `board` with `issue` appended to the phase `phaseId`. */
function withIssue(board: Board, phaseId: string, issue: object): Board {
  return {
    ...board,
    phases: board.phases.map((phase) =>
      phase.id === phaseId ? { ...phase, issues: [...phase.issues, issue] } : phase,
    ),
  } as Board;
}

const contentPath = (target: ClientSpace) =>
  `/api/content/${encodeURIComponent(target.name)}/kanban`;

/** A space where carol (admin) saved `board` as version 1 (unless null) and bob is a member. */
async function boardSpace(name: string, board: object | null) {
  const target = await createSpaceOverRest(server, { name, key: KEY });
  const carol = await loginOverRest(server, target, 'carol');
  await loginOverRest(server, target, 'bob', { password: PASSWORD });
  if (board !== null) {
    const saved = await api(server, 'PUT', contentPath(target), {
      token: carol.token,
      body: { encrypted_data: await encryptJson(board, KEY), metadata: { version: 0 } },
    });
    expect(saved.status).toBe(200);
  }
  return { target, carol };
}

/** What another client (carol, over REST) finds stored: the version and the decrypted board. */
async function readBack(target: ClientSpace, token: string) {
  const stored = await api(server, 'GET', contentPath(target), { token });
  expect(stored.status).toBe(200);
  const body = stored.body as {
    encrypted_data: string;
    content_metadata: { version: number; modified_by: string };
  };
  return {
    version: body.content_metadata.version,
    modifiedBy: body.content_metadata.modified_by,
    board: await decryptJson(body.encrypted_data, KEY),
    raw: JSON.stringify(stored.body),
  };
}

describe('docs/typed-client.md example: adding an issue with @cipherspace/tools', () => {
  it('decodes the board, adds the issue to its first phase by order and saves the next version', async () => {
    const { target, carol } = await boardSpace('Typed Example Add', kanbanBoard);
    const lines: string[] = [];
    const result = await main({
      url: server.url,
      spaceName: target.name,
      spaceKey: KEY,
      username: 'bob',
      password: PASSWORD,
      addIssue: 'Write the release notes',
      updates: 0,
      log: (line) => lines.push(line),
    });

    const added = result.added;
    expect(added).not.toBeNull();
    if (added === null) return;
    expect(added.operation).toEqual({
      v: 1,
      tool: 'kanban',
      name: 'addIssue',
      args: { phaseId: 'p-todo', issue: { title: 'Write the release notes' }, createdBy: 'bob' },
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      by: 'bob',
    });
    expect(added.version).toBe(2);

    // Another client decrypts the saved version: the same board plus the one issue, stamped.
    const saved = await readBack(target, carol.token);
    const expected = {
      ...withBobsIssue(
        kanbanBoard,
        'p-todo',
        newIssue('Write the release notes', added.operation, 1),
      ),
      version: 2,
      lastModified: added.operation.at,
    };
    expect(saved).toEqual({ version: 2, modifiedBy: 'bob', board: expected, raw: saved.raw });
    expect(added.content).toEqual(expected);
    expect(saved.raw).not.toContain('release notes');
    expect(lines).toEqual([
      'Logged in to "Typed Example Add" as bob (member).',
      'kanban: "Release board" — Doing (0), To Do (1), Done (0)',
      'Added "Write the release notes" to To Do: kanban v2.',
    ]);
  });

  it('re-applies the same operation to the latest version after a 409', async () => {
    const { target, carol } = await boardSpace('Typed Example Conflict', kanbanBoard);
    // Carol saves version 2 just before the example's save reaches the server.
    const rival = {
      ...withIssue(kanbanBoard, 'p-done', { ...kanbanBoard.phases[1]?.issues[0], id: 'issue-2' }),
      title: 'Release board (renamed)',
      version: 2,
    };
    let raced = false;
    const racingFetch: typeof fetch = async (input, init) => {
      const url = input instanceof Request ? input.url : input.toString();
      if (!raced && url.includes('content.save')) {
        raced = true;
        const first = await api(server, 'PUT', contentPath(target), {
          token: carol.token,
          body: { encrypted_data: await encryptJson(rival, KEY), metadata: { version: 1 } },
        });
        expect(first.status).toBe(200);
      }
      return fetch(input, init);
    };
    const lines: string[] = [];
    const result = await main({
      url: server.url,
      spaceName: target.name,
      spaceKey: KEY,
      username: 'bob',
      password: PASSWORD,
      addIssue: 'Write the release notes',
      updates: 0,
      log: (line) => lines.push(line),
      fetch: racingFetch,
    });

    expect(raced).toBe(true);
    const added = result.added;
    expect(added).not.toBeNull();
    if (added === null) return;
    expect(added.version).toBe(3);
    // Carol's version kept, plus the very issue the first attempt made (same id and time).
    const saved = await readBack(target, carol.token);
    expect(saved).toEqual({
      raw: saved.raw,
      version: 3,
      modifiedBy: 'bob',
      board: {
        ...withBobsIssue(rival, 'p-todo', newIssue('Write the release notes', added.operation, 1)),
        version: 3,
        lastModified: added.operation.at,
      },
    });
    expect(lines.slice(2)).toEqual([
      'Someone saved kanban first: applying the same operation to the latest version…',
      'Added "Write the release notes" to To Do: kanban v3.',
    ]);
  });

  it('starts from the default board when the tool has no content yet', async () => {
    const { target, carol } = await boardSpace('Typed Example Default', null);
    const lines: string[] = [];
    const result = await main({
      url: server.url,
      spaceName: target.name,
      spaceKey: KEY,
      username: 'bob',
      password: PASSWORD,
      addIssue: 'First card',
      updates: 0,
      log: (line) => lines.push(line),
    });

    expect(result.content).toBeNull();
    const added = result.added;
    expect(added).not.toBeNull();
    if (added === null) return;
    expect(added.version).toBe(1);
    const saved = await readBack(target, carol.token);
    expect(saved.version).toBe(1);
    const board = saved.board as Board;
    expect(board).toMatchObject({
      toolType: 'kanban',
      title: 'Kanban Board',
      version: 1,
      lastModified: added.operation.at,
    });
    const phases = board.phases.toSorted((a, b) => a.order - b.order);
    expect(phases.map((phase) => phase.name)).toEqual([
      'Backlog',
      'To Do',
      'In Progress',
      'Testing',
      'Done',
    ]);
    expect(phases.map((phase) => phase.issues)).toEqual([
      [newIssue('First card', added.operation, 0)],
      [],
      [],
      [],
      [],
    ]);
    expect(added.operation.args).toEqual({
      phaseId: phases[0]?.id,
      issue: { title: 'First card' },
      createdBy: 'bob',
    });
    expect(lines).toEqual([
      'Logged in to "Typed Example Default" as bob (member).',
      'kanban: no content yet.',
      'Added "First card" to Backlog: kanban v1.',
    ]);
  });

  it('saves nothing when the result breaks a rule of spec §5', async () => {
    // A phase without a name (spec §5 'Name is required'): decodes, but may not be saved.
    const broken = {
      ...kanbanBoard,
      phases: kanbanBoard.phases.map((phase) =>
        phase.id === 'p-done' ? { ...phase, name: '' } : phase,
      ),
    };
    const { target, carol } = await boardSpace('Typed Example Invalid', broken);
    await expect(
      main({
        url: server.url,
        spaceName: target.name,
        spaceKey: KEY,
        username: 'bob',
        password: PASSWORD,
        addIssue: 'Write the release notes',
        updates: 0,
        log: () => undefined,
      }),
    ).rejects.toThrow('Not saved: Phase 3: Name is required');
    const stored = await readBack(target, carol.token);
    expect(stored).toEqual({ version: 1, modifiedBy: 'carol', board: broken, raw: stored.raw });
  });
});
