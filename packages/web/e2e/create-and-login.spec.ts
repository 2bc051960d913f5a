/**
 * Creating a space and entering it (spec §2 /space/create and /space/login, §4, §5, §8) in real
 * Chromium against a real server. Spaces that a test only needs as a precondition are set up
 * through the documented REST API with verifiers derived here, like any third-party client.
 */
import { randomBytes } from 'node:crypto';

import { deriveSpaceNameVerifier, derivePasswordVerifier } from '@cipherspace/crypto';
import type { APIRequestContext, Page } from '@playwright/test';

import { expect, recordTraffic, test } from './fixtures.ts';

const uniqueName = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}`;
const SPACE_KEY = 'Corr3ct-Horse!Battery';

interface SpaceSetup {
  forceUserPasswords: boolean;
  allowSelfRegistration: boolean;
  /** Users to register, first one becomes admin. */
  users?: { username: string; password?: string }[];
}

/** Creates a space (and registers users) over REST, as a third-party client would. */
async function setUpSpace(
  request: APIRequestContext,
  setup: SpaceSetup,
): Promise<{ name: string; key: string }> {
  const name = uniqueName('Team');
  const verifier = await deriveSpaceNameVerifier(SPACE_KEY, name);
  const created = await request.post('/api/spaces/create', {
    data: {
      space_name: name,
      encrypted_space_name: verifier,
      force_user_passwords: setup.forceUserPasswords,
      allow_self_registration: setup.allowSelfRegistration,
    },
  });
  expect(created.status()).toBe(201);
  for (const user of setup.users ?? []) {
    const registered = await request.post(
      `/api/spaces/${encodeURIComponent(name)}/users/register`,
      {
        data: {
          username: user.username,
          encrypted_space_name: verifier,
          ...(user.password
            ? { encrypted_password: await derivePasswordVerifier(SPACE_KEY, user.password) }
            : {}),
        },
      },
    );
    expect(registered.status()).toBe(201);
  }
  return { name, key: SPACE_KEY };
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** What the app keeps in localStorage after a login (spec §3, §4 Session). */
async function storedSession(page: Page, spaceName: string) {
  return page.evaluate((name) => {
    const json = (key: string) => JSON.parse(localStorage.getItem(key) ?? 'null') as unknown;
    return {
      token: localStorage.getItem('token'),
      currentSpace: json('currentSpace') as { name: string } | null,
      currentUser: json('currentUser') as { username: string; role: string } | null,
      spaceKey: localStorage.getItem(`space_key_${name}`),
    };
  }, spaceName);
}

test('create a space, register its first user as admin and log in — the key never reaches the network', async ({
  page,
  context,
}) => {
  const traffic = recordTraffic(context);
  const name = uniqueName('Team');

  await page.goto('/space/create');
  await expect(page.getByRole('heading', { name: 'Create a New Space' })).toBeVisible();
  await field(page, 'Space name').fill(name);
  await expect(page.getByText('Valid space name')).toBeVisible();
  const create = page.getByRole('button', { name: 'Create Space' });
  await expect(create).toBeDisabled();
  await page.getByRole('button', { name: 'Generate' }).click();
  const key = await field(page, 'Space key').inputValue();
  expect(key.length).toBeGreaterThanOrEqual(20);
  const requirements = page
    .getByRole('list', { name: 'Space key requirements' })
    .getByRole('listitem');
  await expect(requirements).toHaveCount(6);
  for (const item of await requirements.all()) await expect(item).toHaveText(/\(met\)$/);
  await expect(page.getByRole('checkbox', { name: 'Force users to have passwords' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Allow self registration' })).not.toBeChecked();

  await create.click();
  await expect(page.getByText('Space created successfully! Redirecting to login...')).toBeVisible();

  // After 2 s: login in register mode, name and key prefilled, the key in no part of the URL.
  await expect(page).toHaveURL(/\/space\/login\?/);
  const loginUrl = new URL(page.url());
  expect(loginUrl.searchParams.get('spaceName')).toBe(name);
  expect(loginUrl.searchParams.get('firstUser')).toBe('true');
  expect(loginUrl.searchParams.has('spaceKey')).toBe(false);
  // The fragment that carried the key is cleared as soon as the login screen has read it.
  await expect(page.getByRole('heading', { name: 'Register in a Space' })).toBeVisible();
  await expect.poll(() => page.url()).not.toContain('spaceKey');
  expect(page.url()).not.toContain(encodeURIComponent(key));
  await expect(page.getByRole('radio', { name: 'Register' })).toBeChecked();
  await expect(field(page, 'Space name')).toHaveValue(name);
  await expect(field(page, 'Space key')).toHaveValue(key);

  const info = page.getByRole('region', { name: 'Space Information' });
  await expect(info).toContainText(name);
  await expect(info).toContainText('Invitation Only');
  await expect(
    page.getByText('You are the first user of this space: you will be registered as its admin.'),
  ).toBeVisible();

  await field(page, 'Username').fill('alice');
  await field(page, 'Password (required)').fill('alice-pass');
  await field(page, 'Confirm password').fill('alice-pass');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(
    page.getByText('Registration successful! You are registered as admin. Logging you in...'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  const session = await storedSession(page, name);
  expect(session.token).toBeTruthy();
  expect(session.currentSpace?.name).toBe(name);
  expect(session.currentUser).toMatchObject({ username: 'alice', role: 'admin' });
  expect(session.spaceKey).toBe(key);

  // Log in again from a fresh browser state.
  await page.evaluate(() => localStorage.clear());
  await page.goto(`/space/login?spaceName=${encodeURIComponent(name)}`);
  await field(page, 'Space key').fill(key);
  await field(page, 'Username').fill('alice');
  await field(page, 'Password (required)').fill('alice-pass');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect((await storedSession(page, name)).currentUser).toMatchObject({ username: 'alice' });

  expect(traffic.sent.length).toBeGreaterThan(0);
  traffic.expectNotSent(key);
});

test('a name that is taken shows the server detail and the form can be sent again', async ({
  page,
  request,
}) => {
  const { name } = await setUpSpace(request, {
    forceUserPasswords: false,
    allowSelfRegistration: true,
  });
  await page.goto('/space/create');
  await field(page, 'Space name').fill(name);
  await field(page, 'Space key').fill('Another-Key-123');
  await page.getByRole('button', { name: 'Create Space' }).click();
  await expect(page.getByRole('alert')).toHaveText('A space with this name already exists');
  await expect(page.getByRole('button', { name: 'Create Space' })).toBeEnabled();
  await expect(page).toHaveURL(/\/space\/create$/);
});

test("logging in with a wrong space key shows the server's detail", async ({ page, request }) => {
  const { name } = await setUpSpace(request, {
    forceUserPasswords: false,
    allowSelfRegistration: true,
    users: [{ username: 'alice' }],
  });
  await page.goto(`/space/login?spaceName=${encodeURIComponent(name)}`);
  await field(page, 'Space key').fill('Wrong-Key-123!');
  await field(page, 'Username').fill('alice');
  await expect(field(page, 'Password (optional)')).toBeVisible();
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid space name or space key');
  await expect(page).toHaveURL(/\/space\/login/);
});

test('logging in as an unknown user switches to register mode with the message', async ({
  page,
  request,
}) => {
  const { name, key } = await setUpSpace(request, {
    forceUserPasswords: false,
    allowSelfRegistration: true,
    users: [{ username: 'alice' }],
  });
  await page.goto(`/space/login?spaceName=${encodeURIComponent(name)}`);
  await field(page, 'Space key').fill(key);
  await field(page, 'Username').fill('nobody');
  await expect(page.getByRole('region', { name: 'Space Information' })).toContainText('Allowed');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(
    page.getByText(
      'The user "nobody" does not exist in this space. Registration mode was selected automatically.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Register' })).toBeChecked();
  await expect(page.getByRole('heading', { name: 'Register in a Space' })).toBeVisible();
  await expect(field(page, 'Confirm password')).toBeVisible();

  // Registering now works (self registration is on) and makes a member.
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText(/You are registered as member/)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect((await storedSession(page, name)).currentUser).toMatchObject({
    username: 'nobody',
    role: 'member',
  });
});

test('a share link prefills the form and the space key leaves the address bar at once', async ({
  page,
  request,
}) => {
  const { name, key } = await setUpSpace(request, {
    forceUserPasswords: true,
    allowSelfRegistration: false,
    users: [{ username: 'alice', password: 'alice-pass' }],
  });
  await page.goto(
    `/space/login?spaceName=${encodeURIComponent(name)}&spaceKey=${encodeURIComponent(key)}`,
  );
  await expect(field(page, 'Space name')).toHaveValue(name);
  await expect(field(page, 'Space key')).toHaveValue(key);
  await expect
    .poll(() => page.url())
    .toBe(new URL(`/space/login?spaceName=${name}`, page.url()).href.replace('%20', '+'));
  expect(page.url()).not.toContain('spaceKey');
  expect(page.url()).not.toContain(encodeURIComponent(key));

  const info = page.getByRole('region', { name: 'Space Information' });
  await expect(info).toContainText(name);
  await expect(info).toContainText('Yes');
  await expect(info).toContainText('Invitation Only');
  await expect(field(page, 'Password (required)')).toBeVisible();

  // The key in the fragment (our own share links) works the same way (opened afresh, as a link
  // is, rather than as a same-document fragment change).
  await page.goto('about:blank');
  await page.goto(
    `/space/login?spaceName=${encodeURIComponent(name)}#spaceKey=${encodeURIComponent(key)}`,
  );
  await expect(field(page, 'Space key')).toHaveValue(key);
  await expect.poll(() => new URL(page.url()).hash).toBe('');
  expect(page.url()).not.toContain('spaceKey');
});

test('a share link with a known username logs in automatically when passwords are not forced', async ({
  page,
  request,
}) => {
  const { name, key } = await setUpSpace(request, {
    forceUserPasswords: false,
    allowSelfRegistration: true,
    users: [{ username: 'alice' }],
  });
  await page.goto(
    `/space/login?spaceName=${encodeURIComponent(name)}&username=alice#spaceKey=${encodeURIComponent(key)}`,
  );
  await expect(page).toHaveURL(/\/dashboard$/);
  expect((await storedSession(page, name)).spaceKey).toBe(key);
});

test("registering with mismatching passwords shows 'Passwords do not match'", async ({
  page,
  request,
}) => {
  const { name, key } = await setUpSpace(request, {
    forceUserPasswords: true,
    allowSelfRegistration: true,
    users: [{ username: 'alice', password: 'alice-pass' }],
  });
  await page.goto(`/space/login?spaceName=${encodeURIComponent(name)}`);
  await page.getByRole('radio', { name: 'Register' }).click();
  await field(page, 'Space key').fill(key);
  await field(page, 'Username').fill('bob');
  await field(page, 'Password (required)').fill('bob-pass');
  await field(page, 'Confirm password').fill('bob-pasz');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('alert')).toHaveText('Passwords do not match');
  await expect(field(page, 'Confirm password')).toBeFocused();

  await field(page, 'Password (required)').fill('bob');
  await field(page, 'Confirm password').fill('bob');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('alert')).toHaveText('Password must be at least 5 characters long');
  await expect(page).toHaveURL(/\/space\/login/);
});

test('with self registration off, a later user sees the notice and cannot submit', async ({
  page,
  request,
}) => {
  const { name, key } = await setUpSpace(request, {
    forceUserPasswords: false,
    allowSelfRegistration: false,
    users: [{ username: 'alice' }],
  });
  await page.goto(`/space/login?spaceName=${encodeURIComponent(name)}`);
  await field(page, 'Space key').fill(key);
  await expect(page.getByRole('region', { name: 'Space Information' })).toContainText(
    'Invitation Only',
  );
  await page.getByRole('radio', { name: 'Register' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Self registration is disabled for this space. Ask an admin of the space to add you.',
  );
  await expect(page.getByRole('button', { name: 'Register' })).toBeDisabled();
  await expect(
    page.getByText('You are the first user of this space', { exact: false }),
  ).toHaveCount(0);
});

test('an unknown space shows "Space not found" and no password field', async ({ page }) => {
  await page.goto(`/space/login?spaceName=${uniqueName('Nowhere')}`);
  await expect(page.getByText('Space not found')).toBeVisible();
  await expect(page.getByLabel(/^Password/)).toHaveCount(0);
  await page.getByRole('link', { name: 'Create New Space' }).click();
  await expect(page).toHaveURL(/\/space\/create$/);
});
