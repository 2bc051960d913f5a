/**
 * Exactly-once saves against a real database: a save repeated with its save id
 * is answered with the original result — also when the repeats arrive at once — while saves with
 * different ids keep the optimistic 409 (spec §8), and old ids are forgotten after
 * SAVE_ID_RETENTION_MS.
 */
import { encryptJson } from '@cipherspace/crypto';
import { toolChanges, toolContents, toolSaves } from '@cipherspace/db';
import type { ToolName } from '@cipherspace/tools/metadata';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { SAVE_ID_MAX_CHARS, SAVE_ID_RETENTION_MS } from '../constants.ts';
import { ERROR } from '../errors.ts';
import { pruneSaveIds } from '../services/saves.ts';
import {
  createApiHarness,
  expectTRPCError,
  type ApiHarness,
  type SpaceCredentials,
} from '../testing/harness.ts';

const SAVE_ID_MESSAGE =
  'save_id (REST: the Idempotency-Key header) must be 1–128 visible ASCII characters without spaces';

describe('content.save with a save id', () => {
  let h: ApiHarness;
  let space: SpaceCredentials;
  let spaceId: string;
  let alice: string;
  let bob: string;

  beforeAll(async () => {
    h = await createApiHarness();
  });
  // Each test in a space of its own, with alice and bob as members: no tool has content there.
  beforeEach(async () => {
    space = await h.createSpace();
    spaceId = await h.spaceId(space.name);
    alice = (await h.join(space, 'alice')).token;
    bob = (await h.join(space, 'bob')).token;
  });
  afterAll(async () => {
    await h.close();
  });

  // A retry sends the same body: one envelope per space, tool, version and extra metadata.
  const envelopes = new Map<string, Promise<string>>();
  const envelopeOf = (tool: ToolName, version: number, extra: Record<string, unknown>) => {
    const key = JSON.stringify([space.name, tool, version, extra]);
    let envelope = envelopes.get(key);
    if (!envelope) {
      envelope = encryptJson({ tool, version, extra }, space.key);
      envelopes.set(key, envelope);
    }
    return envelope;
  };

  const save = async (
    token: string,
    tool: ToolName,
    version: number,
    saveId?: string,
    extra: Record<string, unknown> = {},
  ) =>
    await h.caller(token).content.save({
      space_name: space.name,
      tool,
      encrypted_data: await envelopeOf(tool, version, extra),
      metadata: { version, ...extra },
      ...(saveId === undefined ? {} : { save_id: saveId }),
    });

  const stored = async (tool: ToolName) => {
    const where = (table: typeof toolContents | typeof toolChanges) =>
      and(eq(table.spaceId, spaceId), eq(table.tool, tool));
    const [content] = await h.db.db.select().from(toolContents).where(where(toolContents));
    const [changes] = await h.db.db
      .select({ n: count() })
      .from(toolChanges)
      .where(where(toolChanges));
    return { version: content?.version, changes: changes?.n };
  };

  it('answers a repeated id with the original result; the version advanced by one', async () => {
    const first = await save(alice, 'kanban', 0, 'create-1');
    const original = await save(alice, 'kanban', 1, 'save-2', { title: 'Sprint' });
    expect(original.content_metadata).toMatchObject({ version: 2, title: 'Sprint' });

    h.clock.advance(5_000);
    const repeated = await save(alice, 'kanban', 1, 'save-2', { title: 'Sprint' });
    expect(repeated).toEqual(original);
    expect(await save(alice, 'kanban', 0, 'create-1')).toEqual(first);
    expect(await stored('kanban')).toEqual({ version: 2, changes: 2 });
  });

  it('still answers the original after someone else saved on top of it', async () => {
    const original = await save(alice, 'poker', 0, 'poker-a');
    await save(bob, 'poker', 1, 'poker-b');
    expect(await save(alice, 'poker', 0, 'poker-a')).toEqual(original);
    expect(await stored('poker')).toEqual({ version: 2, changes: 2 });
  });

  it('keeps the 409 for different ids and for saves without one', async () => {
    await save(alice, 'kanban', 0, 'kanban-1');
    await save(alice, 'kanban', 1, 'kanban-2');
    await expectTRPCError(save(bob, 'kanban', 1, 'kanban-3'), 'CONFLICT', ERROR.versionConflict);
    await expectTRPCError(save(bob, 'kanban', 1), 'CONFLICT', ERROR.versionConflict);
    // A refused save remembers nothing: its id, sent again on the latest version, saves.
    const rebased = await save(bob, 'kanban', 2, 'kanban-3');
    expect(rebased.content_metadata).toMatchObject({ version: 3, modified_by: 'bob' });
    expect(await stored('kanban')).toEqual({ version: 3, changes: 3 });
  });

  it('remembers ids per tool: the same id on another tool is another save', async () => {
    await save(alice, 'kanban', 0, 'shared-id');
    const other = await save(alice, 'poker', 0, 'shared-id');
    expect(other).toMatchObject({ tool: 'poker', content_metadata: { version: 1 } });
  });

  it('announces a save once, not again when it is repeated', async () => {
    const stream = await h.subscribe(bob, space.name);
    try {
      await save(alice, 'kanban', 0, 'announce-1');
      await save(alice, 'kanban', 0, 'announce-1');
      await save(alice, 'kanban', 1, 'announce-2');
      const versions: unknown[] = [];
      for (let i = 0; i < 2; i += 1) {
        const { message } = await stream.next();
        if (message.type === 'content_update') versions.push(message.data.version);
      }
      expect(versions).toEqual([1, 2]);
    } finally {
      stream.close();
    }
  });

  it('stores one version for 100 concurrent attempts of one save id', async () => {
    const encrypted_data = await encryptJson({ busy: true }, space.key);
    const attempts = async (version: number, saveId: string) =>
      await Promise.all(
        Array.from({ length: 100 }, () =>
          h.caller(alice).content.save({
            space_name: space.name,
            tool: 'kanban',
            encrypted_data,
            metadata: { version },
            save_id: saveId,
          }),
        ),
      );
    // The first save (an insert) and a later one (a versioned update).
    for (const [version, saveId] of [
      [0, 'busy-1'],
      [1, 'busy-2'],
    ] as const) {
      const results = await attempts(version, saveId);
      expect(new Set(results.map((result) => JSON.stringify(result))).size).toBe(1);
      expect(results[0]?.content_metadata.version).toBe(version + 1);
      expect(await stored('kanban')).toEqual({ version: version + 1, changes: version + 1 });
    }
  });

  it('refuses a malformed save id with BAD_REQUEST and stores nothing', async () => {
    for (const bad of ['', 'with space', 'x'.repeat(SAVE_ID_MAX_CHARS + 1), 'ü']) {
      await expectTRPCError(save(alice, 'kanban', 0, bad), 'BAD_REQUEST', SAVE_ID_MESSAGE);
    }
    expect(await stored('kanban')).toEqual({ version: undefined, changes: 0 });
    expect((await save(alice, 'kanban', 0, 'x'.repeat(SAVE_ID_MAX_CHARS))).tool).toBe('kanban');
  });

  it('forgets ids after SAVE_ID_RETENTION_MS, then a retry is an ordinary save', async () => {
    await save(alice, 'kanban', 0, 'old-1');
    const ids = async () =>
      (
        await h.db.db
          .select({ saveId: toolSaves.saveId })
          .from(toolSaves)
          .where(and(eq(toolSaves.spaceId, spaceId), eq(toolSaves.tool, 'kanban')))
      ).map((row) => row.saveId);
    expect(await pruneSaveIds(h.db.db, new Date(Date.now() + SAVE_ID_RETENTION_MS - 60_000))).toBe(
      0,
    );
    expect(await ids()).toEqual(['old-1']);
    const later = new Date(h.clock.now().getTime() + SAVE_ID_RETENTION_MS + 1);
    expect(await pruneSaveIds(h.db.db, later)).toBeGreaterThanOrEqual(1);
    expect(await ids()).toEqual([]);
    await expectTRPCError(save(alice, 'kanban', 0, 'old-1'), 'CONFLICT', ERROR.versionConflict);
  });

  it('keeps ids when the content is deleted: a late retry does not recreate it', async () => {
    const original = await save(alice, 'kanban', 0, 'gone-1');
    await h.caller(alice).content.delete({ space_name: space.name, tool: 'kanban' });
    expect(await save(alice, 'kanban', 0, 'gone-1')).toEqual(original);
    // No content again; the one change is version 1's, kept in the history by the delete.
    expect(await stored('kanban')).toEqual({ version: undefined, changes: 1 });
  });

  describe('a save id is bound to its member and its body', () => {
    it("another member's equal id is another save: never the first member's answer", async () => {
      const bobs = await save(bob, 'kanban', 0, 'K');
      expect(bobs.content_metadata).toMatchObject({ version: 1, modified_by: 'bob' });
      // Alice sends K with her own body on the same base: an ordinary save, which meets the
      // optimistic 409 — not Bob's 200 with her data dropped.
      await expectTRPCError(
        save(alice, 'kanban', 0, 'K', { mine: 'alice' }),
        'CONFLICT',
        ERROR.versionConflict,
      );
      // On the latest version her save with K is stored as hers.
      const alices = await save(alice, 'kanban', 1, 'K', { mine: 'alice' });
      expect(alices.content_metadata).toMatchObject({
        version: 2,
        modified_by: 'alice',
        mine: 'alice',
      });
      expect(await stored('kanban')).toEqual({ version: 2, changes: 2 });
      // Each member's retry still gets their own original answer.
      expect(await save(bob, 'kanban', 0, 'K')).toEqual(bobs);
      expect(await save(alice, 'kanban', 1, 'K', { mine: 'alice' })).toEqual(alices);
    });

    it('refuses the same id with another body with UNPROCESSABLE_CONTENT, storing nothing', async () => {
      const original = await save(alice, 'kanban', 0, 'R');
      // Another envelope on the same base, other metadata, and operations: each is another body.
      await expectTRPCError(
        h.caller(alice).content.save({
          space_name: space.name,
          tool: 'kanban',
          encrypted_data: await encryptJson({ other: true }, space.key),
          metadata: { version: 0 },
          save_id: 'R',
        }),
        'UNPROCESSABLE_CONTENT',
        ERROR.saveIdReused,
      );
      await expectTRPCError(
        save(alice, 'kanban', 0, 'R', { title: 'changed' }),
        'UNPROCESSABLE_CONTENT',
        ERROR.saveIdReused,
      );
      // A new body on the latest version with the old id: refused too, not answered 200.
      await expectTRPCError(
        save(alice, 'kanban', 1, 'R'),
        'UNPROCESSABLE_CONTENT',
        ERROR.saveIdReused,
      );
      expect(await stored('kanban')).toEqual({ version: 1, changes: 1 });
      // The same body in another key order is the same save.
      const same = await h.caller(alice).content.save({
        save_id: 'R',
        metadata: { version: 0 },
        encrypted_data: await envelopeOf('kanban', 0, {}),
        tool: 'kanban',
        space_name: space.name,
      });
      expect(same).toEqual(original);
      // A new id saves the new body.
      expect((await save(alice, 'kanban', 1, 'R2')).content_metadata).toMatchObject({
        version: 2,
      });
    });
  });
});
