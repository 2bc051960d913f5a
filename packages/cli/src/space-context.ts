/**
 * What every command after `login` starts from: the stored session, a REST client with its
 * token, and the space key — already proven right against the session's key check, so a wrong
 * key fails (spec §8 message, exit 3) before anything is read or written.
 */
import { DecryptError, decryptJson } from '@cipherspace/crypto';

import { createApiClient, type ApiClient } from './api-client.ts';
import { wrongKeyError } from './errors.ts';
import type { Reporter } from './progress.ts';
import { verifyKeyCheck, type Session } from './session-store.ts';

/** A logged-in space with its verified key. */
export interface SpaceContext {
  session: Session;
  client: ApiClient;
  /** The space key of `session.space`, verified; kept in memory only. */
  spaceKey: string;
  reporter: Reporter;
}

/**
 * The context of `session` with the key `readKey` supplies, checked against the session's key
 * check. @throws CliError exit 3 (wrong key), or whatever `readKey` throws.
 */
export async function openSpace(
  session: Session,
  readKey: (session: Session) => Promise<string>,
  reporter: Reporter,
): Promise<SpaceContext> {
  const spaceKey = await readKey(session);
  await verifyKeyCheck(session, spaceKey);
  return {
    session,
    client: createApiClient({ server: session.server, token: session.token }),
    spaceKey,
    reporter,
  };
}

/**
 * The decrypted JSON of `tool`'s envelope (in memory only).
 * @throws CliError exit 3 with the spec §8 message when `spaceKey` does not open it.
 */
export async function decryptTool(
  tool: string,
  envelope: string,
  spaceKey: string,
  hint?: string,
): Promise<unknown> {
  try {
    return await decryptJson(envelope, spaceKey);
  } catch (error) {
    if (error instanceof DecryptError) {
      throw wrongKeyError(hint ?? `The content of ${tool} cannot be opened with this key.`, error);
    }
    throw error;
  }
}
