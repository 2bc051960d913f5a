import { afterEach, describe, expect, it, vi } from 'vitest';
import { KEY_CACHE_DEFAULT_MAX_ENTRIES, SALT_BYTES } from './constants.ts';
import { decryptJson, encryptJson } from './envelope.ts';
import { createKeyCache, defaultKeyCache } from './key-cache.ts';

const KEY = 'Correct-Horse-Battery-9!';
const salt = (fill: number) => new Uint8Array(SALT_BYTES).fill(fill);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('key cache with envelopes', () => {
  it('decrypting what this client just encrypted costs no second PBKDF2', async () => {
    const cache = createKeyCache();
    const envelope = await encryptJson({ a: 1 }, KEY, { cache });
    expect(cache.stats.derivations).toBe(1);
    await expect(decryptJson(envelope, KEY, { cache })).resolves.toEqual({ a: 1 });
    expect(cache.stats).toEqual({ derivations: 1, hits: 1, evictions: 0 });
  });

  it('concurrent decrypts of one salt derive once', async () => {
    const envelope = await encryptJson({ a: 1 }, KEY, { cache: createKeyCache() });
    const cache = createKeyCache();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => decryptJson(envelope, KEY, { cache })),
    );
    expect(results).toEqual(Array.from({ length: 5 }, () => ({ a: 1 })));
    expect(cache.stats.derivations).toBe(1);
    expect(cache.stats.hits).toBe(4);
  });

  it('separate caches are independent', async () => {
    const writer = createKeyCache();
    const reader = createKeyCache();
    const envelope = await encryptJson({ a: 1 }, KEY, { cache: writer });
    await decryptJson(envelope, KEY, { cache: reader });
    expect(writer.stats).toEqual({ derivations: 1, hits: 0, evictions: 0 });
    expect(reader.stats).toEqual({ derivations: 1, hits: 0, evictions: 0 });
    reader.clear();
    expect(reader.size).toBe(0);
    expect(writer.size).toBe(1);
  });

  it('the default cache is used when none is passed', async () => {
    const before = defaultKeyCache.stats;
    const envelope = await encryptJson({ a: 1 }, KEY);
    await decryptJson(envelope, KEY);
    expect(defaultKeyCache.stats.derivations - before.derivations).toBe(1);
    expect(defaultKeyCache.stats.hits - before.hits).toBe(1);
    expect(defaultKeyCache.maxEntries).toBe(KEY_CACHE_DEFAULT_MAX_ENTRIES);
  });
});

describe('createKeyCache', () => {
  it('keys entries by space key and salt', async () => {
    const cache = createKeyCache();
    await cache.getKey(KEY, salt(1));
    await cache.getKey('Another-Key-123!', salt(1));
    await cache.getKey(KEY, salt(2));
    await cache.getKey(KEY, salt(1));
    expect(cache.stats).toEqual({ derivations: 3, hits: 1, evictions: 0 });
    expect(cache.size).toBe(3);
  });

  it('evicts the least recently used entry', async () => {
    const cache = createKeyCache(2);
    await cache.getKey(KEY, salt(1));
    await cache.getKey(KEY, salt(2));
    await cache.getKey(KEY, salt(1)); // hit: salt 1 becomes most recent
    await cache.getKey(KEY, salt(3)); // evicts salt 2
    expect(cache.stats).toEqual({ derivations: 3, hits: 1, evictions: 1 });
    expect(cache.size).toBe(2);
    await cache.getKey(KEY, salt(1)); // still cached
    expect(cache.stats.derivations).toBe(3);
    await cache.getKey(KEY, salt(2)); // evicted: derived again
    expect(cache.stats.derivations).toBe(4);
    expect(cache.size).toBe(2);
  });

  it('does not keep a failed derivation', async () => {
    const cache = createKeyCache();
    const deriveKey = vi
      .spyOn(globalThis.crypto.subtle, 'deriveKey')
      .mockRejectedValueOnce(new Error('injected failure'));
    await expect(cache.getKey(KEY, salt(1))).rejects.toThrow('injected failure');
    expect(cache.size).toBe(0);
    await expect(cache.getKey(KEY, salt(1))).resolves.toBeDefined();
    expect(deriveKey).toHaveBeenCalledTimes(2);
    expect(cache.stats.derivations).toBe(2);
    expect(cache.size).toBe(1);
  });

  it('clear() empties the cache but keeps counting', async () => {
    const cache = createKeyCache();
    await cache.getKey(KEY, salt(1));
    cache.clear();
    expect(cache.size).toBe(0);
    await cache.getKey(KEY, salt(1));
    expect(cache.stats.derivations).toBe(2);
  });

  it('does not alias the caller salt', async () => {
    const cache = createKeyCache();
    const mutable = salt(1);
    const pending = cache.getKey(KEY, mutable);
    mutable.fill(9);
    await pending;
    await cache.getKey(KEY, salt(1));
    expect(cache.stats).toEqual({ derivations: 1, hits: 1, evictions: 0 });
  });

  it.each([0, -1, 1.5, Number.NaN])('rejects maxEntries %s with RangeError', (maxEntries) => {
    expect(() => createKeyCache(maxEntries)).toThrow(RangeError);
  });
});
