/**
 * The `cipherspace` command line (commander): global options, one thin action per command, and
 * the one place errors become stderr lines and exit codes (docs/cli.md). The work happens in
 * login.ts, export.ts, backup.ts, restore.ts, history.ts, restore-version.ts and validate.ts.
 */
import { resolve } from 'node:path';

import { TIMELINE_PAGE_VERSIONS } from '@cipherspace/sync';
import type { ToolName } from '@cipherspace/tools';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';

import packageJson from '../package.json' with { type: 'json' };
import { ApiError, createApiClient, normaliseServer } from './api-client.ts';
import { backupSpace } from './backup.ts';
import { DEFAULT_SERVER, defaultSessionFile } from './config.ts';
import { CliError, EXIT, usageError, type ExitCode } from './errors.ts';
import { defaultExportDir, exportSpace, EXPORT_FORMATS, type ExportFormat } from './export.ts';
import { formatHistory, HISTORY_LIMIT_MAX, historyJson, loadHistory } from './history.ts';
import type { CliIo } from './io.ts';
import { checkServerUrl, login } from './login.ts';
import { createReporter, type Reporter } from './progress.ts';
import { assertTarget, restoreBackup } from './restore.ts';
import { restoreVersion } from './restore-version.ts';
import { readOptionalSecret, readSecret } from './secrets.ts';
import { deleteSession, readSession, writeSession, type Session } from './session-store.ts';
import { openSpace, type SpaceContext } from './space-context.ts';
import { KNOWN_TOOLS } from './tools.ts';
import { parseJsonInput, readInput, validateContent, validationLines } from './validate.ts';

/** The CLI's version (package.json). */
export const CLI_VERSION: string = packageJson.version;

interface GlobalOptions {
  server?: string;
  sessionFile?: string;
  quiet?: boolean;
}

interface Globals {
  /** --server or CIPHERSPACE_SERVER, when either was given. */
  explicitServer: string | undefined;
  sessionFile: string;
  quiet: boolean;
  reporter: Reporter;
  /** Writes a result line to stdout (not with --quiet). */
  say(line: string): void;
}

const SPACE_KEY_FILE_OPTION = '--space-key-file <file>';
const SPACE_KEY_FILE_HELP =
  'read the space key from this file (else $CIPHERSPACE_SPACE_KEY, else a hidden prompt)';

/**
 * Runs `cipherspace` with `argv` (the arguments after the program name) and resolves with the
 * exit code; never rejects and never calls process.exit.
 */
export async function run(argv: readonly string[], io: CliIo): Promise<ExitCode> {
  const program = buildProgram(io);
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return EXIT.ok;
  } catch (error) {
    return reportError(io, error);
  }
}

/** The commander program, writing to `io`'s streams and throwing instead of exiting. */
export function buildProgram(io: CliIo): Command {
  const program = new Command('cipherspace');
  program
    .description(
      "Log in to a Cipherspace space, export it, back it up and restore it, read a tool's " +
        'history and restore an earlier version, and validate content offline. Content is ' +
        'decrypted only on this machine; the space key is never sent and never stored.',
    )
    .version(CLI_VERSION, '-V, --version')
    .option(
      '--server <url>',
      `server to log in to (default: $CIPHERSPACE_SERVER or ${DEFAULT_SERVER}); later commands use the session's server`,
    )
    .option(
      '--session-file <file>',
      'where the session is stored (default: $XDG_CONFIG_HOME/cipherspace/session.json)',
    )
    .option('-q, --quiet', 'print nothing but errors and warnings')
    // The program's options end at the command name, so a command may have an option the program
    // has too (`restore-version --version <N>` is not `--version`); every command accepts the
    // program's options again (hidden), so `cipherspace export -q` keeps working.
    .enablePositionalOptions()
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
    })
    .showHelpAfterError('(run with --help for usage)')
    .addHelpText(
      'after',
      '\nExit codes: 0 ok, 1 failure, 2 usage, 3 wrong space key, 4 space not found,\n' +
        '5 not logged in / session expired, 6 server unreachable, 7 refused to overwrite,\n' +
        '8 login refused, 130 cancelled. See docs/cli.md.',
    );

  program
    .command('login')
    .description(
      'log in to a space and store the session (the space key is only used to derive verifiers)',
    )
    .requiredOption('--space <name>', 'space name')
    .requiredOption('--user <username>', 'your username in the space')
    .option(
      '--password <password>',
      'your password, if you have one (else $CIPHERSPACE_PASSWORD, else asked when needed)',
    )
    .option(SPACE_KEY_FILE_OPTION, SPACE_KEY_FILE_HELP)
    .action(
      async (
        options: { space: string; user: string; password?: string; spaceKeyFile?: string },
        command: Command,
      ) => {
        const g = globals(io, command);
        const server = checkServerUrl(g.explicitServer ?? DEFAULT_SERVER, g.reporter);
        const spaceKey = await readSecret(
          io,
          spaceKeySources(io, options.spaceKeyFile, options.space),
        );
        const session = await login(io, {
          server,
          space: options.space,
          username: options.user,
          spaceKey,
          password: options.password ?? io.env.password,
          sessionFile: g.sessionFile,
        });
        g.say(
          `Logged in to "${session.space}" as ${session.user.username} on ${session.server}. ` +
            `Session stored in ${g.sessionFile} (expires ${session.expires_at} unless used).`,
        );
      },
    );

  program
    .command('status')
    .description('show the stored session and check it with the server')
    .action(async (_options: unknown, command: Command) => {
      const g = globals(io, command);
      const session = await sessionFor(g);
      const info = await createApiClient({
        server: session.server,
        token: session.token,
      }).session();
      await writeSession(g.sessionFile, { ...session, expires_at: info.expires_at });
      g.say(
        `Logged in to "${session.space}" as ${session.user.username} on ${session.server} ` +
          `(session valid until ${info.expires_at}).`,
      );
    });

  program
    .command('logout')
    .description('end the session on the server and delete the session file')
    .action(async (_options: unknown, command: Command) => {
      const g = globals(io, command);
      const session = await sessionFor(g);
      try {
        await createApiClient({ server: session.server, token: session.token }).logout();
      } catch (error) {
        // An expired session is over anyway; an unreachable server must not keep the token on disk.
        if (!(error instanceof CliError && error.exitCode === EXIT.session)) {
          g.reporter.warn(
            `the server could not be told (${(error as Error).message}); the local session is deleted anyway.`,
          );
        }
      }
      await deleteSession(g.sessionFile);
      g.say(`Logged out of "${session.space}".`);
    });

  program
    .command('export')
    .description(
      'decrypt every tool of the space into JSON files (kanban and ticket-system also as Markdown)',
    )
    .option('--out <dir>', 'output folder (default: ./cipherspace-export-<space>-<time>)')
    .addOption(
      new Option('--format <format>', 'which files to write')
        .choices(EXPORT_FORMATS)
        .default('both'),
    )
    .option(SPACE_KEY_FILE_OPTION, SPACE_KEY_FILE_HELP)
    .action(
      async (
        options: { out?: string; format: ExportFormat; spaceKeyFile?: string },
        command: Command,
      ) => {
        const g = globals(io, command);
        const ctx = await spaceContext(io, g, options.spaceKeyFile);
        const outDir = resolve(
          io.cwd,
          options.out ?? defaultExportDir(ctx.session.space, io.now()),
        );
        const result = await exportSpace(ctx, { outDir, format: options.format });
        g.say(
          `Exported ${result.exported.length} tool(s) of "${ctx.session.space}" to ${outDir}` +
            (result.skipped.length > 0 ? ` (skipped: ${result.skipped.join(', ')}).` : '.'),
        );
      },
    );

  program
    .command('backup')
    .description(
      "save every tool's ciphertext and metadata into one file (unreadable without the space key)",
    )
    .requiredOption('--out <file>', 'the backup file to write')
    .option('--force', 'replace the file if it exists')
    .option(SPACE_KEY_FILE_OPTION, SPACE_KEY_FILE_HELP)
    .action(
      async (
        options: { out: string; force?: boolean; spaceKeyFile?: string },
        command: Command,
      ) => {
        const g = globals(io, command);
        const ctx = await spaceContext(io, g, options.spaceKeyFile);
        const file = resolve(io.cwd, options.out);
        const result = await backupSpace(ctx, {
          file,
          force: options.force ?? false,
          now: io.now(),
        });
        g.say(
          `Backed up ${result.backup.tools.length} tool(s) of "${ctx.session.space}" to ${file}. ` +
            'It can only be read with the space key.',
        );
      },
    );

  program
    .command('restore')
    .description('restore a backup into the logged-in space (new or empty unless --force)')
    .requiredOption('--file <backup>', 'the backup file')
    .option('--space <name>', 'the target space; must be the space you are logged in to')
    .option(
      '--force',
      'replace the tools the target already has (tools not in the backup are kept)',
    )
    .option(
      SPACE_KEY_FILE_OPTION,
      'the target space key (else $CIPHERSPACE_SPACE_KEY, else a hidden prompt)',
    )
    .option(
      '--source-key-file <file>',
      'the key the backup was made with, if it differs (else $CIPHERSPACE_SOURCE_SPACE_KEY); content is re-encrypted locally',
    )
    .action(
      async (
        options: {
          file: string;
          space?: string;
          force?: boolean;
          spaceKeyFile?: string;
          sourceKeyFile?: string;
        },
        command: Command,
      ) => {
        const g = globals(io, command);
        // Before the key is asked for: the target must be the logged-in space.
        const session = await sessionFor(g);
        assertTarget(session.space, options.space);
        const ctx = await spaceContext(io, g, options.spaceKeyFile);
        const sourceKey = await readOptionalSecret(io, {
          file: options.sourceKeyFile,
          env: io.env.sourceSpaceKey,
          envName: 'CIPHERSPACE_SOURCE_SPACE_KEY',
          fileOption: '--source-key-file',
        });
        const result = await restoreBackup(ctx, {
          file: resolve(io.cwd, options.file),
          space: options.space,
          force: options.force ?? false,
          sourceKey,
        });
        g.say(
          `Restored ${result.restored.length} tool(s) from "${result.from}" into "${result.into}"` +
            (result.reencrypted ? ', re-encrypted with its space key.' : '.'),
        );
      },
    );

  program
    .command('history')
    .description(
      "show a tool's kept versions, newest first by day, with what each changed (rebuilt and decrypted locally)",
    )
    .addOption(toolOption())
    .option(
      '--before <version>',
      'show the versions older than this one (the next page)',
      positiveInteger('--before'),
    )
    .option(
      '--limit <n>',
      `versions per page, 1–${HISTORY_LIMIT_MAX} (default: ${TIMELINE_PAGE_VERSIONS})`,
      historyLimit,
    )
    .option('--json', 'print the page as JSON: versions with their activity entries, no content')
    .option(SPACE_KEY_FILE_OPTION, SPACE_KEY_FILE_HELP)
    .action(
      async (
        options: {
          tool: ToolName;
          before?: number;
          limit?: number;
          json?: boolean;
          spaceKeyFile?: string;
        },
        command: Command,
      ) => {
        const g = globals(io, command);
        const ctx = await spaceContext(io, g, options.spaceKeyFile);
        const result = await loadHistory(ctx, options.tool, options);
        // The listing is the command's result: printed even with --quiet.
        io.stdout.write(
          options.json
            ? `${JSON.stringify(historyJson(options.tool, result), null, 2)}\n`
            : `${formatHistory(options.tool, result, options.before)}\n`,
        );
      },
    );

  program
    .command('restore-version')
    .description(
      'make an earlier version of a tool current again, as a new version (like the app\'s "Restore this version")',
    )
    .addOption(toolOption())
    .requiredOption(
      '--version <N>',
      'the version to restore (see `cipherspace history`)',
      positiveInteger('--version'),
    )
    .option(SPACE_KEY_FILE_OPTION, SPACE_KEY_FILE_HELP)
    .action(
      async (
        options: { tool: ToolName; version: number; spaceKeyFile?: string },
        command: Command,
      ) => {
        const g = globals(io, command);
        const ctx = await spaceContext(io, g, options.spaceKeyFile);
        const result = await restoreVersion(ctx, options.tool, options.version, () => io.now());
        switch (result.status) {
          case 'restored':
            g.say(
              `Restored version ${result.version} of ${options.tool} as version ${result.savedAs}` +
                (result.asOperation ? '.' : ' (saved as a whole new content).'),
            );
            break;
          case 'current':
            g.say(
              `Version ${result.version} is the current version of ${options.tool}: nothing to restore.`,
            );
            break;
          case 'unchanged':
            g.say(
              `The current version ${result.current} of ${options.tool} has the content of version ` +
                `${result.version} already: nothing to restore.`,
            );
            break;
          default:
            assertNever(result);
        }
      },
    );

  program
    .command('validate')
    .description(
      "check a JSON file (or stdin) against a tool's content schema and rules, offline: each problem with its place",
    )
    .addOption(toolOption())
    .argument('[file]', 'the JSON file (default: stdin)')
    .action(async (file: string | undefined, options: { tool: ToolName }, command: Command) => {
      const g = globals(io, command);
      const path = file === undefined || file === '-' ? undefined : resolve(io.cwd, file);
      const source = file === undefined || file === '-' ? 'stdin' : file;
      const value = parseJsonInput(await readInput(path, io.stdin), source);
      const validation = validateContent(options.tool, value);
      const lines = validationLines(validation, source);
      if (validation.problems.length === 0) {
        for (const line of lines) g.say(line);
        return;
      }
      // The problems are the command's result: printed even with --quiet.
      for (const line of lines) io.stdout.write(`${line}\n`);
      const count = validation.problems.length;
      throw new CliError(
        `${source} is not valid ${validation.displayName} content ` +
          `(${String(count)} problem${count === 1 ? '' : 's'}).`,
        EXIT.failure,
      );
    });

  for (const command of program.commands) addProgramOptions(command);
  return program;
}

/** `--tool <tool>`: one of the six content ids (exit 2 for any other). */
function toolOption(): Option {
  return new Option('--tool <tool>', 'the tool').choices(KNOWN_TOOLS).makeOptionMandatory();
}

/** A parser of a whole number ≥ 1 for `option` (commander: exit 2 otherwise). */
function positiveInteger(option: string): (value: string) => number {
  return (value) => {
    if (!/^[1-9][0-9]*$/.test(value) || !Number.isSafeInteger(Number(value)))
      throw new InvalidArgumentError(`${option} must be a whole number ≥ 1.`);
    return Number(value);
  };
}

function historyLimit(value: string): number {
  const limit = /^[0-9]+$/.test(value) ? Number(value) : Number.NaN;
  if (!(limit >= 1 && limit <= HISTORY_LIMIT_MAX))
    throw new InvalidArgumentError(
      `--limit must be a whole number from 1 to ${HISTORY_LIMIT_MAX}.`,
    );
  return limit;
}

/** The program's options, hidden, on `command`: accepted after the command name too. */
function addProgramOptions(command: Command): void {
  command
    .addOption(new Option('--server <url>').hideHelp())
    .addOption(new Option('--session-file <file>').hideHelp())
    .addOption(new Option('-q, --quiet').hideHelp());
}

function assertNever(value: never): never {
  throw new Error(`unexpected value ${JSON.stringify(value)}`);
}

function globals(io: CliIo, command: Command): Globals {
  const options = command.optsWithGlobals<GlobalOptions>();
  const quiet = options.quiet ?? false;
  return {
    explicitServer: options.server ?? io.env.server,
    sessionFile: resolve(io.cwd, options.sessionFile ?? defaultSessionFile(io.env)),
    quiet,
    reporter: createReporter(io.stderr, quiet),
    say(line) {
      if (!quiet) io.stdout.write(`${line}\n`);
    },
  };
}

function spaceKeySources(io: CliIo, file: string | undefined, space: string) {
  return {
    file,
    env: io.env.spaceKey,
    envName: 'CIPHERSPACE_SPACE_KEY',
    fileOption: '--space-key-file',
    prompt: `Space key for "${space}": `,
  };
}

/** The stored session; exit 2 when --server / CIPHERSPACE_SERVER names another server than it. */
async function sessionFor(g: Globals): Promise<Session> {
  const session = await readSession(g.sessionFile);
  if (g.explicitServer !== undefined && normaliseServer(g.explicitServer) !== session.server) {
    throw usageError(
      `The session is for ${session.server}, not ${g.explicitServer}.`,
      'Run `cipherspace login --server …` to use another server.',
    );
  }
  return session;
}

async function spaceContext(
  io: CliIo,
  g: Globals,
  spaceKeyFile: string | undefined,
): Promise<SpaceContext> {
  const session = await sessionFor(g);
  return openSpace(
    session,
    (s) => readSecret(io, spaceKeySources(io, spaceKeyFile, s.space)),
    g.reporter,
  );
}

/** Writes `error` to stderr as the user should see it and returns its exit code. */
function reportError(io: CliIo, error: unknown): ExitCode {
  if (error instanceof CommanderError) {
    // commander has printed its message (or the help / version) already.
    const done = ['commander.helpDisplayed', 'commander.version', 'commander.help'];
    return done.includes(error.code) && error.exitCode === 0 ? EXIT.ok : EXIT.usage;
  }
  if (error instanceof CliError) {
    io.stderr.write(`error: ${error.message}\n`);
    if (error.hint) io.stderr.write(`${error.hint}\n`);
    return error.exitCode;
  }
  if (error instanceof ApiError) {
    io.stderr.write(
      `error: the server refused ${error.request} (${error.status}): ${error.detail}\n`,
    );
    return EXIT.failure;
  }
  io.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n`);
  return EXIT.failure;
}
