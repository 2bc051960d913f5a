/**
 * Following the server: loads, refreshes after missed updates (a reconnect, the browser back
 * online), remote updates (spec §3 content_update) and others' proposals (content_pending). Every
 * load and catch-up runs in the task queue, so it never interleaves with a push; each ends by
 * pushing what waits in the log.
 */
import type { NamedOperation } from '@cipherspace/tools';

import type { RemoteChange } from './contract.ts';
import { isUnreachable } from './contract.ts';
import { EngineCore } from './core.ts';
import type { InlineChange } from './pull.ts';
import { reapplyAfterReplacement } from './replacement.ts';
import { MAX_SAVE_ATTEMPTS } from './state.ts';

/** A refresh waiting in the queue (see {@link Follower.reload}). */
interface QueuedRefresh {
  onlyBelow: number | null;
  snapshot: boolean;
  inline: InlineChange | null;
  done: Promise<void>;
}

/** The engine's following of the server (see the module comment). */
export class Follower<C, Op extends NamedOperation> extends EngineCore<C, Op> {
  private queuedReload: QueuedRefresh | null = null;

  /**
   * Loads the content (creating and saving the default when there is none), then pushes the log.
   * Content already shown stays visible until the new version arrives; a first load that fails
   * leads to status 'error' (retry with `load()` again), or — the server cannot be reached —
   * opens the cached content. Reloads asked for while one waits are merged into it.
   */
  load(): Promise<void> {
    return this.reload(null);
  }

  /**
   * Brings the content up to date after missed updates (a reconnect, back online) — by the
   * operations recorded since this tab's version when the server has them all, else like
   * {@link load} — and pushes the log. Merged into a refresh already waiting.
   */
  refresh(): Promise<void> {
    return this.reload(null, this.confirmed.content === null);
  }

  /**
   * A remote update announced `version`. Catches up when it is newer than what this tab has
   * (checked again when its turn comes): by the change's operations — inline ones when this tab
   * holds `baseVersion`, else those of changes-since — and by the snapshot only for a
   * replacement, a gap beyond the server's bound, or anything that does not apply. Deleted
   * content (version 0) is loaded again. The echo of this tab's own saves is ignored.
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
    return loaded.then(() =>
      this.enqueue(() => reapplyAfterReplacement(this.replacements, madeFrom, version)),
    );
  }

  /**
   * Another member announced a change in flight: `operations` (encrypted) on top of
   * `baseVersion`. Shown at once on top of this tab's content — not through the queue — until
   * the save that stores it arrives, a snapshot newer than `baseVersion` replaces it, or its time
   * is up. An operation that does not open or apply is left out.
   */
  async remotePending(baseVersion: number, operations: readonly string[]): Promise<void> {
    if (!this.pull.operations || operations.length === 0) return;
    let parsed;
    try {
      parsed = await Promise.all(operations.map((envelope) => this.pull.open(envelope)));
    } catch {
      return;
    }
    if (this.disposed || !this.proposals.isNew(parsed)) return;
    if (this.confirmed.version > baseVersion + MAX_SAVE_ATTEMPTS) return;
    this.proposals.add(baseVersion, parsed);
    this.setState({});
  }

  /**
   * Queues a refresh; with `onlyBelow` it is skipped if this tab has reached that version by the
   * time it runs. `snapshot` forces loading the whole document; otherwise the operations since
   * this tab's version are tried first. A request while one is waiting is merged into it.
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
      // The first load fetches, opens and shows the content while the persisted log is read
      // (IndexedDB and the tool's Web Lock: 30–70 ms of a first render); the log is laid over it
      // once read.
      const restoring = this.log.restoring === null;
      const first =
        request.snapshot && restoring
          ? this.pull.latest().then((latest) => this.confirm(latest))
          : null;
      first?.catch(() => undefined);
      await this.log.restore();
      if (restoring) this.setState({});
      if (first === null) {
        if (request.onlyBelow !== null && this.confirmed.version >= request.onlyBelow) return;
        if (!request.snapshot && (await this.catchUp(request.inline, request.onlyBelow))) {
          await this.pushNow();
          return;
        }
        if (this.state.status === 'error') this.setState({ status: 'loading', loadError: null });
      }
      try {
        await (first ?? this.pull.latest().then((latest) => this.confirm(latest)));
      } catch (error) {
        if (isUnreachable(error) && this.state.status !== 'loaded' && (await this.openCached()))
          return;
        // Content already on screen stays usable when a background reload fails.
        if (this.state.status === 'loaded') {
          if (isUnreachable(error)) this.setState({ offline: true });
          return;
        }
        this.setState({ status: 'error', loadError: error });
        return;
      }
      await this.pushNow();
    });
    return request.done;
  }

  /**
   * Brings the confirmed content up to at least `target` with operations alone; true when it
   * did. Any failure leaves everything as it was and answers false: the snapshot then decides.
   */
  private async catchUp(inline: InlineChange | null, target: number | null): Promise<boolean> {
    const { content, version } = this.confirmed;
    if (content === null || this.state.status !== 'loaded') return false;
    try {
      const caught = await this.pull.since({ content, version }, inline);
      if (caught === null || (target !== null && caught.version < target)) return false;
      if (caught.version !== this.confirmed.version) this.confirm(caught, caught.appliedIds);
      return true;
    } catch {
      return false;
    }
  }

  /** Shows the cached content, decrypted; false when there is none or it does not open. */
  private async openCached(): Promise<boolean> {
    if (!this.hasStore) return false;
    try {
      const cached = await this.log.cached();
      if (!cached) return false;
      const content = this.parts.domain.parse(await this.parts.codec.decrypt(cached.encryptedData));
      this.snapshots.opened(cached.version);
      this.confirm({ content, version: cached.version });
      this.setState({ offline: true });
      return true;
    } catch {
      return false;
    }
  }
}
