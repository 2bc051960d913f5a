/**
 * The history of tool content against a real database (PGlite and PostgreSQL): saves
 * keep snapshots when they should (first save, replacement, every HISTORY_SNAPSHOT_EVERY_VERSIONS
 * versions), `history.list` pages through the kept versions, and `history.version` answers what
 * rebuilds any of them. The tests rebuild versions as a client would — real `@cipherspace/crypto`
 * envelopes, a counter "tool" whose operations add to it — and check that the snapshot handed out
 * is byte for byte what was saved at its version. The server never sees any of it in plaintext.
 */
import {
  decryptJson,
  decryptOperation,
  deriveOperationsKey,
  encryptJson,
  encryptOperation,
  type OperationsKey,
} from '@cipherspace/crypto';
import { toolChanges, toolContents, toolSnapshots } from '@cipherspace/db';
import type { ToolName } from '@cipherspace/tools/metadata';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import {
  HISTORY_PAGE_DEFAULT_VERSIONS,
  HISTORY_PAGE_MAX_VERSIONS,
  HISTORY_SNAPSHOT_EVERY_VERSIONS,
} from '../constants.ts';
import { ERROR } from '../errors.ts';
import { rowsOf } from '../services/job-lock.ts';
import {
  createApiHarness,
  expectTRPCError,
  type ApiHarness,
  type SpaceCredentials,
} from '../testing/harness.ts';

const N = HISTORY_SNAPSHOT_EVERY_VERSIONS;

/** The content of the test's counter "tool". */
interface Counter {
  tool: string;
  total: number;
  /** Secret words: what must never reach the database in plaintext. */
  note: string;
}
/** Its one operation: add `add` to the total and append `word` to the note. */
interface AddOperation {
  add: number;
  word: string;
}

const apply = (counter: Counter, operation: AddOperation): Counter => ({
  ...counter,
  total: counter.total + operation.add,
  note: `${counter.note} ${operation.word}`,
});

describe('content history', () => {
  let h: ApiHarness;
  let space: SpaceCredentials;
  let other: SpaceCredentials;
  let alice: string;
  let bob: string;
  let stranger: string;
  let opsKey: OperationsKey;
  let spaceId: string;

  beforeAll(async () => {
    h = await createApiHarness();
    other = await h.createSpace();
    stranger = (await h.join(other, 'stranger')).token;
  });
  afterAll(async () => {
    await h.close();
  });

  /**
   * Moves the tests that follow to a new space with alice and bob as its members: no tool has
   * content or history there yet.
   */
  async function moveToFreshSpace(): Promise<void> {
    space = await h.createSpace();
    alice = (await h.join(space, 'alice')).token;
    bob = (await h.join(space, 'bob')).token;
    opsKey = await deriveOperationsKey(space.key, space.name);
    spaceId = await h.spaceId(space.name);
  }

  /** A tool saved step by step, remembering what each version was (plaintext and envelope). */
  class Tracked {
    readonly saved = new Map<number, { counter: Counter; envelope: string }>();
    version = 0;
    private counter: Counter;

    constructor(readonly tool: ToolName) {
      this.counter = { tool, total: 0, note: 'start' };
    }

    /** Saves one version made of `operations` (one `{add, word}` each), as `token`. */
    async operations(adds: AddOperation[], token: string = alice): Promise<void> {
      let next = this.counter;
      for (const operation of adds) next = apply(next, operation);
      const operations = await Promise.all(adds.map((add) => encryptOperation(add, opsKey)));
      await this.store(next, token, operations);
    }

    /** Saves a whole new content without operations (a third-party PUT). */
    async replace(total: number, token: string = alice): Promise<void> {
      await this.store({ tool: this.tool, total, note: `replaced ${total}` }, token);
    }

    /** `count` versions of one operation each. */
    async steps(count: number): Promise<void> {
      for (let i = 0; i < count; i++) {
        await this.operations([{ add: this.version + 1, word: `w${this.version + 1}` }]);
      }
    }

    private async store(next: Counter, token: string, operations?: string[]): Promise<void> {
      const envelope = await encryptJson(next, space.key);
      const answer = await h.caller(token).content.save({
        space_name: space.name,
        tool: this.tool,
        encrypted_data: envelope,
        metadata: { version: this.version },
        ...(operations ? { operations } : {}),
      });
      this.version = Number(answer.content_metadata.version);
      this.counter = next;
      this.saved.set(this.version, { counter: next, envelope });
    }
  }

  const list = (
    tool: ToolName,
    page: { before?: number; limit?: number } = {},
    token: string = bob,
  ) => h.caller(token).history.list({ space_name: space.name, tool, ...page });

  const version = (tool: ToolName, v: number, token: string = bob) =>
    h.caller(token).history.version({ space_name: space.name, tool, version: v });

  /** The row of `tool` at `version` in the change log or the snapshots. */
  const atVersion = (table: typeof toolChanges | typeof toolSnapshots, tool: ToolName, v: number) =>
    and(eq(table.spaceId, spaceId), eq(table.tool, tool), eq(table.version, v));

  async function snapshotVersions(tool: ToolName): Promise<number[]> {
    const rows = await h.db.db
      .select({ version: toolSnapshots.version })
      .from(toolSnapshots)
      .where(and(eq(toolSnapshots.spaceId, spaceId), eq(toolSnapshots.tool, tool)))
      .orderBy(asc(toolSnapshots.version));
    return rows.map((row) => row.version);
  }

  /**
   * Asks for version `v` of `tracked` and rebuilds it as a client does: the base snapshot
   * (byte-identical to what was saved at its version) plus the operations of exactly the
   * versions after it, in order, give the content saved at `v`.
   */
  async function expectRebuilds(tracked: Tracked, v: number): Promise<void> {
    const answer = await version(tracked.tool, v);
    expect(answer.version).toBe(v);
    expect(answer.base.version).toBeLessThanOrEqual(v);
    expect(answer.base.encrypted_data).toBe(tracked.saved.get(answer.base.version)?.envelope);
    expect(answer.changes.map((change) => change.version)).toEqual(
      Array.from({ length: v - answer.base.version }, (_, i) => answer.base.version + 1 + i),
    );
    let counter = await decryptJson<Counter>(answer.base.encrypted_data, space.key);
    for (const change of answer.changes) {
      expect(change.kind).toBe('operations');
      expect(change.modified_at).toBeInstanceOf(Date);
      for (const envelope of change.operations ?? []) {
        counter = apply(counter, await decryptOperation<AddOperation>(envelope, opsKey));
      }
    }
    expect(counter).toEqual(tracked.saved.get(v)?.counter);
  }

  describe('snapshots', () => {
    beforeEach(moveToFreshSpace);

    it(`are kept on the first save and then every ${N} versions`, async () => {
      const tracked = new Tracked('kanban');
      await tracked.steps(2 * N + 3);
      expect(await snapshotVersions('kanban')).toEqual([1, 1 + N, 1 + 2 * N]);
      const [row] = await h.db.db
        .select()
        .from(toolSnapshots)
        .where(atVersion(toolSnapshots, 'kanban', 1 + N));
      // Byte for byte what the save sent.
      expect(row?.encryptedData).toBe(tracked.saved.get(1 + N)?.envelope);
    });

    it(`are kept on every replacement, and the next one ${N} versions after it`, async () => {
      const tracked = new Tracked('kanban');
      await tracked.steps(10);
      await tracked.replace(500);
      await tracked.steps(3);
      await tracked.replace(600);
      await tracked.steps(N);
      // v1 first, v11 and v15 replacements, then N versions after v15.
      expect(await snapshotVersions('kanban')).toEqual([1, 11, 15, 15 + N]);
    });

    it('start with the next save of content saved before the history existed', async () => {
      await h.db.db.insert(toolContents).values({
        spaceId,
        tool: 'kanban',
        encryptedData: await encryptJson({ tool: 'kanban', total: 7, note: 'old' }, space.key),
        contentMetadata: { version: 7 },
        version: 7,
        snapshotVersion: 7,
      });
      const tracked = new Tracked('kanban');
      tracked.version = 7;
      await tracked.steps(2);
      expect(await snapshotVersions('kanban')).toEqual([8]);
      await expectTRPCError(version('kanban', 7), 'NOT_FOUND', ERROR.versionNotKept);
      expect(await list('kanban')).toMatchObject({ current_version: 9, oldest_version: 8 });
    });

    it('are not written by a refused save (409)', async () => {
      const tracked = new Tracked('kanban');
      await tracked.steps(1);
      await expectTRPCError(
        h.caller(bob).content.save({
          space_name: space.name,
          tool: 'kanban',
          encrypted_data: await encryptJson({ lost: true }, space.key),
          metadata: { version: 0 },
        }),
        'CONFLICT',
        ERROR.versionConflict,
      );
      expect(await snapshotVersions('kanban')).toEqual([1]);
    });

    it('outlive a deletion of the content: the next save goes on after them', async () => {
      const gone = new Tracked('kanban');
      await gone.steps(3);
      await gone.replace(9);
      const kept = new Tracked('bulletin');
      await kept.steps(2);
      await h.caller(bob).content.delete({ space_name: space.name, tool: 'kanban' });
      expect(await snapshotVersions('kanban')).toEqual([1, 4]);
      expect(await snapshotVersions('bulletin')).toEqual([1]);
      await expectTRPCError(list('kanban'), 'NOT_FOUND', ERROR.contentNotFound);

      const again = new Tracked('kanban');
      for (const [v, saved] of gone.saved) again.saved.set(v, saved);
      await again.steps(2);
      expect(again.version).toBe(6);
      expect(await snapshotVersions('kanban')).toEqual([1, 4, 5]);
      await expectRebuilds(again, 1);
      await expectRebuilds(again, 3);
      await expectRebuilds(again, 6);
    });

    it('go with the space (cascade)', async () => {
      const doomed = await h.createSpace();
      const owner = (await h.join(doomed, 'owner')).token;
      const doomedId = await h.spaceId(doomed.name);
      await h.caller(owner).content.save({
        space_name: doomed.name,
        tool: 'kanban',
        encrypted_data: await encryptJson({ n: 1 }, doomed.key),
      });
      const count = async () =>
        (
          await h.db.db
            .select({ version: toolSnapshots.version })
            .from(toolSnapshots)
            .where(eq(toolSnapshots.spaceId, doomedId))
        ).length;
      expect(await count()).toBe(1);
      await h.caller(owner).spaces.delete({ space_name: doomed.name });
      expect(await count()).toBe(0);
    });
  });

  describe('history.list', () => {
    const tool = 'kanban';
    let tracked: Tracked;

    beforeAll(async () => {
      await moveToFreshSpace();
      tracked = new Tracked(tool);
      await tracked.operations([
        { add: 1, word: 'one' },
        { add: 2, word: 'two' },
      ]);
      await tracked.steps(N + 10);
      await tracked.replace(42, bob);
      await tracked.steps(40);
    });

    it('answers the kept versions newest first, with kind, author, time and size', async () => {
      const current = tracked.version;
      expect(current).toBe(N + 52);
      const page = await list(tool, { limit: 3 });
      expect(page.current_version).toBe(current);
      expect(page.oldest_version).toBe(1);
      expect(page.versions.map((entry) => entry.version)).toEqual([
        current,
        current - 1,
        current - 2,
      ]);
      for (const entry of page.versions) {
        expect(entry).toEqual({
          version: expect.any(Number),
          kind: 'operations',
          modified_by: 'alice',
          modified_at: expect.any(Date),
          size_bytes: expect.any(Number),
        });
      }
      const replacement = (await list(tool, { before: N + 13, limit: 1 })).versions[0];
      expect(replacement).toMatchObject({
        version: N + 12,
        kind: 'replacement',
        modified_by: 'bob',
        size_bytes: tracked.saved.get(N + 12)?.envelope.length,
      });
    });

    it('sizes a version by its operations, plus its snapshot when one is kept there', async () => {
      const rows = await h.db.db
        .select({ version: toolChanges.version, operations: toolChanges.operations })
        .from(toolChanges)
        .where(and(eq(toolChanges.spaceId, spaceId), eq(toolChanges.tool, tool)));
      const operationBytes = new Map(
        rows.map((row) => [row.version, (row.operations ?? []).join('').length]),
      );
      const snapshots = new Set(await snapshotVersions(tool));
      const newest = await list(tool, { limit: HISTORY_PAGE_MAX_VERSIONS });
      expect(newest.versions).toHaveLength(HISTORY_PAGE_MAX_VERSIONS);
      const rest = await list(tool, { before: newest.versions.at(-1)?.version ?? 0 });
      const all = [...newest.versions, ...rest.versions];
      expect(all).toHaveLength(tracked.version);
      for (const entry of all) {
        const snapshot = snapshots.has(entry.version)
          ? (tracked.saved.get(entry.version)?.envelope.length ?? 0)
          : 0;
        expect(entry.size_bytes, `version ${entry.version}`).toBe(
          (operationBytes.get(entry.version) ?? 0) + snapshot,
        );
      }
      // Version 1: two operations and the first snapshot.
      expect(all.at(-1)?.size_bytes).toBeGreaterThan(
        (tracked.saved.get(1)?.envelope.length ?? 0) + 2 * 100,
      );
    });

    it(`pages with before and limit (default ${HISTORY_PAGE_DEFAULT_VERSIONS}), every version once`, async () => {
      const first = await list(tool);
      expect(first.versions).toHaveLength(HISTORY_PAGE_DEFAULT_VERSIONS);
      const seen: number[] = [];
      let before: number | undefined = undefined;
      for (;;) {
        const page = await list(tool, { limit: 25, ...(before === undefined ? {} : { before }) });
        if (page.versions.length === 0) break;
        seen.push(...page.versions.map((entry) => entry.version));
        before = page.versions.at(-1)?.version;
      }
      expect(seen).toEqual(Array.from({ length: tracked.version }, (_, i) => tracked.version - i));
      expect((await list(tool, { before: 1 })).versions).toEqual([]);
      // A `before` past the current version starts at the current version.
      expect((await list(tool, { before: 10_000, limit: 1 })).versions[0]?.version).toBe(
        tracked.version,
      );
    });

    it('refuses a malformed before or limit with BAD_REQUEST', async () => {
      for (const before of [0, -1, 1.5, '3']) {
        await expectTRPCError(
          list(tool, { before: before as number }),
          'BAD_REQUEST',
          ERROR.historyBeforeInvalid,
        );
      }
      for (const limit of [0, HISTORY_PAGE_MAX_VERSIONS + 1, 2.5, '10']) {
        await expectTRPCError(
          list(tool, { limit: limit as number }),
          'BAD_REQUEST',
          ERROR.historyLimitInvalid,
        );
      }
      expect(ERROR.historyLimitInvalid).toContain(`to ${HISTORY_PAGE_MAX_VERSIONS}`);
    });

    it("answers NOT_FOUND 'No content for this tool yet' for a tool without content", async () => {
      await expectTRPCError(list('poker'), 'NOT_FOUND', ERROR.contentNotFound);
    });
  });

  describe('history.version', () => {
    const tool = 'kanban';
    let tracked: Tracked;

    beforeAll(async () => {
      await moveToFreshSpace();
      tracked = new Tracked(tool);
      await tracked.steps(N + 5);
      await tracked.operations([
        { add: 100, word: 'many' },
        { add: -3, word: 'operations' },
        { add: 7, word: 'at once' },
      ]);
      await tracked.replace(1000);
      await tracked.steps(N + 2);
    });

    it('rebuilds every kept version from its base snapshot and the changes after it', async () => {
      expect(await snapshotVersions(tool)).toEqual([1, 1 + N, N + 7, 2 * N + 7]);
      for (let v = 1; v <= tracked.version; v++) await expectRebuilds(tracked, v);
    });

    it('hands out the newest snapshot at or before the version, and at most N − 1 changes', async () => {
      const answer = await version(tool, N);
      expect(answer.base.version).toBe(1);
      expect(answer.changes).toHaveLength(N - 1);
      expect(answer.changes[0]).toEqual({
        version: 2,
        kind: 'operations',
        operations: [expect.any(String)],
        modified_by: 'alice',
        modified_at: expect.any(Date),
      });
      expect((await version(tool, N + 6)).base.version).toBe(N + 1);
      expect((await version(tool, N + 7)).changes).toEqual([]);
      expect((await version(tool, 2 * N + 6)).changes).toHaveLength(N - 1);
    });

    it('starts from a snapshot at or before `from`, so the changes cover every version after it', async () => {
      const caller = h.caller(bob);
      const page = await caller.history.version({
        space_name: space.name,
        tool,
        version: N + 6,
        from: N - 10,
      });
      expect(page.base.version).toBe(1);
      expect(page.changes.map((change) => change.version)).toEqual(
        Array.from({ length: N + 5 }, (_, i) => i + 2),
      );
      // Without `from` the same version starts at its own newest snapshot.
      expect((await version(tool, N + 6)).base.version).toBe(N + 1);
      // The current version with an earlier `from`: rebuilt from a snapshot, not the content row.
      const current = await caller.history.version({
        space_name: space.name,
        tool,
        version: tracked.version,
        from: tracked.version - 1,
      });
      expect(current.base.version).toBeLessThan(tracked.version);
      expect(current.changes[current.changes.length - 1]?.version).toBe(tracked.version);
      // A `from` beyond the version changes nothing; a malformed one is refused.
      expect(
        await caller.history.version({ space_name: space.name, tool, version: N, from: N + 3 }),
      ).toEqual(await version(tool, N));
      for (const from of [0, 1.5, '2']) {
        await expectTRPCError(
          caller.history.version({
            space_name: space.name,
            tool,
            version: N,
            from: from as number,
          }),
          'BAD_REQUEST',
          ERROR.historyFromInvalid,
        );
      }
    });

    it('answers the current version with the content itself and no changes', async () => {
      const current = await h.caller(bob).content.get({ space_name: space.name, tool });
      const answer = await version(tool, tracked.version);
      expect(answer).toEqual({
        version: tracked.version,
        base: { version: tracked.version, encrypted_data: current.encrypted_data },
        changes: [],
      });
    });

    it('refuses a version newer than the current one with BAD_REQUEST', async () => {
      await expectTRPCError(version(tool, tracked.version + 1), 'BAD_REQUEST', ERROR.versionAhead);
    });

    it('refuses a version below 1 as out of range, with BAD_REQUEST', async () => {
      for (const v of [0, -1]) {
        await expectTRPCError(version(tool, v), 'BAD_REQUEST', ERROR.versionBeforeFirst);
      }
    });

    it('refuses a version that is not a whole number with BAD_REQUEST', async () => {
      for (const v of [1.5, Number.NaN, '3', null]) {
        await expectTRPCError(
          version(tool, v as number),
          'BAD_REQUEST',
          ERROR.historyVersionInvalid,
        );
      }
    });

    it('answers NOT_FOUND for a version no longer kept and for a tool without content', async () => {
      // Pruned by hand: the first snapshot (versions 1 … N have no base any more).
      await h.db.db.delete(toolSnapshots).where(atVersion(toolSnapshots, tool, 1));
      await expectTRPCError(version(tool, 5), 'NOT_FOUND', ERROR.versionNotKept);
      expect((await list(tool)).oldest_version).toBe(1 + N);
      await expectRebuilds(tracked, 1 + N);
      // A change missing inside the range: not rebuildable either.
      await h.db.db.delete(toolChanges).where(atVersion(toolChanges, tool, N + 3));
      await expectTRPCError(version(tool, N + 4), 'NOT_FOUND', ERROR.versionNotKept);
      await expectTRPCError(version('poker', 1), 'NOT_FOUND', ERROR.contentNotFound);
    });
  });

  it('is for members: no token → UNAUTHORIZED, another space → FORBIDDEN', async () => {
    await moveToFreshSpace();
    const tracked = new Tracked('kanban');
    await tracked.steps(1);
    for (const call of [
      (caller: ReturnType<ApiHarness['caller']>) =>
        caller.history.list({ space_name: space.name, tool: 'kanban' }),
      (caller: ReturnType<ApiHarness['caller']>) =>
        caller.history.version({ space_name: space.name, tool: 'kanban', version: 1 }),
    ]) {
      await expectTRPCError(call(h.caller()), 'UNAUTHORIZED', ERROR.authRequired);
      await expectTRPCError(call(h.caller('forged-token')), 'UNAUTHORIZED', ERROR.sessionInvalid);
      await expectTRPCError(call(h.caller(stranger)), 'FORBIDDEN', ERROR.otherSpace);
      expect(await call(h.caller(alice))).toBeDefined();
    }
    // The stranger's own space has no such tool: nothing of this space leaks there.
    await expectTRPCError(
      h.caller(stranger).history.list({ space_name: other.name, tool: 'kanban' }),
      'NOT_FOUND',
      ERROR.contentNotFound,
    );
  });

  it('keeps only ciphertext: a dump of the history holds no content or operation in plaintext', async () => {
    const secrets = ['Quarterly layoffs list', 'Password is hunter2', 'Ünïcödé geheim 🚀'];
    await moveToFreshSpace();
    const tracked = new Tracked('kanban');
    for (const [i, secret] of secrets.entries()) {
      await tracked.operations([{ add: i, word: secret }]);
    }
    await tracked.replace(31337);
    await tracked.steps(N);
    const dump = JSON.stringify([
      rowsOf(await h.db.db.execute(sql`select * from tool_snapshots`)),
      rowsOf(await h.db.db.execute(sql`select row_to_json(s)::text as row from tool_snapshots s`)),
      rowsOf(await h.db.db.execute(sql`select * from tool_changes`)),
      rowsOf(await h.db.db.execute(sql`select row_to_json(c)::text as row from tool_changes c`)),
    ]);
    expect(dump).toContain(tracked.saved.get(1)?.envelope.slice(30, 60));
    for (const secret of [...secrets, 'hunter2', 'geheim', 'replaced 31337', 'start', '"total"']) {
      expect(dump).not.toContain(secret);
      expect(dump).not.toContain(JSON.stringify(secret).slice(1, -1));
    }
  });
});
