/**
 * Time and timers, passed in so the engine runs in a page, a worker and Node tests alike. The
 * default is the runtime's own (`setTimeout`, `Date.now`, `requestAnimationFrame` where a page
 * has one).
 */

/** A timer handle as the runtime gives it. */
export type TimerHandle = object | number;

/** What the engine needs of time. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  setTimeout(run: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
  /**
   * Resolves once what was just rendered has been painted (a page), or after the current task
   * (a worker, Node): a change is shown before heavy work blocks the thread.
   */
  afterPaint(): Promise<void>;
}

interface RuntimeTimers {
  setTimeout(run: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
  requestAnimationFrame?: (run: () => void) => unknown;
  document?: { visibilityState?: string };
}

/** The longest {@link Clock.afterPaint} waits for a frame, in ms. */
const PAINT_WAIT_MAX_MS = 100;

/** The runtime's clock: its timers and, in a visible page, its animation frames. */
export function runtimeClock(): Clock {
  const runtime = globalThis as unknown as RuntimeTimers;
  const nextTask = () => new Promise<void>((resolve) => runtime.setTimeout(resolve, 0));
  return {
    now: () => Date.now(),
    setTimeout: (run, ms) => runtime.setTimeout(run, ms),
    clearTimeout: (handle) => runtime.clearTimeout(handle),
    // In the task after the next animation frame (style, layout and paint run between the two),
    // at most PAINT_WAIT_MAX_MS later; at once after this task where no frame comes.
    afterPaint: () => {
      const frame = runtime.requestAnimationFrame;
      if (typeof frame !== 'function' || runtime.document?.visibilityState === 'hidden')
        return nextTask();
      return new Promise((resolve) => {
        const timeout = runtime.setTimeout(resolve, PAINT_WAIT_MAX_MS);
        frame(() => {
          runtime.clearTimeout(timeout);
          runtime.setTimeout(resolve, 0);
        });
      });
    },
  };
}

/** Resolves after the current task, so that requests just made are sent before more work runs. */
export function nextTask(clock: Clock): Promise<void> {
  return new Promise((resolve) => clock.setTimeout(resolve, 0));
}
