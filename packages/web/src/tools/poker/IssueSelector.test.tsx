import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { BacklogIssue, BacklogSource } from '@cipherspace/tools/poker';
import { IssueSelector } from './IssueSelector.tsx';
import type { BacklogTool } from './use-poker-backlog.ts';

function issue(id: string, overrides: Partial<BacklogIssue> = {}): BacklogIssue {
  return {
    id,
    title: `Issue ${id}`,
    description: '',
    tags: [],
    assignedPerson: '',
    type: 'Task',
    priority: 'none',
    estimation: '',
    ...overrides,
  };
}

const SOURCES: BacklogSource<BacklogTool>[] = [
  {
    tool: 'ticket-system',
    phases: [
      {
        name: 'Backlog',
        issues: [
          issue('t-1', {
            title: 'Checkout times out',
            description: 'Payment provider is slow',
            type: 'Bug',
            priority: 'High',
            assignedPerson: 'bob',
            tags: ['payments', 'mobile'],
          }),
          issue('t-2', { title: 'Dark mode' }),
        ],
      },
    ],
  },
  {
    tool: 'kanban',
    phases: [{ name: 'To Do', issues: [issue('k-1', { title: 'Invoice export' })] }],
  },
];

function manySources(count: number): BacklogSource<BacklogTool>[] {
  return [
    {
      tool: 'ticket-system',
      phases: [
        {
          name: 'Backlog',
          issues: Array.from({ length: count }, (_, i) => issue(`n${i}`, { title: `Story ${i}` })),
        },
      ],
    },
  ];
}

const list = () => screen.getByRole('list', { name: 'Issues' });
const rows = () => within(list()).getAllByRole('button');
const search = () => screen.getByRole('searchbox', { name: 'Search issues' });

describe('IssueSelector (spec §2 Issue selector, §9 Poker)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lists the issues of Issue Management and Kanban with badges, assignee, tags and tool', () => {
    render(<IssueSelector sources={SOURCES} selectedIssueId={null} onSelect={vi.fn()} />);
    expect(rows()).toHaveLength(3);
    expect(screen.getByRole('status')).toHaveTextContent('3 issues');
    const first = rows()[0];
    if (!first) throw new Error('no row');
    expect(first).toHaveTextContent('Checkout times out');
    expect(first).toHaveTextContent('Type: Bug');
    expect(first).toHaveTextContent('Priority: High');
    expect(first).toHaveTextContent('Assigned to bob');
    expect(first).toHaveTextContent('Tags: payments, mobile');
    expect(first).toHaveTextContent('Backlog · Issue Management');
    expect(rows()[2]).toHaveTextContent('To Do · Kanban Board');
    expect(search()).toHaveAttribute(
      'placeholder',
      'Search by title, description, tags, or assignee',
    );
  });

  it('runs the search 300 ms after the last keystroke', () => {
    render(<IssueSelector sources={SOURCES} selectedIssueId={null} onSelect={vi.fn()} />);
    fireEvent.change(search(), { target: { value: 'invo' } });
    act(() => {
      vi.advanceTimersByTime(200);
    });
    fireEvent.change(search(), { target: { value: 'invoice' } });
    act(() => {
      vi.advanceTimersByTime(299);
    });
    // Still the full list: the debounce restarted with the second keystroke.
    expect(rows()).toHaveLength(3);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(rows()).toHaveLength(1);
    expect(rows()[0]).toHaveTextContent('Invoice export');
    expect(screen.getByRole('status')).toHaveTextContent('1 issue');
  });

  it.each([
    ['description', 'provider'],
    ['id', 't-1'],
    ['tag', 'PAYMENTS'],
    ['assignee', 'bob'],
  ])('matches by %s', (_field, text) => {
    render(<IssueSelector sources={SOURCES} selectedIssueId={null} onSelect={vi.fn()} />);
    fireEvent.change(search(), { target: { value: text } });
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(rows()).toHaveLength(1);
    expect(rows()[0]).toHaveTextContent('Checkout times out');
  });

  it('says when nothing matches, and the clear button brings the list back at once', () => {
    render(<IssueSelector sources={SOURCES} selectedIssueId={null} onSelect={vi.fn()} />);
    fireEvent.change(search(), { target: { value: 'nothing like this' } });
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(screen.getByText('No issues found matching "nothing like this"')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(search()).toHaveValue('');
    expect(rows()).toHaveLength(3);
    expect(search()).toHaveFocus();
  });

  it('shows the first 20 without a search and at most 50 matches', () => {
    render(<IssueSelector sources={manySources(60)} selectedIssueId={null} onSelect={vi.fn()} />);
    expect(rows()).toHaveLength(20);
    expect(
      screen.getByText('Showing the first 20 of 60 issues. Search to find more.'),
    ).toBeInTheDocument();
    fireEvent.change(search(), { target: { value: 'story' } });
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(rows()).toHaveLength(50);
    expect(screen.getByRole('status')).toHaveTextContent('50 issues');
  });

  it('selects an issue on click and marks the selected one', () => {
    const onSelect = vi.fn();
    render(<IssueSelector sources={SOURCES} selectedIssueId="k-1" onSelect={onSelect} />);
    expect(screen.getByRole('button', { name: /^Invoice export/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('button', { name: /^Dark mode/ })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    fireEvent.click(screen.getByRole('button', { name: /^Dark mode/ }));
    expect(onSelect).toHaveBeenCalledWith('t-2');
  });

  it('is hidden when there are no issues', () => {
    const { container } = render(
      <IssueSelector
        sources={[{ tool: 'kanban', phases: [{ name: 'To Do', issues: [] }] }]}
        selectedIssueId={null}
        onSelect={vi.fn()}
      />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
