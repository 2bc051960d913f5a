/**
 * Every number, name and message of the crypto formats in one place. Units are in the names
 * (`_BYTES`, `_BITS`, `_CHARS`); changing any value here changes the wire format and breaks
 * existing content — spec §9 Encryption.
 */

/** PBKDF2 iteration count for content keys and verifiers — spec §9 Encryption. */
export const PBKDF2_ITERATIONS = 100_000;

/** Web Crypto name of the PBKDF2 hash — spec §9 Encryption. */
export const PBKDF2_HASH = 'SHA-256';

/** Web Crypto algorithm name of the key-derivation function. */
export const PBKDF2_ALGORITHM = 'PBKDF2';

/** Web Crypto algorithm name of the content cipher — spec §9 Encryption. */
export const AES_ALGORITHM = 'AES-GCM';

/** AES key length in bits (AES-256) — spec §9 Encryption. */
export const AES_KEY_BITS = 256;

/** AES-GCM nonce length in bytes; fresh and random for every encryption — spec §9 Encryption. */
export const IV_BYTES = 12;

/** PBKDF2 salt length in bytes; fresh and random for every encryption — spec §9 Encryption. */
export const SALT_BYTES = 32;

/** AES-GCM authentication tag length in bits — spec §9 Encryption. */
export const TAG_BITS = 128;

/**
 * AES-GCM authentication tag length in bytes (the last bytes of an envelope's `data`) — spec §9
 * Encryption.
 */
export const TAG_BYTES = TAG_BITS / 8;

/** Verifier output length in bits — spec §9 Encryption (verification hashes). */
export const VERIFIER_BITS = 256;

/** Verifier output length in bytes. */
export const VERIFIER_BYTES = VERIFIER_BITS / 8;

/** Length in characters of a verifier in padded standard base64 (32 bytes → 44 characters). */
export const VERIFIER_BASE64_CHARS = 44;

/**
 * Members of the envelope JSON object, in the order they are written: `{"data":…,"iv":…,"salt":…}`.
 * Version 1 of the envelope is identified by having exactly these members — spec §3 Tool content,
 * §9 Encryption.
 */
export const ENVELOPE_FIELDS = ['data', 'iv', 'salt'] as const;

/** Envelope format version described by this package (implicit on the wire: no version member). */
export const ENVELOPE_VERSION = 1;

/** Fixed PBKDF2 salt (as a UTF-8 string) of the space-name verifier — spec §9 Encryption. */
export const SPACE_NAME_VERIFIER_SALT = 'cipherspace/space-name-verifier/v1';

/** Fixed PBKDF2 salt (as a UTF-8 string) of the password verifier — spec §9 Encryption. */
export const PASSWORD_VERIFIER_SALT = 'cipherspace/password-verifier/v1';

/**
 * Joins space key and name-or-password in a verifier input: `spaceKey + U+0000 + value` — spec §9
 * Encryption.
 */
export const VERIFIER_INPUT_SEPARATOR = '\u0000';

/** Minimum length of a space key in characters (Unicode code points) — spec §5 Space key. */
export const SPACE_KEY_MIN_CHARS = 10;

/** Shortest generated space key in characters — spec §5 Space key. */
export const GENERATED_KEY_MIN_CHARS = 20;

/** Longest generated space key in characters — spec §5 Space key. */
export const GENERATED_KEY_MAX_CHARS = 25;

/** The special characters a space key must contain one of (31 characters) — spec §5 Space key. */
export const SPACE_KEY_SPECIAL_CHARS = '!@#$%^&*()_+-=[]{}|;\':",.\\<>?`~';

/** The one character a space key must not contain — spec §5 Space key. */
export const SPACE_KEY_FORBIDDEN_CHAR = '/';

/** Shortest space name in characters (Unicode code points) — spec §5 Space name. */
export const SPACE_NAME_MIN_CHARS = 3;

/** Longest space name in characters (Unicode code points) — spec §5 Space name. */
export const SPACE_NAME_MAX_CHARS = 100;

/**
 * Minimum length of a hexadecimal key on the crypto page, in characters — spec §5 Key strength
 * check.
 */
export const HEX_KEY_MIN_CHARS = 32;

/** Number of derived AES keys a key cache holds before evicting the least recently used one. */
export const KEY_CACHE_DEFAULT_MAX_ENTRIES = 256;

/** Message of every decryption failure — spec §8 Error catalogue (Decrypt failure). */
export const DECRYPT_FAILED_MESSAGE = 'Failed to decrypt content - invalid space key?';

/** Message when the runtime has no Web Crypto API — spec §1, §8 Error catalogue. */
export const WEB_CRYPTO_UNSUPPORTED_MESSAGE = 'Web Crypto API not supported.';

/** Hint shown while a space name is invalid — spec §5 Space name. */
export const SPACE_NAME_HINT =
  'Space name must be at least 3 characters and contain only letters, numbers, spaces, and dashes';

/** Message shown when a space name is valid — spec §5 Space name. */
export const SPACE_NAME_VALID_MESSAGE = 'Valid space name';

/** Crypto page: the hexadecimal key is long enough — spec §5 Key strength check. */
export const HEX_KEY_STRONG_MESSAGE = 'Key strength OK: at least 32 hexadecimal characters';

/** Crypto page: the key is shorter than 32 characters — spec §5 Key strength check. */
export const HEX_KEY_TOO_SHORT_MESSAGE = 'Key must be at least 32 hexadecimal characters';

/** Crypto page: the key contains a character outside 0-9, a-f, A-F — spec §5 Key strength check. */
export const HEX_KEY_NOT_HEX_MESSAGE = 'Key must contain only hexadecimal characters (0-9, a-f)';

/** Web Crypto name of the digest of {@link iteratedSha256} — spec §9 (crypto page key derivation). */
export const SHA256_ALGORITHM = 'SHA-256';

/** Length of a SHA-256 digest in bytes. */
export const SHA256_BYTES = 32;

/** Version byte that starts every wrapped secret (README "Wrapped secrets"). */
export const WRAPPED_SECRET_VERSION = 1;

/** Shortest wrapped secret in bytes: version byte, 12-byte IV, 16-byte tag (empty secret). */
export const WRAPPED_SECRET_MIN_BYTES = 1 + IV_BYTES + TAG_BYTES;

/** Message of every failure to unwrap a wrapped secret (wrong key, tampering, bad format). */
export const UNWRAP_FAILED_MESSAGE = 'Failed to unwrap the stored secret';

/**
 * Label that starts the input of the per-space operations-key salt:
 * salt = SHA-256(UTF-8(label) ‖ 0x00 ‖ UTF-8(spaceName)), 32 bytes (README "Operations key").
 * Operations are not covered by the spec; the closest section is §9 Encryption.
 */
export const OPERATIONS_KEY_SALT_LABEL = 'cipherspace/operations-key/v1';

/**
 * Byte between the label and the space name in the operations-key salt input (README "Operations
 * key").
 */
export const OPERATIONS_KEY_SALT_SEPARATOR_BYTE = 0x00;

/** Length in bytes of the operations key (PBKDF2-HMAC-SHA-256 output; the HKDF input key). */
export const OPERATIONS_KEY_BYTES = 32;

/**
 * Operations keys an operations-key cache holds before evicting the least recently used one (one
 * per space in use).
 */
export const OPERATIONS_KEY_CACHE_DEFAULT_MAX_ENTRIES = 16;

/** Web Crypto algorithm name of the per-operation key derivation (RFC 5869). */
export const HKDF_ALGORITHM = 'HKDF';

/** Web Crypto name of the HKDF hash of the operation envelope (README "Operation envelope"). */
export const HKDF_HASH = 'SHA-256';

/**
 * HKDF `info` (as a UTF-8 string) of the per-envelope AES-256-GCM key of an operation envelope;
 * binds the key to envelope version op1 (README "Operation envelope").
 */
export const OPERATION_KEY_HKDF_INFO = 'cipherspace/operation/v1';

/**
 * Length in bytes of the random HKDF salt of every operation envelope (SHA-256's output length, as
 * RFC 5869 §3.1 recommends); fresh for every encryption.
 */
export const OPERATION_SALT_BYTES = 32;

/**
 * Value of the `v` member that marks an operation envelope, version 1 (README "Operation
 * envelope").
 */
export const OPERATION_ENVELOPE_VERSION = 'op1';

/**
 * Members of the operation envelope JSON object, in the order they are written:
 * `{"v":"op1","data":…,"iv":…,"salt":…}`. A reader requires exactly these (README "Operation
 * envelope").
 */
export const OPERATION_ENVELOPE_FIELDS = ['v', 'data', 'iv', 'salt'] as const;

/**
 * Longest op1 operation envelope a server accepts, in characters: an operation
 * describes one change (a card, a note, a vote), not a document. A client with a longer one (an
 * undo or restore of a large change) saves the snapshot alone, as a replacement.
 */
export const OPERATION_ENVELOPE_MAX_CHARS = 16_384;
