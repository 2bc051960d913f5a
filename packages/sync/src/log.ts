/**
 * The pending log: this browser's changes not yet confirmed by the server, oldest first — the
 * truth of what the member has done. A change enters it (and its persisted copy is written in the
 * same task) before the screen shows it; it leaves only when the server has stored it, or when it
 * no longer applies and is reported ({@link UnappliedOperation}) — never dropped silently. Being
 * offline is only a push that failed: the entries wait, `waiting` set, and are pushed again.
 *
 * Persisted as ciphertext only (each entry its op1 operation envelope) through a {@link LogStore}.
 */
import type { Operation } from '@cipherspace/tools';

import type { UnappliedOperation, UnappliedReason } from './state.ts';

/** A logged change as stored: its operation id, the version it was made on and its op1 envelope. */
export interface LoggedChange {
  id: string;
  baseVersion: number;
  operation: string;
}

/** A logged change that could not be applied when pushed, as stored until the member has seen it. */
export interface UnappliedChange {
  id: string;
  operation: string;
  reason: UnappliedReason;
}

/** A tool's last content as ciphertext: an envelope of spec §9 and the version it holds. */
export interface CachedContent {
  encryptedData: string;
  version: number;
}

/**
 * Where one tool's log, its unapplied report and its cached content are kept (in the app:
 * IndexedDB; {@link memoryLogStore} otherwise). Every method rejects on a storage error.
 */
export interface LogStore {
  readContent(): Promise<CachedContent | null>;
  /** Stores `content` unless a newer version is stored already. */
  writeContent(content: CachedContent): Promise<void>;
  readLog(): Promise<LoggedChange[]>;
  /** Adds `change` at the end of the log. */
  appendLog(change: LoggedChange): Promise<void>;
  /** Removes the logged change with id `id` (stored or reported). */
  removeLogged(id: string): Promise<void>;
  readUnapplied(): Promise<UnappliedChange[]>;
  addUnapplied(change: UnappliedChange): Promise<void>;
  /** Forgets the reported changes (the member dismissed the report). */
  clearUnapplied(): Promise<void>;
}

/** A store that lives as long as the engine (no IndexedDB, Node, tests): no cache across visits. */
export function memoryLogStore(): LogStore {
  let content: CachedContent | null = null;
  let log: LoggedChange[] = [];
  let unapplied: UnappliedChange[] = [];
  return {
    readContent: () => Promise.resolve(content),
    writeContent: (next) => {
      if (!content || content.version <= next.version) content = next;
      return Promise.resolve();
    },
    readLog: () => Promise.resolve([...log]),
    appendLog: (change) => {
      log = [...log, change];
      return Promise.resolve();
    },
    removeLogged: (id) => {
      log = log.filter((change) => change.id !== id);
      return Promise.resolve();
    },
    readUnapplied: () => Promise.resolve([...unapplied]),
    addUnapplied: (change) => {
      unapplied = [...unapplied.filter((entry) => entry.id !== change.id), change];
      return Promise.resolve();
    },
    clearUnapplied: () => {
      unapplied = [];
      return Promise.resolve();
    },
  };
}

/**
 * A change in the log with its operation opened. `change.operation` null: no operation envelope
 * (no operation channel, or too long for the server) — kept in memory only, pushed whole.
 */
export interface LogEntry {
  change: Omit<LoggedChange, 'operation'> & { operation: string | null };
  operation: Operation;
  /** Set once a push of it failed to reach the server, or it came from an earlier visit. */
  waiting: boolean;
}

/** The pending log of one tool in one engine (see the module comment). */
export class PendingLog {
  /** The entries, oldest first. */
  entries: LogEntry[] = [];
  /** Reported entries, until dismissed. */
  unapplied: UnappliedOperation[] = [];
  private restored: Promise<void> | null = null;
  /** Store writes not finished yet (the store keeps their order). */
  private readonly writes = new Set<Promise<unknown>>();

  constructor(
    private readonly store: LogStore,
    private readonly open: (envelope: string) => Promise<Operation>,
  ) {}

  /** How many entries wait for the server (a push of them failed, or they are from an earlier visit). */
  get waiting(): number {
    return this.entries.filter((entry) => entry.waiting).length;
  }

  /**
   * Reads the persisted log and report, once (later calls wait for the first): entries whose
   * envelope no longer opens are reported `rejected`, never dropped. Storage errors read as empty.
   */
  restore(): Promise<void> {
    this.restored ??= (async () => {
      const [logged, unapplied] = await Promise.all([
        this.store.readLog().catch(() => []),
        this.store.readUnapplied().catch(() => []),
      ]);
      for (const entry of unapplied) {
        const operation = await this.open(entry.operation).catch(() => null);
        this.unapplied.push({ id: entry.id, operation, reason: entry.reason });
      }
      const restored: LogEntry[] = [];
      for (const change of logged) {
        if (this.entries.some((entry) => entry.change.id === change.id)) continue;
        try {
          restored.push({ change, operation: await this.open(change.operation), waiting: true });
        } catch {
          await this.report(change, null, 'rejected');
        }
      }
      // Before anything this engine logged meanwhile: they were made earlier.
      this.entries = [...restored, ...this.entries];
    })();
    return this.restored;
  }

  /** Whether the persisted log has been read (cache writes wait for it: they would hold it up). */
  get restoring(): Promise<void> | null {
    return this.restored;
  }

  /**
   * Adds a change at the end, in memory at once and in the store in this same task; resolves when
   * stored (rejects on a storage error: it still waits in memory and is pushed).
   */
  append(change: LogEntry['change'], operation: Operation, waiting: boolean): Promise<void> {
    this.entries.push({ change, operation, waiting });
    const { operation: sealed } = change;
    if (sealed === null) return Promise.resolve();
    return this.track(this.store.appendLog({ ...change, operation: sealed }));
  }

  /** Resolves once every store write started so far has finished (failed ones included). */
  async flushed(): Promise<void> {
    while (this.writes.size > 0) await Promise.all(this.writes);
  }

  private track<T>(write: Promise<T>): Promise<T> {
    const settled = write.catch(() => undefined);
    this.writes.add(settled);
    void settled.then(() => this.writes.delete(settled));
    return write;
  }

  /** The cached content (null when none, or on a storage error). */
  cached(): Promise<CachedContent | null> {
    return this.store.readContent().catch(() => null);
  }

  /** Takes the entries with ids `ids` off the log (the server stored them). */
  async remove(ids: ReadonlySet<string>): Promise<void> {
    this.entries = this.entries.filter((entry) => !ids.has(entry.change.id));
    const removals = [...ids].map((id) => this.track(this.store.removeLogged(id)));
    await Promise.all(removals.map((removal) => removal.catch(() => undefined)));
  }

  /** Marks every entry as waiting (a push failed to reach the server). */
  markWaiting(): void {
    for (const entry of this.entries) entry.waiting = true;
  }

  /** Reports a change that cannot be applied: stored in the report first, then taken off the log. */
  async report(
    change: LogEntry['change'],
    operation: Operation | null,
    reason: UnappliedReason,
    by?: string | null,
  ): Promise<void> {
    this.unapplied.push({ id: change.id, operation, reason, ...(by ? { by } : {}) });
    if (change.operation !== null)
      await this.store
        .addUnapplied({ id: change.id, operation: change.operation, reason })
        .catch(() => undefined);
    await this.remove(new Set([change.id]));
  }

  /** Forgets every reported change (the member has read them). */
  async dismiss(): Promise<void> {
    this.unapplied = [];
    await this.store.clearUnapplied().catch(() => undefined);
  }

  /** Takes one change off the report (and the store's copy of it). */
  async forget(id: string): Promise<void> {
    this.unapplied = this.unapplied.filter((item) => item.id !== id);
    try {
      const kept = (await this.store.readUnapplied()).filter((item) => item.id !== id);
      await this.store.clearUnapplied();
      for (const item of kept) await this.store.addUnapplied(item);
    } catch {
      // The report comes back after a reload; resolving it again changes nothing.
    }
  }
}
