/**
 * Coalesced snapshots: a push sends operations alone, and the whole content follows, encrypted,
 * as the stored envelope of its version (`content.snapshot`) after {@link SNAPSHOT_AFTER_SAVES}
 * such saves, after {@link SNAPSHOT_QUIET_MS} of quiet, when the page is hidden and when the screen
 * goes. The same envelope is this browser's cache for working offline, which also follows what
 * pulls caught up to by operations.
 */
import { nextTask, type Clock, type TimerHandle } from './clock.ts';
import type { ContentCodec, ContentTransport } from './contract.ts';
import type { LogStore } from './log.ts';
import { SNAPSHOT_AFTER_SAVES, SNAPSHOT_QUIET_MS } from './state.ts';

/** The confirmed content and its version, as the engine holds it. */
export type Confirmed = () => { content: unknown; version: number };

/** How long (ms) the cache waits after a catch-up by operations before it encrypts the content. */
const CACHE_QUIET_MS = 1_000;

/** The snapshot uploads and cache writes of one engine. */
export class Snapshots {
  private withoutSnapshot = 0;
  private uploadTimer: TimerHandle | null = null;
  private cacheTimer: TimerHandle | null = null;
  /** The newest version put into the cache. */
  private cachedVersion = 0;

  constructor(
    private readonly confirmed: Confirmed,
    private readonly transport: ContentTransport,
    private readonly codec: ContentCodec,
    private readonly store: LogStore,
    private readonly clock: Clock,
    /** Resolves once the persisted log is read: a large cache write would hold it up. */
    private readonly afterLogRead: () => Promise<unknown>,
  ) {}

  /** Whether saves may leave the content out (the server takes snapshots apart). */
  get operationsAlone(): boolean {
    return this.transport.snapshot !== undefined;
  }

  /** After a save of operations alone: the snapshot follows after enough of them, or quiet. */
  due(): void {
    this.withoutSnapshot++;
    this.clearUpload();
    if (this.withoutSnapshot >= SNAPSHOT_AFTER_SAVES) void this.upload();
    else this.uploadTimer = this.clock.setTimeout(() => void this.upload(), SNAPSHOT_QUIET_MS);
  }

  /** The confirmed content is newer than its stored envelope (a rebuilt load): upload it soon. */
  dueNow(): void {
    this.withoutSnapshot = Math.max(this.withoutSnapshot, 1);
    this.clearUpload();
    this.uploadTimer = this.clock.setTimeout(() => void this.upload(), 0);
  }

  /**
   * Encrypts the confirmed content and uploads it as the snapshot of its version, and keeps it
   * as the cache. Best effort (the operations are stored): a failed upload is left to the next.
   */
  async upload(): Promise<void> {
    this.clearUpload();
    const { content, version } = this.confirmed();
    if (this.withoutSnapshot === 0 || content === null) return;
    this.withoutSnapshot = 0;
    try {
      const envelope = await this.codec.encrypt(content);
      // Best effort: a failed upload is left to the next save of operations alone.
      const sent = this.transport.snapshot?.(version, envelope).catch(() => undefined);
      // The cache write of a large envelope is a task of its own, after the request left.
      await nextTask(this.clock);
      this.cache(envelope, version);
      await sent;
    } catch {
      // Not encrypted: the next save of operations alone schedules another.
    }
  }

  /** Puts a stored envelope of `version` into the cache (best effort, newest only). */
  cache(encryptedData: string, version: number): void {
    if (version < this.cachedVersion) return;
    this.cachedVersion = version;
    void this.afterLogRead()
      .then(() => this.store.writeContent({ encryptedData, version }))
      .catch(() => undefined);
  }

  /** Notes that the cache opened at `version` (what it holds already). */
  opened(version: number): void {
    this.cachedVersion = Math.max(this.cachedVersion, version);
  }

  /** After a catch-up by operations: encrypts the confirmed content for the cache once quiet. */
  cacheSoon(): void {
    if (this.cacheTimer !== null) return;
    this.cacheTimer = this.clock.setTimeout(() => {
      this.cacheTimer = null;
      const { content, version } = this.confirmed();
      if (content === null || version <= this.cachedVersion) return;
      this.codec
        .encrypt(content)
        .then((envelope) => this.cache(envelope, version))
        .catch(() => undefined);
    }, CACHE_QUIET_MS);
  }

  /** Stops the cache timer (the upload still runs when due: the operations are stored). */
  dispose(): void {
    if (this.cacheTimer !== null) this.clock.clearTimeout(this.cacheTimer);
    this.cacheTimer = null;
  }

  private clearUpload(): void {
    if (this.uploadTimer !== null) this.clock.clearTimeout(this.uploadTimer);
    this.uploadTimer = null;
  }
}
