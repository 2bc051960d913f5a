/**
 * The page's side of the envelope worker, in jsdom (which has no workers): against a worker
 * that runs the real handler in this thread with the browser's structured clone both ways, the
 * envelope made there opens with the page's decrypt; a worker that fails, a value JSON cannot
 * represent and no worker at all answer null, and the codec then encrypts in the page.
 */
import { decryptJson } from '@cipherspace/crypto';
import { describe, expect, it } from 'vitest';

import { spaceKeyCodec } from './content-transport.ts';
import { createEnvelopeWorkerClient } from './envelope-client.ts';
import {
  createEnvelopeHandler,
  type EnvelopeAnswer,
  type EnvelopeHandlerOptions,
  type EnvelopeRequest,
} from './envelope-handler.ts';

const SPACE_KEY = 'Correct-Horse-Battery-9';
const SNAPSHOT = {
  token: 'session-1',
  csrf: 'csrf-1',
  input: { space_name: 'Team', tool: 'kanban' as const, version: 1, encrypted_data: 'x' },
};

/**
 * Stands in for the browser's `Worker` (jsdom has none): messages are structured clones, as
 * between threads, and the answer comes in a later task. `broken` fires `error` instead, as a
 * worker whose code did not load.
 */
class InThreadWorker {
  onmessage: ((event: MessageEvent<EnvelopeAnswer>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  onmessageerror: (() => void) | null = null;
  terminated = false;
  readonly received: EnvelopeRequest[] = [];
  private readonly handle: ReturnType<typeof createEnvelopeHandler>;

  constructor(
    private readonly broken = false,
    upload?: EnvelopeHandlerOptions['upload'],
  ) {
    this.handle = createEnvelopeHandler(upload ? { upload } : {});
  }

  postMessage(message: EnvelopeRequest): void {
    const request = structuredClone(message);
    this.received.push(request);
    setTimeout(() => {
      if (this.broken) {
        this.onerror?.(new ErrorEvent('error', { message: 'failed to load' }));
        return;
      }
      void this.handle(request).then((answer) => {
        this.onmessage?.(new MessageEvent('message', { data: structuredClone(answer) }));
      });
    }, 0);
  }

  terminate(): void {
    this.terminated = true;
  }
}

function clientWith(worker: InThreadWorker | null) {
  let starts = 0;
  const client = createEnvelopeWorkerClient(() => {
    starts++;
    return worker as unknown as Worker | null;
  });
  return { client, starts: () => starts };
}

describe('createEnvelopeWorkerClient', () => {
  it("makes the envelope in the worker, and the page's decrypt opens it", async () => {
    const worker = new InThreadWorker();
    const { client, starts } = clientWith(worker);
    const board = {
      title: 'Board',
      at: new Date(Date.UTC(2026, 11, 6)),
      cards: Array.from({ length: 50 }, (_, i) => ({
        id: `c${String(i)}`,
        title: `Card ${String(i)}`,
      })),
      gone: undefined,
    };
    expect(await client.prepare(SPACE_KEY)).toBe(true);
    const [first, second] = await Promise.all([
      client.encrypt(SPACE_KEY, board),
      client.encrypt(SPACE_KEY, { other: true }),
    ]);
    expect(starts()).toBe(1);
    expect(worker.received.map((r) => [r.kind, r.id])).toEqual([
      ['prepare', 1],
      ['encrypt', 2],
      ['encrypt', 3],
    ]);
    if (first === null || second === null) throw new Error('not made in the worker');
    const page = spaceKeyCodec(SPACE_KEY, 'Alpha Team');
    // What JSON makes of the board in the page: the clone serialises the same.
    expect(await page.decrypt(first)).toEqual(JSON.parse(JSON.stringify(board)));
    expect(await decryptJson(second, SPACE_KEY)).toEqual({ other: true });
  });

  it('answers null when the worker fails, and does not start another', async () => {
    const worker = new InThreadWorker(true);
    const { client, starts } = clientWith(worker);
    expect(await client.encrypt(SPACE_KEY, { a: 1 })).toBeNull();
    expect(worker.terminated).toBe(true);
    expect(await client.prepare(SPACE_KEY)).toBe(false);
    expect(starts()).toBe(1);
  });

  it('answers null for a value JSON cannot represent, and stays usable', async () => {
    const worker = new InThreadWorker();
    const { client } = clientWith(worker);
    expect(await client.encrypt(SPACE_KEY, undefined)).toBeNull();
    expect(worker.received).toEqual([]);
    // A function in the content: JSON leaves it out, as encrypting in the page does.
    const envelope = await client.encrypt(SPACE_KEY, { a: 1, run: () => 1 });
    expect(await decryptJson(envelope ?? '', SPACE_KEY)).toEqual({ a: 1 });
  });

  it('sends the content as its JSON text', async () => {
    const worker = new InThreadWorker();
    const { client } = clientWith(worker);
    await client.encrypt(SPACE_KEY, { cards: ['Grüße 🌍'] });
    expect(worker.received).toEqual([
      { kind: 'encrypt', id: 1, spaceKey: SPACE_KEY, json: '{"cards":["Grüße 🌍"]}' },
    ]);
  });

  it('answers null without a worker', async () => {
    const { client } = clientWith(null);
    expect(await client.encrypt(SPACE_KEY, { a: 1 })).toBeNull();
    expect(await client.prepare(SPACE_KEY)).toBe(false);
    expect(await client.upload(SNAPSHOT)).toBe(false);
  });

  it('has the worker upload a snapshot, and says when it did not', async () => {
    const uploaded: unknown[] = [];
    const { client } = clientWith(
      new InThreadWorker(false, (upload) => {
        uploaded.push(upload);
        return upload.input.version > 1 ? Promise.reject(new Error('refused')) : Promise.resolve();
      }),
    );
    expect(await client.upload(SNAPSHOT)).toBe(true);
    expect(uploaded).toEqual([SNAPSHOT]);
    expect(await client.upload({ ...SNAPSHOT, input: { ...SNAPSHOT.input, version: 2 } })).toBe(
      false,
    );
    // A failed upload is an answer, not a broken worker: it still encrypts.
    expect(await client.encrypt(SPACE_KEY, { a: 1 })).not.toBeNull();
  });
});

describe('spaceKeyCodec without workers (jsdom)', () => {
  it('encrypts in the page, and reports a value JSON cannot represent', async () => {
    expect(typeof Worker).toBe('undefined');
    const codec = spaceKeyCodec(SPACE_KEY, 'Alpha Team');
    await codec.prepare();
    const envelope = await codec.encrypt({ cards: [1, 2, 3] });
    expect(await codec.decrypt(envelope)).toEqual({ cards: [1, 2, 3] });
    await expect(codec.encrypt(undefined)).rejects.toThrow(TypeError);
    // A function in the content: JSON leaves it out in the page as it always did.
    expect(await codec.decrypt(await codec.encrypt({ a: 1, run: () => 1 }))).toEqual({ a: 1 });
  });
});
