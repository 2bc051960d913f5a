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

/**
 * Holds every request to the tRPC procedure `procedure` until `release()` (to see the screen
 * while it works); `held` resolves when the first one arrives, `count()` says how many came.
 * After `release()` requests pass straight through.
 */
async function holdProcedure(page: Page, procedure: string) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  let arrived: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (arrived = resolve));
  let count = 0;
  const pattern = `**/trpc/*${procedure}*`;
  await page.route(pattern, async (route) => {
    count += 1;
    arrived();
    await released;
    await route.continue();
  });
  return {
    held,
    count: () => count,
    release,
  };
}

/** The address bar holds exactly `/space/login`: no space name, no key, nothing of the link. */
async function expectBareLoginAddress(page: Page) {
  await expect.poll(() => page.url()).toBe(new URL('/space/login', page.url()).href);
}

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

  // After 2 s: login in register mode (firstUser=true), name and key prefilled from the redirect
  // (`?spaceName=…&firstUser=true#spaceKey=…`), which leaves the address bar as soon as the login
  // screen has read it: neither the key nor the space name stays.
  await expect(page.getByRole('heading', { name: 'Register in a Space' })).toBeVisible();
  await expectBareLoginAddress(page);
  expect(page.url()).not.toContain(encodeURIComponent(key));
  expect(page.url()).not.toContain(name);
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
  // While the registration is under way the button reads 'Registering...' and cannot be pressed.
  const registering = await holdProcedure(page, 'users.register');
  await page.getByRole('button', { name: 'Register' }).click();
  await registering.held;
  const registerButton = page.getByRole('button', { name: 'Registering...' });
  await expect(registerButton).toBeVisible();
  await expect(registerButton).toBeDisabled();
  registering.release();
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
  // While the login is under way the button reads 'Logging in...' and cannot be pressed.
  const loggingIn = await holdProcedure(page, 'auth.login');
  await page.getByRole('button', { name: 'Login' }).click();
  await loggingIn.held;
  const loginButton = page.getByRole('button', { name: 'Logging in...' });
  await expect(loginButton).toBeVisible();
  await expect(loginButton).toBeDisabled();
  loggingIn.release();
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

/**
 * Opens the login form of a fresh space (alice a member, passwords not forced) by its name and
 * types `spaceKey` and alice; resolves with the space name once the space info has loaded.
 */
async function typeIntoLoginForm(
  page: Page,
  request: APIRequestContext,
  spaceKey: string,
): Promise<string> {
  const { name } = await setUpSpace(request, {
    forceUserPasswords: false,
    allowSelfRegistration: true,
    users: [{ username: 'alice' }],
  });
  await page.goto(`/space/login?spaceName=${encodeURIComponent(name)}`);
  await field(page, 'Space key').fill(spaceKey);
  await field(page, 'Username').fill('alice');
  await expect(field(page, 'Password (optional)')).toBeVisible();
  return name;
}

test("logging in with a wrong space key shows the server's detail, in German too", async ({
  page,
  request,
}) => {
  await typeIntoLoginForm(page, request, 'Wrong-Key-123!');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid space name or space key');
  await expect(page).toHaveURL(/\/space\/login/);

  // The same refusal in the German interface: the server's detail is translated (spec §8).
  await page.getByRole('contentinfo').getByRole('button', { name: 'Deutsch' }).click();
  await field(page, 'Space-Schlüssel').fill('Wrong-Key-123!');
  await field(page, 'Benutzername').fill('alice');
  await expect(field(page, 'Passwort (optional)')).toBeVisible();
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByRole('alert')).toHaveText('Ungültiger Space-Name oder Space-Schlüssel');
});

test('switching the language keeps what was typed on the login and create forms', async ({
  page,
  request,
}) => {
  const name = await typeIntoLoginForm(page, request, 'Typed-Key-123!');
  await page.getByRole('contentinfo').getByRole('button', { name: 'Deutsch' }).click();
  // The texts change, the page is not rebuilt: every typed value is still there.
  await expect(field(page, 'Space-Name')).toHaveValue(name);
  await expect(field(page, 'Space-Schlüssel')).toHaveValue('Typed-Key-123!');
  await expect(field(page, 'Benutzername')).toHaveValue('alice');
  await expect(field(page, 'Passwort (optional)')).toBeVisible();
  await page.getByRole('contentinfo').getByRole('button', { name: 'English' }).click();
  await expect(field(page, 'Space key')).toHaveValue('Typed-Key-123!');

  await page.goto('/space/create');
  await field(page, 'Space name').fill('Kept Across Languages');
  await field(page, 'Space key').fill('Short');
  await page.getByRole('contentinfo').getByRole('button', { name: 'Deutsch' }).click();
  await expect(field(page, 'Space-Name')).toHaveValue('Kept Across Languages');
  await expect(field(page, 'Space-Schlüssel')).toHaveValue('Short');
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

test('a share link prefills the form and its space name and key leave the address bar at once', async ({
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
  await expectBareLoginAddress(page);
  expect(page.url()).not.toContain(name);
  expect(page.url()).not.toContain(encodeURIComponent(key));

  const info = page.getByRole('region', { name: 'Space Information' });
  await expect(info).toContainText(name);
  await expect(info).toContainText('Yes');
  await expect(info).toContainText('Invitation Only');
  await expect(field(page, 'Password (required)')).toBeVisible();

  // Nor does the link come back on a reload.
  await page.reload();
  await expect(field(page, 'Space name')).toHaveValue('');
  await expect(field(page, 'Space key')).toHaveValue('');

  // The key in the fragment (our own share links) works the same way (opened afresh, as a link
  // is, rather than as a same-document fragment change).
  await page.goto('about:blank');
  await page.goto(
    `/space/login?spaceName=${encodeURIComponent(name)}#spaceKey=${encodeURIComponent(key)}`,
  );
  await expect(field(page, 'Space name')).toHaveValue(name);
  await expect(field(page, 'Space key')).toHaveValue(key);
  await expectBareLoginAddress(page);
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
  const loggingIn = await holdProcedure(page, 'auth.login');
  await page.goto(
    `/space/login?spaceName=${encodeURIComponent(name)}&username=alice#spaceKey=${encodeURIComponent(key)}`,
  );
  // Auto-login (spec §4): started by itself once the space info is loaded; while it is under way
  // the note names the user and the button reads 'Logging in...' and cannot be pressed.
  await loggingIn.held;
  await expect(page.getByText('Logging in automatically as alice...')).toBeVisible();
  const working = page.getByRole('button', { name: 'Logging in...' });
  await expect(working).toBeVisible();
  await expect(working).toBeDisabled();
  await expectBareLoginAddress(page);
  loggingIn.release();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect((await storedSession(page, name)).spaceKey).toBe(key);

  // The §3 key record: metadata in localStorage, the key itself only encrypted (device key in
  // IndexedDB); logout removes it with the space key.
  const keyRecords = () =>
    page.evaluate(() =>
      Object.keys(localStorage)
        .filter((item) => item.startsWith('cipherspace_key_'))
        .map((item) => ({ item, value: localStorage.getItem(item) ?? '' })),
    );
  await expect.poll(async () => (await keyRecords()).length).toBe(1);
  const [record] = await keyRecords();
  expect(record?.item).toMatch(/^cipherspace_key_key_[0-9a-f]+$/);
  expect(record?.value).not.toContain(key);
  expect(JSON.parse(record?.value ?? '{}')).toMatchObject({
    keyInfo: { keyId: expect.stringMatching(/^key_/), algorithm: 'AES-GCM-256', version: 1 },
    encryptedKey: expect.any(String),
  });
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await keyRecords()).toEqual([]);
});

test('auto-login uses the username remembered for the space, never the last one of another space', async ({
  page,
  request,
}) => {
  const { name, key } = await setUpSpace(request, {
    forceUserPasswords: false,
    allowSelfRegistration: true,
    users: [{ username: 'alice' }],
  });
  const shareLink = `/space/login?spaceName=${encodeURIComponent(name)}#spaceKey=${encodeURIComponent(key)}`;
  // 'alice' was last used in some other space: it fills the field in, but logs nobody in.
  await page.goto('/');
  await page.evaluate(() => {
    localStorage.setItem('last_username', 'alice');
    localStorage.setItem('username_Other-Space', 'alice');
  });
  const logins = await holdProcedure(page, 'auth.login');
  await page.goto(shareLink);
  await expect(page.getByRole('region', { name: 'Space Information' })).toContainText('Allowed');
  await expect(field(page, 'Username')).toHaveValue('alice');
  await expect(page.getByRole('button', { name: 'Login' })).toBeEnabled();
  await page.waitForTimeout(1000);
  expect(logins.count()).toBe(0);
  await expect(page.getByText(/Logging in automatically/)).toHaveCount(0);
  await expect(page).toHaveURL(/\/space\/login$/);
  logins.release();

  // Remembered for this space: the same link logs in by itself.
  await page.evaluate((space) => localStorage.setItem(`username_${space}`, 'alice'), name);
  await page.goto('about:blank');
  await page.goto(shareLink);
  await expect(page).toHaveURL(/\/dashboard$/);
  expect((await storedSession(page, name)).currentUser).toMatchObject({ username: 'alice' });
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
