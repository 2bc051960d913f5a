/**
 * A tool's version history as a member reads it, for every client (the web app's history panel, the
 * CLI's `history` and `restore-version`): the server keeps only ciphertext — each version's
 * encrypted operations and, now and then, an encrypted snapshot (`history.list`, `history.version`;
 * REST `GET /api/content/{space}/{tool}/history[/{version}]`) — and {@link loadTimeline} rebuilds
 * every version of one page of it on the client: it opens the snapshot before the page, applies
 * each version's operations through ./rebase.ts (the tool's own pure functions) and describes
 * each operation as an activity log entry (spec §3) from the content before and after it.
 * Decryption is the caller's ({@link HistoryCodec}, with the space key): this module never sees a
 * key.
 */
import {
  activityOf,
  parseOperationFor,
  type ActivityLogEntry,
  type ContentProblem,
  type NamedOperation,
  type ToolDefinition,
  type ToolName,
} from '@cipherspace/tools';

import { applyAll } from './rebase.ts';
import { contentProblemOf } from './state.ts';

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

/**
 * A page of `GET /api/content/{space}/{tool}/history` as the server sends it; tRPC's
 * `history.list` gives the same with `modified_at` as a `Date`.
 */
export interface HistoryPageWire {
  versions: readonly {
    version: number;
    kind: 'operations' | 'replacement';
    modified_by: string;
    /** ISO 8601 (REST) or a Date (tRPC). */
    modified_at: string | Date;
    size_bytes: number;
  }[];
  current_version: number;
  oldest_version: number;
}

/** The page of {@link HistorySource.list} that `page` (the server's answer) holds. */
export function historyPageOf(page: HistoryPageWire): Awaited<ReturnType<HistorySource['list']>> {
  return {
    versions: page.versions.map((entry) => ({
      version: entry.version,
      kind: entry.kind,
      modifiedBy: entry.modified_by,
      modifiedAt: new Date(entry.modified_at).toISOString(),
      sizeBytes: entry.size_bytes,
    })),
    currentVersion: page.current_version,
    oldestVersion: page.oldest_version,
  };
}

/**
 * What rebuilds a version as the server sends it: REST `GET …/history/{version}[?from=]` (or
 * tRPC `history.version`) with the changes of every `…/changes?after=` page appended, ascending.
 */
export interface HistoryRebuildWire {
  base: { version: number; encrypted_data: string };
  /** Named as in {@link HistoryRebuild}; the server's other fields (`modified_at`) are dropped. */
  changes: HistoryRebuild['changes'];
}

/**
 * The {@link HistoryRebuild} of {@link HistorySource.version} that `answer` (the server's) holds:
 * `base` as `{ version, encryptedData }` and each change as `{ version, kind, operations }` with
 * `modified_by` when the server sent it, in the server's order. It only renames: it checks
 * nothing, throws nothing and does not follow `next_after` (append those pages first).
 */
export function historyRebuildOf(answer: HistoryRebuildWire): HistoryRebuild {
  return {
    base: { version: answer.base.version, encryptedData: answer.base.encrypted_data },
    changes: answer.changes.map(({ version, kind, operations, modified_by }) => ({
      version,
      kind,
      operations,
      ...(modified_by === undefined ? {} : { modified_by }),
    })),
  };
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

/**
 * A version of a page that this client cannot open: its snapshot or one of its
 * operations does not decrypt, parse or apply — a garbage save, or one made with another key.
 * The rebuild goes on without it: the versions after it are shown on the content before it, as
 * the members who could not open it saw and edited it.
 */
export type UnreadableVersion = HistoryVersionInfo & {
  /** Its snapshot decrypted but is not the tool's content: the first failing field. */
  problem?: ContentProblem;
};

/** A page of the timeline, newest first. */
export interface Timeline<C> {
  /** The versions of the page that opened, newest first. */
  versions: readonly TimelineVersion<C>[];
  /** The versions of the page that did not open, newest first (see {@link UnreadableVersion}). */
  unreadable: readonly UnreadableVersion[];
  currentVersion: number;
  /** The version to pass as `before` for the next (older) page; null when this is the oldest. */
  olderBefore: number | null;
}

/** How many versions one page of the history panel rebuilds. */
export const TIMELINE_PAGE_VERSIONS = 50;

/** How many snapshots {@link openNewest} tries before it gives up. */
export const OPEN_NEWEST_MAX_SNAPSHOTS = 10;

/**
 * The newest version at or before `version` that this client can open: its kept
 * snapshot decrypted and parsed, with the operations after it applied up to the first that does
 * not open or apply. A snapshot that does not open sends the search to the version before it,
 * OPEN_NEWEST_MAX_SNAPSHOTS snapshots at most. Resolves { version, content }, or null when none
 * opens (or the history keeps none: the source rejects).
 */
export async function openNewest<C, Op extends NamedOperation>(
  domain: ToolDefinition<C, Op>,
  codec: HistoryCodec,
  source: Pick<HistorySource, 'version'>,
  version: number,
): Promise<{ version: number; content: C } | null> {
  let target = version;
  for (let tried = 0; tried < OPEN_NEWEST_MAX_SNAPSHOTS && target >= 1; tried++) {
    const rebuild = await source.version(target).catch(() => null);
    if (!rebuild) return null;
    let content: C;
    try {
      content = domain.parse(await codec.decrypt(rebuild.base.encryptedData));
    } catch {
      target = rebuild.base.version - 1;
      continue;
    }
    let opened = { version: rebuild.base.version, content };
    for (const change of rebuild.changes) {
      if (change.kind === 'replacement' || change.operations === null) break;
      try {
        for (const envelope of change.operations) {
          const operation = parseOperationFor(domain, await codec.decryptOperation(envelope));
          content = applyAll(domain, content, [operation]);
        }
      } catch {
        break;
      }
      opened = { version: change.version, content };
    }
    return opened;
  }
  return null;
}

/**
 * Rebuilds a page of `tool`'s history (`domain` is its registry entry): the `limit` versions below
 * `before` (default: the newest), each with its activity entries and content. A version whose
 * snapshot or operations do not open or apply is listed in `unreadable` instead, and
 * the versions after it are rebuilt on the content before it; when the page's first snapshot
 * does not open, the newest version before it that opens ({@link openNewest}) is the start, and
 * the operations saved on what nobody could open are unreadable too. Rejects with whatever the
 * source rejects with.
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
    return { versions: [], unreadable: [], currentVersion: page.currentVersion, olderBefore: null };

  // The content before the page's oldest version (when it is kept), and every change after it.
  const from = Math.max(oldest.version - 1, page.oldestVersion);
  // Why the last snapshot opened here did not, when it decrypted but is not the tool's content.
  let lastProblem: ContentProblem | null = null;
  const open = async (envelope: string) => {
    const opened = await openSnapshotOrProblem(tool, domain, codec, envelope);
    lastProblem = opened.problem;
    return opened.content;
  };
  const rebuild = await source.version(newest.version, from);
  const infoOf = new Map(page.versions.map((info) => [info.version, info]));
  const rebuilt: TimelineVersion<C>[] = [];
  const unreadable: UnreadableVersion[] = [];
  const markUnreadable = (version: number, problem: ContentProblem | null = null) => {
    const info = infoOf.get(version);
    if (info) unreadable.push(problem ? { ...info, problem } : info);
  };
  // null while no content is known: every operation until a snapshot opens is unreadable.
  let content: C | null = await open(rebuild.base.encryptedData);
  if (content !== null) {
    // The page starts at the oldest kept version: its snapshot is all there is to show of it.
    const info = infoOf.get(rebuild.base.version);
    if (info) rebuilt.push({ ...info, activity: [], content });
  } else {
    markUnreadable(rebuild.base.version, lastProblem);
    content = (await openNewest(domain, codec, source, rebuild.base.version - 1))?.content ?? null;
  }
  for (const change of rebuild.changes) {
    const activity: ActivityLogEntry[] = [];
    let after: C | null = content;
    lastProblem = null;
    if (change.kind === 'replacement' || change.operations === null) {
      const snapshot = await source.version(change.version);
      after = await open(snapshot.base.encryptedData);
    } else if (content !== null) {
      // Who did it is the member the server recorded for the version, never a name inside it.
      const savedBy = infoOf.get(change.version)?.modifiedBy ?? change.modified_by;
      const actor = savedBy === undefined ? {} : { userDisplayName: savedBy };
      try {
        let current: C = content;
        for (const envelope of change.operations) {
          const operation = parseOperationFor(domain, await codec.decryptOperation(envelope));
          const next = applyAll(domain, current, [operation]);
          const entry = activityOf(tool, operation, actor, current, next);
          if (entry) activity.push(entry);
          current = next;
        }
        after = current;
      } catch {
        after = null;
      }
    } else {
      after = null;
    }
    if (after === null) {
      // The versions after it build on the content before it, as members who could not open
      // it saw and edited it.
      markUnreadable(change.version, lastProblem);
      continue;
    }
    content = after;
    const info = infoOf.get(change.version);
    if (info) rebuilt.push({ ...info, activity, content });
  }
  rebuilt.reverse();
  unreadable.reverse();
  return {
    versions: rebuilt,
    unreadable,
    currentVersion: page.currentVersion,
    olderBefore: oldest.version > page.oldestVersion ? oldest.version : null,
  };
}

/**
 * The parsed content of a snapshot envelope, or null content when it does not decrypt or parse —
 * with the first failing field when it decrypted but is not `tool`'s content.
 */
async function openSnapshotOrProblem<C, Op extends NamedOperation>(
  tool: ToolName,
  domain: ToolDefinition<C, Op>,
  codec: HistoryCodec,
  envelope: string,
): Promise<{ content: C | null; problem: ContentProblem | null }> {
  let value: unknown;
  try {
    value = await codec.decrypt(envelope);
  } catch {
    return { content: null, problem: null };
  }
  try {
    return { content: domain.parse(value), problem: null };
  } catch (error) {
    return { content: null, problem: contentProblemOf(tool, error, value) };
  }
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
