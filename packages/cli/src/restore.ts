/**
 * `cipherspace restore`: a backup into the logged-in space, which must be new or empty (or
 * `--force`). Every tool is saved with the documented PUT and the right base version (spec §7:
 * 0 for a tool without content, the stored version when replacing with --force).
 *
 * Before anything is written, every tool of the backup is opened in memory with the key the
 * backup was made with, so a wrong key fails first (spec §8 message, exit 3) and the target never
 * receives content its members cannot read. Every tool this CLI knows is then checked with
 * `@cipherspace/tools` — strict parse and spec §5 validation, as the app checks before a save —
 * so the target never receives content the app would refuse (exit 2, naming tool and rule). A
 * tool the registry does not know (a newer server's) is restored unchecked.
 * - Same key (the default): the ciphertext is written exactly as backed up.
 * - Another key (`--source-key-file` / CIPHERSPACE_SOURCE_SPACE_KEY): each tool is re-encrypted
 *   here with the target's space key. Either way the server only ever sees ciphertext.
 */
import { encryptJson } from '@cipherspace/crypto';

import { ApiError } from './api-client.ts';
import { readBackup, type BackupTool } from './backup.ts';
import { checkToolContent, describeProblems } from './content-check.ts';
import { CliError, EXIT, usageError } from './errors.ts';
import { decryptTool, type SpaceContext } from './space-context.ts';

export interface RestoreOptions {
  file: string;
  /** The target the user named (`--space`); must be the logged-in space when given. */
  space: string | undefined;
  /** Replace tools the target already has (tools only in the target are kept). */
  force: boolean;
  /** The key the backup was made with, when it is not the target's key. */
  sourceKey: string | null;
}

export interface RestoreResult {
  /** The space the backup came from. */
  from: string;
  /** The space restored into. */
  into: string;
  restored: { tool: string; version: number }[];
  /** true when the content was re-encrypted with the target's key. */
  reencrypted: boolean;
  /** Tools of the target that --force replaced. */
  replaced: string[];
}

/** Metadata the server sets itself on every save; the rest of content_metadata is the caller's. */
const SERVER_METADATA = new Set(['version', 'last_modified', 'modified_by']);

/**
 * Restores `options.file` into `ctx.session.space`.
 * @throws CliError exit 2 (not a backup; --space is not the logged-in space; content that fails
 * the registry's strict parse or spec §5 validation, see {@link assertRestorable}), 3 (wrong key),
 * 7 (the target has content and no --force, or changed while restoring), 5, 6, 1.
 */
export async function restoreBackup(
  ctx: SpaceContext,
  options: RestoreOptions,
): Promise<RestoreResult> {
  const { client, session, spaceKey, reporter } = ctx;
  assertTarget(session.space, options.space);
  const backup = await readBackup(options.file);
  const sourceKey = options.sourceKey ?? spaceKey;
  const reencrypt = sourceKey !== spaceKey;

  // 1. Every tool opens with the source key — before the target is touched.
  const hint =
    options.sourceKey === null
      ? `The backup of "${backup.space_name}" does not open with the space key of "${session.space}". ` +
        'If it was made with another key, pass that key with --source-key-file or CIPHERSPACE_SOURCE_SPACE_KEY.'
      : `The source key does not open the backup of "${backup.space_name}".`;
  const plaintexts = new Map<string, unknown>();
  for (const entry of backup.tools) {
    plaintexts.set(
      entry.tool,
      await decryptTool(entry.tool, entry.encrypted_data, sourceKey, hint),
    );
  }

  // 2. Every known tool's content is what the app would save (spec §3 shape, §5 rules).
  assertRestorable(plaintexts, session.space);

  // 3. The target is new or empty, or --force says which tools may be replaced.
  const existing = new Map(
    (await client.listTools(session.space)).tools.map((entry) => [entry.tool, entry.version]),
  );
  if (existing.size > 0 && !options.force) {
    throw new CliError(
      `Space "${session.space}" already has content (${[...existing.keys()].join(', ')}).`,
      EXIT.refused,
      {
        hint: 'Restore into a new or empty space, or pass --force to replace the tools the backup contains.',
      },
    );
  }

  // 4. Save each tool on top of the version it has now (0 = none).
  reporter.info(
    `Restoring ${backup.tools.length} tool(s) from "${backup.space_name}" (${backup.created_at}) into "${session.space}"` +
      (reencrypt ? ', re-encrypting with the target key.' : '.'),
  );
  const result: RestoreResult = {
    from: backup.space_name,
    into: session.space,
    restored: [],
    reencrypted: reencrypt,
    replaced: [],
  };
  for (const [index, entry] of backup.tools.entries()) {
    const baseVersion = existing.get(entry.tool) ?? 0;
    const encrypted = reencrypt
      ? await encryptJson(plaintexts.get(entry.tool), spaceKey)
      : entry.encrypted_data;
    const saved = await save(ctx, entry, encrypted, baseVersion);
    if (baseVersion > 0) result.replaced.push(entry.tool);
    result.restored.push({ tool: entry.tool, version: saved });
    reporter.step(
      index + 1,
      backup.tools.length,
      entry.tool,
      baseVersion > 0 ? `replaced (version ${saved})` : `done (version ${saved})`,
    );
  }
  return result;
}

/**
 * Checks every decrypted tool of a backup (`plaintexts`: tool id → content) with the registry:
 * `parse(value)` (strict) and `validate(content)` (spec §5). Tools the registry does not know
 * pass unchecked. `target` is only named in the hint.
 * @throws CliError exit 2 (usage: the input file) when any tool fails, with every failing tool
 * and rule in the message, e.g. `Backup not restored: kanban: Title is required` or `Backup not
 * restored: kanban: not Kanban Board content (Column 1, Card 2: title must be text)` (a wrong
 * shape worded as `validate` words it); with several failing tools, one `  tool: problems` line
 * each below `Backup not restored:`.
 */
export function assertRestorable(plaintexts: ReadonlyMap<string, unknown>, target: string): void {
  const failures: string[] = [];
  for (const [tool, value] of plaintexts) {
    const check = checkToolContent(tool, value, 'strict');
    if (check.status === 'invalid') failures.push(describeProblems(tool, check));
  }
  if (failures.length > 0) {
    // One failing tool on the line of the message; several, one tool per line below it.
    const detail =
      failures.length === 1 ? ` ${failures.join('')}` : failures.map((f) => `\n  ${f}`).join('');
    throw new CliError(`Backup not restored:${detail}`, EXIT.usage, {
      hint:
        `Nothing was written to "${target}". The backup holds content the app would not save; ` +
        'fix it in the source space and back it up again.',
    });
  }
}

/**
 * Checks that `named` (the `--space` the user gave, if any) is the logged-in space `current`.
 * @throws CliError exit 2 when it is another space.
 */
export function assertTarget(current: string, named: string | undefined): void {
  if (named !== undefined && named !== current) {
    throw usageError(
      `You are logged in to "${current}", not "${named}".`,
      `Log in to the target first: cipherspace login --space "${named}" --user <name>`,
    );
  }
}

async function save(
  ctx: SpaceContext,
  entry: BackupTool,
  encrypted: string,
  baseVersion: number,
): Promise<number> {
  const callerMetadata = Object.fromEntries(
    Object.entries(entry.content_metadata).filter(([key]) => !SERVER_METADATA.has(key)),
  );
  try {
    const saved = await ctx.client.saveContent(ctx.session.space, entry.tool, encrypted, {
      ...callerMetadata,
      version: baseVersion,
    });
    return saved.content_metadata.version;
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) {
      throw new CliError(
        `Someone changed ${entry.tool} in "${ctx.session.space}" while restoring.`,
        EXIT.refused,
        {
          cause: error,
          hint: 'Nothing was overwritten. Check the space, then restore again (with --force).',
        },
      );
    }
    throw error;
  }
}
