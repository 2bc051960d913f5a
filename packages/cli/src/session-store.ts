/**
 * The login session on disk (default `$XDG_CONFIG_HOME/cipherspace/session.json`, mode 0600):
 * server, space, bearer token, user and expiry — and a **key check**, a fixed value encrypted
 * with the space key like any tool content. The key check lets every later command tell a wrong
 * key at once (spec §8 decrypt message), before it reads or writes anything, even in a space
 * without content. It is not the key and cannot be opened without it; the token next to it
 * already grants the space's ciphertext, so it reveals nothing the file did not.
 */
import { readFile, rm } from 'node:fs/promises';

import { DecryptError, decryptJson, encryptJson, isEnvelope } from '@cipherspace/crypto';
import { z } from 'zod';

import { CliError, EXIT, NOT_LOGGED_IN_MESSAGE, wrongKeyError } from './errors.ts';
import { isFsError, writePrivateFile } from './files.ts';

/** `format` of the session file. */
export const SESSION_FORMAT = 'cipherspace-cli-session';

export const sessionSchema = z.object({
  format: z.literal(SESSION_FORMAT),
  version: z.literal(1),
  /** Base URL of the server, without trailing slash. */
  server: z.url({ protocol: /^https?$/ }),
  /** The space name exactly as logged in. */
  space: z.string().min(1),
  /** The bearer token (spec §3 access_token). */
  token: z.string().min(1),
  user: z.object({ id: z.string(), username: z.string() }),
  /** When the session expires unless used (ISO 8601); the server slides it on every call. */
  expires_at: z.string(),
  /** {@link KEY_CHECK_PURPOSE} and the space name, encrypted with the space key (crypto README §3). */
  key_check: z.string().refine(isEnvelope, { error: 'not an encryption envelope' }),
});
export type Session = z.infer<typeof sessionSchema>;

/** The value inside every key check. */
export const KEY_CHECK_PURPOSE = 'cipherspace-cli key check';

/** The key check of `space`: `{purpose, space}` encrypted with `spaceKey` (fresh salt and IV). */
export function createKeyCheck(spaceKey: string, space: string): Promise<string> {
  return encryptJson({ purpose: KEY_CHECK_PURPOSE, space }, spaceKey);
}

/**
 * Resolves when `spaceKey` opens the session's key check.
 * @throws CliError exit 3 with the spec §8 message 'Failed to decrypt content - invalid space key?'.
 */
export async function verifyKeyCheck(session: Session, spaceKey: string): Promise<void> {
  let value: unknown;
  try {
    value = await decryptJson(session.key_check, spaceKey);
  } catch (error) {
    if (error instanceof DecryptError) {
      throw wrongKeyError(`This is not the space key of "${session.space}".`, error);
    }
    throw error;
  }
  const parsed = z
    .object({ purpose: z.literal(KEY_CHECK_PURPOSE), space: z.string() })
    .safeParse(value);
  if (!parsed.success || parsed.data.space !== session.space) {
    throw wrongKeyError(`This is not the space key of "${session.space}".`);
  }
}

/**
 * The session stored at `path`.
 * @throws CliError exit 5 'Not logged in…' when there is none, or when the file is damaged.
 */
export async function readSession(path: string): Promise<Session> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if (isFsError(error, 'ENOENT')) throw new CliError(NOT_LOGGED_IN_MESSAGE, EXIT.session);
    throw new CliError(
      `Cannot read the session file ${path}: ${(error as Error).message}`,
      EXIT.session,
      {
        cause: error,
      },
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw damaged(path, error);
  }
  const parsed = sessionSchema.safeParse(json);
  if (!parsed.success) throw damaged(path, parsed.error);
  return parsed.data;
}

/** Stores `session` at `path` (mode 0600, parent folders 0700, atomically). */
export async function writeSession(path: string, session: Session): Promise<void> {
  await writePrivateFile(path, `${JSON.stringify(sessionSchema.parse(session), null, 2)}\n`);
}

/** Deletes the session file; true when there was one. */
export async function deleteSession(path: string): Promise<boolean> {
  try {
    await rm(path);
    return true;
  } catch (error) {
    if (isFsError(error, 'ENOENT')) return false;
    throw error;
  }
}

function damaged(path: string, cause: unknown): CliError {
  return new CliError(
    `The session file ${path} is damaged. Run \`cipherspace login\` again.`,
    EXIT.session,
    { cause },
  );
}
