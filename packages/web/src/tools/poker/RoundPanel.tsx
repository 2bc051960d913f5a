/**
 * How the facilitator runs the round: the round timer every member sees alike (elapsed time
 * from the start time and elapsed milliseconds kept in the content, both on the server's clock;
 * Start/Resume, Pause, Reset), the auto-reveal setting (votes show once every present voter
 * voted) and the current member's own switch to watch as a spectator. Each change is a poker
 * operation, live for everyone.
 */
import { useEffect, useId, useState } from 'react';

import {
  autoRevealEnabled,
  formatElapsed,
  isSpectator,
  timerElapsedMs,
  timerRunning,
  type PokerContent,
  type PokerTimer,
} from '@cipherspace/tools/poker';
import { serverNow } from '../../lib/realtime/server-clock.ts';
import { useContentChoice } from '../../lib/use-content-choice.ts';
import { m } from '../../paraglide/messages.js';

export interface RoundPanelProps {
  content: PokerContent;
  /** The current user's id (their username, spec §6). */
  userId: string;
  /** While content loads or a change is being saved. */
  disabled: boolean;
  onStartTimer: () => void;
  onPauseTimer: () => void;
  onResetTimer: () => void;
  /** Turns auto-reveal on or off; settles once the change is saved or has failed. */
  onAutoReveal: (enabled: boolean) => Promise<unknown>;
  /** Makes the member a spectator or a voter again; settles as {@link onAutoReveal}. */
  onSpectator: (spectator: boolean) => Promise<unknown>;
}

/**
 * The server's time now (epoch ms, as this tab estimates it) for `timer`: read when the timer
 * changes (started, paused, reset) and, while it runs, at each whole second of its elapsed time.
 * The start was stamped with the server's time too, so every member shows the same elapsed time
 * whatever their own clock says, and every screen turns to the next second together.
 */
function useServerNow(timer: PokerTimer | undefined): number {
  const [reading, setReading] = useState(() => ({ timer, now: serverNow() }));
  let { now } = reading;
  if (reading.timer !== timer) {
    // A time read before is stale, and may predate this tab's first estimate of the server's clock.
    now = serverNow();
    setReading({ timer, now });
  }
  useEffect(() => {
    if (!timerRunning(timer)) return undefined;
    let handle = 0;
    const next = (current: number) => {
      handle = window.setTimeout(
        () => {
          const later = serverNow();
          setReading({ timer, now: later });
          next(later);
        },
        1000 - (timerElapsedMs(timer, current) % 1000),
      );
    };
    next(serverNow());
    return () => window.clearTimeout(handle);
  }, [timer]);
  return now;
}

/** See the module comment. */
export function RoundPanel({
  content,
  userId,
  disabled,
  onStartTimer,
  onPauseTimer,
  onResetTimer,
  onAutoReveal,
  onSpectator,
}: RoundPanelProps) {
  const headingId = useId();
  const timerId = useId();
  const { timer } = content;
  const running = timerRunning(timer);
  const now = useServerNow(timer);
  const elapsed = formatElapsed(timerElapsedMs(timer, now));
  const [autoReveal, changeAutoReveal] = useContentChoice(autoRevealEnabled(content), onAutoReveal);
  const [spectator, changeSpectator] = useContentChoice(isSpectator(content, userId), onSpectator);

  return (
    <section className="poker-panel poker-round" aria-labelledby={headingId}>
      <div className="poker-panel-header">
        <h2 id={headingId}>{m.poker_round_heading()}</h2>
      </div>
      <div className="poker-round-controls">
        <div className="poker-timer" role="group" aria-labelledby={timerId}>
          <span id={timerId} className="poker-timer-label">
            {m.poker_timer_label()}
          </span>
          <output className="poker-timer-value" aria-labelledby={timerId}>
            {elapsed}
          </output>
          <span className="field-hint">
            {running ? m.poker_timer_running() : m.poker_timer_paused()}
          </span>
          {running ? (
            <button type="button" className="button" disabled={disabled} onClick={onPauseTimer}>
              {m.poker_timer_pause()}
            </button>
          ) : (
            <button
              type="button"
              className="button button-primary"
              disabled={disabled}
              onClick={onStartTimer}
            >
              {timer === undefined || timer.elapsedMs === 0
                ? m.poker_timer_start()
                : m.poker_timer_resume()}
            </button>
          )}
          <button
            type="button"
            className="button"
            disabled={disabled || timer === undefined}
            onClick={onResetTimer}
          >
            {m.poker_timer_reset()}
          </button>
        </div>
        <label className="poker-round-option">
          <input
            type="checkbox"
            checked={autoReveal}
            disabled={disabled}
            onChange={(event) => changeAutoReveal(event.target.checked)}
          />
          <span>{m.poker_auto_reveal()}</span>
        </label>
        <label className="poker-round-option">
          <input
            type="checkbox"
            checked={spectator}
            disabled={disabled || userId === ''}
            onChange={(event) => changeSpectator(event.target.checked)}
          />
          <span>{m.poker_spectate()}</span>
        </label>
      </div>
      <p className="field-hint">{m.poker_round_kept()}</p>
    </section>
  );
}
