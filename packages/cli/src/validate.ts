/**
 * `cipherspace validate --tool <tool> [file]`: whether a JSON document is content the app opens
 * and saves — the tool's strict content schema, then the spec §5 rules — offline, for third-party
 * clients before they encrypt and save. The check is `checkToolContent` (./content-check.ts), the
 * one `restore` runs too: every problem is named with its place in the tool's own words
 * (`describeContentProblems` of `@cipherspace/tools`) and, here, its JSON path.
 */
import { readFile } from 'node:fs/promises';

import type { ToolName } from '@cipherspace/tools';

import { checkToolContent } from './content-check.ts';
import { CliError, EXIT, usageError } from './errors.ts';
import type { TerminalInput } from './io.ts';

/** One problem as printed: the sentence and, for a schema problem, its JSON path. */
export interface ValidationProblem {
  text: string;
  /** `$.phases[1].maxIssues`; null for a spec §5 rule (it names its place itself). */
  path: string | null;
}

/** The outcome of {@link validateContent}: `problems` is empty when the content is valid. */
export interface Validation {
  tool: ToolName;
  displayName: string;
  problems: ValidationProblem[];
}

/** A zod path as a JSON path: `['phases', 1, 'maxIssues']` → `$.phases[1].maxIssues`. */
export function jsonPath(path: readonly PropertyKey[]): string {
  return path
    .map((key) =>
      typeof key === 'number'
        ? `[${String(key)}]`
        : /^[A-Za-z_$][\w$]*$/.test(String(key))
          ? `.${String(key)}`
          : `[${JSON.stringify(String(key))}]`,
    )
    .reduce((path, step) => path + step, '$');
}

/**
 * Checks `value` (parsed JSON) as `tool`'s content with {@link checkToolContent} (strict: the
 * parse the app runs on load; when that passes, the spec §5 rules it checks before every save).
 * Never throws for bad content; exit 2 for a tool this CLI does not know.
 */
export function validateContent(tool: ToolName, value: unknown): Validation {
  const check = checkToolContent(tool, value, 'strict');
  if (check.status === 'unknown') throw usageError(`Unknown tool "${tool}".`);
  const problems =
    check.status === 'ok'
      ? []
      : check.problems.map(({ text, path }) => ({
          text,
          path: path === null ? null : jsonPath(path),
        }));
  return { tool, displayName: check.displayName, problems };
}

/** The lines `validate` prints for `validation` (stdout), one per problem, or the valid line. */
export function validationLines(validation: Validation, source: string): string[] {
  if (validation.problems.length === 0)
    return [`${source}: valid ${validation.displayName} content (${validation.tool}).`];
  return validation.problems.map(({ text, path }) =>
    path === null ? `${source}: ${text}` : `${source}: ${text} (at ${path})`,
  );
}

/**
 * The text of `file` (resolved by the caller), or all of `stdin` when `file` is undefined.
 * Exit 2 when there is neither (stdin is a terminal), exit 1 when the file cannot be read.
 */
export async function readInput(file: string | undefined, stdin: TerminalInput): Promise<string> {
  if (file !== undefined) {
    try {
      return await readFile(file, 'utf8');
    } catch (error) {
      throw new CliError(`Cannot read ${file}: ${(error as Error).message}`, EXIT.failure, {
        cause: error,
      });
    }
  }
  if (stdin.isTTY)
    throw usageError(
      'Give a JSON file to validate, or pipe one in.',
      'e.g. `cipherspace validate --tool kanban board.json`',
    );
  return new Promise<string>((resolve, reject) => {
    let text = '';
    stdin.setEncoding('utf8');
    stdin.on('data', (chunk: string) => (text += chunk));
    stdin.once('end', () => resolve(text));
    stdin.once('error', reject);
    stdin.resume();
  });
}

/** `text` parsed as JSON; exit 1 naming `source` when it is not JSON. */
export function parseJsonInput(text: string, source: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new CliError(`${source} is not JSON: ${(error as Error).message}`, EXIT.failure);
  }
}
