import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { defaultPokerContent, type PokerContent } from '@cipherspace/tools/poker';
import { SERVER_CLOCK_SAMPLES, serverClock } from '../../lib/realtime/server-clock.ts';
import { RoundPanel, type RoundPanelProps } from './RoundPanel.tsx';

const ctx = { newId: () => 'round', now: () => '2025-03-05T10:00:00.000Z' };

function setup(
  content: Partial<PokerContent> = {},
  userId = 'ann',
  overrides: Partial<RoundPanelProps> = {},
) {
  const props: RoundPanelProps = {
    content: { ...defaultPokerContent(ctx), ...content },
    userId,
    disabled: false,
    onStartTimer: vi.fn(),
    onPauseTimer: vi.fn(),
    onResetTimer: vi.fn(),
    onAutoReveal: vi.fn(),
    onSpectator: vi.fn(),
    ...overrides,
  };
  const view = render(<RoundPanel {...props} />);
  return {
    ...props,
    rerender: (next: Partial<PokerContent>) =>
      view.rerender(<RoundPanel {...props} content={{ ...props.content, ...next }} />),
  };
}

afterEach(() => {
  // Back to a clock estimate of no offset (the quickest of the kept samples wins).
  for (let sample = 0; sample < SERVER_CLOCK_SAMPLES; sample++)
    serverClock.record({ offsetMs: 0, roundTripMs: Number.MAX_SAFE_INTEGER });
});

const panel = () => within(screen.getByRole('region', { name: 'Round' }));
const timerValue = () => document.querySelector('.poker-timer-value');

afterEach(() => {
  vi.useRealTimers();
});

describe('RoundPanel (timer, auto-reveal, spectator)', () => {
  it('starts a timer that never ran, with reset unavailable', () => {
    const props = setup();
    expect(timerValue()).toHaveTextContent('0:00');
    expect(panel().getByRole('button', { name: 'Reset timer' })).toBeDisabled();
    fireEvent.click(panel().getByRole('button', { name: 'Start timer' }));
    expect(props.onStartTimer).toHaveBeenCalledOnce();
  });

  it('shows the time a paused timer ran, to resume or reset', () => {
    const props = setup({ timer: { startedAt: null, elapsedMs: 125_000 } });
    expect(timerValue()).toHaveTextContent('2:05');
    expect(panel().getByText('paused')).toBeInTheDocument();
    fireEvent.click(panel().getByRole('button', { name: 'Resume timer' }));
    fireEvent.click(panel().getByRole('button', { name: 'Reset timer' }));
    expect(props.onStartTimer).toHaveBeenCalledOnce();
    expect(props.onResetTimer).toHaveBeenCalledOnce();
  });

  it('counts a running timer from its start time, ticking every second', async () => {
    vi.useFakeTimers({ now: Date.parse('2025-03-05T10:01:00.000Z') });
    const props = setup({ timer: { startedAt: '2025-03-05T10:00:00.000Z', elapsedMs: 5_000 } });
    expect(timerValue()).toHaveTextContent('1:05');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(timerValue()).toHaveTextContent('1:07');
    fireEvent.click(panel().getByRole('button', { name: 'Pause timer' }));
    expect(props.onPauseTimer).toHaveBeenCalledOnce();
  });

  it("turns to the next second when the timer's elapsed time does, not a second later", async () => {
    vi.useFakeTimers({ now: Date.parse('2025-03-05T10:01:00.000Z') });
    setup({ timer: { startedAt: '2025-03-05T10:00:59.300Z', elapsedMs: 0 } });
    expect(timerValue()).toHaveTextContent('0:00');
    await act(() => vi.advanceTimersByTimeAsync(299));
    expect(timerValue()).toHaveTextContent('0:00');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(timerValue()).toHaveTextContent('0:01');
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(timerValue()).toHaveTextContent('0:02');
  });

  it("counts from the server's time as known when the timer starts, not when the panel appeared", async () => {
    // This member's clock is 90 s ahead; the panel appears before the first heartbeat tells.
    vi.useFakeTimers({ now: Date.parse('2025-03-05T10:01:30.000Z') });
    const props = setup();
    serverClock.record({ offsetMs: -90_000, roundTripMs: 0 });
    props.rerender({ timer: { startedAt: '2025-03-05T10:00:00.000Z', elapsedMs: 0 } });
    expect(timerValue()).toHaveTextContent('0:00');
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(timerValue()).toHaveTextContent('0:01');
  });

  it('switches auto-reveal (off by default) and the own spectator mode', () => {
    const props = setup({ spectators: ['ann'] });
    const auto = panel().getByRole('checkbox', {
      name: 'Reveal automatically when everyone present has voted',
    });
    expect(auto).not.toBeChecked();
    fireEvent.click(auto);
    expect(props.onAutoReveal).toHaveBeenCalledWith(true);
    const spectate = panel().getByRole('checkbox', { name: 'Watch as spectator (do not vote)' });
    expect(spectate).toBeChecked();
    fireEvent.click(spectate);
    expect(props.onSpectator).toHaveBeenCalledWith(false);
  });

  it('keeps a switch as clicked while its change is saved, then shows the content', async () => {
    let saved: (ok: boolean) => void = () => undefined;
    const onSpectator = vi.fn(
      () =>
        new Promise<boolean>((resolve) => {
          saved = resolve;
        }),
    );
    const props = setup({}, 'ann', { onSpectator });
    const spectate = panel().getByRole('checkbox', { name: 'Watch as spectator (do not vote)' });
    fireEvent.click(spectate);
    // The content does not show the change yet: the click does, and stays.
    expect(onSpectator).toHaveBeenCalledWith(true);
    expect(spectate).toBeChecked();
    props.rerender({ spectators: ['ann'] });
    await act(async () => {
      saved(true);
      await Promise.resolve();
    });
    expect(spectate).toBeChecked();

    // A change that fails: the stored value comes back.
    fireEvent.click(spectate);
    expect(spectate).not.toBeChecked();
    await act(async () => {
      saved(false);
      await Promise.resolve();
    });
    expect(spectate).toBeChecked();
  });
});
