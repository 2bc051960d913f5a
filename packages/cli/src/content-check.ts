/**
 * Decrypted tool content checked with `@cipherspace/tools` (spec §3 content shapes, §5 Tool
 * content validation), the one place the CLI asks the registry whether a document is a tool's
 * content. The CLI has no content schema of its own.
 *
 * - `export` and `backup` read leniently: an older or foreign shape still exports; only content
 *   that is not the tool's content at all is reported (never a failure: the JSON keeps it).
 * - `restore` reads strictly and validates, so a backup never writes content the app would
 *   refuse to save.
 */
import { getTool } from '@cipherspace/tools';
import { z } from 'zod';

/** At most this many zod issues are named in one message; the rest are counted. */
export const MAX_ISSUES_NAMED = 3;

/**
 * The outcome of {@link checkToolContent}:
 * - `unknown`: not a tool of this CLI's registry (a newer server's); nothing was checked;
 * - `ok`: the content as the registry parsed it (`content`);
 * - `invalid`: `problems` in English, each one line, e.g. `not Kanban Board content
 *   (phases.0.issues.1.title: Invalid input: expected string, received number)` or the spec §5
 *   texts such as `Title is required`.
 */
export type ContentCheck =
  | { status: 'unknown' }
  | { status: 'ok'; content: unknown }
  | { status: 'invalid'; problems: string[] };

/**
 * Checks the decrypted `value` of `tool` with the registry (`getTool(tool)`):
 * - `mode: 'lenient'` (export, backup): `parse(value, { lenient: true })` only — a missing or
 *   mistyped field gets its default, only a value that is not the tool's content fails;
 * - `mode: 'strict'` (restore): `parse(value)` and then `validate(content)` (spec §5).
 * Never throws for bad content; the problems come back as data.
 */
export function checkToolContent(
  tool: string,
  value: unknown,
  mode: 'lenient' | 'strict',
): ContentCheck {
  const definition = getTool(tool);
  if (!definition) return { status: 'unknown' };
  let content: unknown;
  try {
    content = definition.parse(value, { lenient: mode === 'lenient' });
  } catch (error) {
    return {
      status: 'invalid',
      problems: [notContentProblem(definition.metadata.displayName, error)],
    };
  }
  if (mode === 'lenient') return { status: 'ok', content };
  const problems = definition.validate(content);
  return problems.length > 0 ? { status: 'invalid', problems } : { status: 'ok', content };
}

/**
 * `tool: problem; problem` — one tool's problems on one line, as the CLI prints them (e.g.
 * `kanban: Title is required; Phase 2: Name is required`).
 */
export function describeProblems(tool: string, problems: readonly string[]): string {
  return `${tool}: ${problems.join('; ')}`;
}

/**
 * `not <display name> content (<what is wrong>)`: what is wrong comes from the parse error's
 * `cause` when it is a ZodError (the offending fields as dotted paths), else from its message.
 */
function notContentProblem(displayName: string, error: unknown): string {
  const cause = error instanceof Error ? error.cause : undefined;
  const detail =
    cause instanceof z.ZodError
      ? describeZodIssues(cause)
      : error instanceof Error
        ? error.message
        : String(error);
  return `not ${displayName} content (${detail})`;
}

/**
 * The first {@link MAX_ISSUES_NAMED} issues of `error` as `path: message`, joined by `; ` (a
 * root issue has no path), e.g. `phases.0.issues.1.title: Invalid input: expected string,
 * received number; and 2 more`.
 */
export function describeZodIssues(error: z.ZodError): string {
  const named = error.issues.slice(0, MAX_ISSUES_NAMED).map((issue) => {
    const path = issue.path.map(String).join('.');
    return path === '' ? issue.message : `${path}: ${issue.message}`;
  });
  const rest = error.issues.length - named.length;
  if (rest > 0) named.push(`and ${rest} more`);
  return named.join('; ');
}
