/**
 * Markdown for the two board tools, Kanban and Issue Management (spec §3 Shared phase/issue
 * tool content): the board title as the top heading, each phase (in its `order`) as a second
 * level heading, each issue (in its `order`) as a list item with its fields as a nested list,
 * comments last.
 *
 * The board is read with the tool's own lenient parse from `@cipherspace/tools`
 * (`parse(content, { lenient: true })`): an export must not fail because a field is missing or
 * has an older shape, so such a field gets its default; only content that is not a board at
 * all yields no Markdown (the JSON file keeps everything).
 *
 * Every user text goes through {@link escapeInline}, so a title such as `[x](http://evil)` or
 * `<img src=x>` stays literal text in any Markdown viewer.
 */
import {
  sortByOrder,
  type Issue,
  type Phase,
  type TrackerContent,
} from '@cipherspace/tools/tracker';

import { BOARD_TOOL_DEFINITIONS, isBoardTool } from './tools.ts';

/**
 * `content` read as the board of `tool` with the registry's lenient parse (spec §3), or null
 * when `tool` is not a board tool or `content` is not a board at all. Never throws.
 */
export function parseBoard(tool: string, content: unknown): TrackerContent | null {
  if (!isBoardTool(tool)) return null;
  try {
    return BOARD_TOOL_DEFINITIONS[tool].parse(content, { lenient: true });
  } catch {
    return null;
  }
}

/**
 * The Markdown of a board tool's decrypted content (`tool` 'kanban' or 'ticket-system'), or
 * null when `content` is not a board of that tool (see {@link parseBoard}; then only the JSON
 * file is written). Output ends with one line break.
 */
export function renderBoardMarkdown(tool: string, content: unknown): string | null {
  if (!isBoardTool(tool)) return null;
  const board = parseBoard(tool, content);
  if (board === null) return null;
  const toolTitle = BOARD_TOOL_DEFINITIONS[tool].metadata.displayName;
  const phases = sortByOrder(board.phases);
  const issueCount = phases.reduce((sum, phase) => sum + phase.issues.length, 0);
  const lines: string[] = [];
  const title = board.title.trim() ? board.title : toolTitle;
  lines.push(`# ${escapeHeading(title)}`, '');
  lines.push(
    `${escapeInline(toolTitle)} · ${plural(phases.length, 'phase')} · ${plural(issueCount, 'issue')}`,
  );
  const team = board.teamMembers.filter((name) => name.trim() !== '');
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
  const issues = sortByOrder(phase.issues);
  if (issues.length === 0) lines.push('_No issues._');
  for (const issue of issues) lines.push(...renderIssue(issue));
  return lines;
}

function renderIssue(issue: Issue): string[] {
  const lines = [`- **${escapeInline(issue.title || 'Untitled issue')}**`];
  const field = (label: string, value: string) => {
    if (value.trim() !== '') {
      lines.push(`  - ${label}: ${escapeInline(value)}`);
    }
  };
  field('Type', issue.type);
  if (issue.priority !== 'none') field('Priority', issue.priority);
  field('Estimation', issue.estimation);
  field('Assigned to', issue.assignedPerson);
  const tags = issue.tags.filter((tag) => tag.trim() !== '');
  if (tags.length > 0) field('Tags', tags.join(', '));
  if (issue.createdAt || issue.createdBy) {
    const when = issue.createdAt;
    const who = issue.createdBy ? ` by ${issue.createdBy}` : '';
    field('Created', `${when}${who}`.trim());
  }
  const description = paragraphLines(issue.description);
  if (description.length > 0) {
    lines.push('  - Description:', `    ${hardBreaks(description, '    ')}`);
  }
  if (issue.comments.length > 0) {
    lines.push('  - Comments:');
    for (const comment of issue.comments) {
      const head = [comment.createdBy, comment.createdAt].filter(Boolean).join(', ');
      const body = paragraphLines(comment.content);
      const first = head ? `${escapeInline(head)}: ` : '';
      lines.push(`    - ${first}${hardBreaks(body, '      ')}`);
    }
  }
  return lines;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** The non-blank lines of a multi-line text, each trimmed and escaped. */
function paragraphLines(value: string): string[] {
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
