/**
 * vitest global setup of the whole workspace run (root vitest.config.ts): turns log capture on for
 * every test server (log-capture.ts) and, after the last test file, audits all captured log lines
 * for all captured secrets (log-audit.ts): a grep of the server logs after the whole suite must
 * find no token or verifier.
 *
 * - `TEST_LOG_DIR` unset: logs go to a fresh temporary directory, removed after a clean audit.
 * - `TEST_LOG_DIR=<dir>`: logs go to a new `run-…` directory inside it and are kept.
 * - `TEST_LOG_DIR=off`: no capture, no audit (test servers stay silent).
 * A leak sets the exit code to 1 and keeps the directory for inspection.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { auditLogDir } from './log-audit.ts';
import { TEST_LOG_DIR_ENV } from './log-capture.ts';

/** How many leaks the report lists in full. */
const LEAKS_SHOWN = 20;

export function setup(): (() => void) | undefined {
  const given = process.env[TEST_LOG_DIR_ENV];
  if (given === 'off') return undefined;
  let dir: string;
  if (given) {
    dir = join(given, `run-${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}`);
    mkdirSync(dir, { recursive: true });
  } else {
    dir = mkdtempSync(join(tmpdir(), 'cipherspace-test-logs-'));
  }
  // Test workers are created after this and inherit the environment.
  process.env[TEST_LOG_DIR_ENV] = dir;

  return function teardown() {
    const report = auditLogDir(dir);
    const figures = `${report.logLines} log lines of ${report.logFiles} test servers, ${report.secrets} secrets`;
    if (report.leaks.length === 0) {
      console.log(`log audit: no secret in ${figures}`);
      if (!given) rmSync(dir, { recursive: true, force: true });
      return;
    }
    console.error(
      `log audit: ${report.leaks.length} secrets found in ${figures} (logs kept in ${dir}):\n` +
        report.leaks
          .slice(0, LEAKS_SHOWN)
          .map((leak) => `  ${leak.file}:${leak.line} ${leak.secret}`)
          .join('\n'),
    );
    // A throwing teardown is only reported by vitest; the exit code is what fails the run.
    process.exitCode = 1;
  };
}
