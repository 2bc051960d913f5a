/**
 * The one place the CLI reads `process.env` (house rule 12). Everything else gets a
 * {@link CliEnvironment}, so tests run the whole program with an environment of their own.
 */
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';

/** Where `login` connects when neither `--server` nor CIPHERSPACE_SERVER says otherwise. */
export const DEFAULT_SERVER = 'http://127.0.0.1:3000';

/** The environment variables the CLI understands (docs/cli.md "Environment"). */
export interface CliEnvironment {
  /** CIPHERSPACE_SERVER: the server `login` connects to. */
  server: string | undefined;
  /** CIPHERSPACE_SPACE_KEY: the space key (used when no --space-key-file is given). */
  spaceKey: string | undefined;
  /** CIPHERSPACE_SOURCE_SPACE_KEY: the key a backup was made with, when it differs (restore). */
  sourceSpaceKey: string | undefined;
  /** CIPHERSPACE_PASSWORD: the user's password (used when no --password is given). */
  password: string | undefined;
  /** $XDG_CONFIG_HOME, else ~/.config: the session lives in <this>/cipherspace/session.json. */
  configHome: string;
}

/** Reads the CLI's variables from `env` (default: the process environment). Empty values count as unset. */
export function readEnvironment(
  env: Readonly<Record<string, string | undefined>> = process.env,
  home: string = homedir(),
): CliEnvironment {
  const value = (name: string) => {
    const raw = env[name];
    return raw === undefined || raw === '' ? undefined : raw;
  };
  const xdg = value('XDG_CONFIG_HOME');
  return {
    server: value('CIPHERSPACE_SERVER'),
    spaceKey: value('CIPHERSPACE_SPACE_KEY'),
    sourceSpaceKey: value('CIPHERSPACE_SOURCE_SPACE_KEY'),
    password: value('CIPHERSPACE_PASSWORD'),
    // The XDG base directory spec ignores relative paths.
    configHome: xdg !== undefined && isAbsolute(xdg) ? xdg : join(home, '.config'),
  };
}

/** The default session file: <configHome>/cipherspace/session.json. */
export function defaultSessionFile(environment: CliEnvironment): string {
  return join(environment.configHome, 'cipherspace', 'session.json');
}
