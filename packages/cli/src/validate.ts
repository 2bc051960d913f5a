/**
 * `cipherspace validate --tool <tool> [file]`: whether a JSON document is content the app opens
 * and saves — the tool's strict content schema, then the spec §5 rules — offline, for third-party
 * clients before they encrypt and save. Every problem is named with its place in the tool's own
 * words (`describeContentProblems` of `@cipherspace/tools`) and its JSON path.
 */
import { readFile } from 'node:fs/promises';

import {
  contentSchemaError,
  describeContentProblems,
  formatContentProblem,
  getTool,
  type ContentProblem,
  type ToolName,
} from '@cipherspace/tools';

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
 * Checks `value` (parsed JSON) as `tool`'s content: the strict parse the app runs on load; when
 * that passes, the spec §5 rules the app checks before every save. Never throws for bad content.
 */
export function validateContent(tool: ToolName, value: unknown): Validation {
  const definition = getTool(tool);
  if (!definition) throw usageError(`Unknown tool "${tool}".`);
  const { displayName } = definition.metadata;
  let content: unknown;
  try {
    content = definition.parse(value);
  } catch (error) {
    const zodError = contentSchemaError(error);
    const problems: ValidationProblem[] = zodError
      ? describeContentProblems(tool, zodError, value).map((problem: ContentProblem) => ({
          text: formatContentProblem(problem),
          path: jsonPath(problem.path),
        }))
      : [{ text: error instanceof Error ? error.message : String(error), path: null }];
    return { tool, displayName, problems };
  }
  const rules = definition.validate(content).map((text) => ({ text, path: null }));
  return { tool, displayName, problems: rules };
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
