/**
 * What the engine is given: the server (a {@link ContentTransport}), the space key's encryption
 * (a {@link ContentCodec}) and the errors a transport rejects with (spec §4 content lifecycle,
 * §7 REST/tRPC content procedures, §9 envelopes). Everything here is an interface or an error: the
 * web app's adapters (tRPC, the worker's HTTP client) and tests implement them.
 */
import type { Operation } from '@cipherspace/tools';

/** The stored record of a tool as far as the engine needs it (`content.find`). */
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
 * One recorded change of the server's operation log: the version it produced and what made it —
 * `operations` (encrypted operation envelopes) or a `replacement` of the whole document.
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

/**
 * What rebuilds a kept version (`history.version`): the newest snapshot at or before it and the
 * changes after that snapshot, ascending.
 */
export interface KeptVersion {
  base: { version: number; encryptedData: string };
  changes: readonly StoredChange[];
}

/** The server side: the content API (`content.find` / `save` / `snapshot` / `changes` / `propose`). */
export interface ContentTransport {
  /** The stored content, or null when the tool has none yet. */
  load(): Promise<StoredContent | null>;
  /**
   * Stores `encryptedData` on top of `baseVersion` (0 = none yet) with the encrypted `operations`
   * that produced it (none: a replacement), and resolves the new version. `encryptedData` null:
   * the operations alone (not on a first save); the stored envelope stays behind until a
   * `snapshot` is uploaded. `saveId` names this save: the engine sends the same id again when it
   * resends after a lost answer, and the server then answers with the original result. Rejects
   * with {@link VersionConflictError} on 409, with {@link SaveAnswerLostError} when no answer
   * came, with {@link ServerUnreachableError} when nothing was sent; any other rejection is a
   * failed save.
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
   * `baseVersion` (`content.propose`). Best effort: a failure only means they see the change
   * when the save lands.
   */
  propose?(baseVersion: number, operations: readonly string[]): Promise<void>;
  /**
   * What rebuilds kept `version` (`history.version`); rejects when it is not kept. Without it, a
   * stored version that does not open is a load error.
   */
  keptVersion?(version: number): Promise<KeptVersion>;
}

/**
 * Encryption with the space key (in the app: the content envelope and the operations envelope of
 * `@cipherspace/crypto`). Without the operation half, changes travel as snapshots only.
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
 * What a content_update says beyond the new version: the version the change was applied to,
 * whether it was operations or a replacement, and the operations themselves when they were small
 * enough to travel inline.
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
 * A save got no answer — the connection dropped or the network failed after it was sent — so it
 * may or may not be stored. The engine sends it again with the same save id: the server answers a
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
