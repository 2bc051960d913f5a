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
/** Longest tool name in a presence announcement, in characters (`kanban`, `ticket`, …). */
export const PRESENCE_TOOL_MAX_CHARS = 64;
/**
 * How long after a raw WebSocket ends (its `leave` message, or its close without one) the server
 * tells the other members that the connection left (`user_left`), in ms. A reload in the same tab
 * announces its new connection well within it, so the member does not flicker away and back.
 */
export const PRESENCE_DEPARTURE_GRACE_MS = 3_000;
/** Largest caller metadata on a content save, in bytes of JSON. */
export const CONTENT_METADATA_MAX_BYTES = 16 * 1024;
/** Largest client-supplied presence payload, in bytes of JSON (NOTIFY payloads stay < 8000 B). */
export const PRESENCE_DATA_MAX_BYTES = 1024;

/**
 * Messages a client may send on one WebSocket (the raw `/api/ws/{space}` and tRPC's `/trpc`), per
 * second, sustained: a token bucket of WS_MESSAGE_BURST messages refilled at this rate. Each
 * frame counts, whatever it holds (a tRPC batch counts once per call in it); the first message
 * beyond the bucket closes the socket with WS_CLOSE_RATE_LIMITED. The web app sends one
 * heartbeat per 30 s on its one socket (presence goes over HTTP), third-party clients a heartbeat
 * per 30 s and a presence update when something changes: 20/s is hundreds of times that.
 */
export const WS_MESSAGES_PER_SECOND = 20;
/**
 * The bucket of WS_MESSAGES_PER_SECOND, in messages: what a client may send at once after a
 * quiet spell. The web app sends 2 when its socket opens (`user_joined`, `heartbeat`).
 */
export const WS_MESSAGE_BURST = 100;
/**
 * WebSocket close code (RFC 6455 private range, 4000 + HTTP 429) of a socket whose client sent
 * more than WS_MESSAGES_PER_SECOND allows; the reason text is `rate_limited`.
 */
export const WS_CLOSE_RATE_LIMITED = 4429;
/**
 * Most subscriptions one tRPC connection may hold at once (a WebSocket shares one context for all
 * its calls); one more → TOO_MANY_REQUESTS for that subscription, the others go on. A client
 * needs one per space it follows (`realtime.onEvent`); the web app uses none (it listens on the
 * raw WebSocket). Each costs ~10 KB of server memory.
 */
export const TRPC_SUBSCRIPTIONS_PER_CONNECTION_MAX = 10;
/**
 * How long a tRPC WebSocket may stay open without authenticating, in ms: a socket whose token
 * (`connectionParams: {token}` or `Authorization`) is not a live session by then gets an
 * UNAUTHORIZED error message and is closed with 4401 `not_authenticated`. Clients send their
 * token with the first frame, in milliseconds.
 */
export const TRPC_SOCKET_AUTH_DEADLINE_MS = 10_000;

/**
 * Longest save id a client may send with a content save (tRPC `save_id`, REST `Idempotency-Key`),
 * in characters: room for a UUID or any other random token.
 */
export const SAVE_ID_MAX_CHARS = 128;
/**
 * How long the server remembers a save id, in ms: 24 h. A retry within it is answered with the
 * original result; after it the id is forgotten (the session cleanup job prunes it) and a retry is
 * an ordinary save again (usually a 409, its base being old).
 */
export const SAVE_ID_RETENTION_MS = 24 * 60 * 60 * 1000;

/**
 * Most encrypted operation envelopes one content save may carry: a save records the operations of
 * one user action, which are few; more → BAD_REQUEST (REST 422).
 */
export const OPERATIONS_PER_SAVE_MAX = 20;
/**
 * Longest encrypted operation envelope, in characters (a bound of the op1 envelope format, defined
 * with it in @cipherspace/crypto so clients know it too): longer → BAD_REQUEST (REST 422).
 */
export { OPERATION_ENVELOPE_MAX_CHARS } from '@cipherspace/crypto';
/**
 * Widest gap, in versions, that `content.changes` answers with operations. Beyond it the answer is
 * `too_far_behind` and the client loads the snapshot instead: one snapshot download and decryption
 * is cheaper than fetching, decrypting and applying more than 100 changes one by one (up to 100 ×
 * 20 envelopes of 16 KiB), and the bound keeps every answer small whatever the history.
 */
export const CHANGES_SINCE_MAX_VERSIONS = 100;
/**
 * Largest total length, in characters, of a save's operation envelopes that `content_update`
 * carries inline. A bigger change is announced without them and receivers fetch it with
 * `content.changes`. Keeps every event far below PostgreSQL NOTIFY's 8000-byte payload limit: with
 * the longest space name (400 B), username (150 B) and tool id, an event with 2000 characters of
 * operations stays under 3.5 KB.
 */
export const INLINE_OPERATIONS_MAX_CHARS = 2000;

/**
 * How often a tool's history keeps a whole snapshot, in versions. A save writes a snapshot of the
 * content it stores into `tool_snapshots` when it is a replacement, when the tool has no snapshot
 * yet, or when it is at least this many versions after the tool's newest snapshot; every other
 * version is kept as its encrypted operations only. Any kept version is rebuilt from the newest
 * snapshot at or before it plus at most HISTORY_SNAPSHOT_EVERY_VERSIONS − 1 changes. The trade-off:
 * the history stores one snapshot per 50 versions (a 1,000-card board's snapshot is ~475 KB, so
 * ~9.5 KB per version on top of its ~1 KB of operations), and rebuilding a version downloads,
 * decrypts and applies at most 49 changes — a few hundred KB even when each change is large, and a
 * `history.version` answer stays bounded.
 */
export const HISTORY_SNAPSHOT_EVERY_VERSIONS = 50;
/** Versions `history.list` answers when the caller names no `limit`. */
export const HISTORY_PAGE_DEFAULT_VERSIONS = 50;
/** Most versions one `history.list` answer holds; a larger `limit` → BAD_REQUEST. */
export const HISTORY_PAGE_MAX_VERSIONS = 100;
/**
 * Most bytes of change data one answer of `content.changes`, `history.version` or
 * `history.changes` carries, in bytes (4 MiB): the operations' stored JSON text (the envelopes as
 * a JSON array; a replacement counts 0), plus the base snapshot's envelope in `history.version`.
 * Past it the answer is cut after the last whole change that fits and names where the next page
 * starts (`next_since`, `next_after`); a page holds at least one change whatever its size (one
 * save's operations are at most OPERATIONS_PER_SAVE_MAX × OPERATION_ENVELOPE_MAX_CHARS ≈ 320 KiB,
 * the base snapshot is bounded by the body limit of a save). Keeps the server's memory per answer
 * bounded: one unbounded history answer measured 98.5 MB (+422 MB of server memory).
 */
export const CHANGES_PAGE_MAX_BYTES = 4 * 1024 * 1024;
/**
 * The default storage quota of one space, in bytes (256 MiB): its tool content and history as
 * stored (services/storage-quota.ts). A 5,000-card board's snapshot is ~2.4 MB, so this holds
 * such a board with a hundred kept snapshots beside the other tools. Servers set their own with
 * SPACE_STORAGE_QUOTA_BYTES.
 */
export const SPACE_STORAGE_QUOTA_DEFAULT_BYTES = 256 * 1024 * 1024;
