import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { defaultPokerContent, type PokerContent } from '@cipherspace/tools/poker';
import { SessionResults } from './SessionResults.tsx';

const ctx = { newId: () => 'round', now: () => '2025-03-05T10:00:00.000Z' };

function content(results: PokerContent['results']): PokerContent {
  return { ...defaultPokerContent(ctx), ...(results ? { results } : {}) };
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('SessionResults (issue, final estimate; Copy results)', () => {
  it('says when nothing was saved yet, with nothing to copy', () => {
    render(<SessionResults content={content(undefined)} onMessage={vi.fn()} />);
    expect(screen.getByText('No final estimation saved in this session yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy results' })).toBeDisabled();
  });

  it('shows the table and copies it as tab-separated text', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const onMessage = vi.fn();
    render(
      <SessionResults
        content={content([
          { issueId: 'a', title: 'Login page', estimate: '5', decidedAt: ctx.now() },
          { issueId: 'b', title: '', estimate: 'M', decidedAt: ctx.now() },
        ])}
        onMessage={onMessage}
      />,
    );
    const table = within(screen.getByRole('table', { name: 'Session Results' }));
    expect(table.getAllByRole('row').map((row) => row.textContent)).toEqual([
      'IssueFinal estimate',
      'Login page5',
      'bM',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Copy results' }));
    await waitFor(() =>
      expect(onMessage).toHaveBeenCalledWith('success', 'Results copied to the clipboard.'),
    );
    expect(writeText).toHaveBeenCalledWith('Issue\tFinal estimate\nLogin page\t5\nb\tM\n');
  });
});
