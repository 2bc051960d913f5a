import { describe, expect, it } from 'vitest';

import { formatCreatedDate } from './space-info.ts';

describe('formatCreatedDate', () => {
  const iso = '2025-03-05T14:07:00.000Z';

  it('writes the date in the current language', () => {
    const expectedEn = new Intl.DateTimeFormat('en', {
      dateStyle: 'long',
      timeStyle: 'short',
    }).format(new Date(iso));
    const expectedDe = new Intl.DateTimeFormat('de', {
      dateStyle: 'long',
      timeStyle: 'short',
    }).format(new Date(iso));
    expect(formatCreatedDate(iso, 'en')).toBe(expectedEn);
    expect(formatCreatedDate(iso, 'en')).toContain('March');
    expect(formatCreatedDate(iso, 'de')).toBe(expectedDe);
    expect(formatCreatedDate(iso, 'de')).toContain('März');
  });

  it('accepts a Date as well as an ISO string', () => {
    expect(formatCreatedDate(new Date(iso), 'en')).toBe(formatCreatedDate(iso, 'en'));
  });

  it('returns unparsable input unchanged', () => {
    expect(formatCreatedDate('not a date', 'de')).toBe('not a date');
  });
});
