/**
 * @cipherspace/cli — `cipherspace`: log in, export, back up and restore a space, and read and
 * restore a tool's version history, decrypting only on this machine (docs/cli.md). The modules are exported for scripts and tests; the command
 * line itself is `run(argv, io)`.
 */
export { ApiError, createApiClient, type ApiClient } from './api-client.ts';
export {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  backupSchema,
  backupSpace,
  readBackup,
  type Backup,
} from './backup.ts';
export { readEnvironment, type CliEnvironment } from './config.ts';
export {
  CliError,
  EXIT,
  SESSION_EXPIRED_MESSAGE,
  WRONG_KEY_MESSAGE,
  type ExitCode,
} from './errors.ts';
export { exportSpace, type ExportFormat, type ExportResult } from './export.ts';
export {
  formatHistory,
  historyJson,
  loadHistory,
  type HistoryJson,
  type HistoryPageResult,
} from './history.ts';
export type { CliIo } from './io.ts';
export { renderBoardMarkdown } from './markdown.ts';
export { buildProgram, CLI_VERSION, run } from './program.ts';
export { restoreBackup, type RestoreResult } from './restore.ts';
export {
  RESTORE_SAVE_ATTEMPTS,
  restoreVersion,
  type RestoreVersionResult,
} from './restore-version.ts';
export { readSession, type Session } from './session-store.ts';
