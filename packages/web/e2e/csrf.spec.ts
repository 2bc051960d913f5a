/**
 * The CSRF token (spec §7: non-GET requests carry a header taken from a cookie) when the page's
 * token stops matching the browser's `_csrf` cookie: another tab of a browser without the cookie
 * fetched its first token at the same time, and its cookie won. The server refuses the page's
 * mutations (403); the page fetches a new token and sends each refused request once more, so the
 * member's work is saved instead of failing until a reload.
 */
import { expect, test } from './fixtures.ts';
import { addKanbanCard, kanbanCard, kanbanColumn, kanbanShown, twoMembersOn } from './support.ts';

test("a member's saves go through after another tab replaced the browser's CSRF cookie", async ({
  browser,
  server,
}) => {
  const members = await twoMembersOn(browser, server, '/tools/kanban', {
    prefix: 'CsrfRenew',
    shown: kanbanShown,
  });
  try {
    const { aliceContext, alicePage, bobPage } = members;
    const refused: string[] = [];
    alicePage.on('response', (response) => {
      if (response.status() === 403) refused.push(new URL(response.url()).pathname);
    });

    // Another tab's first visit: the browser gets a `_csrf` cookie with a new secret, which the
    // token Alice's page holds does not match.
    await aliceContext.clearCookies();
    const otherTab = await aliceContext.request.get(`${server.url}/api/csrf`);
    expect(otherTab.ok()).toBe(true);
    expect((await aliceContext.cookies()).map((cookie) => cookie.name)).toContain('_csrf');

    const title = 'Saved after the cookie changed';
    await addKanbanCard(alicePage, 'Backlog', title);
    // Saved: Bob sees it live, and after a reload (from the server).
    await expect(kanbanCard(kanbanColumn(bobPage, 'Backlog'), title)).toBeVisible();
    await bobPage.reload();
    await kanbanShown(bobPage);
    await expect(kanbanCard(kanbanColumn(bobPage, 'Backlog'), title)).toBeVisible();
    // The server did refuse the stale token: the recovery, not luck, saved it.
    expect(refused.some((path) => path.startsWith('/trpc/'))).toBe(true);
  } finally {
    await members.close();
  }
});
