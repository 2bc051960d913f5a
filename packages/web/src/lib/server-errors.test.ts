// @vitest-environment node
// Node, not jsdom: the API package, imported for its `ERROR` table, loads its database module.
/**
 * Server details in English and German (spec §8 "Server detail is shown when present"). The
 * API's own `ERROR` table is imported here (tests only; the bundle imports nothing of the API at
 * run time), so a detail added to or reworded in the API without a translation fails this test.
 */
import { ERROR } from '@cipherspace/api';
import { TRPCClientError } from '@trpc/client';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { setLocale } from '../paraglide/runtime.js';
import {
  serverError,
  serverErrorMessage,
  serverErrorReason,
  translateServerDetail,
} from './server-errors.ts';
import { SpaceAccessError } from './space-access.ts';

// The shared test setup (src/testing/setup.ts) clears the Web Storage after each test; Node has none.
for (const storage of ['localStorage', 'sessionStorage'])
  if (!(storage in globalThis)) vi.stubGlobal(storage, { clear: () => undefined });

const applyLanguage = (language: 'en' | 'de') => void setLocale(language, { reload: false });

afterEach(() => applyLanguage('en'));

/** A TRPCClientError as the client builds it from a server's error response. */
function trpcError(message: string, code: string, httpStatus: number) {
  return TRPCClientError.from({
    error: { message, code: -32600, data: { code, httpStatus, zodIssues: null } },
  });
}

describe('every detail of the API has a translation (ERROR of packages/api/src/errors.ts)', () => {
  const details = Object.entries(ERROR);

  it('knows each detail by its ERROR key', () => {
    expect(details.length).toBeGreaterThan(0);
    for (const [reason, detail] of details) expect(serverErrorReason(detail), reason).toBe(reason);
  });

  it('shows each detail in English exactly as the server words it', () => {
    applyLanguage('en');
    for (const [reason, detail] of details)
      expect(translateServerDetail(detail), reason).toBe(detail);
  });

  it('shows each detail in German', () => {
    applyLanguage('de');
    for (const [reason, detail] of details) {
      const german = translateServerDetail(detail);
      expect(german, reason).not.toBe(detail);
      expect(german.trim(), reason).not.toBe('');
    }
    expect(translateServerDetail(ERROR.invalidSpaceCredentials)).toBe(
      'Ungültiger Space-Name oder Space-Schlüssel',
    );
    expect(translateServerDetail(ERROR.usernameExists)).toBe(
      'Dieser Benutzername ist bereits vergeben. Bitte wählen Sie einen anderen.',
    );
    expect(translateServerDetail(ERROR.invalidEnvelope)).toBe(
      'encrypted_data muss ein Verschlüsselungsumschlag {"data","iv","salt"} (Base64) sein',
    );
  });

  it("translates the throttle's 'Too many attempts' with its waiting time", () => {
    const detail = 'Too many attempts. Please try again in 42 seconds.';
    expect(serverErrorReason(detail)).toBe('tooManyAttempts');
    expect(translateServerDetail(detail)).toBe(detail);
    applyLanguage('de');
    expect(translateServerDetail(detail)).toBe(
      'Zu viele Versuche. Bitte versuchen Sie es in 42 Sekunden erneut.',
    );
  });

  it('shows an unknown detail as sent, in either language', () => {
    const detail = 'Too small: expected string to have >=1 characters';
    expect(serverErrorReason(detail)).toBeNull();
    expect(translateServerDetail(detail)).toBe(detail);
    applyLanguage('de');
    expect(translateServerDetail(detail)).toBe(detail);
  });
});

describe('serverError: the detail of a failed call', () => {
  it('reads a TRPCClientError the server answered', () => {
    const error = trpcError(ERROR.usernameExists, 'CONFLICT', 409);
    expect(serverError(error)).toEqual({
      code: 'CONFLICT',
      detail: ERROR.usernameExists,
      reason: 'usernameExists',
      message: ERROR.usernameExists,
    });
    applyLanguage('de');
    expect(serverErrorMessage(error)).toBe(
      'Dieser Benutzername ist bereits vergeben. Bitte wählen Sie einen anderen.',
    );
  });

  it('reads a SpaceAccessError with a server detail', () => {
    const error = new SpaceAccessError('server', ERROR.userNotFound, 'UNAUTHORIZED');
    expect(serverError(error)).toMatchObject({
      code: 'UNAUTHORIZED',
      reason: 'userNotFound',
      message: 'User not found',
    });
    applyLanguage('de');
    expect(
      serverErrorMessage(
        new SpaceAccessError('server', ERROR.invalidSpaceCredentials, 'UNAUTHORIZED'),
      ),
    ).toBe('Ungültiger Space-Name oder Space-Schlüssel');
  });

  it('shows an unknown server detail as sent', () => {
    expect(serverErrorMessage(trpcError('Something new', 'BAD_REQUEST', 400))).toBe(
      'Something new',
    );
    applyLanguage('de');
    expect(serverErrorMessage(new SpaceAccessError('server', 'Something new', 'BAD_REQUEST'))).toBe(
      'Something new',
    );
  });

  it('is null when the server sent no detail: network failures, encryption, anything else', () => {
    expect(serverError(TRPCClientError.from(new TypeError('Failed to fetch')))).toBeNull();
    expect(serverError(new SpaceAccessError('server', 'Failed to fetch', null))).toBeNull();
    expect(serverError(new SpaceAccessError('server', null, 'INTERNAL_SERVER_ERROR'))).toBeNull();
    expect(serverError(new SpaceAccessError('encryption', null, null))).toBeNull();
    expect(serverError(new Error('boom'))).toBeNull();
    expect(serverError('nope')).toBeNull();
    expect(serverErrorMessage(undefined)).toBeNull();
  });
});
