/**
 * `node scripts/app-icons.mjs` (from packages/web): renders the installable app's icons
 * (public/icon-192.png, icon-512.png and icon-512-maskable.png, pwa.config.ts) from
 * public/favicon.svg in Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium). The
 * maskable icon keeps the padlock inside the central 80 % on the brand colour, square-cornered,
 * as launchers crop it. Run it again after changing the favicon, and commit the PNGs.
 */
import { readFileSync } from 'node:fs';

import { chromium } from '@playwright/test';

const svg = readFileSync('public/favicon.svg', 'utf8');
const brand = /fill="(#[0-9a-fA-F]{6})"/.exec(svg)?.[1] ?? '#3b3f8f';
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
});
try {
  const page = await browser.newPage();
  for (const [size, maskable] of [
    [192, false],
    [512, false],
    [512, true],
  ]) {
    const pad = maskable ? size * 0.1 : 0;
    const inner = size - 2 * pad;
    const drawing = (maskable ? svg.replace('rx="6"', 'rx="0"') : svg).replace(
      '<svg ',
      `<svg width="${inner}" height="${inner}" `,
    );
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<body style="margin:0;background:${maskable ? brand : 'transparent'}">` +
        `<div style="padding:${pad}px">${drawing}</div></body>`,
    );
    const file = `public/icon-${size}${maskable ? '-maskable' : ''}.png`;
    await page.screenshot({ path: file, omitBackground: !maskable });
    console.log(`wrote ${file}`);
  }
} finally {
  await browser.close();
}
