/**
 * Markdown for the two board tools, Kanban and Issue Management (spec §3 Shared phase/issue
 * tool content): the board title as the top heading, each phase (in its `order`) as a second
 * level heading, each issue (in its `order`) as a list item with its fields as a nested list,
 * comments last.
 *
 * The shape check is structural and lenient on purpose: an export must not fail because a
 * field is missing or has a newer shape; whatever is not understood is left out (the JSON file
 * keeps everything). The web app's tracker domain is not reused because it lives in the React
 * app, which the CLI does not depend on.
 *
 * Every user text goes through {@link escapeInline}, so a title such as `[x](http://evil)` or
 * `<img src=x>` stays literal text in any Markdown viewer.
 */
import { z } from 'zod';

const text = z.string().catch('');
const optionalText = z.string().optional().catch(undefined);
const order = z.number().optional().catch(undefined);

const commentSchema = z.looseObject({
  content: text,
  createdAt: optionalText,
  createdBy: optionalText,
});

const issueSchema = z.looseObject({
  title: text,
  description: optionalText,
  type: optionalText,
  priority: optionalText,
  estimation: z.union([z.string(), z.number()]).optional().catch(undefined),
  assignedPerson: optionalText,
  createdAt: optionalText,
  createdBy: optionalText,
  order,
  tags: z.array(z.string()).catch([]).optional(),
  comments: z.array(commentSchema).catch([]).optional(),
});

const phaseSchema = z.looseObject({
  name: text,
  description: optionalText,
  order,
  maxIssues: z.number().int().min(0).optional().catch(undefined),
  isEndPhase: z.boolean().optional().catch(undefined),
  issues: z.array(issueSchema),
});

/** What the renderer needs of a board: phases with issues; everything else is optional. */
export const boardSchema = z.looseObject({
  title: optionalText,
  toolType: optionalText,
  teamMembers: z.array(z.string()).catch([]).optional(),
  phases: z.array(phaseSchema),
});
export type Board = z.infer<typeof boardSchema>;
type Issue = z.infer<typeof issueSchema>;
type Phase = z.infer<typeof phaseSchema>;

/** The heading used when a board has no title, per tool. */
const TOOL_TITLES: Readonly<Record<string, string>> = {
  kanban: 'Kanban Board',
  'ticket-system': 'Issue Management',
};

/**
 * The Markdown of a board tool's decrypted content, or null when `content` has no phases with
 * issues (then only the JSON file is written). Output ends with one line break.
 */
export function renderBoardMarkdown(tool: string, content: unknown): string | null {
  const parsed = boardSchema.safeParse(content);
  if (!parsed.success) return null;
  const board = parsed.data;
  const phases = byOrder(board.phases);
  const issueCount = phases.reduce((sum, phase) => sum + phase.issues.length, 0);
  const lines: string[] = [];
  const title = board.title?.trim() ? board.title : (TOOL_TITLES[tool] ?? tool);
  lines.push(`# ${escapeHeading(title)}`, '');
  lines.push(
    `${escapeInline(TOOL_TITLES[tool] ?? tool)} · ${plural(phases.length, 'phase')} · ${plural(issueCount, 'issue')}`,
  );
  const team = (board.teamMembers ?? []).filter((name) => name.trim() !== '');
  if (team.length > 0) lines.push('', `Team: ${team.map(escapeInline).join(', ')}`);
  for (const phase of phases) lines.push('', ...renderPhase(phase));
  return `${lines.join('\n')}\n`;
}

function renderPhase(phase: Phase): string[] {
  const marks: string[] = [];
  if (phase.maxIssues !== undefined) marks.push(`${phase.issues.length}/${phase.maxIssues}`);
  if (phase.isEndPhase) marks.push('end phase');
  const suffix = marks.length > 0 ? ` (${marks.join(', ')})` : '';
  const lines = [`## ${escapeHeading(phase.name || 'Unnamed phase')}${suffix}`, ''];
  const description = paragraphLines(phase.description);
  if (description.length > 0) lines.push(hardBreaks(description, ''), '');
  const issues = byOrder(phase.issues);
  if (issues.length === 0) lines.push('_No issues._');
  for (const issue of issues) lines.push(...renderIssue(issue));
  return lines;
}

function renderIssue(issue: Issue): string[] {
  const lines = [`- **${escapeInline(issue.title || 'Untitled issue')}**`];
  const field = (label: string, value: string | undefined) => {
    if (value !== undefined && value.trim() !== '') {
      lines.push(`  - ${label}: ${escapeInline(value)}`);
    }
  };
  field('Type', issue.type);
  if (issue.priority !== 'none') field('Priority', issue.priority);
  field('Estimation', issue.estimation === undefined ? undefined : String(issue.estimation));
  field('Assigned to', issue.assignedPerson);
  const tags = (issue.tags ?? []).filter((tag) => tag.trim() !== '');
  if (tags.length > 0) field('Tags', tags.join(', '));
  if (issue.createdAt || issue.createdBy) {
    const when = issue.createdAt ?? '';
    const who = issue.createdBy ? ` by ${issue.createdBy}` : '';
    field('Created', `${when}${who}`.trim());
  }
  const description = paragraphLines(issue.description);
  if (description.length > 0) {
    lines.push('  - Description:', `    ${hardBreaks(description, '    ')}`);
  }
  const comments = issue.comments ?? [];
  if (comments.length > 0) {
    lines.push('  - Comments:');
    for (const comment of comments) {
      const head = [comment.createdBy, comment.createdAt].filter(Boolean).join(', ');
      const body = paragraphLines(comment.content);
      const first = head ? `${escapeInline(head)}: ` : '';
      lines.push(`    - ${first}${hardBreaks(body, '      ')}`);
    }
  }
  return lines;
}

/** Items sorted by `order` (missing orders last), keeping the stored order among equals. */
function byOrder<T extends { order?: number | undefined }>(items: readonly T[]): T[] {
  return items
    .map((item, index) => ({ item, index }))
    .sort(
      (a, b) =>
        (a.item.order ?? Number.MAX_SAFE_INTEGER) - (b.item.order ?? Number.MAX_SAFE_INTEGER) ||
        a.index - b.index,
    )
    .map(({ item }) => item);
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** The non-blank lines of a multi-line text, each trimmed and escaped. */
function paragraphLines(value: string | undefined): string[] {
  if (!value) return [];
  return value
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map(escapeLineStart);
}

/** Joins escaped lines into one paragraph with hard line breaks, continuation lines indented. */
function hardBreaks(lines: readonly string[], indent: string): string {
  return lines.join(`\\\n${indent}`);
}

/**
 * `value` as literal inline Markdown: line breaks become spaces and every character that could
 * start emphasis, code, a link, an image, raw HTML, an entity, a table cell or strikethrough is
 * backslash-escaped (CommonMark allows escaping any ASCII punctuation).
 */
export function escapeInline(value: string): string {
  return value.replace(/\s*[\r\n]+\s*/g, ' ').replace(/[\\`*_[\]<>|~&!]/g, '\\$&');
}

/** `value` as literal heading text: inline escaping plus `#`, which would close the heading. */
function escapeHeading(value: string): string {
  return escapeInline(value).replace(/#/g, '\\#');
}

/**
 * One line of a multi-line text that will start a Markdown line: escaped inline, plus the
 * characters that would otherwise open a block there (heading, quote, list, rule, setext
 * underline, ordered list).
 */
function escapeLineStart(line: string): string {
  const escaped = escapeInline(line);
  return escaped.replace(/^([#>+=-])/, '\\$1').replace(/^(\d+)([.)])/, '$1\\$2');
}
