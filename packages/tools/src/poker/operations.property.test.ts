import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { tools } from '../registry.ts';
import {
  deepFreeze,
  expectOperationSequence,
  expectSameOverTheWire,
  overTheWire,
  testContext,
} from '../testing.ts';
import { defaultPokerContent } from './defaults.ts';
import { cardsOf, submitVote, type PokerOperation } from './operations.ts';
import { POKER_DECKS, PokerError, type PokerContent, type PokerScale } from './types.ts';

const tool = tools.poker;

/** A round where ann voted 3 and bob voted 8 (hidden). */
function voted(): PokerContent {
  const ctx = testContext('fixed');
  let content = defaultPokerContent(ctx);
  content = submitVote(content, { userId: 'ann', username: 'Ann', value: '3' }, ctx);
  content = submitVote(content, { userId: 'bob', username: 'Bob', value: '8' }, ctx);
  return deepFreeze(content);
}

describe('every poker operation, serialised and applied through the registry', () => {
  const stamp = { id: 'op-7', at: '2024-03-01T12:00:00.000Z', by: 'ann' };
  const revealed = deepFreeze({ ...voted(), isRevealed: true });

  const cases: [PokerOperation, PokerContent][] = [
    [{ type: 'submitVote', userId: 'cara', username: ' Cara ', value: '13' }, voted()],
    [{ type: 'submitVote', userId: 'ann', username: 'Ann', value: 'tea-cup' }, voted()],
    [{ type: 'clearVote', userId: 'ann' }, voted()],
    [{ type: 'reveal' }, voted()],
    [{ type: 'hide' }, revealed],
    [{ type: 'reset' }, revealed],
    [{ type: 'changeScale', scale: 'tshirt' }, revealed],
    [{ type: 'selectIssue', issueId: 'ISSUE-1' }, voted()],
    [{ type: 'selectIssue', issueId: null }, deepFreeze({ ...voted(), selectedIssueId: 'X' })],
  ];

  it('covers every operation', () => {
    expect(new Set(cases.map(([op]) => op.type))).toEqual(new Set(tool.operations));
  });

  it.each(cases)('%j gives the same content as the original, every time', (op, content) => {
    expectSameOverTheWire(tool, content, op, stamp);
  });

  it('writes the vote time from the operation, not the clock', () => {
    const next = tool.apply(
      voted(),
      overTheWire(
        tool,
        { type: 'submitVote', userId: 'cara', username: 'Cara', value: '1' },
        stamp,
      ),
    );
    expect(next.estimations.at(-1)).toEqual({
      userId: 'cara',
      username: 'Cara',
      value: '1',
      timestamp: stamp.at,
    });
  });
});

// ---------------------------------------------------------------------------------------------
// Random sequences of operations against the current content.

/** Text with blanks, whitespace of every kind, names with spaces and any unicode. */
const text = fc.oneof(
  fc.constantFrom('', ' ', '\t', '\n', '\u00a0', '\u2028', ' ann ', 'Ann', '🃏', 'e\u0301', 'XS'),
  fc.string({ unit: 'grapheme', maxLength: 8 }),
  fc.string({ unit: 'binary', maxLength: 8 }),
);

/** A user: one who voted (by position), one of a few known names (some padded or blank), any text. */
const user = fc.oneof(
  fc.record({ voter: fc.nat() }),
  fc.record({ named: fc.constantFrom('ann', 'bob', ' ann ', 'cara', '', '  ') }),
  fc.record({ named: text }),
);

/** A card: of the current scale (by position), of either deck, or any text. */
const card = fc.oneof(
  { weight: 4, arbitrary: fc.record({ current: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      deck: fc.constantFrom<PokerScale>('fibonacci', 'tshirt'),
      at: fc.nat(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ named: text }) },
);

/** An issue id: the selected one, one of a few, any text, or none. */
const issue = fc.oneof(
  fc.constant({ selected: true as const }),
  fc.record({ named: fc.constantFrom('ISSUE-1', 'ISSUE-2') }),
  fc.record({ named: text }),
  fc.constant({ named: null }),
);

const step = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({ type: fc.constant('submitVote' as const), user, username: text, card }),
  },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('clearVote' as const), user }) },
  {
    weight: 2,
    arbitrary: fc.record({ type: fc.constantFrom('reveal' as const, 'hide' as const) }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('reset' as const) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('changeScale' as const),
      scale: fc.constantFrom<PokerScale>('fibonacci', 'tshirt'),
    }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('selectIssue' as const), issue }) },
);

type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;
type User = typeof user extends fc.Arbitrary<infer U> ? U : never;

function nth<T>(items: readonly T[], index: number): T | undefined {
  return items.length === 0 ? undefined : items[index % items.length];
}

function userOf(content: PokerContent, pick: User): string {
  return 'voter' in pick ? (nth(content.estimations, pick.voter)?.userId ?? 'ann') : pick.named;
}

/** The operation `step` describes, against `content`. */
function operationOf(content: PokerContent, step: Step): PokerOperation {
  switch (step.type) {
    case 'submitVote': {
      const { card } = step;
      const value =
        'current' in card
          ? (nth(cardsOf(content.scale), card.current)?.value ?? '1')
          : 'deck' in card
            ? (nth(POKER_DECKS[card.deck], card.at)?.value ?? '1')
            : card.named;
      return {
        type: 'submitVote',
        userId: userOf(content, step.user),
        username: step.username,
        value,
      };
    }
    case 'clearVote':
      return { type: 'clearVote', userId: userOf(content, step.user) };
    case 'reveal':
    case 'hide':
    case 'reset':
      return { type: step.type };
    case 'changeScale':
      return { type: 'changeScale', scale: step.scale };
    case 'selectIssue':
      return {
        type: 'selectIssue',
        issueId: 'selected' in step.issue ? content.selectedIssueId : step.issue.named,
      };
  }
}

/** What every content the operations produce keeps true beyond its schema (spec §3, §4). */
function expectInvariants(content: PokerContent): void {
  const ids = content.estimations.map((estimation) => estimation.userId);
  // spec §3: one entry per user; ids are trimmed and never blank.
  expect(new Set(ids).size).toBe(ids.length);
  for (const estimation of content.estimations) {
    expect(estimation.userId).toBe(estimation.userId.trim());
    expect(estimation.userId).not.toBe('');
    expect(estimation.username.trim()).not.toBe('');
    // A vote is a card of the current scale: changing the scale clears the votes.
    expect(cardsOf(content.scale).map((card) => card.value)).toContain(estimation.value);
  }
}

describe('any sequence of poker operations (property)', () => {
  it('either refuses an operation leaving the content as it was, or gives valid content', () => {
    fc.assert(
      // Both settings of allowChangeAfterReveal (no operation changes it; off locks revealed votes).
      fc.property(fc.boolean(), fc.array(step, { maxLength: 30 }), (allowChange, steps) => {
        const initial = tool.defaultContent(testContext('fixed'));
        expectOperationSequence(tool, {
          start: {
            ...initial,
            settings: { ...initial.settings, allowChangeAfterReveal: allowChange },
          },
          nextOperation: (content, index) => {
            const current = steps[index];
            return current === undefined ? undefined : operationOf(content, current);
          },
          refusal: PokerError,
          invariants: expectInvariants,
        });
      }),
      { numRuns: 200 },
    );
  });
});
