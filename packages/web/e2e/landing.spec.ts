/**
 * Landing page and quick access (spec §2 Landing page, §4 Quick access, §8, §9) in real
 * Chromium against a real server. The dashboard is another screen: here only its URL and the
 * stored session are checked.
 */
import { gzipSync } from 'node:zlib';

import type { Page, Request } from '@playwright/test';

import { expect, recordTraffic, test } from './fixtures.ts';

const QUICK_NAME = /^quick-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Space names sent to spaces.create (tRPC batch bodies) by this page. */
function recordCreatedSpaces(page: Page): string[] {
  const names: string[] = [];
  page.on('request', (request: Request) => {
    if (request.method() !== 'POST' || !request.url().includes('/trpc/spaces.create')) return;
    for (const match of (request.postData() ?? '').matchAll(/"space_name":"([^"]*)"/g))
      if (match[1] !== undefined) names.push(match[1]);
  });
  return names;
}

async function storedSession(page: Page) {
  return page.evaluate(() => {
    const space = JSON.parse(localStorage.getItem('currentSpace') ?? 'null') as {
      name: string;
      allow_self_registration: boolean;
      force_user_passwords: boolean;
    } | null;
    return {
      token: localStorage.getItem('token'),
      space,
      user: JSON.parse(localStorage.getItem('currentUser') ?? 'null') as {
        username: string;
        role: string;
      } | null,
      spaceKey: space ? localStorage.getItem(`space_key_${space.name}`) : null,
      remembered: space ? localStorage.getItem(`username_${space.name}`) : null,
    };
  });
}

const quickButton = (page: Page) => page.getByRole('button', { name: 'Directly access tools' });

test('shows the three entry buttons and the marketing sections', async ({ page }) => {
  await page.goto('/');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Agile team tools, encrypted in your browser' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Access existing space' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create new space' })).toBeVisible();
  await expect(quickButton(page)).toBeVisible();

  for (const section of [
    'Six tools for your team',
    'What is Cipherspace?',
    'Security by design: zero knowledge',
    'Quick start in 3 steps',
    'Use cases',
  ])
    await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();

  const features = page.getByRole('region', { name: 'Six tools for your team' });
  for (const tool of [
    'Kanban Board',
    'Issue Management',
    'Pinboard',
    'Diagrams',
    'Scrum Poker',
    'Daily Randomizer',
  ])
    await expect(features.getByRole('heading', { name: tool })).toBeVisible();

  const security = page.getByRole('region', { name: 'Security by design: zero knowledge' });
  await expect(security).toContainText('Your space key never leaves your browser');
  await expect(security).toContainText('AES-GCM');
  await expect(security).toContainText('PBKDF2');
  await expect(
    page.getByRole('region', { name: 'Quick start in 3 steps' }).getByRole('listitem'),
  ).toHaveCount(3);
});

test('the landing page is in German after switching the language', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('button', { name: 'Deutsch' }).click();
  await expect(page.getByRole('button', { name: 'Bestehenden Space öffnen' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Neuen Space erstellen' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Direkt zu den Tools' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Schnellstart in 3 Schritten' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Akzeptieren' })).toBeVisible();
});

test('dismissing the development banner persists across reloads', async ({ page }) => {
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Notices' });
  await expect(banner).toContainText('is still in development');
  await banner.getByRole('button', { name: 'Dismiss the development notice' }).click();
  await expect(banner).not.toContainText('is still in development');
  expect(await page.evaluate(() => localStorage.getItem('development_banner_dismissed'))).toBe(
    'true',
  );

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('is still in development')).toHaveCount(0);
  // The cookie notice is a separate decision and is still asked for.
  await expect(page.getByRole('button', { name: 'Accept' })).toBeVisible();
});

test('accepting the cookie notice stores consent for one year; an expired consent asks again', async ({
  page,
}) => {
  await page.goto('/');
  const before = Date.now();
  await page.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByRole('button', { name: 'Accept' })).toHaveCount(0);

  const stored = await page.evaluate(() => localStorage.getItem('cookie_notice_accepted'));
  const consent = JSON.parse(stored ?? 'null') as { accepted: boolean; expiresAt: string };
  expect(consent.accepted).toBe(true);
  const aheadMs = Date.parse(consent.expiresAt) - before;
  expect(aheadMs).toBeGreaterThan(364 * DAY_MS);
  expect(aheadMs).toBeLessThan(367 * DAY_MS);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Accept' })).toHaveCount(0);

  // Both parts handled: no banner at all.
  await page.getByRole('button', { name: 'Dismiss the development notice' }).click();
  await expect(page.getByRole('region', { name: 'Notices' })).toHaveCount(0);

  await page.evaluate(() => {
    const expired = new Date(Date.now() - 1000);
    const accepted = new Date(expired.getTime() - 365 * 24 * 60 * 60 * 1000);
    localStorage.setItem(
      'cookie_notice_accepted',
      JSON.stringify({
        accepted: true,
        acceptedAt: accepted.toISOString(),
        expiresAt: expired.toISOString(),
      }),
    );
  });
  await page.reload();
  await expect(page.getByRole('button', { name: 'Accept' })).toBeVisible();
});

test('the entry buttons open login and create', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Access existing space' }).click();
  await expect(page).toHaveURL(/\/space\/login$/);
  await page.goto('/');
  await page.getByRole('button', { name: 'Create new space' }).click();
  await expect(page).toHaveURL(/\/space\/create$/);
});

test('quick access: a name, then a fresh space with its first user as admin on the dashboard; the space key is never sent', async ({
  page,
  context,
}) => {
  const traffic = recordTraffic(context);
  const created = recordCreatedSpaces(page);
  await page.goto('/');
  await quickButton(page).click();

  const dialog = page.getByRole('dialog', { name: 'Directly access tools' });
  await expect(dialog).toBeVisible();
  const name = dialog.getByLabel('Your name');
  await expect(name).toBeFocused();
  await name.fill('Alice');
  await name.press('Enter');

  await expect(page).toHaveURL(/\/dashboard$/);
  const session = await storedSession(page);
  expect(session.token).toBeTruthy();
  expect(session.space?.name).toMatch(QUICK_NAME);
  expect(session.space?.allow_self_registration).toBe(true);
  expect(session.space?.force_user_passwords).toBe(false);
  expect(session.user).toMatchObject({ username: 'Alice', role: 'admin' });
  expect(session.remembered).toBe('Alice');
  expect(created).toEqual([session.space?.name]);

  expect(session.spaceKey).toBeTruthy();
  traffic.expectNotSent(session.spaceKey ?? '');

  // Signed in: the landing page now sends you to the dashboard.
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('quick access ignores a second click: one prompt, one space', async ({ page }) => {
  const created = recordCreatedSpaces(page);
  // Hold the create call, so the test can click while quick access is creating.
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held: () => void = () => undefined;
  const createHeld = new Promise<void>((resolve) => (held = resolve));
  await page.route('**/trpc/spaces.create*', async (route) => {
    held();
    await released;
    await route.continue();
  });

  await page.goto('/');
  // Scroll so the button lies outside the centred dialog: the second click then lands on the
  // dialog's backdrop, where it must neither cancel the prompt nor open another one.
  await quickButton(page).evaluate((button) => button.scrollIntoView({ block: 'start' }));
  const buttonBox = await quickButton(page).boundingBox();
  if (!buttonBox) throw new Error('the quick-access button is not visible');
  const x = buttonBox.x + buttonBox.width / 2;
  const y = buttonBox.y + buttonBox.height / 2;
  await page.mouse.click(x, y);
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const dialogBox = await dialog.boundingBox();
  expect(dialogBox && y < dialogBox.y).toBe(true);
  await page.mouse.click(x, y);
  await expect(dialog).toHaveCount(1);
  await page.getByLabel('Your name').fill('Bob');
  await page.getByRole('button', { name: 'Continue' }).click();

  await createHeld;
  await expect(
    page.getByRole('status').filter({ hasText: 'Creating your quick space' }),
  ).toBeVisible();
  await expect(quickButton(page)).toHaveAttribute('aria-busy', 'true');
  // The button stays clickable (not `disabled`) so the click reaches the app, which ignores it.
  await quickButton(page).click({ force: true });
  await quickButton(page).click({ force: true });
  await expect(page.getByRole('dialog')).toHaveCount(0);
  release();

  await expect(page).toHaveURL(/\/dashboard$/);
  expect(created).toHaveLength(1);
  expect(created[0]).toMatch(QUICK_NAME);
  expect((await storedSession(page)).user).toMatchObject({ username: 'Bob', role: 'admin' });
});

test('quick access without a name is cancelled: Cancel, Escape and an empty name', async ({
  page,
}) => {
  const created = recordCreatedSpaces(page);
  await page.goto('/');

  await quickButton(page).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(quickButton(page)).toBeFocused();

  await quickButton(page).click();
  await page.getByLabel('Your name').fill('Carol');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await quickButton(page).click();
  await page.getByLabel('Your name').press('Enter');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await expect(page).toHaveURL(/\/$/);
  expect(created).toEqual([]);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('quick access refuses a name with anything but letters and digits before calling the server', async ({
  page,
}) => {
  const created = recordCreatedSpaces(page);
  await page.goto('/');
  await quickButton(page).click();
  const name = page.getByLabel('Your name');
  await name.fill('Ann Lee');
  await name.press('Enter');
  await expect(page.getByRole('alert')).toHaveText(
    'Your name may contain only letters and digits.',
  );
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  expect(created).toEqual([]);

  await name.fill('AnnLee');
  await name.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(created).toHaveLength(1);
});

test('a failed quick access returns to the landing page with the §8 message', async ({ page }) => {
  // The network fails on the create call; the app must show the §8 message and recover.
  await page.route('**/trpc/spaces.create*', (route) => route.abort('failed'));
  await page.goto('/');
  await quickButton(page).click();
  await page.getByLabel('Your name').fill('Dave');
  await page.getByLabel('Your name').press('Enter');

  await expect(page.getByRole('alert')).toHaveText('Failed to create quick access space.');
  await expect(page).toHaveURL(/\/$/);
  await expect(quickButton(page)).toHaveAttribute('aria-busy', 'false');

  // Idle again: a new attempt opens the prompt.
  await page.unroute('**/trpc/spaces.create*');
  await quickButton(page).click();
  await expect(page.getByRole('dialog')).toBeVisible();
});

/**
 * The landing route's JavaScript budget, gzip (`pnpm bench web` measures the same). The real-time
 * connection's code loads with the first signed-in page: the landing page opens no socket.
 */
const LANDING_JS_BUDGET_BYTES = 150 * 1024;

test('the landing page loads at most 150 KB of JavaScript (gzip), none of the tools', async ({
  page,
  server,
}) => {
  const bodies: Promise<[string, number]>[] = [];
  const socketCode: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    bodies.push(
      response.body().then((body) => {
        // The socket's address is built in the connection's code (raw-socket-transport.ts).
        if (body.includes('/api/ws/')) socketCode.push(response.url());
        return [response.url(), gzipSync(body).length];
      }),
    );
  });
  await page.goto(server.url);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const scripts = new Map(await Promise.all(bodies));
  expect(scripts.size).toBeGreaterThan(0);
  const total = [...scripts.values()].reduce((sum, bytes) => sum + bytes, 0);
  const listing = [...scripts].map(([url, bytes]) => `${new URL(url).pathname} ${bytes}`);
  expect(total, listing.join('\n')).toBeLessThanOrEqual(LANDING_JS_BUDGET_BYTES);
  // No other screen (the tools' among them), nothing of the offline sync nor of the socket.
  expect(listing.join('\n')).not.toMatch(
    /(?<!Landing)Page-|offline-sync|background-replay|worker/i,
  );
  expect(socketCode).toEqual([]);
});
