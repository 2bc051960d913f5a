import { TOOL_NAMES } from '@cipherspace/tools/metadata';
import { describe, expect, it } from 'vitest';

import { formatDate } from '../lib/date-format.ts';
import { formatExpiry } from '../tools/bulletin/StickyNote.tsx';
import { formatDateTime } from '../tools/ticket/ticket-view.ts';
import { FIRST_SCREEN_DATE_STYLE } from './first-screen.ts';

describe('the date formatter a first screen gets ahead (issue 15, first render)', () => {
  const at = '2025-03-05T14:07:00.000Z';

  it('is the style Issue Management and the Pinboard write their dates in', () => {
    for (const language of ['en', 'de']) {
      const ticket = FIRST_SCREEN_DATE_STYLE['ticket-system'];
      const bulletin = FIRST_SCREEN_DATE_STYLE.bulletin;
      if (!ticket || !bulletin) throw new Error('both tools show dates');
      expect(formatDate(at, language, ticket)).toBe(
        formatDateTime(at, language === 'de' ? 'de' : 'en'),
      );
      expect(formatDate(at, language, bulletin)).toBe(formatExpiry(at, language));
    }
  });

  it('is none for the tools whose first screen shows no date', () => {
    const withDates = Object.keys(FIRST_SCREEN_DATE_STYLE).sort();
    expect(withDates).toEqual(['bulletin', 'ticket-system']);
    expect(TOOL_NAMES.filter((tool) => !withDates.includes(tool))).toContain('kanban');
  });
});
