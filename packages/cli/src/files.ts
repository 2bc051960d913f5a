/**
 * Writing files the CLI creates: readable only by the user (0600, folders 0700), written to a
 * temporary name first and renamed, so a crash never leaves half a session or half a backup.
 */
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** Permissions of every file the CLI writes: owner read/write only. */
export const PRIVATE_FILE_MODE = 0o600;
/** Permissions of every folder the CLI creates: owner only. */
export const PRIVATE_DIR_MODE = 0o700;

/**
 * Writes `text` to `path` with mode 0600, atomically (temp file + rename). With
 * `exclusive`, fails with an EEXIST error when `path` already exists. Creates missing parent
 * folders with mode 0700.
 */
export async function writePrivateFile(
  path: string,
  text: string,
  options: { exclusive?: boolean } = {},
): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: PRIVATE_DIR_MODE });
  if (options.exclusive) {
    // Claim the name first, so two runs cannot both think it is free.
    const claim = await open(path, 'wx', PRIVATE_FILE_MODE);
    await claim.close();
  }
  const temp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const handle = await open(temp, 'wx', PRIVATE_FILE_MODE);
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    // The umask cannot widen 0600, but an odd one could narrow it to unreadable for the owner.
    await chmod(temp, PRIVATE_FILE_MODE);
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    if (options.exclusive) await rm(path, { force: true });
    throw error;
  }
}

/** Creates `path` (and its parents) as a private folder, if missing. */
export async function ensurePrivateDir(path: string): Promise<void> {
  await mkdir(path, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/** true when `error` is a Node file-system error with `code`. */
export function isFsError(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}
