/**
 * Where the space key (and a password) come from: a file, an environment variable or a hidden
 * terminal prompt — in that order. The key stays in this process's memory: it is never sent
 * (only verifiers derived from it are, spec §7) and never written anywhere.
 */
import { stat, readFile } from 'node:fs/promises';
import { resolve } from 'node:path';

import { CliError, EXIT, usageError } from './errors.ts';
import type { CliIo } from './io.ts';
import { canPrompt, promptHidden } from './prompt.ts';

/** Where a secret may come from, most specific first. */
export interface SecretSources {
  /** A file holding the secret (one trailing line break is ignored). */
  file?: string | undefined;
  /** The value of the environment variable. */
  env?: string | undefined;
  /** The environment variable's name, for messages. */
  envName: string;
  /** The option that names the file, for messages (e.g. '--space-key-file'). */
  fileOption: string;
  /** The prompt shown in a terminal, e.g. 'Space key for team-alpha: '. */
  prompt: string;
}

/**
 * The secret from `sources.file`, else `sources.env`, else a hidden prompt when stdin is a
 * terminal. @throws CliError exit 2 when the file cannot be read or is empty, or when there is
 * no source at all; exit 130 when the prompt is cancelled.
 */
export async function readSecret(io: CliIo, sources: SecretSources): Promise<string> {
  let secret: string;
  if (sources.file !== undefined) {
    secret = await readSecretFile(io, sources.file);
  } else if (sources.env !== undefined) {
    secret = sources.env;
  } else if (canPrompt(io)) {
    secret = await promptHidden(io, sources.prompt);
  } else {
    throw usageError(
      `No ${describe(sources)} given.`,
      `Use ${sources.fileOption} <file>, set ${sources.envName}, or run in a terminal to be asked.`,
    );
  }
  if (secret === '') throw usageError(`The ${describe(sources)} is empty.`);
  if (secret.includes('\u0000'))
    throw usageError(`The ${describe(sources)} contains a NUL character.`);
  return secret;
}

/**
 * The optional secret of `sources`: the file or the environment variable, else null
 * (never prompts — used for the source key of `restore`, which defaults to the space key).
 */
export async function readOptionalSecret(
  io: CliIo,
  sources: Omit<SecretSources, 'prompt'>,
): Promise<string | null> {
  if (sources.file === undefined && sources.env === undefined) return null;
  return readSecret(io, { ...sources, prompt: '' });
}

function describe(sources: Pick<SecretSources, 'fileOption'>): string {
  return sources.fileOption
    .replace(/^--/, '')
    .replace(/-file$/, '')
    .replaceAll('-', ' ');
}

async function readSecretFile(io: CliIo, file: string): Promise<string> {
  const path = resolve(io.cwd, file);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
    // Like ssh with private keys: a secret others can read is worth a warning.
    const { mode } = await stat(path);
    if (process.platform !== 'win32' && (mode & 0o077) !== 0) {
      io.stderr.write(
        `warning: ${file} can be read by other users; consider \`chmod 600 ${file}\`.\n`,
      );
    }
  } catch (error) {
    throw new CliError(`Cannot read ${file}: ${(error as Error).message}`, EXIT.usage, {
      cause: error,
    });
  }
  // An editor's trailing line break is not part of the key; everything else is, spaces included.
  return text.replace(/\r?\n$/, '');
}
