import { describe, expect, it } from 'vitest';

import { defaultPokerContent } from './defaults.ts';
import {
  applyPokerOperation,
  cardsOf,
  changeScale,
  clearVote,
  hide,
  isCardOf,
  reset,
  reveal,
  selectIssue,
  setTopic,
  startTimer,
  submitVote,
  userEstimation,
  type PokerOperation,
} from './operations.ts';
import { POKER_TOPIC_MAX_LENGTH, PokerError, type PokerContent, type PokerScale } from './types.ts';
import { deepFreeze, expectDomainError, testContext } from '../testing.ts';

function round(): PokerContent {
  return deepFreeze(defaultPokerContent(testContext()));
}

/** A round where ann voted 3 and bob voted 8 (in that order). */
function voted(ctx = testContext()): PokerContent {
  let content = round();
  content = submitVote(content, { userId: 'ann', username: 'Ann', value: '3' }, ctx);
  content = submitVote(content, { userId: 'bob', username: 'Bob', value: '8' }, ctx);
  return deepFreeze(content);
}

function values(content: PokerContent): [string, string][] {
  return content.estimations.map((e) => [e.userId, e.value]);
}

describe('no content loaded', () => {
  const ctx = testContext();
  it.each<[string, () => unknown]>([
    ['submitVote', () => submitVote(null, { userId: 'a', username: 'a', value: '1' }, ctx)],
    ['clearVote', () => clearVote(null, { userId: 'a' })],
    ['reveal', () => reveal(null)],
    ['hide', () => hide(null)],
    ['reset', () => reset(null)],
    ['changeScale', () => changeScale(null, { scale: 'tshirt' })],
    ['selectIssue', () => selectIssue(null, { issueId: 'i' })],
    ['setTopic', () => setTopic(null, { topic: 'Login page' })],
  ])("%s throws NO_DATA 'No data loaded'", (_name, action) => {
    expectDomainError(PokerError, action, 'NO_DATA', 'No data loaded');
  });
});

describe('cards (spec §3)', () => {
  it('Fibonacci deck: 0..89 plus tea-cup and question', () => {
    expect(cardsOf('fibonacci').map((card) => card.value)).toEqual([
      '0',
      '1',
      '2',
      '3',
      '5',
      '8',
      '13',
      '21',
      '34',
      '55',
      '89',
      'tea-cup',
      'question',
    ]);
    expect(cardsOf('fibonacci').slice(-2)).toEqual([
      { value: 'tea-cup', kind: 'special', name: 'Break needed' },
      { value: 'question', kind: 'special', name: 'Need more info' },
    ]);
  });

  it('T-shirt deck: XS..XL with names plus the same specials', () => {
    expect(cardsOf('tshirt').map((card) => [card.value, card.name])).toEqual([
      ['XS', 'Extra Small'],
      ['S', 'Small'],
      ['M', 'Medium'],
      ['L', 'Large'],
      ['XL', 'Extra Large'],
      ['tea-cup', 'Break needed'],
      ['question', 'Need more info'],
    ]);
  });

  it('isCardOf matches exact values of the scale', () => {
    expect(isCardOf('fibonacci', '13')).toBe(true);
    expect(isCardOf('fibonacci', '4')).toBe(false);
    expect(isCardOf('fibonacci', 'M')).toBe(false);
    expect(isCardOf('tshirt', 'M')).toBe(true);
    expect(isCardOf('tshirt', 'question')).toBe(true);
    expect(isCardOf('tshirt', '5')).toBe(false);
  });
});

describe('submitVote (spec §4: replaces the user’s earlier vote)', () => {
  it('appends a first vote with the timestamp from ctx', () => {
    const next = submitVote(
      round(),
      { userId: 'ann', username: ' Ann ', value: '5' },
      testContext(),
    );
    expect(next.estimations).toEqual([
      { userId: 'ann', username: 'Ann', value: '5', timestamp: '2024-01-01T00:00:00.000Z' },
    ]);
  });

  it('replaces the earlier vote in place, leaving others alone', () => {
    const content = voted();
    const next = submitVote(
      content,
      { userId: 'ann', username: 'Ann', value: 'tea-cup' },
      testContext(),
    );
    expect(values(next)).toEqual([
      ['ann', 'tea-cup'],
      ['bob', '8'],
    ]);
    expect(next.estimations[1]).toBe(content.estimations[1]);
  });

  it('falls back to the user id as name', () => {
    const next = submitVote(round(), { userId: 'ann', username: '', value: '1' }, testContext());
    expect(userEstimation(next, 'ann')?.username).toBe('ann');
  });

  it("needs a user: 'User not authenticated'", () => {
    expectDomainError(
      PokerError,
      () => submitVote(round(), { userId: ' ', username: 'x', value: '1' }, testContext()),
      'USER_NOT_AUTHENTICATED',
      'User not authenticated',
    );
  });

  it('refuses a card that is not of the current scale', () => {
    expectDomainError(
      PokerError,
      () => submitVote(round(), { userId: 'a', username: 'a', value: 'M' }, testContext()),
      'INVALID_CARD',
      'Invalid card value',
    );
    expectDomainError(
      PokerError,
      () => submitVote(round(), { userId: 'a', username: 'a', value: '' }, testContext()),
      'INVALID_CARD',
      'Invalid card value',
    );
  });

  it('allows changes after reveal unless settings.allowChangeAfterReveal is off', () => {
    const revealed = reveal(voted());
    expect(
      values(submitVote(revealed, { userId: 'ann', username: 'Ann', value: '5' }, testContext())),
    ).toEqual([
      ['ann', '5'],
      ['bob', '8'],
    ]);
    const locked = {
      ...revealed,
      settings: { ...revealed.settings, allowChangeAfterReveal: false },
    };
    expectDomainError(
      PokerError,
      () => submitVote(locked, { userId: 'ann', username: 'Ann', value: '5' }, testContext()),
      'VOTE_LOCKED',
      'Estimations cannot be changed after reveal',
    );
    expectDomainError(
      PokerError,
      () => clearVote(locked, { userId: 'ann' }),
      'VOTE_LOCKED',
      'Estimations cannot be changed after reveal',
    );
    // Hidden again, votes may change.
    const again = submitVote(
      hide(locked),
      { userId: 'ann', username: 'Ann', value: '5' },
      testContext(),
    );
    expect(userEstimation(again, 'ann')?.value).toBe('5');
  });
});

describe('clearVote (spec §4: removes only the current user’s vote)', () => {
  it('removes the user’s vote only', () => {
    expect(values(clearVote(voted(), { userId: 'bob' }))).toEqual([['ann', '3']]);
  });

  it('returns the content itself when the user has not voted', () => {
    const content = voted();
    expect(clearVote(content, { userId: 'cid' })).toBe(content);
  });

  it("needs a user: 'User not authenticated'", () => {
    expectDomainError(
      PokerError,
      () => clearVote(voted(), { userId: '' }),
      'USER_NOT_AUTHENTICATED',
      'User not authenticated',
    );
  });
});

describe('reveal / hide (spec §4)', () => {
  it('toggles isRevealed and keeps the votes', () => {
    const content = voted();
    const shown = reveal(content);
    expect(shown.isRevealed).toBe(true);
    expect(shown.estimations).toBe(content.estimations);
    expect(reveal(shown)).toBe(shown);
    const hidden = hide(shown);
    expect(hidden.isRevealed).toBe(false);
    expect(hide(hidden)).toBe(hidden);
  });
});

describe('reset (spec §4: clears all estimations and hides)', () => {
  it('clears and hides', () => {
    const next = reset(reveal(voted()));
    expect(next.estimations).toEqual([]);
    expect(next.isRevealed).toBe(false);
  });
});

describe('changeScale (spec §4: clears all estimations and hides)', () => {
  it('switches the scale, clears and hides', () => {
    const next = changeScale(reveal(voted()), { scale: 'tshirt' });
    expect(next).toMatchObject({ scale: 'tshirt', estimations: [], isRevealed: false });
  });

  it('keeps everything when the scale is already in use', () => {
    const content = voted();
    expect(changeScale(content, { scale: 'fibonacci' })).toBe(content);
  });

  it("refuses an unknown scale: 'Invalid scale value'", () => {
    expectDomainError(
      PokerError,
      () => changeScale(voted(), { scale: 'hours' as PokerScale }),
      'INVALID_SCALE',
      'Invalid scale value',
    );
  });
});

describe('selectIssue (spec §4: stores the id as selectedIssueId; each issue its own round)', () => {
  it('stores and clears the selection; the votes so far stay with the round they were for', () => {
    const content = voted();
    const selected = selectIssue(content, { issueId: 'issue-1' });
    expect(selected.selectedIssueId).toBe('issue-1');
    expect(selected.estimations).toEqual([]);
    expect(selected.rounds?.['']?.estimations).toBe(content.estimations);
    expect(selectIssue(selected, { issueId: 'issue-1' })).toBe(selected);
    const cleared = selectIssue(selected, { issueId: null });
    expect(cleared.selectedIssueId).toBeNull();
    expect(cleared.estimations).toBe(content.estimations);
    expect(cleared.rounds).toBeUndefined();
  });

  it('starts a fresh round for the next issue and brings the first back as it was left', () => {
    const ctx = testContext();
    const first = reveal(selectIssue(voted(ctx), { issueId: 'story-1' }));
    const onFirst = reveal(
      submitVote(
        submitVote(first, { userId: 'ann', username: 'Ann', value: '5' }, ctx),
        { userId: 'bob', username: 'Bob', value: '8' },
        ctx,
      ),
    );
    const second = selectIssue(onFirst, { issueId: 'story-2' });
    expect(second).toMatchObject({
      selectedIssueId: 'story-2',
      estimations: [],
      isRevealed: false,
    });
    expect(second.timer).toBeUndefined();
    const back = selectIssue(second, { issueId: 'story-1' });
    expect(values(back)).toEqual([
      ['ann', '5'],
      ['bob', '8'],
    ]);
    expect(back.isRevealed).toBe(true);
    // The empty round of story-2 is not kept.
    expect(Object.keys(back.rounds ?? {})).toEqual(['']);
  });

  it("keeps a round's scale and timer with it", () => {
    const ctx = testContext();
    let content = changeScale(round(), { scale: 'tshirt' });
    content = selectIssue(content, { issueId: 'a' });
    content = submitVote(content, { userId: 'ann', username: 'Ann', value: 'M' }, ctx);
    content = startTimer(content, ctx);
    content = selectIssue(content, { issueId: 'b' });
    content = changeScale(content, { scale: 'fibonacci' });
    expect(content.timer).toBeUndefined();
    content = selectIssue(content, { issueId: 'a' });
    expect(content.scale).toBe('tshirt');
    expect(content.timer?.startedAt).not.toBeNull();
    expect(values(content)).toEqual([['ann', 'M']]);
  });

  it('loads and switches content written before rounds existed', () => {
    const old = deepFreeze({ ...voted(), selectedIssueId: 'old' });
    expect('rounds' in old).toBe(false);
    const next = selectIssue(old, { issueId: 'new' });
    expect(next.rounds?.['issue:old']?.estimations).toEqual(old.estimations);
  });
});

describe('setTopic (a free topic when the backlog has no issue)', () => {
  it('stores the trimmed topic without touching votes, and a blank one removes it', () => {
    const content = voted();
    const set = setTopic(content, { topic: '  Login page \n' });
    expect(set.topic).toBe('Login page');
    expect(set.estimations).toBe(content.estimations);
    expect(setTopic(set, { topic: 'Login page ' })).toBe(set);
    const cleared = setTopic(set, { topic: ' \t' });
    expect(cleared).toStrictEqual(content);
    expect('topic' in cleared).toBe(false);
    expect(setTopic(content, { topic: '' })).toBe(content);
  });

  it('cuts a topic to the maximum length', () => {
    const long = setTopic(round(), { topic: `${'a'.repeat(POKER_TOPIC_MAX_LENGTH)}bcd` });
    expect(long.topic).toBe('a'.repeat(POKER_TOPIC_MAX_LENGTH));
    const spaced = setTopic(round(), { topic: `${'a'.repeat(POKER_TOPIC_MAX_LENGTH - 1)} b` });
    expect(spaced.topic).toBe('a'.repeat(POKER_TOPIC_MAX_LENGTH - 1));
  });
});

describe('applyPokerOperation (replay after a 409)', () => {
  it('dispatches every operation type', () => {
    const ctx = testContext();
    const ops: PokerOperation[] = [
      { type: 'submitVote', userId: 'ann', username: 'Ann', value: '5' },
      { type: 'submitVote', userId: 'bob', username: 'Bob', value: '8' },
      { type: 'clearVote', userId: 'bob' },
      { type: 'selectIssue', issueId: 'i1' },
      { type: 'setTopic', topic: 'Login page' },
      { type: 'reveal' },
    ];
    const content = ops.reduce((acc, op) => applyPokerOperation(acc, op, ctx), round());
    expect(content).toMatchObject({ selectedIssueId: 'i1', topic: 'Login page', isRevealed: true });
    // The vote was cast before i1 was selected: it stays with that round.
    expect(values(content)).toEqual([]);
    expect(content.rounds?.['']?.estimations.map((e) => e.value)).toEqual(['5']);
    expect(applyPokerOperation(content, { type: 'hide' }, ctx).isRevealed).toBe(false);
    expect(applyPokerOperation(content, { type: 'reset' }, ctx).estimations).toEqual([]);
    expect(applyPokerOperation(content, { type: 'changeScale', scale: 'tshirt' }, ctx).scale).toBe(
      'tshirt',
    );
  });

  it('lands a vote on top of votes cast meanwhile, and gives the same result on replay', () => {
    const op: PokerOperation = { type: 'submitVote', userId: 'cid', username: 'Cid', value: '13' };
    const latest = voted();
    const first = applyPokerOperation(latest, op, testContext());
    expect(values(first)).toEqual([
      ['ann', '3'],
      ['bob', '8'],
      ['cid', '13'],
    ]);
    expect(applyPokerOperation(latest, op, testContext())).toEqual(first);
  });

  it('refuses a Fibonacci vote replayed after another user switched to T-shirt sizes', () => {
    const switched = changeScale(voted(), { scale: 'tshirt' });
    expectDomainError(
      PokerError,
      () =>
        applyPokerOperation(
          switched,
          { type: 'submitVote', userId: 'ann', username: 'Ann', value: '5' },
          testContext(),
        ),
      'INVALID_CARD',
      'Invalid card value',
    );
  });
});
