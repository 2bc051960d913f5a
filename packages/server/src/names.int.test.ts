/**
 * Names nobody can impersonate on every way in: the look-alike names of
 * @cipherspace/api's table are refused over REST (409 / 422 `{detail}`), tRPC over HTTP and tRPC
 * over a WebSocket (CONFLICT 409 / BAD_REQUEST 400, the same message); spaces stored before the
 * rules with names that clash today still log in and open the raw WebSocket.
 */
import {
  insertSpaceWithoutNameKeys,
  LOOK_ALIKE_RENAMES,
  LOOK_ALIKE_SPACE_NAMES,
  LOOK_ALIKE_USERNAMES,
  type LookAlikeName,
} from '@cipherspace/api/testing';
import type { AppRouter } from '@cipherspace/api';
import { deriveSpaceNameVerifier } from '@cipherspace/crypto';
import {
  createTRPCClient,
  createWSClient,
  httpLink,
  TRPCClientError,
  wsLink,
  type TRPCClient,
} from '@trpc/client';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

import {
  api,
  createSpaceOverRest,
  loginOverRest,
  startTestServer,
  WsClient,
  wsUrlFor,
  type ClientSpace,
  type TestServer,
} from './testing.ts';

const KEY = 'Sp4ce-Key!long-enough';

const REST_STATUS = { CONFLICT: 409, BAD_REQUEST: 422 } as const;
const TRPC_STATUS = { CONFLICT: 409, BAD_REQUEST: 400 } as const;

/** A REST refusal of a row of the table: its status and `{detail}`. */
function expectRestRefusal(answer: { status: number; body: unknown }, row: LookAlikeName) {
  expect({ status: answer.status, body: answer.body }).toEqual({
    status: REST_STATUS[row.code],
    body: { detail: row.message },
  });
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/** A space name of the table made unique to one way in (digits keep the name's script). */
const named = (name: string, way: number) => `${name} ${way}`;

describe('REST', () => {
  const createOverRest = async (name: string) =>
    api(server, 'POST', '/api/spaces/create', {
      body: {
        space_name: name,
        encrypted_space_name: await deriveSpaceNameVerifier(KEY, name),
        force_user_passwords: false,
        allow_self_registration: true,
      },
    });

  it.each(LOOK_ALIKE_SPACE_NAMES)('$what: creating $second beside $first', async (row) => {
    expect((await createOverRest(named(row.first, 2))).status).toBe(201);
    const refused = await createOverRest(named(row.second, 2));
    expectRestRefusal(refused, row);
  });

  it.each(LOOK_ALIKE_USERNAMES)('$what: registering $second beside $first', async (row) => {
    const space = await createSpaceOverRest(server);
    await loginOverRest(server, space, row.first);
    const refused = await api(
      server,
      'POST',
      `/api/spaces/${encodeURIComponent(space.name)}/users/register`,
      { body: { username: row.second, encrypted_space_name: space.verifier } },
    );
    expectRestRefusal(refused, row);
  });

  it.each(LOOK_ALIKE_RENAMES)('$what: renaming oneself to $second beside $first', async (row) => {
    const space = await createSpaceOverRest(server);
    await loginOverRest(server, space, row.first);
    const renamer = await loginOverRest(server, space, 'renamer');
    const refused = await api(
      server,
      'PUT',
      `/api/spaces/${encodeURIComponent(space.name)}/users/${renamer.userId}`,
      { token: renamer.token, body: { username: row.second } },
    );
    expectRestRefusal(refused, row);
  });
});

/** The tRPC refusal of `call`: its code, HTTP status and message. */
async function trpcRefusal(call: Promise<unknown>) {
  const error = await call.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error, 'the call was refused').toBeInstanceOf(TRPCClientError);
  const { data, message } = error as TRPCClientError<AppRouter>;
  return { code: data?.code, status: data?.httpStatus, message };
}

const expected = (row: LookAlikeName) => ({
  code: row.code,
  status: TRPC_STATUS[row.code],
  message: row.message,
});

describe.each([
  { way: 3, transport: 'tRPC over HTTP' },
  { way: 4, transport: 'tRPC over a WebSocket' },
])('$transport', ({ way }) => {
  let token: string | null = null;
  let client: TRPCClient<AppRouter>;
  let closeClient: () => Promise<void> = () => Promise.resolve();

  beforeAll(() => {
    if (way === 3) {
      client = createTRPCClient<AppRouter>({
        links: [
          httpLink({
            url: `${server.url}/trpc`,
            transformer: superjson,
            headers: () => (token ? { authorization: `Bearer ${token}` } : {}),
          }),
        ],
      });
    } else {
      const wsClient = createWSClient({
        url: `${server.wsUrl}/trpc`,
        WebSocket: WebSocket as unknown as typeof globalThis.WebSocket,
        // The token of the connection: it reconnects when the test switches users.
        connectionParams: () => (token ? { token } : {}),
        lazy: { enabled: true, closeMs: 0 },
      });
      client = createTRPCClient<AppRouter>({
        links: [wsLink({ client: wsClient, transformer: superjson })],
      });
      closeClient = () => wsClient.close();
    }
  });
  afterAll(async () => {
    await closeClient();
  });

  const create = async (name: string) =>
    client.spaces.create.mutate({
      space_name: name,
      encrypted_space_name: await deriveSpaceNameVerifier(KEY, name),
      force_user_passwords: false,
      allow_self_registration: true,
    });

  it.each(LOOK_ALIKE_SPACE_NAMES)('$what: creating $second beside $first', async (row) => {
    await create(named(row.first, way));
    expect(await trpcRefusal(create(named(row.second, way)))).toEqual(expected(row));
  });

  it('refuses look-alike usernames on registration', async () => {
    const space = await createSpaceOverRest(server);
    for (const row of LOOK_ALIKE_USERNAMES) {
      const register = (username: string) =>
        client.users.register.mutate({
          space_name: space.name,
          username,
          encrypted_space_name: space.verifier,
        });
      await register(row.first);
      expect(await trpcRefusal(register(row.second)), row.what).toEqual(expected(row));
    }
  });

  it('refuses look-alike renames', async () => {
    const space: ClientSpace = await createSpaceOverRest(server);
    for (const row of LOOK_ALIKE_RENAMES) await loginOverRest(server, space, row.first);
    const renamer = await loginOverRest(server, space, 'renamer');
    token = renamer.token;
    try {
      for (const row of LOOK_ALIKE_RENAMES) {
        const rename = client.users.update.mutate({
          space_name: space.name,
          user_id: renamer.userId,
          username: row.second,
        });
        expect(await trpcRefusal(rename), row.what).toEqual(expected(row));
      }
    } finally {
      token = null;
    }
  });
});

describe('spaces stored before the rules', () => {
  it('log in over REST and open the raw WebSocket, clashing names included', async () => {
    const stored = [
      await insertSpaceWithoutNameKeys(server.db.db, 'Old Team', KEY, new Date('2024-01-01')),
      await insertSpaceWithoutNameKeys(server.db.db, 'old  TEAM', KEY, new Date('2024-02-01')),
      await insertSpaceWithoutNameKeys(server.db.db, 'Оld Team', KEY, new Date('2024-03-01')),
    ];
    // A new name is compared with them all (their keys are filled in first).
    const clash = await api(server, 'POST', '/api/spaces/create', {
      body: {
        space_name: 'OLD TEAM',
        encrypted_space_name: await deriveSpaceNameVerifier(KEY, 'OLD TEAM'),
      },
    });
    expect(clash.status).toBe(409);

    for (const space of stored) {
      const session = await loginOverRest(server, space, 'ann');
      const info = await api(server, 'GET', `/api/spaces/${encodeURIComponent(space.name)}/info`);
      expect(info.body).toMatchObject({ name: space.name });
      const socket = await WsClient.open(
        wsUrlFor(server, space.name, { token: session.token, session_id: session.userId }),
      );
      try {
        socket.send({ type: 'heartbeat', data: { ping: 1 } });
        const { message } = await socket.waitFor(
          (m) => m.type === 'heartbeat' && m.data?.response === 'pong',
          { what: 'pong' },
        );
        expect(message.space_name).toBe(space.name);
      } finally {
        socket.close();
      }
    }
  });
});
