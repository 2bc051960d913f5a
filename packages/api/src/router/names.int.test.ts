/**
 * Names nobody can impersonate, through the tRPC routers (services/names.ts):
 * look-alike space names, usernames and renames are refused; spaces and users named before the
 * rules — clashing ones included — still log in.
 */
import { deriveSpaceNameVerifier } from '@cipherspace/crypto';
import { spaces, users } from '@cipherspace/db';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ERROR } from '../errors.ts';
import { NAME_KEYS_VERSION, nameKey, nameSkeleton } from '../services/names.ts';
import {
  createApiHarness,
  expectTRPCError,
  expectTRPCErrorValue,
  insertSpaceWithoutNameKeys,
  LOOK_ALIKE_RENAMES,
  LOOK_ALIKE_SPACE_NAMES,
  LOOK_ALIKE_USERNAMES,
  type ApiHarness,
  type SpaceCredentials,
} from '../testing/harness.ts';

const KEY = 'Sp4ce-Key!long-enough';

describe('names nobody can impersonate', () => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await createApiHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  async function create(name: string) {
    return h.caller().spaces.create({
      space_name: name,
      encrypted_space_name: await deriveSpaceNameVerifier(KEY, name),
      force_user_passwords: false,
      allow_self_registration: true,
    });
  }

  describe('space names', () => {
    it.each(LOOK_ALIKE_SPACE_NAMES)(
      '$what: $second is refused beside $first',
      async ({ first, second, code, message }) => {
        await create(first);
        await expectTRPCError(create(second), code, message);
        const stored = await h.db.db
          .select({ name: spaces.name })
          .from(spaces)
          .where(inArray(spaces.name, [first, second]));
        expect(stored).toEqual([{ name: first }]);
      },
    );

    it('takes two different names that share no key or skeleton', async () => {
      await create('Neighbours One');
      await expect(create('Neighbours Two')).resolves.toMatchObject({ name: 'Neighbours Two' });
    });

    it('lets only one of two look-alike names created at the same moment through', async () => {
      for (const [first, second, message] of [
        ['Same Moment', 'same  MOMENT', ERROR.spaceExists],
        ['Kopa', 'Кора', ERROR.spaceLookalike], // Latin and all-Cyrillic
      ] as const) {
        const results = await Promise.allSettled([create(first), create(second)]);
        expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
        const refusal = results.find((result) => result.status === 'rejected');
        expectTRPCErrorValue(refusal?.reason, 'CONFLICT', message);
      }
    });
  });

  describe('usernames', () => {
    let space: SpaceCredentials;
    beforeAll(async () => {
      space = await h.createSpace({ selfRegistration: true });
    });

    it.each(LOOK_ALIKE_USERNAMES)(
      '$what: registering $second is refused beside $first',
      async ({ first, second, code, message }) => {
        await h.join(space, first);
        await expectTRPCError(h.join(space, second), code, message);
      },
    );

    it('refuses an admin adding a look-alike user, and a look-alike rename', async () => {
      const team = await h.createSpace();
      const admin = await h.join(team, 'admin');
      await h.join(team, 'ann');
      await expectTRPCError(
        h.caller(admin.token).users.create({ space_name: team.name, username: 'аnn' }),
        'BAD_REQUEST',
        ERROR.usernameMixedScripts,
      );
      await expectTRPCError(
        h.caller(admin.token).users.create({ space_name: team.name, username: 'ΑΝΝ' }),
        'CONFLICT',
        ERROR.usernameLookalike,
      );
      await expect(
        h.caller(admin.token).users.create({ space_name: team.name, username: 'anna' }),
      ).resolves.toMatchObject({ username: 'anna' });
    });

    it.each(LOOK_ALIKE_RENAMES)(
      '$what: renaming oneself to $second is refused beside $first',
      async ({ first, second, code, message }) => {
        const team = await h.createSpace();
        await h.join(team, first);
        const renamer = await h.join(team, 'renamer');
        await expectTRPCError(
          h
            .caller(renamer.token)
            .users.update({ space_name: team.name, user_id: renamer.userId, username: second }),
          code,
          message,
        );
      },
    );

    it('lets a user rename themself to their own name written otherwise', async () => {
      const team = await h.createSpace();
      const ann = await h.join(team, 'ann');
      await expect(
        h
          .caller(ann.token)
          .users.update({ space_name: team.name, user_id: ann.userId, username: 'Ann' }),
      ).resolves.toMatchObject({ username: 'Ann' });
    });

    it('logs a user in under their name written otherwise', async () => {
      const team = await h.createSpace();
      await h.join(team, 'Ann Lee');
      await expect(h.login(team, 'ＡＮＮ  lee')).resolves.toEqual(expect.any(String));
    });
  });

  describe('names taken before the rules (rows written as the old code wrote them)', () => {
    const oldSpace = (name: string, createdAt: Date) =>
      insertSpaceWithoutNameKeys(h.db.db, name, KEY, createdAt);

    it('keeps clashing old spaces reachable and refuses new names that clash with them', async () => {
      const older = await oldSpace('Legacy Team', new Date('2024-01-01T00:00:00Z'));
      const newer = await oldSpace('legacy  TEAM', new Date('2024-02-01T00:00:00Z'));
      const mixed = await oldSpace('Lеgacy Mix', new Date('2024-03-01T00:00:00Z'));

      // A new name is compared with every old one: the keys are filled in first.
      await expectTRPCError(create('LEGACY TEAM'), 'CONFLICT', ERROR.spaceExists);
      const keyed = await h.db.db
        .select({ name: spaces.name, key: spaces.nameKey, skeleton: spaces.nameSkeleton })
        .from(spaces)
        .where(inArray(spaces.name, [older.name, newer.name, mixed.name]));
      expect(keyed).toEqual(
        expect.arrayContaining([
          { name: 'Legacy Team', key: 'legacy team', skeleton: nameSkeleton('Legacy Team') },
          // The newer of two clashing names keeps no key: the older holds it.
          { name: 'legacy  TEAM', key: null, skeleton: null },
          { name: 'Lеgacy Mix', key: 'lеgacy mix', skeleton: nameSkeleton('Legacy Mix') },
        ]),
      );
      await expectTRPCError(create('Legacy Mix'), 'CONFLICT', ERROR.spaceLookalike);

      // Each old space still logs in, registers and answers under its exact name.
      for (const space of [older, newer, mixed]) {
        const user = await h.join(space, 'ann');
        expect(user.role).toBe('admin');
        await expect(h.login(space, 'ann')).resolves.toEqual(expect.any(String));
        await expect(h.caller().spaces.info({ space_name: space.name })).resolves.toMatchObject({
          name: space.name,
        });
      }
    });

    it("keys again the names keyed by older rules, so they clash under today's", async () => {
      // As rules version 1 keyed them: its skeleton took the palochka ӏ for an i.
      const old = await oldSpace('Роӏӏ Һаӏӏ', new Date('2024-04-01T00:00:00Z'));
      await h.db.db
        .update(spaces)
        .set({ nameKey: nameKey(old.name), nameSkeleton: 'poii haii', nameKeysVersion: 1 })
        .where(eq(spaces.name, old.name));

      await expectTRPCError(create('Poll Hall'), 'CONFLICT', ERROR.spaceLookalike);
      const [keyed] = await h.db.db
        .select({ skeleton: spaces.nameSkeleton, version: spaces.nameKeysVersion })
        .from(spaces)
        .where(eq(spaces.name, old.name));
      expect(keyed).toEqual({ skeleton: nameSkeleton('Poll Hall'), version: NAME_KEYS_VERSION });
    });

    it('keeps clashing old users able to log in and refuses new names that clash with them', async () => {
      const space = await h.createSpace();
      const spaceId = await h.spaceId(space.name);
      const createdAt = new Date('2024-01-01T00:00:00Z');
      await h.db.db.insert(users).values([
        { spaceId, username: 'ann', role: 'admin', createdAt },
        { spaceId, username: 'a\u200bnn', role: 'member', createdAt: new Date(+createdAt + 1) },
        { spaceId, username: 'аnn', role: 'member', createdAt: new Date(+createdAt + 2) },
      ]);

      await expectTRPCError(h.join(space, 'ANN'), 'CONFLICT', ERROR.usernameExists);
      const keyed = await h.db.db
        .select({ username: users.username, key: users.usernameKey })
        .from(users)
        .where(eq(users.spaceId, spaceId));
      expect(keyed).toEqual(
        expect.arrayContaining([
          { username: 'ann', key: 'ann' },
          { username: 'a\u200bnn', key: null },
          { username: 'аnn', key: 'аnn' },
        ]),
      );
      for (const username of ['ann', 'a\u200bnn', 'аnn']) {
        const token = await h.login(space, username);
        const session = await h.caller(token).auth.session();
        expect(session.user.username).toBe(username);
      }
    });
  });
});
