/**
 * spaces router against a real database: create, byName, info, update, delete (spec §3 Space,
 * §5 Space name, §6, §7 /api/spaces/*).
 */
import { randomUUID } from 'node:crypto';

import { deriveSpaceNameVerifier, encryptJson, SPACE_NAME_HINT } from '@cipherspace/crypto';
import { sessions, spaces, toolContents, users } from '@cipherspace/db';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ERROR } from '../errors.ts';
import {
  createApiHarness,
  expectTRPCError,
  expectTRPCErrorValue,
  type ApiHarness,
  type SpaceCredentials,
} from '../testing/harness.ts';

const KEY = 'Sp4ce-Key!long-enough';
const uniqueName = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;

describe('spaces', () => {
  let h: ApiHarness;
  /** A real verifier, for calls whose input is refused before the verifier matters. */
  let someVerifier: string;

  beforeAll(async () => {
    h = await createApiHarness();
    someVerifier = await deriveSpaceNameVerifier(KEY, 'Some Space');
  });
  afterAll(async () => {
    await h.close();
  });

  async function countSpaces(): Promise<number> {
    const [row] = await h.db.db.select({ n: count() }).from(spaces);
    return row?.n ?? 0;
  }

  describe('create', () => {
    it('creates a space with forced passwords and closed self registration by default', async () => {
      const name = uniqueName('Defaults');
      const verifier = await deriveSpaceNameVerifier(KEY, name);
      const space = await h
        .caller()
        .spaces.create({ space_name: name, encrypted_space_name: verifier });
      expect(space).toEqual({
        name,
        force_user_passwords: true,
        allow_self_registration: false,
        created_at: expect.any(Date),
      });
      expect(await h.caller().spaces.info({ space_name: name })).toEqual({
        name,
        force_user_passwords: true,
        allow_self_registration: false,
        is_first_user_registration: true,
      });
    });

    it('keeps explicit settings', async () => {
      const name = uniqueName('Explicit');
      const verifier = await deriveSpaceNameVerifier(KEY, name);
      const space = await h.caller().spaces.create({
        space_name: name,
        encrypted_space_name: verifier,
        force_user_passwords: false,
        allow_self_registration: true,
      });
      expect(space).toMatchObject({
        name,
        force_user_passwords: false,
        allow_self_registration: true,
      });
      expect(await h.caller().spaces.byName({ space_name: name })).toEqual(space);
    });

    it('accepts letters of any script, digits, spaces and dashes', async () => {
      const name = `Équipe Ünïcode-${randomUUID().slice(0, 4)} 7`;
      const verifier = await deriveSpaceNameVerifier(KEY, name);
      const space = await h
        .caller()
        .spaces.create({ space_name: name, encrypted_space_name: verifier });
      expect(space.name).toBe(name);
    });

    it.each([
      ['too short', 'ab'],
      ['too long', 'a'.repeat(101)],
      ['an underscore', 'Team_1'],
      ['a slash', 'Team/1'],
      ['a dot', 'Team.1'],
      ['empty', ''],
    ])(
      'refuses a name that is %s with BAD_REQUEST and the space name hint',
      async (_label, name) => {
        const before = await countSpaces();
        await expectTRPCError(
          h.caller().spaces.create({ space_name: name, encrypted_space_name: someVerifier }),
          'BAD_REQUEST',
          SPACE_NAME_HINT,
        );
        expect(await countSpaces()).toBe(before);
      },
    );

    it.each([
      ['not base64', 'not a verifier at all'],
      ['base64 of 16 bytes', 'AAAAAAAAAAAAAAAAAAAAAA=='],
      ['the plain space key', KEY],
      ['unpadded base64 of 32 bytes', 'A'.repeat(43)],
    ])('refuses an encrypted_space_name that is %s with BAD_REQUEST', async (_label, verifier) => {
      const name = uniqueName('Bad Verifier');
      await expectTRPCError(
        h.caller().spaces.create({ space_name: name, encrypted_space_name: verifier }),
        'BAD_REQUEST',
        `encrypted_space_name ${ERROR.invalidVerifier}`,
      );
      await expectTRPCError(
        h.caller().spaces.byName({ space_name: name }),
        'NOT_FOUND',
        ERROR.spaceNotFound,
      );
    });

    it('refuses a missing encrypted_space_name with BAD_REQUEST', async () => {
      const input = { space_name: uniqueName('No Verifier') } as unknown as Parameters<
        ReturnType<ApiHarness['caller']>['spaces']['create']
      >[0];
      await expectTRPCError(
        h.caller().spaces.create(input),
        'BAD_REQUEST',
        'encrypted_space_name is required',
      );
    });

    it('refuses a name that is taken with CONFLICT, keeping the first space', async () => {
      const name = uniqueName('Taken');
      const verifier = await deriveSpaceNameVerifier(KEY, name);
      await h.caller().spaces.create({
        space_name: name,
        encrypted_space_name: verifier,
        force_user_passwords: false,
      });
      const otherVerifier = await deriveSpaceNameVerifier('An0ther-Key!!', name);
      await expectTRPCError(
        h.caller().spaces.create({ space_name: name, encrypted_space_name: otherVerifier }),
        'CONFLICT',
        ERROR.spaceExists,
      );
      // The first space is untouched: still its settings and still its key.
      expect(await h.caller().spaces.info({ space_name: name })).toMatchObject({
        force_user_passwords: false,
      });
      const [row] = await h.db.db.select({ n: count() }).from(spaces).where(eq(spaces.name, name));
      expect(row?.n).toBe(1);
    });

    it('lets exactly one of two simultaneous creations of the same name win', async () => {
      const name = uniqueName('Race');
      const verifier = await deriveSpaceNameVerifier(KEY, name);
      const results = await Promise.allSettled([
        h.caller().spaces.create({ space_name: name, encrypted_space_name: verifier }),
        h.caller().spaces.create({ space_name: name, encrypted_space_name: verifier }),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const rejected = results.find((r) => r.status === 'rejected');
      expectTRPCErrorValue(rejected?.reason, 'CONFLICT', ERROR.spaceExists);
    });
  });

  describe('byName and info', () => {
    it('shows a space without any secret', async () => {
      const space = await h.createSpace();
      const shown = await h.caller().spaces.byName({ space_name: space.name });
      expect(Object.keys(shown).sort()).toEqual([
        'allow_self_registration',
        'created_at',
        'force_user_passwords',
        'name',
      ]);
      expect(shown).toMatchObject({
        name: space.name,
        force_user_passwords: false,
        allow_self_registration: true,
      });
    });

    it('reports is_first_user_registration until someone registered', async () => {
      const space = await h.createSpace({ force: true, selfRegistration: false });
      expect(await h.caller().spaces.info({ space_name: space.name })).toEqual({
        name: space.name,
        force_user_passwords: true,
        allow_self_registration: false,
        is_first_user_registration: true,
      });
      await h.join(space, 'first', 'first-password');
      expect(await h.caller().spaces.info({ space_name: space.name })).toMatchObject({
        is_first_user_registration: false,
      });
    });

    it('answers NOT_FOUND for an unknown space', async () => {
      const name = uniqueName('Nowhere');
      await expectTRPCError(
        h.caller().spaces.byName({ space_name: name }),
        'NOT_FOUND',
        ERROR.spaceNotFound,
      );
      await expectTRPCError(
        h.caller().spaces.info({ space_name: name }),
        'NOT_FOUND',
        ERROR.spaceNotFound,
      );
    });

    it('matches the name exactly', async () => {
      const space = await h.createSpace({ name: uniqueName('Exact Case') });
      await expectTRPCError(
        h.caller().spaces.info({ space_name: space.name.toUpperCase() }),
        'NOT_FOUND',
        ERROR.spaceNotFound,
      );
    });
  });

  describe('update', () => {
    let space: SpaceCredentials;
    let admin: string;
    let member: string;

    beforeAll(async () => {
      space = await h.createSpace({ force: false, selfRegistration: true });
      admin = (await h.join(space, 'admin')).token;
      member = (await h.join(space, 'member')).token;
    });

    it('refuses members with FORBIDDEN and changes nothing', async () => {
      await expectTRPCError(
        h.caller(member).spaces.update({ space_name: space.name, force_user_passwords: true }),
        'FORBIDDEN',
        ERROR.adminOnly,
      );
      expect(await h.caller().spaces.info({ space_name: space.name })).toMatchObject({
        force_user_passwords: false,
        allow_self_registration: true,
      });
    });

    it('refuses a caller without a token with UNAUTHORIZED', async () => {
      await expectTRPCError(
        h.caller().spaces.update({ space_name: space.name, force_user_passwords: true }),
        'UNAUTHORIZED',
        ERROR.authRequired,
      );
    });

    it('changes only the setting it is given', async () => {
      const first = await h
        .caller(admin)
        .spaces.update({ space_name: space.name, allow_self_registration: false });
      expect(first).toMatchObject({
        name: space.name,
        force_user_passwords: false,
        allow_self_registration: false,
      });

      const second = await h
        .caller(admin)
        .spaces.update({ space_name: space.name, force_user_passwords: true });
      expect(second).toMatchObject({ force_user_passwords: true, allow_self_registration: false });

      expect(await h.caller().spaces.info({ space_name: space.name })).toMatchObject({
        force_user_passwords: true,
        allow_self_registration: false,
      });
    });

    it('refuses an update that changes nothing with UNPROCESSABLE_CONTENT', async () => {
      const before = await h.caller().spaces.info({ space_name: space.name });
      await expectTRPCError(
        h.caller(admin).spaces.update({ space_name: space.name }),
        'UNPROCESSABLE_CONTENT',
        'Give force_user_passwords or allow_self_registration',
      );
      expect(await h.caller().spaces.info({ space_name: space.name })).toEqual(before);
    });

    it('keeps both changes when the two settings are toggled at the same time', async () => {
      // The settings page saves each checkbox on its own as soon as it is toggled (spec §4),
      // so two updates can be in flight together; neither may undo the other.
      for (const round of [1, 2, 3, 4, 5]) {
        await h.caller(admin).spaces.update({
          space_name: space.name,
          force_user_passwords: false,
          allow_self_registration: false,
        });
        await Promise.all([
          h.caller(admin).spaces.update({ space_name: space.name, force_user_passwords: true }),
          h.caller(admin).spaces.update({ space_name: space.name, allow_self_registration: true }),
        ]);
        expect({
          round,
          ...(await h.caller().spaces.info({ space_name: space.name })),
        }).toMatchObject({
          round,
          force_user_passwords: true,
          allow_self_registration: true,
        });
      }
    });

    it('applies the new settings to the next registration', async () => {
      await h.caller(admin).spaces.update({
        space_name: space.name,
        force_user_passwords: false,
        allow_self_registration: false,
      });
      await expectTRPCError(
        h.caller().users.register({
          space_name: space.name,
          username: 'latecomer',
          encrypted_space_name: space.verifier,
        }),
        'FORBIDDEN',
        ERROR.selfRegistrationDisabled,
      );
      await h.caller(admin).spaces.update({
        space_name: space.name,
        force_user_passwords: true,
        allow_self_registration: true,
      });
      await expectTRPCError(
        h.caller().users.register({
          space_name: space.name,
          username: 'latecomer',
          encrypted_space_name: space.verifier,
        }),
        'UNPROCESSABLE_CONTENT',
        ERROR.passwordRequired,
      );
    });

    it('refuses a non-boolean setting with BAD_REQUEST', async () => {
      const input = {
        space_name: space.name,
        force_user_passwords: 'yes',
      } as unknown as Parameters<ReturnType<ApiHarness['caller']>['spaces']['update']>[0];
      await expectTRPCError(
        h.caller(admin).spaces.update(input),
        'BAD_REQUEST',
        'force_user_passwords must be a boolean',
      );
    });
  });

  describe('delete', () => {
    it('refuses members with FORBIDDEN and keeps the space', async () => {
      const space = await h.createSpace();
      await h.join(space, 'owner');
      const { token: member } = await h.join(space, 'guest');
      await expectTRPCError(
        h.caller(member).spaces.delete({ space_name: space.name }),
        'FORBIDDEN',
        ERROR.adminOnly,
      );
      expect(await h.caller().spaces.byName({ space_name: space.name })).toMatchObject({
        name: space.name,
      });
      expect(await h.caller(member).users.usernames({ space_name: space.name })).toEqual({
        usernames: ['owner', 'guest'],
      });
    });

    it('removes the space with its users, sessions and contents and revokes every token', async () => {
      const space = await h.createSpace();
      const bystander = await h.createSpace();
      const owner = await h.join(space, 'owner');
      const guest = await h.join(space, 'guest');
      const other = await h.join(bystander, 'other');
      const envelope = await encryptJson({ title: 'board' }, space.key);
      await h
        .caller(guest.token)
        .content.save({ space_name: space.name, tool: 'kanban', encrypted_data: envelope });
      const otherEnvelope = await encryptJson({ title: 'other board' }, bystander.key);
      await h.caller(other.token).content.save({
        space_name: bystander.name,
        tool: 'kanban',
        encrypted_data: otherEnvelope,
      });
      const spaceId = await h.spaceId(space.name);

      expect(await h.caller(owner.token).spaces.delete({ space_name: space.name })).toEqual({
        deleted: true,
      });

      await expectTRPCError(
        h.caller().spaces.byName({ space_name: space.name }),
        'NOT_FOUND',
        ERROR.spaceNotFound,
      );
      for (const table of [users, sessions, toolContents]) {
        const [row] = await h.db.db
          .select({ n: count() })
          .from(table)
          .where(eq(table.spaceId, spaceId));
        expect(row?.n).toBe(0);
      }
      for (const token of [owner.token, guest.token]) {
        await expectTRPCError(h.caller(token).auth.session(), 'UNAUTHORIZED', ERROR.sessionInvalid);
      }
      // Another space is untouched.
      const kept = await h
        .caller(other.token)
        .content.get({ space_name: bystander.name, tool: 'kanban' });
      expect(kept.encrypted_data).toBe(otherEnvelope);
    });

    it('frees the name, and old tokens do not open the new space of that name', async () => {
      const space = await h.createSpace();
      const owner = await h.join(space, 'owner');
      await h.caller(owner.token).spaces.delete({ space_name: space.name });

      const reborn = await h.createSpace({ name: space.name, key: 'N3w-Space-Key!!' });
      expect(await h.caller().spaces.info({ space_name: reborn.name })).toMatchObject({
        is_first_user_registration: true,
      });
      await expectTRPCError(
        h.caller(owner.token).users.list({ space_name: reborn.name }),
        'UNAUTHORIZED',
        ERROR.sessionInvalid,
      );
      // The old key no longer opens it.
      await expectTRPCError(
        h.caller().users.register({
          space_name: reborn.name,
          username: 'owner',
          encrypted_space_name: space.verifier,
        }),
        'UNAUTHORIZED',
        ERROR.invalidSpaceCredentials,
      );
    });
  });
});
