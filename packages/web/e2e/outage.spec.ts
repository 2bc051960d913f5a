/**
 * A server outage as a member sees it (spec §2 /space/login, §4 Real-time connection, §8): the
 * login screen says the server cannot be reached — never 'Space not found' — keeps trying and
 * recovers by itself once the server is back. Each test starts its own server, so it can kill and
 * restart it.
 */
import { rmSync } from 'node:fs';

import { expect, startServer, test, type ServerProcess } from './fixtures.ts';
import { setUpSpace } from './support.ts';

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
