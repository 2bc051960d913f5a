/**
 * Verifiers from clients are never stored as received: both the space-name verifier and password
 * verifiers are hashed with argon2id; `verify` compares in constant time inside argon2.
 */
import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** `Algorithm.Argon2id` (a const enum, which isolated modules cannot import by name). */
// eslint-disable-next-line @typescript-eslint/no-unsafe-enum-assignment
const ARGON2ID: Algorithm = 2;

/** OWASP's argon2id baseline: 19 MiB memory, 2 passes, 1 lane. */
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** Returns the PHC string (`$argon2id$v=19$…`) for a base64 verifier. */
export function hashVerifier(verifier: string): Promise<string> {
  return hash(verifier, ARGON2_OPTIONS);
}

/** True when `verifier` matches `stored`; false for a mismatch or a malformed hash. */
export async function verifyVerifier(stored: string, verifier: string): Promise<boolean> {
  try {
    return await verify(stored, verifier);
  } catch {
    return false;
  }
}
