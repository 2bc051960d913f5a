import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { MESSAGE_AUTO_CLEAR_MS, useFlashMessage } from './use-flash-message.ts';

describe('useFlashMessage (spec §9: messages auto-clear after 5 s)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows a message and clears it after 5 s', () => {
    const { result } = renderHook(() => useFlashMessage());
    act(() => result.current[1]('success', 'Saved.'));
    expect(result.current[0]).toEqual({ kind: 'success', text: 'Saved.' });
    act(() => {
      vi.advanceTimersByTime(MESSAGE_AUTO_CLEAR_MS - 1);
    });
    expect(result.current[0]).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current[0]).toBeNull();
  });

  it('restarts the timer when a message is shown again, even the same one', () => {
    const { result } = renderHook(() => useFlashMessage());
    act(() => result.current[1]('error', 'Failed.'));
    act(() => {
      vi.advanceTimersByTime(4000);
    });
    act(() => result.current[1]('error', 'Failed.'));
    act(() => {
      vi.advanceTimersByTime(4000);
    });
    expect(result.current[0]).toEqual({ kind: 'error', text: 'Failed.' });
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(result.current[0]).toBeNull();
  });

  it('clears at once on request', () => {
    const { result } = renderHook(() => useFlashMessage());
    act(() => result.current[1]('info', 'Hello'));
    act(() => result.current[2]());
    expect(result.current[0]).toBeNull();
  });
});
