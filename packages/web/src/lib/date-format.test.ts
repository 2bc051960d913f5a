import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { formatDate, type DateStyle } from './date-format.ts';

describe('dates in the interface language (spec §5 Language)', () => {
  const march5 = '2025-03-05T12:00:00.000Z';

  it('writes a date as each language does', () => {
    expect(formatDate(march5, 'en', 'date')).toBe('Mar 5, 2025');
    expect(formatDate(march5, 'de', 'date')).toBe('05.03.2025');
  });

  it('adds the local time for date and time', () => {
    const local = new Date(march5);
    const hh = String(local.getHours()).padStart(2, '0');
    const mm = String(local.getMinutes()).padStart(2, '0');
    expect(formatDate(march5, 'de', 'dateTime')).toBe(`05.03.2025, ${hh}:${mm}`);
    expect(formatDate(march5, 'en', 'dateTime')).toMatch(/^Mar 5, 2025, \d{1,2}:\d{2}\s?[AP]M$/);
  });

  it('writes the other styles the screens use, from a string or a Date', () => {
    const local = new Date(march5);
    const hh = String(local.getHours()).padStart(2, '0');
    const mm = String(local.getMinutes()).padStart(2, '0');
    expect(formatDate(march5, 'de', 'time')).toBe(`${hh}:${mm}`);
    expect(formatDate(local, 'de', 'shortDateTime')).toBe(`05.03.25, ${hh}:${mm}`);
    expect(formatDate(local, 'de', 'longDateTime')).toBe(`5. März 2025 um ${hh}:${mm}`);
    expect(formatDate(march5, 'en', 'fullDate')).toBe('Wednesday, March 5, 2025');
    expect(formatDate(march5, 'de', 'fullDate')).toBe('Mittwoch, 5. März 2025');
  });

  it('gives back what is not a date unchanged', () => {
    expect(formatDate(new Date(Number.NaN), 'en', 'date')).toBe('Invalid Date');
    expect(formatDate('soon', 'en', 'date')).toBe('soon');
    expect(formatDate('', 'de', 'dateTime')).toBe('');
  });

  it('writes other languages through Intl', () => {
    expect(formatDate(march5, 'fr', 'date')).toBe('5 mars 2025');
    expect(formatDate('2025-03-06T12:00:00.000Z', 'fr', 'date')).toBe('6 mars 2025');
  });
});

describe("the first screens' styles, written without Intl (first render)", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** What Intl writes; ICU versions differ in the space before AM/PM (U+202F or U+0020). */
  const intl = (date: Date, language: string, style: DateStyle): string =>
    new Intl.DateTimeFormat(
      language,
      style === 'date' ? { dateStyle: 'medium' } : { dateStyle: 'medium', timeStyle: 'short' },
    )
      .format(date)
      .replace(/\u202f/g, ' ');

  it('write what Intl writes, for any time of the years 1–9999, in en and de', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date(1, 0, 1),
          max: new Date(9999, 11, 31, 23, 59),
          noInvalidDate: true,
        }),
        fc.constantFrom('en', 'de'),
        fc.constantFrom<DateStyle>('date', 'dateTime'),
        (date, language, style) => {
          expect(formatDate(date, language, style)).toBe(intl(date, language, style));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('write the hours around midnight and noon as Intl does', () => {
    for (const hour of [0, 1, 11, 12, 13, 23]) {
      const date = new Date(2025, 2, 5, hour, 7);
      for (const language of ['en', 'de'])
        expect(formatDate(date, language, 'dateTime')).toBe(intl(date, language, 'dateTime'));
    }
    expect(formatDate(new Date(2025, 2, 5, 0, 7), 'en', 'dateTime')).toBe('Mar 5, 2025, 12:07 AM');
    expect(formatDate(new Date(2025, 2, 5, 12, 7), 'de', 'dateTime')).toBe('05.03.2025, 12:07');
  });

  it("create no Intl formatter: a page's first one loads ICU's data", () => {
    const created = vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function spied() {
      return { format: () => 'spied' } as unknown as Intl.DateTimeFormat;
    });
    for (const language of ['en', 'de']) {
      formatDate('2031-07-09T08:15:00.000Z', language, 'date');
      formatDate('2031-07-09T08:15:00.000Z', language, 'dateTime');
    }
    expect(created).not.toHaveBeenCalled();
    // The spy sees a style that does need one.
    formatDate('2031-07-09T08:15:00.000Z', 'en-GB', 'date');
    expect(created).toHaveBeenCalledTimes(1);
  });
});
