/**
 * The signed-in session in this browser (spec §3 Browser storage, §4 Session).
 * Login stores token, space and user; the space key stays in this browser only, as
 * `space_key_{space}` and as its §3 key record (key-record.ts). Logout clears exactly: token
 * (and access_token), currentSpace, currentUser, the space key of that space with its key record
 * and the content credentials.
 */
import { useSyncExternalStore } from 'react';

import { removeKeyRecord, saveKeyRecord, touchKeyRecord } from './key-record.ts';
import {
  readJson,
  spaceKeyStorageKey,
  STORAGE_KEYS,
  usernameStorageKey,
  writeJson,
} from './storage.ts';

/** spec §3 "Space as shown" (dates as ISO strings once stored). */
export interface StoredSpace {
  name: string;
  force_user_passwords: boolean;
  allow_self_registration: boolean;
  created_at: string;
}

export interface StoredUser {
  id: string;
  username: string;
  role: 'admin' | 'member';
}

export interface Session {
  token: string;
  space: StoredSpace;
  user: StoredUser;
}

/** spec §3 `{product}_content_credentials`. */
export interface ContentCredentials {
  spaceName: string;
  spaceKey: string;
  username: string;
}

const CHANGE_EVENT = 'cipherspace:session';

function notify(): void {
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** Stores a successful login. `spaceKey` is kept in this browser for decrypting tool content. */
export function saveLogin(login: {
  token: string;
  space: {
    name: string;
    force_user_passwords: boolean;
    allow_self_registration: boolean;
    created_at: Date | string;
  };
  user: StoredUser;
  spaceKey: string;
}): void {
  const space: StoredSpace = {
    name: login.space.name,
    force_user_passwords: login.space.force_user_passwords,
    allow_self_registration: login.space.allow_self_registration,
    created_at: new Date(login.space.created_at).toISOString(),
  };
  localStorage.setItem(STORAGE_KEYS.token, login.token);
  localStorage.setItem(STORAGE_KEYS.accessToken, login.token);
  writeJson(STORAGE_KEYS.currentSpace, space);
  writeJson(STORAGE_KEYS.currentUser, login.user);
  localStorage.setItem(spaceKeyStorageKey(space.name), login.spaceKey);
  void saveKeyRecord(space.name, login.spaceKey);
  localStorage.setItem(usernameStorageKey(space.name), login.user.username);
  localStorage.setItem(STORAGE_KEYS.lastUsername, login.user.username);
  const credentials: ContentCredentials = {
    spaceName: space.name,
    spaceKey: login.spaceKey,
    username: login.user.username,
  };
  writeJson(STORAGE_KEYS.contentCredentials, credentials);
  notify();
}

/** Updates the stored user (after a rename). */
export function updateStoredUser(user: StoredUser): void {
  writeJson(STORAGE_KEYS.currentUser, user);
  const space = readJson<StoredSpace>(STORAGE_KEYS.currentSpace);
  if (space) localStorage.setItem(usernameStorageKey(space.name), user.username);
  localStorage.setItem(STORAGE_KEYS.lastUsername, user.username);
  const credentials = readJson<ContentCredentials>(STORAGE_KEYS.contentCredentials);
  if (credentials)
    writeJson(STORAGE_KEYS.contentCredentials, { ...credentials, username: user.username });
  notify();
}

/** Updates the stored space (after a settings change). */
export function updateStoredSpace(space: StoredSpace): void {
  writeJson(STORAGE_KEYS.currentSpace, space);
  notify();
}

/** Logout (spec §4 Session): clears exactly what the spec lists, nothing else. */
export function clearSession(): void {
  const space = readJson<StoredSpace>(STORAGE_KEYS.currentSpace);
  localStorage.removeItem(STORAGE_KEYS.token);
  localStorage.removeItem(STORAGE_KEYS.accessToken);
  localStorage.removeItem(STORAGE_KEYS.currentSpace);
  localStorage.removeItem(STORAGE_KEYS.currentUser);
  if (space) localStorage.removeItem(spaceKeyStorageKey(space.name));
  if (space) removeKeyRecord(space.name);
  localStorage.removeItem(STORAGE_KEYS.contentCredentials);
  notify();
}

/** The token, if any (also read by the tRPC links on every request). */
export function getToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.token) ?? localStorage.getItem(STORAGE_KEYS.accessToken);
}

/** The complete session, or null when any part is missing. */
export function getSession(): Session | null {
  const token = getToken();
  const space = readJson<StoredSpace>(STORAGE_KEYS.currentSpace);
  const user = readJson<StoredUser>(STORAGE_KEYS.currentUser);
  return token && space && user ? { token, space, user } : null;
}

/** The stored space key of a space, or null. */
export function getSpaceKey(spaceName: string): string | null {
  touchKeyRecord(spaceName);
  return localStorage.getItem(spaceKeyStorageKey(spaceName));
}

/**
 * The username remembered for this space (`username_{space}`), or null. Only this one counts as
 * "remembered for the space" for auto-login (spec §4); see {@link lastUsername}.
 */
export function rememberedUsername(spaceName: string): string | null {
  return localStorage.getItem(usernameStorageKey(spaceName));
}

/** The last username used in any space (`last_username`), or null: a prefill, never a login. */
export function lastUsername(): string | null {
  return localStorage.getItem(STORAGE_KEYS.lastUsername);
}

let cachedRaw = '';
let cached: Session | null = null;

function snapshot(): Session | null {
  const raw = [
    getToken(),
    localStorage.getItem(STORAGE_KEYS.currentSpace),
    localStorage.getItem(STORAGE_KEYS.currentUser),
  ].join('\u0000');
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cached = getSession();
  }
  return cached;
}

function subscribe(listener: () => void): () => void {
  window.addEventListener(CHANGE_EVENT, listener);
  window.addEventListener('storage', listener);
  return () => {
    window.removeEventListener(CHANGE_EVENT, listener);
    window.removeEventListener('storage', listener);
  };
}

/** The current session, re-rendering on login, logout and changes in other tabs. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, snapshot);
}
