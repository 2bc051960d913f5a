import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { ContentState } from './content-lifecycle.ts';
import {
  saveStatus,
  showToolStatus,
  unappliedLabel,
  useSaveStatus,
  type StatusSource,
} from './save-status.ts';

const base: ContentState<unknown> = {
  status: 'loaded',
  content: {},
  version: 3,
  loadError: null,
  saving: false,
  canUndo: false,
  canRedo: false,
  offline: false,
  queued: 0,
  unapplied: [],
};

describe('the saving status while working offline (issue 17)', () => {
  it('counts the waiting changes, says offline, then all saved once they are in', () => {
    expect(saveStatus(base, false)).toBeNull();
    expect(saveStatus({ ...base, offline: true }, false)).toEqual({ kind: 'offline' });
    expect(saveStatus({ ...base, offline: true, queued: 2 }, true)).toEqual({
      kind: 'waiting',
      count: 2,
    });
    expect(saveStatus({ ...base, queued: 1 }, true)).toEqual({ kind: 'waiting', count: 1 });
    expect(saveStatus(base, true)).toEqual({ kind: 'all-saved' });
    expect(saveStatus({ ...base, status: 'loading' }, true)).toBeNull();
  });

  it('follows the tool shown: all saved after its queue drained, nothing for the next tool', () => {
    let state = base;
    const listeners = new Set<() => void>();
    const source: StatusSource = {
      getState: () => state,
      subscribe: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    const set = (next: ContentState<unknown>) => {
      state = next;
      act(() => {
        for (const listener of listeners) listener();
      });
    };
    const { result } = renderHook(() => useSaveStatus());
    let stop: () => void = () => undefined;
    act(() => {
      stop = showToolStatus(source);
    });
    expect(result.current).toBeNull();
    set({ ...base, offline: true, queued: 2 });
    expect(result.current).toEqual({ kind: 'waiting', count: 2 });
    set(base);
    expect(result.current).toEqual({ kind: 'all-saved' });
    act(() => stop());
    expect(listeners.size).toBe(0);
    expect(result.current).toBeNull();
    const next: StatusSource = { getState: () => base, subscribe: () => () => undefined };
    act(() => {
      stop = showToolStatus(next);
    });
    expect(result.current).toBeNull();
    act(() => stop());
  });

  it('labels an unapplied change by its name and first text', () => {
    const operation = {
      v: 1 as const,
      tool: 'kanban',
      name: 'updateIssue',
      args: { issueId: 'i1', changes: { title: 'Login bug' } },
      id: 'o1',
      at: '2026-01-01T10:00:00.000Z',
      by: 'ann',
    };
    expect(unappliedLabel(operation)).toBe('updateIssue "Login bug"');
    expect(unappliedLabel({ ...operation, args: { issueId: 'i1' } })).toBe('updateIssue');
    expect(unappliedLabel(null)).toBeNull();
  });
});
