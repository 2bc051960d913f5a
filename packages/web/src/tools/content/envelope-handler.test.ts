/**
 * The envelope worker's handler, run as a plain module (jsdom has no workers): its envelopes are
 * the crypto package's content envelope v1 — they open with the page's decrypt and with a key
 * cache that derived nothing for them — each salt's key is derived once, and errors are answers.
 */
import { base64ToBytes, createKeyCache, decryptJson } from '@cipherspace/crypto';
import { describe, expect, it } from 'vitest';

import { spaceKeyCodec } from './content-transport.ts';
import { createEnvelopeHandler } from './envelope-handler.ts';

const SPACE_KEY = 'Correct-Horse-Battery-9';
const board = {
  phases: [{ id: 'p1', name: 'To do', issues: [{ id: 'i1', title: 'Grüße 🌍', labels: [] }] }],
  note: undefined,
};

describe('createEnvelopeHandler', () => {
  it('answers an envelope that the page decrypts, in the documented format', async () => {
    const handle = createEnvelopeHandler();
    const answer = await handle({
      kind: 'encrypt',
      id: 7,
      spaceKey: SPACE_KEY,
      json: JSON.stringify(board),
    });
    if (answer.kind !== 'encrypted') throw new Error(`not encrypted: ${JSON.stringify(answer)}`);
    expect(answer.id).toBe(7);
    const parsed = JSON.parse(answer.envelope) as Record<string, string>;
    expect(Object.keys(parsed)).toEqual(['data', 'iv', 'salt']);
    expect(base64ToBytes(parsed.iv ?? '')).toHaveLength(12);
    expect(base64ToBytes(parsed.salt ?? '')).toHaveLength(32);
    const expected = JSON.parse(JSON.stringify(board)) as unknown;
    expect(await spaceKeyCodec(SPACE_KEY, 'Alpha Team').decrypt(answer.envelope)).toEqual(expected);
    // A cache that holds no key of the worker's: the envelope stands on its own.
    expect(await decryptJson(answer.envelope, SPACE_KEY, { cache: createKeyCache() })).toEqual(
      expected,
    );
  });

  it('derives each salt once: prepare makes the next key, encrypt takes it', async () => {
    const cache = createKeyCache();
    const handle = createEnvelopeHandler({ cache });
    expect(await handle({ kind: 'prepare', id: 1, spaceKey: SPACE_KEY })).toEqual({
      kind: 'prepared',
      id: 1,
    });
    expect(cache.stats.derivations).toBe(1);
    const envelopes: string[] = [];
    for (let id = 2; id <= 4; id++) {
      const answer = await handle({
        kind: 'encrypt',
        id,
        spaceKey: SPACE_KEY,
        json: JSON.stringify({ id }),
      });
      if (answer.kind !== 'encrypted') throw new Error('not encrypted');
      envelopes.push(answer.envelope);
    }
    // Three envelopes, three salts (one fresh per envelope), plus the next one prepared.
    expect(new Set(envelopes.map((e) => (JSON.parse(e) as { salt: string }).salt)).size).toBe(3);
    expect(cache.stats.derivations).toBe(4);
    for (const envelope of envelopes) await decryptJson(envelope, SPACE_KEY, { cache });
    expect(cache.stats.derivations).toBe(4);
  });

  it('follows another space key', async () => {
    const handle = createEnvelopeHandler();
    await handle({ kind: 'encrypt', id: 1, spaceKey: SPACE_KEY, json: '1' });
    const answer = await handle({ kind: 'encrypt', id: 2, spaceKey: 'Other-Key-42', json: '2' });
    if (answer.kind !== 'encrypted') throw new Error('not encrypted');
    expect(await decryptJson(answer.envelope, 'Other-Key-42')).toBe(2);
    await expect(decryptJson(answer.envelope, SPACE_KEY)).rejects.toThrow(/invalid space key/);
  });

  it('answers failed for what cannot be encrypted, and keeps working', async () => {
    const handle = createEnvelopeHandler();
    expect(await handle({ kind: 'encrypt', id: 1, spaceKey: '', json: '1' })).toMatchObject({
      kind: 'failed',
      id: 1,
      error: expect.stringMatching(/^TypeError/),
    });
    expect(await handle({ kind: 'prepare', id: 2, spaceKey: '' })).toMatchObject({
      kind: 'failed',
      id: 2,
    });
    expect(await handle({ kind: 'encrypt', id: 3, spaceKey: SPACE_KEY, json: '[]' })).toMatchObject(
      {
        kind: 'encrypted',
        id: 3,
      },
    );
  });

  it('uploads a snapshot through the given uploader, and answers failed when it rejects', async () => {
    const uploads: unknown[] = [];
    let refuse = false;
    const handle = createEnvelopeHandler({
      upload: (upload) => {
        uploads.push(upload);
        return refuse ? Promise.reject(new Error('CONFLICT')) : Promise.resolve();
      },
    });
    const request = {
      token: 'session-1',
      csrf: 'csrf-1',
      input: { space_name: 'Team', tool: 'kanban' as const, version: 3, encrypted_data: 'x' },
    };
    expect(await handle({ kind: 'upload', id: 1, ...request })).toEqual({
      kind: 'uploaded',
      id: 1,
    });
    expect(uploads).toEqual([request]);
    refuse = true;
    expect(await handle({ kind: 'upload', id: 2, ...request })).toMatchObject({
      kind: 'failed',
      id: 2,
      error: 'Error: CONFLICT',
    });
    // A worker without an uploader fails the request.
    expect(await createEnvelopeHandler()({ kind: 'upload', id: 3, ...request })).toMatchObject({
      kind: 'failed',
      id: 3,
    });
  });
});
