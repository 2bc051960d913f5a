import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { cardTitleEdit } from '../../testing/operations.ts';
import { renderWithApp } from '../../testing/render.tsx';
import { INITIAL_CONTENT_STATE, type ContentState } from '@cipherspace/sync';
import { showToolStatus } from './save-status.ts';
import { ToolContentState } from './ToolContentState.tsx';
import { ToolHeader } from './ToolHeader.tsx';

const loaded: ContentState<unknown> = {
  ...INITIAL_CONTENT_STATE,
  status: 'loaded',
  content: {},
  version: 4,
};

const edit = cardTitleEdit('Walrus plan', { id: 'op-1', at: '2026-01-02T10:30:00.000Z' });

describe('offline changes on the tool screen', () => {
  it('lists the changes that could not be applied with the conflict message until dismissed', async () => {
    let dismissed = 0;
    const tool = {
      state: {
        ...loaded,
        unapplied: [
          { id: 'op-1', operation: edit, reason: 'conflict' as const },
          { id: 'op-2', operation: null, reason: 'rejected' as const },
        ],
      },
      entry: null,
      reload: () => undefined,
      dismissUnapplied: () => {
        dismissed++;
      },
    };
    renderWithApp(<ToolContentState tool={tool} />);
    expect(
      await screen.findByText(/Content was modified by another user\. .*could not be applied:/),
    ).toBeInTheDocument();
    const items = screen.getAllByRole('listitem');
    expect(items[0]).toHaveTextContent(/^Edit card "Walrus plan" \(.+\)$/);
    expect(items[1]).toHaveTextContent('A change that can no longer be opened with this space key');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(dismissed).toBe(1);
  });

  it('shows nothing once loaded without unapplied changes', () => {
    const { container } = renderWithApp(
      <ToolContentState tool={{ state: loaded, entry: null, reload: () => undefined }} />,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it('says in the header how many changes wait, then that all are saved', async () => {
    let state: ContentState<unknown> = { ...loaded, offline: true, queued: 3 };
    const listeners = new Set<() => void>();
    const stop = showToolStatus({
      getState: () => state,
      subscribe: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    });
    try {
      renderWithApp(<ToolHeader title="Board" realtime={false} />);
      expect(await screen.findByRole('status')).toHaveTextContent('Offline — 3 changes waiting');
      state = { ...loaded, offline: true, queued: 1 };
      act(() => listeners.forEach((listener) => listener()));
      expect(screen.getByRole('status')).toHaveTextContent('Offline — 1 change waiting');
      state = loaded;
      act(() => listeners.forEach((listener) => listener()));
      expect(screen.getByRole('status')).toHaveTextContent('All changes saved');
    } finally {
      act(() => stop());
    }
    expect(screen.queryByRole('status')).toBeNull();
  });
});
