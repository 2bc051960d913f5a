/**
 * Saves of operations only and snapshot uploads against a real database (spec §4 Tool content,
 * §7): a save may carry its encrypted operations without the whole content, which leaves the
 * stored envelope at an older version; `get` says which version the envelope holds and which is
 * current; a member uploads the snapshot of a newer version later; a spec-only client's
 * replacement made from the stored envelope is accepted after the current version and names the
 * version it was made from, so members can apply the operations in between again — never a
 * 409 loop, never an operation dropped from the log. Real crypto envelopes; the server never
 * decrypts them.
 */
import {
  decryptJson,
  deriveOperationsKey,
  encryptJson,
  encryptOperation,
} from '@cipherspace/crypto';
import { toolChanges, toolSnapshots } from '@cipherspace/db';
import type { ToolName } from '@cipherspace/tools/metadata';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { HISTORY_SNAPSHOT_EVERY_VERSIONS } from '../constants.ts';
import { ERROR } from '../errors.ts';
import type { ContentUpdateData } from '../events.ts';
import { pruneToolHistory } from '../services/history-retention.ts';
import {
  createApiHarness,
  expectTRPCError,
  type ApiHarness,
  type EventStream,
  type SpaceCredentials,
} from '../testing/harness.ts';

const tool: ToolName = 'kanban';

describe('saves of operations only, and snapshot uploads', () => {
  let h: ApiHarness;
  let space: SpaceCredentials;
  let alice: string;
  let bob: string;
  const open: EventStream[] = [];

  beforeAll(async () => {
    h = await createApiHarness();
  });
  beforeEach(async () => {
    space = await h.createSpace();
    alice = (await h.join(space, 'alice')).token;
    bob = (await h.join(space, 'bob')).token;
  });
  afterEach(() => {
    for (const stream of open.splice(0)) stream.close();
  });
  afterAll(async () => {
    await h.close();
  });

  const content = (version: number) => encryptJson({ board: `as of ${version}` }, space.key);
  const operation = async (n: number) =>
    encryptOperation({ name: 'edit', n }, await deriveOperationsKey(space.key, space.name));

  /** Saves on `base`: with the content when `withContent`, with one operation unless replacing. */
  async function save(
    base: number,
    options: { withContent?: boolean; replacement?: boolean; token?: string } = {},
  ): Promise<number> {
    const { withContent = true, replacement = false, token = alice } = options;
    const saved = await h.caller(token).content.save({
      space_name: space.name,
      tool,
      ...(withContent ? { encrypted_data: await content(base + 1) } : {}),
      metadata: { version: base },
      ...(replacement ? {} : { operations: [await operation(base + 1)] }),
    });
    return Number(saved.content_metadata.version);
  }

  const saveOperations = (base: number, token = alice) => save(base, { withContent: false, token });
  const get = () => h.caller(bob).content.get({ space_name: space.name, tool });
  const changes = (since: number) =>
    h.caller(bob).content.changes({ space_name: space.name, tool, since });
  const upload = async (version: number, token = bob) =>
    h.caller(token).content.snapshot({
      space_name: space.name,
      tool,
      version,
      encrypted_data: await content(version),
    });
  const board = async (record: { encrypted_data: string }) =>
    (await decryptJson<{ board: string }>(record.encrypted_data, space.key)).board;

  async function logRows() {
    return h.db.db
      .select()
      .from(toolChanges)
      .where(and(eq(toolChanges.spaceId, await h.spaceId(space.name)), eq(toolChanges.tool, tool)))
      .orderBy(asc(toolChanges.version));
  }

  it('a save of operations only makes a version; the envelope stays at the version it holds', async () => {
    expect(await save(0)).toBe(1);
    expect(await saveOperations(1)).toBe(2);
    expect(await saveOperations(2, bob)).toBe(3);

    const record = await get();
    expect(record.content_metadata).toMatchObject({ version: 1, modified_by: 'bob' });
    expect(record.current_version).toBe(3);
    expect(await board(record)).toBe('as of 1');
    // The operations since the envelope's version make the current one.
    const since = await changes(1);
    expect(since).toMatchObject({ version: 3, too_far_behind: false });
    expect(
      since.changes.map((change) => [change.version, change.kind, change.modified_by]),
    ).toEqual([
      [2, 'operations', 'alice'],
      [3, 'operations', 'bob'],
    ]);
    expect((await h.caller(alice).content.list({ space_name: space.name })).tools).toEqual([
      expect.objectContaining({ tool, version: 3, modified_by: 'bob' }),
    ]);
  });

  it('announces a save of operations only with its operations and no content hash', async () => {
    await save(0);
    const stream = await h.subscribe(bob, space.name);
    open.push(stream);
    await saveOperations(1);
    let data: ContentUpdateData | undefined;
    while (!data) {
      const { message } = await stream.next();
      if (message.type === 'content_update') data = message.data;
    }
    expect(data).toMatchObject({
      tool,
      version: 2,
      base_version: 1,
      kind: 'operations',
      content_hash: null,
      operations: [expect.any(String)],
    });
  });

  it('refuses a save without content and without operations, and a first save without content', async () => {
    await expectTRPCError(
      h.caller(alice).content.save({ space_name: space.name, tool, metadata: { version: 0 } }),
      'BAD_REQUEST',
      ERROR.envelopeOrOperations,
    );
    await expectTRPCError(saveOperations(0), 'BAD_REQUEST', ERROR.firstSaveNeedsEnvelope);
    await expectTRPCError(get(), 'NOT_FOUND', ERROR.contentNotFound);
  });

  it('a save of operations only on an old version is a 409 and stores nothing', async () => {
    await save(0);
    await saveOperations(1);
    await expectTRPCError(saveOperations(1, bob), 'CONFLICT', ERROR.versionConflict);
    expect((await logRows()).map((row) => row.version)).toEqual([1, 2]);
  });

  it('an uploaded snapshot becomes the envelope when newer; an older one is left out', async () => {
    await save(0);
    for (let base = 1; base < 5; base++) await saveOperations(base);
    expect(await upload(3)).toEqual({ snapshot_version: 3, stored: true });
    expect(await upload(2, alice)).toEqual({ snapshot_version: 3, stored: false });
    expect(await upload(3, alice)).toEqual({ snapshot_version: 3, stored: false });
    const record = await get();
    expect(record.content_metadata.version).toBe(3);
    expect(record.current_version).toBe(5);
    expect(await board(record)).toBe('as of 3');
    // No version is made, the log is untouched.
    expect((await logRows()).map((row) => row.version)).toEqual([1, 2, 3, 4, 5]);
    expect(await upload(5)).toEqual({ snapshot_version: 5, stored: true });
    expect((await get()).content_metadata.version).toBe(5);
  });

  it('refuses a snapshot of a version that does not exist yet, or of a tool without content', async () => {
    await expectTRPCError(upload(1), 'NOT_FOUND', ERROR.contentNotFound);
    await save(0);
    await saveOperations(1);
    await expectTRPCError(upload(3), 'BAD_REQUEST', ERROR.versionAhead);
    await expectTRPCError(
      h.caller(bob).content.snapshot({
        space_name: space.name,
        tool,
        version: 0,
        encrypted_data: await content(1),
      }),
      'BAD_REQUEST',
      ERROR.versionBeforeFirst,
    );
    expect((await get()).content_metadata.version).toBe(1);
  });

  it('keeps an uploaded snapshot in the history when one is due, and rebuilds versions from it', async () => {
    await save(0);
    const last = HISTORY_SNAPSHOT_EVERY_VERSIONS + 2;
    for (let base = 1; base < last; base++) await saveOperations(base);
    const spaceId = await h.spaceId(space.name);
    const kept = async () =>
      (
        await h.db.db
          .select({ version: toolSnapshots.version })
          .from(toolSnapshots)
          .where(and(eq(toolSnapshots.spaceId, spaceId), eq(toolSnapshots.tool, tool)))
          .orderBy(asc(toolSnapshots.version))
      ).map((row) => row.version);
    // Saves of operations only keep no snapshot: version 1 (the first save) is the only one.
    expect(await kept()).toEqual([1]);
    await upload(10);
    expect(await kept()).toEqual([1]);
    await upload(HISTORY_SNAPSHOT_EVERY_VERSIONS + 1);
    expect(await kept()).toEqual([1, HISTORY_SNAPSHOT_EVERY_VERSIONS + 1]);

    // The current version: the envelope plus the change after it.
    const current = await h
      .caller(bob)
      .history.version({ space_name: space.name, tool, version: last });
    expect(current.base.version).toBe(HISTORY_SNAPSHOT_EVERY_VERSIONS + 1);
    expect(current.changes.map((change) => change.version)).toEqual([last]);
    // An older one: the kept snapshot at or before it plus the changes after that.
    const older = await h
      .caller(bob)
      .history.version({ space_name: space.name, tool, version: 12 });
    expect(older.base.version).toBe(1);
    expect(older.changes).toHaveLength(11);
  });

  it("a replacement made from the envelope's version is stored after the current one and names that version", async () => {
    await save(0);
    await saveOperations(1);
    await saveOperations(2, bob);
    // A spec-only client edits what GET gave it (version 1) and saves it whole.
    const base = (await get()).content_metadata.version;
    expect(base).toBe(1);
    expect(await save(base, { replacement: true, token: bob })).toBe(4);

    const record = await get();
    expect(record.content_metadata.version).toBe(4);
    expect(record.current_version).toBe(4);
    expect(await board(record)).toBe('as of 2');
    // The operations of versions 2 and 3 stay in the log, and the replacement says they are not in it.
    const since = await changes(1);
    expect(since.changes.map(({ version, kind }) => [version, kind])).toEqual([
      [2, 'operations'],
      [3, 'operations'],
      [4, 'replacement'],
    ]);
    expect(since.changes[2]).toMatchObject({ base_version: 1, operations: null });
    expect(since.changes[0]).not.toHaveProperty('base_version');
  });

  it('announces a replacement made from an older envelope with the version it was made from', async () => {
    await save(0);
    await saveOperations(1);
    await saveOperations(2);
    const stream = await h.subscribe(alice, space.name);
    open.push(stream);
    await save(1, { replacement: true, token: bob });
    await save(4, { replacement: true, token: bob });
    const data: ContentUpdateData[] = [];
    while (data.length < 2) {
      const { message } = await stream.next();
      if (message.type === 'content_update') data.push(message.data);
    }
    expect(data[0]).toStrictEqual({
      tool,
      content_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      modified_by: 'bob',
      version: 4,
      base_version: 1,
    });
    // A replacement of the current version keeps the spec's four fields.
    expect(Object.keys(data[1] ?? {}).sort()).toEqual([
      'content_hash',
      'modified_by',
      'tool',
      'version',
    ]);
  });

  it('a replacement on the current version names no base; any other version is a 409', async () => {
    await save(0);
    await saveOperations(1);
    await saveOperations(2);
    await expectTRPCError(save(2, { replacement: true }), 'CONFLICT', ERROR.versionConflict);
    expect(await save(3, { replacement: true })).toBe(4);
    expect((await changes(3)).changes[0]).not.toHaveProperty('base_version');
    // A save with operations must be on the current version, even when it also sends content.
    await saveOperations(4);
    await expectTRPCError(save(4), 'CONFLICT', ERROR.versionConflict);
  });

  it('history retention never removes a change after the version the envelope holds', async () => {
    await save(0);
    for (let base = 1; base < 6; base++) await saveOperations(base);
    const run = await pruneToolHistory(h.db.db, {
      retentionDays: 0,
      maxVersions: 1,
      now: h.clock.now(),
    });
    expect(run.skipped).toBe(false);
    // Versions 2–6 rebuild the current one from the envelope (version 1): all stay.
    expect((await logRows()).map((row) => row.version)).toEqual([1, 2, 3, 4, 5, 6]);
    expect((await changes(1)).too_far_behind).toBe(false);
  });
});
