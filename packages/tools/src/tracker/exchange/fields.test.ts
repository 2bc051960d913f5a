/** Reading other tools' dates and estimates (./fields.ts). */
import { describe, expect, it } from 'vitest';

import { importEstimation, parseExportDate, parseExportDay } from './fields.ts';

describe('parseExportDate', () => {
  it.each([
    ['12/Mar/24 10:15 AM', '2024-03-12T10:15:00.000Z'],
    ['12/Mar/24 10:15 PM', '2024-03-12T22:15:00.000Z'],
    ['12/mar/24 12:05 AM', '2024-03-12T00:05:00.000Z'],
    ['12/Mar/24 12:05 PM', '2024-03-12T12:05:00.000Z'],
    ['1/Dec/2023 17:30', '2023-12-01T17:30:00.000Z'],
    ['31/Mar/2024', '2024-03-31T00:00:00.000Z'],
    ['2024-03-12', '2024-03-12T00:00:00.000Z'],
    ['2024-03-12T10:15:00Z', '2024-03-12T10:15:00.000Z'],
    ['2024-03-12T10:15:00.000+0100', '2024-03-12T09:15:00.000Z'],
    ['2024-03-12T10:15:00+01:00', '2024-03-12T09:15:00.000Z'],
    ['2024-03-12 10:15', '2024-03-12T10:15:00.000Z'],
  ])('reads %s', (text, iso) => {
    expect(parseExportDate(text)).toBe(iso);
  });

  it.each([
    '',
    '   ',
    'not a date',
    '31/Feb/24',
    '12/Foo/24',
    '13:00',
    '2024-02-30',
    '12/Mar/24 13:00 PM',
  ])('refuses %j', (text) => {
    expect(parseExportDate(text)).toBeNull();
  });

  it('gives the UTC calendar day of a timestamp', () => {
    expect(parseExportDay('2024-04-15T23:30:00.000Z')).toBe('2024-04-15');
    expect(parseExportDay('20/Mar/24 12:00 AM')).toBe('2024-03-20');
    expect(parseExportDay(null)).toBeNull();
  });
});

describe('importEstimation', () => {
  it.each([
    ['3', '3'],
    [' 5 ', '5'],
    ['2.0', '2'],
    [8, '8'],
    ['XL', 'XL'],
    ['', ''],
    [null, ''],
    ['0.5', '0.5'],
  ])('keeps %j as %j', (value, text) => {
    expect(importEstimation(value)).toBe(text);
  });

  it.each(['13.5', '1000', '-1', 'large'])('refuses %j', (value) => {
    expect(importEstimation(value)).toBeNull();
  });
});
