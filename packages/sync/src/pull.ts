/**
 * Pull: bring this engine to the server's newest version — by the operations recorded since its
 * version (`content.changes`, or those inline in a content_update) when they are enough, else by
 * loading the snapshot (`content.find`), catching a lagging envelope up, or rebuilding from the
 * history. Creating the default content when the tool has none is part of the first pull.
 */
import { parseOperationFor, type NamedOperation, type Operation } from '@cipherspace/tools';

import { VersionConflictError, type StoredChange } from './contract.ts';
import type { Opened, SyncParts } from './parts.ts';
import {
  applyStored,
  type AppliedChange,
  type AppliedOperationListener,
  type Rebased,
} from './rebase.ts';
import { saveOnce } from './save.ts';
import type { Snapshots } from './snapshots.ts';
import { contentProblemOf, MAX_SAVE_ATTEMPTS, UnreadableContentError } from './state.ts';

/** Operations that arrived inline with a content_update, producing `version`. */
export interface InlineChange {
  version: number;
  operations: readonly string[];
  modifiedBy?: string;
}

/** How many applied changes are kept to tell who changed a conflicting field. */
const RECENT_CHANGES = 64;

/** The pulls of one engine. */
export class Pull<C, Op extends NamedOperation = NamedOperation> {
  /** The latest stored changes applied as operations, oldest first (who changed what). */
  recent: AppliedChange<C>[] = [];
  /** Told of each stored operation applied from the server (see SyncClient.onRemoteOperation). */
  readonly listeners = new Set<AppliedOperationListener<C>>();

  constructor(
    private readonly parts: SyncParts<C, Op>,
    private readonly snapshots: Snapshots,
  ) {}

  /** Whether changes can travel as operations (the codec opens operation envelopes). */
  get operations(): boolean {
    return this.parts.codec.decryptOperation !== undefined;
  }

  /**
   * Decrypts and parses one operation envelope. Rejects with DecryptError (wrong key, tampered)
   * or the operation format's error; with no operation channel, as an envelope that does not open.
   */
  async open(envelope: string): Promise<Operation> {
    const { codec, domain } = this.parts;
    if (!codec.decryptOperation) throw new Error('No operation channel');
    return parseOperationFor(domain, await codec.decryptOperation(envelope));
  }

  /**
   * The latest stored content, decrypted and checked (caught up when its envelope lags behind
   * saves of operations alone); when the server has none, the default content is created and
   * saved (if another tab created it at the same moment, theirs wins) — or, with `createMissing`
   * false, returned unsaved at version 0. A version that does not
   * open shows the newest that does, marked `unreadable`. Rejects as the transport does.
   */
  async latest(): Promise<Opened<C>> {
    const { transport, codec, domain, context, language } = this.parts;
    for (let attempt = 0; attempt < MAX_SAVE_ATTEMPTS; attempt++) {
      const stored = await transport.load();
      if (stored) {
        let content: C;
        let value: unknown = undefined;
        let decrypted = false;
        try {
          value = await codec.decrypt(stored.encryptedData);
          decrypted = true;
          content = domain.parse(value);
        } catch (error) {
          // Content that decrypts but is not the tool's names its first failing field.
          const problem = decrypted ? contentProblemOf(domain.metadata.name, error, value) : null;
          const by = stored.modifiedBy ?? null;
          // One bad save must not lock every member out: show the newest version that opens.
          const opened = stored.version <= 1 ? null : await this.kept(stored.version - 1);
          if (!opened) {
            if (!decrypted) throw error;
            throw new UnreadableContentError(stored.version, by, problem, error);
          }
          const unreadable = {
            version: stored.version,
            by,
            shownVersion: opened.version,
            ...(problem ? { problem } : {}),
          };
          return { content: opened.content, version: stored.version, unreadable };
        }
        this.snapshots.cache(stored.encryptedData, stored.version);
        const current = stored.currentVersion;
        if (current === undefined || current <= stored.version)
          return { content, version: stored.version };
        // Saves of operations alone came after the stored envelope: apply them.
        const base = { content, version: stored.version };
        const caught = await this.since(base, null, false).catch(() => null);
        if (caught) return caught;
        // Too many to fetch as changes: the history rebuilds the current version in pages, and
        // this engine stores it whole so the next load is short.
        const rebuilt = await this.kept(current);
        if (rebuilt?.version !== current) return base;
        this.snapshots.dueNow();
        return rebuilt;
      }
      const ctx = language ? { ...context, language: language() } : context;
      const created = domain.stamp(domain.defaultContent(ctx), {
        version: 1,
        lastModified: context.now(),
      });
      if (this.parts.createMissing === false) return { content: created, version: 0 };
      try {
        const envelope = await codec.encrypt(created);
        const version = await saveOnce(this.parts, envelope, 0);
        this.snapshots.cache(envelope, version);
        return { content: created, version };
      } catch (error) {
        if (!(error instanceof VersionConflictError)) throw error;
      }
    }
    throw new VersionConflictError();
  }

  /**
   * `base` with the changes after its version applied: the `inline` ones when they follow it
   * directly, else those the server recorded since. Null when operations cannot bring it up to
   * date (no operation channel, too far behind, a replacement). Throws when an envelope does not
   * open or an operation does not apply. `notify` false: the listeners are not told (a load
   * catching its envelope up).
   */
  async since(
    base: Opened<C>,
    inline: InlineChange | null = null,
    notify = true,
  ): Promise<Rebased<C> | null> {
    if (!this.operations) return null;
    let changes: readonly StoredChange[];
    if (inline?.version === base.version + 1) {
      const { version, operations, modifiedBy } = inline;
      changes = [{ version, kind: 'operations', operations, modifiedBy }];
    } else {
      const answer = await this.parts.transport.changes?.(base.version);
      if (!answer || answer.tooFarBehind) return null;
      changes = answer.changes;
    }
    const tell: AppliedOperationListener<C> | undefined = notify
      ? (...args) => {
          for (const listener of this.listeners) listener(...args);
        }
      : undefined;
    const rebased = await applyStored(this.parts.domain, base, changes, (e) => this.open(e), tell);
    if (rebased) this.recent = [...this.recent, ...rebased.applied].slice(-RECENT_CHANGES);
    return rebased;
  }

  /**
   * The ids among `ids` of operations the server stored after version `since` (their envelopes
   * opened, nothing applied): logged changes stored already by another replayer, or by a save
   * whose answer was lost. Best effort: empty without an operation channel or past the bound.
   */
  async storedAmong(since: number, ids: ReadonlySet<string>): Promise<Set<string>> {
    const found = new Set<string>();
    if (!this.operations) return found;
    try {
      const answer = await this.parts.transport.changes?.(since);
      if (!answer || answer.tooFarBehind) return found;
      for (const change of answer.changes)
        for (const envelope of change.operations ?? []) {
          const { id } = await this.open(envelope);
          if (ids.has(id)) found.add(id);
        }
    } catch {
      // The saves' 409s still tell a stored change.
    }
    return found;
  }

  /**
   * The newest kept version at or before `version` that opens, rebuilt from the history
   * (`openNewest` of ./history.ts), or null when none does or the transport keeps none.
   */
  async kept(version: number): Promise<{ version: number; content: C } | null> {
    const { transport, codec, domain } = this.parts;
    const keptVersion = transport.keptVersion?.bind(transport);
    if (!keptVersion) return null;
    const { openNewest } = await import('./history.ts');
    const decryptOperation =
      codec.decryptOperation?.bind(codec) ??
      (() => Promise.reject(new Error('No operation channel')));
    const history = { decrypt: (envelope: string) => codec.decrypt(envelope), decryptOperation };
    return openNewest(domain, history, { version: (v) => keptVersion(v) }, version).catch(
      () => null,
    );
  }
}
