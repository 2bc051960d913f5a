/**
 * What happens on a permanent connection loss (spec §4 Real-time connection status, §3
 * loginPrefillData): the prefill data is stored, and the login screen is opened with the
 * connection-lost notice. The caller then clears the session (logout).
 */
import type { Session } from '../session.ts';
import { STORAGE_KEYS, writeJson } from '../storage.ts';

/** spec §3 `loginPrefillData`. */
export interface LoginPrefillData {
  connectionLost: true;
  spaceName: string;
  username: string;
}

/** `/login?connectionLost=true&spaceName=…&username=…` (values URL-encoded). */
export function connectionLostLoginPath(spaceName: string, username: string): string {
  const query = new URLSearchParams({ connectionLost: 'true', spaceName, username });
  return `/login?${query.toString()}`;
}

/**
 * Stores `loginPrefillData` for `session` (space name and username; nothing secret) and returns
 * the login path to go to.
 */
export function recordConnectionLoss(session: Pick<Session, 'space' | 'user'>): string {
  const prefill: LoginPrefillData = {
    connectionLost: true,
    spaceName: session.space.name,
    username: session.user.username,
  };
  writeJson(STORAGE_KEYS.loginPrefillData, prefill);
  return connectionLostLoginPath(prefill.spaceName, prefill.username);
}
