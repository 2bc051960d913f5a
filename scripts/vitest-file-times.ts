/**
 * vitest reporter for `.ci/run` and `pnpm ci:profile`: writes one line per test file —
 * `{ project, file, ms, setupMs }` as JSON Lines — to `$TEST_REPORT_DIR/vitest-files.jsonl`.
 * `ms` is the time the file's tests and hooks took; `setupMs` what came before them in its
 * worker (environment, setup files, collecting its imports).
 */
import { writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

import type { Reporter, TestModule } from 'vitest/node';

export default class FileTimesReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const dir = process.env.TEST_REPORT_DIR;
    if (!dir) return;
    const lines = testModules.map((module) => {
      const diagnostic = module.diagnostic();
      return JSON.stringify({
        project: module.project.name,
        file: relative(process.cwd(), module.moduleId),
        ms: Math.round(diagnostic.duration),
        setupMs: Math.round(
          diagnostic.environmentSetupDuration +
            diagnostic.prepareDuration +
            diagnostic.collectDuration +
            diagnostic.setupDuration,
        ),
      });
    });
    writeFileSync(join(dir, 'vitest-files.jsonl'), `${lines.join('\n')}\n`);
  }
}
