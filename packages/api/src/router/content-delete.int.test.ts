/**
 * Deleting a tool's content keeps its history (PGlite and PostgreSQL): any member may delete
 * (spec §6, tools have no roles) because any member can undo it — the kept versions stay in
 * `tool_changes` / `tool_snapshots`, the next save continues their numbering instead of
 * overwriting them, and every earlier version can be read back byte for byte and saved again
 * (what the History panel's Restore does).
 */
import { decryptJson, encryptJson } from '@cipherspace/crypto';
import { toolChanges, toolSnapshots } from '@cipherspace/db';
import type { ToolName } from '@cipherspace/tools/metadata';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ERROR } from '../errors.ts';
import {
  createApiHarness,
  expectTRPCError,
  type ApiHarness,
  type SpaceCredentials,
} from '../testing/harness.ts';

describe('content.delete keeps the history', () => {
  let h: ApiHarness;
  let space: SpaceCredentials;
  let admin: string;
  let member: string;
  let other: string;
  let spaceId: string;

  beforeAll(async () => {
    h = await createApiHarness();
    space = await h.createSpace();
    // The first member of a space is its admin (spec §6); the others are members.
    admin = (await h.join(space, 'admin')).token;
    member = (await h.join(space, 'mallory')).token;
    other = (await h.join(space, 'bob')).token;
    spaceId = await h.spaceId(space.name);
  });
  afterAll(async () => {
    await h.close();
  });

  const input = (tool: ToolName) => ({ space_name: space.name, tool });

  /** Saves `value` on top of `version` as `token`; resolves the new version and its envelope. */
  async function save(token: string, tool: ToolName, version: number, value: unknown) {
    const envelope = await encryptJson(value, space.key);
    const answer = await h.caller(token).content.save({
      ...input(tool),
      encrypted_data: envelope,
      metadata: { version },
    });
    return { version: Number(answer.content_metadata.version), envelope };
  }

  const keptVersions = async (table: typeof toolChanges | typeof toolSnapshots, tool: ToolName) =>
    (
      await h.db.db
        .select({ version: table.version })
        .from(table)
        .where(and(eq(table.spaceId, spaceId), eq(table.tool, tool)))
        .orderBy(asc(table.version))
    ).map((row) => row.version);

  it('lets a member (not an admin) delete, and keeps every kept version in the database', async () => {
    const tool = 'kanban';
    await save(admin, tool, 0, { board: 'v1' });
    await save(other, tool, 1, { board: 'v2' });
    await save(admin, tool, 2, { board: 'v3' });
    const changesBefore = await keptVersions(toolChanges, tool);
    const snapshotsBefore = await keptVersions(toolSnapshots, tool);
    expect(changesBefore).toEqual([1, 2, 3]);

    expect(await h.caller(member).content.delete(input(tool))).toEqual({ deleted: true });

    expect(await h.caller(other).content.find(input(tool))).toBeNull();
    expect(await keptVersions(toolChanges, tool)).toEqual(changesBefore);
    expect(await keptVersions(toolSnapshots, tool)).toEqual(snapshotsBefore);
  });

  it('continues the numbering after a deletion, so the history is not overwritten', async () => {
    const tool = 'bulletin';
    const first = await save(admin, tool, 0, { notes: ['precious'] });
    await save(admin, tool, first.version, { notes: ['precious', 'more'] });
    await h.caller(member).content.delete(input(tool));

    const fresh = await save(other, tool, 0, { notes: [] });
    expect(fresh.version).toBe(3);
    const stored = await h.caller(other).content.get(input(tool));
    expect(stored.content_metadata).toMatchObject({ version: 3, modified_by: 'bob' });

    // Version 1 is still what was saved then, byte for byte.
    const one = await h.caller(other).history.version({ ...input(tool), version: 1 });
    expect(one.base).toEqual({ version: 1, encrypted_data: first.envelope });
  });

  it('lets any member restore a version from before the deletion (History → Restore)', async () => {
    const tool = 'ticket-system';
    const v1 = await save(admin, tool, 0, { issues: ['login bug'] });
    const v2 = await save(admin, tool, v1.version, { issues: ['login bug', 'crash'] });
    await h.caller(member).content.delete(input(tool));
    // Opening the tool again creates its default content (the web app does on a first visit).
    const reopened = await save(other, tool, 0, { issues: [] });

    const page = await h.caller(other).history.list({ ...input(tool), limit: 10 });
    expect(page.current_version).toBe(reopened.version);
    expect(page.versions.map((entry) => entry.version)).toEqual([3, 2, 1]);
    expect(page.oldest_version).toBe(1);

    // The client rebuilds version 2 (here: its snapshot or the snapshot before it and no
    // operations — every save of this test is a replacement) and saves it as a new version.
    const rebuilt = await h.caller(other).history.version({ ...input(tool), version: v2.version });
    expect(rebuilt.base.version).toBe(v2.version);
    expect(await decryptJson(rebuilt.base.encrypted_data, space.key)).toEqual({
      issues: ['login bug', 'crash'],
    });
    const restored = await save(other, tool, reopened.version, {
      issues: ['login bug', 'crash'],
    });
    expect(restored.version).toBe(4);
    const current = await h.caller(admin).content.get(input(tool));
    expect(await decryptJson(current.encrypted_data, space.key)).toEqual({
      issues: ['login bug', 'crash'],
    });
  });

  it('still answers NOT_FOUND for a tool without content, and a stale save after a deletion is a conflict', async () => {
    await expectTRPCError(
      h.caller(member).content.delete(input('randomizer')),
      'NOT_FOUND',
      ERROR.contentNotFound,
    );
    const tool = 'poker';
    const v1 = await save(admin, tool, 0, { round: 1 });
    await h.caller(member).content.delete(input(tool));
    await expectTRPCError(
      save(admin, tool, v1.version, { round: 2 }),
      'CONFLICT',
      ERROR.versionConflict,
    );
  });
});
