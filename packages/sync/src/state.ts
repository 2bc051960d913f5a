/**
 * What a screen reads of the engine — its state and the results of a change — and the engine's
 * limits (spec §4 tool content, §8 version conflict and offline messages).
 */
import {
  contentSchemaError,
  describeContentProblem,
  type ContentProblem,
  type Operation,
  type ToolName,
} from '@cipherspace/tools';

/**
 * A change of this browser that could not be applied when it was pushed later (made offline, or
 * left from an earlier visit): the operation (null when its envelope no longer opens), why, and
 * who made the change it met, as the server recorded it (when this tab saw it).
 */
export interface UnappliedOperation {
  id: string;
  operation: Operation | null;
  reason: UnappliedReason;
  by?: string | null;
}

/**
 * Why a logged change was not applied: `conflict` (someone else's change made it impossible),
 * `rejected` / `invalid` (a rule refused it on the content it met).
 */
export type UnappliedReason = 'conflict' | 'rejected' | 'invalid';

/**
 * The stored version could not be opened: it does not decrypt, parse or apply. The tool shows
 * `shownVersion`, the newest version before it that opens, on top of `version`: a change of this
 * tab, or Restore, saves on top of the bad version and so replaces it.
 */
export interface UnreadableStoredVersion {
  version: number;
  /** Who saved it (null when the server did not say). */
  by: string | null;
  shownVersion: number;
  /**
   * The first field that is not the tool's (it decrypted but failed the content schema); absent
   * when it did not decrypt.
   */
  problem?: ContentProblem;
}

/**
 * The stored version decrypted but is not the tool's content, and no earlier version opens in
 * its place (a load's `loadError`): `problem` is its first failing field, `version` the stored
 * version — Restore of an earlier version's content saves on top of it (SyncClient.restore).
 */
export class UnreadableContentError extends Error {
  constructor(
    readonly version: number,
    readonly by: string | null,
    readonly problem: ContentProblem | null,
    cause: unknown,
  ) {
    // The message names field names and positions only, never content values.
    super(
      `version ${String(version)} is not this tool's content` +
        (problem ? `: ${problem.logPath}` : ''),
      { cause },
    );
    this.name = 'UnreadableContentError';
  }
}

/**
 * The first failing field of decrypted `value` that `tool`'s parse refused with `error`; null
 * when `error` is not a content schema error.
 */
export function contentProblemOf(
  tool: ToolName,
  error: unknown,
  value: unknown,
): ContentProblem | null {
  const zodError = contentSchemaError(error);
  return zodError ? describeContentProblem(tool, zodError, value) : null;
}

/** The screen state of a tool (spec §4: loading, error with retry, loaded). */
export interface ContentState<C> {
  status: 'loading' | 'error' | 'loaded';
  /** The content on screen: the confirmed version with this tab's pending log and others' proposals laid over it. */
  content: C | null;
  /** The server version `content` is based on (0 = nothing stored). */
  version: number;
  /** Why loading failed (status 'error'). */
  loadError: unknown;
  /** true while changes of this tab are being pushed. */
  saving: boolean;
  /** Whether this tab has a change of its own it can undo. */
  canUndo: boolean;
  /** Whether this tab has an undone change it can redo. */
  canRedo: boolean;
  /**
   * true when the server could not be reached on the last try: the content may come from this
   * browser's cache and changes wait in the log.
   */
  offline: boolean;
  /** How many changes wait in the log for the server (made offline, or left from an earlier visit). */
  queued: number;
  /** Logged changes that could not be applied when pushed, until the member dismisses them. */
  unapplied: readonly UnappliedOperation[];
  /** Set while the stored version does not open and an earlier one is shown instead; null otherwise. */
  unreadable: UnreadableStoredVersion | null;
}

/**
 * How a change ended:
 * - `saved`: the change is stored (possibly after re-applying it to a newer version), or it
 *   changed nothing and nothing was sent, or — `queued: true` — the server could not be reached
 *   and the change waits in the persisted log (shown, pushed when the connection returns). For
 *   an undo or redo, `leftAlone` counts the parts a teammate changed since, left as they are;
 * - `rejected`: a rule refused the change on the content the user saw (`error` says why);
 * - `invalid`: the changed content failed validation (`error` is a {@link ContentValidationError});
 * - `conflict`: someone else's change made this one impossible; the latest content is shown. For
 *   an edit that met fields a teammate changed (`error` an EditConflictError of
 *   `@cipherspace/tools`), `by` is the member the server recorded for the change that set them
 *   (null when this tab did not see it as an operation);
 * - `failed`: the server refused the save for another reason; nothing changed.
 */
export type PerformResult<C> =
  | { status: 'saved'; content: C; queued?: true; leftAlone?: number }
  | { status: 'conflict'; error: unknown; by?: string | null }
  | { status: 'rejected' | 'invalid' | 'failed'; error: unknown };

/** Options of a change. */
export interface PerformOptions {
  /** The version the change was started on (a form opened); omitted = the version shown now. */
  basedOn?: number;
}

/** Content failed validation before a save; `problems` are the spec §5 messages. */
export class ContentValidationError extends Error {
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(problems.join('; '));
    this.name = 'ContentValidationError';
    this.problems = problems;
  }
}

/** Undo or redo found nothing to undo or redo. */
export class NothingToUndoError extends Error {
  constructor() {
    super('Nothing to undo');
    this.name = 'NothingToUndoError';
  }
}

/** How often a change is re-applied after consecutive 409s before giving up with `conflict`. */
export const MAX_SAVE_ATTEMPTS = 5;

/**
 * Logged changes pushed together in one save: the server's limit of operations per save
 * (OPERATIONS_PER_SAVE_MAX in packages/api/src/constants.ts).
 */
export const REPLAY_BATCH_MAX = 20;

/** A push sends operations alone; the whole content follows as a snapshot after this many such saves… */
export const SNAPSHOT_AFTER_SAVES = 40;

/** …or once this tab saved nothing for this long (ms), or when the page is hidden. */
export const SNAPSHOT_QUIET_MS = 5_000;

/** The waits, in ms, before each resend of a save whose answer was lost (then the push stops). */
export const LOST_ANSWER_RETRY_DELAYS_MS: readonly number[] = [250, 1_000, 3_000];

/** How many of this tab's own changes can be undone, at most: older ones drop off. */
export const UNDO_LIMIT = 100;

/** How long another member's proposed change is shown without its save arriving, in ms. */
export const PENDING_TTL_MS = 10_000;

/** The state before anything is loaded (never changed in place). */
export const INITIAL_CONTENT_STATE: ContentState<never> = {
  status: 'loading',
  content: null,
  version: 0,
  loadError: null,
  saving: false,
  canUndo: false,
  canRedo: false,
  offline: false,
  queued: 0,
  unapplied: [],
  unreadable: null,
};
