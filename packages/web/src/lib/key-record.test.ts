/**
 * The stored encryption key record (spec §3). jsdom has no IndexedDB (and `fake-indexeddb` is
 * not installed), so the device key store is injected: an in-memory store holding a real
 * non-extractable Web Crypto key. The IndexedDB store itself runs in the e2e suite's Chromium.
 */
import { generateWrappingKey, type WebCryptoKey } from '@cipherspace/crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import {
  isKeyRecord,
  KEY_RECORD_STORAGE_PREFIX,
  keyIdForSpace,
  keyRecordStorageKey,
  LAST_USED_INTERVAL_MS,
  readKeyRecord,
  removeKeyRecord,
  saveKeyRecord,
  setDefaultDeviceKeyStore,
  touchKeyRecord,
  unwrapKeyRecord,
  type DeviceKeyStore,
  type KeyRecord,
} from './key-record.ts';
import { clearSession, getSpaceKey, saveLogin } from './session.ts';
import { spaceKeyStorageKey } from './storage.ts';

const SPACE = 'Team Alpha';
const KEY = 'Correct-Horse-Battery-9!';
const T0 = Date.parse('2025-03-05T14:07:00.000Z');

function memoryStore(): DeviceKeyStore & { key: Promise<WebCryptoKey> } {
  const key = generateWrappingKey();
  return { key, getOrCreate: () => key };
}

/** What saveLogin does before it saves the record. */
function storeSpaceKey(spaceName = SPACE, spaceKey = KEY) {
  localStorage.setItem(spaceKeyStorageKey(spaceName), spaceKey);
}

function storedRecord(spaceName = SPACE): KeyRecord {
  return JSON.parse(localStorage.getItem(keyRecordStorageKey(spaceName)) ?? 'null') as KeyRecord;
}

let store: ReturnType<typeof memoryStore>;

beforeEach(() => {
  store = memoryStore();
  setDefaultDeviceKeyStore(store);
});

afterEach(() => {
  setDefaultDeviceKeyStore(undefined);
  vi.restoreAllMocks();
});

describe('key id and storage key (spec §3: key id prefix key_, storage prefix {product}_key_)', () => {
  it('is key_ + 32 hex digits of FNV-1a-128 of the space name, stable', () => {
    expect(keyIdForSpace('a')).toBe('key_d228cb696f1a8caf78912b704e4a8964');
    expect(keyIdForSpace(SPACE)).toMatch(/^key_[0-9a-f]{32}$/);
    expect(keyIdForSpace(SPACE)).toBe(keyIdForSpace('Team Alpha'));
    expect(keyIdForSpace(SPACE)).not.toBe(keyIdForSpace('Team Beta'));
    expect(keyIdForSpace('Grüße aus Köln')).toMatch(/^key_[0-9a-f]{32}$/);
  });

  it('is stored under cipherspace_key_{keyId}', () => {
    expect(KEY_RECORD_STORAGE_PREFIX).toBe('cipherspace_key_');
    expect(keyRecordStorageKey(SPACE)).toBe(`cipherspace_key_${keyIdForSpace(SPACE)}`);
  });
});

describe('saveKeyRecord', () => {
  it('stores the record of spec §3 with a wrapped key that is not the plaintext', async () => {
    storeSpaceKey();
    const record = await saveKeyRecord(SPACE, KEY, { now: () => T0 });
    expect(record).not.toBeNull();
    expect(storedRecord()).toEqual({
      keyInfo: {
        keyId: keyIdForSpace(SPACE),
        algorithm: 'AES-GCM-256',
        created: '2025-03-05T14:07:00.000Z',
        lastUsed: '2025-03-05T14:07:00.000Z',
        version: 1,
      },
      encryptedKey: expect.any(String) as unknown,
    });
    expect(Object.keys(storedRecord()).sort()).toEqual(['encryptedKey', 'keyInfo']);
    expect(isKeyRecord(storedRecord())).toBe(true);
    const raw = localStorage.getItem(keyRecordStorageKey(SPACE)) ?? '';
    expect(raw).not.toContain(KEY);
    expect(raw).not.toContain(btoa(KEY));
  });

  it('the wrapped key unwraps to the space key with this browser’s device key only', async () => {
    storeSpaceKey();
    await saveKeyRecord(SPACE, KEY);
    expect(await unwrapKeyRecord(SPACE)).toBe(KEY);
    // Another browser (another device key) cannot open a copy of localStorage.
    expect(await unwrapKeyRecord(SPACE, { store: memoryStore() })).toBeNull();
    // The device key cannot be exported.
    await expect(crypto.subtle.exportKey('raw', await store.key)).rejects.toThrow();
  });

  it('a record moved into another space’s slot does not open', async () => {
    storeSpaceKey();
    await saveKeyRecord(SPACE, KEY);
    const moved = storedRecord();
    localStorage.setItem(
      keyRecordStorageKey('Team Beta'),
      JSON.stringify({
        ...moved,
        keyInfo: { ...moved.keyInfo, keyId: keyIdForSpace('Team Beta') },
      }),
    );
    expect(await unwrapKeyRecord('Team Beta')).toBeNull();
  });

  it('writes nothing when the space key was removed meanwhile (logout while wrapping)', async () => {
    storeSpaceKey();
    let release: (key: WebCryptoKey) => void = () => undefined;
    const slow: DeviceKeyStore = {
      getOrCreate: () => new Promise((resolve) => (release = resolve)),
    };
    const saving = saveKeyRecord(SPACE, KEY, { store: slow });
    localStorage.removeItem(spaceKeyStorageKey(SPACE));
    release(await store.key);
    expect(await saving).toBeNull();
    expect(localStorage.getItem(keyRecordStorageKey(SPACE))).toBeNull();
  });

  it('without a device key store (no IndexedDB) it stores nothing and does not fail', async () => {
    storeSpaceKey();
    expect(await saveKeyRecord(SPACE, KEY, { store: null })).toBeNull();
    expect(localStorage.getItem(keyRecordStorageKey(SPACE))).toBeNull();
    expect(await unwrapKeyRecord(SPACE, { store: null })).toBeNull();
  });

  it('a failing device key store is logged, not thrown', async () => {
    storeSpaceKey();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const broken: DeviceKeyStore = { getOrCreate: () => Promise.reject(new Error('blocked')) };
    expect(await saveKeyRecord(SPACE, KEY, { store: broken })).toBeNull();
    expect(warn).toHaveBeenCalled();
  });
});

describe('readKeyRecord / isKeyRecord', () => {
  it('ignores malformed records', () => {
    const key = keyRecordStorageKey(SPACE);
    const info = {
      keyId: keyIdForSpace(SPACE),
      algorithm: 'AES-GCM-256',
      created: '2025-03-05T14:07:00.000Z',
      lastUsed: '2025-03-05T14:07:00.000Z',
      version: 1,
    };
    const cases: unknown[] = [
      'not json',
      { keyInfo: info },
      { keyInfo: { ...info, algorithm: 'AES-CBC' }, encryptedKey: 'x' },
      { keyInfo: { ...info, version: 2 }, encryptedKey: 'x' },
      { keyInfo: { ...info, keyId: 'abc' }, encryptedKey: 'x' },
      { keyInfo: { ...info, lastUsed: 'yesterday' }, encryptedKey: 'x' },
      { keyInfo: { ...info, keyId: keyIdForSpace('Other') }, encryptedKey: 'x' },
    ];
    for (const value of cases) {
      localStorage.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
      expect(readKeyRecord(SPACE), JSON.stringify(value)).toBeNull();
    }
    localStorage.setItem(key, JSON.stringify({ keyInfo: info, encryptedKey: 'x' }));
    expect(readKeyRecord(SPACE)?.keyInfo.keyId).toBe(keyIdForSpace(SPACE));
  });
});

describe('touchKeyRecord (lastUsed, at most once per minute)', () => {
  it('updates lastUsed only when it is a minute old, and reads storage at most once a minute', async () => {
    const space = 'Touch Space';
    storeSpaceKey(space);
    await saveKeyRecord(space, KEY, { now: () => T0 });
    const getItem = vi.spyOn(Storage.prototype, 'getItem');

    touchKeyRecord(space, () => T0 + 30_000);
    expect(getItem).not.toHaveBeenCalled();
    expect(storedRecord(space).keyInfo.lastUsed).toBe('2025-03-05T14:07:00.000Z');

    touchKeyRecord(space, () => T0 + LAST_USED_INTERVAL_MS);
    expect(storedRecord(space).keyInfo.lastUsed).toBe('2025-03-05T14:08:00.000Z');
    expect(storedRecord(space).keyInfo.created).toBe('2025-03-05T14:07:00.000Z');
    expect(await unwrapKeyRecord(space)).toBe(KEY);

    getItem.mockClear();
    touchKeyRecord(space, () => T0 + LAST_USED_INTERVAL_MS + 59_999);
    expect(getItem).not.toHaveBeenCalled();
    expect(storedRecord(space).keyInfo.lastUsed).toBe('2025-03-05T14:08:00.000Z');
  });

  it('does nothing without a record', () => {
    touchKeyRecord('No Record Space', () => T0);
    expect(localStorage.getItem(keyRecordStorageKey('No Record Space'))).toBeNull();
  });

  it('reading the space key for a tool or the settings (getSpaceKey) refreshes lastUsed', async () => {
    const space = 'Read Space';
    storeSpaceKey(space);
    const past = Date.now() - 10 * LAST_USED_INTERVAL_MS;
    await saveKeyRecord(space, KEY, { now: () => past });
    vi.spyOn(Date, 'now').mockReturnValue(past + LAST_USED_INTERVAL_MS);
    expect(getSpaceKey(space)).toBe(KEY);
    expect(Date.parse(storedRecord(space).keyInfo.lastUsed)).toBe(past + LAST_USED_INTERVAL_MS);
  });
});

describe('with the session (spec §4: login stores, logout removes)', () => {
  const login = {
    token: 'tok',
    space: {
      name: 'Session Space',
      force_user_passwords: false,
      allow_self_registration: true,
      created_at: '2025-01-01T00:00:00.000Z',
    },
    user: { id: 'u1', username: 'ann', role: 'admin' as const },
    spaceKey: KEY,
  };

  it('saveLogin stores the record; clearSession removes it with the space key', async () => {
    saveLogin(login);
    const key = keyRecordStorageKey('Session Space');
    await vi.waitFor(() => expect(localStorage.getItem(key)).not.toBeNull());
    expect(await unwrapKeyRecord('Session Space')).toBe(KEY);
    const keysBefore = Object.keys(localStorage);
    expect(keysBefore.filter((name) => name.startsWith(KEY_RECORD_STORAGE_PREFIX))).toEqual([key]);

    clearSession();
    expect(localStorage.getItem(key)).toBeNull();
    expect(localStorage.getItem(spaceKeyStorageKey('Session Space'))).toBeNull();
  });

  it('a logout right after the login leaves no record behind', async () => {
    saveLogin(login);
    clearSession();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(localStorage.getItem(keyRecordStorageKey('Session Space'))).toBeNull();
  });
});

describe('removeKeyRecord', () => {
  it('removes only the record of that space', async () => {
    storeSpaceKey('One');
    storeSpaceKey('Two');
    await saveKeyRecord('One', KEY);
    await saveKeyRecord('Two', KEY);
    removeKeyRecord('One');
    expect(localStorage.getItem(keyRecordStorageKey('One'))).toBeNull();
    expect(readKeyRecord('Two')).not.toBeNull();
  });
});
