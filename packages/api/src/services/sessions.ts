/**
 * Sessions after the Lucia session design (lucia-auth.com guide, implemented with
 * `@oslojs/crypto` + `@oslojs/encoding`; spec §9 "Session token lifetime: 30 minutes").
 *
 * - The bearer token is 20 random bytes (160 bits) in lowercase base32; only its SHA-256 (hex) is
 *   stored, as the session id. The hash is Node's native one (`node:crypto`): it runs on every
 *   authenticated request, and is ~4× faster than the pure-JS `@oslojs/crypto` SHA-256 with the
 *   same digest (it showed up in the profile of GET content).
 * - A session expires SESSION_IDLE_MS after its last use (sliding) and never later than
 *   SESSION_ABSOLUTE_MS after its creation.
 */
import { createHash } from 'node:crypto';

import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { sessions, type Database, type Space, type User } from '@cipherspace/db';
import { eq, lt } from 'drizzle-orm';

import {
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
  SESSION_REFRESH_GRANULARITY_MS,
  SESSION_TOKEN_BYTES,
} from '../constants.ts';
import { preparedQueries } from './prepared.ts';
import type { SessionCache } from './session-cache.ts';

/** A validated session with its user and space. */
export interface AuthSession {
  sessionId: string;
  expiresAt: Date;
  user: User;
  space: Space;
}

const TOKEN_PATTERN = /^[a-z2-7]{32}$/;

/** A fresh bearer token: 160 random bits, lowercase base32 (32 characters). */
export function generateSessionToken(): string {
  const bytes = new Uint8Array(SESSION_TOKEN_BYTES);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

/** The stored id of a token: hex SHA-256 of its UTF-8 bytes. */
export function sessionIdFromToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Stores a session for `user` and returns its token and expiry (ms precision). */
export async function createSession(
  db: Database,
  user: Pick<User, 'id' | 'spaceId'>,
  now: Date,
): Promise<{ token: string; sessionId: string; expiresAt: Date }> {
  const token = generateSessionToken();
  const sessionId = sessionIdFromToken(token);
  const expiresAt = new Date(now.getTime() + SESSION_IDLE_MS);
  await db.insert(sessions).values({
    id: sessionId,
    userId: user.id,
    spaceId: user.spaceId,
    createdAt: now,
    expiresAt,
    absoluteExpiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
  });
  return { token, sessionId, expiresAt };
}

/**
 * Resolves a bearer token to its session, user and space, sliding the expiry forward.
 * Returns null for a malformed, unknown or expired token (an expired one is deleted).
 * One indexed query — none when `cache` holds the session (see session-cache.ts) — plus one
 * update at most once per SESSION_REFRESH_GRANULARITY_MS, from a cached hit too.
 */
export async function validateSessionToken(
  db: Database,
  token: string,
  now: Date,
  cache: SessionCache | null = null,
): Promise<AuthSession | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const sessionId = sessionIdFromToken(token);
  const nowMs = now.getTime();
  const cached = cache?.get(sessionId, nowMs);
  if (cached) return slideExpiry(db, cached.auth, cached.absoluteExpiresAt, nowMs, cache);
  const lookup = cache?.startLookup() ?? 0;
  const [row] = await preparedQueries(db).sessionById.execute({ id: sessionId });
  if (!row) return null;
  const { session } = row;
  if (nowMs >= session.expiresAt.getTime() || nowMs >= session.absoluteExpiresAt.getTime()) {
    await db.delete(sessions).where(eq(sessions.id, sessionId));
    return null;
  }
  const auth = { sessionId, expiresAt: session.expiresAt, user: row.user, space: row.space };
  cache?.set(auth, session.absoluteExpiresAt, nowMs, lookup);
  return slideExpiry(db, auth, session.absoluteExpiresAt, nowMs, cache);
}

/**
 * Writes the slid expiry back when it moves by at least SESSION_REFRESH_GRANULARITY_MS.
 * Null when the session is gone from the database meanwhile (deleted on another instance).
 */
async function slideExpiry(
  db: Database,
  auth: AuthSession,
  absoluteExpiresAt: Date,
  nowMs: number,
  cache: SessionCache | null,
): Promise<AuthSession | null> {
  const slid = Math.min(nowMs + SESSION_IDLE_MS, absoluteExpiresAt.getTime());
  if (slid - auth.expiresAt.getTime() < SESSION_REFRESH_GRANULARITY_MS) return { ...auth };
  const expiresAt = new Date(slid);
  const updated = await db
    .update(sessions)
    .set({ expiresAt })
    .where(eq(sessions.id, auth.sessionId))
    .returning({ id: sessions.id });
  if (updated.length === 0) {
    cache?.delete(auth.sessionId);
    return null;
  }
  cache?.extend(auth.sessionId, expiresAt);
  return { ...auth, expiresAt };
}

/** Deletes one session (logout). */
export async function invalidateSession(db: Database, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/**
 * Deletes every expired session; returns how many. For the periodic cleanup. `expires_at` never
 * passes `absolute_expires_at` (creation sets it 30 min ahead, sliding caps it there), so the
 * one indexed condition covers both limits.
 */
export async function deleteExpiredSessions(db: Database, now: Date): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(lt(sessions.expiresAt, now))
    .returning({ id: sessions.id });
  return deleted.length;
}
