/**
 * `cipherspace backup`: every tool's ciphertext exactly as the server stores it, with its
 * metadata, in one JSON file (mode 0600). Nothing is decrypted into the file: without the space
 * key it is as unreadable as the database. Each tool is opened once in memory to prove the
 * backup can be restored with this key, so a backup never silently holds content nobody can read,
 * and checked as restore will check it (`@cipherspace/tools`: strict parse and spec §5
 * validation): content restore would refuse is backed up as stored, with a warning saying why.
 *
 * File format (version 1, docs/cli.md "Backup file"):
 * `{format: 'cipherspace-backup', format_version: 1, created_at, server, space_name, note,
 *   tools: [{tool, version, last_modified, modified_by, content_metadata, encrypted_data}]}`.
 */
import { readFile } from 'node:fs/promises';

import { isEnvelope } from '@cipherspace/crypto';
import { z } from 'zod';

import { contentMetadataSchema } from './api-client.ts';
import { checkToolContent, describeProblems } from './content-check.ts';
import { CliError, EXIT, usageError } from './errors.ts';
import { isFsError, writePrivateFile } from './files.ts';
import { decryptTool, type SpaceContext } from './space-context.ts';
import { toolIdSchema, toolsToVisit } from './tools.ts';
import { currentContent } from './current-content.ts';

/** `format` of a backup file. */
export const BACKUP_FORMAT = 'cipherspace-backup';
/** The backup format this CLI writes and reads. */
export const BACKUP_FORMAT_VERSION = 1;

const backupToolSchema = z.object({
  tool: toolIdSchema,
  /** The version the tool had on the server when it was backed up. */
  version: z.number().int().min(1),
  /** ISO 8601 time of that version's save, when the server said. */
  last_modified: z.string().nullable(),
  /** Who saved that version, when the server said. */
  modified_by: z.string().nullable(),
  /** The server's content_metadata as it was (spec §3). */
  content_metadata: contentMetadataSchema,
  /** The envelope `{"data","iv","salt"}` as stored, byte for byte (crypto README §3). */
  encrypted_data: z
    .string()
    .refine(isEnvelope, { error: 'encrypted_data is not an encryption envelope' }),
});
export type BackupTool = z.infer<typeof backupToolSchema>;

export const backupSchema = z.object({
  format: z.literal(BACKUP_FORMAT, { error: `format must be "${BACKUP_FORMAT}"` }),
  format_version: z.literal(BACKUP_FORMAT_VERSION, {
    error: `format_version ${BACKUP_FORMAT_VERSION} is the only one this CLI reads`,
  }),
  created_at: z.string(),
  /** The server the backup came from (informational). */
  server: z.string(),
  space_name: z.string().min(1),
  /** A reminder for whoever finds the file. */
  note: z.string().optional(),
  tools: z
    .array(backupToolSchema)
    .refine((tools) => new Set(tools.map((entry) => entry.tool)).size === tools.length, {
      error: 'a tool appears twice',
    }),
});
export type Backup = z.infer<typeof backupSchema>;

export interface BackupResult {
  file: string;
  backup: Backup;
  skipped: string[];
}

/**
 * Backs up `ctx.session.space` into `file`. Refuses an existing file unless `force`. A known
 * tool whose content fails the registry's strict parse or spec §5 validation is still backed up
 * (ciphertext as stored) and reported with a warning.
 * @throws CliError exit 7 (file exists), 3 (a tool does not open with the key), 5, 6, 1.
 */
export async function backupSpace(
  ctx: SpaceContext,
  options: { file: string; force: boolean; now: Date },
): Promise<BackupResult> {
  const { client, session, spaceKey, reporter } = ctx;
  const listed = await client.listTools(session.space);
  const tools = toolsToVisit(listed.tools.map((entry) => entry.tool));
  const entries: BackupTool[] = [];
  const skipped: string[] = [];
  for (const [index, tool] of tools.entries()) {
    const step = (outcome: string) => reporter.step(index + 1, tools.length, tool, outcome);
    const record = await currentContent(ctx, tool);
    if (record === null) {
      skipped.push(tool);
      step('skipped (no content)');
      continue;
    }
    // Opened in memory only, and dropped: proves the key restores this tool, and that restore
    // will accept its content.
    const check = checkToolContent(
      tool,
      await decryptTool(tool, record.encrypted_data, spaceKey),
      'strict',
    );
    if (check.status === 'invalid') {
      reporter.warn(
        `${describeProblems(tool, check)}. Backed up as stored, but restore refuses ` +
          'a backup with content the app would not save.',
      );
    }
    const metadata = record.content_metadata;
    entries.push({
      tool,
      version: metadata.version,
      last_modified: metadata.last_modified ?? null,
      modified_by: metadata.modified_by ?? null,
      content_metadata: metadata,
      encrypted_data: record.encrypted_data,
    });
    step(`done (version ${metadata.version})`);
  }
  const backup: Backup = {
    format: BACKUP_FORMAT,
    format_version: BACKUP_FORMAT_VERSION,
    created_at: options.now.toISOString(),
    server: session.server,
    space_name: session.space,
    note: 'Encrypted with the space key; useless without it. Restore with `cipherspace restore --file <this file>`.',
    tools: entries,
  };
  try {
    await writePrivateFile(options.file, `${JSON.stringify(backup, null, 2)}\n`, {
      exclusive: !options.force,
    });
  } catch (error) {
    if (isFsError(error, 'EEXIST')) {
      throw new CliError(`${options.file} already exists.`, EXIT.refused, {
        cause: error,
        hint: 'Choose another --out, or pass --force to replace it.',
      });
    }
    throw new CliError(`Cannot write ${options.file}: ${(error as Error).message}`, EXIT.failure, {
      cause: error,
    });
  }
  return { file: options.file, backup, skipped };
}

/**
 * The backup in `file`, checked against the format.
 * @throws CliError exit 2 when the file cannot be read or is not a backup of this format.
 */
export async function readBackup(file: string): Promise<Backup> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new CliError(`Cannot read ${file}: ${(error as Error).message}`, EXIT.usage, {
      cause: error,
    });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw usageError(`${file} is not a cipherspace backup: not JSON.`);
  }
  const parsed = backupSchema.safeParse(json);
  if (!parsed.success) {
    throw usageError(`${file} is not a cipherspace backup:\n${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}
