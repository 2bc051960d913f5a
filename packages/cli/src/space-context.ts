/**
 * What every command after `login` starts from: the stored session, a REST client with its
 * token, and the space key — already proven right against the session's key check, so a wrong
 * key fails (spec §8 message, exit 3) before anything is read or written.
 */
import {
  DecryptError,
  decryptJson,
  decryptOperation,
  deriveOperationsKey,
  encryptOperation,
  type OperationsKey,
} from '@cipherspace/crypto';
import type { HistoryCodec } from '@cipherspace/sync';

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

/** {@link HistoryCodec} of one tool plus the operation envelope for saving. */
export interface ToolCodec extends HistoryCodec {
  /** An operation (`@cipherspace/tools` wire format) → its op1 envelope under the operations key. */
  encryptOperation(operation: unknown): Promise<string>;
}

/**
 * Opens and seals `tool`'s content of `ctx.session.space` on this machine (spec §9): snapshots
 * with the space key (the content envelope), operations with the space's operations key
 * (`deriveOperationsKey(spaceKey, spaceName)`, derived once per codec; op1 envelope). Decrypting
 * rejects with CliError exit 3 (spec §8 message) when the key does not open an envelope.
 */
export function toolCodec(ctx: SpaceContext, tool: string): ToolCodec {
  const { spaceKey, session } = ctx;
  let key: Promise<OperationsKey> | null = null;
  const operationsKey = () => (key ??= deriveOperationsKey(spaceKey, session.space));
  return {
    decrypt: (envelope) => decryptTool(tool, envelope, spaceKey),
    async decryptOperation(envelope) {
      try {
        return await decryptOperation(envelope, await operationsKey());
      } catch (error) {
        if (error instanceof DecryptError) {
          throw wrongKeyError(`An operation of ${tool} cannot be opened with this key.`, error);
        }
        throw error;
      }
    },
    encryptOperation: async (operation) => encryptOperation(operation, await operationsKey()),
  };
}
