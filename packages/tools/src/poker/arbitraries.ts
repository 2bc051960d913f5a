/**
 * fast-check arbitraries of Scrum Poker operations (test-only, spec §4): what the property tests
 * of the operations (./operations.property.test.ts) and of their inverses
 * (./inverse.property.test.ts) generate against the current content.
 */
import fc from 'fast-check';

import { cardsOf, type PokerOperation } from './operations.ts';
import { POKER_DECKS, type FixedPokerScale, type PokerContent, type PokerScale } from './types.ts';

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
      deck: fc.constantFrom<FixedPokerScale>('fibonacci', 'tshirt', 'powers'),
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

/** One step of a random sequence, resolved against the content by {@link operationOf}. */
export const step = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      type: fc.constant('submitVote' as const),
      user,
      username: text,
      card,
      // Who else is present, for auto-reveal: nobody passed, the voters so far, or names.
      present: fc.oneof(
        fc.constant(null),
        fc.constant('voters' as const),
        fc.array(fc.constantFrom('ann', 'bob', 'cara', ' '), { maxLength: 3 }),
      ),
    }),
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
      scale: fc.constantFrom<PokerScale>('fibonacci', 'tshirt', 'powers', 'custom'),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('setCustomDeck' as const),
      values: fc.oneof(
        fc.constant(['1', '2', '4', 'XXL']),
        fc.constant([' 1', '1', '3 ']),
        fc.array(text, { maxLength: 22 }),
      ),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ type: fc.constant('setAutoReveal' as const), enabled: fc.boolean() }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('setSpectator' as const),
      user,
      spectator: fc.boolean(),
      present: fc.oneof(fc.constant(null), fc.constant(['ann', 'bob'])),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constantFrom('startTimer' as const, 'pauseTimer' as const, 'resetTimer' as const),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('recordResult' as const),
      issue,
      title: text,
      estimate: fc.oneof(fc.constantFrom('5', '8', 'M', ''), text),
    }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('selectIssue' as const), issue }) },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('setTopic' as const),
      topic: fc.oneof(
        text,
        fc.constant(' Login page '),
        fc.string({ minLength: 190, maxLength: 230 }),
      ),
    }),
  },
);

export type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;
type User = typeof user extends fc.Arbitrary<infer U> ? U : never;

function nth<T>(items: readonly T[], index: number): T | undefined {
  return items.length === 0 ? undefined : items[index % items.length];
}

function userOf(content: PokerContent, pick: User): string {
  return 'voter' in pick ? (nth(content.estimations, pick.voter)?.userId ?? 'ann') : pick.named;
}

/** The operation `step` describes, against `content`. */
export function operationOf(content: PokerContent, step: Step): PokerOperation {
  switch (step.type) {
    case 'submitVote': {
      const { card } = step;
      const value =
        'current' in card
          ? (nth(cardsOf(content.scale, content.customDeck), card.current)?.value ?? '1')
          : 'deck' in card
            ? (nth(POKER_DECKS[card.deck], card.at)?.value ?? '1')
            : card.named;
      const { present } = step;
      return {
        type: 'submitVote',
        userId: userOf(content, step.user),
        username: step.username,
        value,
        ...(present === null
          ? {}
          : {
              presentVoters:
                present === 'voters'
                  ? content.estimations.map((estimation) => estimation.userId)
                  : present,
            }),
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
    case 'setTopic':
      return { type: 'setTopic', topic: step.topic };
    case 'setCustomDeck':
      return { type: 'setCustomDeck', values: [...step.values] };
    case 'setAutoReveal':
      return { type: 'setAutoReveal', enabled: step.enabled };
    case 'setSpectator':
      return {
        type: 'setSpectator',
        userId: userOf(content, step.user),
        spectator: step.spectator,
        ...(step.present === null ? {} : { presentVoters: [...step.present] }),
      };
    case 'startTimer':
    case 'pauseTimer':
    case 'resetTimer':
      return { type: step.type };
    case 'recordResult': {
      const issueId = 'selected' in step.issue ? content.selectedIssueId : step.issue.named;
      return {
        type: 'recordResult',
        issueId: issueId ?? '',
        title: step.title,
        estimate: step.estimate,
      };
    }
  }
}

/** Any poker operation against `content`: a {@link step} resolved by {@link operationOf}. */
export function operationOn(content: PokerContent): fc.Arbitrary<PokerOperation> {
  return step.map((picked) => operationOf(content, picked));
}
