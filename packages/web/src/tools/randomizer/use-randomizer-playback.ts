/**
 * The timers of the shared pick animation in one tab (spec §4 Randomizer, §9 Randomizer
 * animation): feeds the content as saved to the pure player of @cipherspace/tools (randomizer/playback.ts),
 * advances it step by step with each step's delay, reports when this tab's walk through a run is
 * over (the starter then completes it) and when a run is overdue (its starter left mid-run; reported
 * again every grace period until the run is no longer animating).
 */
import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';

import {
  advancePlayback,
  INITIAL_PLAYER_STATE,
  observeAnimation,
  OVERDUE_RUN_GRACE_MS,
  overdueRunDelayMs,
  playbackDelayMs,
  type Playback,
  type PlayerState,
  type RandomizerAnimation,
  type RandomizerContent,
} from '@cipherspace/tools/randomizer';

/**
 * The player of one tab as an external store. It schedules each step's timer itself, the moment
 * the step begins, so the walk keeps the saved delays exactly, whatever rendering costs.
 */
class PlayerStore {
  private state: PlayerState = INITIAL_PLAYER_STATE;
  private readonly listeners = new Set<() => void>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private active = false;
  private onFinished: (runId: string) => void = () => undefined;

  getState = (): PlayerState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** `listener` is called once per run, when this tab has shown all of it. */
  setFinishedListener(listener: (runId: string) => void): void {
    this.onFinished = listener;
  }

  observe(animation: RandomizerAnimation, reducedMotion: boolean): void {
    this.set(observeAnimation(this.state, animation, reducedMotion));
  }

  /** Starts (or resumes, after `pause`) the timers. */
  resume(): void {
    this.active = true;
    this.schedule();
  }

  /** Stops the timers (the screen is gone); `resume` restarts the current step. */
  pause(): void {
    this.active = false;
    this.clear();
  }

  private schedule(): void {
    this.clear();
    const { playback } = this.state;
    if (!this.active || playback === null) return;
    const delay = playbackDelayMs(playback);
    if (delay === null) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.set(advancePlayback(this.state, playback.key));
      const after = this.state.playback;
      if (after?.key === playback.key && after.phase === 'finished' && playback.runId !== null)
        this.onFinished(playback.runId);
    }, delay);
  }

  private clear(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private set(next: PlayerState): void {
    if (next === this.state) return;
    const stepChanged = next.playback !== this.state.playback;
    this.state = next;
    if (stepChanged) this.schedule();
    for (const listener of this.listeners) listener();
  }
}

export interface PlaybackOptions {
  /**
   * false while `content` may be an unsaved change of this tab (a save in flight): a start is
   * played only once it is saved, so the starter plays exactly the steps everyone else gets.
   */
  ready: boolean;
  /** Skip the walk through the options and land on the target at once (still same timing). */
  reducedMotion: boolean;
  /** This tab has shown the whole run `runId` (called once per run, after its last step). */
  onFinished: (runId: string) => void;
  /** The run `runId` is still animating well after it should have ended. */
  onOverdue: (runId: string) => void;
}

/** The run this tab is playing for `content` (null: none); see the module comment. */
export function useRandomizerPlayback(
  content: RandomizerContent,
  options: PlaybackOptions,
): Playback | null {
  const { ready, reducedMotion } = options;
  const callbacks = useRef(options);
  const latest = useRef(content);
  const [player] = useState(() => new PlayerStore());
  useLayoutEffect(() => {
    callbacks.current = options;
    latest.current = content;
    player.setFinishedListener(options.onFinished);
  });
  useEffect(() => {
    player.resume();
    return () => player.pause();
  }, [player]);

  const { animation } = content;
  // Before paint, so a run that just arrived never shows a frame of "waiting" first.
  useLayoutEffect(() => {
    if (ready) player.observe(animation, reducedMotion);
  }, [player, animation, ready, reducedMotion]);

  const { playback } = useSyncExternalStore(player.subscribe, player.getState);

  const runId = animation.runId;
  const animating = animation.state === 'animating';
  useEffect(() => {
    if (!animating || runId === null) return;
    const delay = overdueRunDelayMs(latest.current, Date.now());
    if (delay === null) return;
    // Reported again every grace period while the run stays unfinished (a completion can fail).
    let timer = window.setTimeout(function report() {
      callbacks.current.onOverdue(runId);
      timer = window.setTimeout(report, OVERDUE_RUN_GRACE_MS);
    }, delay);
    return () => window.clearTimeout(timer);
  }, [animating, runId]);

  return playback;
}

const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

function reducedMotionQuery(): MediaQueryList | null {
  return typeof window.matchMedia === 'function' ? window.matchMedia(REDUCED_MOTION_QUERY) : null;
}

function subscribeReducedMotion(listener: () => void): () => void {
  const query = reducedMotionQuery();
  query?.addEventListener('change', listener);
  return () => query?.removeEventListener('change', listener);
}

/** Whether the user asked the system for reduced motion (false where it cannot be known). */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => reducedMotionQuery()?.matches ?? false,
    () => false,
  );
}
