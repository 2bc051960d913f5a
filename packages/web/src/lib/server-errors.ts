/**
 * The server's error details in the interface language (spec §8 "Server detail is shown when
 * present"; every visible text in English and German). The one place that reads a failed call's
 * detail: the login, create and settings screens all show what this returns.
 *
 * The server sends its details in English (the values of `ERROR` in packages/api/src/errors.ts,
 * plus the throttle's 'Too many attempts…'). This module knows each of them by a stable reason
 * and shows its translation; a detail it does not know is shown as sent. Only the *type* of
 * `ERROR` is imported (checked by the compiler, erased from the bundle): the web bundle carries
 * no runtime code of the API, and src/lib/server-errors.test.ts checks every value of `ERROR`
 * against this table at run time.
 */
import type { AppRouter, ERROR } from '@cipherspace/api';
import { TRPCClientError } from '@trpc/client';

import { m } from '../paraglide/messages.js';
import { SpaceAccessError } from './space-access.ts';

type ApiErrorDetails = typeof ERROR;

/** A known server detail: a key of `ERROR`, or the throttle's 'Too many attempts…'. */
export type ServerErrorReason = keyof ApiErrorDetails | 'tooManyAttempts';

/**
 * Each detail of `ERROR` as the server sends it (the compiler checks every text against the
 * API's literal type) and its translated text.
 */
const KNOWN: {
  readonly [K in keyof ApiErrorDetails]: { detail: ApiErrorDetails[K]; text: () => string };
} = {
  authRequired: { detail: 'Authentication required', text: m.server_error_auth_required },
  tooManyMessages: {
    detail: 'Too many messages on this connection: it is closed. Reconnect and send fewer.',
    text: m.server_error_too_many_messages,
  },
  tooManySubscriptions: {
    detail:
      'Too many subscriptions on this connection: stop one before starting another, or open another connection.',
    text: m.server_error_too_many_subscriptions,
  },
  socketNotAuthenticated: {
    detail:
      'Authentication required: send your token (connectionParams) when connecting. The connection is closed.',
    text: m.server_error_socket_not_authenticated,
  },
  sessionInvalid: { detail: 'Invalid or expired session', text: m.server_error_session_invalid },
  otherSpace: {
    detail: 'Your session does not belong to this space',
    text: m.server_error_other_space,
  },
  adminOnly: { detail: 'Only admins can do this', text: m.server_error_admin_only },
  spaceNotFound: { detail: 'Space not found', text: m.server_error_space_not_found },
  spaceExists: {
    detail: 'A space with this name already exists',
    text: m.server_error_space_exists,
  },
  spaceLookalike: {
    detail: 'A space with a name that looks the same already exists',
    text: m.server_error_space_lookalike,
  },
  spaceNameInvisible: {
    detail: 'Space name must not contain invisible or formatting characters',
    text: m.server_error_space_name_invisible,
  },
  spaceNameMixedScripts: {
    detail:
      'Space name must be written in one script, not mixed (for example Latin with Cyrillic letters)',
    text: m.server_error_space_name_mixed_scripts,
  },
  invalidSpaceCredentials: {
    detail: 'Invalid space name or space key',
    text: m.server_error_invalid_space_credentials,
  },
  userNotFound: { detail: 'User not found', text: m.server_error_user_not_found },
  invalidPassword: { detail: 'Invalid password', text: m.server_error_invalid_password },
  passwordRequired: {
    detail: 'This space requires users to have a password',
    text: m.server_error_password_required,
  },
  selfRegistrationDisabled: {
    detail: 'Self registration is disabled for this space. Ask an admin to add you.',
    text: m.server_error_self_registration_disabled,
  },
  usernameExists: {
    detail: 'Username already exists. Please choose a different username.',
    text: m.server_error_username_exists,
  },
  usernameLookalike: {
    detail: 'A username that looks the same already exists. Please choose a different username.',
    text: m.server_error_username_lookalike,
  },
  usernameInvisible: {
    detail: 'Username must not contain invisible or formatting characters',
    text: m.server_error_username_invisible,
  },
  usernameMixedScripts: {
    detail:
      'Username must be written in one script, not mixed (for example Latin with Cyrillic letters)',
    text: m.server_error_username_mixed_scripts,
  },
  cannotChangeOwnRole: {
    detail: 'You cannot change your own role',
    text: m.server_error_cannot_change_own_role,
  },
  cannotDeleteYourself: {
    detail: 'You cannot delete yourself',
    text: m.server_error_cannot_delete_yourself,
  },
  renameOnlyYourself: {
    detail: 'You can only rename yourself',
    text: m.server_error_rename_only_yourself,
  },
  contentNotFound: {
    detail: 'No content for this tool yet',
    text: m.server_error_content_not_found,
  },
  versionConflict: {
    detail: 'Content was modified by another user. Please try your changes again.',
    text: m.server_error_version_conflict,
  },
  invalidEnvelope: {
    detail: 'encrypted_data must be an encryption envelope {"data","iv","salt"} (base64)',
    text: m.server_error_invalid_envelope,
  },
  envelopeOrOperations: {
    detail: 'encrypted_data is required unless the save sends operations',
    text: m.server_error_envelope_or_operations,
  },
  firstSaveNeedsEnvelope: {
    detail: 'the first save of a tool needs encrypted_data',
    text: m.server_error_first_save_needs_envelope,
  },
  invalidOperationEnvelope: {
    detail: 'operations must hold operation envelopes {"v":"op1","data","iv","salt"} (base64)',
    text: m.server_error_invalid_operation_envelope,
  },
  sinceInvalid: { detail: 'since must be a whole number ≥ 0', text: m.server_error_since_invalid },
  baseVersionInvalid: {
    detail: 'base_version must be a whole number ≥ 0',
    text: m.server_error_base_version_invalid,
  },
  versionNotKept: {
    detail: 'This version is not kept in the history',
    text: m.server_error_version_not_kept,
  },
  versionAhead: {
    detail: 'This version does not exist yet: it is newer than the current version',
    text: m.server_error_version_ahead,
  },
  versionBeforeFirst: {
    detail: 'This version does not exist: versions start at 1',
    text: m.server_error_version_before_first,
  },
  historyVersionInvalid: {
    detail: 'version must be a whole number ≥ 1',
    text: m.server_error_history_version_invalid,
  },
  historyBeforeInvalid: {
    detail: 'before must be a whole number ≥ 1',
    text: m.server_error_history_before_invalid,
  },
  historyLimitInvalid: {
    detail: 'limit must be a whole number from 1 to 100',
    text: m.server_error_history_limit_invalid,
  },
  historyFromInvalid: {
    detail: 'from must be a whole number ≥ 1',
    text: m.server_error_history_from_invalid,
  },
  historyAfterInvalid: {
    detail: 'after must be a whole number ≥ 0',
    text: m.server_error_history_after_invalid,
  },
  saveIdReused: {
    detail:
      'This Idempotency-Key (save_id) was already used for a different save: send a new key with every new save. Nothing was saved.',
    text: m.server_error_save_id_reused,
  },
  proposalTooLarge: {
    detail: 'operations of a proposal must total at most 2000 characters',
    text: m.server_error_proposal_too_large,
  },
  invalidVerifier: {
    detail: 'must be a verifier: standard base64 of 32 bytes',
    text: m.server_error_invalid_verifier,
  },
  metadataTooLarge: { detail: 'metadata is too large', text: m.server_error_metadata_too_large },
  storageQuotaReached: {
    detail:
      'This space has used up its storage quota (content and history). Nothing was saved. Remove content you no longer need or ask the server operator to raise the quota.',
    text: m.server_error_storage_quota_reached,
  },
  databaseUnavailable: {
    detail: 'The service is temporarily unavailable. Please try again in a moment.',
    text: m.server_error_database_unavailable,
  },
};

const REASON_BY_DETAIL = new Map<string, keyof ApiErrorDetails>(
  (Object.keys(KNOWN) as (keyof ApiErrorDetails)[]).map((reason) => [KNOWN[reason].detail, reason]),
);

/** The throttle's detail (packages/server/src/throttle.ts `tooManyAttemptsMessage`). */
const TOO_MANY_ATTEMPTS = /^Too many attempts\. Please try again in (\d+) seconds\.$/;

/** A detail the server sent with a failed call. */
export interface ServerError {
  /** The tRPC code, e.g. 'UNAUTHORIZED', 'CONFLICT'. */
  code: string;
  /** The detail as sent (English). */
  detail: string;
  /** Which known detail it is; null for one this module does not know. */
  reason: ServerErrorReason | null;
  /** What to show: the known detail in the interface language, else the detail as sent. */
  message: string;
}

/** The known reason of an English server detail, or null. */
export function serverErrorReason(detail: string): ServerErrorReason | null {
  return (
    REASON_BY_DETAIL.get(detail) ?? (TOO_MANY_ATTEMPTS.test(detail) ? 'tooManyAttempts' : null)
  );
}

/**
 * The text of a known server detail in the interface language, by its reason — for a refusal the
 * app foresees and shows without a call (e.g. a look-alike name).
 */
export function serverReasonText(reason: keyof ApiErrorDetails): string {
  return KNOWN[reason].text();
}

/** A server detail in the interface language; a detail this module does not know, as sent. */
export function translateServerDetail(detail: string): string {
  const reason = REASON_BY_DETAIL.get(detail);
  if (reason) return KNOWN[reason].text();
  const wait = TOO_MANY_ATTEMPTS.exec(detail);
  if (wait?.[1]) return m.server_error_too_many_attempts({ seconds: wait[1] });
  return detail;
}

/** The code and detail of a failure the server answered, or null (network error, anything else). */
function sentDetail(error: unknown): { code: string; detail: string } | null {
  if (error instanceof SpaceAccessError) {
    // A tRPC code means the server answered; a network failure has a message but no code.
    return error.kind === 'server' && error.code !== null && error.detail
      ? { code: error.code, detail: error.detail }
      : null;
  }
  if (error instanceof TRPCClientError) {
    const code = (error as TRPCClientError<AppRouter>).data?.code;
    return typeof code === 'string' && error.message ? { code, detail: error.message } : null;
  }
  return null;
}

/**
 * What the server said about a failed call (a `TRPCClientError` or a `SpaceAccessError` of
 * ./space-access.ts): its code, its detail, the known reason and the message to show. Null when
 * the server sent no detail (network failure, encryption failure, any other error): the caller
 * then shows its own §8 fallback.
 */
export function serverError(error: unknown): ServerError | null {
  const sent = sentDetail(error);
  if (!sent) return null;
  return {
    ...sent,
    reason: serverErrorReason(sent.detail),
    message: translateServerDetail(sent.detail),
  };
}

/** The message of {@link serverError}: the translated (or unknown, as sent) detail, or null. */
export function serverErrorMessage(error: unknown): string | null {
  return serverError(error)?.message ?? null;
}
