import { TOOL_NAMES } from '@cipherspace/tools/metadata';
import { describe, expect, it } from 'vitest';

import { formatDate } from '../lib/date-format.ts';
import { formatExpiry } from '../tools/bulletin/StickyNote.tsx';
import { formatCardDate } from '../tools/kanban/kanban-board.ts';
import { formatDateTime } from '../tools/ticket/ticket-view.ts';
import { FIRST_SCREEN_DATE_STYLE } from './first-screen.ts';

describe('the date formatter a first screen gets ahead (issue 15, first render)', () => {
  const at = '2025-03-05T14:07:00.000Z';

  it('is the style the Kanban board, Issue Management and the Pinboard write their dates in', () => {
    for (const language of ['en', 'de']) {
      const ticket = FIRST_SCREEN_DATE_STYLE['ticket-system'];
      const bulletin = FIRST_SCREEN_DATE_STYLE.bulletin;
      const kanban = FIRST_SCREEN_DATE_STYLE.kanban;
      if (!ticket || !bulletin || !kanban) throw new Error('these tools show dates');
      expect(formatDate(at, language, kanban)).toBe(formatCardDate(at, language));
      expect(formatDate(at, language, ticket)).toBe(
        formatDateTime(at, language === 'de' ? 'de' : 'en'),
      );
      expect(formatDate(at, language, bulletin)).toBe(formatExpiry(at, language));
    }
  });

  it('is none for the tools whose first screen shows no date', () => {
    const withDates = Object.keys(FIRST_SCREEN_DATE_STYLE).sort();
    expect(withDates).toEqual(['bulletin', 'kanban', 'ticket-system']);
    expect(TOOL_NAMES.filter((tool) => !withDates.includes(tool))).toEqual([
      'diagrams',
      'poker',
      'randomizer',
    ]);
  });
});
