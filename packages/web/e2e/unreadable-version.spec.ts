/**
 * A saved version that does not open never blocks the others (spec §4 Tool content), in two
 * browser contexts against a real server. Alice adds a card on the Kanban board; bob, as a
 * third-party client would, saves over REST a snapshot that looks like a content envelope but was
 * encrypted with another key. A fresh load still shows the board as the newest version that
 * opens, with a banner naming the bad version and who saved it, and "Restore version N" saves
 * the shown board as a new version, after which neither member sees the banner again. The
 * History panel lists the bad version as one that could not be opened instead of failing.
 */
import { decryptJson, encryptJson } from '@cipherspace/crypto';
import type { Locator, Page } from '@playwright/test';

import { expect, guardZeroKnowledge, test, type ZeroKnowledgeGuard } from './fixtures.ts';
import {
  addKanbanCard,
  kanbanCard,
  kanbanColumn,
  kanbanShown,
  rest,
  twoMembersOn,
  type Member,
} from './support.ts';

interface StoredBoard {
  encrypted_data: string;
  /** The version `encrypted_data` holds. */
  content_metadata: { version: number; modified_by?: string };
  /** The newest version (newer when the latest saves sent their operations alone). */
  current_version: number;
}

/** The stored Kanban board as a member reads it over REST. */
async function storedBoard(server: { url: string }, member: Member): Promise<StoredBoard> {
  const path = `/api/content/${encodeURIComponent(member.space.name)}/kanban`;
  const answer = await rest(server, 'GET', path, undefined, member.token);
  expect(answer.status).toBe(200);
  return answer.body as StoredBoard;
}

/** The banner a tool shows while its stored version does not open. */
const unreadableBanner = (page: Page): Locator =>
  page.getByRole('status').filter({ hasText: /could not be opened/ });

/** The history panel of `page`'s tool, opened from the header. */
async function openHistory(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'History', exact: true }).click();
  const panel = page.getByRole('dialog', { name: 'History' });
  await expect(panel).toBeVisible();
  return panel;
}

test('a snapshot that does not open leaves the board usable, named in a banner and the History, and Restore makes the shown version current', async ({
  browser,
  server,
}) => {
  const guards: ZeroKnowledgeGuard[] = [];
  const members = await twoMembersOn(browser, server, '/tools/kanban', {
    prefix: 'Unreadable',
    prepare: async (context) => {
      guards.push(await guardZeroKnowledge(context));
    },
    shown: kanbanShown,
  });
  try {
    const { alice, bob, alicePage: a, bobPage: b } = members;

    // 1. A good version: alice adds a card; bob's board shows it, so it is stored.
    await addKanbanCard(a, 'Backlog', 'Keep this card');
    await expect(kanbanCard(kanbanColumn(b, 'Backlog'), 'Keep this card')).toBeVisible();
    // Saved as operations: the stored version moved past the default content's.
    await expect.poll(async () => (await storedBoard(server, bob)).current_version).toBe(2);
    const good = (await storedBoard(server, bob)).current_version;

    // 2. Bob's script saves a snapshot on top of it that the space key does not open.
    const garbage = await encryptJson({ title: 'Board', phases: [] }, 'another key');
    await expect(decryptJson(garbage, bob.spaceKey)).rejects.toThrow();
    const saved = await rest(
      server,
      'PUT',
      `/api/content/${encodeURIComponent(bob.space.name)}/kanban`,
      { encrypted_data: garbage, metadata: { version: good } },
      bob.token,
    );
    expect(saved.status).toBe(200);
    const bad = (saved.body as { content_metadata: { version: number } }).content_metadata.version;
    expect(bad).toBe(good + 1);
    const afterBad = await storedBoard(server, alice);
    expect(afterBad.content_metadata).toMatchObject({ version: bad, modified_by: 'bob' });

    // 3. A fresh load shows the good version's board with a banner naming the bad version.
    await a.reload();
    await kanbanShown(a);
    await expect(kanbanCard(kanbanColumn(a, 'Backlog'), 'Keep this card')).toBeVisible();
    await expect(unreadableBanner(a)).toHaveText(
      `Version ${String(bad)}, saved by bob, could not be opened. Showing version ${String(good)}, the newest version that opens.`,
    );
    await expect(a.getByText('Failed to decrypt content')).toHaveCount(0);
    const restore = a.getByRole('button', { name: `Restore version ${String(good)}`, exact: true });
    await expect(restore).toBeVisible();

    // 4. The History panel lists the bad version as one that could not be opened, between the
    // readable ones, instead of failing.
    const history = await openHistory(a);
    const versions = history.getByRole('navigation', { name: 'Versions' });
    const badEntry = versions.getByRole('note');
    await expect(badEntry).toHaveCount(1);
    await expect(badEntry).toContainText(`Version ${String(bad)} by bob could not be opened`);
    await expect(badEntry).toContainText(
      'It cannot be decrypted or applied with this space key. The versions after it are shown without it.',
    );
    await expect(badEntry.locator('.history-entry-meta')).toHaveText(
      new RegExp(`^Version ${String(bad)} · .+ · bob$`),
    );
    // Not a button: it can be neither previewed nor restored.
    await expect(versions.getByRole('button', { name: /could not be opened/ })).toHaveCount(0);
    await expect(
      versions.getByRole('button', { name: /alice added the card 'Keep this card' to Backlog/ }),
    ).toBeVisible();
    await expect(history.getByText('The history could not be loaded.')).toHaveCount(0);
    await a.keyboard.press('Escape');
    await expect(history).toBeHidden();

    // 3 (cont.). Restore saves the shown board as a new version on top of the bad one.
    await restore.click();
    await expect(unreadableBanner(a)).toHaveCount(0);
    await expect(restore).toHaveCount(0);
    await expect(kanbanCard(kanbanColumn(a, 'Backlog'), 'Keep this card')).toBeVisible();
    await expect
      .poll(async () => (await storedBoard(server, alice)).content_metadata.version)
      .toBe(bad + 1);
    const restored = await storedBoard(server, alice);
    expect(restored.content_metadata.modified_by).toBe('alice');
    const board = await decryptJson<{ phases: { issues?: { title: string }[] }[] }>(
      restored.encrypted_data,
      alice.spaceKey,
    );
    expect(board.phases.flatMap((phase) => phase.issues ?? []).map((issue) => issue.title)).toEqual(
      ['Keep this card'],
    );

    // A fresh load by either member shows the board without the banner.
    for (const page of [a, b]) {
      await page.reload();
      await kanbanShown(page);
      await expect(kanbanCard(kanbanColumn(page, 'Backlog'), 'Keep this card')).toBeVisible();
      await expect(unreadableBanner(page)).toHaveCount(0);
      await expect(page.getByRole('button', { name: /^Restore version/ })).toHaveCount(0);
    }

    // The History still names the bad version, now below the restore.
    const later = await openHistory(b);
    await expect(later.getByRole('navigation', { name: 'Versions' }).getByRole('note')).toHaveText(
      new RegExp(`Version ${String(bad)} by bob could not be opened`),
    );
    await expect(
      later
        .getByRole('navigation', { name: 'Versions' })
        .getByRole('button')
        .first()
        .locator('.history-entry-meta'),
    ).toHaveText(new RegExp(`^Version ${String(bad + 1)} · .+ · alice$`));

    for (const guard of guards) await guard.check();
  } finally {
    await members.close();
  }
});
