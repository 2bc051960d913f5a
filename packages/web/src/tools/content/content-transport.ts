/**
 * The content lifecycle's ports bound to the real things: our `content.find` / `content.save` /
 * `content.changes` procedures (spec §7 GET/PUT /api/content/{spaceName}/{tool}, and GET …/changes)
 * and AES-GCM with the space key (spec §9, `@cipherspace/crypto`: the content envelope from
 * pre-derived keys, the op1 operation envelope under the space's operations key). Works with the
 * app's tRPC client and with a server-side caller alike, so tests run the same mapping against a
 * real server.
 */
import {
  createEnvelopeKeyPool,
  decryptJson,
  decryptOperation,
  deriveOperationsKey,
  encryptOperation,
  type EnvelopeKeyPool,
  type OperationsKey,
} from '@cipherspace/crypto';
import type { ToolName } from '@cipherspace/tools/metadata';

import {
  SaveAnswerLostError,
  ServerUnreachableError,
  VersionConflictError,
  type ChangesSince,
  type RemoteChange,
  type ContentCodec,
  type ContentTransport,
  type StoredContent,
} from '@cipherspace/sync';
import { isNetworkFailure } from '../../lib/network-failure.ts';
import { contentVersion } from './content-record.ts';
import { tabEnvelopeWorker } from './envelope-client.ts';

interface ToolInput {
  space_name: string;
  tool: ToolName;
}

/** One change of a `content.changes` answer, as the API sends it. */
interface ChangeRecord {
  version: number;
  kind: 'operations' | 'replacement';
  operations: string[] | null;
  modified_by?: string;
}

/**
 * The content procedures, as a client (`client.content.find.query`) or caller provides them.
 * `find` answers null for a tool without content (no HTTP error: a first visit is normal).
 * Without `changes`, the lifecycle catches up by snapshot only.
 */
export interface ContentApi {
  find(input: ToolInput): Promise<{
    encrypted_data: string;
    content_metadata: unknown;
    current_version?: number;
  } | null>;
  save(
    input: ToolInput & {
      encrypted_data?: string;
      metadata: { version: number };
      operations?: string[];
      save_id?: string;
    },
  ): Promise<{ content_metadata: unknown }>;
  /** A page of `content.changes`; `next_since` when the server cut it at its page size. */
  changes?(input: ToolInput & { since: number }): Promise<{
    version: number;
    too_far_behind: boolean;
    changes: ChangeRecord[];
    next_since?: number;
  }>;
  /** `content.snapshot`: the snapshot of a version saved as operations only. */
  snapshot?(input: ToolInput & { version: number; encrypted_data: string }): Promise<unknown>;
  /** `content.propose` with this tab's client id already filled in (so it is not echoed here). */
  propose?(input: ToolInput & { base_version: number; operations: string[] }): Promise<unknown>;
  /** `history.version`: what rebuilds a kept version, to open an earlier one. */
  historyVersion?(input: ToolInput & { version: number }): Promise<{
    base: { version: number; encrypted_data: string };
    changes: ChangeRecord[];
  }>;
}

/**
 * The tRPC error code of `error` ('CONFLICT', 'NOT_FOUND', …): from a TRPCClientError's
 * `data.code` or a server-side TRPCError's `code`; undefined for anything else.
 */
export function trpcErrorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const data = (error as { data?: { code?: unknown } }).data;
  if (typeof data?.code === 'string') return data.code;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^[A-Z_]+$/.test(code) ? code : undefined;
}

/**
 * A {@link ContentTransport} for `tool` of `spaceName`: no content yet → null (`find`'s null, or
 * a 404 of `changes`), 409 → {@link VersionConflictError}, a save without any answer from the
 * server (a client error with no tRPC code: network failure, dropped connection) →
 * {@link SaveAnswerLostError}; a load or changes-since that could not reach the server
 * ({@link isNetworkFailure}) → {@link ServerUnreachableError}; other errors pass through.
 */
export function contentTransport(
  api: ContentApi,
  spaceName: string,
  tool: ToolName,
): ContentTransport {
  const input = { space_name: spaceName, tool };
  return {
    async load(): Promise<StoredContent | null> {
      const record = await api.find(input).catch((error: unknown) => {
        throw isNetworkFailure(error) ? new ServerUnreachableError({ cause: error }) : error;
      });
      if (!record) return null;
      const by = (record.content_metadata as { modified_by?: unknown } | null)?.modified_by;
      return {
        encryptedData: record.encrypted_data,
        version: contentVersion(record.content_metadata),
        ...(typeof by === 'string' ? { modifiedBy: by } : {}),
        ...(typeof record.current_version === 'number'
          ? { currentVersion: record.current_version }
          : {}),
      };
    },
    async save(encryptedData, baseVersion, operations, saveId) {
      try {
        const saved = await api.save({
          ...input,
          ...(encryptedData === null ? {} : { encrypted_data: encryptedData }),
          metadata: { version: baseVersion },
          ...(operations?.length ? { operations: [...operations] } : {}),
          ...(saveId === undefined ? {} : { save_id: saveId }),
        });
        return contentVersion(saved.content_metadata);
      } catch (error) {
        const code = trpcErrorCode(error);
        if (code === 'CONFLICT') throw new VersionConflictError({ cause: error });
        if (code === undefined) throw new SaveAnswerLostError({ cause: error });
        throw error;
      }
    },
    ...(api.snapshot && {
      snapshot: async (version: number, encryptedData: string) => {
        await api.snapshot?.({ ...input, version, encrypted_data: encryptedData });
      },
    }),
    ...(api.propose && {
      propose: async (baseVersion: number, operations: readonly string[]) => {
        await api.propose?.({ ...input, base_version: baseVersion, operations: [...operations] });
      },
    }),
    ...(api.historyVersion && {
      keptVersion: async (version: number) => {
        const answer = await api.historyVersion?.({ ...input, version });
        if (!answer) throw new Error('No history');
        return {
          base: { version: answer.base.version, encryptedData: answer.base.encrypted_data },
          changes: answer.changes.map(({ version: changed, kind, operations, modified_by }) => ({
            version: changed,
            kind,
            operations,
            ...(modified_by === undefined ? {} : { modifiedBy: modified_by }),
          })),
        };
      },
    }),
    ...(api.changes && {
      changes: async (since: number): Promise<ChangesSince | null> => {
        try {
          const answer = await api.changes?.({ ...input, since });
          if (!answer) return null;
          // A large catch-up comes in pages of the server's size: follow them to the end.
          const records = [...answer.changes];
          let tooFarBehind = answer.too_far_behind;
          let current = answer.version;
          for (let next = answer.next_since; next !== undefined && !tooFarBehind;) {
            const page = await api.changes?.({ ...input, since: next });
            if (!page) return null;
            tooFarBehind = page.too_far_behind;
            current = page.version;
            records.push(...page.changes);
            next = page.next_since;
          }
          return {
            version: current,
            tooFarBehind,
            changes: (tooFarBehind ? [] : records).map(
              ({ version, kind, operations, modified_by }) => ({
                version,
                kind,
                operations,
                ...(modified_by === undefined ? {} : { modifiedBy: modified_by }),
              }),
            ),
          };
        } catch (error) {
          if (trpcErrorCode(error) === 'NOT_FOUND') return null;
          if (isNetworkFailure(error)) throw new ServerUnreachableError({ cause: error });
          throw error;
        }
      },
    }),
  };
}

/**
 * What a content_update's data (spec §3, plus the fields of a save with operations) tells the
 * lifecycle beyond the version: a message without `kind` is a replacement (a save without
 * operations) — load it.
 */
export function remoteChangeOf(data: {
  base_version?: number;
  kind?: 'operations';
  operations?: string[];
  modified_by?: string;
}): RemoteChange {
  return {
    baseVersion: data.base_version,
    kind: data.kind ?? 'replacement',
    operations: data.operations,
    modifiedBy: data.modified_by,
  };
}

/**
 * The key pool of this tab's space key: one for the tab, replaced when another space key is
 * used (a tab works in one space at a time), so a pair prepared ahead serves every tool.
 */
let pool: { spaceKey: string; pool: EnvelopeKeyPool } | null = null;

function keyPoolFor(spaceKey: string): EnvelopeKeyPool {
  if (pool?.spaceKey !== spaceKey) {
    pool?.pool.clear();
    pool = { spaceKey, pool: createEnvelopeKeyPool(spaceKey) };
  }
  return pool.pool;
}

/**
 * Encrypts and decrypts tool content of `spaceName` with `spaceKey` (spec §9; derived keys cached
 * per salt): a whole content into the content envelope, serialised and encrypted in the tab's
 * envelope worker (./envelope-client.ts; in the page where there is no worker or it fails), from
 * a (salt, key) pair derived ahead of time, so a save never waits for PBKDF2 (the next pair is
 * derived right after, and `prepare()` derives one from idle time); operations into op1 envelopes
 * under the space's operations key (one PBKDF2 per space and tab, then HKDF per envelope), in the
 * page: they are small. Decryption stays in the page.
 */
export function spaceKeyCodec(
  spaceKey: string,
  spaceName: string,
): ContentCodec & Required<Pick<ContentCodec, 'decryptOperation'>> & { prepare(): Promise<void> } {
  // Derived (or taken from the tab's cache) once per codec, not per envelope.
  let key: Promise<OperationsKey> | null = null;
  const operationsKey = () =>
    (key ??= deriveOperationsKey(spaceKey, spaceName).catch((error: unknown) => {
      key = null;
      throw error;
    }));
  return {
    encrypt: async (value) =>
      (await tabEnvelopeWorker().encrypt(spaceKey, value)) ?? keyPoolFor(spaceKey).encrypt(value),
    decrypt: (envelope) => decryptJson(envelope, spaceKey),
    encryptOperation: async (operation) => encryptOperation(operation, await operationsKey()),
    decryptOperation: async (envelope) => decryptOperation(envelope, await operationsKey()),
    prepare: async () => {
      const contentKey = tabEnvelopeWorker()
        .prepare(spaceKey)
        .then((prepared) => (prepared ? undefined : keyPoolFor(spaceKey).prepare()));
      await Promise.all([contentKey, operationsKey()]);
    },
  };
}
