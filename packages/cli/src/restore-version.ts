/**
 * `cipherspace restore-version`: makes an earlier version of a tool the current content again — as
 * a NEW version on top of the current one, exactly as the web app's "Restore this version" does, so
 * every member sees it live and it stays in the history:
 *
 * 1. version N is rebuilt here from the kept history (`loadTimeline`, see ./history.ts);
 * 2. the current content is fetched and decrypted; `patchBetween(current, N)` of the tool's
 *    registry entry gives one `patch` operation (the generic operation of every tool that undo
 *    uses too), which is applied (`applyAll` of `@cipherspace/sync`), validated (spec §5) and
 *    stamped with version current + 1;
 * 3. the snapshot is encrypted with the space key and the operation into an op1 envelope under
 *    the space's operations key, and both are saved with `PUT /api/content/{space}/{tool}`
 *    (`metadata.version` = the current version, `operations` = [the patch]).
 *
 * When someone saves in between (409) the patch is computed again on the latest content, up to
 * {@link RESTORE_SAVE_ATTEMPTS} times, so the result is always version N's content. The server
 * only ever receives ciphertext.
 */
import { randomUUID } from 'node:crypto';

import { encryptJson } from '@cipherspace/crypto';
import { applyAll } from '@cipherspace/sync';
import type { ToolName } from '@cipherspace/tools';

import { ApiError, type ContentRecord } from './api-client.ts';
import { CliError, EXIT, usageError } from './errors.ts';
import { loadHistory, toolDefinition, versionNotKept } from './history.ts';
import { toolCodec, type SpaceContext } from './space-context.ts';
import { currentContent } from './current-content.ts';

/** How many times a restore is saved before it gives up on others' saves (as the web app). */
export const RESTORE_SAVE_ATTEMPTS = 5;

/** What {@link restoreVersion} did. */
export type RestoreVersionResult =
  /** Saved as `savedAs`; `asOperation` false when the server refused the operation (too large). */
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
 * conflicts), 1 (the result would not be valid content, or the server refused), 5, 6.
 */
export async function restoreVersion(
  ctx: SpaceContext,
  tool: ToolName,
  version: number,
  now: () => Date,
): Promise<RestoreVersionResult> {
  const { session, spaceKey, reporter } = ctx;
  const domain = toolDefinition(tool);
  const codec = toolCodec(ctx, tool);

  let record = await currentContent(ctx, tool);
  if (record === null) {
    throw usageError(
      `${tool} has no content yet: there is no version to restore.`,
      `Run \`cipherspace history --tool ${tool}\` to see a tool's versions.`,
    );
  }
  const current = record.content_metadata.version;
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
    throw versionNotKept(tool, version, page?.oldestVersion ?? null);
  }

  let attempt = 0;
  for (;;) {
    attempt += 1;
    const base = record.content_metadata.version;
    const content = domain.parse(await codec.decrypt(record.encrypted_data));
    const patch = domain.patchBetween(content, target.content);
    if (patch.changes.length === 0) return { status: 'unchanged', version, current: base };
    const operation = domain.createOperation(patch, {
      id: randomUUID(),
      at: now().toISOString(),
      by: session.user.username,
    });
    const next = applyAll(domain, content, [operation]);
    if (next === content) return { status: 'unchanged', version, current: base };
    const problems = domain.validate(next);
    if (problems.length > 0) {
      throw new CliError(
        `Version ${version} of ${tool} cannot be restored: ${problems.join('; ')}`,
        EXIT.failure,
        { hint: 'Nothing was saved. The app would not save this content either.' },
      );
    }
    const stamped = domain.stamp(next, { version: base + 1, lastModified: operation.at });
    const [envelope, sealed] = await Promise.all([
      encryptJson(stamped, spaceKey),
      codec.encryptOperation(operation),
    ]);
    const saved = await save(ctx, tool, envelope, base, sealed);
    if (saved !== null) return { status: 'restored', version, ...saved };

    // Someone saved first: restore on top of what is stored now.
    if (attempt >= RESTORE_SAVE_ATTEMPTS) {
      throw new CliError(
        `${tool} kept changing: version ${version} was not restored after ${attempt} attempts.`,
        EXIT.refused,
        { hint: 'Nothing was overwritten. Try again when others have finished saving.' },
      );
    }
    reporter.info(`Someone saved ${tool} meanwhile; restoring version ${version} on the latest.`);
    record = await latest(ctx, tool);
  }
}

/**
 * Saves `envelope` on `base` with the operation `sealed`; null on a 409. When the server
 * refuses the operation (422, e.g. a patch larger than an operation envelope may be), the
 * snapshot is saved alone — a replacement in the history — with a warning.
 */
async function save(
  ctx: SpaceContext,
  tool: string,
  envelope: string,
  base: number,
  sealed: string,
): Promise<{ savedAs: number; asOperation: boolean } | null> {
  const put = async (operations: readonly string[] | undefined) => {
    try {
      const saved = await ctx.client.saveContent(
        ctx.session.space,
        tool,
        envelope,
        { version: base },
        operations,
      );
      return saved.content_metadata.version;
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) return null;
      throw error;
    }
  };
  try {
    const savedAs = await put([sealed]);
    return savedAs === null ? null : { savedAs, asOperation: true };
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 422)) throw error;
    ctx.reporter.warn(
      `the server did not accept the restore as an operation (${error.detail}); ` +
        'it is saved as a whole new content instead, which others load in full.',
    );
    const savedAs = await put(undefined);
    return savedAs === null ? null : { savedAs, asOperation: false };
  }
}

async function latest(ctx: SpaceContext, tool: string): Promise<ContentRecord> {
  const record = await currentContent(ctx, tool);
  if (record === null) {
    throw new CliError(`${tool} was deleted while restoring.`, EXIT.refused, {
      hint: 'Nothing was saved.',
    });
  }
  return record;
}
