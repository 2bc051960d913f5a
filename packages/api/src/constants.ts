/** Server-side limits and lifetimes (spec §9), with units in their names. */

/** A session expires this long after its last use (spec §9 "Session token lifetime: 30 minutes"). */
export const SESSION_IDLE_MS = 30 * 60 * 1000;
/** Hard cap on a session's age regardless of use, so a stolen token cannot live forever. */
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/**
 * The sliding expiry is written back only when it would move by more than this, so a busy
 * client does not cause a database write per request; the idle lifetime stays within
 * [SESSION_IDLE_MS - SESSION_REFRESH_GRANULARITY_MS, SESSION_IDLE_MS].
 */
export const SESSION_REFRESH_GRANULARITY_MS = 60 * 1000;
/** Bytes of randomness in a session token (Lucia design: at least 160 bits). */
export const SESSION_TOKEN_BYTES = 20;

/** Longest username, in characters. */
export const USERNAME_MAX_CHARS = 50;
/** Longest tool id, in characters (`kanban`, `ticket-system`, …). */
export const TOOL_ID_MAX_CHARS = 64;
/** Largest caller metadata on a content save, in bytes of JSON. */
export const CONTENT_METADATA_MAX_BYTES = 16 * 1024;
/** Largest client-supplied presence payload, in bytes of JSON (NOTIFY payloads stay < 8000 B). */
export const PRESENCE_DATA_MAX_BYTES = 1024;
