/**
 * Every way the CLI can fail, each with one message and one exit code (documented in
 * docs/cli.md). Services throw {@link CliError}; only the program maps it to stderr and the exit
 * code, so the same services stay usable (and testable) as a library.
 */
import { DECRYPT_FAILED_MESSAGE } from '@cipherspace/crypto';

/** Process exit codes of `cipherspace` (docs/cli.md "Exit codes"). */
export const EXIT = {
  ok: 0,
  /** Anything not listed below: a server error, an unexpected answer, a file that cannot be written. */
  failure: 1,
  /**
   * Wrong or missing arguments, options or input files: a backup file that is not one, or whose
   * content the app would not save (`@cipherspace/tools` strict parse and spec §5 validation).
   */
  usage: 2,
  /** The space key is wrong: spec §8 'Failed to decrypt content - invalid space key?'. */
  wrongKey: 3,
  /** The space does not exist (HTTP 404 on a space). */
  spaceNotFound: 4,
  /** Not logged in, or the session expired or was ended (HTTP 401 on an authenticated call). */
  session: 5,
  /** The server could not be reached (refused, DNS, timeout, TLS). */
  network: 6,
  /** Refused to overwrite: restore into a space that has content, an existing output file. */
  refused: 7,
  /** Login refused: unknown user, wrong password, another space's session, too many attempts. */
  accessDenied: 8,
  /** The user cancelled a prompt with Ctrl-C (128 + SIGINT, as shells report it). */
  cancelled: 130,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** spec §8 Decrypt failure, shown verbatim for every wrong-key case. */
export const WRONG_KEY_MESSAGE = DECRYPT_FAILED_MESSAGE;

/** What a 401 on an authenticated call (or a session past its expiry) says. */
export const SESSION_EXPIRED_MESSAGE = 'Session expired. Run `cipherspace login` again.';

/** What every command but `login` says when there is no session file. */
export const NOT_LOGGED_IN_MESSAGE = 'Not logged in. Run `cipherspace login` first.';

/** spec §8 Space info lookup failure. */
export const SPACE_NOT_FOUND_MESSAGE = 'Space not found';

/** A failure the user should see: `message` (and `hint`) go to stderr, `exitCode` ends the process. */
export class CliError extends Error {
  /** An optional second line telling the user what to do next. */
  readonly hint: string | undefined;

  constructor(
    message: string,
    readonly exitCode: ExitCode,
    options: ErrorOptions & { hint?: string | undefined } = {},
  ) {
    super(message, options.cause === undefined ? {} : { cause: options.cause });
    this.name = 'CliError';
    this.hint = options.hint;
  }
}

/** The space key does not open the content (spec §8, exit 3); `hint` says what to try. */
export function wrongKeyError(hint?: string, cause?: unknown): CliError {
  return new CliError(WRONG_KEY_MESSAGE, EXIT.wrongKey, { cause, hint });
}

/** A usage error (exit 2). */
export function usageError(message: string, hint?: string): CliError {
  return new CliError(message, EXIT.usage, { hint });
}
