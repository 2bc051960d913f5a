import { DndContext } from '@dnd-kit/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import {
  moveIssue,
  sortByOrder,
  TICKET_DEFAULT_SETTINGS,
  type TicketContent,
} from '@cipherspace/tools/tracker';
import { PhaseSection } from './PhaseSection.tsx';
import { testBoard } from './test-board.ts';
import { useIssueMoves } from './use-issue-moves.ts';

/** The phases with their issues, moved like the page moves them (see TicketPage). */
function Board({ initial }: { initial: TicketContent }) {
  const [content, setContent] = useState(initial);
  const { dnd, movesFor, movedId, news, rootRef } = useIssueMoves({
    content,
    // Like the page: the moved board arrives after the key press has been handled.
    move: (operation) =>
      window.setTimeout(() => setContent((current) => moveIssue(current, operation)), 50),
    refused: vi.fn(),
  });
  return (
    <DndContext {...dnd}>
      <div ref={rootRef}>
        {sortByOrder(content.phases).map((phase) => (
          <PhaseSection
            key={phase.id}
            phase={phase}
            issues={sortByOrder(phase.issues)}
            filtered={false}
            expanded
            selectedIssueId={null}
            movedIssueId={phase.issues.some((issue) => issue.id === movedId) ? movedId : null}
            flags={TICKET_DEFAULT_SETTINGS}
            canDelete={false}
            onToggle={vi.fn()}
            onAddIssue={vi.fn()}
            onDelete={vi.fn()}
            onSelectIssue={vi.fn()}
            moves={movesFor(phase.id)}
          />
        ))}
        <div role="status">{news}</div>
      </div>
    </DndContext>
  );
}

const phase = (name: string) => screen.getByRole('region', { name });
const issueIn = (phaseName: string, title: string) =>
  within(phase(phaseName)).findByRole('button', { name: new RegExp(title) });

/** The board with 'Login page' and 'Signup page' in Backlog; returns the user to act with. */
function renderTwoIssues() {
  const board = testBoard();
  board.addIssue('Backlog', { title: 'Login page' });
  board.addIssue('Backlog', { title: 'Signup page' });
  render(<Board initial={board.content} />);
  return userEvent.setup();
}

describe('useIssueMoves: Alt+arrow (spec §4 Issue/card moves)', () => {
  it('gives the focus to the issue in its new phase, so Alt+→ moves it on', async () => {
    const user = renderTwoIssues();

    (await issueIn('Backlog', 'Login page')).focus();
    await user.keyboard('{Alt>}{ArrowRight}{/Alt}');
    const inToDo = await issueIn('To Do', 'Login page');
    await waitFor(() => expect(inToDo).toHaveFocus());

    await user.keyboard('{Alt>}{ArrowRight}{/Alt}');
    const inProgress = await issueIn('In Progress', 'Login page');
    await waitFor(() => expect(inProgress).toHaveFocus());
    expect(within(phase('To Do')).queryByRole('button', { name: /Login page/ })).toBeNull();
    expect(
      screen.getByText('Issue "Login page" is now at position 1 of 1 in phase "In Progress".'),
    ).toBeInTheDocument();
  });

  it('keeps the focus on an issue moved down within its phase', async () => {
    const user = renderTwoIssues();

    const login = await issueIn('Backlog', 'Login page');
    login.focus();
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    await waitFor(() =>
      expect(
        within(phase('Backlog'))
          .getAllByRole('button', { name: /page/ })
          .map((button) => button.textContent),
      ).toEqual([expect.stringContaining('Signup page'), expect.stringContaining('Login page')]),
    );
    expect(await issueIn('Backlog', 'Login page')).toHaveFocus();
  });

  it('leaves the focus alone when the user has moved on before the issue arrives', async () => {
    const user = renderTwoIssues();

    (await issueIn('Backlog', 'Login page')).focus();
    await user.keyboard('{Alt>}{ArrowRight}{/Alt}');
    const other = await issueIn('Backlog', 'Signup page');
    other.focus();
    await issueIn('To Do', 'Login page');
    // Another render after the move arrived: the focus stays where the user put it.
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(other).toHaveFocus();
  });
});
