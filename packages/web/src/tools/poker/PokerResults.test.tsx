import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import {
  changeScale,
  defaultPokerContent,
  pokerParticipants,
  reveal,
  submitVote,
  type PokerContent,
} from '@cipherspace/tools/poker';
import { applyLanguage } from '../../lib/i18n.ts';
import { PokerResults, type PokerResultsProps } from './PokerResults.tsx';

const ctx = { newId: () => 'round', now: () => '2025-03-05T10:00:00.000Z' };

/** A round in which each [user, value] voted, through the real poker operations. */
function round(votes: [string, string][], base = defaultPokerContent(ctx)): PokerContent {
  return votes.reduce(
    (content, [user, value]) => submitVote(content, { userId: user, username: user, value }, ctx),
    base,
  );
}

function setup(
  content: PokerContent,
  present: string[] = ['ann'],
  overrides: Partial<PokerResultsProps> = {},
) {
  const props: PokerResultsProps = {
    content,
    participants: pokerParticipants(content.estimations, present),
    currentUserId: 'ann',
    language: 'en',
    disabled: false,
    onToggleReveal: vi.fn(),
    onReset: vi.fn(),
    ...overrides,
  };
  render(<PokerResults {...props} />);
  return props;
}

const participants = () => screen.getByRole('list', { name: /^Participants/ });
const participant = (name: string) =>
  within(participants())
    .getAllByRole('listitem')
    .find((item) => item.textContent.startsWith(name));
const statistic = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;

describe('PokerResults (spec §2 Results, §3 Statistics, §9 Poker)', () => {
  it('disables Reveal and Reset without estimations and waits for participants', () => {
    setup(defaultPokerContent(ctx), ['ann', 'bob']);
    expect(screen.getByRole('button', { name: 'Reveal' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Reset' })).toBeDisabled();
    expect(
      screen.getByText('Waiting for participants to submit their estimations...'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Participants (2)' })).toBeInTheDocument();
    expect(participant('ann (you)')).toHaveTextContent('Not voted');
    expect(participant('bob')).toHaveTextContent('Not voted');
    expect(screen.getByText('Reveal estimations to see statistics')).toBeInTheDocument();
  });

  it('hides the values behind a question mark until revealed', () => {
    const props = setup(round([['bob', '8']]), ['ann', 'bob']);
    expect(participant('bob')).toHaveTextContent('?');
    expect(participant('bob')).toHaveTextContent('Voted, hidden');
    expect(participant('bob')).not.toHaveTextContent('8');
    expect(participant('ann (you)')).toHaveTextContent('Not voted');
    expect(screen.getByText('Reveal estimations to see statistics')).toBeInTheDocument();
    expect(screen.queryByText('Average')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Reveal' }));
    expect(props.onToggleReveal).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(props.onReset).toHaveBeenCalledOnce();
  });

  it('disables both buttons while a change is being saved', () => {
    setup(round([['bob', '8']]), ['ann'], { disabled: true });
    expect(screen.getByRole('button', { name: 'Reveal' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Reset' })).toBeDisabled();
  });

  it('shows values and Fibonacci statistics once revealed', () => {
    const content = reveal(
      round([
        ['ann', '5'],
        ['bob', '5'],
        ['cid', '8'],
        ['dan', '3'],
        ['eve', 'question'],
      ]),
    );
    setup(content, ['ann', 'fay']);
    expect(screen.getByRole('button', { name: 'Hide' })).toBeEnabled();
    expect(participant('ann (you)')).toHaveTextContent('5');
    expect(participant('cid')).toHaveTextContent('8');
    expect(participant('eve')).toHaveTextContent('Need more info');
    expect(participant('fay')).toHaveTextContent('Not voted');
    expect(screen.getByRole('heading', { name: 'Participants (6)' })).toBeInTheDocument();

    // (5 + 5 + 8 + 3) / 4 = 5.25 → 5.3; the question card is not a valid vote.
    expect(statistic('Average')).toHaveTextContent('5.3');
    expect(statistic('Median')).toHaveTextContent('5');
    expect(statistic('Most Frequent')).toHaveTextContent('5');
    expect(statistic('Valid Votes')).toHaveTextContent('4/5');
    // 5, 5 and (within 1 of the median 5) nothing else: 2 of 4 → Low.
    expect(statistic('Consensus')).toHaveTextContent('50 % (Low)');
    expect(screen.getByRole('meter', { name: 'Consensus' })).toHaveAttribute('aria-valuenow', '50');
  });

  it("says 'N tied' when several values are most frequent", () => {
    setup(
      reveal(
        round([
          ['ann', '3'],
          ['bob', '8'],
          ['cid', '3'],
          ['dan', '8'],
          ['eve', '13'],
        ]),
      ),
    );
    expect(statistic('Most Frequent')).toHaveTextContent('2 tied');
  });

  it.each([
    [['5', '5', '5', '5'], '100 % (High)'],
    [['5', '5', '5', '5', '8'], '80 % (High)'],
    [['2', '3', '3', '8', '13'], '60 % (Medium)'],
    [['1', '8', '13', '21'], '0 % (Low)'],
  ])('rates the consensus of %j as %s', (values, expected) => {
    setup(reveal(round(values.map((value, i): [string, string] => [`u${i}`, value]))));
    expect(statistic('Consensus')).toHaveTextContent(expected);
  });

  it('shows N/A without a numeric vote', () => {
    setup(reveal(round([['bob', 'tea-cup']])));
    expect(statistic('Average')).toHaveTextContent('N/A');
    expect(statistic('Median')).toHaveTextContent('N/A');
    expect(statistic('Most Frequent')).toHaveTextContent('N/A');
    expect(statistic('Valid Votes')).toHaveTextContent('0/1');
    expect(statistic('Consensus')).toHaveTextContent('N/A');
    expect(participant('bob')).toHaveTextContent('Break needed');
  });

  it('shows most frequent, valid votes and consensus for T-shirt sizes', () => {
    const tshirt = changeScale(defaultPokerContent(ctx), { scale: 'tshirt' });
    setup(
      reveal(
        round(
          [
            ['ann', 'M'],
            ['bob', 'M'],
            ['cid', 'L'],
          ],
          tshirt,
        ),
      ),
    );
    expect(screen.queryByText('Average')).not.toBeInTheDocument();
    expect(screen.queryByText('Median')).not.toBeInTheDocument();
    expect(statistic('Most Frequent')).toHaveTextContent('M');
    expect(statistic('Valid Votes')).toHaveTextContent('3/3');
    // M=5, L=8: only the two Ms are within 1 of the median 5.
    expect(statistic('Consensus')).toHaveTextContent('67 % (Medium)');
    expect(participant('cid')).toHaveTextContent('L');
  });

  it('formats the average for German', () => {
    applyLanguage('de');
    try {
      setup(
        reveal(
          round([
            ['ann', '2'],
            ['bob', '3'],
          ]),
        ),
        ['ann'],
        { language: 'de' },
      );
      expect(statistic('Durchschnitt')).toHaveTextContent('2,5');
      expect(screen.getByRole('button', { name: 'Verdecken' })).toBeEnabled();
      expect(screen.getByRole('heading', { name: 'Teilnehmende (2)' })).toBeInTheDocument();
    } finally {
      applyLanguage('en');
    }
  });

  it('lists spectators apart from the participants', () => {
    setup(round([['ann', '5']]), ['ann'], { spectators: ['sam', 'ann'] });
    expect(screen.getByRole('heading', { name: 'Participants (1)' })).toBeInTheDocument();
    const spectators = screen.getByRole('list', { name: 'Spectators (2)' });
    expect(
      within(spectators)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['sam', 'ann (you)']);
  });

  it('shows average and median for the powers-of-two deck', () => {
    const content = reveal(
      round(
        [
          ['ann', '16'],
          ['bob', '32'],
        ],
        changeScale(defaultPokerContent(ctx), { scale: 'powers' }),
      ),
    );
    setup(content, ['ann', 'bob']);
    expect(statistic('Average')).toHaveTextContent('24.0');
    expect(statistic('Median')).toHaveTextContent('24');
  });
});
