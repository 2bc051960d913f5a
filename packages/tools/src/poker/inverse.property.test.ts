/**
 * Undo and restore in Scrum Poker (../tool.ts inverse, patchBetween): every accepted
 * poker operation's inverse gives the round before it back exactly, over the wire; undoing the
 * selected issue still works after someone voted. Estimations are keyed by `userId`, not `id`,
 * so the list is one value: undoing one's vote after another vote conflicts.
 */
import { describe, expect, it } from 'vitest';

import { PatchConflictError, type PatchOperation } from '../patch.ts';
import { expectInverseRestores, expectRandomInverses, overTheWire } from '../patch-testing.ts';
import { tools } from '../registry.ts';
import { deepFreeze, stampOf, testContext, thrownBy } from '../testing.ts';
import { operationOn } from './arbitraries.ts';
import { defaultPokerContent } from './defaults.ts';
import { submitVote, type PokerOperation } from './operations.ts';
import { PokerError, type PokerContent } from './types.ts';

const tool = tools.poker;

function applied(content: PokerContent, op: PokerOperation | PatchOperation, step: number) {
  return tool.apply(content, overTheWire(tool, op, stampOf(step)));
}

/** A round where ann voted 3 and bob voted 8 (hidden). */
function voted(): PokerContent {
  const ctx = testContext('fixed');
  let content = defaultPokerContent(ctx);
  content = submitVote(content, { userId: 'ann', username: 'Ann', value: '3' }, ctx);
  content = submitVote(content, { userId: 'bob', username: 'Bob', value: '8' }, ctx);
  return deepFreeze(content);
}

describe('the inverse of each operation', () => {
  const revealed = deepFreeze({ ...voted(), isRevealed: true });
  const running = deepFreeze({
    ...voted(),
    timer: { startedAt: '2024-03-01T11:59:00.000Z', elapsedMs: 5000 },
  });
  const cases: [PokerOperation, PokerContent][] = [
    [{ type: 'submitVote', userId: 'cara', username: ' Cara ', value: '13' }, voted()],
    [{ type: 'submitVote', userId: 'ann', username: 'Ann', value: '5' }, voted()],
    [{ type: 'clearVote', userId: 'ann' }, voted()],
    [{ type: 'reveal' }, voted()],
    [{ type: 'hide' }, revealed],
    [{ type: 'reset' }, revealed],
    [{ type: 'changeScale', scale: 'tshirt' }, revealed],
    [{ type: 'selectIssue', issueId: 'ISSUE-1' }, voted()],
    [{ type: 'setTopic', topic: ' Login page ' }, voted()],
    [{ type: 'setAutoReveal', enabled: true }, voted()],
    [{ type: 'setSpectator', userId: 'ann', spectator: true }, voted()],
    [{ type: 'setCustomDeck', values: ['1', '2', '4', 'XXL'] }, voted()],
    [{ type: 'startTimer' }, voted()],
    [{ type: 'pauseTimer' }, running],
    [{ type: 'resetTimer' }, running],
    [{ type: 'recordResult', issueId: 'ISSUE-1', title: ' Login ', estimate: '5' }, voted()],
    [
      { type: 'setTopic', topic: 'Sign-up form' },
      { ...voted(), topic: 'Login page' },
    ],
    [
      { type: 'setTopic', topic: '' },
      { ...voted(), topic: 'Login page' },
    ],
  ];

  it.each(cases)('%j is undone exactly, over the wire', (op, content) => {
    expect(expectInverseRestores(tool, content, op, stampOf(50), PokerError)).not.toEqual(content);
  });
});

describe('undo after someone else changed the round', () => {
  const content = voted();
  const cara = { type: 'submitVote', userId: 'cara', username: 'Cara', value: '2' } as const;

  it('undoes selecting an issue when nobody voted on it since: the earlier round is back', () => {
    const selected = applied(content, { type: 'selectIssue', issueId: 'ISSUE-1' }, 50);
    const undone = applied(selected, tool.inverse(content, selected), 52);
    expect(undone).toStrictEqual(content);
  });

  it('conflicts when undoing a selection after someone voted on the new issue (its own round)', () => {
    const selected = applied(content, { type: 'selectIssue', issueId: 'ISSUE-1' }, 50);
    const error = thrownBy(() =>
      tool.apply(
        applied(selected, cara, 51),
        overTheWire(tool, tool.inverse(content, selected), stampOf(52)),
      ),
    );
    expect(error).toBeInstanceOf(PatchConflictError);
  });

  it('conflicts when undoing a vote after someone else voted (one list of estimations)', () => {
    const mine = applied(
      content,
      { type: 'submitVote', userId: 'ann', username: 'Ann', value: '5' },
      50,
    );
    const theirs = applied(mine, cara, 51);
    const error = thrownBy(() =>
      tool.apply(theirs, overTheWire(tool, tool.inverse(content, mine), stampOf(52))),
    );
    expect(error).toBeInstanceOf(PatchConflictError);
    expect(error).toMatchObject({ code: 'CHANGED', path: ['estimations'] });
  });
});

describe('inverses (property)', () => {
  it('every accepted operation along random sequences is undone exactly, over the wire', () => {
    expectRandomInverses(tool, {
      start: () => tool.defaultContent(testContext('fixed')),
      operationOn,
      refusal: PokerError,
      numRuns: 150,
    });
  }, 60_000);
});
