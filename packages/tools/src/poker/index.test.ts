import { describe, expect, it } from 'vitest';

import { OperationFormatError } from '../tool.ts';
import { tools } from '../registry.ts';
import { PokerError } from './index.ts';

describe("the registry entry tools.poker (spec §3 Tool metadata 'poker')", () => {
  const tool = tools.poker;
  const ctx = { newId: () => 'id', now: () => '2024-01-01T00:00:00.000Z' };
  const stamp = { id: 'op-1', at: '2024-01-02T00:00:00.000Z', by: 'ann' };

  it('names the tool as spec §3 does', () => {
    expect(tool.metadata).toMatchObject({
      name: 'poker',
      displayName: 'Scrum Poker',
      route: '/tools/scrum-poker',
    });
    expect(tool.operations).toEqual([
      'submitVote',
      'clearVote',
      'reveal',
      'hide',
      'reset',
      'changeScale',
      'selectIssue',
      'setTopic',
      'setAutoReveal',
      'setSpectator',
      'setCustomDeck',
      'startTimer',
      'pauseTimer',
      'resetTimer',
      'recordResult',
      'patch',
    ]);
  });

  it('creates, parses, applies a serialised operation, validates and stamps', () => {
    const created = tool.defaultContent(ctx);
    expect(created).toMatchObject({ id: 'id', toolType: 'scrum-poker', estimations: [] });
    const parsed = tool.parse(JSON.parse(JSON.stringify(created)));
    expect(parsed).toEqual(created);

    const operation = tool.createOperation(
      { type: 'submitVote', userId: 'ann', username: 'Ann', value: '5' },
      stamp,
    );
    expect(operation).toEqual({
      v: 1,
      tool: 'poker',
      name: 'submitVote',
      args: { userId: 'ann', username: 'Ann', value: '5' },
      ...stamp,
    });
    const next = tool.apply(parsed, operation);
    expect(next.estimations).toEqual([
      { userId: 'ann', username: 'Ann', value: '5', timestamp: stamp.at },
    ]);
    expect(parsed.estimations).toEqual([]);
    expect(tool.validate(next)).toEqual([]);
    expect(tool.stamp(next, { version: 3, lastModified: 'then' })).toEqual({
      ...next,
      version: 3,
      lastModified: 'then',
    });
  });

  it('refuses content of another shape strictly, with NO_DATA', () => {
    const broken = { ...tool.defaultContent(ctx), isRevealed: 'no' };
    expect(() => tool.parse(broken)).toThrow(PokerError);
    expect(() => tool.parse(broken)).toThrow('No data loaded');
  });

  it('fills defaults when parsing leniently', () => {
    expect(tool.parse({ estimations: [], isRevealed: 'no' }, { lenient: true })).toEqual({
      id: '',
      version: 1,
      lastModified: '',
      createdAt: '',
      toolType: 'scrum-poker',
      selectedIssueId: null,
      estimations: [],
      isRevealed: false,
      scale: 'fibonacci',
      settings: { defaultScale: 'fibonacci', allowChangeAfterReveal: true, showStatistics: true },
    });
  });

  it('refuses an operation of another tool or one it does not have', () => {
    const content = tool.defaultContent(ctx);
    expect(() =>
      tool.apply(content, { v: 1, tool: 'randomizer', name: 'reveal', args: {}, ...stamp }),
    ).toThrow(OperationFormatError);
    expect(() =>
      tool.apply(content, { v: 1, tool: 'poker', name: 'start', args: {}, ...stamp }),
    ).toThrow(OperationFormatError);
  });

  it('throws the rule error of an operation a rule refuses', () => {
    const content = tool.defaultContent(ctx);
    const vote = tool.createOperation(
      { type: 'submitVote', userId: ' ', username: 'Ann', value: '5' },
      stamp,
    );
    expect(() => tool.apply(content, vote)).toThrow('User not authenticated');
  });
});
