/**
 * The documented REST contract (spec §5, §6, §7, §8) over real HTTP, as a third-party client
 * speaks it: real crypto from @cipherspace/crypto, a real server, a real database.
 *
 * Every response of this file is audited in afterAll: none may be a 5xx, and every 4xx body must
 * be exactly `{"detail": "<string>"}`.
 */
import { randomUUID } from 'node:crypto';

import {
  decryptJson,
  derivePasswordVerifier,
  deriveSpaceNameVerifier,
  encryptJson,
} from '@cipherspace/crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  api,
  createSpaceOverRest,
  loginOverRest,
  startTestServer,
  type ApiTarget,
  type ClientSpace,
  type ObservedResponse,
  type TestServer,
} from './testing.ts';

// ---- wire shapes (spec §3) -------------------------------------------------------------

interface SpaceBody {
  name: string;
  force_user_passwords: boolean;
  allow_self_registration: boolean;
  created_at: string;
}
interface UserBody {
  id: string;
  username: string;
  role: 'admin' | 'member';
  created_at: string;
}
interface ContentRecord {
  id: string;
  tool: string;
  space_name: string;
  content_metadata: Record<string, unknown> & {
    version: number;
    modified_by: string;
    last_modified: string;
  };
  encrypted_data?: string;
}

// ---- exact details of the wire contract (spec §5, §8; packages/api/src/errors.ts) ---------

const SPACE_NAME_HINT =
  'Space name must be at least 3 characters and contain only letters, numbers, spaces, and dashes';
const USERNAME_EXISTS = 'Username already exists. Please choose a different username.';
const USER_NOT_FOUND = 'User not found';
const OTHER_SPACE = 'Your session does not belong to this space';
const ADMIN_ONLY = 'Only admins can do this';
const SPACE_NOT_FOUND = 'Space not found';
const VERSION_CONFLICT = 'Content was modified by another user. Please try your changes again.';
const CONTENT_NOT_FOUND = 'No content for this tool yet';
const UNKNOWN_TOOL =
  'tool must be one of: kanban, ticket-system, bulletin, diagrams, poker, randomizer';
const AUTH_REQUIRED = 'Authentication required';
const SESSION_INVALID = 'Invalid or expired session';
const INVALID_SPACE_CREDENTIALS = 'Invalid space name or space key';
const INVALID_PASSWORD = 'Invalid password';
const SELF_REGISTRATION_OFF =
  'Self registration is disabled for this space. Ask an admin to add you.';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const p = encodeURIComponent;
const rand = () => Math.random().toString(36).slice(2, 8);

/** An ISO 8601 UTC timestamp as `Date.prototype.toJSON` writes it. */
const isoDate = () => expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

/** Asserts an error response: the status and a body that is exactly `{detail}`. */
function expectError(
  res: { status: number; body: unknown },
  status: number,
  detail?: string,
): void {
  expect(res.status, `body: ${JSON.stringify(res.body)}`).toBe(status);
  expect(res.body).toStrictEqual({ detail: detail ?? expect.any(String) });
  expect((res.body as { detail: string }).detail.length).toBeGreaterThan(0);
}

// ---- shared fixtures ---------------------------------------------------------------------

const observed: ObservedResponse[] = [];
let server: TestServer;
let target: ApiTarget;

/** Space A: self registration on, passwords optional; alice (admin) and bob (member). */
let A: ClientSpace;
let alice: { token: string; userId: string };
let bob: { token: string; userId: string };
/** Space B: self registration off; bert (admin) with saved kanban content. */
let B: ClientSpace;
let bert: { token: string; userId: string };
const bContent = { title: 'Bravo secret board', phases: ['Backlog', 'Done'], n: 7 };
let bEnvelope: string;

const call = (
  method: string,
  path: string,
  options: Parameters<typeof api>[3] = {},
): ReturnType<typeof api> => api(target, method, path, options);

/**
 * A new space (self registration on) with `admin` and `member` logged in, for a test that needs
 * tools without content: no tool of it has any yet.
 */
async function freshSpace() {
  const space = await createSpaceOverRest(target, { name: `Fresh Space ${rand()}` });
  const admin = await loginOverRest(target, space, 'alice');
  const member = await loginOverRest(target, space, 'bob');
  return { space, admin, member };
}

beforeAll(async () => {
  server = await startTestServer();
  target = { url: server.url, onResponse: (response) => observed.push(response) };
  await Promise.all([
    (async () => {
      // Letters beyond ASCII, spaces and a dash: the name must survive URL encoding everywhere.
      A = await createSpaceOverRest(target, {
        name: `Alpha Über-Team ${rand()}`,
        key: 'Alpha-Key-2024!x',
      });
      alice = await loginOverRest(target, A, 'alice');
      bob = await loginOverRest(target, A, 'bob');
    })(),
    (async () => {
      B = await createSpaceOverRest(target, {
        name: `Bravo Crew ${rand()}`,
        key: 'Bravo-Key-2024!y',
        selfRegistration: false,
      });
      bert = await loginOverRest(target, B, 'bert');
      bEnvelope = await encryptJson(bContent, B.key);
      const saved = await call('PUT', `/api/content/${p(B.name)}/kanban`, {
        token: bert.token,
        body: { encrypted_data: bEnvelope, metadata: { version: 0 } },
      });
      if (saved.status !== 200) throw new Error(`B content: ${saved.status}`);
    })(),
  ]);
});

afterAll(async () => {
  try {
    const serverErrors = observed.filter((r) => r.status >= 500);
    expect(serverErrors, 'no response of this file may be a 5xx').toEqual([]);
    const badErrorBodies = observed.filter((r) => {
      if (r.status < 400) return false;
      const body = r.body as Record<string, unknown> | null;
      return (
        typeof body !== 'object' ||
        body === null ||
        Object.keys(body).length !== 1 ||
        typeof body.detail !== 'string'
      );
    });
    expect(badErrorBodies, 'every error body must be exactly {detail: string}').toEqual([]);
    // The audit itself must have seen the file's traffic, including many error statuses.
    expect(observed.length).toBeGreaterThan(100);
  } finally {
    await server.close();
  }
});

// ---- §7: every call with its success status and body shape ------------------------------

describe('REST calls of spec §7', () => {
  it('POST /api/spaces/create → 201 with the space; GET by name; info flips is_first_user_registration; first registrant is admin, the next a member', async () => {
    const name = `Created Space ${rand()}`;
    const key = 'Cr3ated-Space-Key!';
    const verifier = await deriveSpaceNameVerifier(key, name);

    const created = await call('POST', '/api/spaces/create', {
      body: {
        space_name: name,
        encrypted_space_name: verifier,
        force_user_passwords: false,
        allow_self_registration: true,
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toStrictEqual({
      name,
      force_user_passwords: false,
      allow_self_registration: true,
      created_at: isoDate(),
    });
    const createdAt = Date.parse((created.body as SpaceBody).created_at);
    expect(Math.abs(createdAt - Date.now())).toBeLessThan(60_000);
    // The server stores only a hash of the verifier and never returns it.
    expect(JSON.stringify(created.body)).not.toContain(verifier);

    const byName = await call('GET', `/api/spaces/${p(name)}`);
    expect(byName.status).toBe(200);
    expect(byName.body).toStrictEqual(created.body);

    const infoBefore = await call('GET', `/api/spaces/${p(name)}/info`);
    expect(infoBefore.status).toBe(200);
    expect(infoBefore.body).toStrictEqual({
      name,
      force_user_passwords: false,
      allow_self_registration: true,
      is_first_user_registration: true,
    });

    const space: ClientSpace = { name, key, verifier };
    const first = await call('POST', `/api/spaces/${p(name)}/users/register`, {
      body: { username: 'Ann', encrypted_space_name: space.verifier },
    });
    expect(first.status).toBe(201);
    expect(first.body).toStrictEqual({
      id: expect.stringMatching(UUID),
      username: 'Ann',
      role: 'admin',
      created_at: isoDate(),
    });

    const infoAfter = await call('GET', `/api/spaces/${p(name)}/info`);
    expect(infoAfter.status).toBe(200);
    expect(infoAfter.body).toMatchObject({ name, is_first_user_registration: false });

    const second = await call('POST', `/api/spaces/${p(name)}/users/register`, {
      body: {
        username: 'Ben',
        encrypted_password: await derivePasswordVerifier(key, 'ben-secret'),
        encrypted_space_name: space.verifier,
      },
    });
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ username: 'Ben', role: 'member' });
    expect((second.body as UserBody).id).not.toBe((first.body as UserBody).id);
  });

  it('POST /api/auth/login → access_token, token_type, space, user; GET /api/auth/session describes that session', async () => {
    const login = await call('POST', '/api/auth/login', {
      body: { space_name: A.name, encrypted_space_name: A.verifier, username: 'bob' },
    });
    expect(login.status).toBe(200);
    const body = login.body as Record<string, unknown>;
    expect(body).toMatchObject({
      access_token: expect.stringMatching(/^[a-z2-7]{32}$/),
      token_type: 'bearer',
      space: {
        name: A.name,
        force_user_passwords: false,
        allow_self_registration: true,
        created_at: isoDate(),
      },
      user: { id: bob.userId, username: 'bob', role: 'member', created_at: isoDate() },
    });
    expect(Object.keys(body.user as object).sort()).toEqual([
      'created_at',
      'id',
      'role',
      'username',
    ]);
    // A login is a new session with its own token.
    expect(body.access_token).not.toBe(bob.token);

    // Login looks the username up case-insensitively.
    const upper = await call('POST', '/api/auth/login', {
      body: { space_name: A.name, encrypted_space_name: A.verifier, username: 'BOB' },
    });
    expect(upper.status).toBe(200);
    expect(upper.body).toMatchObject({ user: { id: bob.userId } });

    const session = await call('GET', '/api/auth/session', { token: body.access_token as string });
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({
      user: { id: bob.userId, username: 'bob', role: 'member' },
      space: { name: A.name },
      expires_at: isoDate(),
    });
  });

  it('GET /api/spaces/{name}/users → {users}; GET …/usernames → {usernames} (members may read both)', async () => {
    const users = await call('GET', `/api/spaces/${p(A.name)}/users`, { token: alice.token });
    expect(users.status).toBe(200);
    expect(Object.keys(users.body as object)).toEqual(['users']);
    const list = (users.body as { users: UserBody[] }).users;
    expect(list).toEqual(
      expect.arrayContaining([
        { id: alice.userId, username: 'alice', role: 'admin', created_at: isoDate() },
        { id: bob.userId, username: 'bob', role: 'member', created_at: isoDate() },
      ]),
    );
    for (const user of list) {
      expect(Object.keys(user).sort()).toEqual(['created_at', 'id', 'role', 'username']);
    }

    const names = await call('GET', `/api/spaces/${p(A.name)}/usernames`, { token: bob.token });
    expect(names.status).toBe(200);
    expect(names.body).toStrictEqual({ usernames: list.map((user) => user.username) });
    expect((names.body as { usernames: string[] }).usernames).toEqual(
      expect.arrayContaining(['alice', 'bob']),
    );
  });

  it('PUT /api/spaces/{name} (admin) changes either setting, keeps the other and returns the space', async () => {
    const path = `/api/spaces/${p(A.name)}`;
    const before = (await call('GET', path)).body as SpaceBody;

    const off = await call('PUT', path, {
      token: alice.token,
      body: { allow_self_registration: false },
    });
    expect(off.status).toBe(200);
    expect(off.body).toStrictEqual({
      name: A.name,
      force_user_passwords: false,
      allow_self_registration: false,
      created_at: before.created_at,
    });
    expect((await call('GET', `${path}/info`)).body).toMatchObject({
      allow_self_registration: false,
    });

    const force = await call('PUT', path, {
      token: alice.token,
      body: { force_user_passwords: true },
    });
    expect(force.status).toBe(200);
    expect(force.body).toMatchObject({
      force_user_passwords: true,
      allow_self_registration: false,
    });

    const restore = await call('PUT', path, {
      token: alice.token,
      body: { force_user_passwords: false, allow_self_registration: true },
    });
    expect(restore.status).toBe(200);
    expect(restore.body).toStrictEqual(before);

    // Re-saving a setting with its current value changes nothing.
    const same = await call('PUT', path, {
      token: alice.token,
      body: { allow_self_registration: true },
    });
    expect(same.status).toBe(200);
    expect(same.body).toStrictEqual(before);
  });

  it('POST /api/spaces/{name}/users (admin) → 201 with the user (role member by default); the user can log in', async () => {
    const created = await call('POST', `/api/spaces/${p(A.name)}/users`, {
      token: alice.token,
      body: {
        username: 'dora',
        encrypted_password: await derivePasswordVerifier(A.key, 'dora-pass'),
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toStrictEqual({
      id: expect.stringMatching(UUID),
      username: 'dora',
      role: 'member',
      created_at: isoDate(),
    });

    const asAdmin = await call('POST', `/api/spaces/${p(A.name)}/users`, {
      token: alice.token,
      body: { username: 'erin', role: 'admin' },
    });
    expect(asAdmin.status).toBe(201);
    expect(asAdmin.body).toMatchObject({ username: 'erin', role: 'admin' });

    const dora = await loginOverRest(target, A, 'dora', { password: 'dora-pass', register: false });
    expect(dora.userId).toBe((created.body as UserBody).id);
    const listed = await call('GET', `/api/spaces/${p(A.name)}/usernames`, { token: dora.token });
    expect((listed.body as { usernames: string[] }).usernames).toEqual(
      expect.arrayContaining(['dora', 'erin']),
    );
  });

  it('PUT /api/spaces/{name}/users/{id}: {username} renames oneself; {role} is set by an admin on another user', async () => {
    const fay = await call('POST', `/api/spaces/${p(A.name)}/users`, {
      token: alice.token,
      body: { username: 'fay' },
    });
    expect(fay.status).toBe(201);
    const fayId = (fay.body as UserBody).id;
    const faySession = await loginOverRest(target, A, 'fay', { register: false });

    const renamed = await call('PUT', `/api/spaces/${p(A.name)}/users/${fayId}`, {
      token: faySession.token,
      body: { username: 'Fayola' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toStrictEqual({
      id: fayId,
      username: 'Fayola',
      role: 'member',
      created_at: (fay.body as UserBody).created_at,
    });
    expect(
      (await call('GET', '/api/auth/session', { token: faySession.token })).body,
    ).toMatchObject({
      user: { id: fayId, username: 'Fayola' },
    });

    const promoted = await call('PUT', `/api/spaces/${p(A.name)}/users/${fayId}`, {
      token: alice.token,
      body: { role: 'admin' },
    });
    expect(promoted.status).toBe(200);
    expect(promoted.body).toStrictEqual({
      id: fayId,
      username: 'Fayola',
      role: 'admin',
      created_at: (fay.body as UserBody).created_at,
    });

    // The promotion is effective at once: fay may now do admin calls.
    const adminCall = await call('PUT', `/api/spaces/${p(A.name)}`, {
      token: faySession.token,
      body: { allow_self_registration: true },
    });
    expect(adminCall.status).toBe(200);

    const demoted = await call('PUT', `/api/spaces/${p(A.name)}/users/${fayId}`, {
      token: alice.token,
      body: { role: 'member' },
    });
    expect(demoted.status).toBe(200);
    expect(demoted.body).toMatchObject({ role: 'member' });
    expectError(
      await call('PUT', `/api/spaces/${p(A.name)}`, {
        token: faySession.token,
        body: { allow_self_registration: true },
      }),
      403,
      ADMIN_ONLY,
    );
  });

  it('DELETE /api/spaces/{name}/users/{id} (admin) → 204; the user, their login and their sessions are gone', async () => {
    const gus = await loginOverRest(target, A, 'gus');
    const deleted = await call('DELETE', `/api/spaces/${p(A.name)}/users/${gus.userId}`, {
      token: alice.token,
    });
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBeNull();

    const users = (await call('GET', `/api/spaces/${p(A.name)}/users`, { token: alice.token }))
      .body as { users: UserBody[] };
    expect(users.users.map((user) => user.id)).not.toContain(gus.userId);
    expectError(await call('GET', '/api/auth/session', { token: gus.token }), 401, SESSION_INVALID);
    expectError(
      await call('POST', '/api/auth/login', {
        body: { space_name: A.name, encrypted_space_name: A.verifier, username: 'gus' },
      }),
      401,
      USER_NOT_FOUND,
    );
    expectError(
      await call('DELETE', `/api/spaces/${p(A.name)}/users/${gus.userId}`, { token: alice.token }),
      404,
      USER_NOT_FOUND,
    );
  });

  it('GET/PUT/DELETE /api/content/{name}/{tool} and GET …/tools: ciphertext stored byte-exact, versions count up, modified_by is the caller', async () => {
    const path = `/api/content/${p(A.name)}/kanban`;
    expectError(await call('GET', path, { token: alice.token }), 404, CONTENT_NOT_FOUND);

    const original = {
      id: 'board-1',
      title: 'Sprint 12 — Überblick',
      phases: [{ id: 'p1', name: 'Backlog', issues: [{ id: 'i1', title: 'Fix login ✓' }] }],
      teamMembers: ['alice', 'bob'],
    };
    const envelope = await encryptJson(original, A.key);

    const first = await call('PUT', path, {
      token: alice.token,
      // A client that lies about modified_by is overruled by the session.
      body: {
        encrypted_data: envelope,
        metadata: { version: 0, modified_by: 'mallory', client: 'cli' },
      },
    });
    expect(first.status).toBe(200);
    expect(first.body).toStrictEqual({
      id: expect.any(String),
      tool: 'kanban',
      space_name: A.name,
      content_metadata: {
        version: 1,
        modified_by: 'alice',
        last_modified: isoDate(),
        client: 'cli',
      },
    });
    const record = first.body as ContentRecord;

    const read = await call('GET', path, { token: bob.token });
    expect(read.status).toBe(200);
    expect(read.body).toStrictEqual({ ...record, encrypted_data: envelope, current_version: 1 });
    const stored = (read.body as ContentRecord).encrypted_data as string;
    expect(stored).toBe(envelope);
    expect(await decryptJson(stored, A.key)).toStrictEqual(original);

    const edited = { ...original, title: 'Sprint 12 (edited by bob)' };
    const secondEnvelope = await encryptJson(edited, A.key);
    const second = await call('PUT', path, {
      token: bob.token,
      body: { encrypted_data: secondEnvelope, metadata: { version: 1 } },
    });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({
      id: record.id,
      content_metadata: { version: 2, modified_by: 'bob' },
    });
    const reread = (await call('GET', path, { token: alice.token })).body as ContentRecord;
    expect(reread.content_metadata).toMatchObject({ version: 2, modified_by: 'bob' });
    expect(reread.encrypted_data).toBe(secondEnvelope);
    expect(await decryptJson(secondEnvelope, A.key)).toStrictEqual(edited);

    // A save based on an old version is refused and changes nothing.
    expectError(
      await call('PUT', path, {
        token: alice.token,
        body: { encrypted_data: envelope, metadata: { version: 1 } },
      }),
      409,
      VERSION_CONFLICT,
    );
    expect(
      ((await call('GET', path, { token: alice.token })).body as ContentRecord).encrypted_data,
    ).toBe(secondEnvelope);

    const tools = await call('GET', `/api/content/${p(A.name)}/tools`, { token: bob.token });
    expect(tools.status).toBe(200);
    expect(tools.body).toMatchObject({
      tools: expect.arrayContaining([
        { tool: 'kanban', version: 2, modified_by: 'bob', last_modified: isoDate() },
      ]),
    });

    const removed = await call('DELETE', path, { token: bob.token });
    expect(removed.status).toBe(204);
    expect(removed.body).toBeNull();
    expectError(await call('GET', path, { token: alice.token }), 404, CONTENT_NOT_FOUND);
    expectError(await call('DELETE', path, { token: alice.token }), 404, CONTENT_NOT_FOUND);
    const after = (await call('GET', `/api/content/${p(A.name)}/tools`, { token: bob.token }))
      .body as { tools: { tool: string }[] };
    expect(after.tools.map((entry) => entry.tool)).not.toContain('kanban');

    // After deletion a save starts from version 0 again; the numbering goes on after the
    // versions the history keeps (2), so none of them is overwritten.
    const again = await call('PUT', path, {
      token: alice.token,
      body: { encrypted_data: envelope, metadata: { version: 0 } },
    });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ content_metadata: { version: 3 } });
  });

  it.each([
    { base: 0, label: '0 (no content yet)' },
    { base: 1, label: '1 (existing content)' },
  ])(
    '10 parallel PUTs based on version $label → exactly one 200 and nine 409; the winner is stored',
    async ({ base }) => {
      const { space, admin, member } = await freshSpace();
      const path = `/api/content/${p(space.name)}/kanban`;
      if (base > 0) {
        const seed = await call('PUT', path, {
          token: admin.token,
          body: {
            encrypted_data: await encryptJson({ seed: true }, space.key),
            metadata: { version: 0 },
          },
        });
        expect(seed.status).toBe(200);
      }
      const envelopes = await Promise.all(
        Array.from({ length: 10 }, (_, attempt) => encryptJson({ attempt }, space.key)),
      );
      const results = await Promise.all(
        envelopes.map((encrypted_data, attempt) =>
          call('PUT', path, {
            token: attempt % 2 === 0 ? admin.token : member.token,
            body: { encrypted_data, metadata: { version: base, attempt } },
          }),
        ),
      );
      const statuses = results.map((res) => res.status).sort();
      expect(statuses).toEqual([200, ...Array<number>(9).fill(409)]);
      for (const res of results) {
        if (res.status === 409) expectError(res, 409, VERSION_CONFLICT);
      }
      const winner = results.find((res) => res.status === 200)?.body as ContentRecord;
      expect(winner.content_metadata.version).toBe(base + 1);
      const attempt = winner.content_metadata.attempt as number;

      const stored = (await call('GET', path, { token: admin.token })).body as ContentRecord;
      expect(stored.content_metadata).toMatchObject({ version: base + 1, attempt });
      expect(stored.encrypted_data).toBe(envelopes[attempt]);
      expect(await decryptJson(stored.encrypted_data as string, space.key)).toStrictEqual({
        attempt,
      });
    },
  );

  it('simultaneous first registrations: exactly one becomes admin, the rest are refused (self registration off)', async () => {
    const R = await createSpaceOverRest(target, {
      name: `Race Start ${rand()}`,
      key: 'Race-Key-2024!rr',
      selfRegistration: false,
    });
    const results = await Promise.all(
      ['r1', 'r2', 'r3', 'r4', 'r5'].map((username) =>
        call('POST', `/api/spaces/${p(R.name)}/users/register`, {
          body: { username, encrypted_space_name: R.verifier },
        }),
      ),
    );
    const statuses = results.map((res) => res.status).sort();
    expect(statuses).toEqual([201, 403, 403, 403, 403]);
    expect(results.find((res) => res.status === 201)?.body).toMatchObject({ role: 'admin' });
    for (const res of results) {
      if (res.status === 403) expectError(res, 403, SELF_REGISTRATION_OFF);
    }
  });

  it('a session expires after 30 idle minutes; every use slides it (spec §9)', async () => {
    let clockMs = Date.now();
    const timed = await startTestServer({ db: server.db, now: () => new Date(clockMs) });
    try {
      const timedTarget: ApiTarget = { url: timed.url, onResponse: (r) => observed.push(r) };
      const used = await loginOverRest(timedTarget, A, 'bob', { register: false });
      const idle = await loginOverRest(timedTarget, A, 'bob', { register: false });
      const session = (token: string) => api(timedTarget, 'GET', '/api/auth/session', { token });

      clockMs += 29 * 60 * 1000;
      expect((await session(used.token)).status).toBe(200);
      clockMs += 2 * 60 * 1000; // 31 minutes after login, 2 after the last use of `used`
      expectError(await session(idle.token), 401, SESSION_INVALID);
      expect((await session(used.token)).status).toBe(200);
      clockMs += 31 * 60 * 1000;
      expectError(await session(used.token), 401, SESSION_INVALID);
    } finally {
      await timed.close();
    }
  });

  it('POST /api/auth/logout → 204; that token is refused afterwards, other sessions live on', async () => {
    const second = await loginOverRest(target, A, 'bob', { register: false });
    expect((await call('GET', '/api/auth/session', { token: second.token })).status).toBe(200);

    const out = await call('POST', '/api/auth/logout', { token: second.token });
    expect(out.status).toBe(204);
    expect(out.body).toBeNull();

    expectError(
      await call('GET', '/api/auth/session', { token: second.token }),
      401,
      SESSION_INVALID,
    );
    expectError(
      await call('GET', `/api/content/${p(A.name)}/tools`, { token: second.token }),
      401,
      SESSION_INVALID,
    );
    expectError(
      await call('POST', '/api/auth/logout', { token: second.token }),
      401,
      SESSION_INVALID,
    );
    // bob's first session is a different session and still works.
    expect((await call('GET', '/api/auth/session', { token: bob.token })).status).toBe(200);
  });

  it('DELETE /api/spaces/{name} (admin) → 204; afterwards 404 for the space and 401 for its tokens', async () => {
    const D = await createSpaceOverRest(target, { name: `Doomed Space ${rand()}` });
    const dan = await loginOverRest(target, D, 'dan');
    const dina = await loginOverRest(target, D, 'dina');
    const saved = await call('PUT', `/api/content/${p(D.name)}/kanban`, {
      token: dina.token,
      body: { encrypted_data: await encryptJson({ doomed: true }, D.key), metadata: {} },
    });
    expect(saved.status).toBe(200);

    const deleted = await call('DELETE', `/api/spaces/${p(D.name)}`, { token: dan.token });
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBeNull();

    expectError(await call('GET', `/api/spaces/${p(D.name)}`), 404, SPACE_NOT_FOUND);
    expectError(await call('GET', `/api/spaces/${p(D.name)}/info`), 404, SPACE_NOT_FOUND);
    expectError(await call('GET', '/api/auth/session', { token: dan.token }), 401, SESSION_INVALID);
    expectError(
      await call('GET', `/api/content/${p(D.name)}/kanban`, { token: dina.token }),
      401,
      SESSION_INVALID,
    );
    expectError(
      await call('DELETE', `/api/spaces/${p(D.name)}`, { token: dan.token }),
      401,
      SESSION_INVALID,
    );
    expectError(
      await call('POST', '/api/auth/login', {
        body: { space_name: D.name, encrypted_space_name: D.verifier, username: 'dan' },
      }),
      404,
      SPACE_NOT_FOUND,
    );
  });
});

// ---- every status code of the error table --------------------------------------------------

describe('error statuses and bodies', () => {
  it('400 for malformed JSON and for an empty JSON body', async () => {
    expectError(
      await call('POST', '/api/spaces/create', { rawBody: '{"space_name": "Broken Json",' }),
      400,
    );
    expectError(await call('POST', '/api/auth/login', { rawBody: '{not json' }), 400);
    expectError(
      await call('PUT', `/api/content/${p(A.name)}/kanban`, {
        token: alice.token,
        rawBody: '{"encrypted_data": ',
      }),
      400,
    );
    expectError(
      await call('PUT', `/api/spaces/${p(A.name)}`, { token: alice.token, rawBody: '{"a":1}}' }),
      400,
    );
    expectError(await call('POST', '/api/spaces/create', { rawBody: '' }), 400);
  });

  it('422 for wrong types and for bodies that are not JSON objects', async () => {
    const verifier = await deriveSpaceNameVerifier('Wr0ng-Types-Key!', 'Typed Space');
    expectError(
      await call('POST', '/api/spaces/create', {
        body: {
          space_name: 'Typed Space',
          encrypted_space_name: verifier,
          force_user_passwords: 'yes',
          allow_self_registration: true,
        },
      }),
      422,
      'force_user_passwords must be a boolean',
    );
    expectError(
      await call('POST', '/api/spaces/create', {
        body: {
          space_name: 'Typed Space',
          encrypted_space_name: verifier,
          force_user_passwords: true,
          allow_self_registration: 1,
        },
      }),
      422,
      'allow_self_registration must be a boolean',
    );
    // Nothing was created by the refused calls.
    expectError(await call('GET', '/api/spaces/Typed%20Space'), 404, SPACE_NOT_FOUND);

    expectError(
      await call('POST', `/api/spaces/${p(A.name)}/users/register`, {
        body: { username: 5, encrypted_space_name: A.verifier },
      }),
      422,
    );
    expectError(
      await call('POST', '/api/auth/login', {
        body: { space_name: A.name, encrypted_space_name: A.verifier, username: ['alice'] },
      }),
      422,
    );
    expectError(
      await call('POST', '/api/auth/login', {
        body: { space_name: A.name, encrypted_space_name: 'not-a-verifier', username: 'alice' },
      }),
      422,
    );
    expectError(
      await call('PUT', `/api/spaces/${p(A.name)}`, {
        token: alice.token,
        body: { force_user_passwords: 'yes' },
      }),
      422,
      'force_user_passwords must be a boolean',
    );
    expectError(
      await call('POST', `/api/spaces/${p(A.name)}/users`, {
        token: alice.token,
        body: { username: 'hal', role: 'owner' },
      }),
      422,
    );
    expectError(
      await call('PUT', `/api/spaces/${p(A.name)}/users/${bob.userId}`, {
        token: bob.token,
        body: { username: 'bob the builder' },
      }),
      422,
    );
    expectError(
      await call('PUT', `/api/spaces/${p(A.name)}/users/${bob.userId}`, {
        token: bob.token,
        body: {},
      }),
      422,
    );
    expectError(
      await call('DELETE', `/api/spaces/${p(A.name)}/users/not-a-uuid`, { token: alice.token }),
      422,
    );
    expectError(
      await call('PUT', `/api/content/${p(A.name)}/kanban`, {
        token: alice.token,
        body: { encrypted_data: 'plain text, not an envelope', metadata: { version: 0 } },
      }),
      422,
    );
    expectError(
      await call('PUT', `/api/content/${p(A.name)}/kanban`, {
        token: alice.token,
        body: { encrypted_data: await encryptJson({ a: 1 }, A.key), metadata: { version: '1' } },
      }),
      422,
    );

    // Bodies that are JSON but not objects.
    expectError(await call('POST', '/api/spaces/create', { rawBody: '[1, 2, 3]' }), 422);
    expectError(await call('POST', '/api/auth/login', { rawBody: '"alice"' }), 422);
    expectError(
      await call('POST', `/api/spaces/${p(A.name)}/users/register`, { rawBody: '["bob"]' }),
      422,
    );
    expectError(
      await call('PUT', `/api/content/${p(A.name)}/kanban`, { token: alice.token, rawBody: '42' }),
      422,
    );
    expectError(
      await call('PUT', `/api/spaces/${p(A.name)}`, { token: alice.token, rawBody: '"on"' }),
      422,
    );
  });

  it.each([
    ['too short', 'ab'],
    ['empty', ''],
    ['an underscore', 'bad_name'],
    ['a slash', 'Team/Space'],
    ['punctuation', 'Space!'],
    ['over 100 characters', 'x'.repeat(101)],
  ])('422 with the spec hint for a space name with %s', async (_label, name) => {
    const res = await call('POST', '/api/spaces/create', {
      body: {
        space_name: name,
        encrypted_space_name: await deriveSpaceNameVerifier('Inv4lid-Name-Key!', name || 'x'),
        force_user_passwords: false,
        allow_self_registration: true,
      },
    });
    expectError(res, 422, SPACE_NAME_HINT);
  });

  it('422 with the spec hint when the space name is missing or not a string', async () => {
    const verifier = await deriveSpaceNameVerifier('Inv4lid-Name-Key!', 'missing');
    expectError(
      await call('POST', '/api/spaces/create', { body: { encrypted_space_name: verifier } }),
      422,
      SPACE_NAME_HINT,
    );
    expectError(
      await call('POST', '/api/spaces/create', {
        body: { space_name: 12345, encrypted_space_name: verifier },
      }),
      422,
      SPACE_NAME_HINT,
    );
  });

  it("422 naming the registry's tools for any other tool, on every content path; nothing is stored", async () => {
    const envelope = await encryptJson({ made: 'up' }, A.key);
    expectError(
      await call('PUT', `/api/content/${p(A.name)}/atomic`, {
        token: alice.token,
        body: { encrypted_data: envelope, metadata: { version: 0 } },
      }),
      422,
      UNKNOWN_TOOL,
    );
    // A presence short name is no content tool either.
    expectError(
      await call('PUT', `/api/content/${p(A.name)}/ticket`, {
        token: alice.token,
        body: { encrypted_data: envelope },
      }),
      422,
      UNKNOWN_TOOL,
    );
    for (const rest of [
      '',
      '/changes?since=0',
      '/history',
      '/history/1',
      '/history/1/changes?after=0',
    ]) {
      expectError(
        await call('GET', `/api/content/${p(A.name)}/atomic${rest}`, { token: bob.token }),
        422,
        UNKNOWN_TOOL,
      );
    }
    expectError(
      await call('DELETE', `/api/content/${p(A.name)}/atomic`, { token: bob.token }),
      422,
      UNKNOWN_TOOL,
    );
    const listed = (await call('GET', `/api/content/${p(A.name)}/tools`, { token: bob.token }))
      .body as { tools: { tool: string }[] };
    expect(listed.tools.map((entry) => entry.tool)).not.toContain('atomic');
    expect(listed.tools.map((entry) => entry.tool)).not.toContain('ticket');
  });

  it('415 for a body that is not JSON', async () => {
    expectError(
      await call('POST', '/api/spaces/create', {
        rawBody: '<space name="Xml Space"/>',
        headers: { 'content-type': 'application/xml' },
      }),
      415,
    );
  });

  it('401 without a token, with a forged token, with a wrong space key, a wrong password or an unknown user', async () => {
    const users = `/api/spaces/${p(A.name)}/users`;
    expectError(await call('GET', users), 401, AUTH_REQUIRED);
    expectError(await call('GET', `/api/content/${p(A.name)}/kanban`), 401, AUTH_REQUIRED);
    expectError(await call('GET', '/api/auth/session'), 401, AUTH_REQUIRED);
    expectError(await call('POST', '/api/auth/logout'), 401, AUTH_REQUIRED);
    expectError(
      await call('GET', users, { headers: { authorization: `Basic ${btoa('alice:x')}` } }),
      401,
      AUTH_REQUIRED,
    );

    // Well-formed but never issued; malformed; a real token with a changed character.
    const forged = 'abcdefghijklmnopqrstuvwxyz234567';
    expectError(await call('GET', users, { token: forged }), 401, SESSION_INVALID);
    expectError(await call('GET', users, { token: 'garbage' }), 401, SESSION_INVALID);
    const tampered = (alice.token.startsWith('a') ? 'b' : 'a') + alice.token.slice(1);
    expectError(await call('GET', users, { token: tampered }), 401, SESSION_INVALID);
    expectError(
      await call('DELETE', `/api/spaces/${p(A.name)}`, { token: forged }),
      401,
      SESSION_INVALID,
    );

    // The space key proves itself through the verifier: a wrong key is refused.
    const wrongKey = await deriveSpaceNameVerifier('Not-The-Right-Key9!', A.name);
    expectError(
      await call('POST', '/api/auth/login', {
        body: { space_name: A.name, encrypted_space_name: wrongKey, username: 'alice' },
      }),
      401,
      INVALID_SPACE_CREDENTIALS,
    );
    expectError(
      await call('POST', `/api/spaces/${p(A.name)}/users/register`, {
        body: { username: 'ivan', encrypted_space_name: wrongKey },
      }),
      401,
      INVALID_SPACE_CREDENTIALS,
    );

    // Unknown user: exactly {"detail":"User not found"} (the login screen switches to register on it).
    const unknown = await call('POST', '/api/auth/login', {
      body: { space_name: A.name, encrypted_space_name: A.verifier, username: 'nobody' },
    });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toStrictEqual({ detail: 'User not found' });

    // Wrong or missing password in a space that forces passwords.
    const L = await createSpaceOverRest(target, {
      name: `Locked Vault ${rand()}`,
      key: 'Locked-Key-2024!z',
      force: true,
    });
    const paula = await loginOverRest(target, L, 'paula', { password: 'correct-horse' });
    expect(paula.token).toMatch(/^[a-z2-7]{32}$/);
    expectError(
      await call('POST', '/api/auth/login', {
        body: {
          space_name: L.name,
          encrypted_space_name: L.verifier,
          username: 'paula',
          encrypted_password: await derivePasswordVerifier(L.key, 'wrong-horse'),
        },
      }),
      401,
      INVALID_PASSWORD,
    );
    expectError(
      await call('POST', '/api/auth/login', {
        body: { space_name: L.name, encrypted_space_name: L.verifier, username: 'paula' },
      }),
      401,
      INVALID_PASSWORD,
    );
    // A password verifier derived with another space key does not match either.
    expectError(
      await call('POST', '/api/auth/login', {
        body: {
          space_name: L.name,
          encrypted_space_name: L.verifier,
          username: 'paula',
          encrypted_password: await derivePasswordVerifier(A.key, 'correct-horse'),
        },
      }),
      401,
      INVALID_PASSWORD,
    );
    // Registering without a password where passwords are forced: 422.
    expectError(
      await call('POST', `/api/spaces/${p(L.name)}/users/register`, {
        body: { username: 'quinn', encrypted_space_name: L.verifier },
      }),
      422,
      'This space requires users to have a password',
    );
  });

  it('403 for a member doing admin calls, and for the rules on oneself', async () => {
    const space = `/api/spaces/${p(A.name)}`;
    expectError(
      await call('PUT', space, { token: bob.token, body: { allow_self_registration: false } }),
      403,
      ADMIN_ONLY,
    );
    expectError(
      await call('POST', `${space}/users`, { token: bob.token, body: { username: 'mole' } }),
      403,
      ADMIN_ONLY,
    );
    expectError(
      await call('PUT', `${space}/users/${alice.userId}`, {
        token: bob.token,
        body: { role: 'member' },
      }),
      403,
      ADMIN_ONLY,
    );
    expectError(
      await call('PUT', `${space}/users/${bob.userId}`, {
        token: bob.token,
        body: { role: 'admin' },
      }),
      403,
      ADMIN_ONLY,
    );
    expectError(
      await call('DELETE', `${space}/users/${alice.userId}`, { token: bob.token }),
      403,
      ADMIN_ONLY,
    );
    expectError(await call('DELETE', space, { token: bob.token }), 403, ADMIN_ONLY);
    // Nobody renames someone else; an admin neither changes their own role nor deletes themself.
    expectError(
      await call('PUT', `${space}/users/${alice.userId}`, {
        token: bob.token,
        body: { username: 'eve' },
      }),
      403,
      'You can only rename yourself',
    );
    expectError(
      await call('PUT', `${space}/users/${bob.userId}`, {
        token: alice.token,
        body: { username: 'eve' },
      }),
      403,
      'You can only rename yourself',
    );
    expectError(
      await call('PUT', `${space}/users/${alice.userId}`, {
        token: alice.token,
        body: { role: 'member' },
      }),
      403,
      'You cannot change your own role',
    );
    expectError(
      await call('DELETE', `${space}/users/${alice.userId}`, { token: alice.token }),
      403,
      'You cannot delete yourself',
    );

    // Nothing changed.
    expect((await call('GET', `${space}/info`)).body).toMatchObject({
      allow_self_registration: true,
    });
    const users = (await call('GET', `${space}/users`, { token: alice.token })).body as {
      users: UserBody[];
    };
    expect(users.users).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: alice.userId, username: 'alice', role: 'admin' }),
        expect.objectContaining({ id: bob.userId, username: 'bob', role: 'member' }),
      ]),
    );
    expect(users.users.map((user) => user.username)).not.toContain('mole');
  });

  it('403 when self registration is off (the first user still became admin)', async () => {
    expect((await call('GET', `/api/spaces/${p(B.name)}/info`)).body).toStrictEqual({
      name: B.name,
      force_user_passwords: false,
      allow_self_registration: false,
      is_first_user_registration: false,
    });
    expectError(
      await call('POST', `/api/spaces/${p(B.name)}/users/register`, {
        body: { username: 'intruder', encrypted_space_name: B.verifier },
      }),
      403,
      SELF_REGISTRATION_OFF,
    );
    expectError(
      await call('POST', '/api/auth/login', {
        body: { space_name: B.name, encrypted_space_name: B.verifier, username: 'intruder' },
      }),
      401,
      USER_NOT_FOUND,
    );
    expect((await call('GET', '/api/auth/session', { token: bert.token })).body).toMatchObject({
      user: { username: 'bert', role: 'admin' },
    });
  });

  it('404 for an unknown space, content not saved yet and an unknown user id', async () => {
    const unknown = `No Such Space ${rand()}`;
    expectError(await call('GET', `/api/spaces/${p(unknown)}`), 404, SPACE_NOT_FOUND);
    expectError(await call('GET', `/api/spaces/${p(unknown)}/info`), 404, SPACE_NOT_FOUND);
    const verifier = await deriveSpaceNameVerifier('Any-Key-123!', unknown);
    expectError(
      await call('POST', '/api/auth/login', {
        body: { space_name: unknown, encrypted_space_name: verifier, username: 'alice' },
      }),
      404,
      SPACE_NOT_FOUND,
    );
    expectError(
      await call('POST', `/api/spaces/${p(unknown)}/users/register`, {
        body: { username: 'alice', encrypted_space_name: verifier },
      }),
      404,
      SPACE_NOT_FOUND,
    );

    const empty = await freshSpace();
    expectError(
      await call('GET', `/api/content/${p(empty.space.name)}/kanban`, {
        token: empty.member.token,
      }),
      404,
      CONTENT_NOT_FOUND,
    );
    expectError(
      await call('DELETE', `/api/content/${p(empty.space.name)}/kanban`, {
        token: empty.member.token,
      }),
      404,
      CONTENT_NOT_FOUND,
    );

    const ghost = randomUUID();
    expectError(
      await call('PUT', `/api/spaces/${p(A.name)}/users/${ghost}`, {
        token: alice.token,
        body: { role: 'admin' },
      }),
      404,
      USER_NOT_FOUND,
    );
    expectError(
      await call('DELETE', `/api/spaces/${p(A.name)}/users/${ghost}`, { token: alice.token }),
      404,
      USER_NOT_FOUND,
    );
  });

  it('409 for a version conflict, a taken username (register, create, rename) and a taken space name', async () => {
    const fresh = await freshSpace();
    const path = `/api/content/${p(fresh.space.name)}/kanban`;
    const envelope = await encryptJson({ v: 1 }, fresh.space.key);
    expect(
      (
        await call('PUT', path, {
          token: fresh.admin.token,
          body: { encrypted_data: envelope, metadata: { version: 0 } },
        })
      ).status,
    ).toBe(200);
    expectError(
      await call('PUT', path, {
        token: fresh.member.token,
        body: { encrypted_data: envelope, metadata: { version: 0 } },
      }),
      409,
      VERSION_CONFLICT,
    );
    expectError(
      await call('PUT', path, {
        token: fresh.member.token,
        body: { encrypted_data: envelope, metadata: { version: 7 } },
      }),
      409,
      VERSION_CONFLICT,
    );
    expectError(
      await call('PUT', path, { token: fresh.member.token, body: { encrypted_data: envelope } }),
      409,
      VERSION_CONFLICT,
    );

    for (const username of ['alice', 'ALICE']) {
      expectError(
        await call('POST', `/api/spaces/${p(A.name)}/users/register`, {
          body: { username, encrypted_space_name: A.verifier },
        }),
        409,
        USERNAME_EXISTS,
      );
    }
    expectError(
      await call('POST', `/api/spaces/${p(A.name)}/users`, {
        token: alice.token,
        body: { username: 'bob' },
      }),
      409,
      USERNAME_EXISTS,
    );
    for (const username of ['alice', 'Alice']) {
      expectError(
        await call('PUT', `/api/spaces/${p(A.name)}/users/${bob.userId}`, {
          token: bob.token,
          body: { username },
        }),
        409,
        USERNAME_EXISTS,
      );
    }
    // The same username in another space is no conflict.
    const inB = await call('POST', `/api/spaces/${p(B.name)}/users`, {
      token: bert.token,
      body: { username: 'alice' },
    });
    expect(inB.status).toBe(201);

    expectError(
      await call('POST', '/api/spaces/create', {
        body: {
          space_name: A.name,
          encrypted_space_name: await deriveSpaceNameVerifier('0ther-Key-Entirely!', A.name),
          force_user_passwords: false,
          allow_self_registration: true,
        },
      }),
      409,
      'A space with this name already exists',
    );
    // A's key still works: the refused creation did not replace the space.
    expect(
      (
        await call('POST', '/api/auth/login', {
          body: { space_name: A.name, encrypted_space_name: A.verifier, username: 'alice' },
        })
      ).status,
    ).toBe(200);
  });

  it('413 for a body over the limit (second server with bodyLimitBytes 64 KiB)', async () => {
    const { space, admin } = await freshSpace();
    const small = await startTestServer({ db: server.db, config: { bodyLimitBytes: 64 * 1024 } });
    try {
      const smallTarget: ApiTarget = { url: small.url, onResponse: (r) => observed.push(r) };
      const path = `/api/content/${p(space.name)}/kanban`;
      const fits = await encryptJson({ blob: 'y'.repeat(20 * 1024) }, space.key);
      const tooBig = await encryptJson({ blob: 'x'.repeat(80 * 1024) }, space.key);
      expect(fits.length).toBeLessThan(60 * 1024);
      expect(tooBig.length).toBeGreaterThan(64 * 1024);

      const ok = await api(smallTarget, 'PUT', path, {
        token: admin.token,
        body: { encrypted_data: fits, metadata: { version: 0 } },
      });
      expect(ok.status).toBe(200);

      expectError(
        await api(smallTarget, 'PUT', path, {
          token: admin.token,
          body: { encrypted_data: tooBig, metadata: { version: 1 } },
        }),
        413,
      );
      expectError(
        await api(smallTarget, 'POST', '/api/spaces/create', {
          body: { space_name: 'Huge Space', encrypted_space_name: 'x'.repeat(70 * 1024) },
        }),
        413,
      );
      // Nothing was stored by the refused save; the default server takes the same body.
      const stored = (await call('GET', path, { token: admin.token })).body as ContentRecord;
      expect(stored.encrypted_data).toBe(fits);
      const big = await call('PUT', path, {
        token: admin.token,
        body: { encrypted_data: tooBig, metadata: { version: 1 } },
      });
      expect(big.status).toBe(200);
      expect(
        ((await call('GET', path, { token: admin.token })).body as ContentRecord).encrypted_data,
      ).toBe(tooBig);
    } finally {
      await small.close();
    }
  });

  it('404 with {detail} for an unknown /api path', async () => {
    expectError(await call('GET', '/api/does-not-exist'), 404);
    expectError(await call('POST', '/api/nothing/here', { body: {} }), 404);
    expectError(await call('GET', `/api/spaces/${p(A.name)}/users/${bob.userId}/extra`), 404);
    expectError(
      await call('PATCH', `/api/spaces/${p(A.name)}`, { token: alice.token, body: {} }),
      404,
    );
  });
});

// ---- isolation between spaces -------------------------------------------------------------

describe('isolation between spaces', () => {
  it("A's admin token can neither read nor write anything of space B (403), and B is unchanged", async () => {
    const b = p(B.name);
    const other = await encryptJson({ overwritten: true }, A.key);
    const attempts: [string, string, unknown?][] = [
      ['GET', `/api/content/${b}/kanban`],
      ['PUT', `/api/content/${b}/kanban`, { encrypted_data: other, metadata: { version: 1 } }],
      // A tool B has no content for: A's token must not create it either.
      ['PUT', `/api/content/${b}/poker`, { encrypted_data: other, metadata: { version: 0 } }],
      ['DELETE', `/api/content/${b}/kanban`],
      ['GET', `/api/content/${b}/tools`],
      ['GET', `/api/spaces/${b}/users`],
      ['GET', `/api/spaces/${b}/usernames`],
      ['POST', `/api/spaces/${b}/users`, { username: 'spy', role: 'admin' }],
      ['PUT', `/api/spaces/${b}/users/${bert.userId}`, { role: 'member' }],
      ['PUT', `/api/spaces/${b}/users/${bert.userId}`, { username: 'pwned' }],
      ['DELETE', `/api/spaces/${b}/users/${bert.userId}`],
      ['PUT', `/api/spaces/${b}`, { allow_self_registration: true, force_user_passwords: true }],
      ['DELETE', `/api/spaces/${b}`],
    ];
    for (const [method, path, body] of attempts) {
      const res = await call(method, path, { token: alice.token, ...(body ? { body } : {}) });
      expectError(res, 403, OTHER_SPACE);
    }
    // Through A's own paths B's user is simply not there.
    expectError(
      await call('PUT', `/api/spaces/${p(A.name)}/users/${bert.userId}`, {
        token: alice.token,
        body: { role: 'member' },
      }),
      404,
      USER_NOT_FOUND,
    );
    expectError(
      await call('DELETE', `/api/spaces/${p(A.name)}/users/${bert.userId}`, { token: alice.token }),
      404,
      USER_NOT_FOUND,
    );

    // B is exactly as bert left it.
    const content = await call('GET', `/api/content/${b}/kanban`, { token: bert.token });
    expect(content.status).toBe(200);
    const record = content.body as ContentRecord;
    expect(record.encrypted_data).toBe(bEnvelope);
    expect(record.content_metadata).toMatchObject({ version: 1, modified_by: 'bert' });
    expect(await decryptJson(bEnvelope, B.key)).toStrictEqual(bContent);
    const tools = (await call('GET', `/api/content/${b}/tools`, { token: bert.token })).body as {
      tools: { tool: string }[];
    };
    expect(tools.tools.map((entry) => entry.tool)).toEqual(['kanban']);
    const users = (await call('GET', `/api/spaces/${b}/users`, { token: bert.token })).body as {
      users: UserBody[];
    };
    expect(users.users.find((user) => user.id === bert.userId)).toMatchObject({
      username: 'bert',
      role: 'admin',
    });
    expect(users.users.map((user) => user.username)).not.toContain('spy');
    expect((await call('GET', `/api/spaces/${b}`)).body).toMatchObject({
      allow_self_registration: false,
      force_user_passwords: false,
    });
    // And A's lists show nothing of B.
    const aNames = (await call('GET', `/api/spaces/${p(A.name)}/usernames`, { token: alice.token }))
      .body as { usernames: string[] };
    expect(aNames.usernames).not.toContain('bert');
    // B's ciphertext does not open with A's key.
    await expect(decryptJson(bEnvelope, A.key)).rejects.toThrow(
      'Failed to decrypt content - invalid space key?',
    );
  });
});

// ---- cross-site request forgery -------------------------------------------------------------

describe('CSRF protection', () => {
  const loginBody = () => ({
    space_name: A.name,
    encrypted_space_name: A.verifier,
    username: 'bob',
  });

  it('refuses a POST marked Sec-Fetch-Site: cross-site with 403; same-origin passes', async () => {
    expectError(
      await call('POST', '/api/auth/login', {
        body: loginBody(),
        headers: { 'sec-fetch-site': 'cross-site' },
      }),
      403,
    );
    expectError(
      await call('PUT', `/api/spaces/${p(A.name)}`, {
        token: alice.token,
        body: { force_user_passwords: true },
        headers: { 'sec-fetch-site': 'cross-site' },
      }),
      403,
    );
    expect((await call('GET', `/api/spaces/${p(A.name)}`)).body).toMatchObject({
      force_user_passwords: false,
    });
    const sameOrigin = await call('POST', '/api/auth/login', {
      body: loginBody(),
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(sameOrigin.status).toBe(200);
  });

  it('GET /api/csrf issues {csrf_token} and a _csrf cookie; with that cookie a POST needs X-CSRF-Token', async () => {
    const issued = await call('GET', '/api/csrf');
    expect(issued.status).toBe(200);
    expect(issued.body).toStrictEqual({ csrf_token: expect.any(String) });
    const csrfToken = (issued.body as { csrf_token: string }).csrf_token;
    expect(csrfToken.length).toBeGreaterThan(10);
    const setCookie = issued.headers.getSetCookie().find((c) => c.startsWith('_csrf='));
    expect(setCookie).toBeDefined();
    const cookie = (setCookie as string).split(';')[0] as string;
    expect(cookie.length).toBeGreaterThan('_csrf='.length);

    const name = `Csrf Space ${rand()}`;
    const body = {
      space_name: name,
      encrypted_space_name: await deriveSpaceNameVerifier('Csrf-Space-Key1!', name),
      force_user_passwords: false,
      allow_self_registration: true,
    };
    expectError(await call('POST', '/api/spaces/create', { body, headers: { cookie } }), 403);
    expectError(
      await call('POST', '/api/spaces/create', {
        body,
        headers: { cookie, 'x-csrf-token': 'not-the-token' },
      }),
      403,
    );
    expectError(await call('GET', `/api/spaces/${p(name)}`), 404, SPACE_NOT_FOUND);
    // Other state-changing methods are checked too.
    expectError(
      await call('DELETE', `/api/content/${p(A.name)}/ticket-system`, {
        token: alice.token,
        headers: { cookie },
      }),
      403,
    );

    // Safe methods are not checked.
    expect((await call('GET', `/api/spaces/${p(A.name)}`, { headers: { cookie } })).status).toBe(
      200,
    );

    const created = await call('POST', '/api/spaces/create', {
      body,
      headers: { cookie, 'x-csrf-token': csrfToken },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name });
    expect((await call('GET', `/api/spaces/${p(name)}`)).status).toBe(200);
  });

  it('a bearer-only POST without a cookie is unaffected', async () => {
    const res = await call('POST', `/api/spaces/${p(A.name)}/users`, {
      token: alice.token,
      body: { username: 'bearer' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ username: 'bearer', role: 'member' });
  });
});

// ---- health -----------------------------------------------------------------------------------

describe('health', () => {
  it('GET /api/health → 200 {status: ok, database: ok}', async () => {
    const res = await call('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok', database: 'ok' });
  });
});
