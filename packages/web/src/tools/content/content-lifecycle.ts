/**
 * The one content lifecycle every tool uses (spec §4 Tool content, §8 Tool entry, version
 * conflict): load on entry, create and save the default when the server has none, decrypt,
 * validate before every save, save with the version the change is based on, and catch up on a
 * remote update or reconnect. No React here: {@link ContentLifecycle} is driven by
 * ./use-tool-content.ts and by tests with a real server.
 *
 * **Saves never lose work.** A change is a named operation of `@cipherspace/tools`, serialised
 * once with its id, time and author ({@link Operation}), not a new document. On a 409 the latest
 * version is loaded and the *same* operation is applied to it again — its ids and timestamps come
 * from the operation, so replaying is deterministic — and saved again. Only when the operation no
 * longer applies (its card was deleted meanwhile, the phase is full) or the result fails
 * validation does the user see the §8 conflict message, together with the latest content.
 *
 * **Changes travel as operations.** Each save sends, beside the encrypted snapshot, the operation
 * encrypted in an op1 envelope. Another tab at the previous version applies it from the
 * content_update itself; a tab further behind (or after a 409) applies the operations recorded
 * since its version (`content.changes`); only a replacement (a save without operations), a gap
 * beyond the server's bound or an operation that does not apply loads the snapshot. Applying the
 * same operation gives the same content the saver stored, so both tabs agree without downloading
 * it.
 *
 * Every load, reload and save runs through one queue, so a remote reload never interleaves with
 * a save of this tab.
 *
 * **Offline.** With an {@link OfflineStore}, the last content is kept as ciphertext (the envelope
 * loaded or saved, or one encrypted from what operations caught up to). When the server cannot be
 * reached — a network failure, not an HTTP error answer ({@link ServerUnreachableError}, or a save
 * whose answer stayed lost) — a first load opens the cached envelope, and a change stays on screen
 * and is queued as its op1 envelope with the version it was based on; while changes wait, every new
 * change joins the end of the queue so the order holds. On a load or refresh that reaches the
 * server (the app calls `refresh()` on the browser's `online` event and on a realtime reconnect)
 * the queue is replayed in order through the same save path as a new change: re-applied on a 409,
 * reported as `unapplied` (with the §8 conflict message in the app) only when it no longer applies
 * — never dropped silently. A change that turns out to be stored already (its answer was lost) is
 * recognised by its id.
 */

import { OPERATION_ENVELOPE_MAX_CHARS } from '@cipherspace/crypto';
import {
  findEntity,
  isEditConflict,
  isEmptyEdit,
  parseOperationFor,
  resolveEdit,
  sameFieldValue,
  type ConflictChoice,
  type FieldConflict,
  type FieldEdit,
  type ContentLanguage,
  type DomainContext,
  type NamedOperation,
  type Operation,
  type OperationStamp,
  type PatchOperation,
  type ToolDefinition,
} from '@cipherspace/tools';

import type { OfflineStore, QueuedChange, UnappliedChange } from './offline-store.ts';

/** Sources of time and identity for what is not an operation (default content, operation stamps). */
export type ContentContext = DomainContext;

/**
 * What a tool contributes to the lifecycle: its registry entry in `@cipherspace/tools` (default
 * content, shape check, serialised operations, validation, stamp).
 */
export type ContentDomain<C, Op extends NamedOperation> = ToolDefinition<C, Op>;

/** The stored record of a tool as far as the lifecycle needs it. */
export interface StoredContent {
  encryptedData: string;
  /** The version `encryptedData` holds. */
  version: number;
  /**
   * The newest version, when newer than `version`: later saves sent operations only, and the
   * changes since `version` bring the envelope up to it.
   */
  currentVersion?: number;
  /** The member the server recorded as its author (`content_metadata.modified_by`). */
  modifiedBy?: string;
}

/**
 * What rebuilds a kept version (`history.version`): the newest snapshot at or before it and the
 * changes after that snapshot, ascending.
 */
export interface KeptVersion {
  base: { version: number; encryptedData: string };
  changes: readonly StoredChange[];
}

/**
 * The stored version could not be opened: it does not decrypt, parse or apply. The
 * tool shows `shownVersion`, the newest version before it that opens, on top of `version`: a
 * change of this tab, or Restore, saves on top of the bad version and so replaces it.
 */
export interface UnreadableStoredVersion {
  version: number;
  /** Who saved it (null when the server did not say). */
  by: string | null;
  shownVersion: number;
}

/**
 * One recorded change of the server's operation log: the version it produced and what made
 * it — `operations` (encrypted operation envelopes) or a `replacement` of the whole document.
 */
export interface StoredChange {
  version: number;
  kind: 'operations' | 'replacement';
  operations: readonly string[] | null;
  /** The member the server recorded as its author (`modified_by`). */
  modifiedBy?: string;
}

/** The answer of changes-since (`content.changes`). */
export interface ChangesSince {
  /** The stored version now. */
  version: number;
  /** true when the gap is beyond the server's bound or not recorded: load the snapshot. */
  tooFarBehind: boolean;
  /** The changes after the asked version, ascending. */
  changes: readonly StoredChange[];
}

/** The server side: our content API (`content.find` / `content.save` / `content.changes`). */
export interface ContentTransport {
  /** The stored content, or null when the tool has none yet. */
  load(): Promise<StoredContent | null>;
  /**
   * Stores `encryptedData` on top of `baseVersion` (0 = none yet) with the encrypted `operations`
   * that produced it (none: a replacement), and resolves the new version. `encryptedData` null:
   * the operations alone (not on a first save); the stored envelope stays behind until a
   * `snapshot` is uploaded. `saveId` names this save
   * operation: the lifecycle sends the same id again when it retries the save after a lost answer,
   * and the server then answers with the original result. Rejects with {@link VersionConflictError}
   * on 409, with {@link SaveAnswerLostError} when no answer came; any other rejection is a failed
   * save.
   */
  save(
    encryptedData: string | null,
    baseVersion: number,
    operations?: readonly string[],
    saveId?: string,
  ): Promise<number>;
  /**
   * Uploads `encryptedData` as the stored envelope of `version`, a version saved as operations
   * only (`content.snapshot`; stores nothing when a newer one is stored already). Without it,
   * every save sends the whole content.
   */
  snapshot?(version: number, encryptedData: string): Promise<void>;
  /**
   * The recorded changes after version `since`, or null when the tool has no content (404).
   * Without it, every remote update and every 409 loads the snapshot.
   */
  changes?(since: number): Promise<ChangesSince | null>;
  /**
   * Tells the other members at once that this tab is saving `operations` (encrypted) on top of
   * `baseVersion`, before the snapshot upload finishes (`content.propose`). Best effort: a
   * failure only means they see the change when the save lands.
   */
  propose?(baseVersion: number, operations: readonly string[]): Promise<void>;
  /**
   * What rebuilds kept `version` (`history.version`); rejects when it is not kept. Without it, a
   * stored version that does not open is a load error.
   */
  keptVersion?(version: number): Promise<KeptVersion>;
}

/**
 * Encryption with the space key (in the app: the content envelope and the operations envelope
 * of the crypto package). Without the operation half, changes travel as snapshots only.
 */
export interface ContentCodec {
  encrypt(value: unknown): Promise<string>;
  /** Rejects with the crypto package's DecryptError for a wrong key or tampered data. */
  decrypt(envelope: string): Promise<unknown>;
  /** A serialised operation as an operations envelope (no PBKDF2 on this path). */
  encryptOperation?(operation: Operation): Promise<string>;
  /** Opens an operations envelope; rejects with DecryptError like `decrypt`. */
  decryptOperation?(envelope: string): Promise<unknown>;
}

/**
 * What a content_update says beyond the new version: the version the change was applied to, whether
 * it was operations or a replacement, and the operations themselves when they were small enough to
 * travel inline.
 */
export interface RemoteChange {
  baseVersion?: number;
  kind?: 'operations' | 'replacement';
  operations?: readonly string[];
  /** The member the server recorded as its author (`modified_by`). */
  modifiedBy?: string;
}

/** A save was refused because someone saved first (HTTP 409 / tRPC CONFLICT). */
export class VersionConflictError extends Error {
  constructor(options?: ErrorOptions) {
    super('Content was modified by another user', options);
    this.name = 'VersionConflictError';
  }
}

/**
 * A save got no answer — the connection dropped or the network failed after it was sent — so it may
 * or may not be stored. The lifecycle sends it again with the same save id: the server answers a
 * save it already stored with the original result.
 */
export class SaveAnswerLostError extends Error {
  constructor(options?: ErrorOptions) {
    super('No answer from the server to a save', options);
    this.name = 'SaveAnswerLostError';
  }
}

/**
 * The server could not be reached: the request got no HTTP answer at all (offline, DNS, refused
 * connection). Not an HTTP error answer.
 */
export class ServerUnreachableError extends Error {
  constructor(options?: ErrorOptions) {
    super('The server cannot be reached', options);
    this.name = 'ServerUnreachableError';
  }
}

/** Whether `error` means the server was not reached (a load, or a save without any answer). */
export function isUnreachable(error: unknown): boolean {
  return error instanceof ServerUnreachableError || error instanceof SaveAnswerLostError;
}

/**
 * A change made offline that could not be applied when it was replayed: the operation (null when
 * its envelope no longer opens) and why (see {@link UnappliedChange}).
 */
export interface UnappliedOperation {
  id: string;
  operation: Operation | null;
  reason: UnappliedChange['reason'];
  /** Who made the change it met, as the server recorded it (when this tab saw it). */
  by?: string | null;
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

/** The screen state of a tool (spec §4: loading, error with retry, loaded). */
export interface ContentState<C> {
  status: 'loading' | 'error' | 'loaded';
  /** The content on screen: the last saved or loaded version, or an optimistic change being saved. */
  content: C | null;
  /** The server version `content` is based on (0 = nothing stored). */
  version: number;
  /** Why loading failed (status 'error'). */
  loadError: unknown;
  /** true while a change of this tab is being saved. */
  saving: boolean;
  /** Whether this tab has a change of its own it can undo. */
  canUndo: boolean;
  /** Whether this tab has an undone change it can redo. */
  canRedo: boolean;
  /**
   * true when the server could not be reached on the last try: the content may come from this
   * browser's cache and changes are queued.
   */
  offline: boolean;
  /** How many changes made offline wait to be saved (shown on top of `content`). */
  queued: number;
  /** Queued changes that could not be applied on replay, until {@link ContentLifecycle.dismissUnapplied}. */
  unapplied: readonly UnappliedOperation[];
  /**
   * Set while the stored version does not open and an earlier one is shown instead;
   * null otherwise.
   */
  unreadable: UnreadableStoredVersion | null;
}

/**
 * How {@link ContentLifecycle.perform} ended:
 * - `saved`: the change is stored (possibly after re-applying it to a newer version), or the
 *   operation changed nothing (it returned the content it was given) and nothing was sent, or —
 *   `queued: true` — the server could not be reached and the change waits in the offline queue
 *   (shown, saved when the connection returns). For an undo or redo, `leftAlone` counts the
 *   parts a teammate changed since, which were left as they are;
 * - `rejected`: a rule refused the change on the content the user saw (`error` says why);
 * - `invalid`: the changed content failed validation (`error` is a ContentValidationError);
 * - `conflict`: someone else's change made this one impossible; the latest content is shown.
 *   For an edit that met fields a teammate changed (`error` an EditConflictError of
 *   `@cipherspace/tools`), `by` is the member the server recorded for the change that set them
 *   (null when this tab did not see it as an operation);
 * - `failed`: the save failed for another reason (network, server); nothing changed.
 */
export type PerformResult<C> =
  | { status: 'saved'; content: C; queued?: true; leftAlone?: number }
  | { status: 'conflict'; error: unknown; by?: string | null }
  | { status: 'rejected' | 'invalid' | 'failed'; error: unknown };

/** Options of {@link ContentLifecycle.perform}. */
export interface PerformOptions {
  /** The version the change was started on (see perform); omitted = the version shown now. */
  basedOn?: number;
}

/** How often a change is re-applied after consecutive 409s before giving up with `conflict`. */
export const MAX_SAVE_ATTEMPTS = 5;

/**
 * Queued offline changes sent together in one save on replay: the server's limit of operations per
 * save (OPERATIONS_PER_SAVE_MAX in packages/api/src/constants.ts).
 */
export const REPLAY_BATCH_MAX = 20;

/**
 * A save of this tab sends its operations alone when it can (content.save without the content):
 * the whole content follows as a snapshot upload after this many such saves…
 */
export const SNAPSHOT_AFTER_SAVES = 40;

/** …or once this tab saved nothing for this long (ms), or when the page is hidden. */
export const SNAPSHOT_QUIET_MS = 5_000;

/**
 * The waits, in ms, before each resend of a save whose answer was lost: three resends with the same
 * save id within about 4 s, then the change counts as `failed`.
 */
export const LOST_ANSWER_RETRY_DELAYS_MS: readonly number[] = [250, 1_000, 3_000];

/** How many of this tab's own changes can be undone, at most: older ones drop off. */
export const UNDO_LIMIT = 100;

/** {@link ContentLifecycle.undo} or `redo` found nothing to undo or redo. */
export class NothingToUndoError extends Error {
  constructor() {
    super('Nothing to undo');
    this.name = 'NothingToUndoError';
  }
}

/**
 * What a saved change of this tab goes on: a new change, an undo or a redo — or the replay of a
 * queued change, which was put on the undo list when it was queued.
 */
type ChangeKind = 'change' | 'undo' | 'redo' | 'replay';

/** A change waiting in the offline queue, with its operation opened. */
interface Queued {
  change: QueuedChange;
  operation: Operation;
}

interface Confirmed<C> {
  content: C | null;
  version: number;
  /** Set when `content` is an earlier version than `version`, which did not open. */
  unreadable?: UnreadableStoredVersion;
}

export interface ContentLifecycleOptions<C, Op extends NamedOperation> {
  domain: ContentDomain<C, Op>;
  transport: ContentTransport;
  codec: ContentCodec;
  /** The signed-in member's user name: the `by` of every operation of this tab. */
  author: string;
  /** Ids and times of new operations and default content; defaults to the clock and `crypto.randomUUID()`. */
  context?: ContentContext;
  /**
   * The member's interface language when the tool has no content yet: its default content is
   * written in it (titles, phase names, welcome texts). Absent: the context's language, else
   * English.
   */
  language?: () => ContentLanguage;
  /** How long another member's pending change is shown without its save arriving, in ms. */
  pendingTtlMs?: number;
  /**
   * The cache and queue of this tool for working offline; without it a failed save is `failed` and
   * a load without the server is an error, as before.
   */
  offline?: OfflineStore;
  /**
   * Whether the browser believes it is online (`navigator.onLine`): when false, a save without an
   * answer is not sent again before it is queued. Absent: always resent.
   */
  online?: () => boolean;
}

/** Default of {@link ContentLifecycleOptions.pendingTtlMs}: a save that has not landed by then failed. */
export const PENDING_TTL_MS = 10_000;
/** How many applied operation ids a lifecycle remembers, to ignore a late pending of one. */
const REMEMBERED_OPERATION_IDS = 256;

/** Another member's change in flight (content_pending): shown on top until its save arrives. */
interface PendingChange {
  baseVersion: number;
  operations: readonly Operation[];
  expiresAt: number;
}

/**
 * The state before anything is loaded: what a lifecycle starts with, and what a screen shows
 * while it has none (no session yet). Never changed in place (the lifecycle replaces its state).
 */
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

/** The lifecycle of one tool's content in one tab. See the module comment. */
export class ContentLifecycle<C, Op extends NamedOperation> {
  private state: ContentState<C> = INITIAL_CONTENT_STATE;
  private confirmed: Confirmed<C> = { content: null, version: 0 };
  /** The inverses of this tab's saved changes, the latest last. */
  private undoStack: PatchOperation[] = [];
  /** The inverses of the changes undone since this tab's last new change, the latest last. */
  private redoStack: PatchOperation[] = [];
  /** What this tab shows before others' pending changes are laid over it. */
  private base: C | null = null;
  private pending: PendingChange[] = [];
  private pendingTimer: ReturnType<typeof setTimeout> | null = null;
  /** Ids of operations this tab made or applied lately (a pending one of them is not shown again). */
  private readonly knownIds = new Set<string>();
  private readonly pendingTtlMs: number;
  private readonly listeners = new Set<() => void>();
  private readonly operationListeners = new Set<RemoteOperationListener<C>>();
  /** The latest stored changes this tab applied as operations, oldest first (who changed what). */
  private recent: AppliedChange<C>[] = [];
  private queue: Promise<unknown> = Promise.resolve();
  private queuedReload: QueuedRefresh | null = null;
  private disposed = false;
  private readonly domain: ContentDomain<C, Op>;
  private readonly transport: ContentTransport;
  private readonly codec: ContentCodec;
  private readonly context: ContentContext;
  private readonly language: (() => ContentLanguage) | undefined;
  private readonly author: string;
  private readonly offline: OfflineStore | undefined;
  private readonly online: (() => boolean) | undefined;
  /** The offline queue, oldest first; read from the store on the first load. */
  private queued: Queued[] = [];
  private unapplied: UnappliedOperation[] = [];
  /** The first load's read of the offline queue (restoreQueue); null before it. Cache writes wait for it. */
  private queueRead: Promise<unknown> | null = null;
  /** The ids of the queued changes being replayed now (shown by the save, not by the overlay). */
  private readonly replaying = new Set<string>();
  /** Ids of operations found stored on the server lately (a queued one among them is in). */
  private readonly storedIds = new Set<string>();
  /** The newest version this tab has put into the cache. */
  private cachedVersion = 0;
  private cacheTimer: ReturnType<typeof setTimeout> | null = null;
  // Saves of operations alone since this tab's last snapshot upload, and the upload's timer.
  private withoutSnapshot = 0;
  private snapshotTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(options: ContentLifecycleOptions<C, Op>) {
    this.domain = options.domain;
    this.author = options.author;
    this.transport = options.transport;
    this.codec = options.codec;
    this.pendingTtlMs = options.pendingTtlMs ?? PENDING_TTL_MS;
    this.language = options.language;
    this.offline = options.offline;
    this.online = options.online;
    this.context = options.context ?? {
      now: () => new Date().toISOString(),
      newId: () => crypto.randomUUID(),
    };
  }

  /** The current state (a new object after every change, so React can compare by identity). */
  getState = (): ContentState<C> => this.state;

  /** Calls `listener` after every state change; returns the unsubscribe function. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /**
   * Calls `listener` with each stored operation this tab applies from the server (others'
   * changes caught up from a content_update or the changes since a version; also what a 409
   * brings), with the content before and after it and the member the server recorded as its
   * author (null when not told) — the member's own client deciding what to tell them
   * (notifications). Not for pending proposals nor snapshot loads. Returns the unsubscribe
   * function. An operation may be reported again when it is fetched twice.
   */
  onRemoteOperation = (listener: RemoteOperationListener<C>) => {
    this.operationListeners.add(listener);
    return () => {
      this.operationListeners.delete(listener);
    };
  };

  /** Stops notifying; queued work still settles but changes nothing visible. */
  dispose(): void {
    this.disposed = true;
    this.listeners.clear();
    this.operationListeners.clear();
    if (this.pendingTimer) clearTimeout(this.pendingTimer);
    if (this.cacheTimer) clearTimeout(this.cacheTimer);
    // The screen goes; the content of its last saves still reaches the server and the cache.
    void this.uploadSnapshot();
  }

  /**
   * Uploads the snapshot of this tab's saves of operations alone now, instead of after
   * {@link SNAPSHOT_QUIET_MS} (the page is being hidden or closed). Best effort; resolves when
   * done or when there is nothing to upload.
   */
  flushSnapshot(): Promise<void> {
    return this.uploadSnapshot();
  }

  // After a save of operations alone: the snapshot follows once enough such saves were made, or
  // once this tab has been quiet for a while.
  private snapshotDue(): void {
    this.withoutSnapshot++;
    if (this.snapshotTimer) clearTimeout(this.snapshotTimer);
    this.snapshotTimer = null;
    if (this.withoutSnapshot >= SNAPSHOT_AFTER_SAVES) {
      void this.uploadSnapshot();
      return;
    }
    this.snapshotTimer = setTimeout(() => void this.uploadSnapshot(), SNAPSHOT_QUIET_MS);
  }

  // Encrypts the confirmed content and uploads it as the snapshot of its version, and keeps it
  // as the offline cache. A failed upload is left to the next one: the operations are stored.
  private async uploadSnapshot(): Promise<void> {
    if (this.snapshotTimer) clearTimeout(this.snapshotTimer);
    this.snapshotTimer = null;
    const { content, version } = this.confirmed;
    if (this.withoutSnapshot === 0 || content === null) return;
    this.withoutSnapshot = 0;
    try {
      const envelope = await this.codec.encrypt(content);
      this.cache(envelope, version);
      await this.transport.snapshot?.(version, envelope);
    } catch {
      // Best effort: the next save of operations alone schedules another.
    }
  }

  // Whether a save on `baseVersion` with `operations` may leave the content out.
  private operationsAlone(baseVersion: number, operations: readonly string[] | undefined) {
    return baseVersion > 0 && operations !== undefined && this.transport.snapshot !== undefined;
  }

  /** Forgets the reported unapplied changes (the member has read them); resolves when stored. */
  async dismissUnapplied(): Promise<void> {
    this.unapplied = [];
    this.setState({});
    await this.offline?.clearUnapplied().catch(() => undefined);
  }

  /**
   * The fields of an unapplied change (made offline, an edit with its `from` values) that
   * teammates changed since, as they are stored now; null when it is no such edit or it applies
   * again. What the member chooses from with {@link resolveUnapplied}.
   */
  unappliedConflict(id: string): readonly FieldConflict[] | null {
    const entry = this.unapplied.find((item) => item.id === id);
    const current = this.local(this.confirmed.content);
    if (!entry?.operation || current === null) return null;
    try {
      this.domain.apply(current, entry.operation);
      return null;
    } catch (error) {
      return isEditConflict(error) && isFieldEdit(entry.operation.args) ? error.conflicts : null;
    }
  }

  /**
   * Saves an unapplied edit the way the member chose for each conflicting field (`choices`,
   * see `resolveEdit` of `@cipherspace/tools`): fields settled 'theirs' leave it, the others now
   * go from the stored value to theirs. Saved → it leaves the report. Results as {@link perform}.
   */
  resolveUnapplied(id: string, choices: Readonly<Record<string, ConflictChoice>>) {
    return this.enqueue(async (): Promise<PerformResult<C>> => {
      const entry = this.unapplied.find((item) => item.id === id);
      if (!entry?.operation || !isFieldEdit(entry.operation.args))
        return { status: 'rejected', error: new Error('No such change') };
      const { name, args } = entry.operation;
      const conflicts = this.unappliedConflict(id) ?? [];
      const edit = resolveEdit(args, conflicts, choices);
      const result = isEmptyEdit(edit)
        ? { status: 'saved' as const, content: this.confirmed.content as C }
        : await this.performNow({ ...args, type: name, ...edit } as unknown as Op, {}, 'change');
      if (result.status === 'saved') await this.forgetUnapplied(id);
      return result;
    });
  }

  /** Takes one change off the unapplied report (and the store's copy of it). */
  private async forgetUnapplied(id: string): Promise<void> {
    this.unapplied = this.unapplied.filter((item) => item.id !== id);
    this.setState({});
    const offline = this.offline;
    if (!offline) return;
    try {
      const kept = (await offline.readUnapplied()).filter((item) => item.id !== id);
      await offline.clearUnapplied();
      for (const item of kept) await offline.addUnapplied(item);
    } catch {
      // The report comes back after a reload; resolving it again changes nothing.
    }
  }

  /**
   * Another member announced a change in flight (content_pending): `operations` (encrypted) on top
   * of `baseVersion`. Shown at once on top of this tab's content — not through the queue, so
   * neither a save nor a reload of this tab delays it — until the save that stores it arrives (its
   * operations are applied then and this overlay dropped), a snapshot newer than `baseVersion`
   * replaces it, or PENDING_TTL_MS passes without it. An operation that does not open or apply is
   * left out; nothing here is ever saved.
   */
  async remotePending(baseVersion: number, operations: readonly string[]): Promise<void> {
    if (!this.codec.decryptOperation || operations.length === 0) return;
    let parsed: Operation[];
    try {
      parsed = await Promise.all(operations.map((envelope) => this.openOperation(envelope)));
    } catch {
      return;
    }
    if (this.disposed || parsed.some((operation) => this.knownIds.has(operation.id))) return;
    if (this.confirmed.version > baseVersion + MAX_SAVE_ATTEMPTS) return;
    this.pending.push({
      baseVersion,
      operations: parsed,
      expiresAt: Date.now() + this.pendingTtlMs,
    });
    this.schedulePendingExpiry();
    this.setState({});
  }

  /**
   * Decrypts and parses one operation envelope. Rejects with DecryptError (wrong key, tampered)
   * or the operation format's error; with no operation channel, as an envelope that does not open.
   */
  private async openOperation(envelope: string): Promise<Operation> {
    if (!this.codec.decryptOperation) throw new Error('No operation channel');
    return parseOperationFor(this.domain, await this.codec.decryptOperation(envelope));
  }

  /** Drops pending changes whose time is up, and wakes up again for the next one. */
  private schedulePendingExpiry(): void {
    if (this.pendingTimer) clearTimeout(this.pendingTimer);
    this.pendingTimer = null;
    const next = Math.min(...this.pending.map((change) => change.expiresAt));
    if (!Number.isFinite(next)) return;
    this.pendingTimer = setTimeout(
      () => {
        const now = Date.now();
        const before = this.pending.length;
        this.pending = this.pending.filter((change) => change.expiresAt > now);
        this.schedulePendingExpiry();
        if (this.pending.length !== before) this.setState({});
      },
      Math.max(0, next - Date.now()),
    );
  }

  /** Remembers operation ids this tab made or applied (bounded). */
  private remember(ids: Iterable<string>): void {
    for (const id of ids) {
      this.knownIds.delete(id);
      this.knownIds.add(id);
    }
    for (const id of this.knownIds) {
      if (this.knownIds.size <= REMEMBERED_OPERATION_IDS) break;
      this.knownIds.delete(id);
    }
  }

  /**
   * Drops the pending changes a newly confirmed version settles: those whose operations it
   * applied (`appliedIds`), or — for a snapshot, whose operations are unknown — every one based
   * on an older version (it is in there, or it will come again on top of it).
   */
  private settlePending(version: number, appliedIds: ReadonlySet<string> | null): void {
    if (this.pending.length === 0) return;
    this.pending = this.pending.filter((change) =>
      appliedIds
        ? !change.operations.some((operation) => appliedIds.has(operation.id))
        : change.baseVersion >= version,
    );
    this.schedulePendingExpiry();
  }

  /**
   * Loads the content (creating and saving the default when there is none). While content is
   * already shown it stays visible and is replaced when the new version arrives; on a first
   * load a failure leads to status 'error' (retry with `load()` again). Reloads requested
   * while one is waiting in the queue are merged into it.
   */
  load(): Promise<void> {
    return this.reload(null);
  }

  /**
   * Brings the content up to date after missed updates (a reconnect): by the operations recorded
   * since this tab's version when the server has them all, else like {@link load}. Merged into a
   * refresh already waiting.
   */
  refresh(): Promise<void> {
    return this.reload(null, this.confirmed.content === null);
  }

  /**
   * A remote update announced `version` (spec §3 content_update). Catches up when it is newer
   * than what this tab has (checked again when its turn comes, so a save of this tab that
   * already caught up makes it a no-op): by applying the change's operations — inline ones at
   * once when this tab holds `baseVersion`, else those of changes-since — and by loading the
   * snapshot only for a replacement, a gap beyond the server's bound, or anything that does not
   * apply. Deleted content (version 0) is loaded again. The echo of this tab's own saves is
   * ignored.
   */
  remoteUpdate(version: number, change: RemoteChange = {}): Promise<void> {
    if (version !== 0 && version <= this.confirmed.version) return Promise.resolve();
    if (version === 0) return this.reload(null, true, null);
    const inline =
      change.kind === 'operations' && change.operations && change.baseVersion === version - 1
        ? { version, operations: change.operations, modifiedBy: change.modifiedBy }
        : null;
    const loaded = this.reload(version, change.kind === 'replacement', inline);
    const madeFrom = change.baseVersion;
    if (change.kind !== 'replacement' || madeFrom === undefined || madeFrom >= version - 1)
      return loaded;
    return loaded.then(() => this.enqueue(() => this.reapplyAfterReplacement(madeFrom, version)));
  }

  /**
   * A replacement of version `replaced` was made from the older version `madeFrom` (a spec-only
   * client's PUT of the envelope it got): the operations of the versions in between are not in
   * it. Applies them again on top of it, in order, leaving out any that no longer apply, and
   * saves them as the next versions (at most REPLAY_BATCH_MAX per save). Another member doing
   * the same first wins: a 409 ends it, and their version comes as a content_update.
   */
  private async reapplyAfterReplacement(madeFrom: number, replaced: number): Promise<void> {
    if (this.confirmed.version !== replaced || !this.codec.decryptOperation) return;
    const answer = await this.transport.changes?.(madeFrom).catch(() => null);
    if (!answer || answer.tooFarBehind) return;
    const envelopes = answer.changes
      .filter((change) => change.version < replaced && change.kind === 'operations')
      .flatMap((change) => change.operations ?? []);
    for (let start = 0; start < envelopes.length; start += REPLAY_BATCH_MAX) {
      const { content, version } = this.confirmed;
      if (content === null) return;
      let next: C = content;
      const kept: string[] = [];
      let lastAt = this.context.now();
      for (const envelope of envelopes.slice(start, start + REPLAY_BATCH_MAX)) {
        try {
          const operation = await this.openOperation(envelope);
          const applied = this.domain.apply(next, operation);
          if (applied === next || this.domain.validate(applied).length > 0) continue;
          next = applied;
          lastAt = operation.at;
          kept.push(envelope);
        } catch {
          // It no longer applies on the replacement: left out, as a 409 re-apply would.
        }
      }
      if (kept.length === 0) continue;
      const stamped = this.domain.stamp(next, { version: version + 1, lastModified: lastAt });
      try {
        const alone = this.operationsAlone(version, kept);
        const envelope = alone ? null : await this.codec.encrypt(stamped);
        const saved = await this.saveOnce(envelope, version, kept);
        this.confirm({ content: stamped, version: saved });
        if (envelope === null) this.snapshotDue();
        else this.cache(envelope, saved);
      } catch {
        // Someone else applied them first (409), or the server cannot be reached: their
        // content_update, or the next load, brings the result.
        return;
      }
    }
  }

  /**
   * Queues a refresh; with `onlyBelow` it is skipped if this tab has reached that version by the
   * time it runs. `snapshot` forces loading the whole document; otherwise the operations since
   * this tab's version are tried first. A request while one is waiting is merged into it (an
   * unconditional or snapshot request wins; inline operations are then fetched instead).
   */
  private reload(
    onlyBelow: number | null,
    snapshot = true,
    inline: InlineChange | null = null,
  ): Promise<void> {
    const queued = this.queuedReload;
    if (queued) {
      queued.onlyBelow =
        onlyBelow === null || queued.onlyBelow === null
          ? null
          : Math.max(onlyBelow, queued.onlyBelow);
      queued.snapshot ||= snapshot;
      queued.inline = null;
      return queued.done;
    }
    const request: QueuedRefresh = { onlyBelow, snapshot, inline, done: Promise.resolve() };
    this.queuedReload = request;
    request.done = this.enqueue(async () => {
      this.queuedReload = null;
      // The first load fetches, opens and shows the content while the offline queue is read:
      // reading it (IndexedDB and the tool's Web Lock) took 30–70 ms of the first render of a page
      // opened by its address. The queue, empty but after offline work, is laid over the content
      // once read (restoreQueue).
      const first =
        request.snapshot && this.queueRead === null
          ? this.fetchLatest().then((latest) => this.confirm(latest))
          : null;
      first?.catch(() => undefined);
      await this.restoreQueue();
      if (first === null) {
        if (request.onlyBelow !== null && this.confirmed.version >= request.onlyBelow) return;
        if (!request.snapshot && (await this.catchUp(request.inline, request.onlyBelow))) {
          await this.replayQueued();
          return;
        }
        if (this.state.status === 'error') this.setState({ status: 'loading', loadError: null });
      }
      try {
        await (first ?? this.fetchLatest().then((latest) => this.confirm(latest)));
      } catch (error) {
        if (isUnreachable(error)) {
          // Offline: a first load opens the cached ciphertext.
          if (this.state.status !== 'loaded' && (await this.openCached())) return;
          if (this.state.status === 'loaded') this.setState({ offline: true });
        }
        // Content already on screen stays usable when a background reload fails.
        if (this.state.status === 'loaded') return;
        this.setState({ status: 'error', loadError: error });
        return;
      }
      await this.replayQueued();
    });
    return request.done;
  }

  /**
   * Reads the offline queue and the unapplied report from the store, once (the first load):
   * queued changes whose envelope no longer opens are reported as unapplied, never dropped.
   */
  private async restoreQueue(): Promise<void> {
    if (this.queueRead !== null) return;
    if (!this.offline) {
      this.queueRead = Promise.resolve();
      return;
    }
    const reading = Promise.all([
      this.offline.readQueue().catch(() => []),
      this.offline.readUnapplied().catch(() => []),
    ]);
    this.queueRead = reading;
    const [queue, unapplied] = await reading;
    for (const entry of unapplied) {
      const operation = await this.openOperation(entry.operation).catch(() => null);
      this.unapplied.push({ id: entry.id, operation, reason: entry.reason });
    }
    for (const change of queue) {
      try {
        this.queued.push({ change, operation: await this.openOperation(change.operation) });
        this.remember([change.id]);
      } catch {
        await this.reportUnapplied(change, null, 'rejected');
      }
    }
    this.setState({});
  }

  /**
   * Shows the cached content of this tool, decrypted; false when there is none or it does not open
   * (then the load error stays).
   */
  private async openCached(): Promise<boolean> {
    if (!this.offline) return false;
    try {
      const cached = await this.offline.readContent();
      if (!cached) return false;
      const content = this.domain.parse(await this.codec.decrypt(cached.encryptedData));
      this.confirmed = { content, version: cached.version };
      this.cachedVersion = Math.max(this.cachedVersion, cached.version);
      this.setState({
        status: 'loaded',
        content,
        version: cached.version,
        loadError: null,
        saving: false,
        offline: true,
      });
      return true;
    } catch {
      return false;
    }
  }

  /** Puts a stored envelope of `version` into the offline cache (best effort). */
  private cache(encryptedData: string, version: number): void {
    const offline = this.offline;
    if (!offline || version < this.cachedVersion) return;
    this.cachedVersion = version;
    // After the first load's reads of the queue: a write of a large envelope holds them up.
    void (this.queueRead ?? Promise.resolve())
      .then(() => offline.writeContent({ encryptedData, version }))
      .catch(() => undefined);
  }

  /**
   * After catching up by operations (no envelope of the new version arrived), encrypts the
   * confirmed content for the cache — once things are quiet (1 s), newest version only.
   */
  private scheduleCacheSnapshot(): void {
    if (!this.offline || this.cacheTimer) return;
    this.cacheTimer = setTimeout(() => {
      this.cacheTimer = null;
      const { content, version } = this.confirmed;
      if (content === null || version <= this.cachedVersion || this.disposed) return;
      this.codec
        .encrypt(content)
        .then((envelope) => this.cache(envelope, version))
        .catch(() => undefined);
    }, 1_000);
  }

  /**
   * Queues `operation` (made on the local content `before`, giving `after`) in the offline store as
   * its op1 envelope, based on the confirmed version, and shows it on top. `failed` when it cannot
   * be queued (no store, no operation envelope, a storage error).
   */
  private async queueChange(
    operation: Operation,
    sealed: () => Promise<readonly string[] | undefined>,
    kind: ChangeKind,
    before: C,
    after: C,
    cause: unknown,
  ): Promise<PerformResult<C>> {
    const envelope = this.offline ? (await sealed().catch(() => undefined))?.[0] : undefined;
    if (!this.offline || envelope === undefined) {
      this.setState({ content: this.confirmed.content, saving: false, offline: true });
      return { status: 'failed', error: cause };
    }
    const change: QueuedChange = {
      id: operation.id,
      baseVersion: this.confirmed.version,
      operation: envelope,
    };
    try {
      await this.offline.appendQueued(change);
    } catch (error) {
      this.setState({ content: this.confirmed.content, saving: false });
      return { status: 'failed', error };
    }
    this.queued.push({ change, operation });
    this.record(kind, before, after);
    this.setState({ content: this.confirmed.content, saving: false, offline: true });
    return { status: 'saved', content: after, queued: true };
  }

  /** Reports a queued change that cannot be applied: stored first, then taken off the queue. */
  private async reportUnapplied(
    change: QueuedChange,
    operation: Operation | null,
    reason: UnappliedChange['reason'],
    by?: string | null,
  ): Promise<void> {
    this.unapplied.push({ id: change.id, operation, reason, ...(by ? { by } : {}) });
    await this.offline
      ?.addUnapplied({ id: change.id, operation: change.operation, reason })
      .catch(() => undefined);
    await this.offline?.removeQueued(change.id).catch(() => undefined);
  }

  /**
   * Replays the offline queue in order through the save path of a new change, based on the version
   * each was queued on: saved → off the queue; no longer applies → reported as unapplied; the
   * server still unreachable (or failing) → stops, the rest waits for next time.
   */
  private async replayQueued(): Promise<void> {
    await this.findStoredQueued();
    while (this.queued.length > 0 && !this.disposed) {
      // Many at once while they all apply: one snapshot (one key derivation, one upload) for up
      // to REPLAY_BATCH_MAX changes instead of one each.
      const batched = await this.replayBatch();
      if (batched === 'saved') continue;
      if (batched === 'failed') return;
      const [item] = this.queued;
      if (!item) return;
      let result: PerformResult<C>;
      if (this.storedIds.has(item.change.id)) {
        result = { status: 'saved', content: this.confirmed.content as C };
      } else {
        this.replaying.add(item.change.id);
        try {
          result = await this.commit(
            item.operation,
            () => Promise.resolve([item.change.operation]),
            { basedOn: item.change.baseVersion },
            'replay',
          );
        } finally {
          this.replaying.delete(item.change.id);
        }
      }
      if (result.status === 'failed') {
        this.setState({ content: this.confirmed.content, offline: isUnreachable(result.error) });
        return;
      }
      this.queued.shift();
      if (result.status === 'saved') {
        await this.offline?.removeQueued(item.change.id).catch(() => undefined);
      } else {
        const by = result.status === 'conflict' ? result.by : undefined;
        await this.reportUnapplied(item.change, item.operation, result.status, by);
      }
      this.setState({ content: this.confirmed.content });
    }
  }

  /**
   * Before a replay: which queued changes the server stored already (exactly once). A replay of the
   * same queue elsewhere — the offline sync worker, another tab — or a save whose answer was lost
   * may have stored one, and a content loaded whole tells no operation ids: so the ids recorded
   * since the oldest queued change's base version are read (their envelopes opened, nothing
   * applied) into {@link storedIds}. Best effort: without an operation channel, or past the
   * server's bound, the replay relies on the 409s of its saves as before.
   */
  private async findStoredQueued(): Promise<void> {
    const oldest = Math.min(...this.queued.map((item) => item.change.baseVersion));
    if (!this.codec.decryptOperation || !(oldest < this.confirmed.version)) return;
    try {
      const answer = await this.transport.changes?.(oldest);
      if (!answer || answer.tooFarBehind) return;
      const waiting = new Set(this.queued.map((item) => item.change.id));
      for (const change of answer.changes)
        for (const envelope of change.operations ?? []) {
          const { id } = await this.openOperation(envelope);
          if (waiting.has(id)) this.storedIds.add(id);
        }
    } catch {
      // The saves' 409s still tell a stored change.
    }
  }

  /**
   * Saves the changes at the head of the offline queue (up to {@link REPLAY_BATCH_MAX}) in one save
   * carrying all their operations, on the latest version (re-applied after a 409, like a single
   * change). 'saved': they are stored and off the queue. 'failed': the server could not be
   * reached or failed; the queue waits. 'single': fewer than two to send, or one of them does not
   * apply, makes the result invalid or was stored already — the one-by-one replay then settles
   * each, reporting exactly which no longer applies.
   */
  private async replayBatch(): Promise<'saved' | 'failed' | 'single'> {
    const batch: Queued[] = [];
    for (const item of this.queued.slice(0, REPLAY_BATCH_MAX)) {
      if (this.storedIds.has(item.change.id)) break;
      batch.push(item);
    }
    if (batch.length < 2 || this.confirmed.content === null) return 'single';
    let base: Confirmed<C> & { content: C } = {
      ...this.confirmed,
      content: this.confirmed.content,
    };
    for (const item of batch) this.replaying.add(item.change.id);
    try {
      for (let attempt = 0; attempt < MAX_SAVE_ATTEMPTS; attempt++) {
        let next = base.content;
        try {
          for (const item of batch) next = this.domain.apply(next, item.operation);
        } catch {
          return 'single';
        }
        if (next === base.content || this.domain.validate(next).length > 0) return 'single';
        const last = batch[batch.length - 1]?.operation.at ?? this.context.now();
        const stamped = this.domain.stamp(next, { version: base.version + 1, lastModified: last });
        this.setState({ content: stamped, saving: true });
        try {
          const operations = batch.map((item) => item.change.operation);
          const alone = this.operationsAlone(base.version, operations);
          const envelope = alone ? null : await this.codec.encrypt(stamped);
          const saved = await this.saveOnce(envelope, base.version, operations);
          this.confirm({ content: stamped, version: saved });
          if (envelope === null) this.snapshotDue();
          else this.cache(envelope, saved);
          this.queued.splice(0, batch.length);
          for (const item of batch)
            await this.offline?.removeQueued(item.change.id).catch(() => undefined);
          this.setState({ content: this.confirmed.content });
          return 'saved';
        } catch (error) {
          if (!(error instanceof VersionConflictError)) {
            this.setState({
              content: this.confirmed.content,
              saving: false,
              offline: isUnreachable(error),
            });
            return 'failed';
          }
        }
        // Someone saved first: catch up and apply the same changes to the latest version.
        try {
          const caught = await this.catchUpAfterConflict(base);
          base = caught.latest;
          if (batch.some((item) => caught.appliedIds?.has(item.change.id))) return 'single';
        } catch (error) {
          this.setState({
            content: this.confirmed.content,
            saving: false,
            offline: isUnreachable(error),
          });
          return 'failed';
        }
      }
      return 'single';
    } finally {
      for (const item of batch) this.replaying.delete(item.change.id);
    }
  }

  /**
   * After a 409 on a save based on `base`: confirms the latest stored content — `base` caught up
   * with the operations since it when they are enough, else the snapshot — and returns it, with
   * the ids of the changes those operations brought (null after a snapshot: unknown). Throws
   * what loading the snapshot throws (e.g. the server cannot be reached).
   */
  private async catchUpAfterConflict(
    base: Confirmed<C> & { content: C },
  ): Promise<{ latest: Confirmed<C> & { content: C }; appliedIds: ReadonlySet<string> | null }> {
    const caught = await this.operationsSince(base).catch(() => null);
    const latest = caught ?? (await this.fetchLatest());
    const appliedIds = caught ? caught.appliedIds : null;
    this.confirm(latest, true, appliedIds);
    return { latest: { ...latest, content: latest.content }, appliedIds };
  }

  /**
   * Brings the confirmed content up to at least `target` with operations alone; true when it
   * did. Any failure (a gap, a replacement, an envelope that does not open, an operation that
   * does not apply) leaves everything as it was and answers false: the snapshot then decides.
   */
  private async catchUp(inline: InlineChange | null, target: number | null): Promise<boolean> {
    const { content } = this.confirmed;
    if (content === null || this.state.status !== 'loaded') return false;
    try {
      const caught = await this.operationsSince({ ...this.confirmed, content }, inline);
      if (caught === null || (target !== null && caught.version < target)) return false;
      if (caught.version !== this.confirmed.version) this.confirm(caught, false, caught.appliedIds);
      return true;
    } catch {
      return false;
    }
  }

  /**
   * `base` with the changes after its version applied: the `inline` ones when they follow
   * `base` directly, else those the server recorded since. Null when operations cannot bring it
   * up to date (no operation channel, too far behind, a replacement, an empty change). Throws
   * when an envelope does not open or an operation does not apply. `notify` false: the
   * remote-operation listeners are not told (a load catching its envelope up).
   */
  private async operationsSince(
    base: Confirmed<C> & { content: C },
    inline: InlineChange | null = null,
    notify = true,
  ): Promise<(Confirmed<C> & { content: C; appliedIds: Set<string> }) | null> {
    if (!this.codec.decryptOperation) return null;
    let changes: readonly StoredChange[];
    if (inline?.version === base.version + 1) {
      changes = [
        {
          version: inline.version,
          kind: 'operations',
          operations: inline.operations,
          ...(inline.modifiedBy === undefined ? {} : { modifiedBy: inline.modifiedBy }),
        },
      ];
    } else {
      const answer = await this.transport.changes?.(base.version);
      if (!answer || answer.tooFarBehind) return null;
      changes = answer.changes;
    }
    let { content, version } = base;
    const appliedIds = new Set<string>();
    const applied: AppliedChange<C>[] = [];
    for (const change of changes) {
      if (change.version !== version + 1) return null;
      if (change.kind !== 'operations' || !change.operations?.length) return null;
      let last: Operation | null = null;
      const first = content;
      const by = change.modifiedBy ?? null;
      for (const envelope of change.operations) {
        last = await this.openOperation(envelope);
        const before = content;
        content = this.domain.apply(content, last);
        appliedIds.add(last.id);
        if (notify)
          for (const listener of this.operationListeners) listener(last, before, content, by);
      }
      if (last === null) return null;
      applied.push({ version: change.version, by, before: first, after: content });
      content = this.domain.stamp(content, { version: change.version, lastModified: last.at });
      version = change.version;
    }
    this.recent = [...this.recent, ...applied].slice(-RECENT_CHANGES);
    return { content, version, appliedIds };
  }

  /**
   * Applies `operation`, validates and saves the result, re-applying it to the latest version
   * after each 409 (up to {@link MAX_SAVE_ATTEMPTS}). The change shows at once and is reverted
   * when it cannot be saved. Never throws; see {@link PerformResult}.
   *
   * `basedOn`: the version the user was looking at when they started the change (a form opened,
   * a confirmation shown). When the content has moved on since then and the operation no longer
   * applies — the card was deleted meanwhile — the result is `conflict`, not `rejected`: the
   * user's view was stale, not their input wrong.
   */
  perform(operation: Op, options: PerformOptions = {}): Promise<PerformResult<C>> {
    return this.enqueue(() => this.performNow(operation, options, 'change'));
  }

  /**
   * Undoes this tab's latest saved change that is not undone yet: applies its inverse
   * (`@cipherspace/tools`' `inverse`, taken when the change was saved) as a new operation, so
   * others see the undo live and can undo it in turn, and it can be redone. Only what is still
   * as the change left it is reverted (the tool's `undoOf`): whatever teammates did elsewhere
   * does not matter, and a part a teammate changed since stays as they left it — counted in the
   * result's `leftAlone`. When nothing of it can be reverted the result is `conflict` with the
   * tool's error saying what changed, and the change is dropped from the undo list. A save that
   * failed (network) keeps it for another try. Resolves `rejected` with
   * {@link NothingToUndoError} when there is nothing to undo; never throws.
   */
  undo(): Promise<PerformResult<C>> {
    return this.enqueue(() => this.replay('undo'));
  }

  /** Redoes the latest undone change (see {@link undo}); `rejected` with NothingToUndoError when none. */
  redo(): Promise<PerformResult<C>> {
    return this.enqueue(() => this.replay('redo'));
  }

  /**
   * Makes `content` (an earlier version, rebuilt from the history) the current content again, as
   * one new change that turns what is stored now into it — so every member sees the restore live
   * and it can be undone like any change. Results as {@link perform}.
   */
  restore(content: C): Promise<PerformResult<C>> {
    return this.enqueue(async () => {
      const current = this.confirmed.content;
      if (current === null) return { status: 'rejected', error: new Error('No content loaded') };
      const stamped = this.domain.stamp(content, {
        version: this.confirmed.version,
        lastModified: this.lastModifiedOf(current),
      });
      return this.performNow(this.domain.patchBetween(current, stamped), {}, 'change');
    });
  }

  private async replay(kind: 'undo' | 'redo'): Promise<PerformResult<C>> {
    const stack = kind === 'undo' ? this.undoStack : this.redoStack;
    const inverse = stack.pop();
    this.setState({});
    if (inverse === undefined) return { status: 'rejected', error: new NothingToUndoError() };
    const current = this.local(this.confirmed.content);
    if (current === null) return { status: 'rejected', error: new Error('No content loaded') };
    // Reverts what is still as this member's change left it; a teammate's later change stays.
    let undo: ReturnType<ContentDomain<C, Op>['undoOf']>;
    try {
      undo = this.domain.undoOf(current, inverse);
    } catch (error) {
      return { status: 'conflict', error };
    }
    // Counted again on the version it lands on (a 409 brings what this tab had not seen).
    const result = await this.performNow(undo.operation, {}, kind, (base) => {
      undo = this.domain.undoOf(base, inverse);
    });
    // Not stored for a reason another try may not have (offline, server busy): keep it.
    if (result.status === 'failed') {
      stack.push(inverse);
      this.setState({});
    }
    if (result.status === 'saved' && undo.leftAlone.length > 0)
      return { ...result, leftAlone: undo.leftAlone.length };
    return result;
  }

  /** Remembers the inverse of a change this tab saved (`before` → `after`) for undo or redo. */
  private record(kind: ChangeKind, before: C, after: C): void {
    if (kind === 'replay') return;
    const inverse = this.domain.inverse(before, after);
    if (kind === 'undo') {
      this.redoStack.push(inverse);
    } else {
      if (kind === 'change') this.redoStack = [];
      this.undoStack.push(inverse);
      if (this.undoStack.length > UNDO_LIMIT) this.undoStack.shift();
    }
  }

  /** The `lastModified` a content carries (stamped by every save), or the epoch when none. */
  private lastModifiedOf(content: C): string {
    const value = (content as { lastModified?: unknown }).lastModified;
    return typeof value === 'string' ? value : new Date(0).toISOString();
  }

  private async performNow(
    operation: Op | PatchOperation,
    options: PerformOptions,
    kind: ChangeKind,
    check?: (base: C) => void,
  ): Promise<PerformResult<C>> {
    if (this.confirmed.content === null)
      return { status: 'rejected', error: new Error('No content loaded') };
    let serialised: Operation;
    try {
      serialised = this.domain.createOperation(operation, this.stamp());
    } catch (error) {
      return { status: 'rejected', error };
    }
    return this.commit(serialised, null, options, kind, check);
  }

  /**
   * Applies, validates and saves the serialised `operation` (see {@link perform}); `presealed`
   * gives its op1 envelope when it is encrypted already (a queued change). While changes wait in
   * the offline queue, a new one joins the queue; a save that cannot reach the server queues it.
   * `check` runs on each version the operation is applied to and throws when it should not be (an
   * undo with nothing left to revert there).
   */
  private async commit(
    serialised: Operation,
    presealed: (() => Promise<readonly string[] | undefined>) | null,
    options: PerformOptions,
    kind: ChangeKind,
    check?: (base: C) => void,
  ): Promise<PerformResult<C>> {
    if (this.confirmed.content === null)
      return { status: 'rejected', error: new Error('No content loaded') };
    // Encrypted once: every attempt sends the same operation, whichever version it lands on.
    // One too long for the server (the undo or restore of a large change) is not sent: the
    // snapshot alone is saved, as a replacement the others load whole.
    let sealed: Promise<readonly string[] | undefined> | null = null;
    const sealedOperation =
      presealed ??
      (() =>
        (sealed ??= this.codec.encryptOperation
          ? this.codec
              .encryptOperation(serialised)
              .then((envelope) =>
                envelope.length <= OPERATION_ENVELOPE_MAX_CHARS ? [envelope] : undefined,
              )
          : Promise.resolve(undefined)));
    this.remember([serialised.id]);
    if (kind !== 'replay' && this.queued.length > 0) {
      // Changes are waiting: this one goes after them, on top of what they made.
      const local = this.local(this.confirmed.content);
      let next: C;
      try {
        next = this.domain.apply(local, serialised);
      } catch (error) {
        return { status: 'rejected', error };
      }
      if (next === local) return { status: 'saved', content: local };
      const problems = this.domain.validate(next);
      if (problems.length > 0)
        return { status: 'invalid', error: new ContentValidationError(problems) };
      const unreachable = new ServerUnreachableError();
      return this.queueChange(serialised, sealedOperation, kind, local, next, unreachable);
    }
    let base: Confirmed<C> & { content: C } = {
      ...this.confirmed,
      content: this.confirmed.content,
    };
    for (let attempt = 0; attempt < MAX_SAVE_ATTEMPTS; attempt++) {
      // Refused on content the user never saw: someone else's change is the cause.
      const stale =
        attempt > 0 || (options.basedOn !== undefined && options.basedOn !== base.version);
      let next: C;
      try {
        check?.(base.content);
        next = this.domain.apply(base.content, serialised);
      } catch (error) {
        // An edit that met a teammate's change to its fields is a conflict whatever version it
        // was started on: its `from` values say what the member saw.
        if (!stale && !isEditConflict(error)) return { status: 'rejected', error };
        this.setState({ saving: false });
        const by = isEditConflict(error) ? this.conflictAuthor(error, options.basedOn) : undefined;
        return { status: 'conflict', error, ...(by === undefined ? {} : { by }) };
      }
      // Nothing to change (e.g. the run was completed by someone else meanwhile): nothing to save.
      if (next === base.content) {
        this.setState({ saving: false });
        return { status: 'saved', content: base.content };
      }
      const problems = this.domain.validate(next);
      if (problems.length > 0) {
        const error = new ContentValidationError(problems);
        return { status: stale ? 'conflict' : 'invalid', error };
      }
      if (attempt === 0 && this.transport.propose) {
        // Others see the change while the snapshot is still being encrypted and uploaded: the
        // proposal leaves first (a small request the server relays at once), before this
        // screen renders it and before the snapshot work below.
        const operations = await sealedOperation().catch(() => undefined);
        if (operations) {
          this.transport.propose(base.version, operations).catch(() => undefined);
          await nextTask();
        }
      }
      const version = base.version + 1;
      const stamped = this.domain.stamp(next, { version, lastModified: serialised.at });
      this.setState({ content: stamped, saving: true });
      // This screen paints the change before the work of serialising and encrypting the whole
      // snapshot blocks the thread: 50–400 ms on a board of 5,000 cards, which the member who
      // made the change waited for (bench/RESULTS.md, 2026-12-05).
      await afterPaint();
      try {
        const operations = await sealedOperation();
        // The operations alone when they can go: the snapshot follows, coalesced.
        const alone = this.operationsAlone(base.version, operations);
        const envelope = alone ? null : await this.codec.encrypt(stamped);
        const saved = await this.saveOnce(envelope, base.version, operations);
        this.record(kind, base.content, next);
        this.confirm({ content: stamped, version: saved });
        if (envelope === null) this.snapshotDue();
        else this.cache(envelope, saved);
        return { status: 'saved', content: stamped };
      } catch (error) {
        if (!(error instanceof VersionConflictError)) {
          if (kind !== 'replay' && this.offline && isUnreachable(error))
            return this.queueChange(serialised, sealedOperation, kind, base.content, next, error);
          this.setState({ content: this.confirmed.content, saving: false });
          return { status: 'failed', error };
        }
      }
      // Someone saved first: catch up (with their operations when they are enough, else the
      // snapshot) and apply the same operation to the latest version.
      try {
        const caught = await this.catchUpAfterConflict(base);
        base = caught.latest;
        // Stored already: its first save landed but the answer was lost (a queued change).
        if (caught.appliedIds?.has(serialised.id)) {
          this.setState({ saving: false });
          return { status: 'saved', content: base.content };
        }
      } catch (error) {
        if (kind !== 'replay' && this.offline && isUnreachable(error)) {
          const local = base.content;
          const next = this.domain.apply(local, serialised);
          return this.queueChange(serialised, sealedOperation, kind, local, next, error);
        }
        this.setState({ content: this.confirmed.content, saving: false });
        return { status: 'failed', error };
      }
    }
    this.setState({ saving: false });
    return { status: 'conflict', error: new VersionConflictError() };
  }

  /**
   * The latest stored content, decrypted and checked; when the server has none, the default
   * content is created and saved (if another tab created it at the same moment, theirs wins).
   */
  private async fetchLatest(): Promise<Confirmed<C> & { content: C }> {
    for (let attempt = 0; attempt < MAX_SAVE_ATTEMPTS; attempt++) {
      const stored = await this.transport.load();
      if (stored) {
        let content: C;
        try {
          content = this.domain.parse(await this.codec.decrypt(stored.encryptedData));
        } catch (error) {
          // One bad save must not lock every member out: show the newest version that opens.
          const opened = await this.openEarlier(stored.version).catch(() => null);
          if (!opened) throw error;
          const unreadable = {
            version: stored.version,
            by: stored.modifiedBy ?? null,
            shownVersion: opened.version,
          };
          return { content: opened.content, version: stored.version, unreadable };
        }
        this.cache(stored.encryptedData, stored.version);
        if (stored.currentVersion !== undefined && stored.currentVersion > stored.version) {
          // Saves of operations alone came after the stored envelope: apply them.
          const caught = await this.operationsSince(
            { content, version: stored.version },
            null,
            false,
          ).catch(() => null);
          if (caught) return { content: caught.content, version: caught.version };
          // Too many to fetch as changes: the history rebuilds the current version in pages,
          // and this tab stores it whole so the next load is short.
          const rebuilt = await this.openKept(stored.currentVersion).catch(() => null);
          if (rebuilt?.version === stored.currentVersion) {
            this.withoutSnapshot = Math.max(this.withoutSnapshot, 1);
            this.snapshotTimer ??= setTimeout(() => void this.uploadSnapshot(), 0);
            return rebuilt;
          }
        }
        return { content, version: stored.version };
      }
      const created = this.domain.defaultContent(
        this.language ? { ...this.context, language: this.language() } : this.context,
      );
      const stamped = this.domain.stamp(created, { version: 1, lastModified: this.context.now() });
      try {
        const envelope = await this.codec.encrypt(stamped);
        const version = await this.saveOnce(envelope, 0);
        this.cache(envelope, version);
        return { content: stamped, version };
      } catch (error) {
        if (!(error instanceof VersionConflictError)) throw error;
      }
    }
    throw new VersionConflictError();
  }

  /**
   * The newest kept version before `version` that opens (`openNewest` of the tools'
   * history), or null when none does or the transport has no history.
   */
  private async openEarlier(version: number): Promise<{ version: number; content: C } | null> {
    return version <= 1 ? null : this.openKept(version - 1);
  }

  /**
   * The newest kept version at or before `version` that opens, rebuilt from the history
   * (`openNewest` of the tools' history), or null when none does or the transport has no history.
   */
  private async openKept(version: number): Promise<{ version: number; content: C } | null> {
    const keptVersion = this.transport.keptVersion?.bind(this.transport);
    if (!keptVersion) return null;
    const { openNewest } = await import('@cipherspace/tools/history');
    const decryptOperation =
      this.codec.decryptOperation?.bind(this.codec) ??
      (() => Promise.reject(new Error('No operation channel')));
    const codec = { decrypt: (envelope: string) => this.codec.decrypt(envelope), decryptOperation };
    return openNewest(this.domain, codec, { version: (v) => keptVersion(v) }, version);
  }

  /**
   * Saves the version shown in place of one that did not open ({@link ContentState.unreadable})
   * as a new version on top of it, so every member opens it again. Results as {@link perform};
   * `rejected` when no such version is shown.
   */
  restoreShown(): Promise<PerformResult<C>> {
    return this.enqueue(async () => {
      const { content, version } = this.confirmed;
      if (content === null || !this.state.unreadable)
        return { status: 'rejected', error: new Error('No unreadable version shown') };
      const stamped = this.domain.stamp(content, {
        version: version + 1,
        lastModified: this.context.now(),
      });
      this.setState({ saving: true });
      try {
        const envelope = await this.codec.encrypt(stamped);
        const saved = await this.saveOnce(envelope, version);
        this.confirm({ content: stamped, version: saved });
        this.cache(envelope, saved);
        return { status: 'saved', content: stamped };
      } catch (error) {
        if (error instanceof VersionConflictError) {
          await this.fetchLatest()
            .then((latest) => this.confirm(latest))
            .catch(() => this.setState({ saving: false }));
          return { status: 'conflict', error };
        }
        this.setState({ saving: false });
        return { status: 'failed', error };
      }
    });
  }

  /**
   * One save attempt, exactly once: sent with a new save id, and sent again with the same id,
   * envelope and base after each lost answer ({@link LOST_ANSWER_RETRY_DELAYS_MS}), so a save the
   * server stored before its answer was lost resolves with its version instead of a phantom 409. A
   * 409 is a real conflict: the caller re-applies the change on the latest version, which is a new
   * attempt with a new id. Rejects as {@link ContentTransport.save}.
   */
  private async saveOnce(
    envelope: string | null,
    baseVersion: number,
    operations?: readonly string[],
  ): Promise<number> {
    // Random, as the default operation ids (the lifecycle runs where crypto.randomUUID does).
    const saveId = crypto.randomUUID();
    for (let resend = 0; ; resend++) {
      try {
        return await this.transport.save(envelope, baseVersion, operations, saveId);
      } catch (error) {
        const delay = LOST_ANSWER_RETRY_DELAYS_MS[resend];
        if (!(error instanceof SaveAnswerLostError) || delay === undefined) throw error;
        // The browser knows it is offline: no resend can land; the change is queued instead.
        if (this.online?.() === false) throw error;
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }

  /**
   * Who set the fields of `conflict` to the value stored now: the member the server recorded for
   * the latest change after `basedOn` this tab applied as operations that changed one of them;
   * null when none is known (it came in a snapshot).
   */
  private conflictAuthor(
    conflict: { conflicts: readonly { field: string }[]; entityId: string | null },
    basedOn: number | undefined,
  ): string | null {
    for (const change of this.recent.toReversed()) {
      if (basedOn !== undefined && change.version <= basedOn) break;
      const before = entityOf(change.before, conflict.entityId);
      const after = entityOf(change.after, conflict.entityId);
      const touched = conflict.conflicts.some(
        ({ field }) => !sameFieldValue(fieldOf(before, field), fieldOf(after, field)),
      );
      if (touched) return change.by;
    }
    return null;
  }

  /** The id, time and author of a new operation of this tab. */
  private stamp(): OperationStamp {
    return { id: this.context.newId(), at: this.context.now(), by: this.author };
  }

  /**
   * Takes `latest` as the stored truth and shows it; settles the pending changes it contains
   * (`appliedIds`: the operations it was caught up with; null: a snapshot; undefined: this tab's
   * own save, which settles none of them).
   */
  private confirm(
    latest: Confirmed<C>,
    stillSaving = false,
    appliedIds?: ReadonlySet<string> | null,
  ): void {
    this.confirmed = latest;
    if (appliedIds) {
      this.remember(appliedIds);
      for (const id of appliedIds) this.storedIds.add(id);
      for (const id of this.storedIds) {
        if (this.storedIds.size <= REMEMBERED_OPERATION_IDS) break;
        this.storedIds.delete(id);
      }
      this.scheduleCacheSnapshot();
    }
    if (appliedIds !== undefined) this.settlePending(latest.version, appliedIds);
    this.setState({
      status: 'loaded',
      content: latest.content,
      version: latest.version,
      loadError: null,
      saving: stillSaving,
      offline: false,
      unreadable: latest.unreadable ?? null,
    });
  }

  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * Updates the state; `content`, when given, is what this tab has (confirmed or its own change
   * being saved), and the screen shows it with the pending changes of others laid over it.
   */
  private setState(changes: Partial<ContentState<C>>): void {
    if (this.disposed) return;
    if ('content' in changes) this.base = changes.content ?? null;
    this.state = {
      ...this.state,
      ...changes,
      content: this.overlay(this.local(this.base)),
      canUndo: this.undoStack.length > 0,
      canRedo: this.redoStack.length > 0,
      queued: this.queued.length,
      unapplied:
        this.unapplied.length === this.state.unapplied.length
          ? this.state.unapplied
          : [...this.unapplied],
    };
    for (const listener of this.listeners) listener();
  }

  /**
   * `content` with the offline queue applied on top: every waiting change except the one being
   * replayed (its save shows it) and those found stored already; one that does not apply is left
   * out (its replay will tell).
   */
  private local<T extends C | null>(content: T): T {
    if (content === null) return content;
    let shown: C = content;
    for (const item of this.queued) {
      if (this.replaying.has(item.change.id) || this.storedIds.has(item.change.id)) continue;
      try {
        shown = this.domain.apply(shown, item.operation);
      } catch {
        // No longer fits: reported when it is replayed.
      }
    }
    return shown as T;
  }

  /** `content` with every pending change applied in arrival order (one that does not apply is skipped). */
  private overlay(content: C | null): C | null {
    if (content === null) return null;
    let shown: C = content;
    for (const change of this.pending) {
      try {
        let next: C = shown;
        for (const operation of change.operations) next = this.domain.apply(next, operation);
        shown = next;
      } catch {
        // It does not fit this tab's content (yet): its save will tell.
      }
    }
    return shown;
  }
}

/** Resolves after the current task, so that requests just made are sent before more work runs. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** The longest {@link afterPaint} waits for a frame, in ms. */
const PAINT_WAIT_MAX_MS = 100;

/**
 * Resolves once the browser has painted what was just rendered — in the task after the next
 * animation frame (its style, layout and paint run between the two) — and after the current
 * task at the latest {@link PAINT_WAIT_MAX_MS} ms on; at once after the current task where no
 * frame comes (a hidden tab, a runtime without `requestAnimationFrame`).
 */
function afterPaint(): Promise<void> {
  if (
    typeof requestAnimationFrame !== 'function' ||
    (typeof document !== 'undefined' && document.visibilityState === 'hidden')
  )
    return nextTask();
  return new Promise((resolve) => {
    const timeout = setTimeout(resolve, PAINT_WAIT_MAX_MS);
    requestAnimationFrame(() => {
      clearTimeout(timeout);
      setTimeout(resolve, 0);
    });
  });
}

/** Operations that arrived inline with a content_update, producing `version`. */
interface InlineChange {
  version: number;
  operations: readonly string[];
  modifiedBy?: string;
}

/** Whether operation arguments are a field edit (`changes` with the `from` values). */
function isFieldEdit(
  args: Record<string, unknown>,
): args is Record<string, unknown> & FieldEdit<object> {
  const isObject = (value: unknown) =>
    typeof value === 'object' && value !== null && !Array.isArray(value);
  return isObject(args.changes) && isObject(args.from);
}

/** Called with each stored operation applied from the server (see onRemoteOperation). */
export type RemoteOperationListener<C> = (
  operation: Operation,
  before: C,
  after: C,
  by: string | null,
) => void;

/** A stored change applied as operations: its version, author and the content around it. */
interface AppliedChange<C> {
  version: number;
  by: string | null;
  before: C;
  after: C;
}

/** How many applied changes a lifecycle keeps to tell who changed a conflicting field. */
const RECENT_CHANGES = 64;

/** The entity an edit conflict names (the content itself for null). */
function entityOf(content: unknown, id: string | null): unknown {
  return id === null ? content : findEntity(content, id);
}

/** A field of an entity; for the content itself, also one of its `settings`. */
function fieldOf(entity: unknown, field: string): unknown {
  if (typeof entity !== 'object' || entity === null) return undefined;
  const record = entity as Record<string, unknown>;
  if (Object.hasOwn(record, field)) return record[field];
  const settings = record.settings;
  return typeof settings === 'object' && settings !== null
    ? (settings as Record<string, unknown>)[field]
    : undefined;
}

/** A refresh waiting in the queue (see ContentLifecycle.reload). */
interface QueuedRefresh {
  onlyBelow: number | null;
  snapshot: boolean;
  inline: InlineChange | null;
  done: Promise<void>;
}
