/** The app shell: routes, footer and language in real Chromium against a real server. */
import { expect, test } from './fixtures.ts';

test('unknown paths go to the landing page and the footer is on every page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('contentinfo')).toContainText('Contact:');
  await page.goto('/impressum');
  await expect(page.getByRole('contentinfo')).toBeVisible();
});

test('the footer shows the product description, legal links, contact, the current year and the tagline', async ({
  page,
}) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  const year = new Date().getFullYear();
  await expect(footer).toContainText(
    'Cipherspace — collaborative tools for agile teams, end-to-end encrypted in your browser.',
  );
  await expect(footer.getByRole('link', { name: 'Legal notice' })).toHaveAttribute(
    'href',
    '/impressum',
  );
  await expect(footer.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
    'href',
    '/datenschutz',
  );
  await expect(footer).toContainText('Contact: contact@cipherspace.app');
  await expect(footer.getByText(`© ${year} Cipherspace`)).toHaveText(
    `© ${year} Cipherspace · Your data, your key.`,
  );

  // The same lines in German, on another page.
  await footer.getByRole('button', { name: 'Deutsch' }).click();
  await page.goto('/space/create');
  const german = page.getByRole('contentinfo');
  await expect(german).toContainText(
    'Cipherspace — Werkzeuge für agile Teams, Ende-zu-Ende-verschlüsselt in Ihrem Browser.',
  );
  await expect(german.getByText(`© ${year} Cipherspace`)).toHaveText(
    `© ${year} Cipherspace · Ihre Daten, Ihr Schlüssel.`,
  );
});

test("Create's Cancel goes back to the landing page", async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Create new space' }).click();
  await expect(page).toHaveURL(/\/space\/create$/);
  await page.getByLabel('Space name', { exact: true }).fill('Never created');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Create new space' })).toBeVisible();

  // Also when /space/create was opened directly (nothing to go back to).
  await page.goto('/space/create');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('space/register redirects to space/login keeping the query', async ({ page }) => {
  await page.goto('/space/register?spaceName=Team%20A');
  await expect(page).toHaveURL(/\/space\/login\?spaceName=Team%20A$/);
});

test('pages that need a session redirect to /space/login', async ({ page }) => {
  for (const path of ['/dashboard', '/space/settings', '/tools/kanban']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/space\/login$/);
  }
});

test('German switches the visible texts, is highlighted, persists across reload and sets <html lang>', async ({
  page,
}) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText('Privacy policy');
  await footer.getByRole('button', { name: 'Deutsch' }).click();
  await expect(footer).toContainText('Datenschutzerklärung');
  await expect(footer.getByRole('button', { name: 'Deutsch' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.reload();
  await expect(page.getByRole('contentinfo')).toContainText('Datenschutzerklärung');
  expect(await page.evaluate(() => localStorage.getItem('cipherspace_language'))).toBe('de');
});

test('an unknown stored language falls back to English', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('cipherspace_language', 'fr'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('contentinfo')).toContainText('Privacy policy');
});
