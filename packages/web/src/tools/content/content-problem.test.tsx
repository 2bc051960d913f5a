/**
 * Stored content that decrypts but is not the tool's: the tool screen names the first failing
 * field in the member's language, logs only its path, and offers History (which works without
 * the current content) next to Retry.
 */
import {
  contentProblemOf,
  INITIAL_CONTENT_STATE,
  UnreadableContentError,
  type ContentState,
  type Timeline,
} from '@cipherspace/sync';
import { CONTENT_PROBLEM_EN, tools } from '@cipherspace/tools';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import de from '../../../messages/de.json' with { type: 'json' };
import en from '../../../messages/en.json' with { type: 'json' };
import { setLocale } from '../../paraglide/runtime.js';
import { renderWithApp } from '../../testing/render.tsx';
import { loadErrorMessage } from './tool-messages.ts';
import { ToolContentState } from './ToolContentState.tsx';
import { ToolHistory, type HistoryTool } from './ToolHistory.tsx';

const SECRET_TITLE = 'Walrus acquisition';

/** A Kanban board a third party saved with `maxIssues: null` in its second column, as it failed. */
function unreadableBoard(): UnreadableContentError {
  const board = JSON.parse(
    JSON.stringify(
      tools.kanban.defaultContent({ now: () => '2026-12-01T10:00:00.000Z', newId: () => 'id' }),
    ),
  ) as { title: string; phases: Record<string, unknown>[] };
  board.title = SECRET_TITLE;
  const column = board.phases[1];
  if (!column) throw new Error('default board changed');
  column.maxIssues = null;
  let thrown: unknown;
  try {
    tools.kanban.parse(board);
  } catch (error) {
    thrown = error;
  }
  return new UnreadableContentError(
    2,
    'mallory',
    contentProblemOf('kanban', thrown, board),
    thrown,
  );
}

afterEach(() => {
  void setLocale('en', { reload: false });
  vi.restoreAllMocks();
});

describe('the message of content that is not the tool’s', () => {
  it('names the column and field, in English and German', () => {
    const error = unreadableBoard();
    expect(loadErrorMessage(error)).toBe(
      'The saved content cannot be opened: Column 2: maxIssues must be a number.',
    );
    void setLocale('de', { reload: false });
    expect(loadErrorMessage(error)).toBe(
      'Der gespeicherte Inhalt kann nicht geöffnet werden: Spalte 2: maxIssues muss eine Zahl sein.',
    );
  });

  it('has the CLI’s English texts and a German text for every key', () => {
    const english = en as Record<string, string>;
    const german = de as Record<string, string>;
    for (const [key, text] of Object.entries(CONTENT_PROBLEM_EN)) {
      expect(english[key], key).toBe(text);
      expect(german[key], key).toBeTruthy();
    }
  });
});

describe('the tool screen when the stored content is not the tool’s', () => {
  it('names the field, logs only its path, and opens History to restore a version', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = unreadableBoard();
    const state: ContentState<{ title: string }> = {
      ...INITIAL_CONTENT_STATE,
      status: 'error',
      loadError: error,
      version: 0,
    };
    const timeline: Timeline<{ title: string }> = {
      versions: [
        {
          version: 1,
          kind: 'replacement',
          modifiedBy: 'ann',
          modifiedAt: '2026-12-01T10:00:00.000Z',
          sizeBytes: 100,
          activity: [],
          content: { title: 'Sprint board' },
        },
      ],
      unreadable: [
        {
          version: 2,
          kind: 'replacement',
          modifiedBy: 'mallory',
          modifiedAt: '2026-12-01T11:00:00.000Z',
          sizeBytes: 90,
          ...(error.problem ? { problem: error.problem } : {}),
        },
      ],
      currentVersion: 2,
      olderBefore: null,
    };
    const restore = vi.fn(() =>
      Promise.resolve({ status: 'saved' as const, content: { title: 'Sprint board' } }),
    );
    let reloads = 0;
    const loadHistory = () => Promise.resolve(timeline);
    const tool: HistoryTool<{ title: string }> & {
      entry: null;
      reload: () => void;
      state: typeof state;
    } = {
      state,
      entry: null,
      reload: () => reloads++,
      undo: vi.fn(),
      redo: vi.fn(),
      restore,
      loadHistory,
    };
    renderWithApp(
      <>
        <ToolHistory tool={tool} show={vi.fn()} renderPreview={(board) => <p>{board.title}</p>} />
        <ToolContentState tool={tool} />
      </>,
    );
    expect(
      await screen.findByText(
        'The saved content cannot be opened: Column 2: maxIssues must be a number.',
      ),
    ).toBeInTheDocument();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.join(' ')).toContain('phases.1.maxIssues');
    expect(warn.mock.calls[0]?.join(' ')).not.toContain(SECRET_TITLE);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(reloads).toBe(1);

    await user.click(screen.getByRole('button', { name: 'Open History' }));
    const list = await screen.findByRole('navigation', { name: 'Versions' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Version 2 by mallory could not be opened'),
      expect.stringContaining('Version 1'),
    ]);
    expect(items[0]).toHaveTextContent(
      "It is not this tool's content: Column 2: maxIssues must be a number.",
    );
    await user.click(screen.getByRole('button', { name: 'Restore this version' }));
    expect(restore).toHaveBeenCalledWith({ title: 'Sprint board' });
  });
});
