import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import {
  addIssue,
  defaultContent,
  ISSUE_TYPES,
  updateIssue,
  type KanbanContent,
  type TrackerContext,
} from '@cipherspace/tools/tracker';
import { setLocale } from '../../paraglide/runtime.js';
import { searchBoard } from '../kanban/kanban-board.ts';
import { EMPTY_FILTER_STATE, toIssueFilter, type FilterState } from './tracker-filter.ts';
import { TrackerFilterBar } from './TrackerFilterBar.tsx';

/** Holds the state like the page does and reports every change. */
function Harness(props: {
  noun?: 'card' | 'issue';
  tags?: readonly string[];
  enableSearch?: boolean;
  enableFiltering?: boolean;
  onState?: (state: FilterState) => void;
}) {
  const [state, setState] = useState<FilterState>(EMPTY_FILTER_STATE);
  return (
    <TrackerFilterBar
      state={state}
      noun={props.noun ?? 'issue'}
      tags={props.tags ?? []}
      enableSearch={props.enableSearch ?? true}
      enableFiltering={props.enableFiltering ?? true}
      issueTypes={ISSUE_TYPES}
      assignees={['ann', 'bob']}
      shown={state === EMPTY_FILTER_STATE ? 5 : 2}
      total={5}
      onChange={(next) => {
        props.onState?.(next);
        setState(next);
      }}
    />
  );
}

describe('TrackerFilterBar (spec §3 Issue filter, ticket settings enableSearch/enableFiltering)', () => {
  it('sets text, type, priority and assignee, shows the count and clears everything', async () => {
    const user = userEvent.setup();
    const onState = vi.fn();
    render(<Harness onState={onState} />);
    expect(screen.getByRole('search', { name: 'Search and filter issues' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'log');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'Bug');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Priority' }), 'High');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Assignee' }), 'Unassigned');
    expect(onState).toHaveBeenLastCalledWith({
      text: 'log',
      type: 'Bug',
      priority: 'High',
      assignee: '',
      tag: null,
      due: null,
      archived: false,
    });
    expect(screen.getByRole('status')).toHaveTextContent('2 of 5 issues shown');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Assignee' }), 'bob');
    expect(onState).toHaveBeenLastCalledWith(expect.objectContaining({ assignee: 'bob' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'All types');
    expect(onState).toHaveBeenLastCalledWith(expect.objectContaining({ type: null }));

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(onState).toHaveBeenLastCalledWith(EMPTY_FILTER_STATE);
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('shows only the parts the settings enable, and nothing when both are off', () => {
    const view = render(<Harness enableFiltering={false} />);
    expect(screen.getByRole('searchbox', { name: 'Search' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).toBeNull();
    view.unmount();

    const second = render(<Harness enableSearch={false} />);
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(screen.getAllByRole('combobox')).toHaveLength(4);
    second.unmount();

    render(<Harness enableSearch={false} enableFiltering={false} />);
    expect(screen.queryByRole('search')).toBeNull();
  });

  it('speaks of cards on Kanban and filters by tag', async () => {
    const user = userEvent.setup();
    const onState = vi.fn();
    render(<Harness noun="card" tags={['backend', 'UX']} onState={onState} />);
    expect(screen.getByRole('search', { name: 'Search and filter cards' })).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tag' }), 'UX');
    expect(onState).toHaveBeenLastCalledWith({ ...EMPTY_FILTER_STATE, tag: 'UX' });
    expect(screen.getByRole('status')).toHaveTextContent('2 of 5 cards shown');
  });

  it('shows each active filter as a chip that removes just that filter', async () => {
    const user = userEvent.setup();
    const onState = vi.fn();
    render(<Harness tags={['UX']} onState={onState} />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Priority' }), 'High');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Assignee' }), 'Unassigned');
    const chips = screen.getByRole('list', { name: 'Active filters' });
    expect(chips).toHaveTextContent('Priority: High');
    expect(chips).toHaveTextContent('Assignee: Unassigned');
    await user.click(screen.getByRole('button', { name: 'Remove filter Priority: High' }));
    expect(onState).toHaveBeenLastCalledWith({ ...EMPTY_FILTER_STATE, assignee: '' });
    expect(screen.queryByRole('button', { name: 'Remove filter Priority: High' })).toBeNull();
  });

  it('focuses the search on / outside text fields, and Escape empties it', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Harness />
        <textarea aria-label="Notes" />
      </>,
    );
    const search = screen.getByRole('searchbox', { name: 'Search' });
    expect(search).toHaveAttribute('aria-keyshortcuts', '/');
    await user.click(screen.getByLabelText('Notes'));
    await user.keyboard('/');
    expect(screen.getByLabelText('Notes')).toHaveValue('/');
    expect(search).not.toHaveFocus();

    await user.click(document.body);
    await user.keyboard('/');
    expect(search).toHaveFocus();
    expect(search).toHaveValue('');
    await user.keyboard('bug');
    expect(search).toHaveValue('bug');
    await user.keyboard('{Escape}');
    expect(search).toHaveValue('');
  });

  it('filters by due date and shows the choice as a chip', async () => {
    const user = userEvent.setup();
    const onState = vi.fn();
    render(<Harness onState={onState} />);
    const due = screen.getByRole('combobox', { name: 'Due date' });
    expect(Array.from(due.querySelectorAll('option')).map((option) => option.textContent)).toEqual([
      'Any due date',
      'Overdue',
      'Due soon',
      'No due date',
    ]);
    await user.selectOptions(due, 'Overdue');
    expect(onState).toHaveBeenLastCalledWith({ ...EMPTY_FILTER_STATE, due: 'overdue' });
    await user.click(screen.getByRole('button', { name: 'Remove filter Due date: Overdue' }));
    expect(onState).toHaveBeenLastCalledWith(EMPTY_FILTER_STATE);
    await user.selectOptions(due, 'No due date');
    expect(onState).toHaveBeenLastCalledWith({ ...EMPTY_FILTER_STATE, due: 'none' });
  });

  it('toggles archived items on and off with a pressed chip', async () => {
    const user = userEvent.setup();
    const onState = vi.fn();
    render(<Harness noun="card" onState={onState} />);
    const toggle = screen.getByRole('button', { name: 'Archived' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(toggle).toHaveAttribute('title', 'Also show archived cards');
    await user.click(toggle);
    expect(onState).toHaveBeenLastCalledWith({ ...EMPTY_FILTER_STATE, archived: true });
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await user.click(toggle);
    expect(onState).toHaveBeenLastCalledWith(EMPTY_FILTER_STATE);
  });
});

/** The Kanban page's wiring: the bar over a real board, its counts from `searchBoard`. */
function BoardHarness({ content, noun }: { content: KanbanContent; noun: 'card' | 'issue' }) {
  const [state, setState] = useState<FilterState>(EMPTY_FILTER_STATE);
  const search = searchBoard(content, toIssueFilter(state, '2025-03-05'));
  return (
    <TrackerFilterBar
      state={state}
      noun={noun}
      tags={[]}
      issueTypes={ISSUE_TYPES}
      assignees={[]}
      shown={search.shown}
      total={search.total}
      archivedMatches={search.archivedMatches}
      onChange={setState}
    />
  );
}

/** The default Kanban board with 'Invoice export' and 'Invoice totals' in Backlog, 'Logo' in To Do. */
function boardWithArchived(archivedTitles: readonly string[]): KanbanContent {
  let next = 0;
  const ctx: TrackerContext = { now: () => '2025-03-05T10:00:00.000Z', newId: () => `c${++next}` };
  let content = defaultContent('kanban', ctx);
  const [backlog, todo] = content.phases;
  for (const [phase, title] of [
    [backlog, 'Invoice export'],
    [backlog, 'Invoice totals'],
    [todo, 'Logo'],
  ] as const)
    content = addIssue(
      content,
      { phaseId: phase?.id ?? '', issue: { title }, createdBy: 'ann' },
      ctx,
    );
  for (const phase of content.phases)
    for (const issue of phase.issues)
      if (archivedTitles.includes(issue.title))
        content = updateIssue(content, { issueId: issue.id, changes: { archived: true } }, ctx);
  return content;
}

describe('TrackerFilterBar and archived matches', () => {
  it('offers to show the archived card that is the only match, and shows it', async () => {
    const user = userEvent.setup();
    render(<BoardHarness content={boardWithArchived(['Invoice export'])} noun="card" />);
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'export');
    expect(screen.getByRole('status')).toHaveTextContent('No cards match your search and filters.');
    const archivedToggle = screen.getByRole('button', { name: 'Archived' });
    expect(archivedToggle).toHaveAttribute('aria-pressed', 'false');

    await user.click(
      screen.getByRole('button', { name: '1 archived card matches — show archived' }),
    );
    expect(archivedToggle).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('1 of 3 cards shown');
    expect(screen.queryByRole('button', { name: /archived cards? match/ })).toBeNull();
  });

  it('counts every archived match, also beside matches on the board', async () => {
    const user = userEvent.setup();
    render(
      <BoardHarness
        content={boardWithArchived(['Invoice export', 'Invoice totals'])}
        noun="card"
      />,
    );
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'invoice');
    expect(
      screen.getByRole('button', { name: '2 archived cards match — show archived' }),
    ).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'logo');
    expect(screen.getByRole('status')).toHaveTextContent('1 of 1 cards shown');
    expect(screen.queryByRole('button', { name: /archived cards? match/ })).toBeNull();
  });

  it('says the same in German, and issues in Issue Management', async () => {
    const user = userEvent.setup();
    void setLocale('de', { reload: false });
    try {
      const view = render(<BoardHarness content={boardWithArchived(['Logo'])} noun="card" />);
      await user.type(screen.getByRole('searchbox', { name: 'Suche' }), 'logo');
      expect(
        screen.getByRole('button', { name: '1 archivierte Karte passt — Archivierte anzeigen' }),
      ).toBeInTheDocument();
      view.unmount();
      render(<BoardHarness content={boardWithArchived(['Logo', 'Invoice export'])} noun="issue" />);
      await user.type(screen.getByRole('searchbox', { name: 'Suche' }), 'o');
      expect(
        screen.getByRole('button', { name: '2 archivierte Issues passen — Archivierte anzeigen' }),
      ).toBeInTheDocument();
    } finally {
      void setLocale('en', { reload: false });
    }
  });
});
