import { describe, expect, it } from 'vitest';

import { formatDate, prepareDateFormat } from './date-format.ts';

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

  it('prepares a formatter ahead of time, which formatting then uses', async () => {
    prepareDateFormat('fr', 'date');
    // jsdom has no requestIdleCallback: the fallback runs on the next task.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(formatDate(march5, 'fr', 'date')).toBe('5 mars 2025');
    expect(formatDate('2025-03-06T12:00:00.000Z', 'fr', 'date')).toBe('6 mars 2025');
  });

  it('never throws ahead of time, even for a language the browser does not know', () => {
    expect(() => prepareDateFormat('not a language!', 'date')).not.toThrow();
  });
});
