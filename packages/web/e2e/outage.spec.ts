/**
 * A server outage as a member sees it (spec §2 /space/login, §4 Real-time connection, §8): the
 * login screen says the server cannot be reached — never 'Space not found' — keeps trying and
 * recovers by itself once the server is back; text typed in an open dialog survives an outage that
 * signs the member out: signing in again leads back to the page, where the dialog opens again with
 * it. Each test starts its own server, so it can kill and restart it.
 */
import { rmSync } from 'node:fs';

import { expect, startServer, test, type ServerProcess } from './fixtures.ts';
import { connectionStatus, setUpSpace, signIn } from './support.ts';

const UNREACHABLE = 'The server cannot be reached right now. Trying again automatically…';

test('the login screen says the server is unreachable during an outage and recovers by itself', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const server = await startServer();
  let restarted: ServerProcess | null = null;
  try {
    const [alice] = await setUpSpace(server, ['alice'], { prefix: 'Outage' });
    if (!alice) throw new Error('no member');
    await page.goto(`${server.url}/space/login`);
    await expect(page.getByLabel('Space name')).toBeVisible();

    await server.kill();
    await page.getByLabel('Space name').fill(alice.space.name);
    await expect(page.getByText(UNREACHABLE)).toBeVisible();
    // Still so after several retries: the lookup never turns into 'Space not found'.
    await page.waitForTimeout(8_000);
    await expect(page.getByText(UNREACHABLE)).toBeVisible();
    await expect(page.getByText('Space not found')).toHaveCount(0);

    restarted = await startServer({ port: server.port, dataDir: server.dataDir });
    const info = page.getByRole('region', { name: 'Space Information' });
    // Retries back off to at most 5 s apart: the screen is right again within them.
    await expect(info).toContainText(alice.space.name, { timeout: 7_000 });
    await expect(page.getByText(UNREACHABLE)).toHaveCount(0);
    await expect(page.getByLabel(/^Password/)).toBeVisible();

    // An unknown space is still reported as such, now that the server answers.
    await page.getByLabel('Space name').fill(`${alice.space.name}-nope`);
    await expect(page.getByText('Space not found')).toBeVisible();
  } finally {
    await restarted?.stop();
    await server.kill();
    rmSync(server.dataDir, { recursive: true, force: true });
  }
});

test('text typed in an open dialog survives a 40 s outage and a sign-in again, encrypted meanwhile', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const server = await startServer();
  let restarted: ServerProcess | null = null;
  try {
    const [alice] = await setUpSpace(server, ['alice'], { prefix: 'Draft' });
    if (!alice) throw new Error('no member');
    // The login screen's code is loaded once idle; make sure it is there before the outage.
    const loginCode = page.waitForResponse((response) =>
      /^\/assets\/LoginPage-[\w-]+\.js$/.test(new URL(response.url()).pathname),
    );
    await signIn(page, server, alice, '/tools/kanban');
    await expect(connectionStatus(page)).toHaveText('Connected');
    const loginUrl = (await loginCode).url();
    await page.evaluate((url) => import(url).then(() => undefined), loginUrl);

    await page
      .getByRole('button', { name: /^Add (first )?card to Backlog$/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Add Card' });
    await dialog.getByLabel('Title').fill('Half-written plan');
    await dialog.getByLabel('Description').fill('Step one: do not lose this text');
    // Stored (encrypted) a moment after the last keystroke.
    await page.waitForTimeout(1_500);
    const stored = await page.evaluate(() =>
      Object.keys(sessionStorage)
        .filter((key) => key.startsWith('cipherspace_draft:'))
        .map((key) => sessionStorage.getItem(key) ?? ''),
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]).not.toContain('Half-written');
    expect(stored[0]).not.toContain('lose this');

    await server.kill();
    const killedAt = Date.now();
    // The connection is given up after 1 + 2 + 4 + 8 + 16 s: the member lands on the login.
    await expect(page).toHaveURL(/\/login\?/, { timeout: 60_000 });
    await expect(page.getByText(UNREACHABLE)).toBeVisible();
    await page.waitForTimeout(Math.max(0, 40_000 - (Date.now() - killedAt)));
    restarted = await startServer({ port: server.port, dataDir: server.dataDir });

    // The screen recovers by itself; the member signs in again with the space key.
    await expect(page.getByRole('region', { name: 'Space Information' })).toBeVisible({
      timeout: 10_000,
    });
    await page.getByLabel('Space key').fill(alice.spaceKey);
    await page.getByRole('button', { name: 'Login' }).click();
    // Back on the board, where the dialog opens again by itself with what was typed.
    await expect(page).toHaveURL(/\/tools\/kanban$/);
    const again = page.getByRole('dialog', { name: 'Add Card' });
    await expect(again.getByLabel('Title')).toHaveValue('Half-written plan');
    await expect(again.getByLabel('Description')).toHaveValue('Step one: do not lose this text');

    // Saved: the draft has served and is gone.
    await again.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(again).toBeHidden();
    await expect(page.getByText('Half-written plan')).toBeVisible();
    await page.waitForTimeout(500);
    expect(
      await page.evaluate(() =>
        Object.keys(sessionStorage).filter((key) => key.startsWith('cipherspace_draft:')),
      ),
    ).toEqual([]);
  } finally {
    await restarted?.stop();
    await server.kill();
    rmSync(server.dataDir, { recursive: true, force: true });
  }
});
