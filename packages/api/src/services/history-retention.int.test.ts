/**
 * History retention against a real database (PGlite and PostgreSQL): versions older
 * than the retention period or beyond the newest `maxVersions` go, but the current version never
 * does, and every version that is kept can still be rebuilt — the newest snapshot at or before
 * the oldest kept version stays with every change after it. Runs that overlap (two instances)
 * remove each row once.
 */
import {
  deriveOperationsKey,
  encryptJson,
  encryptOperation,
  type OperationsKey,
} from '@cipherspace/crypto';
import {
  createDb,
  spaces,
  toolChanges,
  toolContents,
  toolSnapshots,
  type Database,
  type DbHandle,
} from '@cipherspace/db';
import { TOOL_NAMES, type ToolName } from '@cipherspace/tools/metadata';
import { and, asc, count, eq, inArray, lte } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { HISTORY_SNAPSHOT_EVERY_VERSIONS } from '../constants.ts';
import { ERROR } from '../errors.ts';
import {
  createApiHarness,
  expectTRPCError,
  type ApiHarness,
  type SpaceCredentials,
} from '../testing/harness.ts';
import {
  HISTORY_RETENTION_BATCH_SIZE,
  pruneToolHistory,
  type HistoryRetention,
} from './history-retention.ts';

const N = HISTORY_SNAPSHOT_EVERY_VERSIONS;
const DAY_MS = 24 * 60 * 60 * 1000;

describe('pruneToolHistory', () => {
  let h: ApiHarness;
  /** A second instance: its own pool on PostgreSQL; the same handle on PGlite. */
  let second: { handle: DbHandle | null; db: Database };
  let space: SpaceCredentials;
  let spaceId: string;
  let token: string;
  let opsKey: OperationsKey;
  let envelope: string;

  beforeAll(async () => {
    h = await createApiHarness();
    if (h.db.url) {
      const handle = await createDb({ databaseUrl: h.db.url, migrate: false, poolSize: 2 });
      second = { handle, db: handle.db };
    } else {
      second = { handle: null, db: h.db.db };
    }
  });
  // Each test in a space of its own, alice its member: no tool has content there yet.
  beforeEach(async () => {
    space = await h.createSpace();
    spaceId = await h.spaceId(space.name);
    token = (await h.join(space, 'alice')).token;
    opsKey = await deriveOperationsKey(space.key, space.name);
    // What the content is does not matter here: one envelope serves every save.
    envelope = await encryptJson({ board: 'retained' }, space.key);
  });
  afterAll(async () => {
    await second.handle?.close();
    await h.close();
  });

  const prune = (rules: HistoryRetention) =>
    pruneToolHistory(h.db.db, { ...rules, now: h.clock.now() });

  /** Saves `count` more versions of `tool` (a replacement at each version in `replacements`). */
  async function saveVersions(
    tool: ToolName,
    count: number,
    replacements: readonly number[] = [],
  ): Promise<void> {
    const [row] = await h.db.db
      .select({ version: toolContents.version })
      .from(toolContents)
      .where(and(eq(toolContents.spaceId, spaceId), eq(toolContents.tool, tool)));
    const start = row?.version ?? 0;
    for (let version = start; version < start + count; version++) {
      const replaced = replacements.includes(version + 1);
      await h.caller(token).content.save({
        space_name: space.name,
        tool,
        encrypted_data: envelope,
        metadata: { version },
        ...(replaced
          ? {}
          : { operations: [await encryptOperation({ step: version + 1 }, opsKey)] }),
      });
    }
  }

  async function versionsOf(table: typeof toolChanges | typeof toolSnapshots, tool: ToolName) {
    const rows = await h.db.db
      .select({ version: table.version })
      .from(table)
      .where(and(eq(table.spaceId, spaceId), eq(table.tool, tool)))
      .orderBy(asc(table.version));
    return rows.map((row) => row.version);
  }

  const range = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => from + i);

  /** Saves of `tool` up to `version` were made `days` days before the clock. */
  async function backdate(tool: ToolName, version: number, days: number): Promise<void> {
    await h.db.db
      .update(toolChanges)
      .set({ createdAt: new Date(h.clock.now().getTime() - days * DAY_MS) })
      .where(
        and(
          eq(toolChanges.spaceId, spaceId),
          eq(toolChanges.tool, tool),
          lte(toolChanges.version, version),
        ),
      );
  }

  /**
   * The history of `tool` is exactly `oldest`…current, every version of it rebuildable — a base
   * snapshot at or before it and the consecutive changes after the base — and nothing before.
   */
  async function expectKept(tool: ToolName, oldest: number, current: number): Promise<void> {
    const caller = h.caller(token);
    const listed = await caller.history.list({ space_name: space.name, tool, limit: 100 });
    expect(listed).toMatchObject({ current_version: current, oldest_version: oldest });
    expect(listed.versions.map((entry) => entry.version)).toEqual(
      range(oldest, current).reverse().slice(0, 100),
    );
    for (let version = oldest; version <= current; version++) {
      const answer = await caller.history.version({ space_name: space.name, tool, version });
      expect(answer.base.version).toBeLessThanOrEqual(version);
      expect(answer.changes.map((change) => change.version)).toEqual(
        range(answer.base.version + 1, version),
      );
    }
    if (oldest > 1) {
      await expectTRPCError(
        caller.history.version({ space_name: space.name, tool, version: oldest - 1 }),
        'NOT_FOUND',
        ERROR.versionNotKept,
      );
    }
  }

  it(`by number: keeps the newest versions and the snapshot that rebuilds the oldest of them`, async () => {
    const tool = 'kanban';
    await saveVersions(tool, 2 * N + 20);
    const current = 2 * N + 20;
    expect(await versionsOf(toolSnapshots, tool)).toEqual([1, N + 1, 2 * N + 1]);

    const run = await prune({ retentionDays: 0, maxVersions: 30 });
    expect(run).toMatchObject({ skipped: false, deletedChanges: N, deletedSnapshots: 1 });
    expect(run.tools).toBeGreaterThanOrEqual(1);
    // The 30 newest are current − 29 …; the snapshot at or before that is N + 1.
    expect(await versionsOf(toolSnapshots, tool)).toEqual([N + 1, 2 * N + 1]);
    expect(await versionsOf(toolChanges, tool)).toEqual(range(N + 1, current));
    await expectKept(tool, N + 1, current);

    // Nothing more to do: a second run removes nothing.
    expect(await prune({ retentionDays: 0, maxVersions: 30 })).toMatchObject({
      deletedChanges: 0,
      deletedSnapshots: 0,
    });

    // Keeping one version keeps the current one, rebuilt from its own snapshot chain.
    await prune({ retentionDays: 0, maxVersions: 1 });
    expect(await versionsOf(toolSnapshots, tool)).toEqual([2 * N + 1]);
    await expectKept(tool, 2 * N + 1, current);
    const content = await h.caller(token).content.get({ space_name: space.name, tool });
    expect(content.content_metadata.version).toBe(current);

    // Catching up by operations still works for clients within the kept range.
    const changes = await h
      .caller(token)
      .content.changes({ space_name: space.name, tool, since: current - 5 });
    expect(changes).toMatchObject({ too_far_behind: false, version: current });
    expect(changes.changes).toHaveLength(5);
    expect(
      await h.caller(token).content.changes({ space_name: space.name, tool, since: 3 }),
    ).toMatchObject({ too_far_behind: true, changes: [] });
  });

  it('by number: a replacement is a snapshot the kept versions can start from', async () => {
    const tool = 'kanban';
    await saveVersions(tool, N + 30, [N + 10]);
    const current = N + 30;
    expect(await versionsOf(toolSnapshots, tool)).toEqual([1, N + 1, N + 10]);
    await prune({ retentionDays: 0, maxVersions: 15 });
    expect(await versionsOf(toolSnapshots, tool)).toEqual([N + 10]);
    await expectKept(tool, N + 10, current);
  });

  it('by age: removes versions saved before the period, not what rebuilds the kept ones', async () => {
    const tool = 'kanban';
    await saveVersions(tool, N + 10);
    const current = N + 10;
    // Versions 1 … N + 5 are 100 days old, the rest 10 days.
    await backdate(tool, current, 10);
    await backdate(tool, N + 5, 100);

    const run = await prune({ retentionDays: 90, maxVersions: 0 });
    expect(run.deletedSnapshots).toBe(1);
    expect(run.deletedChanges).toBe(N);
    // N + 6 is the oldest kept version; the snapshot N + 1 rebuilds it, so N + 1 … stay.
    expect(await versionsOf(toolSnapshots, tool)).toEqual([N + 1]);
    await expectKept(tool, N + 1, current);

    // Everything old: the current version stays, with the snapshot chain that rebuilds it.
    await backdate(tool, current, 365);
    await prune({ retentionDays: 90, maxVersions: 0 });
    await expectKept(tool, N + 1, current);
  });

  it('by age: a period that keeps everything removes nothing', async () => {
    const tool = 'kanban';
    await saveVersions(tool, N + 5);
    await backdate(tool, N + 5, 30);
    await prune({ retentionDays: 90, maxVersions: 0 });
    await expectKept(tool, 1, N + 5);
  });

  it('with both rules, a version goes when either says so', async () => {
    const tool = 'kanban';
    await saveVersions(tool, 2 * N + 10);
    const current = 2 * N + 10;
    const rules = { retentionDays: 90, maxVersions: 60 };
    // By age 1 … 10 go, by number 1 … current − 60: the number decides.
    await backdate(tool, 10, 200);
    await prune(rules);
    expect(current - 59).toBeGreaterThan(11);
    expect(await versionsOf(toolSnapshots, tool)).toEqual([N + 1, 2 * N + 1]);
    await expectKept(tool, N + 1, current);
    // By age 1 … current − 5 go now, by number still 1 … current − 60: the age decides.
    await backdate(tool, current - 5, 200);
    await prune(rules);
    expect(await versionsOf(toolSnapshots, tool)).toEqual([2 * N + 1]);
    await expectKept(tool, 2 * N + 1, current);
  });

  it('with both rules off touches nothing', async () => {
    const before = await h.db.db.select({ n: count() }).from(toolChanges);
    expect(await prune({ retentionDays: 0, maxVersions: 0 })).toEqual({
      tools: 0,
      deletedChanges: 0,
      deletedSnapshots: 0,
      skipped: false,
    });
    expect(await h.db.db.select({ n: count() }).from(toolChanges)).toEqual(before);
  });

  it('refuses rules that are not whole numbers ≥ 0', async () => {
    for (const rules of [
      { retentionDays: -1, maxVersions: 0 },
      { retentionDays: 1.5, maxVersions: 0 },
      { retentionDays: 0, maxVersions: -3 },
      { retentionDays: 0, maxVersions: Number.NaN },
    ]) {
      await expect(prune(rules)).rejects.toThrow(RangeError);
    }
  });

  it('removes each row once when two instances run at the same time, in batches', async () => {
    const tools = 2 * HISTORY_RETENTION_BATCH_SIZE + 17;
    // Every tool of the registry in as many spaces as that takes; nobody logs into them, so
    // they are inserted directly, with a verifier hash that matches nothing.
    const batchSpaces = await h.db.db
      .insert(spaces)
      .values(
        Array.from({ length: Math.ceil(tools / TOOL_NAMES.length) }, (_, i) => ({
          name: `Batch ${i} ${space.name}`,
          verifierHash: 'not a hash',
        })),
      )
      .returning({ id: spaces.id });
    const batchSpaceIds = batchSpaces.map((row) => row.id);
    const stored = batchSpaceIds
      .flatMap((id) => TOOL_NAMES.map((tool) => ({ spaceId: id, tool })))
      .slice(0, tools);
    // Three versions per tool, snapshots at 1 and 3: keeping one version removes 2 changes and
    // 1 snapshot of each.
    await h.db.db.insert(toolContents).values(
      stored.map((content) => ({
        ...content,
        encryptedData: envelope,
        contentMetadata: { version: 3 },
        version: 3,
        snapshotVersion: 3,
      })),
    );
    await h.db.db.insert(toolChanges).values(
      stored.flatMap((content) =>
        [1, 2, 3].map((version) => ({
          ...content,
          version,
          kind: 'replacement' as const,
          modifiedBy: 'bulk',
        })),
      ),
    );
    await h.db.db
      .insert(toolSnapshots)
      .values(
        stored.flatMap((content) =>
          [1, 3].map((version) => ({ ...content, version, encryptedData: envelope })),
        ),
      );
    const total = async () => {
      const [changes] = await h.db.db.select({ n: count() }).from(toolChanges);
      const [snapshots] = await h.db.db.select({ n: count() }).from(toolSnapshots);
      return { changes: changes?.n ?? 0, snapshots: snapshots?.n ?? 0 };
    };
    const before = await total();

    const rules = { retentionDays: 0, maxVersions: 1, now: h.clock.now() };
    const runs = await Promise.all([
      pruneToolHistory(h.db.db, rules),
      pruneToolHistory(second.db, rules),
    ]);

    const after = await total();
    const sum = (key: 'deletedChanges' | 'deletedSnapshots') =>
      runs.reduce((all, run) => all + run[key], 0);
    expect(sum('deletedChanges')).toBe(before.changes - after.changes);
    expect(sum('deletedSnapshots')).toBe(before.snapshots - after.snapshots);
    const left = await h.db.db
      .select({ n: count() })
      .from(toolChanges)
      .where(inArray(toolChanges.spaceId, batchSpaceIds));
    expect(left[0]?.n).toBe(tools);
    const snapshots = await h.db.db
      .select({ version: toolSnapshots.version })
      .from(toolSnapshots)
      .where(inArray(toolSnapshots.spaceId, batchSpaceIds));
    expect(snapshots).toHaveLength(tools);
    expect(new Set(snapshots.map((row) => row.version))).toEqual(new Set([3]));
  });
});
