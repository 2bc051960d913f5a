/**
 * Expired notes on demand (spec §4 Bulletin: notes whose expiresAt is past are hidden): which
 * notes are hidden as expired, and the expiry offered when one is extended. Extending and
 * deleting use the existing updatePost and deletePost operations.
 */
import { isPostExpired } from './statistics.ts';
import type { BulletinContent, Post } from './types.ts';

/** Days from now that the expiry of an extended note is set to unless the member picks another. */
export const EXTEND_EXPIRY_DEFAULT_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The posts of `content` expired at `now`, the most recently expired first. */
export function expiredPosts(content: BulletinContent, now: Date | string): Post[] {
  return content.posts
    .filter((post) => isPostExpired(post, now))
    .sort((a, b) => Date.parse(b.expiresAt ?? '') - Date.parse(a.expiresAt ?? ''));
}

/** The expiry offered for an extended note: {@link EXTEND_EXPIRY_DEFAULT_DAYS} after `now`, ISO 8601. */
export function defaultExtendedExpiry(now: Date | number): string {
  return new Date(new Date(now).getTime() + EXTEND_EXPIRY_DEFAULT_DAYS * DAY_MS).toISOString();
}

/**
 * Whether `expiresAt` (ISO 8601, or null for no expiry) would show an expired note again at
 * `now`: null (never expires) or a time after `now`.
 */
export function extendsPast(expiresAt: string | null, now: Date | number): boolean {
  if (expiresAt === null) return true;
  const at = Date.parse(expiresAt);
  return Number.isFinite(at) && at > new Date(now).getTime();
}
