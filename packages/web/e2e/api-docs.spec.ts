/**
 * The interactive API reference in real Chromium: /api/docs renders every
 * operation of /api/openapi.json under the server's strict Content-Security-Policy, without a
 * CSP violation or a script error, and without reaching beyond the server's own origin; its
 * "Try it out" works for writes in a browser that holds the app's `_csrf` cookie.
 */
import { randomBytes } from 'node:crypto';

import { deriveSpaceNameVerifier } from '@cipherspace/crypto';

import { expect, test } from './fixtures.ts';

test('/api/docs renders the REST operations under the strict CSP', async ({ page, server }) => {
  const problems: string[] = [];
  const foreign: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!['data:', 'blob:'].includes(url.protocol) && url.origin !== server.url) {
      foreign.push(request.url());
    }
  });

  const response = await page.goto('/api/docs');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");

  await expect(page.getByRole('heading', { name: /Cipherspace REST API/ })).toBeVisible();
  // One block per operation, grouped by tag.
  const operations = page.locator('.opblock');
  await expect(operations.first()).toBeVisible();
  for (const [method, path] of [
    ['POST', '/api/spaces/create'],
    ['POST', '/api/auth/login'],
    ['GET', '/api/content/{spaceName}/{tool}'],
    ['PUT', '/api/content/{spaceName}/{tool}'],
    ['GET', '/api/ws/{spaceName}'],
  ] as const) {
    const block = page.locator(`.opblock-${method.toLowerCase()}`, {
      has: page.locator('.opblock-summary-path', { hasText: new RegExp(`^${escape(path)}$`) }),
    });
    await expect(block, `${method} ${path}`).toHaveCount(1);
  }
  const documented = (await (await page.request.get('/api/openapi.json')).json()) as {
    paths: Record<string, Record<string, unknown>>;
  };
  const count = Object.values(documented.paths).reduce(
    (sum, item) => sum + Object.keys(item).length,
    0,
  );
  await expect(operations).toHaveCount(count);

  // Expanding an operation shows its schemas (request body and the {detail} error).
  await page
    .locator('.opblock-post', {
      has: page.locator('.opblock-summary-path', { hasText: /^\/api\/auth\/login$/ }),
    })
    .locator('.opblock-summary')
    .click();
  const login = page.locator('#operations-Authentication-login');
  await expect(login).toContainText('encrypted_space_name');
  await expect(login).toContainText('User not found');
  // The security scheme is offered.
  await expect(page.getByRole('button', { name: /Authorize/ })).toBeVisible();

  expect(problems, 'console errors (CSP violations, script errors)').toEqual([]);
  expect(foreign, 'requests beyond the own origin').toEqual([]);
});

test("Try it out: a write from /api/docs in a browser holding the app's _csrf cookie is answered, not refused", async ({
  page,
  context,
}) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));

  // The app's own page fetches a CSRF token at start-up, which sets the _csrf cookie: from now
  // on every write of this browser to /api must carry the matching X-CSRF-Token header.
  await page.goto('/');
  await expect
    .poll(async () => (await context.cookies()).some((cookie) => cookie.name === '_csrf'))
    .toBe(true);

  await page.goto('/api/docs');
  const create = page.locator('.opblock-post', {
    has: page.locator('.opblock-summary-path', { hasText: /^\/api\/spaces\/create$/ }),
  });
  await create.locator('.opblock-summary').click();
  await create.getByRole('button', { name: 'Try it out' }).click();
  const name = `Docs-${randomBytes(4).toString('hex')}`;
  await create.locator('textarea.body-param__text').fill(
    JSON.stringify({
      space_name: name,
      encrypted_space_name: await deriveSpaceNameVerifier('D0cs!Try-It-Out', name),
      force_user_passwords: false,
      allow_self_registration: true,
    }),
  );
  const sent = page.waitForRequest(
    (request) => request.method() === 'POST' && request.url().endsWith('/api/spaces/create'),
  );
  await create.getByRole('button', { name: 'Execute' }).click();
  expect((await sent).headers()['x-csrf-token']).toBeTruthy();
  // Swagger UI shows the server's answer: 201 Created, the space as stored.
  const answer = create.locator('.live-responses-table .response');
  await expect(answer.locator('.response-col_status')).toHaveText('201');
  await expect(answer).toContainText(name);

  expect(problems, 'console errors').toEqual([]);
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
