/**
 * Decrypted tool content checked with `@cipherspace/tools` (spec §3 content shapes, §5 Tool
 * content validation), the one place the CLI asks the registry whether a document is a tool's
 * content. The CLI has no content schema of its own, and words a schema failure the way the web
 * app does (`describeContentProblems` / `formatContentProblem`: "Column 2: maxIssues must be a
 * number"), whichever command found it.
 *
 * - `export` and `backup` read leniently: an older or foreign shape still exports; only content
 *   that is not the tool's content at all is reported (never a failure: the JSON keeps it).
 * - `restore` and `validate` read strictly and validate, so nothing is written (or called valid)
 *   that the app would refuse to save.
 */
import {
  contentSchemaError,
  describeContentProblems,
  formatContentProblem,
  isToolName,
  tools,
  type ToolDefinition,
  type ToolName,
} from '@cipherspace/tools';

/** At most this many schema problems are named on one line; the rest are counted. */
export const MAX_ISSUES_NAMED = 3;

/** One problem, in English: the sentence and, for a schema problem, the zod path it sits at. */
export interface ContentCheckProblem {
  /** e.g. `Column 2: maxIssues must be a number`, or a spec §5 text such as `Title is required`. */
  text: string;
  /** e.g. `['phases', 1, 'maxIssues']`; null for a spec §5 rule (it names its place itself). */
  path: readonly PropertyKey[] | null;
}

/**
 * The outcome of {@link checkToolContent}:
 * - `unknown`: not a tool of this CLI's registry (a newer server's); nothing was checked;
 * - `ok`: the content as the registry parsed it (`content`);
 * - `invalid`: every problem, in the order found. `parseError` is what the tool's `parse` threw
 *   when the shape is wrong (the problems then come from its zod issues); null when the shape is
 *   right and spec §5 rules are broken.
 * `displayName` is the tool's English name (`Kanban Board`) for the messages.
 */
export type ContentCheck =
  | { status: 'unknown' }
  | { status: 'ok'; displayName: string; content: unknown }
  | {
      status: 'invalid';
      displayName: string;
      parseError: unknown;
      problems: ContentCheckProblem[];
    };

/**
 * Checks the decrypted `value` of `tool` with the registry:
 * - `mode: 'lenient'` (export, backup): `parse(value, { lenient: true })` only — a missing or
 *   mistyped field gets its default, only a value that is not the tool's content fails;
 * - `mode: 'strict'` (restore, validate): `parse(value)` and then `validate(content)` (spec §5).
 * Never throws for bad content; the problems come back as data.
 */
export function checkToolContent(
  tool: string,
  value: unknown,
  mode: 'lenient' | 'strict',
): ContentCheck {
  if (!isToolName(tool)) return { status: 'unknown' };
  // Widened for code that handles any tool (the registry's entries differ in their content type).
  const definition: ToolDefinition = tools[tool];
  const { displayName } = definition.metadata;
  let content: unknown;
  try {
    content = definition.parse(value, { lenient: mode === 'lenient' });
  } catch (error) {
    return {
      status: 'invalid',
      displayName,
      parseError: error,
      problems: schemaProblems(tool, error, value),
    };
  }
  if (mode === 'lenient') return { status: 'ok', displayName, content };
  const rules = definition.validate(content);
  return rules.length > 0
    ? {
        status: 'invalid',
        displayName,
        parseError: null,
        problems: rules.map((text) => ({ text, path: null })),
      }
    : { status: 'ok', displayName, content };
}

/** The problems behind `tool`'s parse `error` of `value`, in the app's words and with paths. */
function schemaProblems(tool: ToolName, error: unknown, value: unknown): ContentCheckProblem[] {
  const zodError = contentSchemaError(error);
  if (!zodError)
    return [{ text: error instanceof Error ? error.message : String(error), path: null }];
  return describeContentProblems(tool, zodError, value).map((problem) => ({
    text: formatContentProblem(problem),
    path: problem.path,
  }));
}

/**
 * One tool's problems on one line, as the CLI prints them: the spec §5 rules joined by `; `
 * (`kanban: Title is required; Phase 2: Name is required`); a wrong shape as `not <display name>
 * content (…)` naming the first {@link MAX_ISSUES_NAMED} problems and counting the rest
 * (`kanban: not Kanban Board content (Card 'Two': title must be text)`).
 */
export function describeProblems(
  tool: string,
  check: Extract<ContentCheck, { status: 'invalid' }>,
): string {
  const texts = check.problems.map((problem) => problem.text);
  if (check.parseError === null) return `${tool}: ${texts.join('; ')}`;
  const named = texts.slice(0, MAX_ISSUES_NAMED);
  const rest = texts.length - named.length;
  if (rest > 0) named.push(`and ${String(rest)} more`);
  return `${tool}: not ${check.displayName} content (${named.join('; ')})`;
}
