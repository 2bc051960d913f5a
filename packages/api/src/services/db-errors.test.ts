/**
 * Which database failures mean "unavailable, try again" (503) rather than a bug (500), as the
 * drivers report them: postgres.js and Node socket codes and SQLSTATEs, directly or wrapped by
 * Drizzle in a `cause` chain.
 */
import { describe, expect, it } from 'vitest';

import {
  isDatabaseUnavailable,
  isForeignKeyViolation,
  isUniqueViolation,
  unavailableCause,
} from './db-errors.ts';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });
/** How Drizzle wraps a driver error: "Failed query: … params: …" with the driver error as cause. */
const wrapped = (cause: unknown) =>
  new Error('Failed query: select 1\nparams: secret-ciphertext', { cause });

describe('isDatabaseUnavailable', () => {
  it.each([
    'ECONNREFUSED',
    'ECONNRESET',
    'CONNECTION_CLOSED',
    'CONNECTION_ENDED',
    'CONNECTION_DESTROYED',
    'CONNECT_TIMEOUT',
    '57P01',
    '57P02',
    '57P03',
    '53300',
    '08006',
    '08001',
  ])('recognises %s, also when wrapped', (code) => {
    expect(isDatabaseUnavailable(withCode(code))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(withCode(code)))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(wrapped(withCode(code))))).toBe(true);
  });

  it('leaves query errors and everything else to the 500 path', () => {
    for (const error of [
      withCode('23505'),
      wrapped(withCode('42P01')),
      new Error('boom'),
      'ECONNREFUSED',
      null,
      undefined,
      { code: 42 },
    ]) {
      expect(isDatabaseUnavailable(error)).toBe(false);
    }
    expect(isUniqueViolation(wrapped(withCode('23505')))).toBe(true);
    expect(isForeignKeyViolation(wrapped(withCode('23503')))).toBe(true);
    expect(isForeignKeyViolation(wrapped(withCode('23505')))).toBe(false);
  });

  it('keeps only the code when it stands in for the driver error (no query parameters)', () => {
    const cause = unavailableCause(wrapped(withCode('57P01', 'terminating connection')));
    expect(cause.message).toBe('database unavailable (57P01)');
    expect(cause).toMatchObject({ code: '57P01' });
    expect(JSON.stringify(cause)).not.toContain('secret');
    expect(String(cause.cause)).toBe('undefined');
  });
});
