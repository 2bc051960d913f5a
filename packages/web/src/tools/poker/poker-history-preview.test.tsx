import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import {
  defaultPokerContent,
  reveal,
  selectIssue,
  setCustomDeck,
  setSpectator,
  submitVote,
  type BacklogSource,
  type PokerContent,
} from '@cipherspace/tools/poker';
import { controlsIn, expectReadOnly, openHistoryPreview } from '../../testing/history-preview.tsx';
import { PokerHistoryPreview } from './poker-history-preview.tsx';
import type { BacklogTool } from './use-poker-backlog.ts';

const ctx = { newId: () => 'round', now: () => '2025-03-05T10:00:00.000Z' };

const SOURCES: BacklogSource<BacklogTool>[] = [
  {
    tool: 'ticket-system',
    phases: [
      {
        name: 'Backlog',
        issues: [
          {
            id: 'issue-1',
            title: 'Checkout flow',
            description: 'Pay with one click',
            tags: ['shop'],
            assignedPerson: 'bob',
            type: 'User Story',
            priority: 'High',
            estimation: '',
          },
        ],
      },
    ],
  },
];

/** A round on 'Checkout flow' with votes by alice (13), bob (21) and the viewer carol (3). */
function round(): PokerContent {
  let content = selectIssue(defaultPokerContent(ctx), { issueId: 'issue-1' }, ctx);
  for (const [user, value] of [
    ['alice', '13'],
    ['bob', '21'],
    ['carol', '3'],
  ] as const)
    content = submitVote(content, { userId: user, username: user, value }, ctx);
  return content;
}

const renderPreview = (content: PokerContent) => (
  <PokerHistoryPreview
    content={content}
    sources={SOURCES}
    backlogLoading={false}
    username="carol"
    language="en"
  />
);

const section = (view: HTMLElement, name: string) => within(view).getByRole('region', { name });

describe('PokerHistoryPreview (a version of Scrum Poker, read-only)', () => {
  it('shows the selected issue, your card and who voted — never a vote hidden then', async () => {
    const { preview } = await openHistoryPreview(round(), renderPreview);
    const view = expectReadOnly(preview);

    const selected = section(view, 'Selected Issue');
    expect(within(selected).getByRole('article', { name: 'Checkout flow' })).toHaveTextContent(
      'Pay with one click',
    );
    const cards = section(view, 'Your Estimation');
    expect(cards).toHaveTextContent('Your vote: 3');
    expect(within(cards).getByRole('button', { name: '3' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    const results = section(view, 'Results');
    expect(within(results).getByRole('heading', { name: 'Participants (3)' })).toBeInTheDocument();
    const rows = within(results).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'alice?Voted, hidden',
      'bob?Voted, hidden',
      'carol (you)?Voted, hidden',
    ]);
    expect(results).toHaveTextContent('Reveal estimations to see statistics');
    expect(results).not.toHaveTextContent('13');
    expect(results).not.toHaveTextContent('21');
    // The final estimation offers no suggestion that would give a hidden vote away.
    expect(within(selected).queryByRole('group', { name: 'Suggested Values' })).toBeNull();
    expect(selected).not.toHaveTextContent('Most Frequent');
    for (const control of controlsIn(view)) expect(control.closest('[inert]')).toBe(view);
  });

  it('shows the votes and statistics of a version in which they were revealed', async () => {
    const { preview } = await openHistoryPreview(reveal(round(), ctx), renderPreview);
    const view = expectReadOnly(preview);
    expect(section(view, 'Selected Issue')).toHaveTextContent('Most Frequent');
    const results = section(view, 'Results');
    const rows = within(results).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual(['alice1313', 'bob2121', 'carol (you)33']);
    expect(results).toHaveTextContent('Average');
    expect(results).toHaveTextContent('Valid Votes3/3');
  });

  it('lists only who had voted, and says when the issue is no longer in the backlog', async () => {
    const content = submitVote(
      selectIssue(defaultPokerContent(ctx), { issueId: 'gone' }, ctx),
      { userId: 'alice', username: 'alice', value: '5' },
      ctx,
    );
    const { preview } = await openHistoryPreview(content, renderPreview);
    const view = expectReadOnly(preview);
    expect(section(view, 'Selected Issue')).toHaveTextContent(
      'The selected issue is no longer in the backlog.',
    );
    expect(section(view, 'Your Estimation')).toHaveTextContent('You have not voted yet.');
    const results = section(view, 'Results');
    expect(within(results).getByRole('heading', { name: 'Participants (1)' })).toBeInTheDocument();
    expect(results).not.toHaveTextContent('carol');
  });

  it("deals a version's custom deck and lists its spectators apart", async () => {
    let content = setCustomDeck(round(), { values: ['1', '2', 'XXL'] }, ctx);
    content = submitVote(content, { userId: 'alice', username: 'alice', value: 'XXL' }, ctx);
    content = setSpectator(content, { userId: 'carol', spectator: true }, ctx);
    const { preview } = await openHistoryPreview(content, renderPreview);
    const view = expectReadOnly(preview);
    const deck = within(section(view, 'Your Estimation')).getByRole('group', { name: 'Custom' });
    expect(within(deck).getByRole('button', { name: 'XXL' })).toBeInTheDocument();
    const results = section(view, 'Results');
    expect(within(results).getByRole('list', { name: 'Spectators (1)' })).toHaveTextContent(
      'carol (you)',
    );
  });
});
