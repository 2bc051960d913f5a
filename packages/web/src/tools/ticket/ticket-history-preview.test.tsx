import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { TICKET_DEFAULT_SETTINGS, type TicketContent } from '@cipherspace/tools/tracker';
import { controlsIn, expectReadOnly, openHistoryPreview } from '../../testing/history-preview.tsx';
import { PhaseSection } from './PhaseSection.tsx';
import { testBoard } from './test-board.ts';
import { TicketHistoryPreview } from './ticket-history-preview.tsx';

const renderPreview = (content: TicketContent) => <TicketHistoryPreview content={content} />;

/** The default backlog with two issues in Backlog (one with a comment) and one in To Do. */
function version() {
  const board = testBoard();
  const login = board.addIssue('Backlog', {
    title: 'Login bug',
    type: 'Bug',
    priority: 'High',
    estimation: '5',
    assignedPerson: 'bob',
  });
  board.addComment(login.id, 'Seen on Safari', 'bob', '2024-03-05T15:00:00.000Z');
  board.addIssue('Backlog', { title: 'Search page' });
  board.addIssue('To Do', { title: 'Release notes' });
  return board.content;
}

describe('TicketHistoryPreview (a version of Issue Management, read-only)', () => {
  it('shows every phase in order, expanded, with its issues as the page lists them', async () => {
    const content = version();
    const { preview } = await openHistoryPreview(content, renderPreview);
    const view = expectReadOnly(preview);

    const phases = within(view).getByRole('region', { name: 'Phases' });
    const names = content.phases.toSorted((a, b) => a.order - b.order).map((phase) => phase.name);
    for (const name of names) {
      const section = within(phases).getByRole('region', { name });
      expect(within(section).getByRole('button', { name })).toHaveAttribute(
        'aria-expanded',
        'true',
      );
    }
    const backlog = within(phases).getByRole('region', { name: 'Backlog' });
    expect(backlog).toHaveTextContent('2 issues');
    const items = within(backlog).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.ticket-issue-title')?.textContent)).toEqual([
      'Login bug',
      'Search page',
    ]);
    // Type, priority, estimation, assignee and comment count, as the page's items show them.
    const login = within(backlog).getByRole('button', { name: /Login bug/ });
    expect(login).toHaveTextContent('B');
    expect(login).toHaveTextContent('High');
    expect(login).toHaveTextContent('5 pts');
    expect(login).toHaveTextContent('bob');
    expect(login).toHaveTextContent('1 comment');
    expect(within(phases).getByRole('region', { name: 'To Do' })).toHaveTextContent(
      'Release notes',
    );
    // Nothing is selected, and every control is inside the inert container.
    expect(view.querySelector('[aria-current]')).toBeNull();
    expect(controlsIn(view).length).toBeGreaterThan(0);
    for (const control of controlsIn(view)) expect(control.closest('[inert]')).toBe(view);
  });

  it("follows the version's display settings", async () => {
    const content = version();
    const hidden: TicketContent = {
      ...content,
      settings: {
        ...content.settings,
        showPriority: false,
        showEstimation: false,
        showAssignedPerson: false,
        showComments: false,
      },
    };
    const { preview } = await openHistoryPreview(hidden, renderPreview);
    const login = within(expectReadOnly(preview)).getByRole('button', { name: /Login bug/ });
    expect(login).not.toHaveTextContent('High');
    expect(login).not.toHaveTextContent('5 pts');
    expect(login).not.toHaveTextContent('comment');
  });

  it('labels its phases by their names then, even when the page shows them renamed', () => {
    const content = version();
    const backlog = content.phases.find((phase) => phase.name === 'Backlog');
    if (!backlog) throw new Error('no backlog');
    // The page's section of the same phase, renamed since, and the preview side by side.
    render(
      <>
        <PhaseSection
          phase={{ ...backlog, name: 'Icebox' }}
          issues={backlog.issues}
          filtered={false}
          expanded
          selectedIssueId={null}
          flags={TICKET_DEFAULT_SETTINGS}
          canDelete={false}
          onToggle={vi.fn()}
          onAddIssue={vi.fn()}
          onDelete={vi.fn()}
          onSelectIssue={vi.fn()}
        />
        <TicketHistoryPreview content={content} />
      </>,
    );
    expect(screen.getByRole('region', { name: 'Icebox' })).toBeInTheDocument();
    const phases = screen.getByRole('region', { name: 'Phases' });
    expect(within(phases).getByRole('region', { name: 'Backlog' })).toHaveAttribute(
      'data-phase-id',
      backlog.id,
    );
  });
});
