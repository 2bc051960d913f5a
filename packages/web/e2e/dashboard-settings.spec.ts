/**
 * Dashboard and space settings (spec §2 /dashboard, /space/settings; §4 Session, Username
 * edit, Settings; §6; §8) in real Chromium against a real server. Spaces and users are set up
 * over the REST API with verifiers derived by @cipherspace/crypto (as a third-party client
 * would), and the session is put into the browser exactly as `saveLogin` stores it.
 */
import { derivePasswordVerifier, deriveSpaceNameVerifier } from '@cipherspace/crypto';
import type { BrowserContext, Page } from '@playwright/test';

import { expect, recordTraffic, test } from './fixtures.ts';

interface Api {
  url: string;
}

interface TestSpace {
  name: string;
  key: string;
  verifier: string;
}

interface LoginResult {
  access_token: string;
  space: {
    name: string;
    force_user_passwords: boolean;
    allow_self_registration: boolean;
    created_at: string;
  };
  user: { id: string; username: string; role: 'admin' | 'member' };
}

let counter = 0;

async function rest(
  server: Api,
  method: string,
  path: string,
  options: { body?: unknown; token?: string } = {},
): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
}

/** Creates a space over REST (POST /api/spaces/create) with a real space-name verifier. */
async function createSpace(
  server: Api,
  options: { force?: boolean; selfRegistration?: boolean } = {},
): Promise<TestSpace> {
  counter += 1;
  const name = `Team ${Date.now().toString(36)} ${counter}`;
  const key = `Sp4ce-Key!${Math.random().toString(36).slice(2, 10)}`;
  const verifier = await deriveSpaceNameVerifier(key, name);
  const res = await rest(server, 'POST', '/api/spaces/create', {
    body: {
      space_name: name,
      encrypted_space_name: verifier,
      force_user_passwords: options.force ?? false,
      allow_self_registration: options.selfRegistration ?? true,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { name, key, verifier };
}

/** Registers a user (the first one becomes admin). */
async function register(server: Api, space: TestSpace, username: string, password?: string) {
  const res = await rest(
    server,
    'POST',
    `/api/spaces/${encodeURIComponent(space.name)}/users/register`,
    {
      body: {
        username,
        encrypted_space_name: space.verifier,
        ...(password
          ? { encrypted_password: await derivePasswordVerifier(space.key, password) }
          : {}),
      },
    },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

/** Logs in over REST (POST /api/auth/login). */
async function login(
  server: Api,
  space: TestSpace,
  username: string,
  password?: string,
): Promise<LoginResult> {
  const res = await rest(server, 'POST', '/api/auth/login', {
    body: {
      space_name: space.name,
      encrypted_space_name: space.verifier,
      username,
      ...(password
        ? { encrypted_password: await derivePasswordVerifier(space.key, password) }
        : {}),
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as LoginResult;
}

/** Writes the session into the page's localStorage exactly as src/lib/session.ts saveLogin does. */
async function storeSession(page: Page, space: TestSpace, result: LoginResult) {
  await page.goto('/impressum');
  await page.evaluate(
    ({ result, key }) => {
      const stored = {
        name: result.space.name,
        force_user_passwords: result.space.force_user_passwords,
        allow_self_registration: result.space.allow_self_registration,
        created_at: new Date(result.space.created_at).toISOString(),
      };
      const user = { id: result.user.id, username: result.user.username, role: result.user.role };
      localStorage.setItem('token', result.access_token);
      localStorage.setItem('access_token', result.access_token);
      localStorage.setItem('currentSpace', JSON.stringify(stored));
      localStorage.setItem('currentUser', JSON.stringify(user));
      localStorage.setItem(`space_key_${stored.name}`, key);
      localStorage.setItem(`username_${stored.name}`, user.username);
      localStorage.setItem('last_username', user.username);
      localStorage.setItem(
        'cipherspace_content_credentials',
        JSON.stringify({ spaceName: stored.name, spaceKey: key, username: user.username }),
      );
    },
    { result, key: space.key },
  );
}

/** A space with an admin 'alice' (and optionally more registered users), alice signed in. */
async function signedInAdmin(
  page: Page,
  server: Api,
  options: { members?: string[]; force?: boolean } = {},
) {
  const space = await createSpace(server, { force: options.force ?? false });
  await register(server, space, 'alice', options.force ? 'alice-pass' : undefined);
  for (const member of options.members ?? []) {
    await register(server, space, member, options.force ? `${member}-pass` : undefined);
  }
  const result = await login(server, space, 'alice', options.force ? 'alice-pass' : undefined);
  await storeSession(page, space, result);
  return { space, result };
}

function storageKeys(page: Page): Promise<string[]> {
  return page.evaluate(() => Object.keys(localStorage).sort());
}

/** The row of `username` in the settings user list. */
function userRow(page: Page, username: string) {
  return page
    .getByRole('list', { name: 'Users' })
    .getByRole('listitem')
    .filter({ has: page.getByText(username, { exact: true }) });
}

test.describe('dashboard', () => {
  test('an admin sees the space, their name and role, six tools and the settings card', async ({
    page,
    server,
  }) => {
    const traffic = recordTraffic(page.context());
    const { space } = await signedInAdmin(page, server);
    await page.goto('/dashboard');

    await expect(page.getByRole('heading', { level: 1, name: space.name })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit username alice' })).toBeVisible();
    await expect(page.getByTestId('user-role')).toHaveText('Admin');
    const connection = page.getByTestId('connection-status').getByRole('status');
    await expect(connection).toHaveText(
      /^(Connected|Connecting…|Reconnecting…|Disconnected|Connection error)$/,
    );
    await expect(connection).toHaveText('Connected');
    await expect(page.getByTestId('content-status')).toHaveText('Ready');

    const tools = [
      ['Kanban Board', '/tools/kanban'],
      ['Issue Management', '/tools/ticket'],
      ['Pinboard', '/tools/bulletin'],
      ['Diagrams', '/tools/diagrams'],
      ['Scrum Poker', '/tools/scrum-poker'],
      ['Daily Randomizer', '/tools/randomizer'],
    ] as const;
    for (const [name, route] of tools) {
      await expect(page.getByRole('heading', { level: 3, name })).toBeVisible();
      await expect(page.getByRole('link', { name: `Open ${name}` })).toHaveAttribute('href', route);
    }
    await expect(page.getByRole('heading', { name: 'More tools' })).toBeVisible();
    await expect(page.getByText('Coming soon')).toBeVisible();

    const settings = page.getByRole('link', { name: 'Open settings' });
    await expect(settings).toHaveAttribute('href', '/space/settings');

    const info = page.getByRole('region', { name: 'Space information' });
    await expect(info).toContainText('Password policy');
    await expect(info).toContainText('Disabled');
    await expect(info).toContainText('Allowed');
    await expect(info.locator('time')).toHaveText(/\d{4}/);

    await page.getByRole('link', { name: 'Open Scrum Poker' }).click();
    await expect(page).toHaveURL(/\/tools\/scrum-poker$/);
    traffic.expectNotSent(space.key);
  });

  test('the texts follow the German language', async ({ page, server }) => {
    await signedInAdmin(page, server);
    await page.evaluate(() => localStorage.setItem('cipherspace_language', 'de'));
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Willkommen, alice!' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Issue-Verwaltung öffnen' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Space-Informationen' })).toContainText(
      'Passwortpflicht',
    );
  });

  test('the username is edited in place; a taken name restores the old one', async ({
    page,
    server,
  }) => {
    const { space } = await signedInAdmin(page, server, { members: ['bob'] });
    await page.goto('/dashboard');

    await page.getByRole('button', { name: 'Edit username alice' }).click();
    const field = page.getByLabel('New username');
    await expect(field).toBeFocused();
    await field.press('End');
    await field.pressSequentially('-2 x!');
    await expect(field).toHaveValue('alice2x');
    await field.press('Escape');
    await expect(page.getByRole('button', { name: 'Edit username alice' })).toBeFocused();

    // Enter (on the focused button) opens, Enter saves.
    await page.keyboard.press('Enter');
    await page.getByLabel('New username').fill('alicia');
    await page.getByLabel('New username').press('Enter');
    await expect(page.getByRole('button', { name: 'Edit username alicia' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Welcome, alicia!' })).toBeVisible();
    const stored = await page.evaluate((name) => {
      return {
        user: JSON.parse(localStorage.getItem('currentUser') ?? 'null') as { username: string },
        remembered: localStorage.getItem(`username_${name}`),
        credentials: JSON.parse(
          localStorage.getItem('cipherspace_content_credentials') ?? 'null',
        ) as { username: string },
      };
    }, space.name);
    expect(stored.user.username).toBe('alicia');
    expect(stored.remembered).toBe('alicia');
    expect(stored.credentials.username).toBe('alicia');

    // 'bob' is taken: 409 → message, old name back.
    await page.getByRole('button', { name: 'Edit username alicia' }).click();
    await page.getByLabel('New username').fill('bob');
    await page.getByRole('button', { name: 'Save username' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Username already exists. Please choose a different username.',
    );
    await expect(page.getByRole('button', { name: 'Edit username alicia' })).toBeVisible();
    // Messages clear themselves after 5 s (spec §9).
    await expect(page.getByRole('alert')).toHaveCount(0, { timeout: 8000 });
  });

  test('Share copies a link whose fragment holds the space key', async ({
    page,
    context,
    browser,
    server,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const traffic = recordTraffic(context);
    const { space } = await signedInAdmin(page, server);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Share' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Share link copied to clipboard!' }),
    ).toBeVisible();

    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const url = new URL(copied);
    expect(url.origin).toBe(new URL(server.url).origin);
    expect(url.pathname).toBe('/space/login');
    expect(url.searchParams.get('spaceName')).toBe(space.name);
    expect(url.search).not.toContain(encodeURIComponent(space.key));
    expect(new URLSearchParams(url.hash.slice(1)).get('spaceKey')).toBe(space.key);

    // A colleague (another browser) opens the link: the login screen is prefilled.
    const colleague = await browser.newContext();
    try {
      const colleagueTraffic = recordTraffic(colleague);
      const colleaguePage = await colleague.newPage();
      await colleaguePage.goto(copied);
      await expect(colleaguePage.getByLabel('Space name')).toHaveValue(space.name);
      await expect(colleaguePage.getByLabel('Space key')).toHaveValue(space.key);
      colleagueTraffic.expectNotSent(space.key);
    } finally {
      await colleague.close();
    }
    traffic.expectNotSent(space.key);
  });

  test('without a clipboard, Share shows the link in a dialog to copy by hand', async ({
    page,
    server,
  }) => {
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined });
      delete (Navigator.prototype as { clipboard?: unknown }).clipboard;
    });
    const { space } = await signedInAdmin(page, server);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share this space' });
    const field = dialog.getByLabel('Share link');
    await expect(field).toHaveAttribute('readonly', '');
    const link = new URL(await field.inputValue());
    expect(new URLSearchParams(link.hash.slice(1)).get('spaceKey')).toBe(space.key);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('Share without a stored space key says so', async ({ page, server }) => {
    const { space } = await signedInAdmin(page, server);
    await page.evaluate((name) => localStorage.removeItem(`space_key_${name}`), space.name);
    await page.goto('/dashboard');
    await expect(page.getByTestId('content-status')).toHaveText('Not initialized');
    await page.getByRole('button', { name: 'Share' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Space key not found. Cannot generate share link.',
    );
  });

  test('logout clears exactly the session keys and lands on the landing page', async ({
    page,
    server,
  }) => {
    const { space, result } = await signedInAdmin(page, server);
    await page.evaluate(() => localStorage.setItem('cipherspace_language', 'en'));
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: space.name })).toBeVisible();
    const before = await storageKeys(page);

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(new URL('/', server.url).href);
    const removed = [
      'token',
      'access_token',
      'currentSpace',
      'currentUser',
      `space_key_${space.name}`,
      'cipherspace_content_credentials',
    ];
    const after = await storageKeys(page);
    for (const key of removed) expect(after, key).not.toContain(key);
    for (const key of before.filter((key) => !removed.includes(key))) {
      expect(after, key).toContain(key);
    }
    expect(after).toEqual(
      expect.arrayContaining([`username_${space.name}`, 'last_username', 'cipherspace_language']),
    );
    // The server session has ended too.
    const session = await rest(server, 'GET', '/api/auth/session', { token: result.access_token });
    expect(session.status).toBe(401);
  });
});

test.describe('space settings', () => {
  test('an admin adds a member, changes a role and deletes a user', async ({ page, server }) => {
    const traffic = recordTraffic(page.context());
    const { space, result } = await signedInAdmin(page, server, { members: ['carol'] });
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Open settings' }).click();
    await expect(page).toHaveURL(/\/space\/settings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Space settings' })).toBeVisible();

    // The list: alice (You, cannot change herself) and carol.
    await expect(userRow(page, 'alice')).toContainText('You');
    await expect(userRow(page, 'alice').getByLabel('Role of alice')).toBeDisabled();
    await expect(
      userRow(page, 'alice').getByRole('button', { name: 'Delete user alice' }),
    ).toBeDisabled();
    await expect(userRow(page, 'carol').getByLabel('Role of carol')).toHaveValue('member');

    // Add a member with a password; too short first.
    const form = page.getByRole('form', { name: 'Add user' });
    await form.getByLabel('Username').fill('dave');
    await form.getByLabel('Password (optional)').fill('abc');
    await form.getByRole('button', { name: 'Add User' }).click();
    await expect(page.getByRole('alert')).toHaveText('Password must be at least 5 characters long');
    await expect(form.getByLabel('Role')).toHaveValue('member');
    await form.getByLabel('Password (optional)').fill('dave-secret');
    await form.getByLabel('Password (optional)').press('Enter');
    await expect(
      page.getByRole('status').filter({ hasText: 'User added successfully.' }),
    ).toBeVisible();
    await expect(userRow(page, 'dave').getByLabel('Role of dave')).toHaveValue('member');
    await expect(form.getByLabel('Username')).toHaveValue('');
    // dave can log in with the password the browser turned into a verifier.
    await login(server, space, 'dave', 'dave-secret');

    // A taken name shows the server's detail.
    await form.getByLabel('Username').fill('Dave');
    await form.getByRole('button', { name: 'Add User' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Username already exists. Please choose a different username.',
    );

    // Make carol an admin.
    await userRow(page, 'carol').getByLabel('Role of carol').selectOption('admin');
    await expect(
      page.getByRole('status').filter({ hasText: 'User role updated successfully.' }),
    ).toBeVisible();
    await expect(userRow(page, 'carol').getByLabel('Role of carol')).toHaveValue('admin');
    const listed = await rest(
      server,
      'GET',
      `/api/spaces/${encodeURIComponent(space.name)}/users`,
      {
        token: result.access_token,
      },
    );
    const users = (listed.body as { users: { username: string; role: string }[] }).users;
    expect(users.find((user) => user.username === 'carol')?.role).toBe('admin');

    // Delete dave: cancel first, then confirm.
    await userRow(page, 'dave').getByRole('button', { name: 'Delete user dave' }).click();
    let dialog = page.getByRole('alertdialog', { name: 'Delete user' });
    await expect(dialog).toContainText('This cannot be undone.');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(userRow(page, 'dave')).toHaveCount(1);
    await userRow(page, 'dave').getByRole('button', { name: 'Delete user dave' }).click();
    dialog = page.getByRole('alertdialog', { name: 'Delete user' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'User deleted successfully.' }),
    ).toBeVisible();
    await expect(userRow(page, 'dave')).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Users' }).getByRole('listitem')).toHaveCount(2);

    traffic.expectNotSent(space.key);
    traffic.expectNotSent('dave-secret');
  });

  test('a toggled setting saves at once and persists after reload', async ({ page, server }) => {
    const { space, result } = await signedInAdmin(page, server);
    await page.goto('/space/settings');
    const force = page.getByLabel('Force users to have passwords');
    const selfRegistration = page.getByLabel('Allow self registration');
    await expect(force).not.toBeChecked();
    await expect(selfRegistration).toBeChecked();
    await expect(
      page.getByRole('form', { name: 'Add user' }).getByLabel('Password (optional)'),
    ).toBeVisible();

    await force.check();
    await expect(
      page.getByRole('status').filter({ hasText: 'Space settings updated successfully.' }),
    ).toBeVisible();
    // The password is now required when adding a user.
    await expect(
      page.getByRole('form', { name: 'Add user' }).getByLabel('Password (required)'),
    ).toBeVisible();
    await page.getByRole('form', { name: 'Add user' }).getByLabel('Username').fill('erin');
    await page.getByRole('button', { name: 'Add User' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'This space requires a password for every user.',
    );

    await selfRegistration.uncheck();
    await expect(selfRegistration).not.toBeChecked();

    // The checkbox flips at once; the save it started may still be on its way.
    await expect
      .poll(
        async () =>
          (await rest(server, 'GET', `/api/spaces/${encodeURIComponent(space.name)}`)).body,
      )
      .toMatchObject({ force_user_passwords: true, allow_self_registration: false });

    await page.reload();
    await expect(page.getByLabel('Force users to have passwords')).toBeChecked();
    await expect(page.getByLabel('Allow self registration')).not.toBeChecked();
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    const info = page.getByRole('region', { name: 'Space information' });
    await expect(info).toContainText('Enabled');
    await expect(info).toContainText('Admin only');
    expect(result.user.role).toBe('admin');
  });

  test('a member sees the settings card disabled and is refused on /space/settings', async ({
    page,
    server,
  }) => {
    const space = await createSpace(server);
    await register(server, space, 'alice');
    await register(server, space, 'mia');
    await storeSession(page, space, await login(server, space, 'mia'));
    await page.goto('/dashboard');
    await expect(page.getByTestId('user-role')).toHaveText('Member');
    const card = page.getByTestId('settings-card');
    await expect(card.getByRole('button', { name: 'Open settings' })).toBeDisabled();
    await expect(card).toContainText('Admin only');
    await expect(card.getByRole('link')).toHaveCount(0);

    await page.goto('/space/settings');
    await expect(page.getByRole('heading', { name: 'Admins only' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('Only admins can open the space settings.');
    await expect(page.getByLabel('Force users to have passwords')).toHaveCount(0);
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('without the space key the settings send the admin to the login', async ({
    page,
    server,
  }) => {
    const { space } = await signedInAdmin(page, server);
    await page.evaluate((name) => localStorage.removeItem(`space_key_${name}`), space.name);
    await page.goto('/space/settings');
    await expect(page.getByRole('alert')).toHaveText(
      'Content service not initialized. Please log in again',
    );
    await expect(page).toHaveURL(/\/space\/login/, { timeout: 5000 });
  });

  test('deleting the space ends on the landing page and the old token is refused', async ({
    page,
    server,
  }) => {
    const { space, result } = await signedInAdmin(page, server);
    await page.goto('/space/settings');
    await page.getByRole('button', { name: 'Delete Space' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete this space?' });
    await expect(dialog).toContainText('irreversible');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Delete Space' }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete this space?' })
      .getByRole('button', { name: 'Delete space permanently' })
      .click();
    await expect(page).toHaveURL(new URL('/', server.url).href);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('currentSpace'))).toBeNull();
    const session = await rest(server, 'GET', '/api/auth/session', { token: result.access_token });
    expect(session.status).toBe(401);
    const gone = await rest(server, 'GET', `/api/spaces/${encodeURIComponent(space.name)}`);
    expect(gone.status).toBe(404);
  });
});

test('two browsers: the admin adds a user, who then reaches the dashboard', async ({
  browser,
  server,
}) => {
  const adminContext: BrowserContext = await browser.newContext({ baseURL: server.url });
  const memberContext: BrowserContext = await browser.newContext({ baseURL: server.url });
  try {
    const adminPage = await adminContext.newPage();
    const space = await createSpace(server, { force: true, selfRegistration: false });
    await register(server, space, 'alice', 'alice-pass');
    await storeSession(adminPage, space, await login(server, space, 'alice', 'alice-pass'));
    await adminPage.goto('/space/settings');
    const form = adminPage.getByRole('form', { name: 'Add user' });
    await form.getByLabel('Username').fill('frank');
    await form.getByLabel('Password (required)').fill('frank-pass');
    await form.getByRole('button', { name: 'Add User' }).click();
    await expect(userRow(adminPage, 'frank')).toBeVisible();

    const memberPage = await memberContext.newPage();
    await storeSession(memberPage, space, await login(server, space, 'frank', 'frank-pass'));
    await memberPage.goto('/dashboard');
    await expect(memberPage.getByRole('heading', { level: 1, name: space.name })).toBeVisible();
    await expect(memberPage.getByRole('button', { name: 'Edit username frank' })).toBeVisible();
    await expect(memberPage.getByTestId('user-role')).toHaveText('Member');
    await expect(
      memberPage.getByTestId('settings-card').getByRole('button', { name: 'Open settings' }),
    ).toBeDisabled();
  } finally {
    await adminContext.close();
    await memberContext.close();
  }
});
