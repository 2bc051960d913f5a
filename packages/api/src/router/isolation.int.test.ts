/**
 * Space isolation: a session belongs to exactly one space. A token of space A used with the
 * space_name of space B is refused with 403 FORBIDDEN on every space-bound procedure, even
 * for an admin of A, and B stays as it was (spec §6; trpc.ts memberProcedure).
 */
import { encryptJson } from '@cipherspace/crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ERROR } from '../errors.ts';
import {
  createApiHarness,
  expectTRPCError,
  type ApiHarness,
  type SpaceCredentials,
} from '../testing/harness.ts';

describe('space isolation', () => {
  let h: ApiHarness;
  let a: SpaceCredentials;
  let b: SpaceCredentials;
  let adminA: string;
  let adminB: { token: string; userId: string };
  let memberB: { token: string; userId: string };
  let envelopeB: string;

  beforeAll(async () => {
    h = await createApiHarness();
    a = await h.createSpace();
    b = await h.createSpace({ force: false, selfRegistration: true });
    adminA = (await h.join(a, 'admin')).token;
    adminB = await h.join(b, 'admin');
    memberB = await h.join(b, 'member');
    envelopeB = await encryptJson({ secret: 'of B' }, b.key);
    await h
      .caller(adminB.token)
      .content.save({ space_name: b.name, tool: 'kanban', encrypted_data: envelopeB });
  });
  afterAll(async () => {
    await h.close();
  });

  const intoB = () => h.caller(adminA);
  const calls: [string, () => Promise<unknown>][] = [
    ['content.get', () => intoB().content.get({ space_name: b.name, tool: 'kanban' })],
    [
      'content.save',
      async () =>
        intoB().content.save({
          space_name: b.name,
          tool: 'kanban',
          encrypted_data: await encryptJson({ overwritten: true }, a.key),
          metadata: { version: 1 },
        }),
    ],
    ['content.list', () => intoB().content.list({ space_name: b.name })],
    ['content.delete', () => intoB().content.delete({ space_name: b.name, tool: 'kanban' })],
    ['users.list', () => intoB().users.list({ space_name: b.name })],
    ['users.usernames', () => intoB().users.usernames({ space_name: b.name })],
    [
      'users.create',
      () => intoB().users.create({ space_name: b.name, username: 'planted', role: 'admin' }),
    ],
    [
      'users.update',
      () => intoB().users.update({ space_name: b.name, user_id: memberB.userId, role: 'admin' }),
    ],
    ['users.delete', () => intoB().users.delete({ space_name: b.name, user_id: memberB.userId })],
    [
      'spaces.update',
      () => intoB().spaces.update({ space_name: b.name, allow_self_registration: false }),
    ],
    ['spaces.delete', () => intoB().spaces.delete({ space_name: b.name })],
    ['realtime.onEvent', () => intoB().realtime.onEvent({ space_name: b.name })],
    ['realtime.connect', () => intoB().realtime.connect({ space_name: b.name })],
    ['realtime.join', () => intoB().realtime.join({ space_name: b.name })],
    ['realtime.announce', () => intoB().realtime.announce({ space_name: b.name, tool: 'kanban' })],
    ['realtime.heartbeat', () => intoB().realtime.heartbeat({ space_name: b.name })],
  ];

  it.each(calls)(
    "refuses %s with FORBIDDEN 'Your session does not belong to this space'",
    async (_name, call) => {
      await expectTRPCError(call(), 'FORBIDDEN', ERROR.otherSpace);
    },
  );

  it('leaves B exactly as it was', async () => {
    const content = await h
      .caller(memberB.token)
      .content.get({ space_name: b.name, tool: 'kanban' });
    expect(content.encrypted_data).toBe(envelopeB);
    expect(content.content_metadata).toMatchObject({ version: 1, modified_by: 'admin' });
    expect(await h.caller(memberB.token).content.list({ space_name: b.name })).toEqual({
      tools: [
        { tool: 'kanban', version: 1, last_modified: expect.any(Date), modified_by: 'admin' },
      ],
    });
    expect(await h.caller(memberB.token).users.list({ space_name: b.name })).toEqual({
      users: [
        { id: adminB.userId, username: 'admin', role: 'admin', created_at: expect.any(Date) },
        { id: memberB.userId, username: 'member', role: 'member', created_at: expect.any(Date) },
      ],
    });
    expect(await h.caller().spaces.info({ space_name: b.name })).toEqual({
      name: b.name,
      force_user_passwords: false,
      allow_self_registration: true,
      is_first_user_registration: false,
    });
    // A's token still works in A: the refusals did not end or change it.
    expect((await h.caller(adminA).auth.session()).space.name).toBe(a.name);
  });

  it("keeps B's data out of A with the same tool names", async () => {
    await expectTRPCError(
      h.caller(adminA).content.get({ space_name: a.name, tool: 'kanban' }),
      'NOT_FOUND',
      ERROR.contentNotFound,
    );
    expect(await h.caller(adminA).content.list({ space_name: a.name })).toEqual({ tools: [] });
  });
});
