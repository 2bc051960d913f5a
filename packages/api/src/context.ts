/**
 * The request context, built the same way by every host (tRPC over HTTP, tRPC over WebSocket,
 * the REST adapter, the raw WebSocket, tests): plain headers plus injected dependencies.
 * There is no module-level database: `db`, `bus` and the clock come from the composition root.
 */
import type { Database } from '@cipherspace/db';

import { SPACE_STORAGE_QUOTA_DEFAULT_BYTES } from './constants.ts';
import type { EventBus } from './events.ts';
import { SessionCache } from './services/session-cache.ts';
import { StorageQuota } from './services/storage-quota.ts';
import { validateSessionToken, type AuthSession } from './services/sessions.ts';

/** What the composition root injects once per process. */
export interface ContextDeps {
  db: Database;
  bus: EventBus;
  /** The current time; tests pass a controlled clock. Default `() => new Date()`. */
  now?: () => Date;
  /**
   * The instance's validated-session cache (services/session-cache.ts). Default: a new one
   * following `bus`; `null` looks every session up in the database.
   */
  sessionCache?: SessionCache | null;
  /**
   * Bytes of content and history each space may store (services/storage-quota.ts); 0 = no
   * quota. Default SPACE_STORAGE_QUOTA_DEFAULT_BYTES.
   */
  storageQuotaBytes?: number;
}

/** Headers as Node/Fastify give them. */
export type HeaderBag = Record<string, string | string[] | undefined>;

export interface ContextInput {
  headers: HeaderBag;
  /** tRPC WebSocket `connectionParams` (a browser cannot set headers on a WebSocket). */
  connectionParams?: Record<string, string | undefined> | null;
}

export interface Context {
  db: Database;
  bus: EventBus;
  now: () => Date;
  /** The per-space storage quota, shared by every request of this instance. */
  storage: StorageQuota;
  /** The bearer token of the caller, if any. */
  token: string | null;
  /** Resolves the token to a live session (sliding its expiry), or null. */
  authenticate(): Promise<AuthSession | null>;
}

/** `Authorization: Bearer <token>` → token; anything else → null. */
export function tokenFromHeaders(headers: HeaderBag): string | null {
  const raw = headers.authorization;
  const value = Array.isArray(raw) ? raw[0] : raw;
  const match = value ? /^Bearer\s+(\S+)$/i.exec(value) : null;
  return match?.[1] ?? null;
}

/** Returns the `createContext` function every host calls per request or connection. */
export function createContextFactory(deps: ContextDeps): (input: ContextInput) => Context {
  const now = deps.now ?? (() => new Date());
  const cache = deps.sessionCache === undefined ? new SessionCache(deps.bus) : deps.sessionCache;
  const storage = new StorageQuota(deps.storageQuotaBytes ?? SPACE_STORAGE_QUOTA_DEFAULT_BYTES);
  return ({ headers, connectionParams }) => {
    const token = tokenFromHeaders(headers) ?? connectionParams?.token ?? null;
    return {
      db: deps.db,
      bus: deps.bus,
      now,
      storage,
      token,
      authenticate: () =>
        token ? validateSessionToken(deps.db, token, now(), cache) : Promise.resolve(null),
    };
  };
}
