/**
 * Accessibility of every screen in real Chromium: axe-core finds no serious or critical WCAG 2
 * A/AA violation on the landing page, /space/create, /space/login, /crypto-test, the legal
 * pages, the dashboard and settings of an admin and each of the six tools with its content — in
 * English and German, at 1280 × 800 and 390 × 844 — and each of those screens' first Tab stops
 * shows a focus ring. In English also the screens' other states (register mode, a weak key,
 * self-test results) and the open dialogs are checked; and the dialogs trap focus, close on
 * Escape and give focus back to the button that opened them.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { TOOL_METADATA } from '@cipherspace/tools/metadata';
import type { Locator, Page } from '@playwright/test';

import de from '../messages/de.json' with { type: 'json' };
import en from '../messages/en.json' with { type: 'json' };
import { serveStandInDiagramEditor } from './diagram-editor.ts';
import { expect, test, type ServerProcess } from './fixtures.ts';
import { fillSampleContent } from './sample-content.ts';
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
});

/** The languages and widths every screen is checked in (spec §1). */
const LANGUAGES = { en, de } as const;
const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;
/** How many Tab stops of each screen the focus-ring check walks through. */
const TAB_STOPS = 8;

/**
 * Fails unless the next `TAB_STOPS` elements the Tab key reaches each show a focus indicator: a
 * visible outline or a box shadow (the `--focus` ring of styles.css).
 */
async function expectVisibleFocus(page: Page, screen: string): Promise<void> {
  // Tab starts from the top of the document.
  await page.evaluate(() => {
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
  });
  for (let stop = 0; stop < TAB_STOPS; stop += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement;
      if (!element || element === document.body) return null;
      const style = getComputedStyle(element);
      const outlined = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
      return {
        element: element.outerHTML.slice(0, 120),
        visible: outlined || style.boxShadow !== 'none',
      };
    });
    if (!focused) return;
    expect(focused.visible, `${screen}: no visible focus on ${focused.element}`).toBe(true);
  }
}

/**
 * The tests below only look: they share one space per worker, its content typed in once by an
 * admin (alice) through the tools' screens (fillSampleContent) — this file runs in one worker.
 */
const withSample = test.extend<object, { sampleSpace: Member }>({
  sampleSpace: [
    async ({ server, browser }, use) => {
      const [alice] = await setUpSpace(server, ['alice', 'bob'], { prefix: 'A11y' });
      if (!alice) throw new Error('space set-up failed');
      await fillSampleContent(browser, server, alice);
      await use(alice);
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

for (const [language, messages] of Object.entries(LANGUAGES)) {
  for (const [width, viewport] of Object.entries(VIEWPORTS)) {
    withSample.describe(
      `every screen in ${language} at ${viewport.width}×${viewport.height}`,
      () => {
        withSample.use({ viewport });
        withSample.beforeEach(async ({ page, context }) => {
          // The language is chosen before the app starts, as a returning visitor's is.
          await page.addInitScript((chosen) => {
            localStorage.setItem('cipherspace_language', chosen);
          }, language);
          await serveStandInDiagramEditor(context);
        });

        /** Axe and the focus rings of the screen at `path`, once `ready` is on it. */
        async function checkScreen(page: Page, path: string, ready?: () => Promise<void>) {
          const screen = `${path} (${language}, ${width})`;
          await page.goto(path);
          await expect(page.locator('html')).toHaveAttribute('lang', language);
          await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
          await ready?.();
          await expectNoSeriousViolations(page, screen);
          await expectVisibleFocus(page, screen);
        }

        withSample('public screens', async ({ page, server }) => {
          const [alice] = await setUpSpace(server, ['alice'], { prefix: 'A11y' });
          if (!alice) throw new Error('space set-up failed');
          for (const path of [
            '/',
            '/space/create',
            `/space/login?spaceName=${encodeURIComponent(alice.space.name)}`,
            '/crypto-test',
            '/datenschutz',
            '/impressum',
          ])
            await withSample.step(path, () => checkScreen(page, path));
        });

        withSample('dashboard and settings', async ({ page, server, sampleSpace }) => {
          await signIn(page, server, sampleSpace);
          await withSample.step('/dashboard', () =>
            checkScreen(page, '/dashboard', async () => {
              await expect(page.getByTestId('connection-status')).toHaveText(
                messages.connection_connected,
              );
              await expect(page.getByTestId('content-status')).toHaveText(
                messages.dashboard_content_ready,
              );
            }),
          );
          await withSample.step('/space/settings', () =>
            checkScreen(page, '/space/settings', () =>
              expect(page.getByRole('combobox').first()).toBeVisible(),
            ),
          );
        });

        // One test per tool: axe over a full tool screen takes seconds on a slow machine.
        for (const { route } of Object.values(TOOL_METADATA))
          withSample(`${route} with content`, async ({ page, server, sampleSpace }) => {
            await signIn(page, server, sampleSpace);
            // With the sample content; the tools without (diagrams, randomizer) save their
            // default content on the worker's first visit.
            await checkScreen(page, route, async () => {
              await expect(page.getByText(messages.tool_loading)).toBeHidden();
              await expect(page.getByRole('button', { name: messages.tool_undo })).toBeVisible();
              await expect(page.locator('.diagrams-overlay')).toBeHidden();
            });
          });
      },
    );
  }
}

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
