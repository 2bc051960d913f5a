import { describe, expect, it } from 'vitest';

import { defaultPokerContent } from './defaults.ts';
import {
  FINAL_ESTIMATION_OPTIONS,
  backlogEstimation,
  closestFibonacci,
  forwardFinalEstimation,
  takeOverEstimation,
} from './estimation.ts';
import { PokerError } from './types.ts';

const ctx = { newId: () => 'id', now: () => '2024-01-01T00:00:00.000Z' };

describe('takeOverEstimation (spec §5 taking over an issue estimation)', () => {
  it.each(['0', '1', '2', '3', '5', '8', '13', '21', '34', '55', '89'])(
    'uses the Fibonacci integer %s as is',
    (value) => {
      expect(takeOverEstimation(value)).toBe(value);
    },
  );

  it.each([
    ['4', '3'],
    ['6', '5'],
    ['7', '8'],
    ['10', '8'],
    ['11', '13'],
    ['17', '13'],
    ['18', '21'],
    ['100', '89'],
    ['-2', '0'],
    [' 12 ', '13'],
  ])('maps the other integer %j to the closest Fibonacci value %s', (value, expected) => {
    expect(takeOverEstimation(value)).toBe(expected);
  });

  it.each([
    ['XS', 'XS'],
    ['s', 'S'],
    ['m', 'M'],
    [' L ', 'L'],
    ['xl', 'XL'],
  ])('maps the size %j to %s', (value, expected) => {
    expect(takeOverEstimation(value)).toBe(expected);
  });

  it.each(['', '  ', '2.5', '?', 'big', 'XXL', '1e2'])('turns %j into question', (value) => {
    expect(takeOverEstimation(value)).toBe('question');
  });

  it('breaks ties towards the lower value', () => {
    expect(closestFibonacci(4)).toBe(3);
    expect(closestFibonacci(72)).toBe(55);
  });
});

describe('backlogEstimation (spec §4 forwarding)', () => {
  it('saves numbers as text and sizes as they are', () => {
    expect(backlogEstimation('5')).toBe('5');
    expect(backlogEstimation('21')).toBe('21');
    expect(backlogEstimation('0')).toBe('0');
    expect(backlogEstimation('XL')).toBe('XL');
    expect(backlogEstimation('m')).toBe('M');
  });

  it('skips specials and empty values', () => {
    expect(backlogEstimation('tea-cup')).toBeNull();
    expect(backlogEstimation('question')).toBeNull();
    expect(backlogEstimation('')).toBeNull();
  });
});

describe('forwardFinalEstimation (spec §4: needs a selected issue)', () => {
  it('gives the selected issue and the estimation text', () => {
    const content = { ...defaultPokerContent(ctx), selectedIssueId: 'issue-7' };
    expect(forwardFinalEstimation(content, '8')).toEqual({ issueId: 'issue-7', estimation: '8' });
    expect(forwardFinalEstimation(content, 'S')).toEqual({ issueId: 'issue-7', estimation: 'S' });
  });

  it('is null (forwarding refused) for specials', () => {
    const content = { ...defaultPokerContent(ctx), selectedIssueId: 'issue-7' };
    expect(forwardFinalEstimation(content, 'question')).toBeNull();
    expect(forwardFinalEstimation(content, 'tea-cup')).toBeNull();
  });

  it("throws 'No issue selected' and 'No data loaded'", () => {
    expect(() => forwardFinalEstimation(defaultPokerContent(ctx), '5')).toThrow(
      expect.objectContaining({ code: 'NO_ISSUE_SELECTED', message: 'No issue selected' }),
    );
    expect(() => forwardFinalEstimation(null, '5')).toThrow(PokerError);
  });
});

describe('FINAL_ESTIMATION_OPTIONS (spec §2, §9)', () => {
  it('offers 1,2,3,5,8,13,21,XS,S,M,L,XL, all forwardable', () => {
    expect(FINAL_ESTIMATION_OPTIONS).toEqual([
      '1',
      '2',
      '3',
      '5',
      '8',
      '13',
      '21',
      'XS',
      'S',
      'M',
      'L',
      'XL',
    ]);
    for (const option of FINAL_ESTIMATION_OPTIONS) expect(backlogEstimation(option)).toBe(option);
  });
});
