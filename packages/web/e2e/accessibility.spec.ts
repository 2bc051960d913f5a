/**
 * Accessibility of the web-app issue's screens (issue 3 "Accessibility as users expect") in
 * real Chromium: axe-core finds no serious or critical WCAG 2 A/AA violation on the landing
 * page, /space/create, /space/login (login and register mode), the dashboard and settings of an
 * admin, /crypto-test and the legal pages — in English, and in German for some of them — nor in
 * the open dialogs; and the dialogs trap focus, close on Escape and give focus back to the
 * button that opened them.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';

import { expect, test, type ServerProcess } from './fixtures.ts';
import { connectionStatus, setUpSpace, signIn, type Member } from './support.ts';

/** Fails with every serious or critical WCAG 2 A/AA violation on the page: rule, element, why. */
async function expectNoSeriousViolations(page: Page, screen: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  // Below serious: noted in the report (not a failure).
  const minor = results.violations.filter(
    (violation) => violation.impact !== 'serious' && violation.impact !== 'critical',
  );
  if (minor.length > 0)
    test.info().annotations.push({
      type: 'axe: moderate/minor',
      description: `${screen}: ${minor.map((violation) => `${violation.id} (${violation.nodes.map((node) => node.target.map(String).join(' ')).join(', ')})`).join('; ')}`,
    });
  const found = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) =>
      [
        `${violation.id} (${violation.impact ?? 'unknown'}): ${violation.help}`,
        ...violation.nodes.map(
          (node) =>
            `  ${node.target.map(String).join(' ')} — ${(node.failureSummary ?? '').replace(/\s+/g, ' ')}`,
        ),
      ].join('\n'),
    );
  expect(found, `accessibility violations on ${screen}`).toEqual([]);
}

async function switchToGerman(page: Page): Promise<void> {
  await page.getByRole('contentinfo').getByRole('button', { name: 'Deutsch' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
}

/** An admin (alice) of a fresh space, signed in on the dashboard with a live connection. */
async function adminOnDashboard(page: Page, server: ServerProcess): Promise<Member> {
  const [alice] = await setUpSpace(server, ['alice', 'bob'], { prefix: 'A11y' });
  if (!alice) throw new Error('space set-up failed');
  await signIn(page, server, alice);
  await expect(page.getByTestId('connection-status')).toHaveText('Connected');
  await expect(page.getByTestId('content-status')).toHaveText('Ready');
  return alice;
}

/** Settings of the admin, once the user list has loaded. */
async function openSettings(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Open settings' }).click();
  await expect(page).toHaveURL(/\/space\/settings$/);
  await expect(page.getByRole('combobox', { name: 'Role of bob' })).toBeVisible();
}

/**
 * Tab from the dialog's last focusable element goes to its first, Shift+Tab from the first
 * to the last; focus never leaves the dialog.
 */
async function expectFocusTrapped(page: Page, dialog: Locator, first: Locator, last: Locator) {
  await last.focus();
  await page.keyboard.press('Tab');
  await expect(first).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(last).toBeFocused();
  for (let step = 0; step < 6; step += 1) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }
}

test.describe('no serious or critical WCAG 2 A/AA violations', () => {
  test('landing page, with the notices and with the quick-access dialog open', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Notices' })).toContainText(
      'is still in development',
    );
    await expectNoSeriousViolations(page, 'the landing page');

    await page.getByRole('button', { name: 'Directly access tools' }).click();
    await expect(page.getByRole('dialog', { name: 'Directly access tools' })).toBeVisible();
    await expectNoSeriousViolations(page, 'the quick-access dialog');
  });

  test('landing page in German', async ({ page }) => {
    await page.goto('/');
    await switchToGerman(page);
    await expect(page.getByRole('button', { name: 'Neuen Space erstellen' })).toBeVisible();
    await expectNoSeriousViolations(page, 'the landing page in German');
  });

  test('/space/create, empty and with a weak key', async ({ page }) => {
    await page.goto('/space/create');
    await expect(page.getByRole('button', { name: 'Create Space' })).toBeVisible();
    await expectNoSeriousViolations(page, '/space/create');

    await page.getByLabel('Space name', { exact: true }).fill('Team A');
    await page.getByLabel('Space key', { exact: true }).fill('short');
    await expectNoSeriousViolations(page, '/space/create with a weak key');
  });

  test('/space/login in login and register mode, with the space information loaded', async ({
    page,
    server,
  }) => {
    const [alice] = await setUpSpace(server, ['alice'], { prefix: 'A11y' });
    if (!alice) throw new Error('space set-up failed');
    await page.goto(`/space/login?spaceName=${encodeURIComponent(alice.space.name)}`);
    await expect(page.getByRole('region', { name: 'Space Information' })).toContainText('Allowed');
    await expect(page.getByLabel('Password (optional)', { exact: true })).toBeVisible();
    await expectNoSeriousViolations(page, '/space/login (login mode)');

    await page.getByRole('radio', { name: 'Register' }).check();
    await expect(page.getByRole('heading', { name: 'Register in a Space' })).toBeVisible();
    await expect(page.getByLabel('Confirm password', { exact: true })).toBeVisible();
    await expectNoSeriousViolations(page, '/space/login (register mode)');
  });

  test('/space/login in German', async ({ page }) => {
    await page.goto('/space/login');
    await switchToGerman(page);
    await expectNoSeriousViolations(page, '/space/login in German');
  });

  test('dashboard and settings of an admin, and the delete-space dialog', async ({
    page,
    server,
  }) => {
    await adminOnDashboard(page, server);
    await expectNoSeriousViolations(page, '/dashboard (admin)');

    await openSettings(page);
    await expectNoSeriousViolations(page, '/space/settings');

    await page.getByRole('button', { name: 'Delete Space' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Delete this space?' })).toBeVisible();
    await expectNoSeriousViolations(page, 'the delete-space dialog');
  });

  test('dashboard and settings in German', async ({ page, server }) => {
    await adminOnDashboard(page, server);
    await switchToGerman(page);
    await expect(page.getByTestId('connection-status')).toHaveText('Verbunden');
    await expectNoSeriousViolations(page, '/dashboard in German');
    await page.getByRole('link', { name: 'Einstellungen öffnen' }).click();
    await expect(page).toHaveURL(/\/space\/settings$/);
    await expect(page.getByRole('combobox', { name: 'Rolle von bob' })).toBeVisible();
    await expectNoSeriousViolations(page, '/space/settings in German');
  });

  test('/crypto-test, before and after running its checks', async ({ page }) => {
    await page.goto('/crypto-test');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Encryption self-test');
    await expectNoSeriousViolations(page, '/crypto-test');

    for (const name of ['Browser capability', 'Security context', 'Encryption test']) {
      const section = page.getByRole('region', { name, exact: true });
      await section.getByRole('button', { name: 'Run', exact: true }).click();
      await expect(section.getByRole('status')).toBeVisible();
    }
    await expectNoSeriousViolations(page, '/crypto-test with results');
  });

  test('privacy policy and legal notice, in English and German', async ({ page }) => {
    await page.goto('/datenschutz');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy policy');
    await expectNoSeriousViolations(page, '/datenschutz');
    await page.goto('/impressum');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Legal notice');
    await expectNoSeriousViolations(page, '/impressum');

    await switchToGerman(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Impressum');
    await expectNoSeriousViolations(page, '/impressum in German');
    await page.goto('/datenschutz');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Datenschutzerklärung');
    await expectNoSeriousViolations(page, '/datenschutz in German');
  });
});

test('a status message fills a live region that was already on the page', async ({ page }) => {
  await page.goto('/space/create');
  await page
    .getByLabel('Space name', { exact: true })
    .fill(`Live region ${Date.now().toString(36)}`);
  await page.getByRole('button', { name: 'Generate' }).click();

  // Before anything is said: the form's message region is there, polite and empty.
  const regions = page.locator('form [data-live-region]');
  await expect(regions).toHaveCount(1);
  await expect(regions).toHaveAttribute('aria-live', 'polite');
  await expect(regions).toBeEmpty();
  await regions.evaluate((region) => region.setAttribute('data-e2e-mounted-before', ''));

  await page.getByRole('button', { name: 'Create Space' }).click();
  // The message appears inside that same element (not in a region created with it).
  await expect(page.locator('[data-e2e-mounted-before] > [role="status"]')).toHaveText(
    'Space created successfully! Redirecting to login...',
  );
});

test.describe('dialogs trap focus, close on Escape and return focus to their opener', () => {
  test('the delete-space dialog of the Danger Zone', async ({ page, server }) => {
    await adminOnDashboard(page, server);
    await openSettings(page);
    const opener = page.getByRole('button', { name: 'Delete Space' });
    await opener.click();

    const dialog = page.getByRole('alertdialog', { name: 'Delete this space?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('This action is irreversible.');
    const cancel = dialog.getByRole('button', { name: 'Cancel' });
    const confirm = dialog.getByRole('button', { name: 'Delete space permanently' });
    // The safe choice has the focus first.
    await expect(cancel).toBeFocused();
    await expectFocusTrapped(page, dialog, cancel, confirm);

    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();
    // Nothing was deleted.
    await expect(page).toHaveURL(/\/space\/settings$/);
    await expect(connectionStatus(page)).toHaveText('Connected');
  });

  test('the quick-access dialog', async ({ page }) => {
    await page.goto('/');
    const opener = page.getByRole('button', { name: 'Directly access tools' });
    await opener.click();

    const dialog = page.getByRole('dialog', { name: 'Directly access tools' });
    await expect(dialog).toBeVisible();
    const name = dialog.getByLabel('Your name');
    const proceed = dialog.getByRole('button', { name: 'Continue' });
    await expect(name).toBeFocused();
    await expectFocusTrapped(page, dialog, name, proceed);

    await name.focus();
    await name.fill('Eve');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();
    await expect(page).toHaveURL(/\/$/);
  });
});
