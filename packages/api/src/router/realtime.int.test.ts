/**
 * realtime router against a real database and the real event bus: what members receive on
 * `realtime.onEvent` (spec §3 Real-time messages, §4 Real-time connection). Ordering, not
 * sleeping, proves that something was NOT delivered: the bus delivers in publish order, so
 * when a later event arrives first, the earlier one never came.
 */
import { createHash } from 'node:crypto';

import { encryptJson } from '@cipherspace/crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { SESSION_IDLE_MS } from '../constants.ts';
import { ERROR } from '../errors.ts';
import {
  createApiHarness,
  expectTRPCError,
  type ApiHarness,
  type EventStream,
  type SpaceCredentials,
} from '../testing/harness.ts';

const MINUTE_MS = 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const isIso = (value: string) => new Date(value).toISOString() === value;

describe('realtime', () => {
  let h: ApiHarness;
  let space: SpaceCredentials;
  let other: SpaceCredentials;
  let alice: { token: string; userId: string };
  let bob: { token: string; userId: string };
  let carol: { token: string; userId: string };
  let tom: { token: string; userId: string };
  let tina: { token: string; userId: string };
  const open: EventStream[] = [];

  beforeAll(async () => {
    h = await createApiHarness();
    space = await h.createSpace();
    other = await h.createSpace();
    alice = await h.join(space, 'alice');
    bob = await h.join(space, 'bob');
    carol = await h.join(space, 'carol');
    tom = await h.join(other, 'tom');
    tina = await h.join(other, 'tina');
  });
  afterEach(() => {
    for (const stream of open.splice(0)) stream.close();
  });
  afterAll(async () => {
    await h.close();
  });

  async function subscribe(
    token: string,
    spaceName: string,
    clientId?: string,
  ): Promise<EventStream> {
    const stream = await h.subscribe(token, spaceName, clientId);
    open.push(stream);
    return stream;
  }

  describe('content_update', () => {
    it('tells other members which tool changed, to which version, by whom and the hash, never the ciphertext', async () => {
      const bobStream = await subscribe(bob.token, space.name, 'bob-tab');
      const envelope = await encryptJson({ title: 'secret board' }, space.key);
      await h
        .caller(alice.token)
        .content.save({ space_name: space.name, tool: 'kanban', encrypted_data: envelope });

      const { id, message } = await bobStream.next();
      expect(id).toMatch(UUID);
      expect(message).toEqual({
        type: 'content_update',
        space_name: space.name,
        timestamp: expect.any(String),
        data: {
          tool: 'kanban',
          version: 1,
          modified_by: 'alice',
          content_hash: sha256Hex(envelope),
        },
      });
      expect(isIso(message.timestamp)).toBe(true);
      const { data, iv, salt } = JSON.parse(envelope) as Record<string, string>;
      for (const part of [envelope, data, iv, salt]) {
        expect(JSON.stringify(message)).not.toContain(part);
      }

      await h.caller(bob.token).content.delete({ space_name: space.name, tool: 'kanban' });
      const deleted = await bobStream.next();
      expect(deleted.id).not.toBe(id);
      expect(deleted.message).toEqual({
        type: 'content_update',
        space_name: space.name,
        timestamp: expect.any(String),
        data: { tool: 'kanban', version: 0, modified_by: 'bob', content_hash: null },
      });
    });

    it('reports the stored version and the saver after a conflict-free second save', async () => {
      const carolStream = await subscribe(carol.token, space.name);
      const first = await encryptJson({ n: 1 }, space.key);
      const second = await encryptJson({ n: 2 }, space.key);
      await h
        .caller(alice.token)
        .content.save({ space_name: space.name, tool: 'ticket-system', encrypted_data: first });
      await h.caller(bob.token).content.save({
        space_name: space.name,
        tool: 'ticket-system',
        encrypted_data: second,
        metadata: { version: 1 },
      });
      // A refused save announces nothing: the next message after it is the delete below.
      await expectTRPCError(
        h.caller(alice.token).content.save({
          space_name: space.name,
          tool: 'ticket-system',
          encrypted_data: first,
          metadata: { version: 1 },
        }),
        'CONFLICT',
        ERROR.versionConflict,
      );
      await h.caller(alice.token).content.delete({ space_name: space.name, tool: 'ticket-system' });

      const messages = [
        await carolStream.next(),
        await carolStream.next(),
        await carolStream.next(),
      ].map((event) => event.message);
      expect(messages.map((m) => m.data)).toEqual([
        { tool: 'ticket-system', version: 1, modified_by: 'alice', content_hash: sha256Hex(first) },
        { tool: 'ticket-system', version: 2, modified_by: 'bob', content_hash: sha256Hex(second) },
        { tool: 'ticket-system', version: 0, modified_by: 'alice', content_hash: null },
      ]);
    });
  });

  describe('presence_update', () => {
    it('reaches other members and other tabs with the identity of the session, not of the input', async () => {
      const aliceTab1 = await subscribe(alice.token, space.name, 'alice-1');
      const aliceTab2 = await subscribe(alice.token, space.name, 'alice-2');
      const bobTab = await subscribe(bob.token, space.name, 'bob-1');

      // Extra fields claiming to be bob are not part of the input and must not be believed.
      const spoofed = {
        space_name: space.name,
        client_id: 'alice-1',
        tool: 'kanban',
        data: { cursor: 3 },
        user_id: bob.userId,
        username: 'bob',
      };
      await h.caller(alice.token).realtime.announce(spoofed);

      const expected = {
        type: 'presence_update',
        space_name: space.name,
        timestamp: expect.any(String),
        data: {
          tool: 'kanban',
          user_id: alice.userId,
          username: 'alice',
          data: { cursor: 3, tool: 'kanban', status: 'active', last_seen: expect.any(String) },
        },
      };
      const atBob = (await bobTab.next()).message;
      expect(atBob).toEqual(expected);
      if (atBob.type !== 'presence_update') throw new Error('unreachable');
      expect(atBob.data.data.last_seen).toBe(atBob.timestamp);
      expect(isIso(atBob.timestamp)).toBe(true);
      expect((await aliceTab2.next()).message).toEqual(atBob);

      // Not echoed to the announcing tab: the next thing it sees is bob's presence.
      await h.caller(bob.token).realtime.announce({
        space_name: space.name,
        client_id: 'bob-1',
        tool: 'ticket-system',
        status: 'idle',
      });
      expect((await aliceTab1.next()).message).toMatchObject({
        type: 'presence_update',
        data: {
          tool: 'ticket-system',
          user_id: bob.userId,
          username: 'bob',
          data: { status: 'idle' },
        },
      });
    });

    it('refuses presence data over the size limit with BAD_REQUEST', async () => {
      await expectTRPCError(
        h.caller(alice.token).realtime.announce({
          space_name: space.name,
          tool: 'kanban',
          data: { blob: 'x'.repeat(2000) },
        }),
        'BAD_REQUEST',
        'presence data is too large',
      );
    });
  });

  describe('user_joined', () => {
    it('reaches other members with the identity of the session, not the joining tab', async () => {
      const aliceTab = await subscribe(alice.token, space.name, 'alice-j');
      const carolTab = await subscribe(carol.token, space.name, 'carol-j');

      const claim = {
        space_name: space.name,
        client_id: 'carol-j',
        user_id: alice.userId,
        username: 'alice',
      };
      expect(await h.caller(carol.token).realtime.join(claim)).toEqual({ ok: true });
      expect((await aliceTab.next()).message).toEqual({
        type: 'user_joined',
        space_name: space.name,
        timestamp: expect.any(String),
        data: { user_id: carol.userId, username: 'carol' },
      });

      await h.caller(alice.token).realtime.join({ space_name: space.name, client_id: 'alice-j' });
      expect((await carolTab.next()).message).toEqual({
        type: 'user_joined',
        space_name: space.name,
        timestamp: expect.any(String),
        data: { user_id: alice.userId, username: 'alice' },
      });
    });
  });

  describe('isolation between spaces', () => {
    it('delivers nothing of one space to a member of another', async () => {
      const tomStream = await subscribe(tom.token, other.name);
      await h.caller(alice.token).content.save({
        space_name: space.name,
        tool: 'bulletin',
        encrypted_data: await encryptJson({ posts: [] }, space.key),
      });
      await h.caller(alice.token).realtime.announce({ space_name: space.name, tool: 'bulletin' });
      await h.caller(bob.token).realtime.join({ space_name: space.name });
      await h.caller(alice.token).content.delete({ space_name: space.name, tool: 'bulletin' });

      await h.caller(tina.token).realtime.join({ space_name: other.name });
      expect((await tomStream.next()).message).toEqual({
        type: 'user_joined',
        space_name: other.name,
        timestamp: expect.any(String),
        data: { user_id: tina.userId, username: 'tina' },
      });
    });

    it('refuses subscribing to another space with FORBIDDEN and without a live token with UNAUTHORIZED', async () => {
      await expectTRPCError(h.subscribe(tom.token, space.name), 'FORBIDDEN', ERROR.otherSpace);
      await expectTRPCError(
        h.caller().realtime.onEvent({ space_name: space.name }),
        'UNAUTHORIZED',
        ERROR.authRequired,
      );
      await expectTRPCError(
        h.subscribe('a'.repeat(32), space.name),
        'UNAUTHORIZED',
        ERROR.sessionInvalid,
      );
    });
  });

  describe('connection', () => {
    it('tells a host who the caller is', async () => {
      expect(await h.caller(bob.token).realtime.connect({ space_name: space.name })).toEqual({
        space_name: space.name,
        user_id: bob.userId,
        username: 'bob',
        role: 'member',
      });
      expect(
        await h.caller(alice.token).realtime.connect({ space_name: space.name }),
      ).toMatchObject({ role: 'admin' });
    });

    it('releases the bus listener when a subscription is aborted', async () => {
      const spaceId = await h.spaceId(space.name);
      const before = h.bus.listenerCount(spaceId);
      const stream = await h.subscribe(bob.token, space.name);
      expect(h.bus.listenerCount(spaceId)).toBe(before + 1);
      stream.close();
      expect(h.bus.listenerCount(spaceId)).toBe(before);
    });
  });

  describe('streams that end', () => {
    it('ends the stream of a logged-out session after a session_ended error, and only that one', async () => {
      const spaceId = await h.spaceId(space.name);
      const secondToken = await h.login(space, 'bob');
      const kept = await subscribe(bob.token, space.name, 'bob-kept');
      const before = h.bus.listenerCount(spaceId);
      const ending = await subscribe(secondToken, space.name, 'bob-ending');

      await h.caller(secondToken).auth.logout();
      expect((await ending.next()).message).toEqual({
        type: 'error',
        space_name: space.name,
        timestamp: expect.any(String),
        data: { code: 'session_ended', error: 'Your session has ended. Please log in again.' },
      });
      await ending.ended();
      expect(h.bus.listenerCount(spaceId)).toBe(before);

      // The other session of the same user keeps streaming and saw no error.
      await h.caller(alice.token).realtime.announce({ space_name: space.name, tool: 'kanban' });
      expect((await kept.next()).message).toMatchObject({
        type: 'presence_update',
        data: { username: 'alice' },
      });
    });

    it("ends a deleted member's stream with member_removed; others keep streaming", async () => {
      const dave = await h.join(space, 'dave');
      const daveStream = await subscribe(dave.token, space.name);
      const carolStream = await subscribe(carol.token, space.name);

      await h.caller(alice.token).users.delete({ space_name: space.name, user_id: dave.userId });
      expect((await daveStream.next()).message).toEqual({
        type: 'error',
        space_name: space.name,
        timestamp: expect.any(String),
        data: { code: 'member_removed', error: 'You were removed from this space.' },
      });
      await daveStream.ended();

      await h.caller(alice.token).realtime.announce({ space_name: space.name, tool: 'kanban' });
      expect((await carolStream.next()).message).toMatchObject({
        type: 'presence_update',
        data: { username: 'alice' },
      });
    });

    it('ends every stream of a deleted space with space_deleted and leaves no listener', async () => {
      const doomed = await h.createSpace();
      const owner = await h.join(doomed, 'owner');
      const guest = await h.join(doomed, 'guest');
      const spaceId = await h.spaceId(doomed.name);
      const streams = [
        await subscribe(owner.token, doomed.name),
        await subscribe(guest.token, doomed.name, 'g'),
      ];
      const bystander = await subscribe(bob.token, space.name);

      await h.caller(owner.token).spaces.delete({ space_name: doomed.name });
      for (const stream of streams) {
        expect((await stream.next()).message).toEqual({
          type: 'error',
          space_name: doomed.name,
          timestamp: expect.any(String),
          data: { code: 'space_deleted', error: 'This space was deleted.' },
        });
        await stream.ended();
      }
      expect(h.bus.listenerCount(spaceId)).toBe(0);

      // Another space's stream is unaffected.
      await h.caller(carol.token).realtime.join({ space_name: space.name });
      expect((await bystander.next()).message).toMatchObject({
        type: 'user_joined',
        data: { username: 'carol' },
      });
    });
  });

  // Moves the clock: keep last.
  describe('heartbeat', () => {
    it("answers a ping with {type:'heartbeat', data:{response:'pong'}}", async () => {
      const pong = await h.caller(bob.token).realtime.heartbeat({ space_name: space.name });
      expect(pong).toEqual({
        type: 'heartbeat',
        space_name: space.name,
        timestamp: expect.any(String),
        data: { response: 'pong' },
      });
      expect(isIso(pong.timestamp)).toBe(true);
    });

    it('keeps the session alive, and is refused with UNAUTHORIZED once the session expired', async () => {
      const token = await h.login(space, 'carol');
      h.clock.advance(25 * MINUTE_MS);
      await h.caller(token).realtime.heartbeat({ space_name: space.name });
      h.clock.advance(25 * MINUTE_MS);
      expect((await h.caller(token).realtime.heartbeat({ space_name: space.name })).data).toEqual({
        response: 'pong',
      });
      h.clock.advance(SESSION_IDLE_MS + MINUTE_MS);
      await expectTRPCError(
        h.caller(token).realtime.heartbeat({ space_name: space.name }),
        'UNAUTHORIZED',
        ERROR.sessionInvalid,
      );
    });
  });

  describe('stream lifetime and origins', () => {
    it('does not let a member silence another connection by claiming its client id', async () => {
      const bobTab = await subscribe(await h.login(space, 'bob'), space.name, 'shared-id');
      await h.caller(await h.login(space, 'alice')).realtime.announce({
        space_name: space.name,
        client_id: 'shared-id',
        tool: 'kanban',
      });
      expect((await bobTab.next()).message).toMatchObject({
        type: 'presence_update',
        data: { user_id: alice.userId },
      });
    });

    it('ends with session_ended when the session expired while the stream was open', async () => {
      const token = await h.login(space, 'carol');
      const stream = await subscribe(token, space.name, 'carol-expiring');
      h.clock.advance(SESSION_IDLE_MS + MINUTE_MS);
      await h.caller(await h.login(space, 'alice')).realtime.join({ space_name: space.name });
      expect((await stream.next()).message).toMatchObject({
        type: 'error',
        data: { code: 'session_ended' },
      });
    });
  });
});
