/** Which Chromium the e2e tests drive: $CHROMIUM_PATH, else Debian's /usr/bin/chromium. */
import { existsSync } from 'node:fs';

export const DEFAULT_CHROMIUM = '/usr/bin/chromium';

/** Flags that keep Chromium quiet on a machine without internet (see ../shared/TOOLCHAIN.md). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export function chromiumExecutable(): string {
  return process.env.CHROMIUM_PATH ?? DEFAULT_CHROMIUM;
}

export function hasChromium(): boolean {
  return existsSync(chromiumExecutable());
}
