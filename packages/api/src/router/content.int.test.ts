/**
 * content router against a real database: encrypted documents per tool with optimistic
 * versions (spec §3 Tool content, §4 Tool content, §7 /api/content/*, §8 version conflict).
 * Envelopes are made and opened with the real `@cipherspace/crypto`; the server never decrypts.
 */
import { decryptJson, encryptJson } from '@cipherspace/crypto';
import { spaces, toolContents } from '@cipherspace/db';
import { TOOL_NAMES, type ToolName } from '@cipherspace/tools/metadata';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { CONTENT_METADATA_MAX_BYTES } from '../constants.ts';
import { ERROR } from '../errors.ts';
import {
  createApiHarness,
  expectTRPCError,
  expectTRPCErrorValue,
  type ApiHarness,
  type SpaceCredentials,
} from '../testing/harness.ts';

const TOOL_MESSAGE =
  'tool must be one of: kanban, ticket-system, bulletin, diagrams, poker, randomizer';
const VERSION_MESSAGE = 'metadata.version must be a whole number ≥ 0';

describe('content', () => {
  let h: ApiHarness;
  let space: SpaceCredentials;
  let alice: string;
  let bob: string;

  beforeAll(async () => {
    h = await createApiHarness();
    space = await h.createSpace();
    alice = (await h.join(space, 'alice')).token;
    bob = (await h.join(space, 'bob')).token;
  });
  afterAll(async () => {
    await h.close();
  });

  const storedRow = async (tool: string) => {
    const [row] = await h.db.db
      .select()
      .from(toolContents)
      .where(
        and(eq(toolContents.spaceId, await h.spaceId(space.name)), eq(toolContents.tool, tool)),
      );
    return row;
  };

  describe('save and get', () => {
    const board = {
      title: 'Sprint 12',
      phases: [{ id: 'p1', name: 'To Do', issues: [] }],
      emoji: '🚀',
      n: 3,
    };
    let envelope: string;

    beforeAll(async () => {
      envelope = await encryptJson(board, space.key);
    });

    it("answers NOT_FOUND 'No content for this tool yet' before the first save", async () => {
      await expectTRPCError(
        h.caller(alice).content.get({ space_name: space.name, tool: 'kanban' }),
        'NOT_FOUND',
        ERROR.contentNotFound,
      );
    });

    it('find answers null before the first save (no error: the app opens tools with it)', async () => {
      expect(
        await h.caller(alice).content.find({ space_name: space.name, tool: 'kanban' }),
      ).toBeNull();
    });

    it('stores a first save as version 1 with server-set metadata and the caller fields', async () => {
      const before = h.clock.now().getTime();
      const saved = await h.caller(alice).content.save({
        space_name: space.name,
        tool: 'kanban',
        encrypted_data: envelope,
        metadata: {
          modified_by: 'mallory',
          last_modified: '1999-01-01T00:00:00.000Z',
          client: 'web',
          nested: { a: 1 },
        },
      });
      const after = h.clock.now().getTime();
      expect(saved).toEqual({
        id: expect.any(String),
        tool: 'kanban',
        space_name: space.name,
        content_metadata: {
          version: 1,
          last_modified: expect.any(String),
          modified_by: 'alice',
          client: 'web',
          nested: { a: 1 },
        },
      });
      const lastModified = Date.parse(String(saved.content_metadata.last_modified));
      expect(new Date(lastModified).toISOString()).toBe(saved.content_metadata.last_modified);
      expect(lastModified).toBeGreaterThanOrEqual(before);
      expect(lastModified).toBeLessThanOrEqual(after);
    });

    it('returns the envelope byte for byte, and it decrypts with the space key to the saved JSON', async () => {
      const got = await h.caller(bob).content.get({ space_name: space.name, tool: 'kanban' });
      // find answers exactly what get answers once there is content.
      expect(await h.caller(bob).content.find({ space_name: space.name, tool: 'kanban' })).toEqual(
        got,
      );
      expect(got).toEqual({
        id: expect.any(String),
        tool: 'kanban',
        space_name: space.name,
        content_metadata: expect.objectContaining({ version: 1, modified_by: 'alice' }),
        encrypted_data: envelope,
        // Every save so far sent the whole content: the envelope is the current version.
        current_version: 1,
      });
      expect(await decryptJson(got.encrypted_data, space.key)).toEqual(board);
      // Nothing readable is stored.
      const row = await storedRow('kanban');
      expect(row?.encryptedData).toBe(envelope);
      expect(JSON.stringify(row)).not.toContain('Sprint 12');
    });

    it('keeps an envelope with unusual member order and whitespace exactly as sent', async () => {
      const parsed = JSON.parse(await encryptJson({ note: 'reordered' }, space.key)) as Record<
        string,
        string
      >;
      const unusual = `{\n  "salt": ${JSON.stringify(parsed.salt)},\n  "iv": ${JSON.stringify(parsed.iv)},\n  "data": ${JSON.stringify(parsed.data)}\n}`;
      await h
        .caller(alice)
        .content.save({ space_name: space.name, tool: 'bulletin', encrypted_data: unusual });
      const got = await h.caller(alice).content.get({ space_name: space.name, tool: 'bulletin' });
      expect(got.encrypted_data).toBe(unusual);
      expect(await decryptJson(got.encrypted_data, space.key)).toEqual({ note: 'reordered' });
    });

    it('moves to the next version when the save names the stored version', async () => {
      const next = await encryptJson({ ...board, title: 'Sprint 13' }, space.key);
      const saved = await h.caller(bob).content.save({
        space_name: space.name,
        tool: 'kanban',
        encrypted_data: next,
        metadata: { version: 1 },
      });
      expect(saved.content_metadata).toEqual({
        version: 2,
        last_modified: expect.any(String),
        modified_by: 'bob',
      });
      const got = await h.caller(alice).content.get({ space_name: space.name, tool: 'kanban' });
      expect(got.encrypted_data).toBe(next);
      expect(got.content_metadata).toMatchObject({ version: 2, modified_by: 'bob' });
    });

    it.each([
      ['a stale version', 1],
      ['version 0 although content exists', 0],
      ['no version although content exists', undefined],
      ['a version from the future', 7],
    ])('refuses %s with CONFLICT and keeps the stored content', async (_label, version) => {
      const before = await h.caller(alice).content.get({ space_name: space.name, tool: 'kanban' });
      const mine = await encryptJson({ title: 'lost edit' }, space.key);
      await expectTRPCError(
        h.caller(alice).content.save({
          space_name: space.name,
          tool: 'kanban',
          encrypted_data: mine,
          metadata: version === undefined ? {} : { version },
        }),
        'CONFLICT',
        ERROR.versionConflict,
      );
      expect(await h.caller(alice).content.get({ space_name: space.name, tool: 'kanban' })).toEqual(
        before,
      );
    });

    it('refuses a save that names a version when there is no content yet with CONFLICT', async () => {
      const mine = await encryptJson({ title: 'x' }, space.key);
      await expectTRPCError(
        h.caller(alice).content.save({
          space_name: space.name,
          tool: 'diagrams',
          encrypted_data: mine,
          metadata: { version: 3 },
        }),
        'CONFLICT',
        ERROR.versionConflict,
      );
      expect(await storedRow('diagrams')).toBeUndefined();
    });
  });

  describe('concurrent saves', () => {
    it('lets exactly one of 10 saves on the same version succeed; the rest get CONFLICT', async () => {
      const tool = 'poker';
      const first = await encryptJson({ round: 0 }, space.key);
      await h.caller(alice).content.save({ space_name: space.name, tool, encrypted_data: first });
      const envelopes = await Promise.all(
        Array.from({ length: 10 }, (_, i) => encryptJson({ round: 1, writer: i }, space.key)),
      );
      const results = await Promise.allSettled(
        envelopes.map((encrypted_data, i) =>
          h.caller(i % 2 === 0 ? alice : bob).content.save({
            space_name: space.name,
            tool,
            encrypted_data,
            metadata: { version: 1 },
          }),
        ),
      );
      const won = results.flatMap((r, i) => (r.status === 'fulfilled' ? [i] : []));
      expect(won).toHaveLength(1);
      for (const result of results) {
        if (result.status === 'rejected') {
          expectTRPCErrorValue(result.reason, 'CONFLICT', ERROR.versionConflict);
        }
      }
      const winner = won[0] ?? -1;
      const got = await h.caller(alice).content.get({ space_name: space.name, tool });
      expect(got.content_metadata).toMatchObject({
        version: 2,
        modified_by: winner % 2 === 0 ? 'alice' : 'bob',
      });
      expect(got.encrypted_data).toBe(envelopes[winner]);
      expect(await decryptJson(got.encrypted_data, space.key)).toEqual({
        round: 1,
        writer: winner,
      });
    });

    it('lets exactly one of 10 simultaneous first saves succeed', async () => {
      const tool = 'randomizer';
      const envelope = await encryptJson({ options: ['a', 'b'] }, space.key);
      const results = await Promise.allSettled(
        Array.from({ length: 10 }, () =>
          h.caller(bob).content.save({
            space_name: space.name,
            tool,
            encrypted_data: envelope,
            metadata: { version: 0 },
          }),
        ),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const result of results) {
        if (result.status === 'rejected') {
          expectTRPCErrorValue(result.reason, 'CONFLICT', ERROR.versionConflict);
        }
      }
      expect((await storedRow(tool))?.version).toBe(1);
    });
  });

  describe('input checks', () => {
    let good: string;

    beforeAll(async () => {
      good = await encryptJson({ title: 'valid' }, space.key);
    });

    it.each<[string, () => string]>([
      ['plain JSON content', () => JSON.stringify({ title: 'not encrypted' })],
      [
        'an envelope without salt',
        () => {
          const { data, iv } = JSON.parse(good) as Record<string, string>;
          return JSON.stringify({ data, iv });
        },
      ],
      [
        'an envelope with an extra member',
        () => JSON.stringify({ ...(JSON.parse(good) as object), v: 1 }),
      ],
      [
        'an envelope with a short iv',
        () => JSON.stringify({ ...(JSON.parse(good) as object), iv: 'AAAA' }),
      ],
      ['not JSON', () => 'hello'],
      ['empty', () => ''],
    ])('refuses %s as encrypted_data with BAD_REQUEST', async (_label, make) => {
      await expectTRPCError(
        h
          .caller(alice)
          .content.save({ space_name: space.name, tool: 'ticket-system', encrypted_data: make() }),
        'BAD_REQUEST',
        ERROR.invalidEnvelope,
      );
      expect(await storedRow('ticket-system')).toBeUndefined();
    });

    it.each([
      // Well-formed, but not a tool of the registry: a made-up id, a presence short name, a
      // near miss, and the 64-character id the old pattern allowed.
      ['atomic'],
      ['ticket'],
      ['kanbans'],
      [`t${'1'.repeat(63)}`],
      ['Kanban'],
      ['-kanban'],
      ['kan ban'],
      ['kan_ban'],
      ['../kanban'],
      ['kanban '],
      [''],
      ['k'.repeat(65)],
    ])(
      'refuses the tool id %j with BAD_REQUEST on every content and history call, storing nothing',
      async (id) => {
        // Deliberately outside the type: what an outdated or third-party client could send.
        const input = { space_name: space.name, tool: id as ToolName };
        const caller = h.caller(alice);
        for (const call of [
          () => caller.content.save({ ...input, encrypted_data: good }),
          () => caller.content.get(input),
          () => caller.content.find(input),
          () => caller.content.changes({ ...input, since: 0 }),
          () => caller.content.delete(input),
          () => caller.history.list(input),
          () => caller.history.version({ ...input, version: 1 }),
          () => caller.history.changes({ ...input, version: 1, after: 0 }),
        ]) {
          await expectTRPCError(call(), 'BAD_REQUEST', TOOL_MESSAGE);
        }
        expect(await storedRow(id)).toBeUndefined();
        const listed = await caller.content.list({ space_name: space.name });
        expect(listed.tools.map((entry) => entry.tool)).not.toContain(id);
      },
    );

    it('accepts every tool of the registry', async () => {
      const fresh = await h.createSpace();
      const { token } = await h.join(fresh, 'carol');
      for (const tool of TOOL_NAMES) {
        const saved = await h.caller(token).content.save({
          space_name: fresh.name,
          tool,
          encrypted_data: await encryptJson({ tool }, fresh.key),
        });
        expect(saved).toMatchObject({ tool, content_metadata: { version: 1 } });
      }
      const listed = await h.caller(token).content.list({ space_name: fresh.name });
      expect(listed.tools.map((entry) => entry.tool)).toEqual(TOOL_NAMES.toSorted());
    });

    it.each([[-1], [1.5]])('refuses metadata.version %j with BAD_REQUEST', async (version) => {
      await expectTRPCError(
        h.caller(alice).content.save({
          space_name: space.name,
          tool: 'ticket-system',
          encrypted_data: good,
          metadata: { version },
        }),
        'BAD_REQUEST',
        VERSION_MESSAGE,
      );
    });

    it('refuses metadata over the size limit with BAD_REQUEST', async () => {
      await expectTRPCError(
        h.caller(alice).content.save({
          space_name: space.name,
          tool: 'ticket-system',
          encrypted_data: good,
          metadata: { padding: 'x'.repeat(CONTENT_METADATA_MAX_BYTES) },
        }),
        'BAD_REQUEST',
        ERROR.metadataTooLarge,
      );
      expect(await storedRow('ticket-system')).toBeUndefined();
    });

    it('refuses callers without a token with UNAUTHORIZED', async () => {
      await expectTRPCError(
        h.caller().content.get({ space_name: space.name, tool: 'kanban' }),
        'UNAUTHORIZED',
        ERROR.authRequired,
      );
      await expectTRPCError(
        h.caller().content.save({ space_name: space.name, tool: 'kanban', encrypted_data: good }),
        'UNAUTHORIZED',
        ERROR.authRequired,
      );
    });
  });

  describe('list and delete', () => {
    let listSpace: SpaceCredentials;
    let owner: string;
    let member: string;

    beforeAll(async () => {
      listSpace = await h.createSpace();
      owner = (await h.join(listSpace, 'owner')).token;
      member = (await h.join(listSpace, 'member')).token;
    });

    it('lists no tools in a new space', async () => {
      expect(await h.caller(member).content.list({ space_name: listSpace.name })).toEqual({
        tools: [],
      });
    });

    it('lists the tools with their versions, by tool id', async () => {
      const save = async (token: string, tool: ToolName, version?: number) =>
        h.caller(token).content.save({
          space_name: listSpace.name,
          tool,
          encrypted_data: await encryptJson({ tool, version }, listSpace.key),
          ...(version === undefined ? {} : { metadata: { version } }),
        });
      await save(owner, 'ticket-system');
      await save(owner, 'kanban');
      await save(member, 'kanban', 1);
      await save(owner, 'kanban', 2);
      expect(await h.caller(member).content.list({ space_name: listSpace.name })).toEqual({
        tools: [
          { tool: 'kanban', version: 3, last_modified: expect.any(Date), modified_by: 'owner' },
          {
            tool: 'ticket-system',
            version: 1,
            last_modified: expect.any(Date),
            modified_by: 'owner',
          },
        ],
      });
    });

    it('deletes a tool for any member; get answers NOT_FOUND and the tool can start over from version 0', async () => {
      expect(
        await h.caller(member).content.delete({ space_name: listSpace.name, tool: 'kanban' }),
      ).toEqual({
        deleted: true,
      });
      await expectTRPCError(
        h.caller(owner).content.get({ space_name: listSpace.name, tool: 'kanban' }),
        'NOT_FOUND',
        ERROR.contentNotFound,
      );
      expect(
        await h.caller(owner).content.find({ space_name: listSpace.name, tool: 'kanban' }),
      ).toBeNull();
      expect(
        (await h.caller(owner).content.list({ space_name: listSpace.name })).tools.map(
          (t) => t.tool,
        ),
      ).toEqual(['ticket-system']);
      const restarted = await h.caller(owner).content.save({
        space_name: listSpace.name,
        tool: 'kanban',
        encrypted_data: await encryptJson({ fresh: true }, listSpace.key),
        metadata: { version: 0 },
      });
      // Its history stays (content-delete.int.test.ts): the numbering goes on after version 3.
      expect(restarted.content_metadata).toMatchObject({ version: 4, modified_by: 'owner' });
    });

    it('answers NOT_FOUND when deleting a tool without content', async () => {
      await expectTRPCError(
        h.caller(owner).content.delete({ space_name: listSpace.name, tool: 'diagrams' }),
        'NOT_FOUND',
        ERROR.contentNotFound,
      );
    });
  });

  it('answers a save into a space deleted meanwhile with NOT_FOUND, not a database error', async () => {
    // Found by fuzzing on PostgreSQL: the session was validated, then the space went before the
    // insert. Made deterministic here: the session is cached, and the space row is deleted behind
    // the API's back (no event), so the save reaches its insert with a space that is gone.
    const doomed = await h.createSpace();
    const { token } = await h.join(doomed, 'carol');
    await h.caller(token).content.list({ space_name: doomed.name });
    await h.db.db.delete(spaces).where(eq(spaces.id, await h.spaceId(doomed.name)));
    await expectTRPCError(
      h.caller(token).content.save({
        space_name: doomed.name,
        tool: 'kanban',
        encrypted_data: await encryptJson({ cards: [] }, doomed.key),
        metadata: { version: 0 },
      }),
      'NOT_FOUND',
      ERROR.spaceNotFound,
    );
  });
});
