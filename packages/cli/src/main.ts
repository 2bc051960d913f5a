/**
 * Process entry of `cipherspace` (started by bin/cipherspace.mjs through tsx): runs the program
 * with the real environment, streams and clock, and sets the exit code (docs/cli.md).
 */
import { readEnvironment } from './config.ts';
import { run } from './program.ts';

/** Runs the CLI for this process and sets `process.exitCode`; never calls process.exit. */
export async function main(argv: readonly string[] = process.argv.slice(2)): Promise<void> {
  process.exitCode = await run(argv, {
    env: readEnvironment(),
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    cwd: process.cwd(),
    now: () => new Date(),
  });
}
