import { defineConfig } from '@playwright/test';

import { chromiumExecutable, CHROMIUM_ARGS } from './e2e/browser.ts';

/** How many times slower than the reference machine this one is (.ci/run measures it; ≥ 1). */
const slowdown = Math.max(1, Number(process.env.TEST_SLOWDOWN) || 1);

/**
 * End-to-end tests in real Chromium (Debian's `chromium`; never a downloaded browser) against
 * real server processes with real databases. Each worker starts its own server (see
 * e2e/fixtures.ts), so tests never share state through a server.
 */
export default defineConfig({
  testDir: './e2e',
  // Per test and per expectation, stretched on a slower machine by TEST_SLOWDOWN.
  timeout: Math.round(60_000 * slowdown),
  expect: { timeout: Math.round(10_000 * slowdown) },
  fullyParallel: false,
  // Two: each worker runs a server and a Chromium, and a third only slowed a 2-core machine.
  workers: 2,
  // In CI a failed test runs once more and, if it then passes, is reported as flaky (listed in
  // the output) instead of failing the landing; a test that fails twice still fails the run.
  retries: process.env.CI ? 1 : 0,
  // TEST_REPORT_DIR (.ci/run): the results also go there as JSON, for `pnpm ci:profile`.
  reporter: process.env.TEST_REPORT_DIR
    ? [['list'], ['json', { outputFile: `${process.env.TEST_REPORT_DIR}/playwright.json` }]]
    : [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumExecutable(), args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    // The service worker (offline start, pwa.config.ts) would serve the app's own files and
    // pages from its cache, out of page.route's reach; e2e/pwa.spec.ts allows it.
    serviceWorkers: 'block',
  },
});
