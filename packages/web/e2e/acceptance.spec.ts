/**
 * The acceptance journey of the web-app issue, entirely through the UI: two people in two
 * browsers. Alice creates a space and invites Bob (adds him in the settings and sends him the
 * share link); Bob logs in on the login screen; both reach the dashboard and see a live
 * connection. Bob, a member, finds the settings card disabled and is refused on
 * /space/settings. Nothing either browser sends contains the space key.
 */
import { expect, recordTraffic, test } from './fixtures.ts';
import { connectionStatus } from './support.ts';

test('one person creates a space and invites another; both reach the dashboard, connected', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const alice = await browser.newContext({ baseURL });
  const bob = await browser.newContext({ baseURL });
  await alice.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL ?? '' });
  const aliceTraffic = recordTraffic(alice);
  const bobTraffic = recordTraffic(bob);
  try {
    const a = await alice.newPage();
    const name = `Acceptance ${Date.now().toString(36)}`;

    // Alice creates the space with a generated key and registers as its first user.
    await a.goto('/');
    await a.getByRole('button', { name: 'Create new space' }).click();
    await expect(a).toHaveURL(/\/space\/create$/);
    await a.getByLabel('Space name', { exact: true }).fill(name);
    await a.getByRole('button', { name: 'Generate' }).click();
    const key = await a.getByLabel('Space key', { exact: true }).inputValue();
    await a.getByRole('button', { name: 'Create Space' }).click();
    await expect(a.getByRole('heading', { name: 'Register in a Space' })).toBeVisible();
    await a.getByLabel('Username', { exact: true }).fill('alice');
    await a.getByLabel('Password (required)', { exact: true }).fill('alice-pass');
    await a.getByLabel('Confirm password', { exact: true }).fill('alice-pass');
    await a.getByRole('button', { name: 'Register' }).click();
    await expect(a).toHaveURL(/\/dashboard$/);
    await expect(a.getByTestId('connection-status')).toHaveText('Connected');

    // She adds Bob in the settings and copies the share link.
    await a.getByRole('link', { name: 'Open settings' }).click();
    const form = a.getByRole('form', { name: 'Add user' });
    await form.getByLabel('Username').fill('bob');
    await form.getByLabel('Password (required)').fill('bob-pass');
    await form.getByRole('button', { name: 'Add User' }).click();
    await expect(a.getByText('User added successfully.')).toBeVisible();
    await a.getByRole('link', { name: 'Back to Dashboard' }).click();
    await a.getByRole('button', { name: 'Share' }).click();
    await expect(a.getByText('Share link copied to clipboard!')).toBeVisible();
    const shareLink = await a.evaluate(() => navigator.clipboard.readText());
    expect(new URL(shareLink).hash).toContain('spaceKey=');

    // Bob opens the link in his own browser: name and key are prefilled; he logs in.
    const b = await bob.newPage();
    await b.goto(shareLink);
    await expect(b.getByLabel('Space name', { exact: true })).toHaveValue(name);
    await expect(b.getByLabel('Space key', { exact: true })).toHaveValue(key);
    await expect.poll(() => b.url()).not.toContain('spaceKey');
    await b.getByLabel('Username', { exact: true }).fill('bob');
    await b.getByLabel('Password (required)', { exact: true }).fill('bob-pass');
    await b.getByRole('button', { name: 'Login' }).click();
    await expect(b).toHaveURL(/\/dashboard$/);
    await expect(b.getByTestId('connection-status')).toHaveText('Connected');
    await expect(b.getByText(name).first()).toBeVisible();
    // Logged in by the form: the session is the one the login screen stored.
    expect(
      await b.evaluate(() => JSON.parse(localStorage.getItem('currentUser') ?? 'null') as unknown),
    ).toMatchObject({ username: 'bob', role: 'member' });

    // A member: the space-settings card is there, but disabled and marked admin only.
    const settingsCard = b.getByTestId('settings-card');
    await expect(settingsCard.getByRole('heading', { name: 'Space settings' })).toBeVisible();
    await expect(settingsCard.getByRole('button', { name: 'Open settings' })).toBeDisabled();
    await expect(
      settingsCard.getByRole('button', { name: 'Open settings' }),
    ).toHaveAccessibleDescription('Only admins can change the space settings.');
    await expect(settingsCard).toContainText('Admin only');
    await expect(b.getByRole('link', { name: 'Open settings' })).toHaveCount(0);
    // Alice, the admin, has a working link on the same card.
    await expect(
      a.getByTestId('settings-card').getByRole('link', { name: 'Open settings' }),
    ).toBeEnabled();

    // Typing the settings address is refused: the page stays, shows why and offers the way back;
    // no settings, no user list.
    await b.goto('/space/settings');
    await expect(b).toHaveURL(/\/space\/settings$/);
    await expect(b.getByRole('heading', { level: 1 })).toHaveText('Admins only');
    await expect(b.getByRole('alert')).toHaveText(
      'Only admins can open the space settings. Ask an admin of this space for help.',
    );
    await expect(b.getByRole('checkbox')).toHaveCount(0);
    await expect(b.getByRole('form', { name: 'Add user' })).toHaveCount(0);
    await expect(b.getByRole('button', { name: 'Delete Space' })).toHaveCount(0);
    // Other signed-in pages show the connection in the app shell.
    await expect(connectionStatus(b)).toHaveText('Connected');
    await b.getByRole('link', { name: 'Back to Dashboard' }).click();
    await expect(b).toHaveURL(/\/dashboard$/);

    // Both are still live.
    await expect(b.getByTestId('connection-status')).toHaveText('Connected');
    await expect(a.getByTestId('connection-status')).toHaveText('Connected');

    aliceTraffic.expectNotSent(key);
    bobTraffic.expectNotSent(key);
  } finally {
    await alice.close();
    await bob.close();
  }
});
