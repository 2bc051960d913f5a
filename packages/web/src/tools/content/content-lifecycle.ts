/**
 * The one content lifecycle every tool uses (spec §4 Tool content, §8 Tool entry, version
 * conflict): load on entry, create and save the default when the server has none, decrypt,
 * validate before every save, save with the version the change is based on, and reload on a
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
 * Every load, reload and save runs through one queue, so a remote reload never interleaves with
 * a save of this tab.
 */

import type {
  DomainContext,
  NamedOperation,
  Operation,
  OperationStamp,
  ToolDefinition,
} from '@cipherspace/tools';

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
  version: number;
}

/** The server side: our content API (`content.get` / `content.save`). */
export interface ContentTransport {
  /** The stored content, or null when the tool has none yet (404). */
  load(): Promise<StoredContent | null>;
  /**
   * Stores `encryptedData` on top of `baseVersion` (0 = none yet) and resolves the new version.
   * Rejects with {@link VersionConflictError} on 409; any other rejection is a failed save.
   */
  save(encryptedData: string, baseVersion: number): Promise<number>;
}

/** Encryption with the space key (in the app: `encryptJson` / `decryptJson` of the crypto package). */
export interface ContentCodec {
  encrypt(value: unknown): Promise<string>;
  /** Rejects with the crypto package's DecryptError for a wrong key or tampered data. */
  decrypt(envelope: string): Promise<unknown>;
}

/** A save was refused because someone saved first (HTTP 409 / tRPC CONFLICT). */
export class VersionConflictError extends Error {
  constructor(options?: ErrorOptions) {
    super('Content was modified by another user', options);
    this.name = 'VersionConflictError';
  }
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
}

/**
 * How {@link ContentLifecycle.perform} ended:
 * - `saved`: the change is stored (possibly after re-applying it to a newer version), or the
 *   operation changed nothing (it returned the content it was given) and nothing was sent;
 * - `rejected`: a rule refused the change on the content the user saw (`error` says why);
 * - `invalid`: the changed content failed validation (`error` is a ContentValidationError);
 * - `conflict`: someone else's change made this one impossible; the latest content is shown;
 * - `failed`: the save failed for another reason (network, server); nothing changed.
 */
export type PerformResult<C> =
  | { status: 'saved'; content: C }
  | { status: 'rejected' | 'invalid' | 'conflict' | 'failed'; error: unknown };

/** Options of {@link ContentLifecycle.perform}. */
export interface PerformOptions {
  /** The version the change was started on (see perform); omitted = the version shown now. */
  basedOn?: number;
}

/** How often a change is re-applied after consecutive 409s before giving up with `conflict`. */
export const MAX_SAVE_ATTEMPTS = 5;

interface Confirmed<C> {
  content: C | null;
  version: number;
}

export interface ContentLifecycleOptions<C, Op extends NamedOperation> {
  domain: ContentDomain<C, Op>;
  transport: ContentTransport;
  codec: ContentCodec;
  /** The signed-in member's user name: the `by` of every operation of this tab. */
  author: string;
  /** Ids and times of new operations and default content; defaults to the clock and `crypto.randomUUID()`. */
  context?: ContentContext;
}

/** The lifecycle of one tool's content in one tab. See the module comment. */
export class ContentLifecycle<C, Op extends NamedOperation> {
  private state: ContentState<C> = {
    status: 'loading',
    content: null,
    version: 0,
    loadError: null,
    saving: false,
  };
  private confirmed: Confirmed<C> = { content: null, version: 0 };
  private readonly listeners = new Set<() => void>();
  private queue: Promise<unknown> = Promise.resolve();
  private queuedReload: { onlyBelow: number | null; done: Promise<void> } | null = null;
  private disposed = false;
  private readonly domain: ContentDomain<C, Op>;
  private readonly transport: ContentTransport;
  private readonly codec: ContentCodec;
  private readonly context: ContentContext;
  private readonly author: string;

  constructor(options: ContentLifecycleOptions<C, Op>) {
    this.domain = options.domain;
    this.author = options.author;
    this.transport = options.transport;
    this.codec = options.codec;
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

  /** Stops notifying; queued work still settles but changes nothing visible. */
  dispose(): void {
    this.disposed = true;
    this.listeners.clear();
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
   * A remote update announced `version` (spec §3 content_update). Reloads when it is newer
   * than what this tab has (checked again when the reload's turn comes, so a save of this tab
   * that already caught up makes it a no-op), or when the content was deleted (version 0).
   * The echo of this tab's own saves is ignored.
   */
  remoteUpdate(version: number): Promise<void> {
    if (version !== 0 && version <= this.confirmed.version) return Promise.resolve();
    return this.reload(version === 0 ? null : version);
  }

  /**
   * Queues a reload; with `onlyBelow` it is skipped if this tab has reached that version by the
   * time it runs. A request while one is waiting is merged into it (unconditional wins).
   */
  private reload(onlyBelow: number | null): Promise<void> {
    if (this.queuedReload) {
      if (onlyBelow === null) this.queuedReload.onlyBelow = null;
      return this.queuedReload.done;
    }
    const request: { onlyBelow: number | null; done: Promise<void> } = {
      onlyBelow,
      done: Promise.resolve(),
    };
    this.queuedReload = request;
    request.done = this.enqueue(async () => {
      this.queuedReload = null;
      if (request.onlyBelow !== null && this.confirmed.version >= request.onlyBelow) return;
      if (this.state.status === 'error') this.setState({ status: 'loading', loadError: null });
      try {
        this.confirm(await this.fetchLatest());
      } catch (error) {
        // Content already on screen stays usable when a background reload fails.
        if (this.state.status === 'loaded') return;
        this.setState({ status: 'error', loadError: error });
      }
    });
    return request.done;
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
    return this.enqueue(() => this.performNow(operation, options));
  }

  private async performNow(operation: Op, options: PerformOptions): Promise<PerformResult<C>> {
    if (this.confirmed.content === null)
      return { status: 'rejected', error: new Error('No content loaded') };
    let serialised: Operation;
    try {
      serialised = this.domain.createOperation(operation, this.stamp());
    } catch (error) {
      return { status: 'rejected', error };
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
        next = this.domain.apply(base.content, serialised);
      } catch (error) {
        return { status: stale ? 'conflict' : 'rejected', error };
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
      const version = base.version + 1;
      const stamped = this.domain.stamp(next, { version, lastModified: serialised.at });
      this.setState({ content: stamped, saving: true });
      try {
        const saved = await this.transport.save(await this.codec.encrypt(stamped), base.version);
        this.confirm({ content: stamped, version: saved });
        return { status: 'saved', content: stamped };
      } catch (error) {
        if (!(error instanceof VersionConflictError)) {
          this.setState({ content: this.confirmed.content, saving: false });
          return { status: 'failed', error };
        }
      }
      // Someone saved first: take the latest version and apply the same operation to it.
      try {
        const latest = await this.fetchLatest();
        this.confirm(latest, true);
        base = { ...latest, content: latest.content };
      } catch (error) {
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
        const content = this.domain.parse(await this.codec.decrypt(stored.encryptedData));
        return { content, version: stored.version };
      }
      const created = this.domain.defaultContent(this.context);
      const stamped = this.domain.stamp(created, { version: 1, lastModified: this.context.now() });
      try {
        const version = await this.transport.save(await this.codec.encrypt(stamped), 0);
        return { content: stamped, version };
      } catch (error) {
        if (!(error instanceof VersionConflictError)) throw error;
      }
    }
    throw new VersionConflictError();
  }

  /** The id, time and author of a new operation of this tab. */
  private stamp(): OperationStamp {
    return { id: this.context.newId(), at: this.context.now(), by: this.author };
  }

  private confirm(latest: Confirmed<C>, stillSaving = false): void {
    this.confirmed = latest;
    this.setState({
      status: 'loaded',
      content: latest.content,
      version: latest.version,
      loadError: null,
      saving: stillSaving,
    });
  }

  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private setState(changes: Partial<ContentState<C>>): void {
    if (this.disposed) return;
    this.state = { ...this.state, ...changes };
    for (const listener of this.listeners) listener();
  }
}
