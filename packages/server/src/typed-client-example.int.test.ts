/**
 * The typed-client example of docs/typed-client.md (packages/rest-adapter/examples/
 * typed-client.ts) run against a live server: it logs in with `@trpc/client`, decrypts the
 * board with `@cipherspace/crypto` and receives a live update, while the server only ever holds
 * ciphertext.
 */
import { encryptJson } from '@cipherspace/crypto';
import { main } from '@cipherspace/rest-adapter/examples/typed-client';
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
