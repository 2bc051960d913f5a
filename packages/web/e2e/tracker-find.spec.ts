/**
 * Finding work on the trackers (spec §3 Issue filter on Kanban and Issue Management) with two
 * members on one 1,000-card board: search as you type over card text, filter chips (tag,
 * assignee, type, priority, due), `/` to focus the search, the count announced, and a teammate's
 * new card appearing live inside an active search. Everything is matched in the browser over
 * decrypted content.
 */
import { encryptJson } from '@cipherspace/crypto';
import { defaultContent, type Issue, type KanbanContent } from '@cipherspace/tools/tracker';

import { expect, test } from './fixtures.ts';
import { kanbanCard, kanbanColumn, kanbanShown, rest, twoMembersOn } from './support.ts';

const CARDS = 1000;
const PEOPLE = ['alice', 'bob', 'carol', 'dave'];

/**
 * The default board with `count` cards spread over its five columns: every 5th a bug, every 3rd
 * of high priority, every 7th tagged 'ux', every 11th due on a day long past.
 */
function bigBoard(count: number): KanbanContent {
  let next = 0;
  const now = new Date().toISOString();
  const board = defaultContent('kanban', { now: () => now, newId: () => `id-${String(++next)}` });
  const perColumn = Math.ceil(count / board.phases.length);
  return {
    ...board,
    phases: board.phases.map((phase, column) => ({
      ...phase,
      issues: Array.from(
        { length: Math.max(0, Math.min(perColumn, count - column * perColumn)) },
        (_, n): Issue => {
          const number = column * perColumn + n + 1;
          return {
            id: `card-${String(number)}`,
            title: `Card ${String(number)}`,
            description:
              number === 996 ? 'The invoice export loses the VAT column' : 'Routine work',
            type: number % 5 === 0 ? 'Bug' : 'Task',
            priority: number % 3 === 0 ? 'High' : 'Medium',
            estimation: '2',
            assignedPerson: PEOPLE[number % PEOPLE.length] ?? '',
            comments: [],
            createdAt: now,
            createdBy: 'alice',
            order: n,
            tags: number % 7 === 0 ? ['ux'] : [],
            ...(number % 11 === 0 ? { dueDate: '2020-01-02' } : {}),
          };
        },
      ),
    })),
  };
}

test('two members search and filter a 1,000-card board; a new matching card shows up live', async ({
  browser,
  server,
}) => {
  test.setTimeout(120_000);
  const members = await twoMembersOn(browser, server, '/dashboard', { prefix: 'Find' });
  const { alice, alicePage: a, bobPage: b } = members;
  try {
    const saved = await rest(
      server,
      'PUT',
      `/api/content/${encodeURIComponent(alice.space.name)}/kanban`,
      {
        encrypted_data: await encryptJson(bigBoard(CARDS), alice.spaceKey),
        metadata: { version: 0 },
      },
      alice.token,
    );
    expect(saved.status).toBe(200);
    await a.goto('/tools/kanban');
    await b.goto('/tools/kanban');
    await kanbanShown(a);
    await kanbanShown(b);

    // `/` focuses the search; typing narrows the windowed columns to the one matching card.
    const search = a.getByRole('searchbox', { name: 'Search' });
    await a.getByRole('heading', { level: 1, name: 'Kanban Board' }).click();
    await a.keyboard.press('/');
    await expect(search).toBeFocused();
    await a.keyboard.type('vat column');
    const status = a.getByRole('search', { name: 'Search and filter cards' }).getByRole('status');
    await expect(status).toHaveText('1 of 1000 cards shown');
    await expect(kanbanCard(a, 'Card 996')).toBeVisible();
    await expect(a.getByRole('article')).toHaveCount(1);
    await expect(
      kanbanColumn(a, 'Backlog').getByText('No matching cards in this column.'),
    ).toBeVisible();
    // Bob's board is his own: nothing filtered there.
    await expect(kanbanColumn(b, 'Backlog').getByText('Number of cards: 200')).toBeAttached();

    // Bob adds a card that matches Alice's search: it appears in her filtered view, live.
    // (Appended to a long windowed column, so it is out of Bob's view; the dialog closing is enough.)
    await kanbanColumn(b, 'To Do').getByRole('button', { name: 'Add card to To Do' }).click();
    const dialog = b.getByRole('dialog', { name: 'Add Card' });
    await dialog.getByLabel('Title').fill('Restore the VAT column');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(kanbanCard(kanbanColumn(a, 'To Do'), 'Restore the VAT column')).toBeVisible();
    await expect(status).toHaveText('2 of 1001 cards shown');

    // Escape empties the search; chips filter by tag and assignee and remove themselves.
    await search.press('Escape');
    await expect(search).toHaveValue('');
    await expect(status).toBeHidden();
    const bar = a.getByRole('search', { name: 'Search and filter cards' });
    await bar.getByRole('combobox', { name: 'Tag' }).selectOption('ux');
    await bar.getByRole('combobox', { name: 'Assignee' }).selectOption('bob');
    // Every 7th card is tagged ux, every 4th from 1 is bob's: numbers 21, 49, 77… (≡ 21 mod 28).
    const expected = Array.from({ length: CARDS }, (_, i) => i + 1).filter(
      (n) => n % 7 === 0 && n % 4 === 1,
    ).length;
    await expect(status).toHaveText(`${String(expected)} of 1001 cards shown`);
    await expect(kanbanCard(a, 'Card 21')).toBeVisible();
    const chips = bar.getByRole('list', { name: 'Active filters' });
    await expect(chips.getByRole('listitem')).toHaveText(['Assignee: bob', 'Tag: ux']);
    await bar.getByRole('button', { name: 'Remove filter Assignee: bob' }).click();
    const tagged = Array.from({ length: CARDS }, (_, i) => i + 1).filter((n) => n % 7 === 0);
    await expect(status).toHaveText(`${String(tagged.length)} of 1001 cards shown`);
    await bar.getByRole('button', { name: 'Clear filters' }).click();
    await expect(chips).toHaveCount(0);
    await expect(kanbanColumn(a, 'Backlog').getByText('Number of cards: 200')).toBeAttached();

    // Type, priority and due chips together: overdue high-priority bugs. Multiples of 165, but
    // not 825 and 990: in the Done column (cards 801–1000) nothing is overdue.
    await bar.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Bug' });
    await bar.getByRole('combobox', { name: 'Priority' }).selectOption({ label: 'High' });
    await bar.getByRole('combobox', { name: 'Due date' }).selectOption({ label: 'Overdue' });
    await expect(chips.getByRole('listitem')).toHaveText([
      'Type: Bug',
      'Priority: High',
      'Due date: Overdue',
    ]);
    await expect(status).toHaveText('4 of 1001 cards shown');
    for (const card of ['Card 165', 'Card 330', 'Card 495', 'Card 660'])
      await expect(kanbanCard(a, card)).toBeVisible();
    await bar.getByRole('button', { name: 'Remove filter Due date: Overdue' }).click();
    // High-priority bugs, due or not: every 15th card.
    await expect(status).toHaveText(`${String(Math.floor(CARDS / 15))} of 1001 cards shown`);
  } finally {
    await members.close();
  }
});
