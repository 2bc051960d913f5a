/**
 * Push: the only place that saves changes. The log's entries are rebased on the confirmed version
 * (up to {@link REPLAY_BATCH_MAX} in one save while they all apply, else one by one so exactly the
 * one that no longer applies is told), their operation envelopes sent (the content left out when
 * the server takes snapshots apart), and a 409 pulls what someone saved first and loops. When the
 * server cannot be reached the push stops and the log stays: being offline is a push that failed.
 */
import { isEditConflict, type NamedOperation } from '@cipherspace/tools';

import { isUnreachable, VersionConflictError } from './contract.ts';
import type { LogEntry, PendingLog } from './log.ts';
import type { Opened, SyncParts } from './parts.ts';
import type { Pull } from './pull.ts';
import { applyAll } from './rebase.ts';
import { saveOnce } from './save.ts';
import type { Snapshots } from './snapshots.ts';
import { ContentValidationError, MAX_SAVE_ATTEMPTS, REPLAY_BATCH_MAX } from './state.ts';

/**
 * What became of a logged change: stored (`saved`, also when it changed nothing or was stored
 * already); not applicable (`conflict` / `rejected` / `invalid`, with the error and, for an edit
 * conflict, `by`); refused by the server for another reason (`failed`).
 */
export type EntryOutcome =
  | { status: 'saved' }
  | { status: 'conflict' | 'rejected' | 'invalid'; error: unknown; by?: string | null }
  | { status: 'failed'; error: unknown };

/** What the push needs of the engine around it. */
export interface PushHost<C> {
  /** The confirmed version (null content: nothing loaded). */
  confirmed(): { content: C | null; version: number };
  /** Takes `latest` as the stored truth; `appliedIds` as in SyncClient (undefined: own save). */
  confirm(latest: Opened<C>, appliedIds?: ReadonlySet<string> | null): void;
  /** A logged change is settled (taken off the log already, unless `failed` and nobody waits). */
  settle(entry: LogEntry, outcome: EntryOutcome): void;
  /** Whether someone waits for `entry` (a change of this visit): its `failed` drops it. */
  awaited(entry: LogEntry): boolean;
  /** Runs before `entry` is applied to a base after a 409 (an undo counts again; throws: conflict). */
  check(entry: LogEntry, base: C): void;
  /**
   * Whether `entry` may be saved now: false while a teammate's change it was made on is still in
   * flight (its save pushes the log again when it arrives).
   */
  ready(entry: LogEntry): boolean;
  /** Who set the fields of an edit conflict (see SyncClient). */
  conflictAuthor(error: unknown, basedOn: number): string | null;
  /** Shows that a push is in flight (true) or done. */
  saving(on: boolean): void;
}

/** How a push ended: everything stored (`done`), or stopped with the rest waiting (`stopped`). */
export type PushEnd = { end: 'done' } | { end: 'stopped'; error: unknown };

/** Outcome of one save attempt series. */
type Sent = 'saved' | 'split' | { stop: unknown };

/** The pushes of one engine. */
export class Push<C, Op extends NamedOperation = NamedOperation> {
  constructor(
    private readonly parts: SyncParts<C, Op>,
    private readonly log: PendingLog,
    private readonly pull: Pull<C, Op>,
    private readonly snapshots: Snapshots,
    private readonly host: PushHost<C>,
  ) {}

  /**
   * Pushes the log, oldest first, until it is empty or a save cannot reach the server (or the
   * server fails on a change nobody waits for). Entries from an earlier visit that the server
   * stored already (another replayer, a lost answer) are recognised by their ids first.
   */
  async run(): Promise<PushEnd> {
    await this.findStored();
    for (;;) {
      const [head] = this.log.entries;
      if (!head || !this.host.ready(head)) return { end: 'done' };
      if (this.host.confirmed().content === null) return { end: 'stopped', error: null };
      const batch = [];
      for (const entry of this.log.entries.slice(0, REPLAY_BATCH_MAX)) {
        if (entry.change.operation === null || !this.host.ready(entry)) break;
        batch.push(entry);
      }
      const sent = batch.length > 1 ? await this.send(batch) : 'split';
      if (sent === 'saved') continue;
      if (sent !== 'split') return { end: 'stopped', error: sent.stop };
      const one = await this.send([head]);
      if (typeof one === 'object') return { end: 'stopped', error: one.stop };
    }
  }

  /** Takes the entries the server stored already off the log, as saved. */
  private async findStored(): Promise<void> {
    const waiting = this.log.entries.filter((entry) => entry.waiting);
    const { version } = this.host.confirmed();
    const oldest = Math.min(...waiting.map((entry) => entry.change.baseVersion));
    if (!(oldest < version)) return;
    const ids = new Set(waiting.map((entry) => entry.change.id));
    const stored = await this.pull.storedAmong(oldest, ids);
    this.take(
      this.log.entries.filter((entry) => stored.has(entry.change.id)),
      {
        status: 'saved',
      },
    );
  }

  /**
   * Saves `entries` in one save on the confirmed version, re-applied after each 409. A batch
   * (several) answers 'split' when one does not apply, the result is invalid, one was stored
   * already or the server failed — the caller then sends the head alone, which settles it.
   */
  private async send(entries: readonly LogEntry[]): Promise<Sent> {
    const single = entries.length === 1 ? entries[0] : undefined;
    for (let attempt = 0; attempt < MAX_SAVE_ATTEMPTS; attempt++) {
      const { content, version } = this.host.confirmed();
      if (content === null) return { stop: null };
      let next: C;
      try {
        if (single && attempt > 0) this.host.check(single, content);
        next = applyAll(
          this.parts.domain,
          content,
          entries.map((entry) => entry.operation),
        );
      } catch (error) {
        if (!single) return 'split';
        const stale = attempt > 0 || single.change.baseVersion !== version;
        const status = stale || isEditConflict(error) ? 'conflict' : 'rejected';
        const by = isEditConflict(error)
          ? this.host.conflictAuthor(error, single.change.baseVersion)
          : undefined;
        this.take([single], { status, error, ...(by === undefined ? {} : { by }) });
        return 'saved';
      }
      if (next === content) {
        if (!single) return 'split';
        this.take([single], { status: 'saved' });
        return 'saved';
      }
      const problems = this.parts.domain.validate(next);
      if (problems.length > 0) {
        if (!single) return 'split';
        const stale = attempt > 0 || single.change.baseVersion !== version;
        const error = new ContentValidationError(problems);
        this.take([single], { status: stale ? 'conflict' : 'invalid', error });
        return 'saved';
      }
      const last = entries[entries.length - 1]?.operation.at ?? this.parts.context.now();
      const stamped = this.parts.domain.stamp(next, { version: version + 1, lastModified: last });
      this.host.saving(true);
      try {
        await this.save(stamped, version, entries);
        return 'saved';
      } catch (error) {
        if (!(error instanceof VersionConflictError)) return this.failed(entries, error);
      }
      // Someone saved first: pull and apply the same operations to the latest version.
      try {
        const appliedIds = await this.catchUp({ content, version });
        const stored = entries.filter((entry) => appliedIds?.has(entry.change.id));
        if (stored.length > 0) {
          if (!single) return 'split';
          // Stored already: its first save landed but the answer was lost.
          this.take([single], { status: 'saved' });
          return 'saved';
        }
      } catch (error) {
        return this.failed(entries, error);
      }
    }
    if (!single) return 'split';
    this.take([single], { status: 'conflict', error: new VersionConflictError() });
    return 'saved';
  }

  /** Sends `entries`' operations on `version`, and confirms `stamped` as the saved version. */
  private async save(stamped: C, version: number, entries: readonly LogEntry[]): Promise<void> {
    const sealed = entries.flatMap(({ change }) =>
      change.operation === null ? [] : [change.operation],
    );
    // An entry without an envelope is pushed alone, as a replacement (see LogEntry).
    const operations = sealed.length === entries.length ? sealed : undefined;
    const alone = operations !== undefined && this.snapshots.operationsAlone && version > 0;
    // The whole content is encrypted on this thread: the screen paints the change first.
    if (!alone) await this.parts.clock.afterPaint();
    const envelope = alone ? null : await this.parts.codec.encrypt(stamped);
    const saved = await saveOnce(this.parts, envelope, version, operations);
    this.take(entries, { status: 'saved' }, { content: stamped, version: saved });
    if (envelope === null) this.snapshots.due();
    else this.snapshots.cache(envelope, saved);
  }

  /**
   * A save or pull failed with `error` (not a 409). Unreachable: the push stops and the log
   * waits. Another failure: a batch is split; a change someone waits for is `failed` and dropped
   * (its screen says so); one nobody waits for (from an earlier visit) waits for the next push.
   */
  private failed(entries: readonly LogEntry[], error: unknown): Sent {
    const single = entries.length === 1 ? entries[0] : undefined;
    if (!isUnreachable(error) && !single) return 'split';
    if (isUnreachable(error) || !single || !this.host.awaited(single)) {
      this.host.saving(false);
      return { stop: error };
    }
    this.take([single], { status: 'failed', error });
    return 'saved';
  }

  /**
   * After a 409 on a save based on `base`: confirms the latest stored content — `base` caught
   * up with the operations since it when they are enough, else the snapshot — and returns the
   * ids those operations brought (null after a snapshot). Throws what loading throws.
   */
  private async catchUp(base: Opened<C>): Promise<ReadonlySet<string> | null> {
    const caught = await this.pull.since(base).catch(() => null);
    if (caught) {
      this.host.confirm(caught, caught.appliedIds);
      return caught.appliedIds;
    }
    this.host.confirm(await this.pull.latest(), null);
    return null;
  }

  /**
   * Takes `entries` off the log and settles them with `outcome`; with `saved`, confirms it in
   * the same task, so the screen never shows them twice.
   */
  private take(entries: readonly LogEntry[], outcome: EntryOutcome, saved?: Opened<C>): void {
    if (entries.length === 0) return;
    const ids = new Set(entries.map((entry) => entry.change.id));
    void this.log.remove(ids);
    if (saved) this.host.confirm(saved);
    for (const entry of entries) this.host.settle(entry, outcome);
  }
}
