/**
 * Two members editing the same card, issue or note at once (spec §4 version conflict) in Kanban,
 * Issue Management and the Pinboard, in two browser contexts against a real server. An edit
 * dialog sends only the fields the member changed, with the values they had when it opened: a
 * teammate's change to another field made meanwhile is kept. A teammate's change to the same
 * field keeps the dialog open with both values and who made the other one, and each choice does
 * what it says: "Mine" saves the member's value, "{name}'s" keeps the teammate's and saves the
 * member's other changes, "Both (merged)" saves the line-by-line merge of the two texts.
 */
import type { Locator, Page } from '@playwright/test';

import { expect, test } from './fixtures.ts';
import {
  addKanbanCard,
  addPinboardNote,
  addTicketIssue,
  kanbanCard,
  kanbanShown,
  pinboardNote,
  pinboardShown,
  ticketIssue,
  ticketShown,
  twoMembersOn,
  type TwoMembers,
} from './support.ts';

/** What an item shows: its title, its text (description; Pinboard: content) and priority. */
interface Item {
  title: string;
  text: string;
  priority: string;
}

/** How each tool's screen shows, adds and edits an item. */
interface Tool {
  name: string;
  path: string;
  shown: (page: Page) => Promise<void>;
  /** The label of the text field both members edit. */
  textLabel: string;
  /** The priority a new item starts with. */
  defaultPriority: string;
  add: (page: Page, title: string, text: string) => Promise<void>;
  /** Opens the item's edit dialog and returns it. */
  openEdit: (page: Page, title: string) => Promise<Locator>;
  expectItem: (page: Page, item: Item) => Promise<void>;
  /**
   * The item on a page behind an open dialog, found by its CSS class: the dialog hides the rest
   * of the page from the accessibility tree (and so from role locators).
   */
  behindDialog: (page: Page, title: string) => Locator;
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function editDialog(page: Page, name: string): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  return dialog;
}

const ticketDetails = (page: Page) => page.getByRole('complementary', { name: 'Issue details' });

const TOOLS: Tool[] = [
  {
    name: 'Kanban',
    path: '/tools/kanban',
    shown: kanbanShown,
    textLabel: 'Description',
    defaultPriority: 'None',
    add: (page, title, text) => addKanbanCard(page, 'Backlog', { title, description: text }),
    async openEdit(page, title) {
      await page.getByRole('button', { name: `Edit card ${title}`, exact: true }).click();
      return editDialog(page, 'Edit Card');
    },
    async expectItem(page, { title, text, priority }) {
      const card = kanbanCard(page, title);
      await expect(card.locator('.kanban-card-description')).toHaveText(text);
      // A card shows no priority when it has none.
      if (priority === 'None') await expect(card.locator('.kanban-priority')).toHaveCount(0);
      else await expect(card.locator('.kanban-priority')).toHaveText(priority);
    },
    behindDialog: (page, title) =>
      page
        .locator('.kanban-card-body')
        .filter({ has: page.locator('.kanban-card-title', { hasText: title }) }),
  },
  {
    name: 'Issue Management',
    path: '/tools/ticket',
    shown: ticketShown,
    textLabel: 'Description',
    defaultPriority: 'None',
    add: (page, title, text) => addTicketIssue(page, 'Backlog', { title, description: text }),
    async openEdit(page, title) {
      await ticketIssue(page, title).click();
      await ticketDetails(page)
        .getByRole('button', { name: `Edit issue ${title}`, exact: true })
        .click();
      return editDialog(page, 'Edit Issue');
    },
    async expectItem(page, { title, text, priority }) {
      await ticketIssue(page, title).click();
      const details = ticketDetails(page);
      await expect(details.getByRole('heading', { level: 2 })).toHaveAccessibleName(
        new RegExp(`^Issue number \\d+ ${escaped(title)}$`),
      );
      await expect(details.locator('.tracker-description-text')).toHaveText(text);
      await expect(details.locator('.ticket-priority')).toContainText(`Priority: ${priority}`);
    },
    // The details panel of the issue, which openEdit selected.
    behindDialog: (page) => page.locator('.ticket-details.is-open'),
  },
  {
    name: 'Pinboard',
    path: '/tools/bulletin',
    shown: pinboardShown,
    textLabel: 'Content',
    defaultPriority: 'Medium',
    add: (page, title, text) => addPinboardNote(page, { title, content: text }),
    async openEdit(page, title) {
      await page.getByRole('button', { name: `Edit note ${title}`, exact: true }).click();
      return editDialog(page, 'Edit Note');
    },
    async expectItem(page, { title, text, priority }) {
      const note = pinboardNote(page, title);
      await expect(note.locator('.bulletin-note-scroll')).toHaveText(text);
      await expect(note.locator('.bulletin-note-header')).toContainText(`Priority: ${priority}`);
    },
    behindDialog: (page, title) =>
      page
        .locator('.bulletin-note-body')
        .filter({ has: page.locator('.bulletin-note-title', { hasText: title }) }),
  },
];

const textField = (dialog: Locator, tool: Tool) =>
  dialog.getByRole('textbox', { name: tool.textLabel, exact: true });

/** Saves an edit dialog and waits until it closed. */
async function saveAndClose(dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toBeHidden();
}

/**
 * Clicks `button` as a member can: scrolled to, and within the window (a dialog taller than the
 * window that does not scroll leaves its lower buttons out of reach).
 */
async function press(button: Locator): Promise<void> {
  await button.scrollIntoViewIfNeeded();
  await expect(button, 'the button is within the window').toBeInViewport();
  await button.click();
}

/** The conflict panel of an edit dialog (a region named by its alert). */
const conflictPanel = (dialog: Locator) =>
  dialog.getByRole('region', { name: /saved a change to the same fields while you were editing/ });

/** The value shown beside one choice (`choice`: the start of the radio's name) of a field. */
const choiceValue = (field: Locator, choice: RegExp) =>
  field
    .locator('label')
    .filter({ has: field.page().getByRole('radio', { name: choice }) })
    .locator('.edit-conflict-value');

const BOB_CONFLICT =
  'bob saved a change to the same fields while you were editing. Nothing is lost yet: choose what to keep for each.';

/**
 * One space for the whole file, its two members signed in once per worker: every test works on
 * items of its own. A failed test ends its worker, so the next one starts with a fresh space.
 */
const withMembers = test.extend<object, { members: TwoMembers }>({
  members: [
    async ({ browser, server }, use) => {
      const members = await twoMembersOn(browser, server, TOOLS[0]?.path ?? '/tools/kanban', {
        prefix: 'EditConflicts',
      });
      await use(members);
      await members.close();
    },
    { scope: 'worker' },
  ],
});

for (const tool of TOOLS) {
  withMembers.describe(tool.name, () => {
    withMembers.beforeEach(async ({ members, server }) => {
      for (const page of [members.alicePage, members.bobPage]) {
        if (page.url() !== `${server.url}${tool.path}`)
          await page.goto(`${server.url}${tool.path}`);
        await tool.shown(page);
      }
    });

    /**
     * Alice adds an item with `text`; both open its edit dialog; bob changes its text to
     * `bobsText` and saves; alice's screen shows it behind her open dialog. Returns her dialog.
     */
    async function bobSavesFirst(
      { alicePage, bobPage }: TwoMembers,
      title: string,
      text: string,
      bobsText: string,
    ) {
      await tool.add(alicePage, title, text);
      const item = { title, text, priority: tool.defaultPriority };
      await tool.expectItem(bobPage, item);
      const aliceDialog = await tool.openEdit(alicePage, title);
      const bobDialog = await tool.openEdit(bobPage, title);
      await textField(bobDialog, tool).fill(bobsText);
      await saveAndClose(bobDialog);
      await expect(tool.behindDialog(alicePage, title)).toContainText(bobsText);
      return aliceDialog;
    }

    withMembers(
      'changes to different fields made at the same time are both kept',
      async ({ members }) => {
        const { alicePage, bobPage } = members;
        const title = `${tool.name} heron`;
        await tool.add(alicePage, title, 'Written by alice');
        await tool.expectItem(bobPage, {
          title,
          text: 'Written by alice',
          priority: tool.defaultPriority,
        });

        // Alice opens the dialog first; bob changes the priority meanwhile.
        const aliceDialog = await tool.openEdit(alicePage, title);
        const bobDialog = await tool.openEdit(bobPage, title);
        await bobDialog.getByLabel('Priority').selectOption('High');
        await saveAndClose(bobDialog);
        await expect(tool.behindDialog(alicePage, title)).toContainText('High');

        // Her dialog still shows the priority it opened with; she changes only the text.
        await textField(aliceDialog, tool).fill('Rewritten by alice');
        await saveAndClose(aliceDialog);

        const both = { title, text: 'Rewritten by alice', priority: 'High' };
        for (const page of [alicePage, bobPage]) await tool.expectItem(page, both);
        await expect(alicePage.getByRole('alert')).toHaveCount(0);
        // As stored.
        await alicePage.reload();
        await tool.shown(alicePage);
        await tool.expectItem(alicePage, both);
      },
    );

    withMembers(
      'the same field changed by both: "Mine" saves the member’s value',
      async ({ members }) => {
        const { alicePage, bobPage } = members;
        const title = `${tool.name} ibis`;
        const aliceDialog = await bobSavesFirst(members, title, 'Plan A', 'Plan by bob');
        await textField(aliceDialog, tool).fill('Plan by alice');
        await aliceDialog.getByRole('button', { name: 'Save', exact: true }).click();

        // Asked, with both values and who made the other change; her input is still there.
        const panel = conflictPanel(aliceDialog);
        await expect(panel.getByRole('alert')).toHaveText(BOB_CONFLICT);
        const field = panel.getByRole('group', { name: tool.textLabel });
        await expect(panel.getByRole('group')).toHaveCount(1);
        await expect(choiceValue(field, /^Mine/)).toHaveText('Plan by alice');
        await expect(choiceValue(field, /^bob's/)).toHaveText('Plan by bob');
        // One-line texts changed differently do not merge.
        await expect(field.getByRole('radio', { name: /^Both \(merged\)/ })).toHaveCount(0);
        await expect(textField(aliceDialog, tool)).toHaveValue('Plan by alice');
        const apply = panel.getByRole('button', { name: 'Save with these choices' });
        await expect(apply).toBeDisabled();
        // Nothing of hers is saved yet.
        await tool.expectItem(bobPage, {
          title,
          text: 'Plan by bob',
          priority: tool.defaultPriority,
        });

        await field.getByRole('radio', { name: /^Mine/ }).check();
        await press(apply);
        await expect(aliceDialog).toBeHidden();
        const hers = { title, text: 'Plan by alice', priority: tool.defaultPriority };
        for (const page of [alicePage, bobPage]) await tool.expectItem(page, hers);
      },
    );

    withMembers(
      'the same field changed by both: "bob\'s" keeps his value and saves her other changes',
      async ({ members }) => {
        const { alicePage, bobPage } = members;
        const title = `${tool.name} crane`;
        const aliceDialog = await bobSavesFirst(members, title, 'Plan A', 'Plan by bob');
        // She also renames it: no conflict there.
        await aliceDialog
          .getByRole('textbox', { name: 'Title', exact: true })
          .fill(`${title} renamed`);
        await textField(aliceDialog, tool).fill('Plan by alice');
        await aliceDialog.getByRole('button', { name: 'Save', exact: true }).click();

        const panel = conflictPanel(aliceDialog);
        await expect(panel.getByRole('alert')).toHaveText(BOB_CONFLICT);
        await expect(panel.getByRole('group')).toHaveCount(1);
        const field = panel.getByRole('group', { name: tool.textLabel });
        await field.getByRole('radio', { name: /^bob's/ }).check();
        await press(panel.getByRole('button', { name: 'Save with these choices' }));
        await expect(aliceDialog).toBeHidden();

        const kept = {
          title: `${title} renamed`,
          text: 'Plan by bob',
          priority: tool.defaultPriority,
        };
        for (const page of [alicePage, bobPage]) await tool.expectItem(page, kept);
      },
    );

    withMembers(
      'the same text changed on different lines: "Both (merged)" keeps both lines',
      async ({ members }) => {
        const { alicePage, bobPage } = members;
        const title = `${tool.name} stork`;
        const aliceDialog = await bobSavesFirst(
          members,
          title,
          'Line one\nLine two\nLine three',
          'Line one\nLine two\nLine three by bob',
        );
        await textField(aliceDialog, tool).fill('Line one by alice\nLine two\nLine three');
        await aliceDialog.getByRole('button', { name: 'Save', exact: true }).click();

        const merged = 'Line one by alice\nLine two\nLine three by bob';
        const panel = conflictPanel(aliceDialog);
        await expect(panel.getByRole('alert')).toHaveText(BOB_CONFLICT);
        const field = panel.getByRole('group', { name: tool.textLabel });
        await expect(choiceValue(field, /^Both \(merged\)/)).toHaveText(merged);
        await field.getByRole('radio', { name: /^Both \(merged\)/ }).check();
        await press(panel.getByRole('button', { name: 'Save with these choices' }));
        await expect(aliceDialog).toBeHidden();

        const both = { title, text: merged, priority: tool.defaultPriority };
        for (const page of [alicePage, bobPage]) await tool.expectItem(page, both);
      },
    );
  });
}
