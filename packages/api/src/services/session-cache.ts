/**
 * The validated-session cache of one server instance (bench/RESULTS.md, throughput): a request
 * whose session was validated moments ago skips the session look-up (one query joining
 * sessions, users and spaces).
 *
 * Rules, so that a cached session never outlives what the database says:
 * - an entry is served for at most SESSION_CACHE_TTL_MS after it was read from the database,
 *   and never at or past the session's `expiresAt` or `absoluteExpiresAt`;
 * - every control event on the bus drops the entries it concerns, on this instance at once and
 *   on the other instances when the bus delivers it (LISTEN/NOTIFY, ids only): a logout or
 *   revoked session (`session_revoked`), a removed user (`member_removed`), a deleted space
 *   (`space_deleted`), a renamed member, changed role or changed space settings
 *   (`space_updated`);
 * - while the bus cannot hear the other instances (its transport is `reconnecting`) nothing is
 *   cached, and every change of the transport's state empties the cache (events may have been
 *   missed);
 * - a look-up that was running while an entry was dropped does not store its result, so a
 *   session deleted during the look-up is not cached afterwards;
 * - at most SESSION_CACHE_MAX_ENTRIES entries; the oldest goes first.
 * The sliding expiry stays with the caller (`validateSessionToken`), for cached hits too.
 */
import type { BusEvent, EventBus } from '../events.ts';
import type { AuthSession } from './sessions.ts';

/** How long a validated session is served from memory, at most. */
export const SESSION_CACHE_TTL_MS = 5_000;
/** Most sessions one instance keeps in memory (~2 KB each with their user and space rows). */
export const SESSION_CACHE_MAX_ENTRIES = 10_000;

interface Entry {
  auth: AuthSession;
  absoluteExpiresAtMs: number;
  /** Served while now < this: min(cached + TTL, expiresAt, absoluteExpiresAt), in ms. */
  servableUntilMs: number;
}

/** A cached session: the validated session plus its hard expiry. */
export interface CachedSession {
  auth: AuthSession;
  absoluteExpiresAt: Date;
}

export interface SessionCacheOptions {
  /** Default SESSION_CACHE_TTL_MS. */
  ttlMs?: number;
  /** Default SESSION_CACHE_MAX_ENTRIES. */
  maxEntries?: number;
}

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  /** Bumped whenever anything is dropped; a look-up started before a bump does not store. */
  private generation = 0;
  private usable: boolean;
  private readonly stopListening: () => void;

  constructor(bus: EventBus, options: SessionCacheOptions = {}) {
    this.ttlMs = Math.min(options.ttlMs ?? SESSION_CACHE_TTL_MS, SESSION_CACHE_TTL_MS);
    this.maxEntries = options.maxEntries ?? SESSION_CACHE_MAX_ENTRIES;
    this.usable = bus.transportState !== 'reconnecting';
    const stopEvents = bus.subscribeAll((event) => this.onEvent(event));
    const stopState = bus.onTransportState((state) => {
      this.clear();
      this.usable = state !== 'reconnecting';
    });
    this.stopListening = () => {
      stopEvents();
      stopState();
    };
  }

  /** Number of entries (for tests and metrics). */
  get size(): number {
    return this.entries.size;
  }

  /** The token that a look-up starting now passes to {@link set}. */
  startLookup(): number {
    return this.generation;
  }

  /** The cached session `sessionId` if it may be served at `nowMs` (ms since the epoch). */
  get(sessionId: string, nowMs: number): CachedSession | null {
    const entry = this.entries.get(sessionId);
    if (!entry) return null;
    if (!this.usable || nowMs >= entry.servableUntilMs) {
      this.entries.delete(sessionId);
      return null;
    }
    return { auth: entry.auth, absoluteExpiresAt: new Date(entry.absoluteExpiresAtMs) };
  }

  /**
   * Stores a session validated at `nowMs` by a look-up that began with `lookup`
   * ({@link startLookup}); ignored when something was dropped since or the bus is not listening.
   */
  set(auth: AuthSession, absoluteExpiresAt: Date, nowMs: number, lookup: number): void {
    if (!this.usable || lookup !== this.generation) return;
    const absoluteExpiresAtMs = absoluteExpiresAt.getTime();
    const servableUntilMs = Math.min(
      nowMs + this.ttlMs,
      auth.expiresAt.getTime(),
      absoluteExpiresAtMs,
    );
    if (servableUntilMs <= nowMs) return;
    this.entries.delete(auth.sessionId);
    this.entries.set(auth.sessionId, { auth, absoluteExpiresAtMs, servableUntilMs });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
  }

  /** Records a newer `expiresAt` of a cached session (after the sliding update). */
  extend(sessionId: string, expiresAt: Date): void {
    const entry = this.entries.get(sessionId);
    if (entry) entry.auth = { ...entry.auth, expiresAt };
  }

  /** Drops one session (this instance only; other instances learn it through the bus). */
  delete(sessionId: string): void {
    this.generation++;
    this.entries.delete(sessionId);
  }

  /** Drops everything. */
  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  /** Stops following the bus and drops everything. */
  close(): void {
    this.stopListening();
    this.usable = false;
    this.clear();
  }

  private onEvent(event: BusEvent): void {
    const payload = event.payload;
    switch (payload.type) {
      case 'session_revoked':
        this.delete(payload.session_id);
        return;
      case 'member_removed':
        this.dropWhere((auth) => auth.user.id === payload.user_id);
        return;
      case 'space_deleted':
      case 'space_updated':
        this.dropWhere((auth) => auth.space.id === event.spaceId);
        return;
      default:
        return;
    }
  }

  private dropWhere(matches: (auth: AuthSession) => boolean): void {
    this.generation++;
    for (const [sessionId, entry] of this.entries) {
      if (matches(entry.auth)) this.entries.delete(sessionId);
    }
  }
}
