/**
 * The engine's state: the confirmed version, the pending log laid over it, others' proposals
 * laid over that, the task queue every pull and push runs through, and the screen state derived
 * from them. {@link SyncClient} (./client.ts) adds what a screen calls.
 */
import type { NamedOperation } from '@cipherspace/tools';

import { runtimeClock } from './clock.ts';
import { conflictAuthor } from './conflicts.ts';
import { isUnreachable, type ContentCodec, type ContentTransport } from './contract.ts';
import { memoryLogStore, PendingLog, type LogEntry, type LogStore } from './log.ts';
import type { Confirmed, Opened, SyncParts } from './parts.ts';
import { Proposals } from './proposals.ts';
import { Pull } from './pull.ts';
import { Push, type EntryOutcome, type PushEnd } from './push.ts';
import { applyEach, applyGroups, type SyncDomain } from './rebase.ts';
import type { ReplacementHost } from './replacement.ts';
import { Snapshots } from './snapshots.ts';
import {
  INITIAL_CONTENT_STATE,
  PENDING_TTL_MS,
  type ContentState,
  type PerformResult,
} from './state.ts';
import { UndoHistory } from './undo.ts';

/** The options of an engine: its parts, with defaults for the clock, context and store. */
export interface SyncOptions<C, Op extends NamedOperation>
  extends
    Omit<SyncParts<C, Op>, 'clock' | 'context'>,
    Partial<Pick<SyncParts<C, Op>, 'clock' | 'context'>> {
  domain: SyncDomain<C, Op>;
  transport: ContentTransport;
  codec: ContentCodec;
  /**
   * Where the log, its report and the cached content are kept (in the app: IndexedDB); default
   * in memory. A first load without the server opens the cached content.
   */
  store?: LogStore;
  /** How long another member's proposed change is shown without its save arriving, in ms. */
  pendingTtlMs?: number;
}

/** Someone waiting for a logged change of this visit: what to tell them, and how to undo. */
export interface Waiter<C> {
  resolve(result: PerformResult<C>): void;
  /** Runs on each version the change lands on after a 409 (an undo counts again). */
  check?: (base: C) => void;
  /** Undoes the bookkeeping of the change when it is not stored (undo lists). */
  dropped(outcome: EntryOutcome): void;
}

/** State, log and task queue of one tool's content in one tab (see the module comment). */
export class EngineCore<C, Op extends NamedOperation> {
  protected state: ContentState<C> = INITIAL_CONTENT_STATE;
  protected confirmed: Confirmed<C> = { content: null, version: 0 };
  protected readonly parts: SyncParts<C, Op>;
  protected readonly log: PendingLog;
  protected readonly pull: Pull<C, Op>;
  protected readonly push: Push<C, Op>;
  protected readonly snapshots: Snapshots;
  protected readonly proposals: Proposals;
  protected readonly undoHistory = new UndoHistory();
  protected readonly waiters = new Map<string, Waiter<C>>();
  protected disposed = false;
  protected readonly hasStore: boolean;
  private readonly listeners = new Set<() => void>();
  // Changes made on others' proposals: their log ids and the ids of the operations proposed then.
  private readonly madeOn = new Map<string, ReadonlySet<string>>();
  // The same base and operations give the same object: the screen re-renders only on a change.
  private readonly localView = new View<C>();
  private readonly shownView = new View<C>();
  private queue: Promise<unknown> = Promise.resolve();
  private pushQueued: Promise<PushEnd> | null = null;

  constructor(options: SyncOptions<C, Op>) {
    const clock = options.clock ?? runtimeClock();
    this.parts = {
      ...options,
      clock,
      context: options.context ?? {
        now: () => new Date(clock.now()).toISOString(),
        newId: () => crypto.randomUUID(),
      },
    };
    this.hasStore = options.store !== undefined;
    const store = options.store ?? memoryLogStore();
    const confirmed = () => this.confirmed;
    this.snapshots = new Snapshots(
      confirmed,
      options.transport,
      options.codec,
      store,
      clock,
      () => this.log.restoring ?? Promise.resolve(),
    );
    this.pull = new Pull(this.parts, this.snapshots);
    this.log = new PendingLog(store, (envelope) => this.pull.open(envelope));
    // A proposal whose time is up no longer holds back the changes made on it.
    this.proposals = new Proposals(clock, options.pendingTtlMs ?? PENDING_TTL_MS, () => {
      this.setState({});
      if (this.madeOn.size > 0) void this.requestPush();
    });
    this.push = new Push(this.parts, this.log, this.pull, this.snapshots, {
      confirmed: () => this.confirmed,
      confirm: (latest, appliedIds) => this.confirm(latest, appliedIds),
      settle: (entry, outcome) => this.settle(entry, outcome),
      awaited: (entry) => this.waiters.has(entry.change.id),
      check: (entry, base) => this.waiters.get(entry.change.id)?.check?.(base),
      ready: (entry) => this.ready(entry),
      conflictAuthor: (error, basedOn) =>
        conflictAuthor(this.pull.recent, error as Parameters<typeof conflictAuthor>[1], basedOn),
      saving: (on) => this.setState({ saving: on }),
    });
  }

  /** What the whole-content saves of ./replacement.ts use. */
  protected get replacements(): ReplacementHost<C, Op> {
    return {
      parts: this.parts,
      pull: this.pull,
      snapshots: this.snapshots,
      confirmed: () => this.confirmed,
      confirm: (latest) => this.confirm(latest),
      saving: (on) => this.setState({ saving: on }),
    };
  }

  /** The current state (a new object after every change, so React can compare by identity). */
  getState = (): ContentState<C> => this.state;

  /** Calls `listener` after every state change; returns the unsubscribe function. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The confirmed content with this tab's log laid over it (each entry that applies). */
  protected local(): C | null {
    const { content } = this.confirmed;
    if (content === null) return null;
    const operations = this.log.entries.map((entry) => entry.operation);
    return this.localView.of(content, [operations], (base, [log = []]) =>
      log.length === 0 ? base : applyEach(this.parts.domain, base, log),
    );
  }

  /**
   * What the screen shows, and what this tab's changes are made on: the confirmed version with
   * others' proposals laid over it (each group whole or not at all), then this tab's log. The
   * log comes last because the member made those changes on what they saw, proposals included.
   */
  protected shown(): C | null {
    const { content } = this.confirmed;
    if (content === null) return null;
    const operations = this.log.entries.map((entry) => entry.operation);
    return this.shownView.of(content, [...this.proposals.groups, operations], (base, groups) => {
      const log = groups[groups.length - 1] ?? [];
      const proposed = applyGroups(this.parts.domain, base, groups.slice(0, -1));
      return log.length === 0 ? proposed : applyEach(this.parts.domain, proposed, log);
    });
  }

  /**
   * Remembers that the change `id` was made on the proposals shown now: it is pushed only once
   * they are stored (or their time is up), so it lands on the content the member saw — a pause
   * of a timer a teammate is still starting is not stored before the start, where it would
   * change nothing.
   */
  protected madeOnProposals(id: string): void {
    const ids = new Set(this.proposals.groups.flatMap((group) => group.map((op) => op.id)));
    if (ids.size > 0) this.madeOn.set(id, ids);
  }

  /** Whether `entry` may be pushed now: no proposal it was made on is still in flight. */
  private ready(entry: LogEntry): boolean {
    const ids = this.madeOn.get(entry.change.id);
    if (ids === undefined) return true;
    const inFlight = this.proposals.groups.some((group) => group.some((op) => ids.has(op.id)));
    if (!inFlight) this.madeOn.delete(entry.change.id);
    return !inFlight;
  }

  /** Pushes the log in the task queue (a push asked for while one waits joins it). */
  protected requestPush(): Promise<PushEnd> {
    this.pushQueued ??= this.enqueue(() => {
      this.pushQueued = null;
      return this.pushNow();
    });
    return this.pushQueued;
  }

  /**
   * Pushes the log now, inside a task of the queue. When it stops, the log waits: whoever waits
   * for an entry is told it is queued, and an unreachable server shows as offline.
   */
  protected async pushNow(): Promise<PushEnd> {
    // A bug must not leave a change waiting forever: an unexpected error stops the push.
    const ended = await this.push
      .run()
      .catch((error: unknown) => ({ end: 'stopped', error }) as const);
    if (ended.end === 'stopped') {
      this.log.markWaiting();
      for (const entry of this.log.entries) this.settleQueued(entry);
    }
    // The persisted log matches what was pushed before the push counts as done.
    await this.log.flushed();
    const offline = ended.end === 'stopped' && isUnreachable(ended.error);
    this.setState({ saving: false, ...(offline ? { offline } : {}) });
    return ended;
  }

  /** Tells whoever waits for `entry` that it waits in the log (the server cannot be reached). */
  protected settleQueued(entry: LogEntry): void {
    const waiter = this.waiters.get(entry.change.id);
    if (!waiter) return;
    this.waiters.delete(entry.change.id);
    waiter.resolve({ status: 'saved', content: this.state.content as C, queued: true });
  }

  /** A logged change is settled: its waiter is told, or — nobody waits — a failure reported. */
  private settle(entry: LogEntry, outcome: EntryOutcome): void {
    const waiter = this.waiters.get(entry.change.id);
    this.waiters.delete(entry.change.id);
    this.madeOn.delete(entry.change.id);
    if (outcome.status !== 'saved') waiter?.dropped(outcome);
    if (waiter) {
      this.setState({ saving: this.state.saving && this.log.entries.length > 0 });
      waiter.resolve(
        outcome.status === 'saved'
          ? { status: 'saved', content: this.confirmed.content as C }
          : outcome,
      );
    } else if (outcome.status !== 'saved' && outcome.status !== 'failed') {
      const by = outcome.status === 'conflict' ? outcome.by : undefined;
      void this.log.report(entry.change, entry.operation, outcome.status, by);
    }
  }

  /**
   * Takes `latest` as the stored truth and shows it with the log over it; settles the proposals
   * it contains (`appliedIds`: the operations it was caught up with; null: a snapshot; undefined:
   * this tab's own save, which settles none of them).
   */
  protected confirm(latest: Confirmed<C> | Opened<C>, appliedIds?: ReadonlySet<string> | null) {
    this.confirmed = {
      content: latest.content,
      version: latest.version,
      ...(latest.unreadable ? { unreadable: latest.unreadable } : {}),
    };
    if (appliedIds) {
      this.proposals.remember(appliedIds);
      this.snapshots.cacheSoon();
    }
    if (appliedIds !== undefined) this.proposals.settle(latest.version, appliedIds);
    this.setState({
      status: 'loaded',
      saving: this.state.saving && this.log.entries.length > 0,
      version: latest.version,
      loadError: null,
      offline: false,
      unreadable: latest.unreadable ?? null,
    });
  }

  /** Runs `task` after every task queued before it (pulls and pushes never interleave). */
  protected enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * Updates the state and tells the listeners. The content shown is always derived: the
   * confirmed version, this tab's log over it, others' proposals over that (`content` in
   * `changes` is ignored: pass it to ask for a render only).
   */
  protected setState(changes: Partial<ContentState<C>>): void {
    if (this.disposed) return;
    const unapplied = this.log.unapplied;
    this.state = {
      ...this.state,
      ...changes,
      content: this.shown(),
      canUndo: this.undoHistory.canUndo,
      canRedo: this.undoHistory.canRedo,
      queued: this.log.waiting,
      unapplied: sameItems(unapplied, this.state.unapplied) ? this.state.unapplied : [...unapplied],
    };
    for (const listener of this.listeners) listener();
  }

  /** Stops notifying; queued work still settles but changes nothing visible. */
  protected stop(): void {
    this.disposed = true;
    this.listeners.clear();
    this.pull.listeners.clear();
    this.proposals.dispose();
    this.snapshots.dispose();
  }
}

function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}

/** The last result of laying operation groups over a base, kept while neither changes. */
class View<C> {
  private base: C | null = null;
  private groups: readonly (readonly unknown[])[] = [];
  private result: C | null = null;

  of<G extends readonly (readonly unknown[])[]>(
    base: C,
    groups: G,
    make: (base: C, groups: G) => C,
  ): C {
    const same =
      this.result !== null &&
      this.base === base &&
      this.groups.length === groups.length &&
      this.groups.every(
        (group, index) =>
          group.length === groups[index]?.length &&
          group.every((item, at) => item === groups[index]?.[at]),
      );
    if (!same) {
      this.base = base;
      this.groups = groups;
      this.result = make(base, groups);
    }
    return this.result as C;
  }
}
