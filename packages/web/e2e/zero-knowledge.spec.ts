/**
 * Self-tests of the zero-knowledge recorder (e2e/fixtures.ts): it must see what a page that
 * was already open sends over the tRPC WebSocket, and the automatic check must catch a stored
 * space key that leaves the browser — in a request or a frame, even after the key was removed
 * from storage — while a URL the test typed itself does not count.
 */
import type { Browser } from '@playwright/test';

import {
  expect,
  guardZeroKnowledge,
  recordTraffic,
  SPACE_KEY_BINDING,
  test,
  type ServerProcess,
} from './fixtures.ts';
import { DEFAULT_SPACE_KEY, setUpSpace, signIn } from './support.ts';

test('recordTraffic sees the WebSocket frames of a page that was open before recording began', async ({
  page,
  context,
  server,
}) => {
  const [alice] = await setUpSpace(server, ['alice'], { prefix: 'Recorder' });
  if (!alice) throw new Error('space set-up failed');
  // The default `page` exists (and has loaded the app) before the recorder starts.
  await page.goto('/impressum');
  expect(context.pages()).toEqual([page]);
  const traffic = recordTraffic(context);

  await signIn(page, server, alice);
  await expect(page.getByTestId('connection-status')).toHaveText('Connected');

  expect(traffic.sent.some((entry) => /^WS ws:\/\/.+\/api\/ws\//.test(entry))).toBe(true);
  await expect
    .poll(() => traffic.sent.filter((entry) => entry.startsWith('WS> ')).length)
    .toBeGreaterThan(0);
  expect(
    traffic.sent.some((entry) => entry.startsWith('GET ') && entry.includes('/dashboard')),
  ).toBe(true);

  // The token travels in the live socket's URL (a browser cannot set headers on a WebSocket),
  // and the socket's frames are seen: the page announces itself with user_joined, which only the
  // socket sends.
  const socketEntry = traffic.sent.find((entry) => /^WS ws:\/\/.+\/api\/ws\//.test(entry));
  expect(socketEntry).toContain(alice.token);
  const marker = '"type":"user_joined"';
  const frame = traffic.sent.find((entry) => entry.startsWith('WS> ') && entry.includes(marker));
  expect(frame).toBeDefined();
  expect(traffic.sent.filter((entry) => !entry.startsWith('WS')).join('\n')).not.toContain(marker);
  expect(() => traffic.expectNotSent(marker)).toThrow(/reached the network in \d+ request/);
});

/** A fresh space's alice, signed in on a page of a new context watched by the guard. */
async function guardedMember(browser: Browser, server: ServerProcess, baseURL?: string) {
  const [alice] = await setUpSpace(server, ['alice'], { prefix: 'Guard' });
  if (!alice) throw new Error('space set-up failed');
  const context = await browser.newContext({ baseURL });
  const guard = await guardZeroKnowledge(context);
  const page = await context.newPage();
  await signIn(page, server, alice);
  return { alice, context, guard, page };
}

test('the zero-knowledge guard catches a stored space key sent by the page, even after logout, but not a typed address', async ({
  browser,
  server,
  baseURL,
}) => {
  const { alice, context, guard, page } = await guardedMember(browser, server, baseURL);
  try {
    await expect(page.getByTestId('connection-status')).toHaveText('Connected');
    await guard.check();

    // A share link typed into the address bar (query form, spec §2): the test sent the key,
    // not the app.
    await page.goto(
      `/space/login?spaceName=${encodeURIComponent(alice.space.name)}&spaceKey=${encodeURIComponent(DEFAULT_SPACE_KEY)}`,
    );
    await guard.check();

    // The page itself sends the key over a WebSocket, then the session is cleared: the key
    // stored earlier still counts.
    await page.evaluate(async (key) => {
      const socket = new WebSocket(`ws://${location.host}/trpc`);
      await new Promise((resolve) => socket.addEventListener('open', resolve, { once: true }));
      socket.send(JSON.stringify({ leaked: key }));
      socket.close();
      localStorage.clear();
    }, DEFAULT_SPACE_KEY);
    await expect
      .poll(() => guard.traffic.sent.some((entry) => entry.includes('"leaked"')))
      .toBe(true);
    await expect(guard.check()).rejects.toThrow(/the space key reached the network in \d+ request/);
  } finally {
    await context.close();
  }
});

test('the zero-knowledge guard catches the key in an HTTP request made by the page', async ({
  browser,
  server,
  baseURL,
}) => {
  const { context, guard, page } = await guardedMember(browser, server, baseURL);
  try {
    await page.evaluate(async (key) => {
      await fetch(`/api/health?key=${encodeURIComponent(key)}`);
    }, DEFAULT_SPACE_KEY);
    await expect(guard.check()).rejects.toThrow(/the space key reached the network/);
  } finally {
    await context.close();
  }
});

test('the default context is guarded automatically: its pages report the keys they store', async ({
  page,
  server,
}) => {
  const [alice] = await setUpSpace(server, ['alice'], { prefix: 'Guard' });
  if (!alice) throw new Error('space set-up failed');
  await signIn(page, server, alice);
  await expect(page.getByTestId('connection-status')).toHaveText('Connected');
  // The binding through which the guard learns each stored key (fixtures.ts watchSpaceKeys).
  expect(
    await page.evaluate(
      (binding) => typeof (window as unknown as Record<string, unknown>)[binding],
      SPACE_KEY_BINDING,
    ),
  ).toBe('function');
});

test.describe('with zeroKnowledgeCheck off', () => {
  test.use({ zeroKnowledgeCheck: false });

  test('the default context is not instrumented', async ({ page }) => {
    await page.goto('/');
    expect(
      await page.evaluate(
        (binding) => typeof (window as unknown as Record<string, unknown>)[binding],
        SPACE_KEY_BINDING,
      ),
    ).toBe('undefined');
  });
});
