/** Recognises PostgreSQL errors through Drizzle's wrapper, on postgres.js and PGlite alike. */
import { TRPCError } from '@trpc/server';

import { ERROR } from '../errors.ts';

/** SQLSTATE 23503: a foreign key refused the row (what it points to is gone, e.g. deleted meanwhile). */
export function isForeignKeyViolation(error: unknown): boolean {
  return sqlState(error) === '23503';
}

/**
 * Rethrows `error` — as NOT_FOUND 'Space not found' when a foreign key refused the row because
 * its space was deleted between the session check and the write (spec §7: 404 missing space).
 * For `.catch()` on inserts of rows that belong to a space.
 */
export function rethrowSpaceGone(error: unknown): never {
  if (isForeignKeyViolation(error))
    throw new TRPCError({ code: 'NOT_FOUND', message: ERROR.spaceNotFound });
  throw error;
}

/** SQLSTATE 23505: a unique index refused the row. */
export function isUniqueViolation(error: unknown): boolean {
  return sqlState(error) === '23505';
}

/**
 * Error codes meaning "the database cannot be reached right now" rather than "this request is
 * wrong": postgres.js connection errors, the socket errors of Node's `net`, and the SQLSTATEs a
 * server sends while it shuts down, restarts or is out of connections.
 */
const UNAVAILABLE_CODES = new Set([
  // postgres.js
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  // node:net
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  // SQLSTATE: admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);

/**
 * True when `error` (or an error in its `cause` chain) says the database is unreachable or
 * restarting: the request may succeed if retried shortly. The API answers such failures with
 * SERVICE_UNAVAILABLE (HTTP 503), never 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return unavailableCode(error) !== undefined;
}

/**
 * A stand-in for a database-unavailable error that keeps only its code: the driver's own error
 * may quote the failed query's parameters (ciphertext, verifiers), which must never reach a log.
 */
export function unavailableCause(error: unknown): Error {
  const code = unavailableCode(error) ?? 'unknown';
  return Object.assign(new Error(`database unavailable (${code})`), { code });
}

function unavailableCode(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return undefined;
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) {
      return code;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function sqlState(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return undefined;
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
