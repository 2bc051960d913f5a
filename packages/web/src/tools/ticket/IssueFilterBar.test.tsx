import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { ISSUE_TYPES } from '@cipherspace/tools/tracker';
import { IssueFilterBar } from './IssueFilterBar.tsx';
import { EMPTY_FILTER_STATE, type FilterState } from './ticket-view.ts';

/** Holds the state like the page does and reports every change. */
function Harness(props: {
  enableSearch?: boolean;
  enableFiltering?: boolean;
  onState?: (state: FilterState) => void;
}) {
  const [state, setState] = useState<FilterState>(EMPTY_FILTER_STATE);
  return (
    <IssueFilterBar
      state={state}
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

describe('IssueFilterBar (spec §3 Issue filter, ticket settings enableSearch/enableFiltering)', () => {
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
    expect(screen.getAllByRole('combobox')).toHaveLength(3);
    second.unmount();

    render(<Harness enableSearch={false} enableFiltering={false} />);
    expect(screen.queryByRole('search')).toBeNull();
  });
});
