import { describe, expect, it } from 'vitest';

import {
  computeConsensus,
  computePokerStatistics,
  consensusLevel,
  mostFrequentVotes,
  summarizeMode,
  voteToNumber,
} from './statistics.ts';
import type { Estimation } from './types.ts';

function votes(...values: string[]): Estimation[] {
  return values.map((value, i) => ({
    userId: `u${i}`,
    username: `U${i}`,
    value,
    timestamp: '2024-01-01T00:00:00.000Z',
  }));
}

describe('voteToNumber (spec §3 T-shirt equivalents)', () => {
  it.each([
    ['0', 0],
    ['5', 5],
    ['89', 89],
    [' 13 ', 13],
    ['0.5', 0.5],
    ['XS', 1],
    ['S', 3],
    ['m', 5],
    ['L', 8],
    ['XL', 13],
  ])('%j counts as %d', (value, expected) => {
    expect(voteToNumber(value)).toBe(expected);
  });

  it.each(['tea-cup', 'question', '', '  ', '?', '1e2', 'XXL'])('%j counts as nothing', (value) => {
    expect(voteToNumber(value)).toBeNull();
  });
});

describe('computePokerStatistics (spec §3 Statistics, §5)', () => {
  it('is empty for no votes', () => {
    expect(computePokerStatistics([])).toEqual({
      average: null,
      median: null,
      mode: null,
      count: 0,
      validCount: 0,
    });
  });

  it('ignores specials and empty votes except in count', () => {
    expect(computePokerStatistics(votes('tea-cup', 'question', ''))).toEqual({
      average: null,
      median: null,
      mode: null,
      count: 3,
      validCount: 0,
    });
    expect(computePokerStatistics(votes('5', 'tea-cup', '', '8', 'question'))).toEqual({
      average: 6.5,
      median: 6.5,
      mode: ['5', '8'],
      count: 5,
      validCount: 2,
    });
  });

  it('rounds the average to 2 decimals', () => {
    expect(computePokerStatistics(votes('1', '2', '2')).average).toBe(1.67);
    expect(computePokerStatistics(votes('1', '1', '2')).average).toBe(1.33);
  });

  it('takes the middle vote for an odd count, the mean of the middle two for an even one', () => {
    expect(computePokerStatistics(votes('13', '1', '3')).median).toBe(3);
    expect(computePokerStatistics(votes('13', '1', '3', '5')).median).toBe(4);
  });

  it('lists one mode, or every tied value ascending', () => {
    expect(computePokerStatistics(votes('5', '3', '5')).mode).toEqual(['5']);
    expect(computePokerStatistics(votes('8', '3', '8', '3', '1')).mode).toEqual(['3', '8']);
    expect(computePokerStatistics(votes('13', '2', '1')).mode).toEqual(['1', '2', '13']);
  });

  it('computes T-shirt statistics with XS=1, S=3, M=5, L=8, XL=13', () => {
    expect(computePokerStatistics(votes('XS', 'M', 'M', 'XL'))).toEqual({
      average: 6,
      median: 5,
      mode: ['M'],
      count: 4,
      validCount: 4,
    });
    expect(computePokerStatistics(votes('s', 'S')).mode).toEqual(['S']);
  });
});

describe('consensusLevel (spec §9: High ≥ 80, Medium ≥ 60, else Low)', () => {
  it.each([
    [100, 'High'],
    [80, 'High'],
    [79.99, 'Medium'],
    [60, 'Medium'],
    [59.99, 'Low'],
    [0, 'Low'],
  ])('%f percent is %s', (percent, level) => {
    expect(consensusLevel(percent)).toBe(level);
  });
});

describe('computeConsensus (spec §9)', () => {
  it('is null without numeric votes', () => {
    expect(computeConsensus([])).toBeNull();
    expect(computeConsensus(votes('question', 'tea-cup', ''))).toBeNull();
  });

  it('is 100 when all numeric votes are equal, ignoring specials', () => {
    expect(computeConsensus(votes('8', '8', 'question', ''))).toEqual({
      percent: 100,
      level: 'High',
    });
    expect(computeConsensus(votes('21'))).toEqual({ percent: 100, level: 'High' });
  });

  it('is the share of votes within 1 of the median', () => {
    // Median 3: 2, 3, 3, 3 within 1; 13 not → 80 % → High.
    expect(computeConsensus(votes('2', '3', '3', '3', '13'))).toEqual({
      percent: 80,
      level: 'High',
    });
    // Median 3: 2, 3, 3 within 1; 8, 13 not → 60 % → Medium.
    expect(computeConsensus(votes('2', '3', '3', '8', '13'))).toEqual({
      percent: 60,
      level: 'Medium',
    });
    // Median 5: 5, 5 within; 1, 13 not → 50 % → Low.
    expect(computeConsensus(votes('1', '5', '5', '13'))).toEqual({ percent: 50, level: 'Low' });
  });

  it('uses a non-integer median of an even count', () => {
    // Median 4: 3 and 5 are within 1 → 100 % although not equal.
    expect(computeConsensus(votes('3', '5'))).toEqual({ percent: 100, level: 'High' });
    // Median 6.5: 5 and 8 are 1.5 away → 0 %.
    expect(computeConsensus(votes('5', '8'))).toEqual({ percent: 0, level: 'Low' });
  });

  it('uses T-shirt equivalents', () => {
    expect(computeConsensus(votes('M', 'M', 'M', 'XL'))).toEqual({ percent: 75, level: 'Medium' });
  });
});

describe('mostFrequentVotes (spec §2 Suggested Values: most frequent vote)', () => {
  it('is empty without votes or with empty votes only', () => {
    expect(mostFrequentVotes([])).toEqual([]);
    expect(mostFrequentVotes(votes('', '  '))).toEqual([]);
  });

  it('names the single most frequent value, canonical', () => {
    expect(mostFrequentVotes(votes('5', '05', '8'))).toEqual(['5']);
    expect(mostFrequentVotes(votes('m', 'M', 'L'))).toEqual(['M']);
  });

  it('includes specials, which the statistics mode ignores', () => {
    const round = votes('question', 'question', '5');
    expect(mostFrequentVotes(round)).toEqual(['question']);
    expect(computePokerStatistics(round).mode).toEqual(['5']);
  });

  it('lists ties by their number, specials last', () => {
    expect(mostFrequentVotes(votes('tea-cup', '8', '3', 'L', 'XS'))).toEqual([
      'XS',
      '3',
      '8',
      'L',
      'tea-cup',
    ]);
  });
});

describe('summarizeMode (spec §2: most frequent or N tied)', () => {
  it('tells none, a single value and a tie apart', () => {
    expect(summarizeMode(null)).toEqual({ kind: 'none' });
    expect(summarizeMode([])).toEqual({ kind: 'none' });
    expect(summarizeMode(['5'])).toEqual({ kind: 'single', value: '5' });
    expect(summarizeMode(computePokerStatistics(votes('3', '5', '8', '8', '3')).mode)).toEqual({
      kind: 'tied',
      count: 2,
    });
  });
});
