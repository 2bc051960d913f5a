import { createCipheriv, createDecipheriv, pbkdf2Sync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { envelopeVectors, hexToBytes } from '../test/vectors.ts';
import {
  DECRYPT_FAILED_MESSAGE,
  IV_BYTES,
  PBKDF2_ITERATIONS,
  SALT_BYTES,
  TAG_BYTES,
} from './constants.ts';
import { base64ToBytes, bytesToBase64 } from './encoding.ts';
import {
  DecryptError,
  decryptJson,
  encryptJson,
  encryptJsonWithParams,
  isEnvelope,
  parseEnvelope,
} from './envelope.ts';
import { createKeyCache } from './key-cache.ts';

const KEY = 'Correct-Horse-Battery-9!';

/** Independent implementation with node:crypto only (what README.md tells third parties to do). */
function nodeEncrypt(value: unknown, spaceKey: string, salt: Uint8Array, iv: Uint8Array): string {
  const key = pbkdf2Sync(Buffer.from(spaceKey, 'utf8'), salt, PBKDF2_ITERATIONS, 32, 'sha256');
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  const data = Buffer.concat([
    cipher.update(JSON.stringify(value), 'utf8'),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  return JSON.stringify({
    data: data.toString('base64'),
    iv: Buffer.from(iv).toString('base64'),
    salt: Buffer.from(salt).toString('base64'),
  });
}

function nodeDecrypt(envelope: string, spaceKey: string): unknown {
  const { data, iv, salt } = JSON.parse(envelope) as { data: string; iv: string; salt: string };
  const sealed = Buffer.from(data, 'base64');
  const key = pbkdf2Sync(
    Buffer.from(spaceKey, 'utf8'),
    Buffer.from(salt, 'base64'),
    PBKDF2_ITERATIONS,
    32,
    'sha256',
  );
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'), {
    authTagLength: TAG_BYTES,
  });
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
  const plaintext = Buffer.concat([
    decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)),
    decipher.final(),
  ]);
  return JSON.parse(plaintext.toString('utf8'));
}

/** Re-encodes an envelope after `mutate` changed one decoded member. */
function tamper(
  envelope: string,
  member: 'data' | 'iv' | 'salt',
  mutate: (bytes: Uint8Array) => void,
) {
  const parsed = JSON.parse(envelope) as Record<'data' | 'iv' | 'salt', string>;
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

describe('test vectors (docs/crypto-vectors.json)', () => {
  it.each(envelopeVectors)(
    '$description: encryptJsonWithParams reproduces the envelope',
    async (vector) => {
      const envelope = await encryptJsonWithParams(vector.plaintext, vector.spaceKey, {
        salt: hexToBytes(vector.saltHex),
        iv: hexToBytes(vector.ivHex),
      });
      expect(envelope).toBe(vector.envelope);
      expect(JSON.stringify(vector.plaintext)).toBe(vector.plaintextJson);
    },
  );

  it.each(envelopeVectors)('$description: node:crypto recomputes the same envelope', (vector) => {
    const salt = hexToBytes(vector.saltHex);
    const key = pbkdf2Sync(
      Buffer.from(vector.spaceKey, 'utf8'),
      salt,
      PBKDF2_ITERATIONS,
      32,
      'sha256',
    );
    expect(key.toString('hex')).toBe(vector.aesKeyHex);
    expect(nodeEncrypt(vector.plaintext, vector.spaceKey, salt, hexToBytes(vector.ivHex))).toBe(
      vector.envelope,
    );
  });

  it.each(envelopeVectors)('$description: decryptJson opens the envelope', async (vector) => {
    await expect(
      decryptJson(vector.envelope, vector.spaceKey, { cache: createKeyCache() }),
    ).resolves.toEqual(vector.plaintext);
  });

  it('includes a vector whose key and plaintext are not ASCII', () => {
    const nonAscii = envelopeVectors.filter(
      (vector) => /[^\x20-\x7e]/.test(vector.spaceKey) && /[^\x20-\x7e]/.test(vector.plaintextJson),
    );
    expect(nonAscii.length).toBeGreaterThan(0);
  });
});

describe('encryptJson', () => {
  it('writes exactly {"data","iv","salt"} in that order with 12-byte iv and 32-byte salt', async () => {
    const envelope = await encryptJson({ hello: 'world' }, KEY);
    expect(envelope).toMatch(
      /^\{"data":"[A-Za-z0-9+/]+={0,2}","iv":"[A-Za-z0-9+/]{16}","salt":"[A-Za-z0-9+/]{43}="\}$/,
    );
    const { data, iv, salt } = parseEnvelope(envelope);
    expect(iv).toHaveLength(IV_BYTES);
    expect(salt).toHaveLength(SALT_BYTES);
    expect(data).toHaveLength('{"hello":"world"}'.length + TAG_BYTES);
  });

  it('uses a fresh salt and IV every time', async () => {
    const first = parseEnvelope(await encryptJson({ same: 1 }, KEY));
    const second = parseEnvelope(await encryptJson({ same: 1 }, KEY));
    expect(first.salt).not.toEqual(second.salt);
    expect(first.iv).not.toEqual(second.iv);
    expect(first.data).not.toEqual(second.data);
  });

  it('produces envelopes that node:crypto decrypts', async () => {
    const value = { title: 'Grüße', list: [1, 2, 3], nested: { ok: true } };
    expect(nodeDecrypt(await encryptJson(value, KEY), KEY)).toEqual(value);
  });

  it('rejects values JSON cannot represent and empty keys with TypeError', async () => {
    await expect(encryptJson(undefined, KEY)).rejects.toThrow(TypeError);
    await expect(encryptJson(() => 1, KEY)).rejects.toThrow(TypeError);
    await expect(encryptJson({ a: 1 }, '')).rejects.toThrow(TypeError);
  });

  it('encryptJsonWithParams rejects a wrong salt or IV length with RangeError', async () => {
    const salt = new Uint8Array(SALT_BYTES);
    const iv = new Uint8Array(IV_BYTES);
    await expect(encryptJsonWithParams({}, KEY, { salt: new Uint8Array(31), iv })).rejects.toThrow(
      RangeError,
    );
    await expect(encryptJsonWithParams({}, KEY, { salt, iv: new Uint8Array(16) })).rejects.toThrow(
      RangeError,
    );
  });
});

describe('round trips', () => {
  const cache = createKeyCache();
  it.each<[string, unknown]>([
    ['an object', { title: 'Board', phases: [{ id: 'p1', issues: [] }], count: 3, ok: false }],
    ['unicode', { text: 'Grüße aus Köln – ÄÖÜ äöü ß 🎉 日本語 \u0000 \ud800', key: 'ключ' }],
    ['an empty object', {}],
    ['an empty array', []],
    ['null', null],
    ['a number', 42.5],
    ['a string', 'just text'],
  ])('%s', async (_label, value) => {
    const envelope = await encryptJson(value, KEY, { cache });
    await expect(decryptJson(envelope, KEY, { cache })).resolves.toEqual(value);
  });

  it('a 1 MB value', async () => {
    const value = { blob: 'ä'.repeat(256 * 1024) + 'x'.repeat(512 * 1024), items: [1, 2, 3] };
    const envelope = await encryptJson(value, KEY, { cache });
    expect(envelope.length).toBeGreaterThan(1024 * 1024);
    await expect(decryptJson(envelope, KEY, { cache })).resolves.toEqual(value);
  });
});

describe('decryptJson failures', () => {
  const cache = createKeyCache();
  const envelopePromise = encryptJson({ secret: 'plans' }, KEY, { cache });

  it('wrong key fails with DecryptError and the exact message', async () => {
    await expectDecryptError(
      decryptJson(await envelopePromise, 'Wrong-Horse-Battery-9!', { cache }),
    );
  });

  it('empty key fails with DecryptError', async () => {
    await expectDecryptError(decryptJson(await envelopePromise, '', { cache }));
  });

  it.each<[string, 'data' | 'iv' | 'salt', number]>([
    ['ciphertext', 'data', 0],
    ['tag', 'data', -1],
    ['iv', 'iv', 5],
    ['salt', 'salt', 31],
  ])('tampered %s fails with DecryptError', async (_label, member, index) => {
    const tampered = tamper(await envelopePromise, member, flip(index));
    expect(isEnvelope(tampered)).toBe(true);
    await expectDecryptError(decryptJson(tampered, KEY, { cache }));
  });

  it('a truncated tag fails with DecryptError', async () => {
    const parsed = JSON.parse(await envelopePromise) as Record<string, string>;
    const data = base64ToBytes(parsed.data ?? '');
    const truncated = JSON.stringify({ ...parsed, data: bytesToBase64(data.subarray(0, -1)) });
    await expectDecryptError(decryptJson(truncated, KEY, { cache }));
  });

  it('a ciphertext that is not UTF-8 JSON fails with DecryptError', async () => {
    const salt = new Uint8Array(SALT_BYTES).fill(7);
    const iv = new Uint8Array(IV_BYTES).fill(9);
    const key = pbkdf2Sync(KEY, salt, PBKDF2_ITERATIONS, 32, 'sha256');
    for (const plaintext of [Buffer.from([0xff, 0xfe, 0x00]), Buffer.from('not json', 'utf8')]) {
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
      const envelope = JSON.stringify({
        data: data.toString('base64'),
        iv: bytesToBase64(iv),
        salt: bytesToBase64(salt),
      });
      await expectDecryptError(decryptJson(envelope, KEY, { cache }));
    }
  });
});

describe('parseEnvelope / isEnvelope', () => {
  const b64 = (length: number) => bytesToBase64(new Uint8Array(length).fill(1));
  const valid = { data: b64(TAG_BYTES + 1), iv: b64(IV_BYTES), salt: b64(SALT_BYTES) };

  it('accepts a well-formed envelope in any member order and with whitespace', () => {
    expect(isEnvelope(JSON.stringify(valid))).toBe(true);
    const reordered = JSON.stringify({ salt: valid.salt, data: valid.data, iv: valid.iv }, null, 2);
    expect(isEnvelope(reordered)).toBe(true);
    const parsed = parseEnvelope(reordered);
    expect(parsed.iv).toHaveLength(IV_BYTES);
    expect(parsed.salt).toHaveLength(SALT_BYTES);
    expect(parsed.data).toHaveLength(TAG_BYTES + 1);
  });

  it.each<[string, unknown]>([
    ['empty string', ''],
    ['not JSON', 'not json'],
    ['JSON null', 'null'],
    ['JSON array', '[]'],
    ['JSON string', '"text"'],
    ['empty object', '{}'],
    ['missing salt', JSON.stringify({ data: valid.data, iv: valid.iv })],
    ['extra member', JSON.stringify({ ...valid, v: 2 })],
    ['numeric member', JSON.stringify({ ...valid, iv: 12 })],
    ['bad base64', JSON.stringify({ ...valid, data: 'not base64!' })],
    ['unpadded base64', JSON.stringify({ ...valid, salt: valid.salt.replace(/=+$/, '') })],
    ['URL-safe base64', JSON.stringify({ ...valid, data: valid.data.replace(/A/g, '-') })],
    ['11-byte iv', JSON.stringify({ ...valid, iv: b64(11) })],
    ['13-byte iv', JSON.stringify({ ...valid, iv: b64(13) })],
    ['31-byte salt', JSON.stringify({ ...valid, salt: b64(31) })],
    ['33-byte salt', JSON.stringify({ ...valid, salt: b64(33) })],
    ['data no longer than the tag', JSON.stringify({ ...valid, data: b64(TAG_BYTES) })],
  ])('rejects %s', async (_label, input) => {
    expect(isEnvelope(input)).toBe(false);
    if (typeof input === 'string') {
      expect(() => parseEnvelope(input)).toThrow(DecryptError);
      expect(() => parseEnvelope(input)).toThrow(DECRYPT_FAILED_MESSAGE);
      await expectDecryptError(decryptJson(input, KEY));
    }
  });

  it('isEnvelope is false for non-strings', () => {
    for (const value of [undefined, null, 42, {}, valid, []]) {
      expect(isEnvelope(value)).toBe(false);
    }
  });

  it('DecryptError carries the cause and the fixed name and message', () => {
    let caught: unknown;
    try {
      parseEnvelope('not json');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(DecryptError);
    expect(caught).toBeInstanceOf(Error);
    expect(caught).toMatchObject({ name: 'DecryptError', message: DECRYPT_FAILED_MESSAGE });
    expect((caught as DecryptError).cause).toBeInstanceOf(SyntaxError);
  });
});
