/**
 * Browser storage keys (spec §3 "Browser storage keys") and typed access to them.
 * Everything here lives in localStorage; nothing of it is ever sent to the server except the
 * access token (as a bearer header).
 */
import { PRODUCT } from './product.ts';

export const STORAGE_KEYS = {
  token: 'token',
  accessToken: 'access_token',
  currentSpace: 'currentSpace',
  currentUser: 'currentUser',
  lastUsername: 'last_username',
  contentCredentials: `${PRODUCT}_content_credentials`,
  language: `${PRODUCT}_language`,
  developmentBannerDismissed: 'development_banner_dismissed',
  cookieNoticeAccepted: 'cookie_notice_accepted',
  loginPrefillData: 'loginPrefillData',
} as const;

/** `space_key_{space name}`: the space key, kept only in this browser. */
export const spaceKeyStorageKey = (spaceName: string) => `space_key_${spaceName}`;
/**
 * `{product}_notifications_{space name}_{tool}`: 'on' when this member opted in to browser
 * notifications for that tool of that space in this browser; absent = off.
 */
export const notificationsStorageKey = (spaceName: string, tool: string) =>
  `${PRODUCT}_notifications_${spaceName}_${tool}`;
/**
 * `{product}_mentions_seen_{space name}_{member}`: JSON list of the ids of comments mentioning
 * that member which they have seen (Kanban and Issue Management unread mentions).
 */
export const mentionsSeenStorageKey = (spaceName: string, member: string) =>
  `${PRODUCT}_mentions_seen_${spaceName}_${member.trim().toLowerCase()}`;
/**
 * `{product}_due_reminders_{space name}_{tool}`: `{ day: 'YYYY-MM-DD', ids: string[] }`, the
 * items this member was reminded of on that day (due dates), so each is reminded once a day.
 */
export const dueRemindersStorageKey = (spaceName: string, tool: string) =>
  `${PRODUCT}_due_reminders_${spaceName}_${tool}`;
/**
 * `{product}_compact_view_{space name}_{tool}`: 'on' or 'off', this member's card density
 * choice for that tool; absent = the board's default (`settings.cardCompactView`).
 */
export const compactViewStorageKey = (spaceName: string, tool: string) =>
  `${PRODUCT}_compact_view_${spaceName}_${tool}`;
/** `username_{space name}`: the username last used in a space. */
export const usernameStorageKey = (spaceName: string) => `username_${spaceName}`;

/** Reads a JSON value; null when absent or unparsable. The caller names the shape it stored. */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
export function readJson<T>(key: string): T | null {
  const raw = localStorage.getItem(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  localStorage.setItem(key, JSON.stringify(value));
}
