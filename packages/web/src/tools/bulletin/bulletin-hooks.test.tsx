import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { POSITION_SYNC_DEBOUNCE_MS, type NotePosition } from '@cipherspace/tools/bulletin';
import { usePositionSync, useViewportWidth } from './bulletin-hooks.ts';

describe('usePositionSync (spec §4 saved on release, §9 debounce 500 ms)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function setup() {
    let finish: () => void = () => undefined;
    const save = vi.fn(
      (_postId: string, _position: NotePosition) =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    const hook = renderHook(() => usePositionSync(save));
    return { save, hook, finish: () => finish() };
  }

  it('shows a dropped note at once and saves it 500 ms later', async () => {
    const { save, hook, finish } = setup();
    act(() => {
      hook.result.current.move('n1', { x: 10, y: 20 });
    });
    expect(hook.result.current.pending.get('n1')).toEqual({ x: 10, y: 20 });
    act(() => {
      vi.advanceTimersByTime(POSITION_SYNC_DEBOUNCE_MS - 1);
    });
    expect(save).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(save).toHaveBeenCalledWith('n1', { x: 10, y: 20 });
    // Shown at the dropped spot until the save settled.
    expect(hook.result.current.pending.get('n1')).toEqual({ x: 10, y: 20 });
    await act(async () => {
      finish();
      await Promise.resolve();
    });
    expect(hook.result.current.pending.has('n1')).toBe(false);
  });

  it('saves a note dropped twice within 500 ms once, at its last position', () => {
    const { save, hook } = setup();
    act(() => {
      hook.result.current.move('n1', { x: 10, y: 20 });
    });
    act(() => {
      vi.advanceTimersByTime(300);
    });
    act(() => {
      hook.result.current.move('n1', { x: 30, y: 40 });
    });
    expect(hook.result.current.pending.get('n1')).toEqual({ x: 30, y: 40 });
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(save).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith('n1', { x: 30, y: 40 });
  });

  it('debounces each note on its own', () => {
    const { save, hook } = setup();
    act(() => {
      hook.result.current.move('n1', { x: 1, y: 1 });
    });
    act(() => {
      vi.advanceTimersByTime(250);
    });
    act(() => {
      hook.result.current.move('n2', { x: 2, y: 2 });
    });
    act(() => {
      vi.advanceTimersByTime(250);
    });
    expect(save.mock.calls).toEqual([['n1', { x: 1, y: 1 }]]);
    act(() => {
      vi.advanceTimersByTime(250);
    });
    expect(save.mock.calls).toEqual([
      ['n1', { x: 1, y: 1 }],
      ['n2', { x: 2, y: 2 }],
    ]);
  });

  it('keeps showing a newer drop while an older save of the same note settles', async () => {
    const { hook, finish } = setup();
    act(() => {
      hook.result.current.move('n1', { x: 10, y: 10 });
    });
    act(() => {
      vi.advanceTimersByTime(POSITION_SYNC_DEBOUNCE_MS);
    });
    act(() => {
      hook.result.current.move('n1', { x: 50, y: 50 });
    });
    await act(async () => {
      finish();
      await Promise.resolve();
    });
    expect(hook.result.current.pending.get('n1')).toEqual({ x: 50, y: 50 });
  });

  it('saves a waiting drop right away when the board closes', () => {
    const { save, hook } = setup();
    act(() => {
      hook.result.current.move('n1', { x: 5, y: 6 });
    });
    hook.unmount();
    expect(save).toHaveBeenCalledWith('n1', { x: 5, y: 6 });
    vi.advanceTimersByTime(POSITION_SYNC_DEBOUNCE_MS);
    expect(save).toHaveBeenCalledTimes(1);
  });
});

describe('useViewportWidth (spec §9 layout follows the viewport)', () => {
  const original = window.innerWidth;
  afterEach(() => {
    window.innerWidth = original;
  });

  it('follows window resizes', () => {
    const hook = renderHook(() => useViewportWidth());
    expect(hook.result.current).toBe(window.innerWidth);
    act(() => {
      window.innerWidth = 500;
      window.dispatchEvent(new Event('resize'));
    });
    expect(hook.result.current).toBe(500);
  });
});
