/**
 * Privacy policy and legal notice (spec §2 Privacy and legal notice, §9 cookie consent kept
 * one year): each in English and German by the current language, with a back button to '/'.
 */
import type { Page } from '@playwright/test';

import { expect, test } from './fixtures.ts';

const CONTACT = 'contact@cipherspace.app';

async function switchToGerman(page: Page) {
  await page.getByRole('contentinfo').getByRole('button', { name: 'Deutsch' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
}

test('privacy policy in English: encryption, browser storage, one-year consent, deletion', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy policy' }).click();
  await expect(page).toHaveURL(/\/datenschutz$/);

  const policy = page.getByRole('article');
  await expect(policy.getByRole('heading', { level: 1 })).toHaveText('Privacy policy');
  for (const heading of [
    'Who is responsible',
    'End-to-end encryption',
    'What the server stores',
    'What is stored in your browser',
    'Cookies and consent',
    'Automatic deletion',
    'Your rights',
  ])
    await expect(policy.getByRole('heading', { level: 2, name: heading })).toBeVisible();

  await expect(policy).toContainText('sole proprietor');
  await expect(policy).toContainText(CONTACT);
  await expect(policy).toContainText('The server stores only this ciphertext.');
  await expect(policy).toContainText('verifiers');
  await expect(policy).toContainText(
    'Your consent to the cookie notice is stored in your browser for one year',
  );
  await expect(policy).toContainText('Inactive spaces');
  await expect(policy).toContainText('deleted automatically');

  const browser = page.getByRole('region', { name: 'What is stored in your browser' });
  for (const key of [
    'token',
    'currentSpace',
    'currentUser',
    'space_key_',
    'cipherspace_key_',
    'cipherspace_device_keys',
    'last_username',
    'cipherspace_content_credentials',
    'cipherspace_language',
    'development_banner_dismissed',
    'cookie_notice_accepted',
    'loginPrefillData',
  ])
    await expect(browser).toContainText(key);
  await expect(browser.getByRole('listitem')).toHaveCount(10);

  await page.getByRole('button', { name: 'Back to home' }).first().click();
  await expect(page).toHaveURL(/\/$/);
});

test('privacy policy in German', async ({ page }) => {
  await page.goto('/datenschutz');
  await switchToGerman(page);
  const policy = page.getByRole('article');
  await expect(policy.getByRole('heading', { level: 1 })).toHaveText('Datenschutzerklärung');
  await expect(
    policy.getByRole('heading', { name: 'Was in Ihrem Browser gespeichert wird' }),
  ).toBeVisible();
  await expect(policy).toContainText('Einzelunternehmer');
  await expect(policy).toContainText('ein Jahr lang in Ihrem Browser gespeichert');
  await expect(policy).toContainText('Inaktive Spaces');
  await expect(policy).toContainText('Ende-zu-Ende');
  await expect(policy).not.toContainText('Privacy policy');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Datenschutzerklärung');
  await page.getByRole('button', { name: 'Zur Startseite' }).first().click();
  await expect(page).toHaveURL(/\/$/);
});

test('legal notice in English: sole proprietor and contact e-mail', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Legal notice' }).click();
  await expect(page).toHaveURL(/\/impressum$/);

  const notice = page.getByRole('article');
  await expect(notice.getByRole('heading', { level: 1 })).toHaveText('Legal notice');
  await expect(notice).toContainText('Cipherspace is operated by a sole proprietor.');
  await expect(notice.getByRole('link', { name: `E-mail: ${CONTACT}` })).toHaveAttribute(
    'href',
    `mailto:${CONTACT}`,
  );
  await expect(
    notice.getByRole('heading', { level: 2, name: 'Liability for content' }),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Back to home' }).last().click();
  await expect(page).toHaveURL(/\/$/);
});

test('legal notice in German', async ({ page }) => {
  await page.goto('/');
  await switchToGerman(page);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Impressum' }).click();
  await expect(page).toHaveURL(/\/impressum$/);

  const notice = page.getByRole('article');
  await expect(notice.getByRole('heading', { level: 1 })).toHaveText('Impressum');
  await expect(notice.getByRole('heading', { name: 'Angaben gemäß § 5 DDG' })).toBeVisible();
  await expect(notice).toContainText('Cipherspace wird von einem Einzelunternehmer betrieben.');
  await expect(notice.getByRole('link', { name: `E-Mail: ${CONTACT}` })).toBeVisible();

  await page.getByRole('button', { name: 'Zur Startseite' }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Neuen Space erstellen' })).toBeVisible();
});
