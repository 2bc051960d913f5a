import { defineConfig } from '@playwright/test';

import { chromiumExecutable, CHROMIUM_ARGS } from './e2e/browser.ts';

/**
 * End-to-end tests in real Chromium (Debian's `chromium`; never a downloaded browser) against
 * real server processes with real databases. Each worker starts its own server (see
 * e2e/fixtures.ts), so tests never share state through a server.
 */
export default defineConfig({
  testDir: './e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumExecutable(), args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
  },
});
