import { afterEach, describe, expect, it, vi } from 'vitest';

import { whenIdle } from './when-idle.ts';

describe('whenIdle', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('asks the browser for an idle moment within the timeout, and can be cancelled', () => {
    const calls: { timeout: number | undefined }[] = [];
    let queued: (() => void) | null = null;
    const cancelled: number[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void, options?: { timeout?: number }) => {
      calls.push({ timeout: options?.timeout });
      queued = callback;
      return 7;
    });
    vi.stubGlobal('cancelIdleCallback', (handle: number) => cancelled.push(handle));
    const task = vi.fn();
    const cancel = whenIdle(task, 1000, 50);
    expect(calls).toEqual([{ timeout: 1000 }]);
    expect(task).not.toHaveBeenCalled();
    (queued as (() => void) | null)?.();
    expect(task).toHaveBeenCalledTimes(1);
    cancel();
    expect(cancelled).toEqual([7]);
  });

  it('falls back to a timer where the browser has no idle callbacks', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const task = vi.fn();
    whenIdle(task, 1000, 50);
    vi.advanceTimersByTime(49);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
    const cancelledTask = vi.fn();
    whenIdle(cancelledTask, 1000, 50)();
    vi.advanceTimersByTime(100);
    expect(cancelledTask).not.toHaveBeenCalled();
  });
});
