import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { INITIAL_CONTENT_STATE, type ContentState } from '@cipherspace/sync';
import { saveStatus, showToolStatus, useSaveStatus, type StatusSource } from './save-status.ts';

const base: ContentState<unknown> = {
  ...INITIAL_CONTENT_STATE,
  status: 'loaded',
  content: {},
  version: 3,
};

/** A tool's state the test sets, as the header reads it, with its current listeners. */
function source(initial: ContentState<unknown> = base): StatusSource & {
  listeners: Set<() => void>;
  set(next: ContentState<unknown>): void;
} {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    listeners,
    getState: () => state,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next: ContentState<unknown>) {
      state = next;
      act(() => {
        for (const listener of listeners) listener();
      });
    },
  };
}

describe('the saving status while working offline', () => {
  it('counts the waiting changes, says offline, then all saved once they are in', () => {
    expect(saveStatus([base], false)).toBeNull();
    expect(saveStatus([{ ...base, offline: true }], false)).toEqual({ kind: 'offline' });
    expect(saveStatus([{ ...base, offline: true, queued: 2 }], true)).toEqual({
      kind: 'waiting',
      count: 2,
    });
    expect(saveStatus([{ ...base, queued: 1 }], true)).toEqual({ kind: 'waiting', count: 1 });
    expect(saveStatus([base], true)).toEqual({ kind: 'all-saved' });
    expect(saveStatus([{ ...base, status: 'loading' }], true)).toBeNull();
    expect(saveStatus([], true)).toBeNull();
  });

  it('speaks for every tool of a screen: their waiting changes add up, one offline is enough', () => {
    const offline = { ...base, offline: true };
    expect(saveStatus([base, offline], false)).toEqual({ kind: 'offline' });
    expect(
      saveStatus(
        [
          { ...offline, queued: 1 },
          { ...offline, queued: 2 },
        ],
        true,
      ),
    ).toEqual({
      kind: 'waiting',
      count: 3,
    });
    // A tool that could not be loaded (e.g. never opened in this browser, now offline) says nothing.
    expect(
      saveStatus(
        [
          { ...base, status: 'error', queued: 4 },
          { ...offline, queued: 1 },
        ],
        true,
      ),
    ).toEqual({ kind: 'waiting', count: 1 });
  });

  it('follows the tool shown: all saved after its queue drained, nothing for the next tool', () => {
    const shown = source();
    const { result } = renderHook(() => useSaveStatus());
    let stop: () => void = () => undefined;
    act(() => {
      stop = showToolStatus(shown);
    });
    expect(result.current).toBeNull();
    shown.set({ ...base, offline: true, queued: 2 });
    expect(result.current).toEqual({ kind: 'waiting', count: 2 });
    shown.set(base);
    expect(result.current).toEqual({ kind: 'all-saved' });
    act(() => stop());
    expect(shown.listeners.size).toBe(0);
    expect(result.current).toBeNull();
    act(() => {
      stop = showToolStatus(source());
    });
    expect(result.current).toBeNull();
    act(() => stop());
  });

  it("follows every tool of the screen shown (Scrum Poker's own and its backlog's)", () => {
    const poker = source({ ...base, offline: true });
    const backlog = source({ ...base, offline: true });
    const { result } = renderHook(() => useSaveStatus());
    const stops: (() => void)[] = [];
    act(() => {
      stops.push(showToolStatus(poker), showToolStatus(backlog));
    });
    expect(result.current).toEqual({ kind: 'offline' });
    poker.set({ ...base, offline: true, queued: 1 });
    expect(result.current).toEqual({ kind: 'waiting', count: 1 });
    backlog.set({ ...base, offline: true, queued: 1 });
    expect(result.current).toEqual({ kind: 'waiting', count: 2 });
    poker.set(base);
    backlog.set(base);
    expect(result.current).toEqual({ kind: 'all-saved' });
    act(() => {
      for (const stop of stops) stop();
    });
    expect(result.current).toBeNull();
  });
});
