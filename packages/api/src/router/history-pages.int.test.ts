/**
 * History and change answers are paged by bytes, against a real database (PGlite and
 * PostgreSQL): a tool with many large versions (each save at the operations' limit) is answered
 * in pages of at most CHANGES_PAGE_MAX_BYTES — `history.version` with `from` then
 * `history.changes` after its `next_after`, `content.changes` after its `next_since` — and
 * following the pages gives back every change byte for byte. A small range is answered exactly
 * as before paging (no cursor field).
 */
import {
  deriveOperationsKey,
  encryptJson,
  encryptOperation,
  OPERATION_ENVELOPE_MAX_CHARS,
} from '@cipherspace/crypto';
import type { ToolName } from '@cipherspace/tools/metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { CHANGES_PAGE_MAX_BYTES, OPERATIONS_PER_SAVE_MAX } from '../constants.ts';
import { createApiHarness, type ApiHarness, type SpaceCredentials } from '../testing/harness.ts';

/** Versions saved: enough operations for about two pages. */
const LARGE_VERSIONS = 24;

/** The bytes an answer carries for these operations: their JSON text. */
const operationBytes = (changes: readonly { operations: readonly string[] | null }[]) =>
  changes.reduce(
    (sum, change) =>
      sum + (change.operations ? Buffer.byteLength(JSON.stringify(change.operations)) : 0),
    0,
  );

describe('paged history and change answers', () => {
  let h: ApiHarness;
  let space: SpaceCredentials;
  let alice: string;
  /** The operations saved with each version (2 … LARGE_VERSIONS + 1). */
  const saved = new Map<number, string[]>();
  const tool: ToolName = 'kanban';

  beforeAll(async () => {
    h = await createApiHarness();
    space = await h.createSpace();
    alice = (await h.join(space, 'alice')).token;
    const opsKey = await deriveOperationsKey(space.key, space.name);
    const save = async (version: number, operations?: string[]) =>
      await h.caller(alice).content.save({
        space_name: space.name,
        tool,
        encrypted_data: await encryptJson({ version }, space.key),
        metadata: { version },
        ...(operations ? { operations } : {}),
      });
    await save(0);
    // Each operation's envelope just under OPERATION_ENVELOPE_MAX_CHARS (3/4 of it is payload).
    const payload = 'x'.repeat(Math.floor((OPERATION_ENVELOPE_MAX_CHARS * 3) / 4) - 400);
    for (let version = 1; version <= LARGE_VERSIONS; version++) {
      const operations = await Promise.all(
        Array.from({ length: OPERATIONS_PER_SAVE_MAX }, (_, i) =>
          encryptOperation({ version, i, payload }, opsKey),
        ),
      );
      expect(operations.every((e) => e.length <= OPERATION_ENVELOPE_MAX_CHARS)).toBe(true);
      await save(version, operations);
      saved.set(version + 1, operations);
    }
    // The whole range is well over one page.
    expect(
      operationBytes([...saved.values()].map((operations) => ({ operations }))),
    ).toBeGreaterThan(CHANGES_PAGE_MAX_BYTES * 1.5);
  });
  afterAll(async () => {
    await h.close();
  });

  const current = LARGE_VERSIONS + 1;
  const input = () => ({ space_name: space.name, tool });

  it('history.version with from=1 answers at most one page, and history.changes the rest', async () => {
    const first = await h.caller(alice).history.version({ ...input(), version: current, from: 1 });
    expect(first.base.version).toBe(1);
    expect(first.base.encrypted_data.length + operationBytes(first.changes)).toBeLessThanOrEqual(
      CHANGES_PAGE_MAX_BYTES,
    );
    expect(first.changes.length).toBeGreaterThan(0);
    expect(first.next_after).toBe(first.changes.at(-1)?.version);

    const all = [...first.changes];
    let after = first.next_after;
    let pages = 1;
    while (after !== undefined) {
      const page = await h.caller(alice).history.changes({ ...input(), version: current, after });
      expect(page.version).toBe(current);
      expect(operationBytes(page.changes)).toBeLessThanOrEqual(CHANGES_PAGE_MAX_BYTES);
      expect(page.changes[0]?.version).toBe(after + 1);
      all.push(...page.changes);
      after = page.next_after;
      pages++;
      expect(pages).toBeLessThan(10);
    }
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(all.map((change) => change.version)).toEqual([...saved.keys()]);
    for (const change of all) expect(change.operations).toEqual(saved.get(change.version));
  });

  it('content.changes answers at most one page, and next_since the rest', async () => {
    const all: { version: number; operations: string[] | null }[] = [];
    let since: number | undefined = 1;
    let pages = 0;
    while (since !== undefined) {
      const page = await h.caller(alice).content.changes({ ...input(), since });
      expect(page).toMatchObject({ version: current, too_far_behind: false });
      expect(operationBytes(page.changes)).toBeLessThanOrEqual(CHANGES_PAGE_MAX_BYTES);
      expect(page.changes[0]?.version).toBe(since + 1);
      all.push(...page.changes);
      since = page.next_since;
      pages++;
      expect(pages).toBeLessThan(10);
    }
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(all.map((change) => change.version)).toEqual([...saved.keys()]);
    for (const change of all) expect(change.operations).toEqual(saved.get(change.version));
  });

  it('answers a small range as before: whole, with no cursor', async () => {
    const version = await h.caller(alice).history.version({ ...input(), version: 3, from: 2 });
    expect(Object.keys(version).sort()).toEqual(['base', 'changes', 'version']);
    expect(version.changes.map((change) => change.version)).toEqual([2, 3]);
    const changes = await h.caller(alice).content.changes({ ...input(), since: current - 2 });
    expect(Object.keys(changes).sort()).toEqual(['changes', 'too_far_behind', 'tool', 'version']);
    expect(changes.changes.map((change) => change.operations)).toEqual([
      saved.get(current - 1),
      saved.get(current),
    ]);
    const rest = await h.caller(alice).history.changes({ ...input(), version: 3, after: 1 });
    expect(rest).toEqual({ version: 3, changes: version.changes });
    expect(await h.caller(alice).history.changes({ ...input(), version: 3, after: 3 })).toEqual({
      version: 3,
      changes: [],
    });
  });
});
