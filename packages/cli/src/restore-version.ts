/**
 * `cipherspace restore-version`: makes an earlier version of a tool the current content again — as
 * a NEW version on top of the current one, exactly as the web app's "Restore this version" does, so
 * every member sees it live and it stays in the history:
 *
 * 1. version N is rebuilt here from the kept history (`loadTimeline`, see ./history.ts);
 * 2. the sync engine (`SyncClient` of `@cipherspace/sync`, over ./content-transport.ts) loads the
 *    current content and restores N as one `patch` operation by the member: applied, validated,
 *    encrypted (the snapshot with the space key, the operation into an op1 envelope) and saved
 *    with `PUT /api/content/{space}/{tool}` on the current version — re-applied on the latest
 *    after each 409 (made again from the latest when a teammate changed a field it sets), up to
 *    {@link RESTORE_SAVE_ATTEMPTS} saves, and saved whole (a replacement) when the operation is
 *    longer than the server accepts, or when the current version does not open (the engine
 *    shows the newest that does; a third party's save that is not the tool's content).
 *
 * The server only ever receives ciphertext.
 */
import { randomUUID } from 'node:crypto';

import { OPERATION_ENVELOPE_MAX_CHARS } from '@cipherspace/crypto';
import {
  ContentValidationError,
  MAX_SAVE_ATTEMPTS,
  SyncClient,
  VersionConflictError,
  type PerformResult,
} from '@cipherspace/sync';
import { formatContentProblem, type ContentProblem, type ToolName } from '@cipherspace/tools';

import { ApiError } from './api-client.ts';
import { cliContentCodec, cliContentTransport, type SavedChange } from './content-transport.ts';
import { CliError, EXIT, usageError } from './errors.ts';
import { loadHistory, toolDefinition, versionNotKept } from './history.ts';
import type { SpaceContext } from './space-context.ts';

/** How many times a restore is saved before it gives up on others' saves (the engine's). */
export const RESTORE_SAVE_ATTEMPTS = MAX_SAVE_ATTEMPTS;

/** What {@link restoreVersion} did. */
export type RestoreVersionResult =
  /** Saved as `savedAs`; `asOperation` false when it went as a whole content (too large). */
  | { status: 'restored'; version: number; savedAs: number; asOperation: boolean }
  /** `version` is the current version: nothing to do. */
  | { status: 'current'; version: number }
  /** The current version (`current`) already has `version`'s content: nothing to do. */
  | { status: 'unchanged'; version: number; current: number };

/**
 * Restores `version` of `tool` in `ctx.session.space` as a new version; `now` stamps the
 * operation (its `at`, and the content's `lastModified`).
 * @throws CliError exit 2 (no content, `version` not kept or newer than the current one), 3 (an
 * envelope this key does not open), 7 (others kept saving: {@link RESTORE_SAVE_ATTEMPTS}
 * conflicts), 1 (version N does not open, the result would not be valid content, or the server
 * refused), 5, 6.
 */
export async function restoreVersion(
  ctx: SpaceContext,
  tool: ToolName,
  version: number,
  now: () => Date,
): Promise<RestoreVersionResult> {
  const { session, reporter } = ctx;
  let loaded = false;
  let conflicts = 0;
  const saves: SavedChange[] = [];
  const transport = cliContentTransport(ctx, tool, {
    conflict: () => {
      conflicts += 1;
      if (conflicts < RESTORE_SAVE_ATTEMPTS)
        reporter.info(
          `Someone saved ${tool} meanwhile; restoring version ${version} on the latest.`,
        );
    },
    saved: (change) => saves.push(change),
  });
  const client = new SyncClient({
    domain: toolDefinition(tool),
    // The engine would create and save the default content of a tool without any: not here.
    transport: {
      ...transport,
      load: async () => (await transport.load()) ?? noContent(tool, loaded),
    },
    codec: cliContentCodec(ctx, tool),
    author: session.user.username,
    context: { now: () => now().toISOString(), newId: () => randomUUID() },
  });
  try {
    await client.load();
    const state = client.getState();
    if (state.status !== 'loaded') throw cliErrorOf(state.loadError, tool, version);
    loaded = true;
    const current = state.version;
    if (version > current) {
      throw usageError(
        `Version ${version} of ${tool} does not exist yet (the current version is ${current}).`,
        `Run \`cipherspace history --tool ${tool}\` to see its versions.`,
      );
    }
    if (version === current) return { status: 'current', version };

    // Version N alone: the page of one version below N + 1.
    const page = await loadHistory(ctx, tool, { before: version + 1, limit: 1 });
    const target = page?.timeline.versions[0];
    if (!page || target?.version !== version) {
      const unreadable = page?.timeline.unreadable.find((entry) => entry.version === version);
      if (unreadable) throw notContent(tool, version, unreadable.problem);
      throw versionNotKept(tool, version, page?.oldestVersion ?? null);
    }

    let result = await client.restore(target.content);
    // After a 409 the engine re-applies the same patch; when a teammate's change met a field it
    // sets, that ends in conflict — a patch made from the latest content restores version N all
    // the same, while the save attempts last.
    while (
      result.status === 'conflict' &&
      !(result.error instanceof VersionConflictError) &&
      conflicts < RESTORE_SAVE_ATTEMPTS
    ) {
      result = await client.restore(target.content);
    }
    if (result.status !== 'saved') throw failure(result, tool, version, conflicts);
    const stored = saves.at(-1) ?? null;
    if (result.queued) throw cliErrorOf(null, tool, version);
    if (stored === null) {
      return { status: 'unchanged', version, current: client.getState().version };
    }
    if (state.unreadable) {
      // The current version does not open: the engine saves the restore whole on top of it, so
      // every member opens the tool again (no operation could apply to it).
      const { problem } = state.unreadable;
      reporter.info(
        `The current version ${state.unreadable.version} of ${tool} does not open` +
          (problem ? ` (${formatContentProblem(problem)})` : '') +
          `; version ${version} is saved as a whole new content on top of it.`,
      );
    } else if (!stored.asOperations) {
      reporter.warn(
        `the server did not accept the restore as an operation (longer than the ` +
          `${OPERATION_ENVELOPE_MAX_CHARS} characters it takes); it is saved as a whole new ` +
          'content instead, which others load in full.',
      );
    }
    return {
      status: 'restored',
      version,
      savedAs: stored.version,
      asOperation: stored.asOperations,
    };
  } finally {
    client.dispose();
  }
}

/** A load found no content: none from the start (exit 2), or deleted while restoring (exit 7). */
function noContent(tool: string, loaded: boolean): never {
  if (!loaded) {
    throw usageError(
      `${tool} has no content yet: there is no version to restore.`,
      `Run \`cipherspace history --tool ${tool}\` to see a tool's versions.`,
    );
  }
  throw new CliError(`${tool} was deleted while restoring.`, EXIT.refused, {
    hint: 'Nothing was saved.',
  });
}

/**
 * Version `version` is kept but does not open (a third party's save that is not the tool's
 * content, or one this key does not open): exit 1, naming the first failing field when there is
 * one, in the words `validate` and the app use.
 */
function notContent(tool: string, version: number, problem: ContentProblem | undefined): CliError {
  return new CliError(
    `Version ${version} of ${tool} cannot be restored: it does not open` +
      (problem ? ` (${formatContentProblem(problem)}).` : '.'),
    EXIT.failure,
    {
      hint:
        'Nothing was saved. The app would not open this content either; ' +
        `run \`cipherspace history --tool ${tool}\` to see the versions that open.`,
    },
  );
}

/** What a restore that was not saved means for the command. */
function failure(
  result: Exclude<PerformResult<unknown>, { status: 'saved' }>,
  tool: string,
  version: number,
  conflicts: number,
): CliError | ApiError {
  const { error } = result;
  const exhausted = conflicts >= RESTORE_SAVE_ATTEMPTS || error instanceof VersionConflictError;
  if (result.status === 'conflict' && exhausted) {
    return new CliError(
      `${tool} kept changing: version ${version} was not restored after ${conflicts} attempts.`,
      EXIT.refused,
      { hint: 'Nothing was overwritten. Try again when others have finished saving.' },
    );
  }
  if (result.status === 'conflict') {
    return new CliError(
      `${tool} changed meanwhile: version ${version} could not be restored on the latest ` +
        `content (${messageOf(error)}).`,
      EXIT.refused,
      { hint: 'Nothing was overwritten. Run the command again to restore on the latest content.' },
    );
  }
  if (result.status === 'failed') return cliErrorOf(error, tool, version);
  const problems = error instanceof ContentValidationError ? error.problems : [messageOf(error)];
  return new CliError(
    `Version ${version} of ${tool} cannot be restored: ${problems.join('; ')}`,
    EXIT.failure,
    { hint: 'Nothing was saved. The app would not save this content either.' },
  );
}

/**
 * The REST client's own error behind an engine error (the transport keeps it as the cause), as
 * the program reports it; anything else as exit 1. null: the save waits for a server that could
 * not be reached (exit 6).
 */
function cliErrorOf(error: unknown, tool: string, version: number): CliError | ApiError {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof CliError || cause instanceof ApiError) return cause;
  }
  if (error === null) {
    return new CliError(
      `The server could not be reached: version ${version} of ${tool} may not be restored.`,
      EXIT.network,
      { hint: `Run \`cipherspace history --tool ${tool}\` to see whether it was.` },
    );
  }
  return new CliError(
    `Version ${version} of ${tool} was not restored: ${messageOf(error)}`,
    EXIT.failure,
    { cause: error },
  );
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
