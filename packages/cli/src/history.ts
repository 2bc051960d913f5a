/**
 * `cipherspace history`: a page of a tool's kept versions, rebuilt on this machine. The server
 * keeps ciphertext only — each version's encrypted operations and, now and then, an encrypted
 * snapshot (REST `GET /api/content/{space}/{tool}/history` and `…/history/{version}`);
 * `loadTimeline` of `@cipherspace/sync` opens them with the space key, applies the operations with
 * the tool's own functions and describes each as an activity entry (spec §3). This module only maps
 * the REST paths onto its `HistorySource`, the keys onto its `HistoryCodec`, and prints the page:
 * grouped by day with each entry's English `details`, or as JSON.
 */
import {
  groupByDay,
  historyPageOf,
  historyRebuildOf,
  loadTimeline,
  type HistorySource,
  type Timeline,
  type TimelineVersion,
} from '@cipherspace/sync';
import {
  tools,
  type ActivityLogEntry,
  type ToolDefinition,
  type ToolName,
} from '@cipherspace/tools';

import { ApiError } from './api-client.ts';
import { CliError, EXIT, usageError } from './errors.ts';
import { toolCodec, type SpaceContext } from './space-context.ts';

/** Most versions one page may have (the server's limit, OpenAPI `listContentHistory`). */
export const HISTORY_LIMIT_MAX = 100;

/** A page of the history as rebuilt here, with the oldest version the server can rebuild. */
export interface HistoryPageResult {
  timeline: Timeline<unknown>;
  /** The oldest version the server keeps (every version from it to the current one is kept). */
  oldestVersion: number;
}

/** The tool has no content (REST 404 on its history list): it has no history either. */
export class ToolWithoutContentError extends CliError {
  constructor(readonly tool: string) {
    super(`${tool} has no content yet.`, EXIT.usage);
    this.name = 'ToolWithoutContentError';
  }
}

/** The registry entry of `tool`, widened for code that handles any tool. */
export function toolDefinition(tool: ToolName): ToolDefinition {
  return tools[tool];
}

/**
 * `tool`'s REST history as loadTimeline's {@link HistorySource}; `oldestVersion()` is the
 * `oldest_version` of the last page listed (null before the first). Rejects with
 * {@link ToolWithoutContentError} when the tool has no content, CliError exit 2 when a version is
 * no longer kept (404) or newer than the current one (400); other failures as the client's.
 */
export function restHistorySource(
  ctx: SpaceContext,
  tool: ToolName,
): HistorySource & { oldestVersion(): number | null } {
  const { client, session } = ctx;
  let oldest: number | null = null;
  return {
    oldestVersion: () => oldest,
    async list({ before, limit }) {
      let page;
      try {
        page = await client.history(session.space, tool, { before, limit });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404)
          throw new ToolWithoutContentError(tool);
        throw error;
      }
      oldest = page.oldest_version;
      return historyPageOf(page);
    },
    async version(version, from) {
      let answer;
      try {
        answer = await client.historyVersion(session.space, tool, version, from);
        // A large range comes in pages of the server's size: follow them to the end.
        const changes = [...answer.changes];
        for (let after = answer.next_after; after !== undefined;) {
          const page = await client.historyChanges(session.space, tool, version, after);
          changes.push(...page.changes);
          after = page.next_after;
        }
        answer = { ...answer, changes };
      } catch (error) {
        if (error instanceof ApiError && error.status === 404)
          throw versionNotKept(tool, version, oldest);
        if (error instanceof ApiError && error.status === 400)
          throw usageError(
            `Version ${version} of ${tool} does not exist yet.`,
            `Run \`cipherspace history --tool ${tool}\` to see its versions.`,
          );
        throw error;
      }
      return historyRebuildOf(answer);
    },
  };
}

/** Version `version` of `tool` was pruned (or saved before the history existed): exit 2. */
export function versionNotKept(tool: string, version: number, oldest: number | null): CliError {
  return usageError(
    `Version ${version} of ${tool} is no longer kept` +
      (oldest === null ? '.' : ` (the oldest kept version is ${oldest}).`),
    'The server keeps a limited history (HISTORY_RETENTION_DAYS, HISTORY_MAX_VERSIONS). ' +
      `Run \`cipherspace history --tool ${tool}\` to see the kept versions.`,
  );
}

/**
 * Rebuilds the page of `tool`'s history below `before` (default: the newest), `limit` versions
 * (default loadTimeline's 50), decrypting on this machine. Null when the tool has no content.
 * @throws CliError exit 3 (an envelope this key does not open), 2 (a version not kept), 1 (an
 * operation that does not apply: the history cannot be rebuilt), 5, 6 as every command.
 */
export async function loadHistory(
  ctx: SpaceContext,
  tool: ToolName,
  page: { before?: number | undefined; limit?: number | undefined },
): Promise<HistoryPageResult | null> {
  const source = restHistorySource(ctx, tool);
  try {
    const timeline = await loadTimeline(tool, toolDefinition(tool), toolCodec(ctx, tool), source, {
      ...(page.before === undefined ? {} : { before: page.before }),
      ...(page.limit === undefined ? {} : { limit: page.limit }),
    });
    return { timeline, oldestVersion: source.oldestVersion() ?? timeline.currentVersion };
  } catch (error) {
    if (error instanceof ToolWithoutContentError) return null;
    if (error instanceof CliError || error instanceof ApiError) throw error;
    throw new CliError(
      `The history of ${tool} cannot be rebuilt: ${error instanceof Error ? error.message : String(error)}`,
      EXIT.failure,
      { cause: error },
    );
  }
}

/** The local time of day of an ISO time, `HH:MM:SS` (the day is {@link groupByDay}'s). */
export function timeOfDay(iso: string): string {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/**
 * The page as text lines (no trailing line break), newest first, grouped by local day:
 *
 * ```
 * kanban: versions 7 to 5 of 7, newest first (times are local)
 *
 * 2025-01-31
 *   version 7  14:03:12  alice
 *     - Created issue "Fix login" in phase "Backlog"
 *   version 5  09:00:00  alice  (saved the whole content)
 *
 * Older versions: cipherspace history --tool kanban --before 5
 * ```
 *
 * `null` (no content), an empty page and the end of the history each get one sentence.
 */
export function formatHistory(
  tool: ToolName,
  result: HistoryPageResult | null,
  before: number | undefined,
): string {
  if (result === null) return `${tool} has no content yet, so it has no history.`;
  const { timeline, oldestVersion } = result;
  const { versions } = timeline;
  const newest = versions[0];
  const oldest = versions[versions.length - 1];
  if (!newest || !oldest) {
    return before === undefined
      ? `${tool} has no kept versions yet (current version ${timeline.currentVersion}).`
      : `${tool} has no kept versions before version ${before} (the oldest kept version is ${oldestVersion}).`;
  }
  const range =
    newest.version === oldest.version
      ? `version ${newest.version}`
      : `versions ${newest.version} to ${oldest.version}`;
  const lines = [`${tool}: ${range} of ${timeline.currentVersion}, newest first (times are local)`];
  for (const group of groupByDay(versions)) {
    lines.push('', group.day);
    for (const version of group.versions) lines.push(...versionLines(version));
  }
  lines.push(
    '',
    timeline.olderBefore === null
      ? 'This is the oldest kept version.'
      : `Older versions: cipherspace history --tool ${tool} --before ${timeline.olderBefore}`,
  );
  return lines.join('\n');
}

function versionLines(version: TimelineVersion<unknown>): string[] {
  const head = `  version ${version.version}  ${timeOfDay(version.modifiedAt)}  ${version.modifiedBy}`;
  if (version.kind === 'replacement') return [`${head}  (saved the whole content)`];
  if (version.activity.length === 0) return [`${head}  (no visible change)`];
  return [head, ...version.activity.map((entry) => `    - ${oneLine(entry.details)}`)];
}

/** A detail on one line: a title may hold line breaks. */
function oneLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ');
}

/** One version of {@link HistoryJson}. */
export interface HistoryJsonVersion {
  version: number;
  kind: 'operations' | 'replacement';
  modified_by: string;
  /** ISO 8601 UTC. */
  modified_at: string;
  size_bytes: number;
  /** spec §3 activity log entries, one per operation that changed something. */
  activity: readonly ActivityLogEntry[];
}

/**
 * What `history --json` prints: the rebuilt page without the contents (they can be megabytes);
 * `current_version` and `older_before` are null when the tool has no content.
 */
export interface HistoryJson {
  tool: ToolName;
  current_version: number | null;
  oldest_version: number | null;
  /** Pass as `--before` for the next (older) page; null when this page reaches the oldest. */
  older_before: number | null;
  versions: HistoryJsonVersion[];
}

/** The page as {@link HistoryJson}. */
export function historyJson(tool: ToolName, result: HistoryPageResult | null): HistoryJson {
  if (result === null)
    return {
      tool,
      current_version: null,
      oldest_version: null,
      older_before: null,
      versions: [],
    };
  const { timeline, oldestVersion } = result;
  return {
    tool,
    current_version: timeline.currentVersion,
    oldest_version: oldestVersion,
    older_before: timeline.olderBefore,
    versions: timeline.versions.map((version) => ({
      version: version.version,
      kind: version.kind,
      modified_by: version.modifiedBy,
      modified_at: version.modifiedAt,
      size_bytes: version.sizeBytes,
      activity: version.activity,
    })),
  };
}
