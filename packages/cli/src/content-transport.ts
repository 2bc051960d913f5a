/**
 * The sync engine's ports over the CLI's REST client (spec §7 GET/PUT /api/content/{space}/{tool},
 * GET …/changes?since=, the history paths) and the space key (spec §9), so the CLI's changes to a
 * tool are made by `SyncClient` of `@cipherspace/sync` exactly as the web app's are. Errors map as
 * the app's tRPC transport does: a 409 → {@link VersionConflictError}; a save without any answer
 * (the client's network failure, exit 6) → {@link SaveAnswerLostError}, which the engine resends
 * with the same `Idempotency-Key`; a load without answer → {@link ServerUnreachableError}; every
 * other failure (CliError, ApiError) passes through as the cause the command reports.
 */
import { encryptJson } from '@cipherspace/crypto';
import {
  SaveAnswerLostError,
  ServerUnreachableError,
  VersionConflictError,
  type ChangesSince,
  type ContentCodec,
  type ContentTransport,
  type StoredChange,
  type StoredContent,
} from '@cipherspace/sync';
import type { ToolName } from '@cipherspace/tools';

import { ApiError, type ContentChanges } from './api-client.ts';
import { CliError, EXIT } from './errors.ts';
import { restHistorySource } from './history.ts';
import { toolCodec, type SpaceContext } from './space-context.ts';

/** What the transport tells of each save the server stored. */
export interface SavedChange {
  version: number;
  /** false when it went without operations: a replacement others load whole. */
  asOperations: boolean;
}

/** Hooks of {@link cliContentTransport}: told of each save's outcome. */
export interface TransportHooks {
  /** The server refused a save with 409: someone saved first. */
  conflict?(): void;
  /** The server stored a save. */
  saved?(change: SavedChange): void;
}

/**
 * A {@link ContentTransport} for `tool` of `ctx.session.space`. No `snapshot`: every save sends
 * the whole content too, so the stored envelope is current when this short-lived process ends.
 */
export function cliContentTransport(
  ctx: SpaceContext,
  tool: ToolName,
  hooks: TransportHooks = {},
): ContentTransport {
  const { client, session } = ctx;
  const history = restHistorySource(ctx, tool);
  return {
    async load(): Promise<StoredContent | null> {
      const record = await client
        .getContent(session.space, tool)
        .catch((error: unknown) => unreachable(error));
      if (record === null) return null;
      const { version, modified_by: by } = record.content_metadata;
      return {
        encryptedData: record.encrypted_data,
        version,
        ...(by === undefined ? {} : { modifiedBy: by }),
        ...(record.current_version === undefined ? {} : { currentVersion: record.current_version }),
      };
    },
    async save(encryptedData, baseVersion, operations, saveId) {
      const asOperations = operations !== undefined && operations.length > 0;
      let version: number;
      try {
        const saved = await client.saveContent(
          session.space,
          tool,
          encryptedData,
          { version: baseVersion },
          operations,
          saveId,
        );
        version = saved.content_metadata.version;
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) {
          hooks.conflict?.();
          throw new VersionConflictError({ cause: error });
        }
        // Sent, and no answer came: it may be stored; the engine resends it with the same id.
        if (isNetworkFailure(error)) throw new SaveAnswerLostError({ cause: error });
        throw error;
      }
      hooks.saved?.({ version, asOperations });
      return version;
    },
    async changes(since: number): Promise<ChangesSince | null> {
      const fetchPage = (from: number) =>
        client
          .contentChanges(session.space, tool, from)
          .catch((error: unknown) => unreachable(error));
      const answer = await fetchPage(since);
      if (answer === null) return null;
      // A large catch-up comes in pages of the server's size: follow them to the end.
      const records: ContentChanges['changes'] = [...answer.changes];
      let { version, too_far_behind: tooFarBehind } = answer;
      for (let next = answer.next_since; next !== undefined && !tooFarBehind;) {
        const page = await fetchPage(next);
        if (page === null) return null;
        ({ version, too_far_behind: tooFarBehind } = page);
        records.push(...page.changes);
        next = page.next_since;
      }
      return {
        version,
        tooFarBehind,
        changes: tooFarBehind ? [] : records.map(storedChange),
      };
    },
    keptVersion: (version) => history.version(version),
  };
}

/**
 * The engine's {@link ContentCodec} of `tool`: the content envelope with the space key, op1
 * envelopes under the space's operations key; decrypting rejects with CliError exit 3 (spec §8
 * message) when the key does not open an envelope.
 */
export function cliContentCodec(ctx: SpaceContext, tool: ToolName): ContentCodec {
  const codec = toolCodec(ctx, tool);
  return {
    encrypt: (value) => encryptJson(value, ctx.spaceKey),
    decrypt: (envelope) => codec.decrypt(envelope),
    encryptOperation: (operation) => codec.encryptOperation(operation),
    decryptOperation: (envelope) => codec.decryptOperation(envelope),
  };
}

function storedChange(change: ContentChanges['changes'][number]): StoredChange {
  return {
    version: change.version,
    kind: change.kind,
    operations: change.operations,
    ...(change.modified_by === undefined ? {} : { modifiedBy: change.modified_by }),
  };
}

/** The REST client's "cannot reach the server" (exit 6): no HTTP answer came. */
function isNetworkFailure(error: unknown): boolean {
  return error instanceof CliError && error.exitCode === EXIT.network;
}

function unreachable(error: unknown): never {
  throw isNetworkFailure(error) ? new ServerUnreachableError({ cause: error }) : error;
}
