/**
 * A board a third-party client saved over REST that is not Kanban content (`maxIssues: null` on a
 * column, spec §3 says a count) names the failing field instead of "Failed to load content": in
 * the banner over the newest version that opens, or — when nothing earlier opens — in the error
 * state, with one console warning that gives the path and no content. The History opens from the
 * message, works although the current version does not open, and restoring an earlier version
 * shows the board again for every fresh load.
 */
import { decryptJson, encryptJson } from '@cipherspace/crypto';
import { tools } from '@cipherspace/tools';
import type { ConsoleMessage, Page } from '@playwright/test';

import { expect, test } from './fixtures.ts';
import {
  addKanbanCard,
  kanbanCard,
  kanbanColumn,
  kanbanShown,
  rest,
  setUpSpace,
  signIn,
  type Member,
} from './support.ts';

const SECRET_TITLE = 'Quarterly walrus plan';

/** A whole Kanban board as a third party builds it, with `maxIssues: null` in its second column. */
function boardWithNullMaxIssues(): unknown {
  const board = JSON.parse(
    JSON.stringify(
      tools.kanban.defaultContent({
        now: () => new Date().toISOString(),
        newId: () => crypto.randomUUID(),
      }),
    ),
  ) as { title: string; phases: Record<string, unknown>[] };
  board.title = SECRET_TITLE;
  const column = board.phases[1];
  if (!column) throw new Error('default board changed');
  column.maxIssues = null;
  return board;
}

const contentPath = (member: Member) =>
  `/api/content/${encodeURIComponent(member.space.name)}/kanban`;

interface StoredBoard {
  encrypted_data: string;
  content_metadata: { version: number; modified_by?: string };
  current_version: number;
}

async function storedBoard(server: { url: string }, member: Member): Promise<StoredBoard> {
  const answer = await rest(server, 'GET', contentPath(member), undefined, member.token);
  expect(answer.status).toBe(200);
  return answer.body as StoredBoard;
}

/** Saves `board` over REST as the next version, as a spec-only client does. */
async function saveOverRest(
  server: { url: string },
  member: Member,
  board: unknown,
  version: number,
): Promise<number> {
  const saved = await rest(
    server,
    'PUT',
    contentPath(member),
    { encrypted_data: await encryptJson(board, member.spaceKey), metadata: { version } },
    member.token,
  );
  expect(saved.status).toBe(200);
  return (saved.body as { content_metadata: { version: number } }).content_metadata.version;
}

/** Every console warning of `page` from now on. */
function consoleWarnings(page: Page): string[] {
  const warnings: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  return warnings;
}

test('a third party’s maxIssues: null is named, and the History restores the board that opens', async ({
  page,
  server,
}) => {
  const [alice, bob] = await setUpSpace(server, ['alice', 'bob'], { prefix: 'Problem' });
  if (!alice || !bob) throw new Error('space set-up failed');
  await signIn(page, server, alice, '/tools/kanban');
  await kanbanShown(page);
  await addKanbanCard(page, 'Backlog', 'Keep this card');
  await expect.poll(async () => (await storedBoard(server, bob)).current_version).toBe(2);

  // Bob's script saves a whole board on top, with maxIssues null in the second column.
  const bad = await saveOverRest(server, bob, boardWithNullMaxIssues(), 2);
  expect(bad).toBe(3);

  const warnings = consoleWarnings(page);
  await page.reload();
  await kanbanShown(page);
  const banner = page.getByRole('status').filter({ hasText: /could not be opened/ });
  await expect(banner).toHaveText(
    'Version 3, saved by bob, could not be opened. Showing version 2, the newest version that ' +
      'opens. Why: Column 2: maxIssues must be a number.',
  );
  await expect(page.getByText('Failed to load content')).toHaveCount(0);
  await expect
    .poll(() => warnings.filter((text) => text.includes('phases.1.maxIssues')))
    .toHaveLength(1);
  expect(warnings.join('\n')).not.toContain(SECRET_TITLE);

  // The message's History action; the bad version is listed as such, the others restore.
  await page.getByRole('button', { name: 'Open History', exact: true }).click();
  const history = page.getByRole('dialog', { name: 'History' });
  await expect(history).toBeVisible();
  const versions = history.getByRole('navigation', { name: 'Versions' });
  await expect(versions.getByRole('note')).toContainText('Version 3 by bob could not be opened');
  await expect(versions.getByRole('note')).toContainText(
    "It is not this tool's content: Column 2: maxIssues must be a number.",
  );
  await versions.getByRole('button', { name: /alice added the card 'Keep this card'/ }).click();
  await history.getByRole('button', { name: 'Restore this version' }).click();
  await expect(history).toBeHidden();
  await expect(banner).toHaveCount(0);
  await expect(kanbanCard(kanbanColumn(page, 'Backlog'), 'Keep this card')).toBeVisible();

  // Saved whole on top of the bad version: a fresh load opens it, and so does any client.
  await expect.poll(async () => (await storedBoard(server, bob)).content_metadata.version).toBe(4);
  const restored = await storedBoard(server, bob);
  const board = await decryptJson(restored.encrypted_data, bob.spaceKey);
  expect(() => tools.kanban.parse(board)).not.toThrow();
  await page.reload();
  await kanbanShown(page);
  await expect(kanbanCard(kanbanColumn(page, 'Backlog'), 'Keep this card')).toBeVisible();
  await expect(banner).toHaveCount(0);
});

test('with no earlier version that opens, the error names the field, the History still opens, and a fixed board shows', async ({
  page,
  server,
}) => {
  const [alice, bob] = await setUpSpace(server, ['alice', 'bob'], { prefix: 'Problem' });
  if (!alice || !bob) throw new Error('space set-up failed');
  // The board's first version comes from bob's script, already broken.
  expect(await saveOverRest(server, bob, boardWithNullMaxIssues(), 0)).toBe(1);

  const warnings = consoleWarnings(page);
  await signIn(page, server, alice, '/tools/kanban');
  await expect(
    page.getByText('The saved content cannot be opened: Column 2: maxIssues must be a number.'),
  ).toBeVisible();
  await expect(page.getByText('Failed to load content')).toHaveCount(0);
  await expect
    .poll(() => warnings.filter((text) => text.includes('phases.1.maxIssues')))
    .toHaveLength(1);
  expect(warnings.join('\n')).not.toContain(SECRET_TITLE);

  // The History opens from the message and lists the version that does not open, not failing.
  await page.getByRole('button', { name: 'Open History', exact: true }).click();
  const history = page.getByRole('dialog', { name: 'History' });
  await expect(
    history.getByRole('navigation', { name: 'Versions' }).getByRole('note'),
  ).toContainText('Version 1 by bob could not be opened');
  await expect(history.getByRole('note')).toContainText(
    "It is not this tool's content: Column 2: maxIssues must be a number.",
  );
  await expect(history.getByText('The history could not be loaded.')).toHaveCount(0);
  await history.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(history).toBeHidden();

  // Retry loads again: still the same version, still the same message.
  await page.getByRole('button', { name: 'Retry', exact: true }).click();
  await expect(
    page.getByText('The saved content cannot be opened: Column 2: maxIssues must be a number.'),
  ).toBeVisible();

  // Bob fixes his script and saves again: the board shows, live.
  const fixed = boardWithNullMaxIssues() as { phases: Record<string, unknown>[] };
  delete fixed.phases[1]?.maxIssues;
  expect(await saveOverRest(server, bob, fixed, 1)).toBe(2);
  // Bob's board, under his board's title.
  await expect(page.getByRole('heading', { level: 1, name: SECRET_TITLE })).toBeVisible();
  await expect(kanbanColumn(page, 'Backlog')).toBeVisible();
  await expect(page.getByText(/The saved content cannot be opened/)).toHaveCount(0);
});
