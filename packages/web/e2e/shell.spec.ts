/** The app shell: routes, footer and language in real Chromium against a real server. */
import { expect, test } from './fixtures.ts';

test('unknown paths go to the landing page and the footer is on every page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('contentinfo')).toContainText('Contact:');
  await page.goto('/impressum');
  await expect(page.getByRole('contentinfo')).toBeVisible();
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
