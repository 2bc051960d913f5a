/**
 * Headless Chromium for the crypto and web benchmarks: Debian's package (never a download),
 * driven by Playwright, with the flags that keep it quiet on a machine without internet.
 */
import { existsSync } from 'node:fs';

import { chromium, type Browser } from '@playwright/test';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Launches headless Chromium at `executablePath`. @throws with the install hint when it is missing. */
export async function launchChromium(executablePath: string): Promise<Browser> {
  if (!existsSync(executablePath)) {
    throw new Error(
      `Chromium not found at ${executablePath}: apt-get install chromium, or set CHROMIUM_PATH`,
    );
  }
  return chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
}

/**
 * The options of every browser context a benchmark opens, but the one that measures a board with
 * the app installed (lib/web-app.ts `renderBoardInstalled`): no service worker. The app's worker
 * (packages/web/pwa.config.ts) precaches every chunk in the background after the first load;
 * the landing figure counts what the landing page itself loads, and the first renders measure a
 * tool whose code is not cached yet, as they did before the worker existed.
 */
export const BENCH_CONTEXT_OPTIONS = { serviceWorkers: 'block' } as const;
