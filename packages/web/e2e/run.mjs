#!/usr/bin/env node
/**
 * `pnpm test:e2e`: builds the web app and runs Playwright in Debian's Chromium.
 * Without a browser: in CI (CI=true) that is a failure; elsewhere the e2e run is reported as
 * not run, with how to install one.
 * E2E_SKIP_BUILD=1 serves the build already there (E2E_WEB_DIST, else dist/) instead, e.g. the
 * one `.ci/run` made of the same tree a moment before; without an index.html there it fails.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!existsSync(chromium)) {
  const message = `Chromium not found at ${chromium}: install Debian's package (apt-get install chromium) or set CHROMIUM_PATH.`;
  if (process.env.CI) {
    console.error(`e2e: ${message}`);
    process.exit(1);
  }
  console.warn(`e2e NOT RUN: ${message}`);
  process.exit(0);
}

const run = (command, args) => {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
// E2E_WEB_DIST: build into (and serve) a directory of its own instead of dist/.
const outDir = process.env.E2E_WEB_DIST;
if (process.env.E2E_SKIP_BUILD !== '1') {
  run('pnpm', outDir ? ['build', '--outDir', outDir, '--emptyOutDir'] : ['build']);
} else if (!existsSync(join(outDir ?? join(root, 'dist'), 'index.html'))) {
  console.error(`e2e: E2E_SKIP_BUILD=1 but ${outDir ?? 'dist/'} holds no build (index.html)`);
  process.exit(1);
}
run('pnpm', ['exec', 'playwright', 'test', ...process.argv.slice(2)]);
