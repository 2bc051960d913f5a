import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { TICKET_DEFAULT_SETTINGS, type Issue, type Phase } from '@cipherspace/tools/tracker';
import { PhaseSection } from './PhaseSection.tsx';
import { testBoard } from './test-board.ts';

function backlogWithIssues(): { phase: Phase; issues: Issue[] } {
  const board = testBoard();
  board.addIssue('Backlog', { title: 'First issue' });
  board.addIssue('Backlog', { title: 'Second issue' });
  const phase = board.content.phases.find((entry) => entry.name === 'Backlog');
  if (!phase) throw new Error('no backlog');
  return {
    phase: { ...phase, description: 'Ideas we have not planned yet' },
    issues: phase.issues,
  };
}

/** Keeps the expanded state like the page does. */
function Harness(props: {
  phase: Phase;
  issues: Issue[];
  filtered?: boolean;
  canDelete?: boolean;
  onAddIssue?: (phaseId: string) => void;
  onDelete?: (phaseId: string) => void;
}) {
  const [expanded, setExpanded] = useState(true);
  return (
    <PhaseSection
      phase={props.phase}
      issues={props.issues}
      filtered={props.filtered ?? false}
      expanded={expanded}
      selectedIssueId={null}
      flags={TICKET_DEFAULT_SETTINGS}
      canDelete={props.canDelete ?? true}
      onToggle={() => setExpanded((value) => !value)}
      onAddIssue={props.onAddIssue ?? vi.fn()}
      onDelete={props.onDelete ?? vi.fn()}
      onSelectIssue={vi.fn()}
    />
  );
}

describe('PhaseSection (spec §2 /tools/ticket phases as accordion sections)', () => {
  it('starts expanded with the issue count, description, coloured left border and its issues', () => {
    const { phase, issues } = backlogWithIssues();
    render(<Harness phase={phase} issues={issues} />);
    const section = screen.getByRole('region', { name: 'Backlog' });
    expect(section).toHaveStyle({ borderLeftColor: phase.color });
    expect(within(section).getByRole('button', { name: 'Backlog' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(section).toHaveTextContent('2 issues');
    expect(section).toHaveTextContent('Ideas we have not planned yet');
    expect(within(section).getAllByRole('listitem')).toHaveLength(2);
  });

  it('collapses and expands with the heading button, from the keyboard too', async () => {
    const user = userEvent.setup();
    const { phase, issues } = backlogWithIssues();
    render(<Harness phase={phase} issues={issues} />);
    const toggle = screen.getByRole('button', { name: 'Backlog' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: /First issue/ })).toBeNull();
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: /First issue/ })).toBeVisible();
  });

  it('adds an issue to this phase, and offers delete only when allowed', async () => {
    const user = userEvent.setup();
    const { phase, issues } = backlogWithIssues();
    const onAddIssue = vi.fn();
    const onDelete = vi.fn();
    const view = render(
      <Harness phase={phase} issues={issues} onAddIssue={onAddIssue} onDelete={onDelete} />,
    );
    await user.click(screen.getByRole('button', { name: 'Add issue to Backlog' }));
    expect(onAddIssue).toHaveBeenCalledWith(phase.id);
    await user.click(screen.getByRole('button', { name: 'Delete phase Backlog' }));
    expect(onDelete).toHaveBeenCalledWith(phase.id);
    view.unmount();
    render(<Harness phase={phase} issues={issues} canDelete={false} />);
    expect(screen.queryByRole('button', { name: 'Delete phase Backlog' })).toBeNull();
  });

  it('says when the phase is empty, and counts matches while a filter is active', () => {
    const { phase, issues } = backlogWithIssues();
    const empty = { ...phase, issues: [] };
    const view = render(<Harness phase={empty} issues={[]} />);
    expect(screen.getByText('No issues in this phase yet.')).toBeInTheDocument();
    expect(screen.getByRole('region')).toHaveTextContent('0 issues');
    view.unmount();
    render(<Harness phase={phase} issues={issues.slice(0, 1)} filtered />);
    expect(screen.getByRole('region')).toHaveTextContent('1 of 2 issues');
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });
});
