/**
 * zod schemas for every procedure input (spec §5 Validation rules). Field names follow the
 * documented wire contract (spec §3/§7, snake_case), so the REST adapter passes bodies through
 * unchanged and tRPC clients see the same vocabulary.
 */
import {
  isEnvelope,
  isOperationEnvelope,
  isVerifier,
  SPACE_NAME_HINT,
  SPACE_NAME_PATTERN,
} from '@cipherspace/crypto';
import { TOOL_NAMES } from '@cipherspace/tools/metadata';
import { z } from 'zod';

import {
  CONTENT_METADATA_MAX_BYTES,
  HISTORY_PAGE_DEFAULT_VERSIONS,
  HISTORY_PAGE_MAX_VERSIONS,
  OPERATION_ENVELOPE_MAX_CHARS,
  OPERATIONS_PER_SAVE_MAX,
  PRESENCE_DATA_MAX_BYTES,
  PRESENCE_TOOL_MAX_CHARS,
  SAVE_ID_MAX_CHARS,
  USERNAME_MAX_CHARS,
} from './constants.ts';
import { ERROR } from './errors.ts';
import { hasInvisibleCharacters, isSingleScript } from './services/names.ts';

/** With the `u` flag a surrogate pair is one code point, so only an unpaired half matches. */
const LONE_SURROGATE = /\p{Cs}/u;
/**
 * Text must be well-formed UTF-16: an unpaired surrogate cannot be stored as UTF-8 — PostgreSQL
 * refuses it and postgres.js would silently turn it into U+FFFD, making two names one.
 */
const wellFormed = (field: string) => ({
  check: (value: string) => !LONE_SURROGATE.test(value),
  error: `${field} must not contain an unpaired UTF-16 surrogate`,
});
const usernameText = wellFormed('username');
const spaceNameText = wellFormed('space_name');

/**
 * A space name as a creator may choose it: 3–100 letters, digits, spaces, dashes (spec §5), none
 * of them invisible (a Hangul filler is a letter) and all letters of one script
 * (services/names.ts). Refusals are BAD_REQUEST (REST 422) with the first rule broken.
 */
export const newSpaceNameSchema = z
  .string({ error: SPACE_NAME_HINT })
  .regex(SPACE_NAME_PATTERN, { error: SPACE_NAME_HINT })
  .refine((name) => !hasInvisibleCharacters(name), { error: ERROR.spaceNameInvisible })
  .refine(isSingleScript, { error: ERROR.spaceNameMixedScripts });

/** A space name used to look a space up (any existing name; lookups of others end in 404). */
export const spaceNameSchema = z
  .string({ error: 'space_name is required' })
  .min(1, { error: 'space_name is required' })
  .max(100, { error: 'space_name is at most 100 characters' })
  // PostgreSQL text cannot hold NUL; no real space name contains control characters.
  // eslint-disable-next-line no-control-regex
  .regex(/^[^\u0000-\u001f\u007f]*$/u, { error: 'space_name must not contain control characters' })
  .refine(spaceNameText.check, { error: spaceNameText.error });

/** A PBKDF2 verifier computed by the client (`@cipherspace/crypto` verifiers, spec §9). */
export const verifierSchema = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .refine(isVerifier, { error: `${field} ${ERROR.invalidVerifier}` });

/** A username: trimmed, 1–50 characters, no control characters. */
export const usernameSchema = z
  .string({ error: 'username is required' })
  .trim()
  .min(1, { error: 'username is required' })
  .max(USERNAME_MAX_CHARS, { error: `username is at most ${USERNAME_MAX_CHARS} characters` })
  // eslint-disable-next-line no-control-regex
  .regex(/^[^\u0000-\u001f\u007f]+$/u, { error: 'username must not contain control characters' })
  .refine(usernameText.check, { error: usernameText.error });

/** The form rules of a name a user takes now (services/names.ts). */
const impersonationFree = <T extends z.ZodString>(schema: T) =>
  schema
    .refine((name) => !hasInvisibleCharacters(name), { error: ERROR.usernameInvisible })
    .refine(isSingleScript, { error: ERROR.usernameMixedScripts });

/**
 * A username being registered or added ({@link usernameSchema}, no invisible or formatting
 * characters, letters of one script). Names taken before these rules still log in: login takes
 * any {@link usernameSchema}.
 */
export const newUsernameSchema = impersonationFree(usernameSchema);

/**
 * A new name for oneself: letters and digits only (spec §4 Username edit, §9 Limits), of one
 * script and none invisible (a Hangul filler is a letter).
 */
export const renameSchema = impersonationFree(
  usernameSchema.regex(/^[\p{L}\p{N}]+$/u, {
    error: 'username may contain only letters and digits',
  }),
);

export const roleSchema = z.enum(['admin', 'member'], {
  error: 'role must be "admin" or "member"',
});

/**
 * A tool id: one of the tool registry's content names (spec §1 Tools, §3 Tool metadata `name`):
 * `kanban`, `ticket-system`, `bulletin`, `diagrams`, `poker`, `randomizer`. Anything else is
 * refused, so a space holds at most one content per registered tool.
 */
export const toolSchema = z.enum(TOOL_NAMES, {
  error: `tool must be one of: ${TOOL_NAMES.join(', ')}`,
});

/** The ciphertext envelope `{data, iv, salt}` as a JSON string (spec §3, §9). */
export const envelopeSchema = z
  .string({ error: 'encrypted_data is required' })
  .refine(isEnvelope, { error: ERROR.invalidEnvelope });

/** Versions are PostgreSQL `integer`s; the next save stores version + 1. */
const MAX_VERSION = 2_147_483_646;

const operationsCountMessage = `operations must hold 1 to ${OPERATIONS_PER_SAVE_MAX} envelopes`;

/**
 * The encrypted operations of a save: 1–OPERATIONS_PER_SAVE_MAX operation envelopes
 * `{"v":"op1","data","iv","salt"}` of `@cipherspace/crypto` (JSON strings of at most
 * OPERATION_ENVELOPE_MAX_CHARS characters each, checked by its `isOperationEnvelope`; a content
 * envelope is refused), in the order they were applied. The server checks their form only; it
 * cannot read them. Refusals are BAD_REQUEST (REST 422) with the first rule broken.
 */
export const operationsSchema = z
  .array(
    z
      .string({ error: ERROR.invalidOperationEnvelope })
      .max(OPERATION_ENVELOPE_MAX_CHARS, {
        error: `an operation envelope is at most ${OPERATION_ENVELOPE_MAX_CHARS} characters`,
      })
      .refine(isOperationEnvelope, { error: ERROR.invalidOperationEnvelope }),
    { error: operationsCountMessage },
  )
  .min(1, { error: operationsCountMessage })
  .max(OPERATIONS_PER_SAVE_MAX, { error: operationsCountMessage });

/** A version (a whole number ≥ `min`, default 0); anything else is refused with `message`. */
const versionNumber = (message: string, min = 0) =>
  z
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(MAX_VERSION + 1, { error: message });

/** A version a client holds, for `content.changes`: a whole number ≥ 0. */
export const sinceSchema = versionNumber(ERROR.sinceInvalid);

/** The version a proposed change is based on, for `content.propose`. */
export const baseVersionSchema = versionNumber(ERROR.baseVersionInvalid);

/** The highest version a tool can reach (the next save after MAX_VERSION stores this one). */
export const LAST_VERSION = MAX_VERSION + 1;

/**
 * A stored version a member names: any whole number here, so that one out of range — below 1,
 * or beyond the current version — is refused by `requireVersionInRange` (services/history.ts) and the service
 * alike (BAD_REQUEST, REST 400), not by the schema (REST 422). Its JSON Schema still shows the
 * versions that can exist (1 … LAST_VERSION).
 */
const storedVersion = () =>
  z
    .number({ error: ERROR.historyVersionInvalid })
    .int({ error: ERROR.historyVersionInvalid })
    .meta({ minimum: 1, maximum: LAST_VERSION });

/** The version an uploaded snapshot holds, for `content.snapshot`: a whole number ≥ 1. */
export const snapshotVersionSchema = storedVersion();

/** A stored version a member asks for, for `history.version`: a whole number ≥ 1. */
export const historyVersionSchema = storedVersion();

/**
 * Where `history.version` starts rebuilding: from a snapshot at or before this version,
 * so every change after it is in the answer; a whole number ≥ 1.
 */
export const historyFromSchema = versionNumber(ERROR.historyFromInvalid, 1);

/**
 * Where a `history.changes` page starts: the changes after this version (the `next_after` of the
 * previous answer); a whole number ≥ 0.
 */
export const historyAfterSchema = versionNumber(ERROR.historyAfterInvalid);

/** The page boundary of `history.list`: versions before this one; whole, ≥ 1. */
export const historyBeforeSchema = versionNumber(ERROR.historyBeforeInvalid, 1);

/** How many versions one `history.list` answer holds: 1–HISTORY_PAGE_MAX_VERSIONS. */
export const historyLimitSchema = z
  .number({ error: ERROR.historyLimitInvalid })
  .int({ error: ERROR.historyLimitInvalid })
  .min(1, { error: ERROR.historyLimitInvalid })
  .max(HISTORY_PAGE_MAX_VERSIONS, { error: ERROR.historyLimitInvalid })
  .default(HISTORY_PAGE_DEFAULT_VERSIONS);

const jsonBytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

/**
 * Caller metadata on a save. `version` is the version the edit is based on (0 or absent when
 * the tool has no content yet); everything else is kept and returned in `content_metadata`.
 */
export const saveMetadataSchema = z
  .looseObject({
    version: z
      .number({ error: 'metadata.version must be a whole number ≥ 0' })
      .int({ error: 'metadata.version must be a whole number ≥ 0' })
      .min(0, { error: 'metadata.version must be a whole number ≥ 0' })
      .max(MAX_VERSION, { error: 'metadata.version is out of range' })
      .optional(),
  })
  // jsonb cannot store the NUL character.
  .refine((value) => !JSON.stringify(value).includes('\\u0000'), {
    error: 'metadata must not contain the NUL character',
  })
  // Nor an unpaired UTF-16 surrogate (PostgreSQL failed on one: a 500, found by fuzzing).
  .refine((value) => !hasLoneSurrogate(value), {
    error: 'metadata must not contain an unpaired UTF-16 surrogate',
  })
  .refine((value) => jsonBytes(value) <= CONTENT_METADATA_MAX_BYTES, {
    error: ERROR.metadataTooLarge,
  });

/** Whether a key or string anywhere in a JSON value is not well-formed UTF-16 (no recursion). */
function hasLoneSurrogate(root: unknown): boolean {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (LONE_SURROGATE.test(value)) return true;
    } else if (Array.isArray(value)) {
      for (const item of value as unknown[]) pending.push(item);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, member] of Object.entries(value)) {
        if (LONE_SURROGATE.test(key)) return true;
        pending.push(member);
      }
    }
  }
  return false;
}

/**
 * The tool a presence announcement names: lowercase letters, digits and dashes. Presence stores
 * nothing, and spec §3 has tools announce under their short names (`kanban`, `ticket`), so it is
 * not limited to the registry's content names.
 */
const presenceToolSchema = z
  .string({ error: 'tool is required' })
  .regex(new RegExp(`^[a-z0-9][a-z0-9-]{0,${PRESENCE_TOOL_MAX_CHARS - 1}}$`), {
    error: 'tool must be lowercase letters, digits and dashes',
  });

/** What a client announces about itself in a tool (spec §3 presence_update). */
export const presenceSchema = z.object({
  tool: presenceToolSchema,
  status: z.string().max(32).default('active'),
  data: z
    .record(z.string(), z.unknown())
    .optional()
    .refine((value) => value === undefined || jsonBytes(value) <= PRESENCE_DATA_MAX_BYTES, {
      error: 'presence data is too large',
    }),
});

/** An opaque id a client gives its connection, so its own presence is not echoed back. */
export const clientIdSchema = z.string().min(1).max(64).optional();

const SAVE_ID_MESSAGE = `save_id (REST: the Idempotency-Key header) must be 1–${SAVE_ID_MAX_CHARS} visible ASCII characters without spaces`;

/**
 * The id of one save operation: 1–SAVE_ID_MAX_CHARS visible ASCII characters
 * (no spaces), random per operation and the same on every retry of it. The server answers a
 * repeated id with the original result; see `content.save`.
 */
export const saveIdSchema = z
  .string()
  .min(1, { error: SAVE_ID_MESSAGE })
  .max(SAVE_ID_MAX_CHARS, { error: SAVE_ID_MESSAGE })
  .regex(/^[\x21-\x7e]+$/, { error: SAVE_ID_MESSAGE });
