import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { ISSUE_TYPES } from '@cipherspace/tools/tracker';
import { EMPTY_FILTER_STATE, type FilterState } from './tracker-filter.ts';
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
