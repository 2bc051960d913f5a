import {
  createCipheriv,
  createDecipheriv,
  createHash,
  hkdfSync,
  pbkdf2Sync,
  randomBytes,
} from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import rawVectors from '../../../docs/crypto-vectors.json' with { type: 'json' };
import {
  envelopeVectors,
  hexToBytes,
  operationEnvelopeVectors,
  operationsKeyVectors,
} from '../test/vectors.ts';
import {
  DECRYPT_FAILED_MESSAGE,
  HKDF_HASH,
  IV_BYTES,
  OPERATION_ENVELOPE_FIELDS,
  OPERATION_ENVELOPE_VERSION,
  OPERATION_KEY_HKDF_INFO,
  OPERATION_SALT_BYTES,
  OPERATIONS_KEY_BYTES,
  OPERATIONS_KEY_CACHE_DEFAULT_MAX_ENTRIES,
  OPERATIONS_KEY_SALT_LABEL,
  OPERATIONS_KEY_SALT_SEPARATOR_BYTE,
  TAG_BYTES,
} from './constants.ts';
import { base64ToBytes, bytesToBase64 } from './encoding.ts';
import { DecryptError, decryptJson, encryptJson, isEnvelope, parseEnvelope } from './envelope.ts';
import { createKeyCache } from './key-cache.ts';
import {
  createOperationsKeyCache,
  decryptOperation,
  defaultOperationsKeyCache,
  deriveOperationsKey,
  deriveOperationsKeyBytes,
  encryptOperation,
  encryptOperationWithParams,
  importOperationsKey,
  isOperationEnvelope,
  operationsKeySalt,
  parseOperationEnvelope,
  type OperationsKey,
} from './operations.ts';

const KEY = 'Correct-Horse-Battery-9!';
const SPACE = 'team-alpha';
const toHex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * Independent implementation with node:crypto only (what README.md tells third parties to do). The
 * labels are spelled out here on purpose instead of imported, so a changed constant shows up.
 */
function nodeOperationsKeySalt(spaceName: string): Buffer {
  return createHash('sha256')
    .update(Buffer.from('cipherspace/operations-key/v1', 'utf8'))
    .update(Buffer.from([0x00]))
    .update(Buffer.from(spaceName, 'utf8'))
    .digest();
}

function nodeOperationsKey(spaceKey: string, spaceName: string): Buffer {
  return pbkdf2Sync(
    Buffer.from(spaceKey, 'utf8'),
    nodeOperationsKeySalt(spaceName),
    100_000,
    32,
    'sha256',
  );
}

function nodeEnvelopeKey(operationsKey: Uint8Array, salt: Uint8Array): Buffer {
  return Buffer.from(
    hkdfSync('sha256', operationsKey, salt, Buffer.from('cipherspace/operation/v1', 'utf8'), 32),
  );
}

function nodeEncryptOperation(
  value: unknown,
  operationsKey: Uint8Array,
  salt: Uint8Array,
  iv: Uint8Array,
): string {
  const cipher = createCipheriv('aes-256-gcm', nodeEnvelopeKey(operationsKey, salt), iv, {
    authTagLength: 16,
  });
  const data = Buffer.concat([
    cipher.update(JSON.stringify(value), 'utf8'),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  return JSON.stringify({
    v: 'op1',
    data: data.toString('base64'),
    iv: Buffer.from(iv).toString('base64'),
    salt: Buffer.from(salt).toString('base64'),
  });
}

function nodeDecryptOperation(envelope: string, operationsKey: Uint8Array): unknown {
  const { v, data, iv, salt } = JSON.parse(envelope) as Record<string, string>;
  if (v !== 'op1') throw new Error('not an operation envelope');
  const sealed = Buffer.from(data ?? '', 'base64');
  const decipher = createDecipheriv(
    'aes-256-gcm',
    nodeEnvelopeKey(operationsKey, Buffer.from(salt ?? '', 'base64')),
    Buffer.from(iv ?? '', 'base64'),
    { authTagLength: 16 },
  );
  decipher.setAuthTag(sealed.subarray(sealed.length - 16));
  const plaintext = Buffer.concat([
    decipher.update(sealed.subarray(0, sealed.length - 16)),
    decipher.final(),
  ]);
  return JSON.parse(plaintext.toString('utf8'));
}

type Member = 'v' | 'data' | 'iv' | 'salt';

/** Re-encodes an operation envelope after `mutate` changed one decoded base64 member. */
function tamper(
  envelope: string,
  member: Exclude<Member, 'v'>,
  mutate: (bytes: Uint8Array) => void,
) {
  const parsed = JSON.parse(envelope) as Record<Member, string>;
  const bytes = base64ToBytes(parsed[member]);
  mutate(bytes);
  return JSON.stringify({ ...parsed, [member]: bytesToBase64(bytes) });
}

function flip(index: number): (bytes: Uint8Array) => void {
  return (bytes) => {
    const at = index < 0 ? bytes.length + index : index;
    bytes[at] = (bytes[at] ?? 0) ^ 0x01;
  };
}

async function expectDecryptError(promise: Promise<unknown>): Promise<void> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(DecryptError);
  expect(error).toMatchObject({ name: 'DecryptError', message: DECRYPT_FAILED_MESSAGE });
}

/**
 * Spies (calling through) on `deriveBits`, `deriveKey` and `importKey`; `pbkdf2Calls()` counts the
 * calls since then that involve PBKDF2.
 */
function watchPbkdf2() {
  const api = globalThis.crypto.subtle;
  const deriveBits = vi.spyOn(api, 'deriveBits');
  const deriveKey = vi.spyOn(api, 'deriveKey');
  const importKey = vi.spyOn(api, 'importKey');
  const isPbkdf2 = (algorithm: unknown) =>
    algorithm === 'PBKDF2' ||
    (typeof algorithm === 'object' &&
      algorithm !== null &&
      (algorithm as { name?: unknown }).name === 'PBKDF2');
  const pbkdf2Calls = () =>
    deriveBits.mock.calls.filter((call) => isPbkdf2(call[0])).length +
    deriveKey.mock.calls.filter((call) => isPbkdf2(call[0])).length +
    importKey.mock.calls.filter((call) => isPbkdf2(call[2])).length;
  return { pbkdf2Calls, deriveKey };
}

const keyPromises = new Map<string, Promise<OperationsKey>>();
/** One shared cache for the tests that are not about caching (PBKDF2 is slow). */
const sharedCache = createOperationsKeyCache();
function keyFor(spaceKey: string, spaceName: string): Promise<OperationsKey> {
  const id = `${spaceKey}\u0000${spaceName}`;
  let pending = keyPromises.get(id);
  if (pending === undefined) {
    pending = deriveOperationsKey(spaceKey, spaceName, { cache: sharedCache });
    keyPromises.set(id, pending);
  }
  return pending;
}

describe('parameters (docs/crypto-vectors.json)', () => {
  it('the constants are those of vectors.json and README', () => {
    const operations = rawVectors.parameters.operations;
    expect(OPERATIONS_KEY_SALT_LABEL).toBe(operations.keySaltLabel);
    expect(toHex(Uint8Array.of(OPERATIONS_KEY_SALT_SEPARATOR_BYTE))).toBe(
      operations.keySaltSeparatorHex,
    );
    expect(OPERATIONS_KEY_BYTES).toBe(operations.keyBytes);
    expect(HKDF_HASH).toBe(operations.hkdf.hash);
    expect(OPERATION_KEY_HKDF_INFO).toBe(operations.hkdf.info);
    expect(OPERATION_SALT_BYTES).toBe(operations.saltBytes);
    expect(OPERATION_ENVELOPE_VERSION).toBe(operations.version);
    expect(OPERATION_ENVELOPE_FIELDS).toEqual(['v', 'data', 'iv', 'salt']);
  });
});

describe('operations-key vectors (docs/crypto-vectors.json)', () => {
  it.each(operationsKeyVectors)('$description: the package derives the salt and key', async (v) => {
    expect(toHex(await operationsKeySalt(v.spaceName))).toBe(v.keySaltHex);
    expect(toHex(await deriveOperationsKeyBytes(v.spaceKey, v.spaceName))).toBe(v.operationsKeyHex);
  });

  it.each(operationsKeyVectors)('$description: node:crypto recomputes them', (v) => {
    expect(nodeOperationsKeySalt(v.spaceName).toString('hex')).toBe(v.keySaltHex);
    expect(nodeOperationsKey(v.spaceKey, v.spaceName).toString('hex')).toBe(v.operationsKeyHex);
  });

  it('the same key gives different operations keys in different spaces', () => {
    const [first, , other] = operationsKeyVectors;
    expect(first?.spaceKey).toBe(other?.spaceKey);
    expect(first?.spaceName).not.toBe(other?.spaceName);
    expect(first?.operationsKeyHex).not.toBe(other?.operationsKeyHex);
  });

  it('includes a vector whose key and space name are not ASCII', () => {
    expect(
      operationsKeyVectors.some(
        (v) => /[^\x20-\x7e]/.test(v.spaceKey) && /[^\x20-\x7e]/.test(v.spaceName),
      ),
    ).toBe(true);
  });
});

describe('operation-envelope vectors (docs/crypto-vectors.json)', () => {
  it.each(operationEnvelopeVectors)(
    '$description: encryptOperationWithParams reproduces the envelope',
    async (v) => {
      const key = await importOperationsKey(hexToBytes(v.operationsKeyHex));
      const envelope = await encryptOperationWithParams(v.plaintext, key, {
        salt: hexToBytes(v.saltHex),
        iv: hexToBytes(v.ivHex),
      });
      expect(envelope).toBe(v.envelope);
      expect(JSON.stringify(v.plaintext)).toBe(v.plaintextJson);
    },
  );

  it.each(operationEnvelopeVectors)(
    '$description: node:crypto recomputes the keys and the envelope',
    (v) => {
      const operationsKey = nodeOperationsKey(v.spaceKey, v.spaceName);
      expect(operationsKey.toString('hex')).toBe(v.operationsKeyHex);
      const salt = hexToBytes(v.saltHex);
      expect(nodeEnvelopeKey(operationsKey, salt).toString('hex')).toBe(v.aesKeyHex);
      expect(nodeEncryptOperation(v.plaintext, operationsKey, salt, hexToBytes(v.ivHex))).toBe(
        v.envelope,
      );
      expect(nodeDecryptOperation(v.envelope, operationsKey)).toEqual(v.plaintext);
    },
  );

  it.each(operationEnvelopeVectors)(
    '$description: decryptOperation opens it with the key of (spaceKey, spaceName)',
    async (v) => {
      const key = await keyFor(v.spaceKey, v.spaceName);
      await expect(decryptOperation(v.envelope, key)).resolves.toEqual(v.plaintext);
    },
  );

  it('includes a vector whose key, space name and plaintext are not ASCII', () => {
    expect(
      operationEnvelopeVectors.some(
        (v) =>
          /[^\x20-\x7e]/.test(v.spaceKey) &&
          /[^\x20-\x7e]/.test(v.spaceName) &&
          /[^\x20-\x7e]/.test(v.plaintextJson),
      ),
    ).toBe(true);
  });
});

describe('deriveOperationsKey', () => {
  it('is a non-extractable HKDF key that can only derive keys', async () => {
    const key = await keyFor(KEY, SPACE);
    expect(key.kind).toBe('cipherspace/operations-key/v1');
    expect(key.hkdfKey.extractable).toBe(false);
    expect(key.hkdfKey.algorithm.name).toBe('HKDF');
    expect(key.hkdfKey.usages).toEqual(['deriveKey']);
    expect(Object.isFrozen(key)).toBe(true);
    await expect(globalThis.crypto.subtle.exportKey('raw', key.hkdfKey)).rejects.toThrow();
  });

  it('rejects an empty space key or space name with TypeError', async () => {
    const cache = createOperationsKeyCache();
    await expect(deriveOperationsKey('', SPACE, { cache })).rejects.toThrow(TypeError);
    await expect(deriveOperationsKey(KEY, '', { cache })).rejects.toThrow(TypeError);
    await expect(deriveOperationsKeyBytes('', SPACE)).rejects.toThrow(TypeError);
    expect(cache.size).toBe(0);
    expect(cache.stats.derivations).toBe(0);
  });

  it('importOperationsKey refuses anything but 32 bytes', async () => {
    await expect(importOperationsKey(new Uint8Array(31))).rejects.toThrow(RangeError);
    await expect(importOperationsKey(new Uint8Array(33))).rejects.toThrow(RangeError);
  });
});

describe('operations-key cache', () => {
  it('derives once per (space key, space name) and answers repeats from memory', async () => {
    const cache = createOperationsKeyCache();
    const { pbkdf2Calls } = watchPbkdf2();
    const first = await deriveOperationsKey(KEY, SPACE, { cache });
    expect(pbkdf2Calls()).toBeGreaterThan(0);
    const afterFirst = pbkdf2Calls();
    const again = await deriveOperationsKey(KEY, SPACE, { cache });
    expect(again).toBe(first);
    expect(pbkdf2Calls()).toBe(afterFirst);
    expect(cache.stats).toEqual({ derivations: 1, hits: 1, evictions: 0 });

    await deriveOperationsKey(KEY, 'team-beta', { cache });
    await deriveOperationsKey('Another-Key-123!', SPACE, { cache });
    expect(cache.stats).toEqual({ derivations: 3, hits: 1, evictions: 0 });
    expect(cache.size).toBe(3);
  });

  it('concurrent look-ups of one space derive once', async () => {
    const cache = createOperationsKeyCache();
    const keys = await Promise.all(
      Array.from({ length: 4 }, () => deriveOperationsKey(KEY, SPACE, { cache })),
    );
    expect(new Set(keys).size).toBe(1);
    expect(cache.stats).toEqual({ derivations: 1, hits: 3, evictions: 0 });
  });

  it('does not keep a failed derivation', async () => {
    const cache = createOperationsKeyCache();
    vi.spyOn(globalThis.crypto.subtle, 'deriveBits').mockRejectedValueOnce(
      new Error('injected failure'),
    );
    await expect(deriveOperationsKey(KEY, SPACE, { cache })).rejects.toThrow('injected failure');
    expect(cache.size).toBe(0);
    await expect(deriveOperationsKey(KEY, SPACE, { cache })).resolves.toMatchObject({
      kind: 'cipherspace/operations-key/v1',
    });
    expect(cache.stats.derivations).toBe(2);
  });

  it('evicts the least recently used space and clear() empties it', async () => {
    const cache = createOperationsKeyCache(1);
    await deriveOperationsKey(KEY, SPACE, { cache });
    await deriveOperationsKey(KEY, 'team-beta', { cache });
    expect(cache.stats).toEqual({ derivations: 2, hits: 0, evictions: 1 });
    await deriveOperationsKey(KEY, SPACE, { cache });
    expect(cache.stats.derivations).toBe(3);
    cache.clear();
    expect(cache.size).toBe(0);
    expect(cache.stats.derivations).toBe(3);
  });

  it('the default cache is used when none is passed', async () => {
    const before = defaultOperationsKeyCache.stats;
    const first = await deriveOperationsKey(KEY, 'default cache space');
    const second = await deriveOperationsKey(KEY, 'default cache space');
    expect(second).toBe(first);
    expect(defaultOperationsKeyCache.stats.derivations - before.derivations).toBe(1);
    expect(defaultOperationsKeyCache.stats.hits - before.hits).toBe(1);
    expect(defaultOperationsKeyCache.maxEntries).toBe(OPERATIONS_KEY_CACHE_DEFAULT_MAX_ENTRIES);
  });

  it.each([0, -1, 1.5, Number.NaN])('rejects maxEntries %s with RangeError', (maxEntries) => {
    expect(() => createOperationsKeyCache(maxEntries)).toThrow(RangeError);
  });
});

describe('no PBKDF2 on the live path', () => {
  it('encrypting and decrypting operations with a cached key runs no PBKDF2', async () => {
    const cache = createOperationsKeyCache();
    await deriveOperationsKey(KEY, SPACE, { cache });
    const { pbkdf2Calls, deriveKey: hkdf } = watchPbkdf2();
    // A receiver: looks the key up again (cached) and opens a burst of operations.
    const key = await deriveOperationsKey(KEY, SPACE, { cache });
    const envelopes = await Promise.all(
      Array.from({ length: 10 }, (_, index) => encryptOperation({ index }, key)),
    );
    const values = await Promise.all(envelopes.map((e) => decryptOperation(e, key)));
    expect(values).toEqual(Array.from({ length: 10 }, (_, index) => ({ index })));
    expect(pbkdf2Calls()).toBe(0);
    // One HKDF per envelope and per opening, and nothing else.
    expect(hkdf).toHaveBeenCalledTimes(20);
    for (const call of hkdf.mock.calls) {
      expect(call[0]).toMatchObject({ name: 'HKDF', hash: 'SHA-256' });
    }
    expect(cache.stats.derivations).toBe(1);
  });
});

describe('encryptOperation', () => {
  it('writes exactly {"v":"op1","data","iv","salt"} in that order with a 12-byte iv and 32-byte salt', async () => {
    const key = await keyFor(KEY, SPACE);
    const envelope = await encryptOperation({ hello: 'world' }, key);
    expect(envelope).toMatch(
      /^\{"v":"op1","data":"[A-Za-z0-9+/]+={0,2}","iv":"[A-Za-z0-9+/]{16}","salt":"[A-Za-z0-9+/]{43}="\}$/,
    );
    const { data, iv, salt } = parseOperationEnvelope(envelope);
    expect(iv).toHaveLength(IV_BYTES);
    expect(salt).toHaveLength(OPERATION_SALT_BYTES);
    expect(data).toHaveLength('{"hello":"world"}'.length + TAG_BYTES);
  });

  it('uses a fresh salt and IV every time', async () => {
    const key = await keyFor(KEY, SPACE);
    const envelopes = await Promise.all(
      Array.from({ length: 20 }, () => encryptOperation({ same: 1 }, key)),
    );
    const parsed = envelopes.map((e) => parseOperationEnvelope(e));
    expect(new Set(parsed.map((p) => toHex(p.salt))).size).toBe(20);
    expect(new Set(parsed.map((p) => toHex(p.iv))).size).toBe(20);
    expect(new Set(parsed.map((p) => toHex(p.data))).size).toBe(20);
  });

  it('produces envelopes that node:crypto opens with the operations key bytes', async () => {
    const value = { title: 'Grüße', list: [1, 2, 3], nested: { ok: true } };
    const envelope = await encryptOperation(value, await keyFor(KEY, SPACE));
    expect(nodeDecryptOperation(envelope, nodeOperationsKey(KEY, SPACE))).toEqual(value);
  });

  it('opens envelopes that node:crypto made', async () => {
    const value = { v: 1, tool: 'kanban', name: 'addIssue', args: { title: 'Straße' } };
    const envelope = nodeEncryptOperation(
      value,
      nodeOperationsKey(KEY, SPACE),
      randomBytes(32),
      randomBytes(12),
    );
    await expect(decryptOperation(envelope, await keyFor(KEY, SPACE))).resolves.toEqual(value);
  });

  it('rejects values JSON cannot represent and non-keys with TypeError', async () => {
    const key = await keyFor(KEY, SPACE);
    await expect(encryptOperation(undefined, key)).rejects.toThrow(TypeError);
    await expect(encryptOperation(() => 1, key)).rejects.toThrow(TypeError);
    const notAKey = { kind: 'something else' } as unknown as OperationsKey;
    await expect(encryptOperation({ a: 1 }, notAKey)).rejects.toThrow(TypeError);
  });

  it('encryptOperationWithParams rejects a wrong salt or IV length with RangeError', async () => {
    const key = await keyFor(KEY, SPACE);
    const salt = new Uint8Array(OPERATION_SALT_BYTES);
    const iv = new Uint8Array(IV_BYTES);
    await expect(
      encryptOperationWithParams({}, key, { salt: new Uint8Array(16), iv }),
    ).rejects.toThrow(RangeError);
    await expect(
      encryptOperationWithParams({}, key, { salt, iv: new Uint8Array(16) }),
    ).rejects.toThrow(RangeError);
  });
});

describe('round trips', () => {
  it.each<[string, unknown]>([
    ['an operation', { v: 1, tool: 'kanban', name: 'moveIssue', args: { id: 'i-1' }, id: 'x' }],
    ['unicode', { text: 'Grüße aus Köln – ÄÖÜ äöü ß 🎉 日本語 \u0000 \ud800', key: 'ключ' }],
    ['an empty object', {}],
    ['an empty array', []],
    ['null', null],
    ['a number', 42.5],
    ['a string', 'just text'],
  ])('%s', async (_label, value) => {
    const key = await keyFor(KEY, SPACE);
    await expect(decryptOperation(await encryptOperation(value, key), key)).resolves.toEqual(value);
  });
});

describe('decryptOperation failures', () => {
  // Made on first use, not while the file is collected, so no PBKDF2 runs behind the cache tests.
  let pending: Promise<string> | undefined;
  const envelope = () =>
    (pending ??= keyFor(KEY, SPACE).then((key) => encryptOperation({ secret: 'plans' }, key)));

  it('a wrong space key fails with DecryptError', async () => {
    const wrong = await keyFor('Wrong-Horse-Battery-9!', SPACE);
    await expectDecryptError(decryptOperation(await envelope(), wrong));
  });

  it('the right key of another space fails with DecryptError', async () => {
    const otherSpace = await keyFor(KEY, 'team-beta');
    await expectDecryptError(decryptOperation(await envelope(), otherSpace));
  });

  it('a value that is not an OperationsKey fails with DecryptError', async () => {
    const notAKey = {} as OperationsKey;
    await expectDecryptError(decryptOperation(await envelope(), notAKey));
  });

  it.each<[string, Exclude<Member, 'v'>, number]>([
    ['ciphertext', 'data', 0],
    ['tag', 'data', -1],
    ['iv', 'iv', 5],
    ['salt', 'salt', 31],
  ])('tampered %s fails with DecryptError', async (_label, member, index) => {
    const tampered = tamper(await envelope(), member, flip(index));
    expect(isOperationEnvelope(tampered)).toBe(true);
    await expectDecryptError(decryptOperation(tampered, await keyFor(KEY, SPACE)));
  });

  it.each<[string, unknown]>([
    ['another version string', 'op2'],
    ['the content version number', 1],
    ['an upper-case version', 'OP1'],
    ['null', null],
  ])('a tampered version (%s) fails with DecryptError', async (_label, version) => {
    const parsed = JSON.parse(await envelope()) as Record<Member, unknown>;
    const tampered = JSON.stringify({ ...parsed, v: version });
    expect(isOperationEnvelope(tampered)).toBe(false);
    await expectDecryptError(decryptOperation(tampered, await keyFor(KEY, SPACE)));
  });

  it('a truncated tag fails with DecryptError', async () => {
    const parsed = JSON.parse(await envelope()) as Record<Member, string>;
    const data = base64ToBytes(parsed.data);
    const truncated = JSON.stringify({ ...parsed, data: bytesToBase64(data.subarray(0, -1)) });
    await expectDecryptError(decryptOperation(truncated, await keyFor(KEY, SPACE)));
  });

  it('a plaintext that is not UTF-8 JSON fails with DecryptError', async () => {
    const operationsKey = nodeOperationsKey(KEY, SPACE);
    const salt = new Uint8Array(OPERATION_SALT_BYTES).fill(7);
    const iv = new Uint8Array(IV_BYTES).fill(9);
    for (const plaintext of [Buffer.from([0xff, 0xfe, 0x00]), Buffer.from('not json', 'utf8')]) {
      const cipher = createCipheriv('aes-256-gcm', nodeEnvelopeKey(operationsKey, salt), iv);
      const data = Buffer.concat([cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
      const envelope = JSON.stringify({
        v: 'op1',
        data: data.toString('base64'),
        iv: bytesToBase64(iv),
        salt: bytesToBase64(salt),
      });
      await expectDecryptError(decryptOperation(envelope, await keyFor(KEY, SPACE)));
    }
  });
});

describe('parseOperationEnvelope / isOperationEnvelope', () => {
  const b64 = (length: number) => bytesToBase64(new Uint8Array(length).fill(1));
  const valid = {
    v: 'op1',
    data: b64(TAG_BYTES + 1),
    iv: b64(IV_BYTES),
    salt: b64(OPERATION_SALT_BYTES),
  };

  it('accepts a well-formed envelope in any member order and with whitespace', () => {
    expect(isOperationEnvelope(JSON.stringify(valid))).toBe(true);
    const reordered = JSON.stringify(
      { salt: valid.salt, iv: valid.iv, data: valid.data, v: valid.v },
      null,
      2,
    );
    expect(isOperationEnvelope(reordered)).toBe(true);
    const parsed = parseOperationEnvelope(reordered);
    expect(parsed.iv).toHaveLength(IV_BYTES);
    expect(parsed.salt).toHaveLength(OPERATION_SALT_BYTES);
    expect(parsed.data).toHaveLength(TAG_BYTES + 1);
  });

  it.each<[string, unknown]>([
    ['empty string', ''],
    ['not JSON', 'not json'],
    ['JSON null', 'null'],
    ['JSON array', '[]'],
    ['JSON string', '"text"'],
    ['empty object', '{}'],
    ['missing v', JSON.stringify({ data: valid.data, iv: valid.iv, salt: valid.salt })],
    ['missing salt', JSON.stringify({ v: valid.v, data: valid.data, iv: valid.iv })],
    ['extra member', JSON.stringify({ ...valid, aad: '' })],
    ['numeric member', JSON.stringify({ ...valid, iv: 12 })],
    ['version with whitespace', JSON.stringify({ ...valid, v: 'op1 ' })],
    ['bad base64', JSON.stringify({ ...valid, data: 'not base64!' })],
    ['unpadded base64', JSON.stringify({ ...valid, salt: valid.salt.replace(/=+$/, '') })],
    ['URL-safe base64', JSON.stringify({ ...valid, data: valid.data.replace(/A/g, '-') })],
    ['base64 with whitespace', JSON.stringify({ ...valid, iv: ` ${valid.iv}` })],
    ['11-byte iv', JSON.stringify({ ...valid, iv: b64(11) })],
    ['13-byte iv', JSON.stringify({ ...valid, iv: b64(13) })],
    ['16-byte salt', JSON.stringify({ ...valid, salt: b64(16) })],
    ['31-byte salt', JSON.stringify({ ...valid, salt: b64(31) })],
    ['33-byte salt', JSON.stringify({ ...valid, salt: b64(33) })],
    ['data no longer than the tag', JSON.stringify({ ...valid, data: b64(TAG_BYTES) })],
  ])('rejects %s', async (_label, input) => {
    expect(isOperationEnvelope(input)).toBe(false);
    if (typeof input === 'string') {
      expect(() => parseOperationEnvelope(input)).toThrow(DecryptError);
      expect(() => parseOperationEnvelope(input)).toThrow(DECRYPT_FAILED_MESSAGE);
      await expectDecryptError(decryptOperation(input, await keyFor(KEY, SPACE)));
    }
  });

  it('isOperationEnvelope is false for non-strings', () => {
    for (const value of [undefined, null, 42, {}, valid, []]) {
      expect(isOperationEnvelope(value)).toBe(false);
    }
  });
});

describe('content and operation envelopes are never confused', () => {
  it('a content envelope is not an operation envelope', async () => {
    const content = envelopeVectors[0];
    if (!content) throw new Error('no content vector');
    expect(isEnvelope(content.envelope)).toBe(true);
    expect(isOperationEnvelope(content.envelope)).toBe(false);
    expect(() => parseOperationEnvelope(content.envelope)).toThrow(DecryptError);
    await expectDecryptError(
      decryptOperation(content.envelope, await keyFor(content.spaceKey, SPACE)),
    );
    // …nor one written just now.
    const fresh = await encryptJson({ a: 1 }, KEY, { cache: createKeyCache() });
    expect(isOperationEnvelope(fresh)).toBe(false);
    await expectDecryptError(decryptOperation(fresh, await keyFor(KEY, SPACE)));
  });

  it('an operation envelope is not a content envelope', async () => {
    const operation = operationEnvelopeVectors[1];
    if (!operation) throw new Error('no operation vector');
    expect(isOperationEnvelope(operation.envelope)).toBe(true);
    expect(isEnvelope(operation.envelope)).toBe(false);
    expect(() => parseEnvelope(operation.envelope)).toThrow(DecryptError);
    await expectDecryptError(
      decryptJson(operation.envelope, operation.spaceKey, { cache: createKeyCache() }),
    );
  });

  it('an operation envelope stripped of "v" has content-envelope shape but does not open', async () => {
    const operation = operationEnvelopeVectors[1];
    if (!operation) throw new Error('no operation vector');
    const { v: _v, ...rest } = JSON.parse(operation.envelope) as Record<Member, string>;
    const stripped = JSON.stringify(rest);
    expect(isEnvelope(stripped)).toBe(true);
    expect(isOperationEnvelope(stripped)).toBe(false);
    // The content key is PBKDF2(spaceKey, salt), not HKDF(operations key, salt): the tag fails.
    await expectDecryptError(
      decryptJson(stripped, operation.spaceKey, { cache: createKeyCache() }),
    );
  });
});
