/**
 * The stored encryption key record (spec §3 "Browser storage keys"): next to
 * `space_key_{space name}`, a login stores under `{product}_key_{keyId}` (e.g.
 * `cipherspace_key_key_3f2a…`) the JSON record
 *
 *   { "keyInfo": { "keyId": "key_…", "algorithm": "AES-GCM-256", "created": ISO,
 *                  "lastUsed": ISO, "version": 1 },
 *     "encryptedKey": "<wrapped space key>" }
 *
 * - **encryptedKey** is the space key wrapped with AES-256-GCM (`wrapSecret` of
 *   @cipherspace/crypto, README §8) under this browser's **device key**: a NON-extractable
 *   AES-GCM `CryptoKey` made once per browser profile and kept in IndexedDB (database
 *   `cipherspace_device_keys`, store `keys`, entry `device-key-v1`, a structured clone of the
 *   key). Its bytes cannot be read, not even by this page, so a copy of localStorage alone cannot
 *   open the record. The space name is the wrap's associated data, so a record moved to another
 *   space's slot does not open either. Note that spec §3 also keeps the space key in plain text
 *   (`space_key_{space name}`, `{product}_content_credentials`); the record adds no further copy
 *   that could be read from storage.
 * - **keyId** = `key_` + FNV-1a-128 (hex, 32 digits) of the UTF-8 space name. Why the space
 *   name: one record per space, found again without the key (logout must remove it even when the
 *   key is gone) and synchronously (logout is synchronous). Why never the key: an id derived from
 *   the key would be a cheap offline test for key guesses. The space name is no secret (it is in
 *   `currentSpace` and in the storage key `space_key_{space name}` anyway), so a non-cryptographic
 *   hash is enough; it only keeps the storage key short and free of odd characters. A collision
 *   of two space names would make them share a slot; the associated data then makes the other
 *   space's record fail to open (`unwrapKeyRecord` → null) instead of yielding a wrong key.
 * - **lastUsed** is refreshed when the space key is read (`getSpaceKey` in ./session.ts: tools,
 *   settings, the dashboard), at most once per minute per record (an in-memory check first, so a
 *   read costs no storage access in between).
 * - **Removal**: logout (`clearSession`) removes the record with the space key (spec §4).
 * - Without IndexedDB (some private modes; jsdom) no record is written; everything else works.
 *   The device key stays in IndexedDB after logout: it opens nothing once the records are gone.
 */
import {
  generateWrappingKey,
  unwrapSecret,
  wrapSecret,
  type WebCryptoKey,
} from '@cipherspace/crypto';

import { PRODUCT } from './product.ts';
import { readJson, spaceKeyStorageKey, writeJson } from './storage.ts';

/** spec §3: every key id starts with this. */
export const KEY_ID_PREFIX = 'key_';
/** spec §3: storage prefix of key records, `{product}_key_`. */
export const KEY_RECORD_STORAGE_PREFIX = `${PRODUCT}_key_`;
/** spec §3 keyInfo.algorithm. */
export const KEY_RECORD_ALGORITHM = 'AES-GCM-256';
/** spec §3 keyInfo.version. */
export const KEY_RECORD_VERSION = 1;
/** lastUsed is written at most this often per record. */
export const LAST_USED_INTERVAL_MS = 60_000;

/** spec §3 keyInfo. Dates are ISO 8601 strings. */
export interface KeyInfo {
  keyId: string;
  algorithm: typeof KEY_RECORD_ALGORITHM;
  created: string;
  lastUsed: string;
  version: typeof KEY_RECORD_VERSION;
}

/** spec §3 stored encryption key record. */
export interface KeyRecord {
  keyInfo: KeyInfo;
  encryptedKey: string;
}

/** Where this browser's device key lives; injected in tests (jsdom has no IndexedDB). */
export interface DeviceKeyStore {
  /** The device key, made (non-extractable) and stored on first use. */
  getOrCreate(): Promise<WebCryptoKey>;
}

const FNV_OFFSET_128 = 0x6c62272e07bb014262b821756295c58dn;
const FNV_PRIME_128 = 0x0000000001000000000000000000013bn;
const MASK_128 = (1n << 128n) - 1n;

/** FNV-1a, 128 bits, of the UTF-8 bytes of `text`, as 32 lowercase hex digits. */
function fnv1a128(text: string): string {
  let hash = FNV_OFFSET_128;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= BigInt(byte);
    hash = (hash * FNV_PRIME_128) & MASK_128;
  }
  return hash.toString(16).padStart(32, '0');
}

const keyIds = new Map<string, string>();

/** The stable key id of a space's record: `key_` + FNV-1a-128 of its name (see above). */
export function keyIdForSpace(spaceName: string): string {
  let keyId = keyIds.get(spaceName);
  if (keyId === undefined) {
    keyId = `${KEY_ID_PREFIX}${fnv1a128(spaceName)}`;
    keyIds.set(spaceName, keyId);
  }
  return keyId;
}

/** The storage key of a space's record: `{product}_key_{keyId}`. */
export function keyRecordStorageKey(spaceName: string): string {
  return `${KEY_RECORD_STORAGE_PREFIX}${keyIdForSpace(spaceName)}`;
}

function isIsoDate(value: unknown): value is string {
  return typeof value === 'string' && !Number.isNaN(Date.parse(value));
}

/** Whether `value` has the record's shape (nothing is decrypted). */
export function isKeyRecord(value: unknown): value is KeyRecord {
  if (typeof value !== 'object' || value === null) return false;
  const { keyInfo, encryptedKey } = value as Partial<Record<keyof KeyRecord, unknown>>;
  if (typeof encryptedKey !== 'string' || typeof keyInfo !== 'object' || keyInfo === null)
    return false;
  const info = keyInfo as Partial<Record<keyof KeyInfo, unknown>>;
  return (
    typeof info.keyId === 'string' &&
    info.keyId.startsWith(KEY_ID_PREFIX) &&
    info.algorithm === KEY_RECORD_ALGORITHM &&
    info.version === KEY_RECORD_VERSION &&
    isIsoDate(info.created) &&
    isIsoDate(info.lastUsed)
  );
}

/** The stored record of a space, or null when absent or malformed. */
export function readKeyRecord(spaceName: string): KeyRecord | null {
  const record = readJson<unknown>(keyRecordStorageKey(spaceName));
  return isKeyRecord(record) && record.keyInfo.keyId === keyIdForSpace(spaceName) ? record : null;
}

// ---------------------------------------------------------------------------------------------
// The device key in IndexedDB

const DB_NAME = `${PRODUCT}_device_keys`;
const STORE = 'keys';
const DEVICE_KEY_ID = 'device-key-v1';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

function openDatabase(factory: IDBFactory): Promise<IDBDatabase> {
  const open = factory.open(DB_NAME, 1);
  open.onupgradeneeded = () => {
    if (!open.result.objectStoreNames.contains(STORE)) open.result.createObjectStore(STORE);
  };
  return request(open);
}

function isCryptoKey(value: unknown): value is WebCryptoKey {
  return typeof CryptoKey !== 'undefined' && value instanceof CryptoKey;
}

/**
 * The device key store on `factory` (default: this window's IndexedDB). The first call makes
 * the key; a second tab racing to make it loses the `add` and uses the winner's key.
 */
export function indexedDbDeviceKeyStore(factory: IDBFactory = indexedDB): DeviceKeyStore {
  let pending: Promise<WebCryptoKey> | null = null;

  async function load(): Promise<WebCryptoKey> {
    const db = await openDatabase(factory);
    try {
      const read = async () =>
        request<unknown>(db.transaction(STORE, 'readonly').objectStore(STORE).get(DEVICE_KEY_ID));
      const existing = await read();
      if (isCryptoKey(existing)) return existing;
      const created = await generateWrappingKey();
      try {
        await request(
          db.transaction(STORE, 'readwrite').objectStore(STORE).add(created, DEVICE_KEY_ID),
        );
        return created;
      } catch (error) {
        const winner = await read();
        if (isCryptoKey(winner)) return winner;
        throw error;
      }
    } finally {
      db.close();
    }
  }

  return {
    getOrCreate() {
      pending ??= load().catch((error: unknown) => {
        pending = null;
        throw error;
      });
      return pending;
    },
  };
}

let defaultStore: DeviceKeyStore | null | undefined;

/** The store used when none is passed: IndexedDB when this runtime has it, else none. */
function currentDefaultStore(): DeviceKeyStore | null {
  defaultStore ??= typeof indexedDB === 'undefined' ? null : indexedDbDeviceKeyStore();
  return defaultStore;
}

/** Replaces the default device key store (tests); `undefined` restores the automatic choice. */
export function setDefaultDeviceKeyStore(store: DeviceKeyStore | null | undefined): void {
  defaultStore = store;
}

// ---------------------------------------------------------------------------------------------
// Save, read, touch, remove

interface Options {
  /** Default: IndexedDB (see setDefaultDeviceKeyStore). */
  store?: DeviceKeyStore | null;
  /** Clock (ms since the epoch); default Date.now. */
  now?: () => number;
}

/** In-memory time of the last lastUsed write (or check) per keyId. */
const touchedAt = new Map<string, number>();

/**
 * Stores the record of `spaceName` for `spaceKey` (called by saveLogin). Resolves to the record,
 * or null when there is no device key store or the space key was removed meanwhile (a logout
 * while wrapping). Failures are logged, never thrown: the login itself has succeeded.
 */
export async function saveKeyRecord(
  spaceName: string,
  spaceKey: string,
  options: Options = {},
): Promise<KeyRecord | null> {
  const store = options.store === undefined ? currentDefaultStore() : options.store;
  if (!store) return null;
  try {
    const deviceKey = await store.getOrCreate();
    const encryptedKey = await wrapSecret(spaceKey, deviceKey, spaceName);
    if (localStorage.getItem(spaceKeyStorageKey(spaceName)) !== spaceKey) return null;
    const nowMs = (options.now ?? Date.now)();
    const now = new Date(nowMs).toISOString();
    const keyId = keyIdForSpace(spaceName);
    const record: KeyRecord = {
      keyInfo: {
        keyId,
        algorithm: KEY_RECORD_ALGORITHM,
        created: now,
        lastUsed: now,
        version: KEY_RECORD_VERSION,
      },
      encryptedKey,
    };
    writeJson(keyRecordStorageKey(spaceName), record);
    touchedAt.set(keyId, nowMs);
    return record;
  } catch (error) {
    console.warn('The encrypted key record could not be stored', error);
    return null;
  }
}

/**
 * The space key of the stored record of `spaceName`, unwrapped with the device key; null when
 * there is no record, no device key store, or it does not open (other browser, other space,
 * tampered).
 */
export async function unwrapKeyRecord(
  spaceName: string,
  options: Options = {},
): Promise<string | null> {
  const record = readKeyRecord(spaceName);
  const store = options.store === undefined ? currentDefaultStore() : options.store;
  if (!record || !store) return null;
  try {
    return await unwrapSecret(record.encryptedKey, await store.getOrCreate(), spaceName);
  } catch {
    return null;
  }
}

/**
 * Sets the record's lastUsed to now when it is at least LAST_USED_INTERVAL_MS old (called on
 * every read of the space key; between writes it only looks at an in-memory time). Never throws.
 */
export function touchKeyRecord(spaceName: string, now: () => number = Date.now): void {
  try {
    const keyId = keyIdForSpace(spaceName);
    const nowMs = now();
    const last = touchedAt.get(keyId);
    if (last !== undefined && nowMs - last < LAST_USED_INTERVAL_MS) return;
    touchedAt.set(keyId, nowMs);
    const record = readKeyRecord(spaceName);
    if (!record || nowMs - Date.parse(record.keyInfo.lastUsed) < LAST_USED_INTERVAL_MS) return;
    writeJson(keyRecordStorageKey(spaceName), {
      ...record,
      keyInfo: { ...record.keyInfo, lastUsed: new Date(nowMs).toISOString() },
    } satisfies KeyRecord);
  } catch (error) {
    console.warn('The encrypted key record could not be updated', error);
  }
}

/** Removes the record of `spaceName` (logout). */
export function removeKeyRecord(spaceName: string): void {
  localStorage.removeItem(keyRecordStorageKey(spaceName));
  touchedAt.delete(keyIdForSpace(spaceName));
}
