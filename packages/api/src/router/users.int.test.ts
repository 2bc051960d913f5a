/**
 * users router against a real database: registration (first user admin, self registration,
 * forced passwords, uniqueness), listing, admin-created users, rename, roles, deletion
 * (spec §3 User, §5 Login/register and Add user, §6 Roles and permissions, §7).
 */
import { randomUUID } from 'node:crypto';

import { derivePasswordVerifier, deriveSpaceNameVerifier } from '@cipherspace/crypto';
import { sessions, users } from '@cipherspace/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ERROR } from '../errors.ts';
import {
  createApiHarness,
  expectTRPCError,
  expectTRPCErrorValue,
  type ApiHarness,
  type SpaceCredentials,
} from '../testing/harness.ts';

describe('users', () => {
  let h: ApiHarness;

  beforeAll(async () => {
    h = await createApiHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  const register = (space: SpaceCredentials, username: string, encrypted_password?: string) =>
    h.caller().users.register({
      space_name: space.name,
      username,
      encrypted_space_name: space.verifier,
      ...(encrypted_password === undefined ? {} : { encrypted_password }),
    });

  const usernamesIn = async (space: SpaceCredentials) => {
    const rows = await h.db.db
      .select({ username: users.username })
      .from(users)
      .where(eq(users.spaceId, await h.spaceId(space.name)));
    return rows.map((row) => row.username).sort();
  };

  describe('register', () => {
    let closed: SpaceCredentials;
    let closedPassword: string;

    beforeAll(async () => {
      closed = await h.createSpace({ force: true, selfRegistration: false });
      closedPassword = await derivePasswordVerifier(closed.key, 'first-password');
    });

    it('refuses a missing password where passwords are forced with UNPROCESSABLE_CONTENT, registering nobody', async () => {
      await expectTRPCError(
        register(closed, 'nopass'),
        'UNPROCESSABLE_CONTENT',
        ERROR.passwordRequired,
      );
      expect(await h.caller().spaces.info({ space_name: closed.name })).toMatchObject({
        is_first_user_registration: true,
      });
    });

    it('makes the first registrant admin even with self registration off', async () => {
      const user = await register(closed, 'founder', closedPassword);
      expect(user).toEqual({
        id: expect.any(String),
        username: 'founder',
        role: 'admin',
        created_at: expect.any(Date),
      });
      expect(await h.caller().spaces.info({ space_name: closed.name })).toMatchObject({
        is_first_user_registration: false,
      });
    });

    it('refuses later registrants with FORBIDDEN while self registration is off', async () => {
      const password = await derivePasswordVerifier(closed.key, 'second-password');
      await expectTRPCError(
        register(closed, 'second', password),
        'FORBIDDEN',
        ERROR.selfRegistrationDisabled,
      );
      expect(await usernamesIn(closed)).toEqual(['founder']);
    });

    it('makes later registrants members when self registration is on', async () => {
      const open = await h.createSpace({ force: false, selfRegistration: true });
      expect((await register(open, 'first')).role).toBe('admin');
      expect((await register(open, 'second')).role).toBe('member');
      expect((await register(open, 'third')).role).toBe('member');
    });

    it('refuses a wrong space key with UNAUTHORIZED and an unknown space with NOT_FOUND', async () => {
      const wrong = await deriveSpaceNameVerifier('Wr0ng-Key!!xyz', closed.name);
      await expectTRPCError(
        h.caller().users.register({
          space_name: closed.name,
          username: 'intruder',
          encrypted_space_name: wrong,
        }),
        'UNAUTHORIZED',
        ERROR.invalidSpaceCredentials,
      );
      await expectTRPCError(
        h.caller().users.register({
          space_name: 'No Such Space',
          username: 'x',
          encrypted_space_name: wrong,
        }),
        'NOT_FOUND',
        ERROR.spaceNotFound,
      );
      expect(await usernamesIn(closed)).toEqual(['founder']);
    });

    it('keeps usernames unique per space, case-insensitively, but not across spaces', async () => {
      const open = await h.createSpace({ force: false, selfRegistration: true });
      await register(open, 'Carol');
      await expectTRPCError(register(open, 'Carol'), 'CONFLICT', ERROR.usernameExists);
      await expectTRPCError(register(open, 'carol'), 'CONFLICT', ERROR.usernameExists);
      await expectTRPCError(register(open, '  CAROL  '), 'CONFLICT', ERROR.usernameExists);
      expect(await usernamesIn(open)).toEqual(['Carol']);
      const other = await h.createSpace({ force: false, selfRegistration: true });
      expect((await register(other, 'carol')).role).toBe('admin');
    });

    it.each([
      ['empty', '', 'username is required'],
      ['blank', '   ', 'username is required'],
      ['too long', 'x'.repeat(51), 'username is at most 50 characters'],
      ['with a control character', 'bad\u0007name', 'username must not contain control characters'],
    ])('refuses a username that is %s with BAD_REQUEST', async (_label, username, message) => {
      const open = await h.createSpace({ force: false, selfRegistration: true });
      await expectTRPCError(register(open, username), 'BAD_REQUEST', message);
    });

    it('lets exactly one of two simultaneous first registrations become admin (self registration off)', async () => {
      const fresh = await h.createSpace({ force: false, selfRegistration: false });
      const results = await Promise.allSettled([
        register(fresh, 'racer1'),
        register(fresh, 'racer2'),
      ]);
      const winners = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
      expect(winners.map((user) => user.role)).toEqual(['admin']);
      const loser = results.find((r) => r.status === 'rejected');
      expectTRPCErrorValue(loser?.reason, 'FORBIDDEN', ERROR.selfRegistrationDisabled);
      expect(await usernamesIn(fresh)).toEqual(winners.map((user) => user.username));
    });

    it('makes exactly one admin among simultaneous registrations in a new open space', async () => {
      const fresh = await h.createSpace({ force: false, selfRegistration: true });
      const created = await Promise.all(
        ['r1', 'r2', 'r3', 'r4', 'r5'].map((name) => register(fresh, name)),
      );
      expect(created.filter((user) => user.role === 'admin')).toHaveLength(1);
      expect(created.filter((user) => user.role === 'member')).toHaveLength(4);
    });
  });

  describe('management', () => {
    let space: SpaceCredentials;
    let ada: { token: string; userId: string };
    let max: { token: string; userId: string };

    beforeAll(async () => {
      space = await h.createSpace({ force: false, selfRegistration: true });
      ada = await h.join(space, 'ada');
      max = await h.join(space, 'max');
    });

    it('lists the users oldest first to any member', async () => {
      const list = await h.caller(max.token).users.list({ space_name: space.name });
      expect(list).toEqual({
        users: [
          { id: ada.userId, username: 'ada', role: 'admin', created_at: expect.any(Date) },
          { id: max.userId, username: 'max', role: 'member', created_at: expect.any(Date) },
        ],
      });
      expect(await h.caller(max.token).users.usernames({ space_name: space.name })).toEqual({
        usernames: ['ada', 'max'],
      });
    });

    it('refuses listing without a token with UNAUTHORIZED', async () => {
      await expectTRPCError(
        h.caller().users.list({ space_name: space.name }),
        'UNAUTHORIZED',
        ERROR.authRequired,
      );
      await expectTRPCError(
        h.caller().users.usernames({ space_name: space.name }),
        'UNAUTHORIZED',
        ERROR.authRequired,
      );
    });

    describe('create', () => {
      it('refuses members with FORBIDDEN', async () => {
        await expectTRPCError(
          h.caller(max.token).users.create({ space_name: space.name, username: 'sneaky' }),
          'FORBIDDEN',
          ERROR.adminOnly,
        );
        expect(await usernamesIn(space)).not.toContain('sneaky');
      });

      it('adds a member by default, who can then log in', async () => {
        const user = await h
          .caller(ada.token)
          .users.create({ space_name: space.name, username: 'newbie' });
        expect(user).toEqual({
          id: expect.any(String),
          username: 'newbie',
          role: 'member',
          created_at: expect.any(Date),
        });
        const token = await h.login(space, 'newbie');
        expect((await h.caller(token).auth.session()).user).toEqual(user);
      });

      it('adds a user with a role and a password', async () => {
        const password = await derivePasswordVerifier(space.key, 'deputy-password');
        const user = await h.caller(ada.token).users.create({
          space_name: space.name,
          username: 'deputy',
          role: 'admin',
          encrypted_password: password,
        });
        expect(user).toMatchObject({ username: 'deputy', role: 'admin' });
        expect(await h.login(space, 'deputy', 'deputy-password')).toMatch(/^[a-z2-7]{32}$/);
        await expectTRPCError(
          h.caller().auth.login({
            space_name: space.name,
            encrypted_space_name: space.verifier,
            username: 'deputy',
          }),
          'UNAUTHORIZED',
          ERROR.invalidPassword,
        );
      });

      it('refuses a taken name, case-insensitively, with CONFLICT', async () => {
        await expectTRPCError(
          h.caller(ada.token).users.create({ space_name: space.name, username: 'MAX' }),
          'CONFLICT',
          ERROR.usernameExists,
        );
      });

      it('refuses an unknown role with BAD_REQUEST', async () => {
        const input = {
          space_name: space.name,
          username: 'boss',
          role: 'owner',
        } as unknown as Parameters<ReturnType<ApiHarness['caller']>['users']['create']>[0];
        await expectTRPCError(
          h.caller(ada.token).users.create(input),
          'BAD_REQUEST',
          'role must be "admin" or "member"',
        );
      });

      it('requires a password where passwords are forced', async () => {
        const forced = await h.createSpace({ force: true, selfRegistration: false });
        const owner = await h.join(forced, 'owner', 'owner-password');
        await expectTRPCError(
          h.caller(owner.token).users.create({ space_name: forced.name, username: 'nopass' }),
          'UNPROCESSABLE_CONTENT',
          ERROR.passwordRequired,
        );
        const password = await derivePasswordVerifier(forced.key, 'invited-password');
        const invited = await h.caller(owner.token).users.create({
          space_name: forced.name,
          username: 'invited',
          encrypted_password: password,
        });
        expect(invited.role).toBe('member');
      });
    });

    describe('update', () => {
      let rita: { token: string; userId: string };

      beforeAll(async () => {
        rita = await h.join(space, 'rita');
      });

      it('renames the caller', async () => {
        const renamed = await h.caller(rita.token).users.update({
          space_name: space.name,
          user_id: rita.userId,
          username: 'Rita2',
        });
        expect(renamed).toEqual({
          id: rita.userId,
          username: 'Rita2',
          role: 'member',
          created_at: expect.any(Date),
        });
        expect(
          (await h.caller(rita.token).users.usernames({ space_name: space.name })).usernames,
        ).toContain('Rita2');
        // The session follows the new name.
        expect((await h.caller(rita.token).auth.session()).user.username).toBe('Rita2');
        const again = await h.caller(rita.token).users.update({
          space_name: space.name,
          user_id: rita.userId,
          username: 'Jürgen',
        });
        expect(again.username).toBe('Jürgen');
      });

      it.each([
        ['a blank', 'rita rita', 'username may contain only letters and digits'],
        ['a dash', 'rita-1', 'username may contain only letters and digits'],
        ['an underscore', 'rita_1', 'username may contain only letters and digits'],
        ['nothing', '', 'username is required'],
      ])('refuses a new name with %s with BAD_REQUEST', async (_label, username, message) => {
        await expectTRPCError(
          h
            .caller(rita.token)
            .users.update({ space_name: space.name, user_id: rita.userId, username }),
          'BAD_REQUEST',
          message,
        );
      });

      it('refuses renaming someone else with FORBIDDEN, even for an admin', async () => {
        await expectTRPCError(
          h
            .caller(ada.token)
            .users.update({ space_name: space.name, user_id: max.userId, username: 'maxi' }),
          'FORBIDDEN',
          ERROR.renameOnlyYourself,
        );
        await expectTRPCError(
          h
            .caller(max.token)
            .users.update({ space_name: space.name, user_id: ada.userId, username: 'ada2' }),
          'FORBIDDEN',
          ERROR.renameOnlyYourself,
        );
        expect(await usernamesIn(space)).toEqual(expect.arrayContaining(['ada', 'max']));
      });

      it('refuses a name that is taken, case-insensitively, with CONFLICT and keeps the old name', async () => {
        await expectTRPCError(
          h
            .caller(max.token)
            .users.update({ space_name: space.name, user_id: max.userId, username: 'ADA' }),
          'CONFLICT',
          ERROR.usernameExists,
        );
        expect((await h.caller(max.token).auth.session()).user.username).toBe('max');
      });

      it('lets a user change the case of their own name', async () => {
        const renamed = await h.caller(max.token).users.update({
          space_name: space.name,
          user_id: max.userId,
          username: 'Max',
        });
        expect(renamed.username).toBe('Max');
        await h
          .caller(max.token)
          .users.update({ space_name: space.name, user_id: max.userId, username: 'max' });
      });

      it("lets an admin change another user's role, which takes effect at once", async () => {
        const promoted = await h.caller(ada.token).users.update({
          space_name: space.name,
          user_id: rita.userId,
          role: 'admin',
        });
        expect(promoted).toMatchObject({ id: rita.userId, role: 'admin' });
        // Rita's existing session now has admin rights.
        const added = await h
          .caller(rita.token)
          .users.create({ space_name: space.name, username: 'ritasfriend' });
        expect(added.role).toBe('member');

        const demoted = await h.caller(ada.token).users.update({
          space_name: space.name,
          user_id: rita.userId,
          role: 'member',
        });
        expect(demoted.role).toBe('member');
        await expectTRPCError(
          h.caller(rita.token).users.create({ space_name: space.name, username: 'another' }),
          'FORBIDDEN',
          ERROR.adminOnly,
        );
      });

      it('refuses a role change by a member with FORBIDDEN', async () => {
        await expectTRPCError(
          h
            .caller(max.token)
            .users.update({ space_name: space.name, user_id: rita.userId, role: 'admin' }),
          'FORBIDDEN',
          ERROR.adminOnly,
        );
        await expectTRPCError(
          h
            .caller(max.token)
            .users.update({ space_name: space.name, user_id: max.userId, role: 'admin' }),
          'FORBIDDEN',
          ERROR.adminOnly,
        );
        expect((await h.caller(max.token).auth.session()).user.role).toBe('member');
      });

      it("refuses an admin's change of their own role with FORBIDDEN", async () => {
        await expectTRPCError(
          h
            .caller(ada.token)
            .users.update({ space_name: space.name, user_id: ada.userId, role: 'member' }),
          'FORBIDDEN',
          ERROR.cannotChangeOwnRole,
        );
        expect((await h.caller(ada.token).auth.session()).user.role).toBe('admin');
      });

      it('answers NOT_FOUND for an unknown user or a user of another space, changing nothing', async () => {
        await expectTRPCError(
          h
            .caller(ada.token)
            .users.update({ space_name: space.name, user_id: randomUUID(), role: 'admin' }),
          'NOT_FOUND',
          ERROR.userNotFound,
        );
        const elsewhere = await h.createSpace();
        await h.join(elsewhere, 'owner');
        const stranger = await h.join(elsewhere, 'stranger');
        await expectTRPCError(
          h
            .caller(ada.token)
            .users.update({ space_name: space.name, user_id: stranger.userId, role: 'admin' }),
          'NOT_FOUND',
          ERROR.userNotFound,
        );
        expect((await h.caller(stranger.token).auth.session()).user.role).toBe('member');
      });

      it('refuses an update without a new name or role, or with a malformed id, with BAD_REQUEST', async () => {
        await expectTRPCError(
          h.caller(ada.token).users.update({ space_name: space.name, user_id: max.userId }),
          'BAD_REQUEST',
          'Give a new username or role',
        );
        await expectTRPCError(
          h
            .caller(ada.token)
            .users.update({ space_name: space.name, user_id: 'max', role: 'admin' }),
          'BAD_REQUEST',
          'user_id must be a user id',
        );
      });
    });

    describe('delete', () => {
      it('refuses members with FORBIDDEN', async () => {
        await expectTRPCError(
          h.caller(max.token).users.delete({ space_name: space.name, user_id: ada.userId }),
          'FORBIDDEN',
          ERROR.adminOnly,
        );
        expect(await usernamesIn(space)).toContain('ada');
      });

      it('refuses an admin deleting themself with FORBIDDEN', async () => {
        await expectTRPCError(
          h.caller(ada.token).users.delete({ space_name: space.name, user_id: ada.userId }),
          'FORBIDDEN',
          ERROR.cannotDeleteYourself,
        );
        expect((await h.caller(ada.token).auth.session()).user.id).toBe(ada.userId);
      });

      it('answers NOT_FOUND for an unknown user or a user of another space', async () => {
        await expectTRPCError(
          h.caller(ada.token).users.delete({ space_name: space.name, user_id: randomUUID() }),
          'NOT_FOUND',
          ERROR.userNotFound,
        );
        const elsewhere = await h.createSpace();
        const stranger = await h.join(elsewhere, 'stranger');
        await expectTRPCError(
          h.caller(ada.token).users.delete({ space_name: space.name, user_id: stranger.userId }),
          'NOT_FOUND',
          ERROR.userNotFound,
        );
        expect((await h.caller(stranger.token).auth.session()).user.id).toBe(stranger.userId);
      });

      it("removes the user and their sessions; the user's tokens stop working", async () => {
        const leaver = await h.join(space, 'leaver');
        const secondToken = await h.login(space, 'leaver');
        expect(
          await h
            .caller(ada.token)
            .users.delete({ space_name: space.name, user_id: leaver.userId }),
        ).toEqual({
          deleted: true,
        });
        for (const token of [leaver.token, secondToken]) {
          await expectTRPCError(
            h.caller(token).users.list({ space_name: space.name }),
            'UNAUTHORIZED',
            ERROR.sessionInvalid,
          );
        }
        expect(
          await h.db.db.select().from(sessions).where(eq(sessions.userId, leaver.userId)),
        ).toEqual([]);
        const { users: remaining } = await h
          .caller(ada.token)
          .users.list({ space_name: space.name });
        expect(remaining.map((user) => user.id)).not.toContain(leaver.userId);
        // The name is free again.
        const back = await h.join(space, 'leaver');
        expect(back.role).toBe('member');
        expect(back.userId).not.toBe(leaver.userId);
      });
    });
  });
});
