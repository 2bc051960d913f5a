import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { StatusMessage } from '../../components/StatusMessage.tsx';
import {
  defaultPokerContent,
  locateSourcedIssue,
  reveal,
  selectIssue,
  submitVote,
  suggestedFinalEstimations,
  type PokerContent,
} from '@cipherspace/tools/poker';
import {
  addIssue,
  defaultContent,
  updateIssue,
  type TicketContent,
} from '@cipherspace/tools/tracker';
import type { FlashMessage } from '../../lib/use-flash-message.ts';
import { forwardEstimation } from './forward-estimation.ts';
import { SelectedIssuePanel } from './SelectedIssuePanel.tsx';
import type { BacklogSaveResult } from './use-poker-backlog.ts';

const ctx = (() => {
  let next = 0;
  return { newId: () => `id-${++next}`, now: () => '2025-03-05T10:00:00.000Z' };
})();

/** An Issue Management backlog with one fully described issue estimated '4'. */
function backlog(): { board: TicketContent; issueId: string } {
  let board: TicketContent = defaultContent('ticket', ctx);
  const phaseId = board.phases[0]?.id ?? '';
  board = addIssue(
    board,
    {
      phaseId,
      issue: {
        title: 'Checkout times out',
        description: 'Payment provider answers after 30 s',
        type: 'Bug',
        priority: 'High',
        estimation: '4',
        assignedPerson: 'bob',
        tags: ['payments'],
      },
      createdBy: 'ann',
    },
    ctx,
  );
  return { board, issueId: board.phases[0]?.issues[0]?.id ?? '' };
}

/**
 * The panel wired as the page wires it: Save Estimation forwards through forwardEstimation into
 * the backlog with the tracker's real updateIssue; `saves` records what reached the backlog.
 */
function Harness({
  poker,
  board,
  saves,
  onClearSelection = vi.fn(),
}: {
  poker: PokerContent;
  board: TicketContent;
  saves: (issueId: string, estimation: string) => void;
  onClearSelection?: () => void;
}) {
  const [ticket, setTicket] = useState(board);
  const [message, setMessage] = useState<FlashMessage | null>(null);
  const sources = [{ tool: 'ticket-system' as const, phases: ticket.phases }];
  const item =
    poker.selectedIssueId === null ? undefined : locateSourcedIssue(sources, poker.selectedIssueId);

  async function save(issueId: string, estimation: string): Promise<BacklogSaveResult> {
    saves(issueId, estimation);
    await Promise.resolve();
    try {
      const next = updateIssue(ticket, { issueId, changes: { estimation } });
      setTicket(next);
      return { status: 'saved', content: next };
    } catch (error) {
      return { status: 'rejected', error };
    }
  }

  return (
    <>
      {message ? <StatusMessage kind={message.kind}>{message.text}</StatusMessage> : null}
      <SelectedIssuePanel
        selectedIssueId={poker.selectedIssueId}
        item={item}
        backlogLoading={false}
        hasIssues
        suggestions={suggestedFinalEstimations(poker)}
        onSave={async (value) => {
          const outcome = await forwardEstimation(poker, value, item?.issue.title ?? '', save);
          setMessage(outcome.message);
          return outcome.saved;
        }}
        onClearSelection={onClearSelection}
        topic=""
        onSetTopic={() => Promise.resolve(false)}
      />
    </>
  );
}

function roundOn(issueId: string, votes: [string, string][] = []): PokerContent {
  let content = selectIssue(defaultPokerContent(ctx), { issueId });
  for (const [user, value] of votes)
    content = submitVote(content, { userId: user, username: user, value }, ctx);
  return content;
}

const select = () => screen.getByRole('combobox', { name: 'Final estimation' });
const saveButton = () => screen.getByRole('button', { name: 'Save Estimation' });
const fact = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;

describe('SelectedIssuePanel (spec §2 selected issue, Set Final Estimation)', () => {
  it('shows the placeholder without a selection', () => {
    render(
      <SelectedIssuePanel
        selectedIssueId={null}
        item={undefined}
        backlogLoading={false}
        hasIssues
        suggestions={[]}
        onSave={vi.fn()}
        onClearSelection={vi.fn()}
        topic=""
        onSetTopic={vi.fn()}
      />,
    );
    expect(
      screen.getByText('Select an issue from the list to see details and set final estimation'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Topic to vote on' })).not.toBeInTheDocument();
  });

  it('without backlog issues offers the free topic, where to create issues, and follows a topic set elsewhere', async () => {
    const user = userEvent.setup();
    /** The round's topic as the page keeps it: set through the panel or by another member. */
    function TopicHarness({ onSetTopic }: { onSetTopic: (topic: string) => void }) {
      const [topic, setTopic] = useState('');
      return (
        <>
          <button type="button" onClick={() => setTopic('Set by bob')}>
            bob sets a topic
          </button>
          <SelectedIssuePanel
            selectedIssueId={null}
            item={undefined}
            backlogLoading={false}
            hasIssues={false}
            suggestions={[]}
            onSave={vi.fn()}
            onClearSelection={vi.fn()}
            topic={topic}
            onSetTopic={(next) => {
              onSetTopic(next);
              setTopic(next.trim());
              return Promise.resolve(true);
            }}
          />
        </>
      );
    }
    const onSetTopic = vi.fn();
    render(<TopicHarness onSetTopic={onSetTopic} />);
    const panel = screen.getByRole('region', { name: 'Selected Issue' });
    expect(panel).toHaveTextContent('No topic yet.');
    expect(screen.getByText(/Add issues in Issue Management or on the Kanban board/)).toBeVisible();
    expect(screen.queryByText(/Select an issue from the list/)).not.toBeInTheDocument();
    const field = within(panel).getByRole('textbox', { name: 'Topic to vote on' });
    const setButton = within(panel).getByRole('button', { name: 'Set Topic' });
    expect(setButton).toBeDisabled();

    await user.type(field, ' Login page {Enter}');
    expect(onSetTopic).toHaveBeenCalledWith(' Login page ');
    expect(panel).toHaveTextContent('Voting on: Login page');
    expect(setButton).toBeDisabled();

    // Another member's topic replaces the field's text while this member is not typing another.
    await user.click(screen.getByRole('button', { name: 'bob sets a topic' }));
    expect(panel).toHaveTextContent('Voting on: Set by bob');
    expect(field).toHaveValue('Set by bob');

    await user.click(within(panel).getByRole('button', { name: 'Clear Topic' }));
    expect(onSetTopic).toHaveBeenLastCalledWith('');
    expect(panel).toHaveTextContent('No topic yet.');
    expect(field).toHaveValue('');
    expect(within(panel).queryByRole('button', { name: 'Clear Topic' })).not.toBeInTheDocument();
  });

  it('shows the issue with its badges, description, assignee, tags and current estimation', () => {
    const { board, issueId } = backlog();
    render(<Harness poker={roundOn(issueId)} board={board} saves={vi.fn()} />);
    const issue = screen.getByRole('article', { name: 'Checkout times out' });
    expect(within(issue).getByRole('heading', { name: 'Checkout times out' })).toBeVisible();
    expect(issue).toHaveTextContent('Type: Bug');
    expect(issue).toHaveTextContent('Priority: High');
    expect(issue).toHaveTextContent('Backlog · Issue Management');
    expect(fact('Description')).toHaveTextContent('Payment provider answers after 30 s');
    expect(fact('Assignee')).toHaveTextContent('bob');
    expect(fact('Tags')).toHaveTextContent('payments');
    // spec §5: 4 is taken over as the closest Fibonacci card, 3.
    expect(fact('Current estimation')).toHaveTextContent('4 (card 3)');
  });

  it('offers the standard values; Save stays disabled until one is chosen, then saves it', async () => {
    const { board, issueId } = backlog();
    const saves = vi.fn();
    render(<Harness poker={roundOn(issueId)} board={board} saves={saves} />);
    const standard = within(select()).getByRole('group', { name: 'Standard Values' });
    expect(
      within(standard)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      '1',
      '2',
      '3',
      '5',
      '8',
      '13',
      '21',
      'XS – Extra Small',
      'S – Small',
      'M – Medium',
      'L – Large',
      'XL – Extra Large',
    ]);
    expect(within(select()).queryByRole('group', { name: 'Suggested Values' })).toBeNull();
    expect(saveButton()).toBeDisabled();

    fireEvent.change(select(), { target: { value: 'M' } });
    expect(saveButton()).toBeEnabled();
    fireEvent.click(saveButton());
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Estimation M saved to "Checkout times out".',
    );
    expect(saves).toHaveBeenCalledWith(issueId, 'M');
    expect(fact('Current estimation')).toHaveTextContent(/^M$/);
    expect(select()).toHaveValue('');
    expect(saveButton()).toBeDisabled();
  });

  it('suggests the most frequent vote once revealed', async () => {
    const { board, issueId } = backlog();
    const saves = vi.fn();
    const poker = reveal(
      roundOn(issueId, [
        ['ann', '8'],
        ['bob', '8'],
        ['cid', '5'],
      ]),
    );
    render(<Harness poker={poker} board={board} saves={saves} />);
    const suggested = within(select()).getByRole('group', { name: 'Suggested Values' });
    expect(within(suggested).getByRole('option')).toHaveTextContent('8 (Most Frequent)');
    fireEvent.change(select(), { target: { value: '8' } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(fact('Current estimation')).toHaveTextContent(/^8$/));
    expect(saves).toHaveBeenCalledWith(issueId, '8');
  });

  it('never offers a special card as the final value, even when most frequent', () => {
    const { board, issueId } = backlog();
    const poker = reveal(
      roundOn(issueId, [
        ['ann', 'question'],
        ['bob', 'question'],
        ['cid', '5'],
      ]),
    );
    render(<Harness poker={poker} board={board} saves={vi.fn()} />);
    const suggested = within(select()).getByRole('group', { name: 'Suggested Values' });
    expect(
      within(suggested)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['5 (Most Frequent)']);
    expect(within(select()).queryByRole('option', { name: /Need more info/ })).toBeNull();
  });

  it('offers no suggestion when only special cards were played', () => {
    const { board, issueId } = backlog();
    const poker = reveal(
      roundOn(issueId, [
        ['ann', 'question'],
        ['bob', 'tea-cup'],
      ]),
    );
    render(<Harness poker={poker} board={board} saves={vi.fn()} />);
    expect(within(select()).queryByRole('group', { name: 'Suggested Values' })).toBeNull();
  });

  it('clears the selection', () => {
    const { board, issueId } = backlog();
    const onClearSelection = vi.fn();
    render(
      <Harness
        poker={roundOn(issueId)}
        board={board}
        saves={vi.fn()}
        onClearSelection={onClearSelection}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Clear Selection' }));
    expect(onClearSelection).toHaveBeenCalledOnce();
  });

  it('tells when the selected issue is gone from the backlog', () => {
    const { board } = backlog();
    render(<Harness poker={roundOn('deleted-issue')} board={board} saves={vi.fn()} />);
    expect(screen.getByText('The selected issue is no longer in the backlog.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Clear Selection' })).toBeEnabled();
  });
});
