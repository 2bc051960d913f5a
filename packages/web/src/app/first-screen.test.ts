import { afterEach, describe, expect, it, vi } from 'vitest';

import { formatExpiry } from '../tools/bulletin/StickyNote.tsx';
import { formatCardDate } from '../tools/kanban/kanban-board.ts';
import { formatDateTime } from '../lib/date-format.ts';

describe("the dates a tool's first screen shows (first render)", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('cost no Intl formatter on the Kanban board, Issue Management and the Pinboard', () => {
    // A page's first Intl object loads ICU's data (lib/date-format.ts): 36–47 ms of a first
    // render on a 2-core machine.
    const created = vi.spyOn(Intl, 'DateTimeFormat');
    const at = '2025-03-05T14:07:00.000Z';
    for (const language of ['en', 'de'] as const) {
      expect(formatCardDate(at, language)).toMatch(/2025/);
      expect(formatDateTime(at, language)).toMatch(/2025, \d{1,2}:07/);
      expect(formatExpiry(at, language)).toMatch(/2025, \d{1,2}:07/);
    }
    expect(created).not.toHaveBeenCalled();
  });
});
