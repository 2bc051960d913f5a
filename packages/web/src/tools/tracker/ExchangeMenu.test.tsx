/**
 * The tracker headers' Import / Export menu (ExchangeMenu): exports download the board; a chosen
 * file is parsed here and previewed; Import saves the merged board as one change (replace); a
 * file of the wrong kind changes nothing.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { defaultContent, type TrackerContent, type ToolType } from '@cipherspace/tools/tracker';
import jiraCsv from '../../../../tools/src/tracker/exchange/fixtures/jira-issues.csv?raw';
import trelloJson from '../../../../tools/src/tracker/exchange/fixtures/trello-board.json?raw';
import type { PerformResult } from '@cipherspace/sync';
import { planOfFile } from './exchange-io.ts';
import { ExchangeMenu, exportFileName, readFileText, type ExchangeTool } from './ExchangeMenu.tsx';

let ids = 0;
function board(tool: ToolType): TrackerContent {
  return defaultContent(tool, {
    now: () => '2024-01-01T00:00:00.000Z',
    newId: () => `id-${++ids}`,
  });
}

function setup(
  options: {
    tool?: ToolType;
    /** What saving the board the import builds answers (the hook's `replace`). */
    save?: (content: TrackerContent) => Promise<PerformResult<TrackerContent>>;
  } = {},
) {
  const content = board(options.tool ?? 'kanban');
  const save = vi.fn(
    options.save ??
      ((next: TrackerContent) => Promise.resolve({ status: 'saved' as const, content: next })),
  );
  const tool: ExchangeTool<TrackerContent> = {
    state: { status: 'loaded', content, version: 3 } as ExchangeTool<TrackerContent>['state'],
    current: () =>
      ({ status: 'loaded', content, version: 3 }) as ExchangeTool<TrackerContent>['state'],
    replace: (build) => save(build(content)),
  };
  const show = vi.fn();
  // A member may pick any file, whatever the dialog's filter suggests.
  const user = userEvent.setup({ applyAccept: false });
  render(
    <ExchangeMenu
      tool={tool}
      noun={options.tool === 'ticket' ? 'issue' : 'card'}
      by="ann"
      show={show}
    />,
  );
  return { user, save, show, content };
}

async function choose(user: ReturnType<typeof userEvent.setup>, source: string, file: File) {
  await user.upload(screen.getByTestId(`exchange-file-${source}`), file);
}

const trelloFile = () => new File([trelloJson], 'board.json', { type: 'application/json' });

describe('ExchangeMenu', () => {
  beforeEach(() => {
    ids = 0;
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('opens a menu of the two exports and three imports; Escape closes it', async () => {
    const { user } = setup();
    const button = screen.getByRole('button', { name: 'Import / Export' });
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const items = within(screen.getByRole('menu')).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Export CSV',
      'Export JSON',
      'Import from Trello (JSON)',
      'Import from Jira (CSV)',
      'Import from Cipherspace (JSON)',
    ]);
    expect(items[0]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(items[1]).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('downloads the board as CSV named after its title and the day', async () => {
    const created: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:csv';
    });
    URL.revokeObjectURL = vi.fn();
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    const { user, show } = setup();
    await user.click(screen.getByRole('button', { name: 'Import / Export' }));
    await user.click(screen.getByRole('menuitem', { name: 'Export CSV' }));
    const name = exportFileName('Kanban Board', 'csv', new Date());
    await waitFor(() => expect(clicked).toEqual([name]));
    expect(await readFileText(created[0] ?? new Blob())).toMatch(/^ID,Number,Title,/);
    expect(show).toHaveBeenCalledWith('success', `Exported ${name}`);
  });

  it('previews a Trello board: columns existing and new, counts, the report', async () => {
    const { user, save } = setup();
    await choose(user, 'trello', trelloFile());
    const dialog = await screen.findByRole('dialog', { name: 'Import board.json' });
    expect(within(dialog).getByText('To import: 7 cards into 2 columns.')).toBeInTheDocument();
    const rows = within(dialog).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['To Do4existing', 'Doing3new']);
    expect(within(dialog).getByText('Old ideas: closed list, not imported')).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'Set up CI pipeline: more than one member, only the first is assigned (Bob Brown)',
      ),
    ).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
  });

  it('imports as one change and says how many cards went into how many columns', async () => {
    const { user, save, show } = setup();
    await choose(user, 'trello', trelloFile());
    await user.click(await screen.findByRole('button', { name: 'Import' }));
    expect(save).toHaveBeenCalledTimes(1);
    const saved = save.mock.calls[0]?.[0];
    expect(saved?.phases.map((phase) => [phase.name, phase.issues.length])).toEqual([
      ['Backlog', 0],
      ['To Do', 4],
      ['In Progress', 0],
      ['Testing', 0],
      ['Done', 0],
      ['Doing', 3],
    ]);
    expect(show).toHaveBeenCalledWith(
      'warning',
      'Imported 7 cards into 2 columns; 3 items skipped',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('speaks of issues and phases in Issue Management (Jira CSV)', async () => {
    const { user } = setup({ tool: 'ticket' });
    await choose(user, 'jira', new File([jiraCsv], 'jira.csv', { type: 'text/csv' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('To import: 6 issues into 3 phases.')).toBeInTheDocument();
    expect(within(dialog).getByRole('columnheader', { name: 'Phase' })).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'WEB-105 Investigate flaky test: unknown type, imported as Task (Sub-task)',
      ),
    ).toBeInTheDocument();
  });

  it('Cancel closes the preview and changes nothing', async () => {
    const { user, save } = setup();
    await choose(user, 'trello', trelloFile());
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
  });

  it('says a file of the wrong kind is not such an export and changes nothing', async () => {
    const { user, save, show } = setup();
    await choose(user, 'trello', new File(['Summary,Status\nA,Open'], 'x.json'));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        'error',
        'This file is not a Trello board export (JSON). Nothing was changed.',
      ),
    );
    await choose(user, 'jira', trelloFile());
    await waitFor(() =>
      expect(show).toHaveBeenLastCalledWith(
        'error',
        'This file is not a Jira issue export (CSV). Nothing was changed.',
      ),
    );
    await choose(user, 'cipherspace', trelloFile());
    await waitFor(() =>
      expect(show).toHaveBeenLastCalledWith(
        'error',
        'This file is not a Cipherspace Kanban or Issue Management export (JSON). Nothing was changed.',
      ),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
  });

  it('keeps the preview open with the reason when the import is not saved', async () => {
    const { user, show } = setup({
      save: () => Promise.resolve({ status: 'failed', error: new Error('offline') }),
    });
    await choose(user, 'trello', trelloFile());
    await user.click(await screen.findByRole('button', { name: 'Import' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to import');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(show).not.toHaveBeenCalled();
  });

  it('re-imports its own JSON export with the same cards', () => {
    const { content } = { content: board('kanban') };
    const plan = planOfFile('cipherspace', JSON.stringify(content));
    expect(plan.phases.map((phase) => phase.name)).toEqual(content.phases.map((p) => p.name));
  });
});

describe('exportFileName', () => {
  it('is <title>-<YYYY-MM-DD>.<ext>, without characters a file name may not hold', () => {
    const day = new Date(2024, 2, 5, 12);
    expect(exportFileName('Team: Sprint 1/2', 'csv', day)).toBe('Team- Sprint 1-2-2024-03-05.csv');
    expect(exportFileName('  ', 'json', day)).toBe('board-2024-03-05.json');
  });
});
