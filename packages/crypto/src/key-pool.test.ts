import { createDecipheriv, pbkdf2Sync } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IV_BYTES, PBKDF2_ITERATIONS, SALT_BYTES, TAG_BYTES } from './constants.ts';
import { decryptJson, encryptJsonWithParams, parseEnvelope } from './envelope.ts';
import { createKeyCache, defaultKeyCache } from './key-cache.ts';
import { createEnvelopeKeyPool } from './key-pool.ts';

const KEY = 'Correct-Horse-Battery-9!';
const toHex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

afterEach(() => {
  vi.restoreAllMocks();
});

/** Independent node:crypto reader of the content envelope v1 (README §3). */
function nodeDecrypt(envelope: string, spaceKey: string): unknown {
  const { data, iv, salt } = JSON.parse(envelope) as Record<string, string>;
  const sealed = Buffer.from(data ?? '', 'base64');
  const key = pbkdf2Sync(
    Buffer.from(spaceKey, 'utf8'),
    Buffer.from(salt ?? '', 'base64'),
    PBKDF2_ITERATIONS,
    32,
    'sha256',
  );
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv ?? '', 'base64'));
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
  return JSON.parse(
    Buffer.concat([
      decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8'),
  );
}

/** Counts the PBKDF2 `deriveKey` calls from now on (the content key's only derivation). */
function watchPbkdf2(): () => number {
  const deriveKey = vi.spyOn(globalThis.crypto.subtle, 'deriveKey');
  return () =>
    deriveKey.mock.calls.filter((call) => (call[0] as { name?: unknown }).name === 'PBKDF2').length;
}

describe('createEnvelopeKeyPool', () => {
  it('a prepared pair is used by the next encrypt, which then runs no PBKDF2', async () => {
    const cache = createKeyCache();
    const pool = createEnvelopeKeyPool(KEY, { cache, autoPrepare: false });
    expect(pool.ready).toBe(false);
    await pool.prepare();
    expect(pool.ready).toBe(true);
    expect(cache.stats.derivations).toBe(1);

    const pbkdf2Calls = watchPbkdf2();
    const envelope = await pool.encrypt({ saved: true });
    expect(pbkdf2Calls()).toBe(0);
    expect(pool.ready).toBe(false);
    expect(pool.stats).toEqual({ prepared: 1, fromPool: 1, onDemand: 0, discarded: 0 });
    await expect(decryptJson(envelope, KEY, { cache })).resolves.toEqual({ saved: true });
    // The reader found the writer's key in the cache: still one derivation in all.
    expect(cache.stats.derivations).toBe(1);
  });

  it('a prepared pair is used for exactly one encryption', async () => {
    const cache = createKeyCache();
    const pool = createEnvelopeKeyPool(KEY, { cache, autoPrepare: false });
    await pool.prepare();
    const first = parseEnvelope(await pool.encrypt({ n: 1 }));
    const second = parseEnvelope(await pool.encrypt({ n: 2 }));
    expect(toHex(first.salt)).not.toBe(toHex(second.salt));
    expect(pool.stats).toEqual({ prepared: 1, fromPool: 1, onDemand: 1, discarded: 0 });
    expect(cache.stats.derivations).toBe(2);
  });

  it('prepare() is idempotent while a pair waits', async () => {
    const cache = createKeyCache();
    const pool = createEnvelopeKeyPool(KEY, { cache, autoPrepare: false });
    await Promise.all([pool.prepare(), pool.prepare()]);
    await pool.prepare();
    expect(cache.stats.derivations).toBe(1);
    expect(pool.stats.prepared).toBe(1);
  });

  it('without a prepared pair, encrypt derives one as encryptJson does', async () => {
    const cache = createKeyCache();
    const pool = createEnvelopeKeyPool(KEY, { cache, autoPrepare: false });
    const pbkdf2Calls = watchPbkdf2();
    const envelope = await pool.encrypt({ a: 1 });
    expect(pbkdf2Calls()).toBe(1);
    expect(pool.stats).toEqual({ prepared: 0, fromPool: 0, onDemand: 1, discarded: 0 });
    expect(nodeDecrypt(envelope, KEY)).toEqual({ a: 1 });
  });

  it('with autoPrepare (the default), every encrypt readies the next pair', async () => {
    const cache = createKeyCache();
    const pool = createEnvelopeKeyPool(KEY, { cache });
    await pool.encrypt({ n: 1 }); // derives on demand, then prepares the next
    await pool.prepare(); // waits for that pair instead of starting another
    expect(pool.ready).toBe(true);
    const pbkdf2Calls = watchPbkdf2();
    await pool.encrypt({ n: 2 });
    await pool.prepare(); // the next pair, started in the background by that encrypt
    expect(pbkdf2Calls()).toBe(1); // …is the only PBKDF2 since the pair was ready
    expect(pool.stats).toEqual({ prepared: 2, fromPool: 1, onDemand: 1, discarded: 0 });
    expect(cache.stats.derivations).toBe(3);
  });

  it('concurrent encrypts never share a salt', async () => {
    for (const autoPrepare of [true, false]) {
      const pool = createEnvelopeKeyPool(KEY, { cache: createKeyCache(), autoPrepare });
      await pool.prepare();
      const envelopes = await Promise.all(Array.from({ length: 4 }, (_, n) => pool.encrypt({ n })));
      const salts = envelopes.map((e) => toHex(parseEnvelope(e).salt));
      const ivs = envelopes.map((e) => toHex(parseEnvelope(e).iv));
      expect(new Set(salts).size).toBe(4);
      expect(new Set(ivs).size).toBe(4);
      expect(pool.stats.fromPool).toBe(autoPrepare ? 4 : 1);
      expect(envelopes.map((e) => nodeDecrypt(e, KEY))).toEqual([
        { n: 0 },
        { n: 1 },
        { n: 2 },
        { n: 3 },
      ]);
    }
  });

  it('writes byte for byte the content envelope v1', async () => {
    const pool = createEnvelopeKeyPool(KEY, { cache: createKeyCache(), autoPrepare: false });
    await pool.prepare();
    const value = { title: 'Grüße', list: [1, 2, 3] };
    const envelope = await pool.encrypt(value);
    expect(envelope).toMatch(
      /^\{"data":"[A-Za-z0-9+/]+={0,2}","iv":"[A-Za-z0-9+/]{16}","salt":"[A-Za-z0-9+/]{43}="\}$/,
    );
    const { iv, salt, data } = parseEnvelope(envelope);
    expect(iv).toHaveLength(IV_BYTES);
    expect(salt).toHaveLength(SALT_BYTES);
    expect(data).toHaveLength(Buffer.byteLength(JSON.stringify(value)) + TAG_BYTES);
    // The same salt and IV through encryptJsonWithParams give the same text.
    expect(await encryptJsonWithParams(value, KEY, { salt, iv }, { cache: createKeyCache() })).toBe(
      envelope,
    );
  });

  it('encryptText seals the given JSON text as encrypt seals the value, taking the prepared pair', async () => {
    const pool = createEnvelopeKeyPool(KEY, { cache: createKeyCache(), autoPrepare: false });
    await pool.prepare();
    const envelope = await pool.encryptText('{"title":"Grüße","list":[1,2,3]}');
    expect(pool.stats).toEqual({ prepared: 1, fromPool: 1, onDemand: 0, discarded: 0 });
    expect(nodeDecrypt(envelope, KEY)).toEqual({ title: 'Grüße', list: [1, 2, 3] });
    const { iv, salt } = parseEnvelope(envelope);
    expect(
      await encryptJsonWithParams(
        { title: 'Grüße', list: [1, 2, 3] },
        KEY,
        { salt, iv },
        { cache: createKeyCache() },
      ),
    ).toBe(envelope);
  });

  it('a value JSON cannot represent is refused without using up the prepared pair', async () => {
    const pool = createEnvelopeKeyPool(KEY, { cache: createKeyCache(), autoPrepare: false });
    await pool.prepare();
    await expect(pool.encrypt(undefined)).rejects.toThrow(TypeError);
    expect(pool.ready).toBe(true);
    await pool.encrypt({ ok: true });
    expect(pool.stats).toEqual({ prepared: 1, fromPool: 1, onDemand: 0, discarded: 0 });
  });

  it('clear() drops the prepared pair', async () => {
    const pool = createEnvelopeKeyPool(KEY, { cache: createKeyCache(), autoPrepare: false });
    await pool.prepare();
    pool.clear();
    expect(pool.ready).toBe(false);
    await pool.encrypt({});
    expect(pool.stats).toEqual({ prepared: 1, fromPool: 0, onDemand: 1, discarded: 1 });
  });

  it('a failed preparation is dropped and the next prepare() starts over', async () => {
    const pool = createEnvelopeKeyPool(KEY, { cache: createKeyCache(), autoPrepare: false });
    vi.spyOn(globalThis.crypto.subtle, 'deriveKey').mockRejectedValueOnce(
      new Error('injected failure'),
    );
    await expect(pool.prepare()).rejects.toThrow('injected failure');
    expect(pool.ready).toBe(false);
    await pool.prepare();
    expect(pool.ready).toBe(true);
    expect(pool.stats.prepared).toBe(2);
  });

  it('uses the default key cache when none is passed', async () => {
    const before = defaultKeyCache.stats.derivations;
    const pool = createEnvelopeKeyPool(KEY, { autoPrepare: false });
    const envelope = await pool.encrypt({ a: 1 });
    expect(defaultKeyCache.stats.derivations - before).toBe(1);
    await expect(decryptJson(envelope, KEY)).resolves.toEqual({ a: 1 });
    expect(defaultKeyCache.stats.derivations - before).toBe(1);
  });

  it('refuses an empty space key with TypeError', () => {
    expect(() => createEnvelopeKeyPool('')).toThrow(TypeError);
  });
});
