/**
 * Why decrypted content is not a tool's content, in the user's words (spec §5 Tool content
 * validation: "Phase N:" plus the problem): a zod issue of the tool's content schema becomes
 * where it is ("Column 2", "Card 'Login bug'", "Note 3" — the words of spec §2 for each tool)
 * and what is wrong with which field ("maxIssues must be a number"). Pure: the app translates the
 * message keys it returns (en, de), the CLI fills the English texts of {@link CONTENT_PROBLEM_EN}.
 */
import type { z } from 'zod';

import type { ToolName } from './metadata.ts';

/** The kinds of entity a problem can sit in, as each tool names its lists' entries (spec §2). */
export type ProblemEntity =
  | 'column'
  | 'phase'
  | 'card'
  | 'issue'
  | 'comment'
  | 'checklistItem'
  | 'note'
  | 'category'
  | 'diagram'
  | 'estimation'
  | 'option'
  | 'step'
  | 'item';

/** One step of a problem's location: the `n`th (1-based) entity of its list, with its title. */
export interface ProblemPlace {
  entity: ProblemEntity;
  /** 1-based position in its list. */
  n: number;
  /** The entity's title or name when it has a non-empty one (shown to the member only). */
  title?: string;
}

/** What is wrong with the value at the path. */
export type ProblemReason =
  | { kind: 'required' }
  | { kind: 'type'; expected: ExpectedType }
  | { kind: 'tooLong' | 'tooMany' | 'tooLarge'; maximum: number }
  | { kind: 'tooShort' | 'tooFew' | 'tooSmall'; minimum: number }
  | { kind: 'oneOf'; values: string[] }
  | { kind: 'invalid' };

/** The value types a content schema asks for, as the messages name them. */
export type ExpectedType = 'number' | 'integer' | 'text' | 'boolean' | 'list' | 'object' | 'other';

/**
 * One problem: the zod `path` as it was (field names, indexes and map keys), the
 * entities it passes through (`where`), the field inside the innermost one (`field`, dotted,
 * list positions 1-based; null when the entity itself is wrong) and the `reason`.
 */
export interface ContentProblem {
  path: readonly PropertyKey[];
  /**
   * `path` dotted for logs, with the keys of maps whose keys are content (a tag's name in
   * `tagColors`) as `*`: e.g. `phases.1.maxIssues`, `tagColors.*`.
   */
  logPath: string;
  where: ProblemPlace[];
  field: string | null;
  reason: ProblemReason;
}

/** A message key of {@link CONTENT_PROBLEM_EN} with its parameters. */
export interface ProblemMessage {
  key: ContentProblemKey;
  params: Record<string, string>;
}

// The entity each list field holds, per tool; a list not named here reads as its field name.
const TRACKER_ISSUE = { comments: 'comment', checklist: 'checklistItem' } as const;
const ENTITIES: Record<ToolName, Record<string, ProblemEntity>> = {
  kanban: { phases: 'column', issues: 'card', ...TRACKER_ISSUE },
  'ticket-system': { phases: 'phase', issues: 'issue', ...TRACKER_ISSUE },
  bulletin: { posts: 'note', categories: 'category', comments: 'comment' },
  diagrams: { diagrams: 'diagram' },
  poker: { estimations: 'estimation', results: 'item' },
  randomizer: { options: 'option', steps: 'step' },
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function titleOf(value: unknown): string | undefined {
  if (!isRecord(value)) return undefined;
  for (const key of ['title', 'name']) {
    const text = value[key];
    if (typeof text === 'string' && text.trim() !== '') return text.trim().slice(0, 60);
  }
  return undefined;
}

// Fields that map content (a tag's name, an issue id) to values: their keys are not logged.
const KEYED_BY_CONTENT = new Set(['tagColors', 'rounds']);

function logPathOf(path: readonly PropertyKey[]): string {
  return path
    .map((key, index) => {
      const parent = path[index - 1];
      return typeof parent === 'string' && KEYED_BY_CONTENT.has(parent) ? '*' : String(key);
    })
    .join('.');
}

const EXPECTED: Record<string, ExpectedType> = {
  number: 'number',
  int: 'integer',
  string: 'text',
  boolean: 'boolean',
  array: 'list',
  object: 'object',
};

function reasonOf(issue: z.core.$ZodIssue, present: boolean): ProblemReason {
  if (!present) return { kind: 'required' };
  switch (issue.code) {
    case 'invalid_type':
      return { kind: 'type', expected: EXPECTED[issue.expected] ?? 'other' };
    case 'too_big': {
      const kind =
        issue.origin === 'string' ? 'tooLong' : issue.origin === 'array' ? 'tooMany' : 'tooLarge';
      return { kind, maximum: Number(issue.maximum) };
    }
    case 'too_small': {
      const kind =
        issue.origin === 'string' ? 'tooShort' : issue.origin === 'array' ? 'tooFew' : 'tooSmall';
      return { kind, minimum: Number(issue.minimum) };
    }
    case 'invalid_value':
      return { kind: 'oneOf', values: issue.values.map((value) => String(value)) };
    default:
      return { kind: 'invalid' };
  }
}

/**
 * The problem of one zod `issue` of `tool`'s content schema, read against `content` (the
 * decrypted value that failed: a field missing there is `required`; titles name the entities).
 */
export function describeIssue(
  tool: ToolName,
  issue: z.core.$ZodIssue,
  content: unknown,
): ContentProblem {
  const entities = ENTITIES[tool];
  const where: ProblemPlace[] = [];
  let fieldPath: string[] = [];
  let value: unknown = content;
  let present = true;
  const path = issue.path;
  for (let i = 0; i < path.length; i++) {
    const key = path[i];
    const next = path[i + 1];
    const container = value;
    present =
      (Array.isArray(container) && typeof key === 'number' && key < container.length) ||
      (isRecord(container) && typeof key === 'string' && Object.hasOwn(container, key));
    value = present ? (container as Record<PropertyKey, unknown>)[key as string] : undefined;
    const entity = typeof key === 'string' ? entities[key] : undefined;
    if (entity && typeof next === 'number' && Array.isArray(value)) {
      const item: unknown = value[next];
      const title = titleOf(item);
      where.push({ entity, n: next + 1, ...(title === undefined ? {} : { title }) });
      fieldPath = [];
      i++;
      present = next < value.length;
      value = item;
      continue;
    }
    fieldPath.push(typeof key === 'number' ? String(key + 1) : String(key));
  }
  return {
    path,
    logPath: logPathOf(path),
    where,
    field: fieldPath.length > 0 ? fieldPath.join('.') : null,
    reason: reasonOf(issue, present),
  };
}

/**
 * Every problem of `error` (the ZodError a tool's `parse` gives as its `cause`) in the order zod
 * found them; see {@link describeContentProblem} for the first.
 */
export function describeContentProblems(
  tool: ToolName,
  error: z.ZodError,
  content: unknown,
): ContentProblem[] {
  return error.issues.map((issue) => describeIssue(tool, issue, content));
}

/**
 * The first problem of `error` (e.g. `maxIssues: null` in the second Kanban column →
 * `{ path: ['phases', 1, 'maxIssues'], where: [{ entity: 'column', n: 2, … }], field:
 * 'maxIssues', reason: { kind: 'type', expected: 'number' } }`), or null when it has none.
 */
export function describeContentProblem(
  tool: ToolName,
  error: z.ZodError,
  content: unknown,
): ContentProblem | null {
  const first = error.issues[0];
  return first ? describeIssue(tool, first, content) : null;
}

/** The ZodError behind a tool's parse error (its `cause`), or null for any other error. */
export function contentSchemaError(error: unknown): z.ZodError | null {
  const cause = error instanceof Error ? error.cause : undefined;
  // Structural check: the app and the tools package may hold two copies of zod.
  return cause instanceof Error &&
    cause.name === 'ZodError' &&
    Array.isArray((cause as { issues?: unknown }).issues)
    ? (cause as z.ZodError)
    : null;
}

/**
 * The English text of every message key; the app's messages (packages/web/messages/en.json)
 * carry the same texts under the same keys, and German ones.
 */
export const CONTENT_PROBLEM_EN = {
  content_problem_at: '{where}: {problem}',
  content_problem_content: 'The content',
  content_problem_place_column: 'Column {n}',
  content_problem_place_phase: 'Phase {n}',
  content_problem_place_card: 'Card {n}',
  content_problem_place_card_titled: "Card '{title}'",
  content_problem_place_issue: 'Issue {n}',
  content_problem_place_issue_titled: "Issue '{title}'",
  content_problem_place_comment: 'Comment {n}',
  content_problem_place_checklistItem: 'Checklist item {n}',
  content_problem_place_note: 'Note {n}',
  content_problem_place_note_titled: "Note '{title}'",
  content_problem_place_category: 'Category {n}',
  content_problem_place_category_titled: "Category '{title}'",
  content_problem_place_diagram: 'Diagram {n}',
  content_problem_place_diagram_titled: "Diagram '{title}'",
  content_problem_place_estimation: 'Estimation {n}',
  content_problem_place_option: 'Option {n}',
  content_problem_place_step: 'Step {n}',
  content_problem_place_item: 'Entry {n}',
  content_problem_required: '{subject} is required',
  content_problem_type: '{subject} must be {expected}',
  content_problem_expected_number: 'a number',
  content_problem_expected_integer: 'a whole number',
  content_problem_expected_text: 'text',
  content_problem_expected_boolean: 'true or false',
  content_problem_expected_list: 'a list',
  content_problem_expected_object: 'an object',
  content_problem_expected_other: 'of another type',
  content_problem_tooLong: '{subject} is too long (at most {limit} characters)',
  content_problem_tooMany: '{subject} has too many entries (at most {limit})',
  content_problem_tooLarge: '{subject} must be at most {limit}',
  content_problem_tooShort: '{subject} is too short (at least {limit} characters)',
  content_problem_tooFew: '{subject} needs at least {limit} entries',
  content_problem_tooSmall: '{subject} must be at least {limit}',
  content_problem_oneOf: '{subject} must be one of: {values}',
  content_problem_invalid: '{subject} is not valid',
} as const;

/** The message keys of content problems. */
export type ContentProblemKey = keyof typeof CONTENT_PROBLEM_EN;

// Entities whose title names them better than their position.
const TITLED = new Set<ProblemEntity>(['card', 'issue', 'note', 'category', 'diagram']);

/** The message of one place: "Column 2", "Card 'Login bug'". */
export function placeMessage(place: ProblemPlace): ProblemMessage {
  if (place.title !== undefined && TITLED.has(place.entity))
    return {
      key: `content_problem_place_${place.entity}_titled` as ContentProblemKey,
      params: { title: place.title },
    };
  return {
    key: `content_problem_place_${place.entity}` as ContentProblemKey,
    params: { n: String(place.n) },
  };
}

/**
 * The messages of `problem`, to be filled in by a translator: `where` one per place (outermost
 * first, the last one left out when it is the subject), `reason` with `subject` (the field, or
 * null: the innermost place, or 'The content') and its own parameters (`expected` a message
 * key itself; `limit`; `values` joined by ', ').
 */
export function contentProblemMessages(problem: ContentProblem): {
  where: ProblemMessage[];
  subject: ProblemMessage | string;
  reason: ProblemMessage;
} {
  const places = problem.where.map(placeMessage);
  let subject: ProblemMessage | string;
  if (problem.field !== null) subject = problem.field;
  else subject = places.pop() ?? { key: 'content_problem_content', params: {} };
  const { reason } = problem;
  const params: Record<string, string> = {};
  if (reason.kind === 'type') params.expected = `content_problem_expected_${reason.expected}`;
  if ('maximum' in reason) params.limit = String(reason.maximum);
  if ('minimum' in reason) params.limit = String(reason.minimum);
  if (reason.kind === 'oneOf') params.values = reason.values.join(', ');
  return { where: places, subject, reason: { key: `content_problem_${reason.kind}`, params } };
}

/** Fills a message key with parameters, in the caller's language. */
export type ProblemTranslator = (key: ContentProblemKey, params: Record<string, string>) => string;

/**
 * `problem` as one line through `translate`, e.g. "Column 2: maxIssues must be a number" /
 * "Spalte 2: maxIssues muss eine Zahl sein".
 */
export function formatContentProblem(
  problem: ContentProblem,
  translate: ProblemTranslator = englishProblemText,
): string {
  const { where, subject, reason } = contentProblemMessages(problem);
  const text = (message: ProblemMessage) => translate(message.key, message.params);
  const params: Record<string, string> = {
    ...reason.params,
    subject: typeof subject === 'string' ? subject : text(subject),
  };
  if (params.expected !== undefined)
    params.expected = translate(params.expected as ContentProblemKey, {});
  const sentence = translate(reason.key, params);
  if (where.length === 0) return sentence;
  return translate('content_problem_at', {
    where: where.map(text).join(', '),
    problem: sentence,
  });
}

/** The English texts ({@link CONTENT_PROBLEM_EN}) with `{name}` parameters filled in. */
export function englishProblemText(key: ContentProblemKey, params: Record<string, string>): string {
  return CONTENT_PROBLEM_EN[key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? (params[name] as string) : whole,
  );
}
