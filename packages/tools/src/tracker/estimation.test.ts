import { describe, expect, it } from 'vitest';

import {
  ESTIMATION_HINTS,
  TSHIRT_ESTIMATION_POINTS,
  estimationToNumber,
  isPointsEstimation,
} from './estimation.ts';

describe('estimationToNumber (spec §5 Estimation to number)', () => {
  it.each([
    ['XS', 1],
    ['S', 2],
    ['M', 3],
    ['L', 5],
    ['XL', 8],
  ])('maps %s to %s, case-insensitive and trimmed', (size, points) => {
    expect(estimationToNumber(size)).toBe(points);
    expect(estimationToNumber(size.toLowerCase())).toBe(points);
    expect(estimationToNumber(` ${size} `)).toBe(points);
    expect(TSHIRT_ESTIMATION_POINTS[size as keyof typeof TSHIRT_ESTIMATION_POINTS]).toBe(points);
  });

  it('maps mixed case sizes', () => {
    expect(estimationToNumber('xS')).toBe(1);
    expect(estimationToNumber('Xl')).toBe(8);
  });

  it.each([
    ['0', 0],
    ['1', 1],
    ['3', 3],
    ['13', 13],
    ['100', 100],
    ['0.5', 0.5],
    ['.5', 0.5],
    ['2.', 2],
    ['-1', -1],
    [' 8 ', 8],
  ])('takes the number %s as is', (text, points) => {
    expect(estimationToNumber(text)).toBe(points);
  });

  it.each([
    '',
    '   ',
    '?',
    'XXL',
    'XM',
    'abc',
    '1e2',
    '0x1',
    '3pt',
    '1,5',
    '-',
    '.',
    'NaN',
    'Infinity',
  ])('gives null for %j', (text) => {
    expect(estimationToNumber(text)).toBeNull();
  });
});

describe('ESTIMATION_HINTS (spec §3)', () => {
  it('suggests 1, 3, 5, XS, S, M, L, XL — every one convertible', () => {
    expect(ESTIMATION_HINTS).toEqual(['1', '3', '5', 'XS', 'S', 'M', 'L', 'XL']);
    for (const hint of ESTIMATION_HINTS) expect(estimationToNumber(hint)).not.toBeNull();
  });
});

describe('isPointsEstimation (shown with "pts"; sizes and other text as written)', () => {
  it.each(['5', ' 13 ', '0.5', '0'])('%j is points', (text) => {
    expect(isPointsEstimation(text)).toBe(true);
  });
  it.each(['M', 'xl', '?', '', '3pt', '1e2'])('%j is not', (text) => {
    expect(isPointsEstimation(text)).toBe(false);
  });
});
