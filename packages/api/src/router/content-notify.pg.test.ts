/**
 * content_update with inline operations over the real PostgreSQL NOTIFY path: the
 * largest event a save can make — the longest space name and username (each at its largest
 * UTF-8 size), the registry's longest tool name, and INLINE_OPERATIONS_MAX_CHARS of operation
 * envelopes split into as many envelopes as fit (each adds 16 escaped quotes) — stays far below
 * NOTIFY's 8000-byte payload limit, and reaches another instance with the operations intact. The
 * payload is measured as PostgreSQL delivers it, on a LISTEN connection of this test's own.
 *
 * Runs only in the integration-postgres project (`*.pg.test.ts`).
 */
import { deriveOperationsKey, encryptJson, encryptOperation } from '@cipherspace/crypto';
import { createDb, type DbHandle } from '@cipherspace/db';
import { TOOL_NAMES } from '@cipherspace/tools/metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { INLINE_OPERATIONS_MAX_CHARS } from '../constants.ts';
import { EVENTS_CHANNEL, EventBus, type BusEvent } from '../events.ts';
import { createApiHarness, type ApiHarness } from '../testing/harness.ts';

/** PostgreSQL's limit: a NOTIFY payload must be shorter than 8000 bytes. */
const NOTIFY_LIMIT_BYTES = 8000;
/** "Well below" the limit: the figure INLINE_OPERATIONS_MAX_CHARS is documented with. */
const LARGEST_EVENT_BYTES = 3500;

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

describe('content_update with inline operations on PostgreSQL NOTIFY', () => {
  let h: ApiHarness;
  let capture: DbHandle;
  let otherInstance: DbHandle;
  let otherBus: EventBus;
  let unlisten: (() => Promise<void>) | null = null;
  const payloads: string[] = [];

  // The longest values, each at its largest UTF-8 size (see server notify-limits.pg.test.ts);
  // a content's tool is one of the registry's names, all ASCII.
  const spaceName = '𝐀'.repeat(100);
  const username = '語'.repeat(50);
  const tool = TOOL_NAMES.reduce((longest, name) =>
    name.length > longest.length ? name : longest,
  );

  beforeAll(async () => {
    h = await createApiHarness();
    const url = h.db.url;
    if (!url) throw new Error('this file needs PostgreSQL');
    capture = await createDb({ databaseUrl: url, migrate: false, poolSize: 1 });
    otherInstance = await createDb({ databaseUrl: url, migrate: false, poolSize: 2 });
    otherBus = new EventBus(otherInstance.notifier);
    await otherBus.start();
    if (!capture.notifier) throw new Error('no notifier on PostgreSQL');
    const subscription = await capture.notifier.listen(EVENTS_CHANNEL, (payload) =>
      payloads.push(payload),
    );
    unlisten = () => subscription.unlisten();
  });
  afterAll(async () => {
    await unlisten?.();
    await otherBus.close();
    await otherInstance.close();
    await capture.close();
    await h.close();
  });

  /** The first content_update payload of space `name` (waiting up to 10 s for it). */
  async function updateOf(name: string): Promise<string> {
    const marker = `"space_name":${JSON.stringify(name)}`;
    for (let waited = 0; waited < 10_000; waited += 20) {
      const found = payloads.find(
        (payload) => payload.includes('"content_update"') && payload.includes(marker),
      );
      if (found !== undefined) return found;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no content_update NOTIFY of ${name}`);
  }

  it('the largest inline event stays far below 8000 bytes and reaches the other instance intact', async () => {
    const space = await h.createSpace({ name: spaceName });
    const { token } = await h.join(space, username);
    const key = await deriveOperationsKey(space.key, space.name);
    // The shortest envelopes are 123 characters (one plaintext byte): 16 fit in 2000 characters;
    // eight of them grown to 127 fill the budget exactly.
    const operations = await Promise.all(
      Array.from({ length: 16 }, (_, i) => encryptOperation(i < 8 ? '' : 'xxx', key)),
    );
    expect(operations.map((operation) => operation.length).sort()).toEqual([
      ...Array<number>(8).fill(123),
      ...Array<number>(8).fill(127),
    ]);
    expect(operations.join('')).toHaveLength(INLINE_OPERATIONS_MAX_CHARS);

    const received = otherBus.events(await h.spaceId(space.name));
    await h.caller(token).content.save({
      space_name: space.name,
      tool,
      encrypted_data: await encryptJson({ big: 'z'.repeat(50_000) }, space.key),
      operations,
    });

    const payload = await updateOf(spaceName);
    const size = bytes(payload);
    expect(size, `largest content_update NOTIFY is ${size} bytes`).toBeLessThan(
      LARGEST_EVENT_BYTES,
    );
    expect(size).toBeLessThan(NOTIFY_LIMIT_BYTES);
    if (process.env.SHOW_NOTIFY_SIZE) console.info(`largest content_update NOTIFY: ${size} bytes`);
    const envelope = JSON.parse(payload) as { event: BusEvent };
    expect(envelope.event.payload).toMatchObject({
      type: 'content_update',
      space_name: spaceName,
      data: { tool, modified_by: username, version: 1, base_version: 0, operations },
    });

    const next = await received.next();
    expect(next.done).toBe(false);
    expect((next.value as BusEvent).payload).toMatchObject({
      type: 'content_update',
      data: { version: 1, kind: 'operations', operations },
    });
    await received.return(undefined);
  });

  it('operations over the inline budget are left out of the NOTIFY (fetched with content.changes)', async () => {
    const space = await h.createSpace();
    const { token } = await h.join(space, 'writer');
    const key = await deriveOperationsKey(space.key, space.name);
    const operations = [
      await encryptOperation({ blob: 'y'.repeat(INLINE_OPERATIONS_MAX_CHARS) }, key),
    ];
    await h.caller(token).content.save({
      space_name: space.name,
      tool: 'kanban',
      encrypted_data: await encryptJson({ n: 1 }, space.key),
      operations,
    });
    const payload = await updateOf(space.name);
    expect(bytes(payload)).toBeLessThan(1000);
    const { data } = JSON.parse(operations[0] ?? '') as { data: string };
    expect(payload).not.toContain(data.slice(0, 40));
    const answer = await h
      .caller(token)
      .content.changes({ space_name: space.name, tool: 'kanban', since: 0 });
    expect(answer.changes[0]?.operations).toEqual(operations);
  });
});
