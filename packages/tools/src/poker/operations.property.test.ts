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
import { operationOf, step } from './arbitraries.ts';
import { cardsOf, pokerOperations, submitVote, type PokerOperation } from './operations.ts';
import { roundKey } from './rounds.ts';
import { PokerError, type PokerContent } from './types.ts';

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
  const running = deepFreeze({
    ...voted(),
    timer: { startedAt: '2024-03-01T11:59:00.000Z', elapsedMs: 5000 },
  });

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
    [{ type: 'setTopic', topic: ' Login page ' }, voted()],
    [{ type: 'setAutoReveal', enabled: true }, voted()],
    [{ type: 'setSpectator', userId: 'ann', spectator: true }, voted()],
    [{ type: 'setCustomDeck', values: ['1', '2', '4', 'XXL'] }, voted()],
    [{ type: 'startTimer' }, voted()],
    [{ type: 'pauseTimer' }, running],
    [{ type: 'resetTimer' }, running],
    [{ type: 'recordResult', issueId: 'ISSUE-1', title: ' Login ', estimate: '5' }, voted()],
  ];

  it('covers every operation', () => {
    expect(new Set(cases.map(([op]) => op.type))).toEqual(new Set(pokerOperations.names));
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

/** What every content the operations produce keeps true beyond its schema (spec §3, §4). */
function expectInvariants(content: PokerContent): void {
  const ids = content.estimations.map((estimation) => estimation.userId);
  // spec §3: one entry per user; ids are trimmed and never blank.
  expect(new Set(ids).size).toBe(ids.length);
  for (const estimation of content.estimations) {
    expect(estimation.userId).toBe(estimation.userId.trim());
    expect(estimation.userId).not.toBe('');
    expect(estimation.username.trim()).not.toBe('');
    // A vote is a card of the current scale: changing the scale clears the votes, and an
    // issue's kept round comes back with its scale (a custom deck may have changed since).
    if (content.scale !== 'custom')
      expect(cardsOf(content.scale).map((card) => card.value)).toContain(estimation.value);
  }
  // The selected issue's round is the current one; only rounds with something in them are kept.
  const rounds = content.rounds ?? {};
  expect(Object.hasOwn(rounds, roundKey(content.selectedIssueId))).toBe(false);
  for (const kept of Object.values(rounds))
    expect(kept.estimations.length > 0 || kept.timer !== undefined).toBe(true);
  // One result per issue, never blank.
  const results = content.results ?? [];
  expect(new Set(results.map((result) => result.issueId)).size).toBe(results.length);
  for (const result of results) expect(result.estimate.trim()).not.toBe('');
  // A custom scale always has a deck a vote can be cast with.
  if (content.scale === 'custom') expect((content.customDeck ?? []).length).toBeGreaterThan(1);
  expect(content.timer?.elapsedMs ?? 0).toBeGreaterThanOrEqual(0);
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
