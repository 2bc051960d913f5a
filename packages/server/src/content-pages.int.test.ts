/**
 * History and change answers over REST are paged by bytes: a tool with many large versions
 * (each save at the operations' limit) answers `GET …/history/{version}?from=1` and
 * `GET …/changes?since=` in pages of at most CHANGES_PAGE_MAX_BYTES of envelopes, each naming
 * where the next starts (`next_after` → `…/history/{version}/changes?after=`, `next_since`);
 * following them gives back every saved operation byte for byte. Every response is checked
 * against the served OpenAPI document by `api()`.
 */
import { CHANGES_PAGE_MAX_BYTES, OPERATIONS_PER_SAVE_MAX } from '@cipherspace/api';
import {
  deriveOperationsKey,
  encryptJson,
  encryptOperation,
  OPERATION_ENVELOPE_MAX_CHARS,
} from '@cipherspace/crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  api,
  createSpaceOverRest,
  loginOverRest,
  startTestServer,
  type ClientSpace,
  type TestServer,
} from './testing.ts';

/** Versions saved: enough operations for about two pages. */
const LARGE_VERSIONS = 24;
/** Room in a whole response for what is not an envelope (versions, names, times). */
const RESPONSE_OVERHEAD_BYTES = 64 * 1024;

interface Change {
  version: number;
  operations: string[] | null;
}

const operationBytes = (changes: readonly Change[]) =>
  changes.reduce(
    (sum, change) =>
      sum + (change.operations ? Buffer.byteLength(JSON.stringify(change.operations)) : 0),
    0,
  );

let server: TestServer;
let space: ClientSpace;
let alice: string;
/** The operations saved with each version (2 … LARGE_VERSIONS + 1). */
const saved = new Map<number, string[]>();
const tool = 'kanban';
const current = LARGE_VERSIONS + 1;

beforeAll(async () => {
  server = await startTestServer();
  space = await createSpaceOverRest(server);
  alice = (await loginOverRest(server, space, 'alice')).token;
  const opsKey = await deriveOperationsKey(space.key, space.name);
  const payload = 'x'.repeat(Math.floor((OPERATION_ENVELOPE_MAX_CHARS * 3) / 4) - 400);
  for (let version = 0; version <= LARGE_VERSIONS; version++) {
    const operations =
      version === 0
        ? undefined
        : await Promise.all(
            Array.from({ length: OPERATIONS_PER_SAVE_MAX }, (_, i) =>
              encryptOperation({ version, i, payload }, opsKey),
            ),
          );
    const res = await api(server, 'PUT', path(''), {
      token: alice,
      body: {
        encrypted_data: await encryptJson({ version }, space.key),
        metadata: { version },
        ...(operations ? { operations } : {}),
      },
    });
    expect(res.status).toBe(200);
    if (operations) saved.set(version + 1, operations);
  }
}, 240_000);
afterAll(async () => {
  await server.close();
});

function path(rest: string): string {
  return `/api/content/${encodeURIComponent(space.name)}/${tool}${rest}`;
}

/** GET `rest` as alice: the JSON body and its size on the wire. */
async function get(rest: string): Promise<{ body: Record<string, unknown>; bytes: number }> {
  const res = await api(server, 'GET', path(rest), { token: alice });
  expect(res.status).toBe(200);
  return {
    body: res.body as Record<string, unknown>,
    bytes: Buffer.byteLength(JSON.stringify(res.body)),
  };
}

describe('paged history and change answers over REST', () => {
  it('…/history/{version}?from=1 answers a bounded page, …/changes?after= the rest', async () => {
    const first = await get(`/history/${String(current)}?from=1`);
    const base = first.body.base as { version: number; encrypted_data: string };
    const firstChanges = first.body.changes as Change[];
    expect(base.version).toBe(1);
    expect(base.encrypted_data.length + operationBytes(firstChanges)).toBeLessThanOrEqual(
      CHANGES_PAGE_MAX_BYTES,
    );
    expect(first.bytes).toBeLessThanOrEqual(CHANGES_PAGE_MAX_BYTES + RESPONSE_OVERHEAD_BYTES);
    expect(first.body.next_after).toBe(firstChanges.at(-1)?.version);

    const all = [...firstChanges];
    let after = first.body.next_after as number | undefined;
    let pages = 1;
    while (after !== undefined) {
      const page = await get(`/history/${String(current)}/changes?after=${String(after)}`);
      const changes = page.body.changes as Change[];
      expect(operationBytes(changes)).toBeLessThanOrEqual(CHANGES_PAGE_MAX_BYTES);
      expect(page.bytes).toBeLessThanOrEqual(CHANGES_PAGE_MAX_BYTES + RESPONSE_OVERHEAD_BYTES);
      expect(changes[0]?.version).toBe(after + 1);
      all.push(...changes);
      after = page.body.next_after as number | undefined;
      pages++;
      expect(pages).toBeLessThan(10);
    }
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(all.map((change) => change.version)).toEqual([...saved.keys()]);
    for (const change of all) expect(change.operations).toEqual(saved.get(change.version));
  });

  it('…/changes?since=1 answers a bounded page, next_since the rest', async () => {
    const all: Change[] = [];
    let since: number | undefined = 1;
    let pages = 0;
    while (since !== undefined) {
      const page = await get(`/changes?since=${String(since)}`);
      const changes = page.body.changes as Change[];
      expect(page.body).toMatchObject({ version: current, too_far_behind: false });
      expect(operationBytes(changes)).toBeLessThanOrEqual(CHANGES_PAGE_MAX_BYTES);
      expect(page.bytes).toBeLessThanOrEqual(CHANGES_PAGE_MAX_BYTES + RESPONSE_OVERHEAD_BYTES);
      all.push(...changes);
      since = page.body.next_since as number | undefined;
      pages++;
      expect(pages).toBeLessThan(10);
    }
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(all.map((change) => change.version)).toEqual([...saved.keys()]);
    for (const change of all) expect(change.operations).toEqual(saved.get(change.version));
  });

  it('answers a small range whole, without a cursor field', async () => {
    const version = await get(`/history/3?from=2`);
    expect(Object.keys(version.body).sort()).toEqual(['base', 'changes', 'version']);
    const changes = await get(`/changes?since=${String(current - 1)}`);
    expect(Object.keys(changes.body).sort()).toEqual([
      'changes',
      'too_far_behind',
      'tool',
      'version',
    ]);
  });
});
