/**
 * The History panel lists a version this browser cannot open as such — "Version N by
 * X could not be opened" in its place among the others — instead of failing as a whole, and
 * still previews and restores the versions that open.
 */
import type { Timeline } from '@cipherspace/sync';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { ToolHistory, type HistoryTool } from './ToolHistory.tsx';

interface Board {
  title: string;
}

const at = (hour: number) => `2025-03-05T${String(hour).padStart(2, '0')}:00:00.000Z`;

describe('HistoryPanel', () => {
  it('lists an unreadable version with who saved it and keeps the others usable', async () => {
    const timeline: Timeline<Board> = {
      versions: [3, 1].map((version) => ({
        version,
        kind: 'replacement' as const,
        modifiedBy: 'alice',
        modifiedAt: at(version + 8),
        sizeBytes: 100,
        activity: [],
        content: { title: `Board ${String(version)}` },
      })),
      unreadable: [
        {
          version: 2,
          kind: 'replacement',
          modifiedBy: 'mallory',
          modifiedAt: at(10),
          sizeBytes: 9,
        },
      ],
      currentVersion: 3,
      olderBefore: null,
    };
    const restore = vi.fn(() =>
      Promise.resolve({ status: 'saved' as const, content: { title: '' } }),
    );
    const tool: HistoryTool<Board> = {
      state: { status: 'loaded', version: 3, canUndo: false, canRedo: false, saving: false },
      undo: vi.fn(),
      redo: vi.fn(),
      restore,
      loadHistory: () => Promise.resolve(timeline),
    };
    render(
      <ToolHistory tool={tool} show={vi.fn()} renderPreview={(board) => <p>{board.title}</p>} />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'History' }));

    const list = await screen.findByRole('navigation', { name: 'Versions' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Version 3'),
      expect.stringContaining('Version 2 by mallory could not be opened'),
      expect.stringContaining('Version 1'),
    ]);
    // The unreadable one is not a version to pick; the others still preview and restore.
    expect(within(items[1] as HTMLElement).queryByRole('button')).toBeNull();
    await user.click(within(items[2] as HTMLElement).getByRole('button'));
    expect(screen.getByText('Board 1')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Restore this version' }));
    expect(restore).toHaveBeenCalledWith({ title: 'Board 1' });
  });
});
