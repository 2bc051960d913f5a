import { describe, expect, it } from 'vitest';

import { type ActivityActor } from '../activity-log.ts';
import { deepFreeze, testContext } from '../testing.ts';
import { pokerActivityEntry } from './activity.ts';
import { defaultPokerContent } from './defaults.ts';
import {
  applyPokerOperation,
  pokerOperations,
  submitVote,
  type PokerOperation,
} from './operations.ts';
import type { PokerContent } from './types.ts';

const actor: ActivityActor = {
  userId: 'ann',
  userDisplayName: 'Ann',
  now: () => '2024-03-01T10:00:00.000Z',
  newId: () => 'log-1',
};

const VOTED_AT = '2024-01-01T00:00:00.000Z';
const NOW = '2024-02-01T00:00:00.000Z';

// Content id-1; ben voted 5, cy voted 8; not revealed; an issue is selected.
function setup(changes: Partial<PokerContent> = {}): PokerContent {
  const ctx = testContext('fixed');
  let content = defaultPokerContent(ctx);
  content = submitVote(content, { userId: 'ben', username: 'Ben', value: '5' }, ctx);
  content = submitVote(content, { userId: 'cy', username: 'Cy', value: '8' }, ctx);
  return deepFreeze({ ...content, selectedIssueId: 'issue-1', ...changes });
}

function entryFor(operation: PokerOperation, content = setup()) {
  const after = applyPokerOperation(content, operation, { now: () => NOW, newId: () => 'x' });
  return pokerActivityEntry(operation, actor, content, after);
}

const OPERATIONS: Readonly<Record<PokerOperation['type'], PokerOperation>> = {
  submitVote: { type: 'submitVote', userId: 'ann', username: 'Ann', value: '3' },
  clearVote: { type: 'clearVote', userId: 'ben' },
  reveal: { type: 'reveal' },
  hide: { type: 'hide' },
  reset: { type: 'reset' },
  changeScale: { type: 'changeScale', scale: 'tshirt' },
  selectIssue: { type: 'selectIssue', issueId: 'issue-2' },
  setTopic: { type: 'setTopic', topic: ' Login page ' },
  setAutoReveal: { type: 'setAutoReveal', enabled: true },
  setSpectator: { type: 'setSpectator', userId: 'dan', spectator: true },
  setCustomDeck: { type: 'setCustomDeck', values: ['1', '2', '4'] },
  startTimer: { type: 'startTimer' },
  pauseTimer: { type: 'pauseTimer' },
  resetTimer: { type: 'resetTimer' },
  recordResult: { type: 'recordResult', issueId: 'issue-1', title: 'Login', estimate: '5' },
};

describe('pokerActivityEntry (spec §3 Activity log entry)', () => {
  it('gives an entry for every poker operation', () => {
    expect(Object.keys(OPERATIONS).sort()).toEqual([...pokerOperations.names].sort());
    const revealed = setup({ isRevealed: true });
    for (const operation of Object.values(OPERATIONS)) {
      const content =
        operation.type === 'hide'
          ? revealed
          : operation.type === 'pauseTimer' || operation.type === 'resetTimer'
            ? setup({ timer: { startedAt: '2024-01-01T00:00:00.000Z', elapsedMs: 0 } })
            : setup();
      expect(entryFor(operation, content)).toMatchObject({ action: operation.type });
    }
  });

  it('submitVote: a first vote, then a changed one', () => {
    expect(entryFor(OPERATIONS.submitVote)).toEqual({
      id: 'log-1',
      tool: 'poker',
      timestamp: '2024-03-01T10:00:00.000Z',
      userId: 'ann',
      userDisplayName: 'Ann',
      action: 'submitVote',
      entityType: 'estimation',
      entityId: 'ann',
      details: 'Submitted an estimation for "Ann"',
      oldValue: null,
      newValue: { userId: 'ann', username: 'Ann', value: '3', timestamp: NOW },
      params: { username: 'Ann' },
    });
    expect(
      entryFor({ type: 'submitVote', userId: 'ben', username: 'Ben', value: '13' }),
    ).toMatchObject({
      entityId: 'ben',
      details: 'Changed the estimation of "Ben"',
      oldValue: { userId: 'ben', value: '5', timestamp: VOTED_AT },
      newValue: { userId: 'ben', value: '13', timestamp: NOW },
      params: { username: 'Ben' },
      variant: 'changed',
    });
  });

  it('submitVote: a first vote has no variant, a changed one the variant changed', () => {
    expect(entryFor(OPERATIONS.submitVote)).not.toHaveProperty('variant');
    expect(
      entryFor({ type: 'submitVote', userId: 'ben', username: 'Ben', value: '13' })?.variant,
    ).toBe('changed');
  });

  it('clearVote: the withdrawn vote', () => {
    expect(entryFor(OPERATIONS.clearVote)).toMatchObject({
      entityType: 'estimation',
      entityId: 'ben',
      details: 'Withdrew the estimation of "Ben"',
      oldValue: { userId: 'ben', username: 'Ben', value: '5' },
      newValue: null,
      params: { username: 'Ben' },
    });
    expect(entryFor(OPERATIONS.clearVote)).not.toHaveProperty('variant');
  });

  it('reveal and hide: the visibility and the number of estimations', () => {
    expect(entryFor(OPERATIONS.reveal)).toMatchObject({
      entityType: 'estimation',
      entityId: 'id-1',
      details: 'Revealed 2 estimations',
      oldValue: { isRevealed: false },
      newValue: { isRevealed: true },
      params: { count: 2 },
    });
    expect(entryFor(OPERATIONS.hide, setup({ isRevealed: true }))).toMatchObject({
      entityType: 'estimation',
      entityId: 'id-1',
      details: 'Hid 2 estimations',
      oldValue: { isRevealed: true },
      newValue: { isRevealed: false },
      params: { count: 2 },
    });
    expect(entryFor(OPERATIONS.reveal)).not.toHaveProperty('variant');
    expect(entryFor(OPERATIONS.hide, setup({ isRevealed: true }))).not.toHaveProperty('variant');
  });

  it('reset: the estimations it cleared', () => {
    expect(entryFor(OPERATIONS.reset, setup({ isRevealed: true }))).toMatchObject({
      entityType: 'estimation',
      entityId: 'id-1',
      details: 'Reset 2 estimations',
      oldValue: {
        estimations: [
          { userId: 'ben', value: '5' },
          { userId: 'cy', value: '8' },
        ],
        isRevealed: true,
      },
      newValue: { estimations: [], isRevealed: false },
      params: { count: 2 },
    });
    expect(entryFor(OPERATIONS.reset)).not.toHaveProperty('variant');
  });

  it('changeScale: the old and new scale and the estimations it cleared', () => {
    expect(entryFor(OPERATIONS.changeScale)).toMatchObject({
      entityType: 'scale',
      entityId: 'id-1',
      details: 'Changed the scale from "fibonacci" to "tshirt", clearing 2 estimations',
      oldValue: { scale: 'fibonacci', estimationCount: 2 },
      newValue: { scale: 'tshirt', estimationCount: 0 },
      params: { scale: 'tshirt', oldScale: 'fibonacci', count: 2 },
      variant: 'tshirt',
    });
    expect(
      entryFor({ type: 'changeScale', scale: 'fibonacci' }, setup({ scale: 'tshirt' })),
    ).toMatchObject({
      oldValue: { scale: 'tshirt', estimationCount: 2 },
      newValue: { scale: 'fibonacci', estimationCount: 0 },
      params: { scale: 'fibonacci', oldScale: 'tshirt', count: 2 },
      variant: 'fibonacci',
    });
  });

  it('selectIssue: the selected issue, or the one whose selection was cleared', () => {
    expect(entryFor(OPERATIONS.selectIssue)).toMatchObject({
      entityType: 'issue',
      entityId: 'issue-2',
      details: 'Selected issue "issue-2" for estimation',
      oldValue: 'issue-1',
      newValue: 'issue-2',
      params: { issueId: 'issue-2' },
    });
    expect(entryFor(OPERATIONS.selectIssue)).not.toHaveProperty('variant');
    expect(entryFor({ type: 'selectIssue', issueId: null })).toMatchObject({
      entityId: 'issue-1',
      details: 'Cleared the issue selection',
      oldValue: 'issue-1',
      newValue: null,
      params: { issueId: 'issue-1' },
      variant: 'cleared',
    });
  });

  it('setTopic: the topic set, or the one cleared', () => {
    expect(entryFor(OPERATIONS.setTopic)).toMatchObject({
      action: 'setTopic',
      entityType: 'topic',
      entityId: 'id-1',
      details: 'Set the topic to "Login page"',
      oldValue: null,
      newValue: 'Login page',
      params: { topic: 'Login page' },
    });
    expect(entryFor(OPERATIONS.setTopic)).not.toHaveProperty('variant');
    expect(
      entryFor({ type: 'setTopic', topic: ' ' }, setup({ topic: 'Login page' })),
    ).toMatchObject({
      details: 'Cleared the topic',
      oldValue: 'Login page',
      newValue: null,
      params: { topic: '' },
      variant: 'cleared',
    });
  });

  it('gives null when the operation changed nothing', () => {
    expect(entryFor({ type: 'setTopic', topic: 'Same ' }, setup({ topic: 'Same' }))).toBeNull();
    expect(entryFor(OPERATIONS.hide)).toBeNull();
    expect(entryFor(OPERATIONS.reveal, setup({ isRevealed: true }))).toBeNull();
    expect(entryFor({ type: 'clearVote', userId: 'nobody' })).toBeNull();
    expect(entryFor({ type: 'changeScale', scale: 'fibonacci' })).toBeNull();
    expect(entryFor({ type: 'selectIssue', issueId: 'issue-1' })).toBeNull();
    expect(entryFor(OPERATIONS.reset, setup({ estimations: [] }))).toBeNull();
  });
});
