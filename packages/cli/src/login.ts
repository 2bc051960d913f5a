/**
 * `cipherspace login` (spec §2 /space/login, §3 Login payload, §7 POST /api/auth/login): the
 * space-name verifier and the password verifier are derived here from the space key, exactly as
 * the web app does; only they are sent. The session (with a key check, see session-store.ts)
 * is stored for the other commands.
 */
import { derivePasswordVerifier, deriveSpaceNameVerifier } from '@cipherspace/crypto';

import { ApiError, createApiClient, normaliseServer, type ApiClient } from './api-client.ts';
import { CliError, EXIT, SPACE_NOT_FOUND_MESSAGE, usageError } from './errors.ts';
import type { CliIo } from './io.ts';
import { canPrompt, promptHidden } from './prompt.ts';
import type { Reporter } from './progress.ts';
import { createKeyCheck, SESSION_FORMAT, writeSession, type Session } from './session-store.ts';

/** What `login` needs; the key has been read already (secrets.ts). */
export interface LoginInput {
  /** Base URL of the server, checked by {@link checkServerUrl}. */
  server: string;
  space: string;
  username: string;
  spaceKey: string;
  /** The password from --password or CIPHERSPACE_PASSWORD; asked for in a terminal when needed. */
  password: string | undefined;
  sessionFile: string;
}

/** Server details of a refused login (packages/api/src/errors.ts). */
const DETAIL = {
  invalidSpaceCredentials: 'Invalid space name or space key',
  userNotFound: 'User not found',
  invalidPassword: 'Invalid password',
} as const;

/**
 * Logs in and stores the session at `input.sessionFile`; returns it.
 * @throws CliError exit 3 (wrong space key: the server refused the
 * space-name verifier), 4 (no such space), 6 (server unreachable), 8 (unknown user, wrong or
 * missing password, throttled), 130 (prompt cancelled).
 */
export async function login(io: CliIo, input: LoginInput): Promise<Session> {
  const server = normaliseServer(input.server);
  const client = createApiClient({ server });
  const info = await spaceInfo(client, input.space);

  let password = input.password;
  if (password === undefined && info.force_user_passwords) {
    password = await askPassword(io, input, 'This space requires a password.');
  }
  const spaceVerifier = await deriveSpaceNameVerifier(input.spaceKey, input.space);
  const attempt = async (pw: string | undefined) =>
    client.login({
      space_name: input.space,
      encrypted_space_name: spaceVerifier,
      username: input.username,
      ...(pw ? { encrypted_password: await derivePasswordVerifier(input.spaceKey, pw) } : {}),
    });

  let response;
  try {
    response = await attempt(password);
  } catch (error) {
    // A user with a password who gave none: ask once in a terminal (elsewhere: say how to pass it).
    if (
      password === undefined &&
      error instanceof ApiError &&
      error.detail === DETAIL.invalidPassword
    ) {
      password = await askPassword(io, input, 'This user has a password.');
      response = await attempt(password).catch((retry: unknown) => {
        throw loginError(retry, input);
      });
    } else {
      throw loginError(error, input);
    }
  }

  const session: Session = {
    format: SESSION_FORMAT,
    version: 1,
    server,
    space: input.space,
    token: response.access_token,
    user: { id: response.user.id, username: response.user.username },
    expires_at: response.expires_at,
    key_check: await createKeyCheck(input.spaceKey, input.space),
  };
  try {
    await writeSession(input.sessionFile, session);
  } catch (error) {
    throw new CliError(
      `Cannot write the session file ${input.sessionFile}: ${(error as Error).message}`,
      EXIT.failure,
      { cause: error },
    );
  }
  return session;
}

/** `server` normalised; exit 2 unless it is an http(s) URL. Warns about plain http off this machine. */
export function checkServerUrl(server: string, reporter: Reporter): string {
  let url: URL;
  try {
    url = new URL(server);
  } catch {
    throw usageError(
      `Not a server address: ${server}`,
      'Example: --server https://cipherspace.example.org',
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw usageError(`The server address must start with http:// or https://: ${server}`);
  }
  if (url.search || url.hash)
    throw usageError(`The server address must not have a query or fragment: ${server}`);
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol === 'http:' && !loopback) {
    reporter.warn(
      `${url.origin} is plain http: the session token travels unencrypted (the space key never leaves this machine).`,
    );
  }
  return normaliseServer(url.href);
}

async function spaceInfo(client: ApiClient, space: string) {
  try {
    return await client.spaceInfo(space);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      throw new CliError(SPACE_NOT_FOUND_MESSAGE, EXIT.spaceNotFound, {
        cause: error,
        hint: `There is no space "${space}" on ${client.server}.`,
      });
    }
    if (error instanceof ApiError && error.status === 422) {
      throw usageError(`Invalid space name: ${error.detail}`);
    }
    throw error;
  }
}

async function askPassword(io: CliIo, input: LoginInput, why: string): Promise<string> {
  if (!canPrompt(io)) {
    throw new CliError(`${why} Pass --password or set CIPHERSPACE_PASSWORD.`, EXIT.accessDenied);
  }
  return promptHidden(io, `Password for ${input.username}: `);
}

/** A refused login → the CliError the user sees (server details from spec §8 / the README). */
function loginError(error: unknown, input: LoginInput): unknown {
  if (!(error instanceof ApiError)) return error;
  if (error.status === 404) {
    return new CliError(SPACE_NOT_FOUND_MESSAGE, EXIT.spaceNotFound, { cause: error });
  }
  if (error.status === 401 && error.detail === DETAIL.invalidSpaceCredentials) {
    return new CliError(DETAIL.invalidSpaceCredentials, EXIT.wrongKey, {
      cause: error,
      hint: `The space key is not the key of "${input.space}".`,
    });
  }
  if (error.status === 401 && error.detail === DETAIL.userNotFound) {
    return new CliError(
      `User "${input.username}" not found in space "${input.space}".`,
      EXIT.accessDenied,
      {
        cause: error,
        hint: 'Register in the web app first; the CLI only logs in.',
      },
    );
  }
  if (error.status >= 400 && error.status < 500) {
    return new CliError(`Login failed: ${error.detail}`, EXIT.accessDenied, { cause: error });
  }
  return error;
}
