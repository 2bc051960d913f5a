/**
 * auth router and sessions against a real database: login, session, logout, token storage,
 * sliding and absolute expiry (spec §3 Login payload/response, §4 Session, §9 session lifetime).
 */
import { createHash } from 'node:crypto';

import { derivePasswordVerifier, deriveSpaceNameVerifier } from '@cipherspace/crypto';
import { sessions, spaces, users } from '@cipherspace/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../constants.ts';
import { createContextFactory } from '../context.ts';
import { ERROR } from '../errors.ts';
import { createCaller } from '../root.ts';
import { deleteExpiredSessions } from '../services/sessions.ts';
import {
  createApiHarness,
  expectTRPCError,
  type ApiHarness,
  type SpaceCredentials,
} from '../testing/harness.ts';

const MINUTE_MS = 60 * 1000;
const TOKEN_PATTERN = /^[a-z2-7]{32}$/;
const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('auth', () => {
  let h: ApiHarness;
  let space: SpaceCredentials;
  let alice: { token: string; userId: string };
  let bob: { token: string; userId: string };
  let alicePasswordVerifier: string;

  beforeAll(async () => {
    h = await createApiHarness();
    space = await h.createSpace({ force: false, selfRegistration: true });
    alice = await h.join(space, 'alice', 'alice-password');
    bob = await h.join(space, 'bob');
    alicePasswordVerifier = await derivePasswordVerifier(space.key, 'alice-password');
  });
  afterAll(async () => {
    await h.close();
  });

  const sessionRows = (userId: string) =>
    h.db.db.select().from(sessions).where(eq(sessions.userId, userId));

  describe('login', () => {
    it('returns a bearer token valid for 30 minutes, the space and the user', async () => {
      const before = h.clock.now().getTime();
      const result = await h.caller().auth.login({
        space_name: space.name,
        encrypted_space_name: space.verifier,
        username: 'alice',
        encrypted_password: alicePasswordVerifier,
      });
      const after = h.clock.now().getTime();
      expect(result).toEqual({
        access_token: expect.stringMatching(TOKEN_PATTERN),
        token_type: 'bearer',
        expires_at: expect.any(Date),
        space: {
          name: space.name,
          force_user_passwords: false,
          allow_self_registration: true,
          created_at: expect.any(Date),
        },
        user: { id: alice.userId, username: 'alice', role: 'admin', created_at: expect.any(Date) },
      });
      expect(result.expires_at.getTime()).toBeGreaterThanOrEqual(before + SESSION_IDLE_MS);
      expect(result.expires_at.getTime()).toBeLessThanOrEqual(after + SESSION_IDLE_MS);
      // The token works right away.
      const session = await h.caller(result.access_token).auth.session();
      expect(session.user).toEqual(result.user);
      expect(session.space).toEqual(result.space);
    });

    it('issues a different token for every login', async () => {
      const first = await h.login(space, 'bob');
      const second = await h.login(space, 'bob');
      expect(first).not.toBe(second);
      expect((await h.caller(first).auth.session()).user.id).toBe(bob.userId);
      expect((await h.caller(second).auth.session()).user.id).toBe(bob.userId);
    });

    it('refuses a wrong space key with UNAUTHORIZED', async () => {
      const wrongVerifier = await deriveSpaceNameVerifier('Wr0ng-Key!!xyz', space.name);
      await expectTRPCError(
        h.caller().auth.login({
          space_name: space.name,
          encrypted_space_name: wrongVerifier,
          username: 'bob',
        }),
        'UNAUTHORIZED',
        ERROR.invalidSpaceCredentials,
      );
    });

    it('refuses the right key bound to another space name with UNAUTHORIZED', async () => {
      const otherNameVerifier = await deriveSpaceNameVerifier(space.key, `${space.name} 2`);
      await expectTRPCError(
        h.caller().auth.login({
          space_name: space.name,
          encrypted_space_name: otherNameVerifier,
          username: 'bob',
        }),
        'UNAUTHORIZED',
        ERROR.invalidSpaceCredentials,
      );
    });

    it('answers NOT_FOUND for an unknown space', async () => {
      await expectTRPCError(
        h.caller().auth.login({
          space_name: 'No Such Space',
          encrypted_space_name: space.verifier,
          username: 'bob',
        }),
        'NOT_FOUND',
        ERROR.spaceNotFound,
      );
    });

    it("answers UNAUTHORIZED 'User not found' for an unknown user (the login screen switches to register)", async () => {
      await expectTRPCError(
        h.caller().auth.login({
          space_name: space.name,
          encrypted_space_name: space.verifier,
          username: 'mallory',
        }),
        'UNAUTHORIZED',
        ERROR.userNotFound,
      );
    });

    it('refuses a wrong or missing password of a password user', async () => {
      const wrong = await derivePasswordVerifier(space.key, 'not-alices-password');
      await expectTRPCError(
        h.caller().auth.login({
          space_name: space.name,
          encrypted_space_name: space.verifier,
          username: 'alice',
          encrypted_password: wrong,
        }),
        'UNAUTHORIZED',
        ERROR.invalidPassword,
      );
      await expectTRPCError(
        h.caller().auth.login({
          space_name: space.name,
          encrypted_space_name: space.verifier,
          username: 'alice',
        }),
        'UNAUTHORIZED',
        ERROR.invalidPassword,
      );
      // The password verifier is bound to the space key: the right password under another key fails.
      const otherKey = await derivePasswordVerifier('An0ther-Key!!', 'alice-password');
      await expectTRPCError(
        h.caller().auth.login({
          space_name: space.name,
          encrypted_space_name: space.verifier,
          username: 'alice',
          encrypted_password: otherKey,
        }),
        'UNAUTHORIZED',
        ERROR.invalidPassword,
      );
    });

    it('logs a user without a password in without one', async () => {
      const result = await h.caller().auth.login({
        space_name: space.name,
        encrypted_space_name: space.verifier,
        username: 'bob',
      });
      expect(result.user).toMatchObject({ id: bob.userId, username: 'bob', role: 'member' });
    });

    it('finds the user case-insensitively and ignores surrounding blanks', async () => {
      for (const username of ['ALICE', 'Alice', '  alice ']) {
        const result = await h.caller().auth.login({
          space_name: space.name,
          encrypted_space_name: space.verifier,
          username,
          encrypted_password: alicePasswordVerifier,
        });
        expect(result.user).toMatchObject({ id: alice.userId, username: 'alice' });
      }
    });

    it('finds users with non-ASCII names by the name they registered and by its other case', async () => {
      // Case folding must match the unique index (the database's lower()), not JavaScript's:
      // 'İ'.toLowerCase() is 'i̇' (two code points) in JavaScript but 'i' in PostgreSQL.
      const cases: [registered: string, loginAs: string][] = [
        ['İlker', 'İlker'],
        ['Ärger', 'ärger'],
        ['ÖZGÜR', 'özgür'],
      ];
      for (const [registered, loginAs] of cases) {
        const user = await h.caller().users.register({
          space_name: space.name,
          username: registered,
          encrypted_space_name: space.verifier,
        });
        const result = await h.caller().auth.login({
          space_name: space.name,
          encrypted_space_name: space.verifier,
          username: loginAs,
        });
        expect(result.user).toMatchObject({ id: user.id, username: registered });
      }
    });

    it('refuses a malformed password verifier with BAD_REQUEST', async () => {
      await expectTRPCError(
        h.caller().auth.login({
          space_name: space.name,
          encrypted_space_name: space.verifier,
          username: 'alice',
          encrypted_password: 'alice-password',
        }),
        'BAD_REQUEST',
        `encrypted_password ${ERROR.invalidVerifier}`,
      );
    });
  });

  describe('what is stored', () => {
    it('stores only the SHA-256 of a token, never the token', async () => {
      const token = await h.login(space, 'bob');
      const rows = await h.db.db.select().from(sessions);
      expect(rows.some((row) => row.id === token)).toBe(false);
      expect(rows.some((row) => JSON.stringify(row).includes(token))).toBe(false);
      const mine = rows.find((row) => row.id === sha256Hex(token));
      expect(mine).toMatchObject({ userId: bob.userId, spaceId: await h.spaceId(space.name) });
      // The stored id is not a usable token.
      await expectTRPCError(
        h.caller(sha256Hex(token)).auth.session(),
        'UNAUTHORIZED',
        ERROR.sessionInvalid,
      );
    });

    it('stores verifiers only as argon2id hashes', async () => {
      const [spaceRow] = await h.db.db.select().from(spaces).where(eq(spaces.name, space.name));
      expect(spaceRow?.verifierHash.startsWith('$argon2id$')).toBe(true);
      expect(spaceRow?.verifierHash).not.toContain(space.verifier);

      const [aliceRow] = await h.db.db.select().from(users).where(eq(users.id, alice.userId));
      expect(aliceRow?.passwordHash?.startsWith('$argon2id$')).toBe(true);
      expect(aliceRow?.passwordHash).not.toContain(alicePasswordVerifier);

      const [bobRow] = await h.db.db.select().from(users).where(eq(users.id, bob.userId));
      expect(bobRow?.passwordHash).toBeNull();
    });
  });

  describe('tokens', () => {
    it("refuses a call without a token with UNAUTHORIZED 'Authentication required'", async () => {
      await expectTRPCError(h.caller().auth.session(), 'UNAUTHORIZED', ERROR.authRequired);
      await expectTRPCError(h.caller().auth.logout(), 'UNAUTHORIZED', ERROR.authRequired);
    });

    it.each<[string, (real: string) => string]>([
      ['garbage', () => 'garbage'],
      ['well-formed but unknown', () => 'a'.repeat(32)],
      ['real but upper-cased', (real) => real.toUpperCase()],
      ['real but one character longer', (real) => `${real}a`],
    ])('refuses a %s token with UNAUTHORIZED', async (_label, forge) => {
      const real = await h.login(space, 'bob');
      await expectTRPCError(
        h.caller(forge(real)).auth.session(),
        'UNAUTHORIZED',
        ERROR.sessionInvalid,
      );
      // The real token is not harmed by the attempt.
      expect((await h.caller(real).auth.session()).user.id).toBe(bob.userId);
    });

    it('accepts the token from WebSocket connectionParams as hosts pass it', async () => {
      const token = await h.login(space, 'bob');
      const createContext = createContextFactory({ db: h.db.db, bus: h.bus, now: h.clock.now });
      const viaParams = createCaller(createContext({ headers: {}, connectionParams: { token } }));
      expect((await viaParams.auth.session()).user.id).toBe(bob.userId);
      const viaHeader = createCaller(
        createContext({ headers: { authorization: `bearer ${token}` } }),
      );
      expect((await viaHeader.auth.session()).user.id).toBe(bob.userId);
    });
  });

  describe('logout', () => {
    it('refuses the token afterwards and leaves other sessions alone', async () => {
      const token = await h.login(space, 'bob');
      const other = await h.login(space, 'bob');
      expect(await h.caller(token).auth.logout()).toEqual({ logged_out: true });
      await expectTRPCError(h.caller(token).auth.session(), 'UNAUTHORIZED', ERROR.sessionInvalid);
      await expectTRPCError(
        h.caller(token).users.list({ space_name: space.name }),
        'UNAUTHORIZED',
        ERROR.sessionInvalid,
      );
      const rows = await sessionRows(bob.userId);
      expect(rows.some((row) => row.id === sha256Hex(token))).toBe(false);
      expect(rows.some((row) => row.id === sha256Hex(other))).toBe(true);
      expect((await h.caller(other).auth.session()).user.id).toBe(bob.userId);
      // Logging out twice is refused like any dead token.
      await expectTRPCError(h.caller(token).auth.logout(), 'UNAUTHORIZED', ERROR.sessionInvalid);
    });
  });

  // These tests move the clock forward; each logs in afresh.
  describe('session lifetime', () => {
    it('reports the session with its slid expiry', async () => {
      const token = await h.login(space, 'alice', 'alice-password');
      h.clock.advance(5 * MINUTE_MS);
      const before = h.clock.now().getTime();
      const session = await h.caller(token).auth.session();
      const after = h.clock.now().getTime();
      expect(session).toEqual({
        user: { id: alice.userId, username: 'alice', role: 'admin', created_at: expect.any(Date) },
        space: {
          name: space.name,
          force_user_passwords: false,
          allow_self_registration: true,
          created_at: expect.any(Date),
        },
        expires_at: expect.any(Date),
      });
      expect(session.expires_at.getTime()).toBeGreaterThanOrEqual(before + SESSION_IDLE_MS);
      expect(session.expires_at.getTime()).toBeLessThanOrEqual(after + SESSION_IDLE_MS);
    });

    it('slides: used after 20 minutes, it is still valid 40 minutes after login', async () => {
      const token = await h.login(space, 'bob');
      h.clock.advance(20 * MINUTE_MS);
      await h.caller(token).auth.session();
      h.clock.advance(20 * MINUTE_MS);
      expect((await h.caller(token).auth.session()).user.id).toBe(bob.userId);
    });

    it("expires after 30 minutes without use: UNAUTHORIZED 'Invalid or expired session', row removed", async () => {
      const token = await h.login(space, 'bob');
      h.clock.advance(29 * MINUTE_MS);
      await h.caller(token).auth.session();
      h.clock.advance(31 * MINUTE_MS);
      await expectTRPCError(h.caller(token).auth.session(), 'UNAUTHORIZED', ERROR.sessionInvalid);
      const rows = await sessionRows(bob.userId);
      expect(rows.some((row) => row.id === sha256Hex(token))).toBe(false);
    });

    it('ends at SESSION_ABSOLUTE_MS after login even when used every 10 minutes', async () => {
      const token = await h.login(space, 'bob');
      const [row] = await h.db.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, sha256Hex(token)));
      const absoluteMs = row?.absoluteExpiresAt.getTime() ?? Number.NaN;
      expect(absoluteMs - (row?.createdAt.getTime() ?? Number.NaN)).toBe(SESSION_ABSOLUTE_MS);

      const steps = SESSION_ABSOLUTE_MS / (10 * MINUTE_MS) - 1;
      let lastExpiry = 0;
      for (let step = 1; step <= steps; step++) {
        h.clock.advance(10 * MINUTE_MS);
        lastExpiry = (await h.caller(token).auth.session()).expires_at.getTime();
      }
      // Near the cap the sliding expiry stops at the cap instead of now + 30 minutes.
      expect(lastExpiry).toBe(absoluteMs);
      h.clock.advance(10 * MINUTE_MS);
      await expectTRPCError(h.caller(token).auth.session(), 'UNAUTHORIZED', ERROR.sessionInvalid);
    });

    it('deleteExpiredSessions removes expired sessions only', async () => {
      const stale = await h.login(space, 'bob');
      h.clock.advance(31 * MINUTE_MS);
      const fresh = await h.login(space, 'bob');
      const removed = await deleteExpiredSessions(h.db.db, h.clock.now());
      expect(removed).toBeGreaterThanOrEqual(1);
      const ids = (await sessionRows(bob.userId)).map((row) => row.id);
      expect(ids).not.toContain(sha256Hex(stale));
      expect(ids).toContain(sha256Hex(fresh));
      expect((await h.caller(fresh).auth.session()).user.id).toBe(bob.userId);
    });
  });
});
