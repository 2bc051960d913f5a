/**
 * A tool's version history as a member reads it (issue 16 items 3 and 4), for every client (the
 * web app's history panel, the CLI's `history` and `restore-version`): the server keeps only
 * ciphertext — each version's encrypted operations and, now and then, an encrypted snapshot
 * (`history.list`, `history.version`; REST `GET /api/content/{space}/{tool}/history[/{version}]`)
 * — and {@link loadTimeline} rebuilds every version of one page of it on the client: it opens
 * the snapshot before the page, applies each version's operations with the tool's own pure
 * functions and describes each operation as an activity log entry (spec §3) from the content
 * before and after it. Decryption is the caller's ({@link HistoryCodec}, with the space key):
 * this package never sees a key.
 */
import { activityOf } from './activity.ts';
import type { ActivityLogEntry } from './activity-log.ts';
import type { ToolName } from './metadata.ts';
import { parseOperationFor, type NamedOperation, type ToolDefinition } from './tool.ts';

/** Opens what the server keeps (the caller holds the space key; see @cipherspace/crypto). */
export interface HistoryCodec {
  /** A content envelope (snapshot) → the decrypted JSON. Rejects for a wrong key or tampering. */
  decrypt(envelope: string): Promise<unknown>;
  /** An operation envelope → the decrypted JSON of the operation. Rejects like `decrypt`. */
  decryptOperation(envelope: string): Promise<unknown>;
}

/** One version in a page of the server's version list (`history.list`). */
export interface HistoryVersionInfo {
  version: number;
  kind: 'operations' | 'replacement';
  modifiedBy: string;
  /** ISO 8601. */
  modifiedAt: string;
  /** Bytes the server keeps for this version. */
  sizeBytes: number;
}

/** What rebuilds a version (`history.version`): a snapshot and the changes after it, ascending. */
export interface HistoryRebuild {
  base: { version: number; encryptedData: string };
  changes: readonly {
    version: number;
    kind: 'operations' | 'replacement';
    operations: readonly string[] | null;
    /** The member the server recorded as its author. */
    modified_by?: string;
  }[];
}

/** The history procedures of our API for one tool (bound to a space and tool). */
export interface HistorySource {
  /** Versions newest first, `limit` at most, all below `before` when given. */
  list(options: { before?: number; limit: number }): Promise<{
    versions: readonly HistoryVersionInfo[];
    currentVersion: number;
    oldestVersion: number;
  }>;
  /**
   * What rebuilds `version`, starting from a snapshot at or before `from` (default: the newest
   * snapshot at or before `version`), so every change after `from` is in the answer.
   */
  version(version: number, from?: number): Promise<HistoryRebuild>;
}

/** One rebuilt version: who saved it when, what it changed and the content after it. */
export interface TimelineVersion<C> extends HistoryVersionInfo {
  /** One entry per operation that changed something, in order; none for a replacement. */
  activity: readonly ActivityLogEntry[];
  /** The content as it was after this version was saved. */
  content: C;
}

/** A page of the timeline, newest first. */
export interface Timeline<C> {
  versions: readonly TimelineVersion<C>[];
  currentVersion: number;
  /** The version to pass as `before` for the next (older) page; null when this is the oldest. */
  olderBefore: number | null;
}

/** How many versions one page of the history panel rebuilds. */
export const TIMELINE_PAGE_VERSIONS = 50;

/**
 * Rebuilds a page of `tool`'s history (`domain` is its registry entry): the `limit` versions below `before` (default: the newest),
 * each with its activity entries and content. Rejects with the codec's DecryptError for content
 * this space key cannot open, with the tool's error for an operation that does not apply (the
 * history then cannot be shown), and with whatever the source rejects with.
 */
export async function loadTimeline<C, Op extends NamedOperation>(
  tool: ToolName,
  domain: ToolDefinition<C, Op>,
  codec: HistoryCodec,
  source: HistorySource,
  options: { before?: number; limit?: number } = {},
): Promise<Timeline<C>> {
  const limit = options.limit ?? TIMELINE_PAGE_VERSIONS;
  const page = await source.list({ ...(options.before ? { before: options.before } : {}), limit });
  const newest = page.versions[0];
  const oldest = page.versions[page.versions.length - 1];
  if (!newest || !oldest)
    return { versions: [], currentVersion: page.currentVersion, olderBefore: null };

  // The content before the page's oldest version (when it is kept), and every change after it.
  const from = Math.max(oldest.version - 1, page.oldestVersion);
  const rebuild = await source.version(newest.version, from);
  const infoOf = new Map(page.versions.map((info) => [info.version, info]));
  let content = domain.parse(await codec.decrypt(rebuild.base.encryptedData));
  const rebuilt: TimelineVersion<C>[] = [];
  if (infoOf.has(rebuild.base.version)) {
    // The page starts at the oldest kept version: its snapshot is all there is to show of it.
    const info = infoOf.get(rebuild.base.version);
    if (info) rebuilt.push({ ...info, activity: [], content });
  }
  for (const change of rebuild.changes) {
    const activity: ActivityLogEntry[] = [];
    if (change.kind === 'replacement' || change.operations === null) {
      const snapshot = await source.version(change.version);
      content = domain.parse(await codec.decrypt(snapshot.base.encryptedData));
    } else {
      // Who did it is the member the server recorded for the version, never a name inside it.
      const savedBy = infoOf.get(change.version)?.modifiedBy ?? change.modified_by;
      const actor = savedBy === undefined ? {} : { userDisplayName: savedBy };
      for (const envelope of change.operations) {
        const operation = parseOperationFor(domain, await codec.decryptOperation(envelope));
        const after = domain.apply(content, operation);
        const entry = activityOf(tool, operation, actor, content, after);
        if (entry) activity.push(entry);
        content = after;
      }
    }
    const info = infoOf.get(change.version);
    if (info) rebuilt.push({ ...info, activity, content });
  }
  rebuilt.reverse();
  return {
    versions: rebuilt,
    currentVersion: page.currentVersion,
    olderBefore: oldest.version > page.oldestVersion ? oldest.version : null,
  };
}

/** The local calendar day of an ISO time, as `YYYY-MM-DD` (for grouping the list by day). */
export function dayOf(iso: string): string {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(date.getFullYear())}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** `versions` grouped by local day, in their order (newest first stays newest first). */
export function groupByDay<T extends { modifiedAt: string }>(
  versions: readonly T[],
): { day: string; versions: T[] }[] {
  const groups: { day: string; versions: T[] }[] = [];
  for (const version of versions) {
    const day = dayOf(version.modifiedAt);
    const last = groups[groups.length - 1];
    if (last?.day === day) last.versions.push(version);
    else groups.push({ day, versions: [version] });
  }
  return groups;
}
