/**
 * The operation log of tool content against a real database: a save with encrypted
 * operations records them with the version it produced, in the same transaction as the snapshot;
 * a save without is recorded as a replacement; `content.changes` answers the changes after a
 * version (or "too far behind"); a delete clears the log; `content_update` carries the change
 * inline when it is small. Operations are made with the real `@cipherspace/crypto` operations
 * envelope; the server never sees them in plaintext.
 */
import { readFileSync } from 'node:fs';

import {
  decryptOperation,
  deriveOperationsKey,
  encryptJson,
  encryptOperation,
  type OperationsKey,
} from '@cipherspace/crypto';
import { toolChanges, toolContents } from '@cipherspace/db';
import type { ToolName } from '@cipherspace/tools/metadata';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import {
  CHANGES_SINCE_MAX_VERSIONS,
  INLINE_OPERATIONS_MAX_CHARS,
  OPERATION_ENVELOPE_MAX_CHARS,
  OPERATIONS_PER_SAVE_MAX,
} from '../constants.ts';
import { ERROR } from '../errors.ts';
import type { ContentUpdateData } from '../events.ts';
import {
  createApiHarness,
  expectTRPCError,
  expectTRPCErrorValue,
  type ApiHarness,
  type EventStream,
  type SpaceCredentials,
} from '../testing/harness.ts';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const COUNT_MESSAGE = `operations must hold 1 to ${OPERATIONS_PER_SAVE_MAX} envelopes`;

/** Rows of a raw SQL query (PGlite answers `{rows}`, postgres.js an array). */
function rowsOf(result: unknown): Record<string, unknown>[] {
  if (Array.isArray(result)) return result as Record<string, unknown>[];
  return (result as { rows: Record<string, unknown>[] }).rows;
}

/**
 * An operation envelope of exactly `chars` characters. Its length is 99 + 4·⌈(n + 16)/3⌉ for a
 * plaintext of n bytes (crypto README, operation envelope), so `chars` must be 3 mod 4.
 */
async function envelopeOfLength(key: OperationsKey, chars: number): Promise<string> {
  const blocks = (chars - 99) / 4;
  if (!Number.isInteger(blocks)) throw new Error(`no envelope is ${chars} characters long`);
  // A JSON string of 3·blocks − 16 bytes: its quotes are 2 of them.
  const envelope = await encryptOperation('x'.repeat(3 * blocks - 18), key);
  expect(envelope).toHaveLength(chars);
  return envelope;
}

describe('content operation log', () => {
  let h: ApiHarness;
  let space: SpaceCredentials;
  let other: SpaceCredentials;
  let alice: string;
  let bob: string;
  let stranger: string;
  let opsKey: OperationsKey;
  const open: EventStream[] = [];

  beforeAll(async () => {
    h = await createApiHarness();
    other = await h.createSpace();
    stranger = (await h.join(other, 'stranger')).token;
  });
  afterEach(() => {
    for (const stream of open.splice(0)) stream.close();
  });
  afterAll(async () => {
    await h.close();
  });

  /**
   * Moves the tests that follow to a new space with alice and bob as its members: no tool has
   * content or changes there yet.
   */
  async function moveToFreshSpace(): Promise<void> {
    space = await h.createSpace();
    alice = (await h.join(space, 'alice')).token;
    bob = (await h.join(space, 'bob')).token;
    opsKey = await deriveOperationsKey(space.key, space.name);
  }

  const op = (value: unknown) => encryptOperation(value, opsKey);

  /** Saves `tool` on `version` (0: first save) with `operations` (none: a replacement). */
  async function save(
    tool: ToolName,
    version: number,
    operations?: string[],
    token: string = alice,
  ): Promise<number> {
    const saved = await h.caller(token).content.save({
      space_name: space.name,
      tool,
      encrypted_data: await encryptJson({ tool, version: version + 1 }, space.key),
      metadata: { version },
      ...(operations ? { operations } : {}),
    });
    return Number(saved.content_metadata.version);
  }

  const changes = (tool: ToolName, since: number, token: string = bob) =>
    h.caller(token).content.changes({ space_name: space.name, tool, since });

  async function logRows(tool: ToolName) {
    return h.db.db
      .select()
      .from(toolChanges)
      .where(and(eq(toolChanges.spaceId, await h.spaceId(space.name)), eq(toolChanges.tool, tool)))
      .orderBy(asc(toolChanges.version));
  }

  async function subscribe(token: string): Promise<EventStream> {
    const stream = await h.subscribe(token, space.name);
    open.push(stream);
    return stream;
  }

  describe('recording saves', () => {
    beforeEach(moveToFreshSpace);

    it('stores the operations of a save with the version it produced, who and when', async () => {
      const first = [await op({ name: 'addCard', id: 'c1' })];
      const second = [await op({ name: 'moveCard', id: 'c1' }), await op({ name: 'rename' })];
      const before = h.clock.now().getTime();
      expect(await save('kanban', 0, first)).toBe(1);
      expect(await save('kanban', 1, second, bob)).toBe(2);
      const after = h.clock.now().getTime();

      const rows = await logRows('kanban');
      expect(
        rows.map(({ version, kind, operations, modifiedBy }) => ({
          version,
          kind,
          operations,
          modifiedBy,
        })),
      ).toEqual([
        { version: 1, kind: 'operations', operations: first, modifiedBy: 'alice' },
        { version: 2, kind: 'operations', operations: second, modifiedBy: 'bob' },
      ]);
      for (const row of rows) {
        expect(row.createdAt.getTime()).toBeGreaterThanOrEqual(before);
        expect(row.createdAt.getTime()).toBeLessThanOrEqual(after);
      }
      // Stored byte for byte: they still open with the operations key.
      expect(await decryptOperation(rows[1]?.operations?.[1] ?? '', opsKey)).toEqual({
        name: 'rename',
      });
    });

    it('records a save without operations (a third-party PUT) as a replacement', async () => {
      expect(await save('kanban', 0)).toBe(1);
      expect(await save('kanban', 1, [await op({ n: 2 })])).toBe(2);
      expect(await save('kanban', 2)).toBe(3);
      expect((await logRows('kanban')).map((r) => [r.version, r.kind, r.operations])).toEqual([
        [1, 'replacement', null],
        [2, 'operations', [expect.any(String)]],
        [3, 'replacement', null],
      ]);
    });

    it('a refused save (409) stores neither snapshot nor change', async () => {
      const tool = 'kanban';
      const mine = [await op({ mine: true })];
      await save(tool, 0, mine);
      const before = await h.caller(alice).content.get({ space_name: space.name, tool });
      for (const version of [0, 2, 5]) {
        await expectTRPCError(
          save(tool, version, [await op({ lost: version })], bob),
          'CONFLICT',
          ERROR.versionConflict,
        );
      }
      expect(await h.caller(alice).content.get({ space_name: space.name, tool })).toEqual(before);
      expect((await logRows(tool)).map((r) => [r.version, r.operations])).toEqual([[1, mine]]);
    });

    it('writes snapshot and change in one transaction: when the change cannot be written, the snapshot is not either', async () => {
      const tool = 'kanban';
      await save(tool, 0, [await op({ n: 1 })]);
      const before = await h.caller(alice).content.get({ space_name: space.name, tool });
      // A trigger makes the change insert of this space fail after the snapshot was updated.
      const spaceId = await h.spaceId(space.name);
      await h.db.db.execute(sql`
        create function cs_test_refuse_change() returns trigger language plpgsql as $$
        begin
          if new.space_id = ${sql.raw(`'${spaceId}'`)} then raise exception 'refused by test'; end if;
          return new;
        end $$`);
      await h.db.db.execute(sql`
        create trigger cs_test_refuse_change before insert on tool_changes
        for each row execute function cs_test_refuse_change()`);
      try {
        await expect(save(tool, 1, [await op({ n: 2 })])).rejects.toThrow();
      } finally {
        await h.db.db.execute(sql`drop trigger cs_test_refuse_change on tool_changes`);
        await h.db.db.execute(sql`drop function cs_test_refuse_change()`);
      }
      expect(await h.caller(alice).content.get({ space_name: space.name, tool })).toEqual(before);
      expect((await logRows(tool)).map((r) => r.version)).toEqual([1]);
      // And the tool saves normally again.
      expect(await save(tool, 1, [await op({ n: 2 })])).toBe(2);
    });

    it('of 10 concurrent saves on one version, only the winner is recorded', async () => {
      const tool = 'kanban';
      await save(tool, 0, [await op({ n: 0 })]);
      const candidates = await Promise.all(
        Array.from({ length: 10 }, async (_, i) => [await op({ writer: i })]),
      );
      const results = await Promise.allSettled(
        candidates.map((operations, i) => save(tool, 1, operations, i % 2 === 0 ? alice : bob)),
      );
      const won = results.flatMap((r, i) => (r.status === 'fulfilled' ? [i] : []));
      expect(won).toHaveLength(1);
      for (const result of results) {
        if (result.status === 'rejected') {
          expectTRPCErrorValue(result.reason, 'CONFLICT', ERROR.versionConflict);
        }
      }
      const rows = await logRows(tool);
      expect(rows.map((r) => r.version)).toEqual([1, 2]);
      expect(rows[1]?.operations).toEqual(candidates[won[0] ?? -1]);
    });

    it('keeps only ciphertext: a dump of the log holds none of the operations in plaintext', async () => {
      const secrets = ['Quarterly layoffs list', 'Password is hunter2', 'Ünïcödé geheim 🚀'];
      const operations = await Promise.all(
        secrets.map((title, i) => op({ name: 'updateIssue', args: { id: `i${i}`, title } })),
      );
      await save('kanban', 0, operations);
      const dump = JSON.stringify([
        rowsOf(await h.db.db.execute(sql`select * from tool_changes`)),
        rowsOf(await h.db.db.execute(sql`select row_to_json(c)::text as row from tool_changes c`)),
        rowsOf(await h.db.db.execute(sql`select * from tool_contents`)),
      ]);
      expect(dump).toContain(operations[0]?.slice(30, 60));
      for (const secret of [...secrets, 'updateIssue', 'hunter2', 'geheim']) {
        expect(dump).not.toContain(secret);
        expect(dump).not.toContain(JSON.stringify(secret).slice(1, -1));
      }
    });
  });

  describe('changes since a version', () => {
    const tool = 'kanban';
    const ops: string[][] = [];

    beforeAll(async () => {
      await moveToFreshSpace();
      // v1 operations, v2 operations, v3 replacement, v4 operations, v5 operations.
      for (let version = 0; version < 5; version++) {
        const operations = version === 2 ? undefined : [await op({ step: version + 1 })];
        ops.push(operations ?? []);
        await save(tool, version, operations, version % 2 === 0 ? alice : bob);
      }
    });

    it('answers every change after `since`, oldest first, with its operations, author and time', async () => {
      const answer = await changes(tool, 3);
      expect(answer).toEqual({
        tool,
        version: 5,
        too_far_behind: false,
        changes: [
          {
            version: 4,
            kind: 'operations',
            operations: ops[3],
            modified_by: 'bob',
            at: expect.stringMatching(ISO),
          },
          {
            version: 5,
            kind: 'operations',
            operations: ops[4],
            modified_by: 'alice',
            at: expect.stringMatching(ISO),
          },
        ],
      });
      const [fourth, fifth] = answer.changes;
      expect(Date.parse(fifth?.at ?? '')).toBeGreaterThanOrEqual(Date.parse(fourth?.at ?? ''));
      expect(await decryptOperation(fifth?.operations?.[0] ?? '', opsKey)).toEqual({ step: 5 });
    });

    it('returns a replacement inside the range as such (operations null)', async () => {
      const answer = await changes(tool, 0);
      expect(answer.too_far_behind).toBe(false);
      expect(answer.changes.map((c) => [c.version, c.kind, c.operations])).toEqual([
        [1, 'operations', ops[0]],
        [2, 'operations', ops[1]],
        [3, 'replacement', null],
        [4, 'operations', ops[3]],
        [5, 'operations', ops[4]],
      ]);
    });

    it('answers no changes to a client that is up to date', async () => {
      expect(await changes(tool, 5)).toEqual({
        tool,
        version: 5,
        too_far_behind: false,
        changes: [],
      });
    });

    it('tells a client ahead of the stored version (the content started over) to load the snapshot', async () => {
      expect(await changes(tool, 9)).toEqual({
        tool,
        version: 5,
        too_far_behind: true,
        changes: [],
      });
    });

    it("answers NOT_FOUND 'No content for this tool yet' for a tool without content", async () => {
      await expectTRPCError(changes('poker', 0), 'NOT_FOUND', ERROR.contentNotFound);
    });

    it(`answers up to ${CHANGES_SINCE_MAX_VERSIONS} versions; one more is too far behind`, async () => {
      const long = 'diagrams';
      for (let version = 0; version <= CHANGES_SINCE_MAX_VERSIONS; version++) {
        await save(long, version, [await op({ v: version + 1 })]);
      }
      const current = CHANGES_SINCE_MAX_VERSIONS + 1;
      const full = await changes(long, 1);
      expect(full.version).toBe(current);
      expect(full.too_far_behind).toBe(false);
      expect(full.changes.map((c) => c.version)).toEqual(
        Array.from({ length: CHANGES_SINCE_MAX_VERSIONS }, (_, i) => i + 2),
      );
      expect(await changes(long, 0)).toEqual({
        tool: long,
        version: current,
        too_far_behind: true,
        changes: [],
      });
    });

    it('is too far behind when part of the range was saved before changes were recorded', async () => {
      const legacy = 'bulletin';
      // Content saved before the log existed: version 7, no change rows.
      await h.db.db.insert(toolContents).values({
        spaceId: await h.spaceId(space.name),
        tool: legacy,
        encryptedData: await encryptJson({ old: true }, space.key),
        contentMetadata: { version: 7 },
        version: 7,
        snapshotVersion: 7,
      });
      const operations = [await op({ first: 'recorded' })];
      expect(await save(legacy, 7, operations)).toBe(8);
      expect(await changes(legacy, 6)).toEqual({
        tool: legacy,
        version: 8,
        too_far_behind: true,
        changes: [],
      });
      expect((await changes(legacy, 7)).changes).toEqual([
        expect.objectContaining({ version: 8, kind: 'operations', operations }),
      ]);
    });

    it('refuses a `since` that is not a whole number ≥ 0 with BAD_REQUEST', async () => {
      for (const since of [-1, 1.5, Number.NaN, '3', null, undefined]) {
        await expectTRPCError(
          h.caller(bob).content.changes({
            space_name: space.name,
            tool,
            since: since as number,
          }),
          'BAD_REQUEST',
          ERROR.sinceInvalid,
        );
      }
    });

    it('is for members: no token → UNAUTHORIZED, another space → FORBIDDEN', async () => {
      await expectTRPCError(
        h.caller().content.changes({ space_name: space.name, tool, since: 0 }),
        'UNAUTHORIZED',
        ERROR.authRequired,
      );
      await expectTRPCError(
        h.caller('forged-token').content.changes({ space_name: space.name, tool, since: 0 }),
        'UNAUTHORIZED',
        ERROR.sessionInvalid,
      );
      await expectTRPCError(
        h.caller(stranger).content.changes({ space_name: space.name, tool, since: 0 }),
        'FORBIDDEN',
        ERROR.otherSpace,
      );
      // The stranger's own space has no such tool: nothing of this space leaks there.
      await expectTRPCError(
        h.caller(stranger).content.changes({ space_name: other.name, tool, since: 0 }),
        'NOT_FOUND',
        ERROR.contentNotFound,
      );
    });
  });

  describe('delete', () => {
    beforeEach(moveToFreshSpace);

    it('keeps the log with the history; the next save goes on after it as a replacement', async () => {
      const tool = 'kanban';
      await save(tool, 0, [await op({ old: 1 })]);
      await save(tool, 1, [await op({ old: 2 })]);
      await h.caller(bob).content.delete({ space_name: space.name, tool });
      expect((await logRows(tool)).map((row) => row.version)).toEqual([1, 2]);
      await expectTRPCError(changes(tool, 0), 'NOT_FOUND', ERROR.contentNotFound);

      const fresh = [await op({ fresh: 1 })];
      expect(await save(tool, 0, fresh)).toBe(3);
      // A client still at the old version 2 learns it must load the snapshot: the operations
      // of a first save were made on no content.
      expect((await changes(tool, 2)).changes).toEqual([
        expect.objectContaining({ version: 3, kind: 'replacement', operations: null }),
      ]);
    });

    it('leaves the log of other tools alone', async () => {
      await save('kanban', 0, [await op({ keep: 1 })]);
      await save('bulletin', 0, [await op({ drop: 1 })]);
      await h.caller(alice).content.delete({ space_name: space.name, tool: 'bulletin' });
      expect((await logRows('kanban')).map((r) => r.version)).toEqual([1]);
    });
  });

  describe('input checks of operations', () => {
    beforeAll(moveToFreshSpace);

    it.each<[string, () => Promise<unknown>, string]>([
      ['an empty list', () => Promise.resolve([]), COUNT_MESSAGE],
      [
        `${OPERATIONS_PER_SAVE_MAX + 1} envelopes`,
        async () => {
          const one = await op({ n: 1 });
          return Array.from({ length: OPERATIONS_PER_SAVE_MAX + 1 }, () => one);
        },
        COUNT_MESSAGE,
      ],
      ['not a list', () => op({ n: 1 }), COUNT_MESSAGE],
      [
        'a content envelope',
        async () => [await encryptJson({ n: 1 }, space.key)],
        ERROR.invalidOperationEnvelope,
      ],
      [
        'plain JSON',
        () => Promise.resolve([JSON.stringify({ name: 'addCard' })]),
        ERROR.invalidOperationEnvelope,
      ],
      ['a number', () => Promise.resolve([42]), ERROR.invalidOperationEnvelope],
      [
        'an envelope of another version',
        async () => [(await op({ n: 1 })).replace('"op1"', '"op2"')],
        ERROR.invalidOperationEnvelope,
      ],
      [
        `an envelope over ${OPERATION_ENVELOPE_MAX_CHARS} characters`,
        async () => [await op('x'.repeat(OPERATION_ENVELOPE_MAX_CHARS))],
        `an operation envelope is at most ${OPERATION_ENVELOPE_MAX_CHARS} characters`,
      ],
    ])('refuses %s with BAD_REQUEST and stores nothing', async (_label, make, message) => {
      const operations = (await make()) as string[];
      await expectTRPCError(
        h.caller(alice).content.save({
          space_name: space.name,
          tool: 'ticket-system',
          encrypted_data: await encryptJson({ n: 1 }, space.key),
          operations,
        }),
        'BAD_REQUEST',
        message,
      );
      expect(await logRows('ticket-system')).toEqual([]);
      await expectTRPCError(changes('ticket-system', 0), 'NOT_FOUND', ERROR.contentNotFound);
    });

    it(`accepts ${OPERATIONS_PER_SAVE_MAX} envelopes of up to ${OPERATION_ENVELOPE_MAX_CHARS} characters`, async () => {
      const big = await envelopeOfLength(opsKey, OPERATION_ENVELOPE_MAX_CHARS - 1);
      const operations = Array.from({ length: OPERATIONS_PER_SAVE_MAX }, () => big);
      expect(await save('kanban', 0, operations)).toBe(1);
      expect((await changes('kanban', 0)).changes[0]?.operations).toEqual(operations);
    });
  });

  describe('content_update', () => {
    beforeEach(moveToFreshSpace);

    const updates = async (stream: EventStream, count: number) => {
      const data: ContentUpdateData[] = [];
      while (data.length < count) {
        const { message } = await stream.next();
        if (message.type === 'content_update') data.push(message.data);
      }
      return data;
    };

    it('carries small operations inline with the base version; a receiver at v−1 needs nothing else', async () => {
      const stream = await subscribe(bob);
      const operations = [await op({ name: 'addCard' }), await op({ name: 'moveCard' })];
      await save('kanban', 0);
      await save('kanban', 1, operations);
      const [replacement, change] = await updates(stream, 2);
      // A replacement keeps exactly the spec's four fields.
      expect(replacement).toStrictEqual({
        tool: 'kanban',
        content_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
        modified_by: 'alice',
        version: 1,
      });
      expect(change).toStrictEqual({
        tool: 'kanban',
        content_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
        modified_by: 'alice',
        version: 2,
        base_version: 1,
        kind: 'operations',
        operations,
      });
      expect(await decryptOperation(change?.operations?.[1] ?? '', opsKey)).toEqual({
        name: 'moveCard',
      });
    });

    it(`inlines operations totalling ${INLINE_OPERATIONS_MAX_CHARS} characters, not one block more`, async () => {
      const stream = await subscribe(bob);
      const atLimit = await Promise.all(
        [499, 499, 499, 503].map((n) => envelopeOfLength(opsKey, n)),
      );
      const overLimit = [...atLimit.slice(0, 3), await envelopeOfLength(opsKey, 507)];
      expect(atLimit.join('')).toHaveLength(INLINE_OPERATIONS_MAX_CHARS);
      expect(overLimit.join('')).toHaveLength(INLINE_OPERATIONS_MAX_CHARS + 4);
      await save('kanban', 0, atLimit);
      await save('kanban', 1, overLimit);
      const [inline, announced] = await updates(stream, 2);
      expect(inline).toMatchObject({ version: 1, base_version: 0, kind: 'operations' });
      expect(inline?.operations).toEqual(atLimit);
      expect(announced).toStrictEqual({
        tool: 'kanban',
        content_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
        modified_by: 'alice',
        version: 2,
        base_version: 1,
        kind: 'operations',
      });
      // Not inline: the receiver fetches them.
      expect((await changes('kanban', 1)).changes[0]?.operations).toEqual(overLimit);
    });

    it('announces a delete with version 0 and the four spec fields only', async () => {
      await save('kanban', 0, [await op({ n: 1 })]);
      const stream = await subscribe(bob);
      await h.caller(alice).content.delete({ space_name: space.name, tool: 'kanban' });
      expect(await updates(stream, 1)).toStrictEqual([
        { tool: 'kanban', content_hash: null, modified_by: 'alice', version: 0 },
      ]);
    });

    it('has the shape docs/websocket.md shows for a save with operations', async () => {
      const doc = readFileSync(new URL('../../../../docs/websocket.md', import.meta.url), 'utf8');
      // The commented (jsonc) example of a content_update; other jsonc examples show other messages.
      const block =
        [...doc.matchAll(/```jsonc\n([\s\S]*?)^```$/gm)]
          .map((match) => match[1] ?? '')
          .find((text) => text.includes('"type": "content_update"')) ?? '';
      const documented = JSON.parse(block.replace(/^\s*\/\/.*$/gm, '')) as {
        type: string;
        data: Record<string, unknown>;
      };
      const stream = await subscribe(bob);
      await save('kanban', 0, [await op({ n: 1 })]);
      const { message } = await stream.next();
      expect(message.type).toBe(documented.type);
      const shape = (value: Record<string, unknown>) =>
        Object.fromEntries(
          Object.entries(value)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([key, item]) => [key, Array.isArray(item) ? 'array' : typeof item]),
        );
      expect(shape(message.data as unknown as Record<string, unknown>)).toEqual(
        shape(documented.data),
      );
    });
  });

  describe('content.propose', () => {
    beforeEach(moveToFreshSpace);

    const propose = (operations: string[], token: string = alice, clientId = 'tab-a') =>
      h.caller(token).content.propose({
        space_name: space.name,
        tool: 'kanban',
        base_version: 4,
        operations,
        client_id: clientId,
      });

    /** The next message of `stream` that is not presence. */
    const nextMessage = async (stream: EventStream) => (await stream.next()).message;

    it('relays the operations at once to app clients that ask, not to its own tab, storing nothing', async () => {
      const app = await h.subscribe(bob, space.name, 'tab-b', { pending: true });
      open.push(app);
      const own = await h.subscribe(alice, space.name, 'tab-a', { pending: true });
      open.push(own);
      const operations = [await op({ name: 'updateIssue' })];
      expect(await propose(operations)).toEqual({ ok: true });
      const message = await nextMessage(app);
      expect(message).toStrictEqual({
        type: 'content_pending',
        space_name: space.name,
        timestamp: expect.stringMatching(ISO),
        data: { tool: 'kanban', base_version: 4, modified_by: 'alice', operations },
      });
      // Nothing stored: no content, no change.
      await expectTRPCError(changes('kanban', 0), 'NOT_FOUND', ERROR.contentNotFound);
      expect(await logRows('kanban')).toEqual([]);
      // Alice's own tab is not told; the next thing it hears is Bob's save (of another tool).
      await save('bulletin', 0, undefined, bob);
      const next = await nextMessage(own);
      expect(next.type).toBe('content_update');
    });

    it('is not sent to clients that did not ask (the raw WebSocket, third parties)', async () => {
      const plain = await subscribe(bob);
      await propose([await op({ name: 'quiet' })]);
      await save('bulletin', 0);
      const message = await nextMessage(plain);
      expect(message.type).toBe('content_update');
    });

    it(`refuses more than ${INLINE_OPERATIONS_MAX_CHARS} characters of operations, a bad base version and a non-member`, async () => {
      const big = await envelopeOfLength(opsKey, 2003);
      await expectTRPCError(propose([big]), 'BAD_REQUEST', ERROR.proposalTooLarge);
      await expectTRPCError(
        h.caller(alice).content.propose({
          space_name: space.name,
          tool: 'kanban',
          base_version: -1,
          operations: [await op({})],
        }),
        'BAD_REQUEST',
        ERROR.baseVersionInvalid,
      );
      await expectTRPCError(propose([await op({})], stranger), 'FORBIDDEN', ERROR.otherSpace);
    });
  });
});
