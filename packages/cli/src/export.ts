/**
 * `cipherspace export`: every tool of the space fetched (spec §7 GET /api/content/{space}/{tool}),
 * decrypted on this machine and written to `<out>/<tool>.json` — and for the two board tools
 * (kanban, ticket-system) also to `<out>/<tool>.md`. The plaintext exists only in this process
 * and in the files it writes (mode 0600, folder 0700); nothing decrypted is sent anywhere.
 *
 * Each known tool's content is read with `@cipherspace/tools` (lenient, so an older shape still
 * exports); content that is not the tool's content at all is reported with a warning and
 * written to JSON as it is, without Markdown. A tool this CLI does not know (a newer server's)
 * is written to JSON without any check.
 */
import { join } from 'node:path';

import { CliError, EXIT } from './errors.ts';
import { ensurePrivateDir, writePrivateFile } from './files.ts';
import { checkToolContent, describeProblems } from './content-check.ts';
import { renderBoardMarkdown } from './markdown.ts';
import { decryptTool, type SpaceContext } from './space-context.ts';
import { BOARD_TOOLS, toolsToVisit } from './tools.ts';
import { currentContent } from './current-content.ts';

/** Which files `export` writes: JSON for every tool, Markdown for the board tools, or both. */
export type ExportFormat = 'json' | 'markdown' | 'both';
export const EXPORT_FORMATS: readonly ExportFormat[] = ['json', 'markdown', 'both'];

export interface ExportResult {
  outDir: string;
  /** The tools written, with the file names (relative to `outDir`). */
  exported: { tool: string; version: number; files: string[] }[];
  /** Tools without content (or without a file in the chosen format). */
  skipped: string[];
}

/**
 * Exports every tool of `ctx.session.space` into `outDir` (created if missing; files of the
 * same name are replaced). Progress: one line per tool.
 * @throws CliError exit 3 when a tool cannot be decrypted (spec §8), 5 on an expired session,
 * 6 when the server is unreachable, 1 when a file cannot be written.
 */
export async function exportSpace(
  ctx: SpaceContext,
  options: { outDir: string; format: ExportFormat },
): Promise<ExportResult> {
  const { client, session, spaceKey, reporter } = ctx;
  const listed = await client.listTools(session.space);
  const tools = toolsToVisit(listed.tools.map((entry) => entry.tool));
  await write(() => ensurePrivateDir(options.outDir), options.outDir);

  const result: ExportResult = { outDir: options.outDir, exported: [], skipped: [] };
  const wantJson = options.format !== 'markdown';
  const wantMarkdown = options.format !== 'json';
  for (const [index, tool] of tools.entries()) {
    const step = (outcome: string) => reporter.step(index + 1, tools.length, tool, outcome);
    const record = await currentContent(ctx, tool);
    if (record === null) {
      result.skipped.push(tool);
      step('skipped (no content)');
      continue;
    }
    const content = await decryptTool(tool, record.encrypted_data, spaceKey);
    const check = checkToolContent(tool, content, 'lenient');
    if (check.status === 'invalid') {
      const markdownNote = wantMarkdown && BOARD_TOOLS.has(tool) ? ' No Markdown written.' : '';
      const jsonNote = wantJson ? ' Its JSON is written as stored.' : '';
      reporter.warn(`${describeProblems(tool, check)}.${jsonNote}${markdownNote}`);
    }
    const files: string[] = [];
    if (wantJson)
      files.push(
        await writeFile(options.outDir, `${tool}.json`, `${JSON.stringify(content, null, 2)}\n`),
      );
    if (wantMarkdown && check.status === 'ok') {
      const markdown = renderBoardMarkdown(tool, content);
      if (markdown !== null) files.push(await writeFile(options.outDir, `${tool}.md`, markdown));
    }
    if (files.length === 0) {
      result.skipped.push(tool);
      step('skipped (no Markdown for this tool; use --format json or both)');
      continue;
    }
    result.exported.push({ tool, version: record.content_metadata.version, files });
    step(`done (${files.join(', ')})`);
  }
  return result;
}

/** The default export folder: `cipherspace-export-<space>-<UTC time>` (never an existing one by chance). */
export function defaultExportDir(space: string, now: Date): string {
  return `cipherspace-export-${slug(space)}-${compactTime(now)}`;
}

/** `name` as a file-name part: lowercase letters, digits and dashes. */
export function slug(name: string): string {
  const cleaned = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return cleaned || 'space';
}

/** 2025-01-31T09:05:00.000Z → 20250131-090500 (UTC). */
export function compactTime(now: Date): string {
  return now
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replace(/[-:]/g, '')
    .replace('T', '-');
}

async function writeFile(dir: string, name: string, text: string): Promise<string> {
  const path = join(dir, name);
  await write(() => writePrivateFile(path, text), path);
  return name;
}

async function write(work: () => Promise<void>, path: string): Promise<void> {
  try {
    await work();
  } catch (error) {
    throw new CliError(`Cannot write ${path}: ${(error as Error).message}`, EXIT.failure, {
      cause: error,
    });
  }
}
