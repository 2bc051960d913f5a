import {
  PASSWORD_VERIFIER_SALT,
  SPACE_NAME_VERIFIER_SALT,
  VERIFIER_BITS,
  VERIFIER_BYTES,
  VERIFIER_INPUT_SEPARATOR,
} from './constants.ts';
import { base64ToBytes, bytesToBase64, utf8Encode } from './encoding.ts';
import { pbkdf2Sha256 } from './kdf.ts';

async function deriveVerifier(
  spaceKey: string,
  value: string,
  domainSalt: string,
): Promise<string> {
  if (typeof spaceKey !== 'string' || spaceKey.length === 0) {
    throw new TypeError('The space key must be a non-empty string');
  }
  if (spaceKey.includes(VERIFIER_INPUT_SEPARATOR)) {
    // The separator keeps (key, value) → input one-to-one only if the key cannot contain it.
    throw new TypeError('The space key must not contain U+0000');
  }
  if (typeof value !== 'string') {
    throw new TypeError('The verified value must be a string');
  }
  const input = utf8Encode(spaceKey + VERIFIER_INPUT_SEPARATOR + value);
  return bytesToBase64(await pbkdf2Sha256(input, utf8Encode(domainSalt), VERIFIER_BITS));
}

/**
 * The space-name verifier sent as `encrypted_space_name`: standard base64 (44 characters) of
 * PBKDF2-HMAC-SHA-256(password = UTF-8(spaceKey + U+0000 + spaceName), salt =
 * UTF-8('cipherspace/space-name-verifier/v1'), 100 000 iterations, 256 bits). The name is used
 * exactly as given (no trimming or Unicode normalisation). Rejects with `TypeError` for an empty
 * space key or one containing U+0000, `Error(WEB_CRYPTO_UNSUPPORTED_MESSAGE)` without Web Crypto.
 * Spec §9 Encryption (verification hashes), §3 Space.
 */
export async function deriveSpaceNameVerifier(
  spaceKey: string,
  spaceName: string,
): Promise<string> {
  return deriveVerifier(spaceKey, spaceName, SPACE_NAME_VERIFIER_SALT);
}

/**
 * The password verifier sent as `encrypted_password`: standard base64 (44 characters) of
 * PBKDF2-HMAC-SHA-256(password = UTF-8(spaceKey + U+0000 + password), salt =
 * UTF-8('cipherspace/password-verifier/v1'), 100 000 iterations, 256 bits). Binding the space key
 * means the server never sees a reusable password hash. Rejects like {@link
 * deriveSpaceNameVerifier}. Spec §9 Encryption (verification hashes), §3 User.
 */
export async function derivePasswordVerifier(spaceKey: string, password: string): Promise<string> {
  return deriveVerifier(spaceKey, password, PASSWORD_VERIFIER_SALT);
}

/**
 * Whether `value` has the shape of a verifier: strict padded standard base64 of exactly 32 bytes
 * (44 characters). For servers validating `encrypted_space_name` / `encrypted_password`. Never
 * throws. Spec §9 Encryption.
 */
export function isVerifier(value: unknown): value is string {
  if (typeof value !== 'string') {
    return false;
  }
  try {
    return base64ToBytes(value).length === VERIFIER_BYTES;
  } catch {
    return false;
  }
}
