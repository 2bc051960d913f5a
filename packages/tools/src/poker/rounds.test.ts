import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { deepFreeze, expectDomainError, testContext } from '../testing.ts';
import { step, operationOf } from './arbitraries.ts';
import { defaultPokerContent } from './defaults.ts';
import {
  applyPokerOperation,
  autoReveal,
  cardsOf,
  changeScale,
  pauseTimer,
  recordResult,
  resetTimer,
  reveal,
  selectIssue,
  setAutoReveal,
  setCustomDeck,
  setSpectator,
  startTimer,
  submitVote,
} from './operations.ts';
import {
  departureCompletesRound,
  departureRevealSender,
  everyPresentVoterVoted,
  formatElapsed,
  parseDeckText,
  pokerResultRows,
  resultsTsv,
  roundOf,
  suggestedFinalEstimations,
  timerElapsedMs,
} from './rounds.ts';
import { PokerError, type PokerContent } from './types.ts';

const ctx = testContext('fixed');
const at = (iso: string) => ({ newId: () => 'id', now: () => iso });

function round(changes: Partial<PokerContent> = {}): PokerContent {
  return deepFreeze({ ...defaultPokerContent(ctx), ...changes });
}

function vote(content: PokerContent, userId: string, value: string, present?: string[]) {
  return submitVote(
    content,
    { userId, username: userId, value, ...(present ? { presentVoters: present } : {}) },
    ctx,
  );
}

describe('suggestedFinalEstimations: only values an issue can take', () => {
  it('offers nothing while hidden', () => {
    expect(suggestedFinalEstimations(vote(vote(round(), 'a', '5'), 'b', '5'))).toEqual([]);
  });

  it('leaves out special cards, even when they are the most frequent', () => {
    let content = round();
    for (const [user, value] of [
      ['a', 'question'],
      ['b', 'question'],
      ['c', 'tea-cup'],
      ['d', '3'],
    ] as const)
      content = vote(content, user, value);
    expect(suggestedFinalEstimations(reveal(content))).toEqual(['3']);
  });

  it('suggests nothing when only special cards were played', () => {
    const content = reveal(vote(vote(round(), 'a', 'question'), 'b', 'tea-cup'));
    expect(suggestedFinalEstimations(content)).toEqual([]);
  });

  it('keeps ties of estimation cards', () => {
    const content = reveal(vote(vote(round(), 'a', '5'), 'b', '8'));
    expect(suggestedFinalEstimations(content)).toEqual(['5', '8']);
  });

  it('never suggests a special (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('1', '5', '8', 'tea-cup', 'question'), { maxLength: 8 }),
        (values) => {
          let content = round();
          values.forEach((value, index) => (content = vote(content, `u${index}`, value)));
          const suggested = suggestedFinalEstimations(reveal(content));
          expect(suggested).not.toContain('tea-cup');
          expect(suggested).not.toContain('question');
          const numeric = values.filter((value) => /^\d+$/.test(value));
          expect(suggested.length === 0).toBe(numeric.length === 0);
        },
      ),
    );
  });
});

describe('rounds per issue (property)', () => {
  it('a newly selected issue starts fresh; coming back shows its round as it was left', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 25 }), (steps) => {
        let content: PokerContent = round();
        for (const picked of steps) {
          const op = operationOf(content, picked);
          let next: PokerContent;
          try {
            next = applyPokerOperation(content, op, ctx);
          } catch (error) {
            if (error instanceof PokerError) continue;
            throw error;
          }
          if (op.type === 'selectIssue' && op.issueId !== content.selectedIssueId) {
            const kept = roundOf(content, op.issueId);
            expect(next.estimations).toEqual(kept?.estimations ?? []);
            expect(next.isRevealed).toBe(kept?.isRevealed ?? false);
            // The round left is the one coming back (a round with no votes and no timer is
            // not kept: it comes back fresh).
            const back = selectIssue(next, { issueId: content.selectedIssueId });
            const empty = content.estimations.length === 0 && content.timer === undefined;
            expect(back.estimations).toEqual(content.estimations);
            expect(back.isRevealed).toBe(empty ? false : content.isRevealed);
            if (!empty) expect(back.scale).toBe(content.scale);
            expect(back.timer).toEqual(content.timer);
          }
          content = next;
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('auto-reveal', () => {
  it('is off by default, and content without the setting keeps it off', () => {
    const content = vote(vote(round(), 'a', '5', ['a', 'b']), 'b', '8', ['a', 'b']);
    expect(content.isRevealed).toBe(false);
  });

  it('reveals once every present voter has voted, spectators left out', () => {
    let content = setAutoReveal(round(), { enabled: true });
    content = setSpectator(content, { userId: 'sam', spectator: true });
    content = vote(content, 'a', '5', ['a', 'b', 'sam']);
    expect(content.isRevealed).toBe(false);
    content = vote(content, 'b', '8', ['a', 'b', 'sam']);
    expect(content.isRevealed).toBe(true);
  });

  it('reveals when the last member missing turns spectator', () => {
    let content = setAutoReveal(round(), { enabled: true });
    content = vote(content, 'a', '5', ['a', 'b']);
    const watching = setSpectator(content, {
      userId: 'b',
      spectator: true,
      presentVoters: ['a', 'b'],
    });
    expect(watching.isRevealed).toBe(true);
    expect(setSpectator(content, { userId: 'b', spectator: true }).isRevealed).toBe(false);
    // Nobody voted: nothing to reveal.
    const empty = setSpectator(setAutoReveal(round(), { enabled: true }), {
      userId: 'b',
      spectator: true,
      presentVoters: ['a', 'b'],
    });
    expect(empty.isRevealed).toBe(false);
  });

  it('does not reveal without the present members, nor after it is turned off', () => {
    const on = setAutoReveal(round(), { enabled: true });
    expect(vote(on, 'a', '5').isRevealed).toBe(false);
    const off = setAutoReveal(on, { enabled: false });
    expect(off.settings.autoReveal).toBe(false);
    expect(vote(off, 'a', '5', ['a']).isRevealed).toBe(false);
    expect(setAutoReveal(off, { enabled: false })).toBe(off);
  });

  it('everyPresentVoterVoted ignores blanks and needs at least one voter', () => {
    const content = vote(round(), 'a', '5');
    expect(everyPresentVoterVoted(content, [])).toBe(false);
    expect(everyPresentVoterVoted(content, [' a ', ' '])).toBe(true);
    expect(everyPresentVoterVoted(content, ['a', 'b'])).toBe(false);
  });
});

describe('auto-reveal when a voter leaves', () => {
  const twoVoted = () => {
    let content = setAutoReveal(round(), { enabled: true });
    content = vote(content, 'ann', '5', ['ann', 'bob', 'cara']);
    return vote(content, 'bob', '8', ['ann', 'bob', 'cara']);
  };

  it('a departure completes the round once every remaining voter has voted', () => {
    const content = twoVoted();
    expect(content.isRevealed).toBe(false);
    expect(departureCompletesRound(content, ['ann', 'bob', 'cara'], ['ann', 'bob'])).toBe(true);
    // Nobody left, or the one left had voted while someone staying has not.
    expect(departureCompletesRound(content, ['ann', 'bob', 'cara'], ['ann', 'bob', 'cara'])).toBe(
      false,
    );
    expect(departureCompletesRound(content, ['ann', 'bob', 'cara'], ['ann', 'cara'])).toBe(false);
    // Someone joined at the same time and has not voted.
    expect(departureCompletesRound(content, ['ann', 'bob', 'cara'], ['ann', 'bob', 'dan'])).toBe(
      false,
    );
    // Off, or shown already: nothing to do.
    const off = setAutoReveal(content, { enabled: false });
    expect(departureCompletesRound(off, ['ann', 'bob', 'cara'], ['ann', 'bob'])).toBe(false);
    const shown = reveal(content);
    expect(departureCompletesRound(shown, ['ann', 'bob', 'cara'], ['ann', 'bob'])).toBe(false);
  });

  it('exactly one member sends it: the lowest user id present, the same on every screen', () => {
    expect(departureRevealSender(['bob', 'ann', ' '])).toBe('ann');
    expect(departureRevealSender(['bob', 'Zed'])).toBe('Zed');
    expect(departureRevealSender(['', ' '])).toBeUndefined();
  });

  it('the reveal it sends shows the votes only while the round is still complete', () => {
    const content = twoVoted();
    const shown = autoReveal(content, { presentVoters: ['ann', 'bob'] });
    expect(shown.isRevealed).toBe(true);
    // A second member sending it too changes nothing.
    expect(autoReveal(shown, { presentVoters: ['ann', 'bob'] })).toBe(shown);
    // Replayed after a reset, or with a voter present who has not voted: nothing shown.
    const fresh = applyPokerOperation(content, { type: 'reset' }, ctx);
    expect(applyPokerOperation(fresh, { type: 'reveal', presentVoters: ['ann'] }, ctx)).toBe(fresh);
    expect(autoReveal(content, { presentVoters: ['ann', 'bob', 'cara'] })).toBe(content);
    // With auto-reveal off it never reveals; a plain Reveal still does.
    const off = setAutoReveal(content, { enabled: false });
    expect(autoReveal(off, { presentVoters: ['ann', 'bob'] })).toBe(off);
    expect(applyPokerOperation(off, { type: 'reveal' }, ctx).isRevealed).toBe(true);
    expect(
      applyPokerOperation(content, { type: 'reveal', presentVoters: ['ann', 'bob'] }, ctx)
        .isRevealed,
    ).toBe(true);
  });
});

describe('spectators', () => {
  it('watch without voting; their vote in a hidden round is withdrawn', () => {
    const voted = vote(round(), 'ann', '5');
    const watching = setSpectator(voted, { userId: ' ann ', spectator: true });
    expect(watching.spectators).toEqual(['ann']);
    expect(watching.estimations).toEqual([]);
    expectDomainError(
      PokerError,
      () => vote(watching, 'ann', '3'),
      'SPECTATOR_CANNOT_VOTE',
      'Spectators do not vote',
    );
    const back = setSpectator(watching, { userId: 'ann', spectator: false });
    expect('spectators' in back).toBe(false);
    expect(vote(back, 'ann', '3').estimations).toHaveLength(1);
  });

  it('keep a revealed vote, and setting what is so changes nothing', () => {
    const revealed = reveal(vote(round(), 'ann', '5'));
    const watching = setSpectator(revealed, { userId: 'ann', spectator: true });
    expect(watching.estimations).toHaveLength(1);
    expect(setSpectator(watching, { userId: 'ann', spectator: true })).toBe(watching);
    expectDomainError(
      PokerError,
      () => setSpectator(round(), { userId: ' ', spectator: true }),
      'USER_NOT_AUTHENTICATED',
      'User not authenticated',
    );
  });
});

describe('round timer', () => {
  const start = at('2024-01-01T10:00:00.000Z');
  const later = at('2024-01-01T10:01:30.000Z');

  it('counts from its start time for everyone, pauses and resumes', () => {
    const running = startTimer(round(), start);
    expect(running.timer).toEqual({ startedAt: '2024-01-01T10:00:00.000Z', elapsedMs: 0 });
    expect(startTimer(running, later)).toBe(running);
    const now = Date.parse('2024-01-01T10:00:42.000Z');
    expect(timerElapsedMs(running.timer, now)).toBe(42_000);
    const paused = pauseTimer(running, later);
    expect(paused.timer).toEqual({ startedAt: null, elapsedMs: 90_000 });
    expect(timerElapsedMs(paused.timer, now + 1e6)).toBe(90_000);
    expect(pauseTimer(paused, later)).toBe(paused);
    const resumed = startTimer(paused, at('2024-01-01T11:00:00.000Z'));
    expect(timerElapsedMs(resumed.timer, Date.parse('2024-01-01T11:00:10.000Z'))).toBe(100_000);
    expect(resetTimer(resumed).timer).toBeUndefined();
    const fresh = round();
    expect(resetTimer(fresh)).toBe(fresh);
  });

  it('never counts backwards on a clock behind the starter', () => {
    const running = startTimer(round(), later);
    expect(timerElapsedMs(running.timer, Date.parse('2024-01-01T10:00:00.000Z'))).toBe(0);
    expect(timerElapsedMs(undefined, 5)).toBe(0);
  });

  it('formats m:ss and h:mm:ss', () => {
    expect(formatElapsed(0)).toBe('0:00');
    expect(formatElapsed(65_900)).toBe('1:05');
    expect(formatElapsed(3_725_000)).toBe('1:02:05');
  });
});

describe('custom decks', () => {
  it('parses typed values: commas, semicolons, lines; trimmed, no blanks or repeats', () => {
    expect(parseDeckText(' 1, 2;4\n\n 2 , XXL,')).toEqual(['1', '2', '4', 'XXL']);
  });

  it('switches to the deck, clearing votes; votes must be its cards', () => {
    const content = setCustomDeck(reveal(vote(round(), 'a', '5')), { values: [' 1', '2', 'XXL'] });
    expect(content).toMatchObject({
      scale: 'custom',
      customDeck: ['1', '2', 'XXL'],
      estimations: [],
      isRevealed: false,
    });
    expect(cardsOf('custom', content.customDeck).map((card) => card.value)).toEqual([
      '1',
      '2',
      'XXL',
      'tea-cup',
      'question',
    ]);
    expect(vote(content, 'a', 'XXL').estimations).toHaveLength(1);
    expectDomainError(
      PokerError,
      () => vote(content, 'a', '5'),
      'INVALID_CARD',
      'Invalid card value',
    );
    expect(setCustomDeck(content, { values: ['1', '2', 'XXL'] })).toBe(content);
    // Back and forth between scales keeps the deck.
    const back = changeScale(changeScale(content, { scale: 'fibonacci' }), { scale: 'custom' });
    expect(back.customDeck).toEqual(['1', '2', 'XXL']);
  });

  it.each([[['1']], [['1', 'question']], [['1', '1000']], [Array.from({ length: 21 }, String)]])(
    'refuses %j',
    (values) => {
      expectDomainError(
        PokerError,
        () => setCustomDeck(round(), { values }),
        'INVALID_DECK',
        'A custom deck needs 2 to 20 different values of at most 3 characters',
      );
    },
  );

  it("refuses the 'custom' scale before a deck was set, and offers powers of two", () => {
    expectDomainError(
      PokerError,
      () => changeScale(round(), { scale: 'custom' }),
      'INVALID_SCALE',
      'Invalid scale value',
    );
    expect(cardsOf('powers').map((card) => card.value)).toEqual([
      '0',
      '1',
      '2',
      '4',
      '8',
      '16',
      '32',
      '64',
      'tea-cup',
      'question',
    ]);
  });
});

describe('results of the session', () => {
  it('keeps one final estimate per issue, replaced in place, as a table to copy', () => {
    let content = recordResult(
      round(),
      { issueId: 'a', title: ' Login\tpage ', estimate: '5' },
      ctx,
    );
    content = recordResult(content, { issueId: 'b', title: '', estimate: 'M' }, ctx);
    content = recordResult(content, { issueId: 'a', title: 'Login page', estimate: '8' }, ctx);
    expect(pokerResultRows(content)).toEqual([
      { issue: 'Login page', estimate: '8' },
      { issue: 'b', estimate: 'M' },
    ]);
    expect(resultsTsv(pokerResultRows(content), ['Issue', 'Final estimate'])).toBe(
      'Issue\tFinal estimate\nLogin page\t8\nb\tM\n',
    );
    expect(resultsTsv([{ issue: 'a\nb\tc', estimate: '1' }], ['I', 'E'])).toBe('I\tE\na b c\t1\n');
  });

  it('refuses a blank issue or estimate', () => {
    expectDomainError(
      PokerError,
      () => recordResult(round(), { issueId: ' ', title: 'x', estimate: '5' }, ctx),
      'NO_ISSUE_SELECTED',
      'No issue selected',
    );
    expectDomainError(
      PokerError,
      () => recordResult(round(), { issueId: 'a', title: 'x', estimate: ' ' }, ctx),
      'INVALID_CARD',
      'Invalid card value',
    );
  });
});
