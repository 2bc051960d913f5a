import { describe, expect, it } from 'vitest';

import { defaultPokerContent } from './defaults.ts';
import { submitVote } from './operations.ts';
import { hasEstimations, participantVote, pokerParticipants } from './participants.ts';
import type { Estimation } from './types.ts';

const ctx = { newId: () => 'id', now: () => '2024-01-01T00:00:00.000Z' };

function vote(username: string, value: string): Estimation {
  return { userId: username, username, value, timestamp: ctx.now() };
}

describe('pokerParticipants (spec §2 Results, §6 username as id)', () => {
  it('lists voters in voting order, then present non-voters alphabetically', () => {
    const participants = pokerParticipants(
      [vote('zoe', '5'), vote('ann', '8')],
      ['mia', 'ann', 'bob', 'zoe'],
    );
    expect(participants.map((p) => [p.username, p.estimation?.value ?? null])).toEqual([
      ['zoe', '5'],
      ['ann', '8'],
      ['bob', null],
      ['mia', null],
    ]);
  });

  it('drops blank and repeated present names', () => {
    expect(pokerParticipants([], ['bob', ' ', '', 'bob', ' amy ']).map((p) => p.userId)).toEqual([
      'amy',
      'bob',
    ]);
  });

  it('is empty with no votes and nobody present', () => {
    expect(pokerParticipants([], [])).toEqual([]);
  });
});

describe('participantVote (spec §2: ?, the value, or Not voted)', () => {
  const voter = { userId: 'ann', username: 'ann', estimation: vote('ann', 'tea-cup') };
  const waiting = { userId: 'bob', username: 'bob', estimation: null };

  it('hides a vote until revealed', () => {
    expect(participantVote(voter, false)).toEqual({ kind: 'hidden' });
    expect(participantVote(voter, true)).toEqual({ kind: 'revealed', value: 'tea-cup' });
  });

  it('shows no vote either way for a non-voter', () => {
    expect(participantVote(waiting, false)).toEqual({ kind: 'none' });
    expect(participantVote(waiting, true)).toEqual({ kind: 'none' });
  });
});

describe('hasEstimations (spec §2: Reveal and Reset disabled with zero estimations)', () => {
  it('is false for a fresh round and true after a vote', () => {
    const content = defaultPokerContent(ctx);
    expect(hasEstimations(content)).toBe(false);
    const voted = submitVote(content, { userId: 'ann', username: 'ann', value: '3' }, ctx);
    expect(hasEstimations(voted)).toBe(true);
  });
});
