/**
 * /crypto-test (spec §2 Crypto test page, §5 Key strength check, §9) in real Chromium: every
 * section runs in the browser and passes, and none of them talks to the server.
 */
import type { Page } from '@playwright/test';

import { expect, test } from './fixtures.ts';

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const run = (page: Page, name: string) =>
  section(page, name).getByRole('button', { name: 'Run', exact: true }).click();

test('each section of the crypto page runs in the browser and passes', async ({ page }) => {
  await page.goto('/crypto-test');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Encryption self-test');
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));

  await run(page, 'Browser capability');
  await expect(section(page, 'Browser capability')).toContainText(
    'All required browser capabilities are available.',
  );
  await expect(section(page, 'Browser capability')).toContainText(
    'crypto.subtle.deriveKey present: Yes',
  );

  await run(page, 'Security context');
  const security = section(page, 'Security context');
  await expect(security).toContainText('This page runs in a secure context.');
  await expect(security).toContainText(new URL(page.url()).origin);

  await run(page, 'Encryption test');
  const encryption = section(page, 'Encryption test');
  await expect(encryption).toContainText('Encryption test passed.');
  await expect(encryption).toContainText(
    'Message shown for tampered content: Failed to decrypt content - invalid space key?',
  );

  const spaceName = section(page, 'Space-name test');
  await spaceName.getByLabel('Space name').fill('ab');
  await expect(spaceName).toContainText(
    'Space name must be at least 3 characters and contain only letters, numbers, spaces, and dashes',
  );
  await spaceName.getByLabel('Space name').fill('Team Alpha');
  await expect(spaceName).toContainText('Valid space name');
  await run(page, 'Space-name test');
  await expect(spaceName).toContainText('Verifier derived.');
  await expect(spaceName.locator('code')).toHaveText(/^[A-Za-z0-9+/]{43}=$/);

  const performance = section(page, 'Performance test');
  await run(page, 'Performance test');
  await expect(performance).toContainText('Performance test finished. 5 measurements kept.', {
    timeout: 30_000,
  });
  await run(page, 'Performance test');
  await expect(performance).toContainText('Performance test finished. 10 measurements kept.', {
    timeout: 30_000,
  });
  const keyDerivation = performance.getByRole('row', { name: /Key derivation \(1000 × SHA-256\)/ });
  await expect(keyDerivation.getByRole('cell').last()).toHaveText('2');

  const keyStrength = section(page, 'Crypto test');
  await run(page, 'Crypto test');
  await expect(keyStrength).toContainText('Key strength OK: at least 32 hexadecimal characters');
  await keyStrength.getByLabel('Hexadecimal key').fill('0123456789abcdef');
  await keyStrength.getByLabel('Hexadecimal key').press('Enter');
  await expect(keyStrength).toContainText('Key must be at least 32 hexadecimal characters');

  expect(requests.filter((url) => /\/(api|trpc)\b/.test(url))).toEqual([]);
});

test('the crypto page is in German when German is chosen', async ({ page }) => {
  await page.goto('/crypto-test');
  await page.getByRole('contentinfo').getByRole('button', { name: 'Deutsch' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verschlüsselungs-Selbsttest');
  await section(page, 'Verschlüsselungstest')
    .getByRole('button', { name: 'Ausführen', exact: true })
    .click();
  await expect(section(page, 'Verschlüsselungstest')).toContainText(
    'Verschlüsselungstest bestanden.',
  );
});
