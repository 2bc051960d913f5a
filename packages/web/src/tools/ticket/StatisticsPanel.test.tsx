import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { computeStatistics, ISSUE_TYPES } from '@cipherspace/tools/tracker';
import { StatisticsPanel } from './StatisticsPanel.tsx';
import { testBoard } from './test-board.ts';

function countOf(groupName: string, label: string): string | null | undefined {
  const group = screen.getByRole('heading', { name: groupName }).parentElement;
  if (!group) throw new Error(`no group ${groupName}`);
  return within(group).getByText(label).nextElementSibling?.textContent;
}

describe('StatisticsPanel (spec §3 Statistics)', () => {
  it('shows total, average estimation, completion rate and the counts by type, priority and phase', () => {
    const board = testBoard();
    board.addIssue('Backlog', { title: 'A', type: 'Bug', priority: 'High', estimation: '3' });
    board.addIssue('Backlog', { title: 'B', type: 'Bug', estimation: 'XL' });
    board.addIssue('Done', { title: 'C', type: 'Epic', priority: 'High', estimation: '?' });
    board.addIssue('Done', { title: 'D' });
    const content = board.content;
    render(
      <StatisticsPanel
        statistics={computeStatistics(content)}
        phases={content.phases}
        issueTypes={ISSUE_TYPES}
      />,
    );
    const panel = screen.getByRole('region', { name: 'Statistics' });
    const figure = (term: string) => within(panel).getByText(term).nextElementSibling;
    expect(figure('Total issues')).toHaveTextContent('4');
    // (3 + 8) / 2 estimations that convert.
    expect(figure('Average estimation')).toHaveTextContent('5.5 pts');
    // 2 of 4 issues sit in the end phase Done.
    expect(figure('Completion rate')).toHaveTextContent('50 %');

    expect(countOf('By type', 'Bug')).toBe('2');
    expect(countOf('By type', 'Task')).toBe('1');
    expect(countOf('By type', 'User Story')).toBe('0');
    expect(countOf('By priority', 'High')).toBe('2');
    expect(countOf('By priority', 'None')).toBe('2');
    expect(countOf('By phase', 'Backlog')).toBe('2');
    expect(countOf('By phase', 'Review')).toBe('0');
    expect(countOf('By phase', 'Done')).toBe('2');
  });

  it('says n/a for the average when nothing is estimated', () => {
    const content = testBoard().content;
    render(
      <StatisticsPanel
        statistics={computeStatistics(content)}
        phases={content.phases}
        issueTypes={ISSUE_TYPES}
      />,
    );
    expect(screen.getByText('Average estimation').nextElementSibling).toHaveTextContent('n/a');
    expect(screen.getByText('Completion rate').nextElementSibling).toHaveTextContent('0 %');
  });
});
