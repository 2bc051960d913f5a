import { describe, expect, it } from 'vitest';

import {
  INITIAL_QUICK_ACCESS,
  quickAccessReducer,
  type QuickAccessEvent,
  type QuickAccessState,
} from './quick-access.ts';

const START: QuickAccessEvent = { type: 'start' };

const run = (events: QuickAccessEvent[], from: QuickAccessState = INITIAL_QUICK_ACCESS) =>
  events.reduce(quickAccessReducer, from);

describe('quick access states (spec §4 Quick access)', () => {
  it('goes idle → naming → creating → done', () => {
    expect(run([START])).toEqual({ phase: 'naming', nameError: null });
    expect(run([START, { type: 'submit', name: ' Alice ' }])).toEqual({
      phase: 'creating',
      username: 'Alice',
    });
    expect(run([START, { type: 'submit', name: 'Alice' }, { type: 'succeeded' }])).toEqual({
      phase: 'done',
    });
  });

  it('ignores a second click while the prompt is open or while creating', () => {
    const naming = run([START]);
    expect(quickAccessReducer(naming, START)).toBe(naming);
    const creating = run([{ type: 'submit', name: 'Alice' }], naming);
    expect(quickAccessReducer(creating, START)).toBe(creating);
    expect(quickAccessReducer(creating, { type: 'submit', name: 'Bob' })).toBe(creating);
  });

  it('cancels on no name: Cancel, Escape or an empty submit', () => {
    expect(run([START, { type: 'cancel' }])).toEqual(INITIAL_QUICK_ACCESS);
    expect(run([START, { type: 'submit', name: '   ' }])).toEqual(INITIAL_QUICK_ACCESS);
  });

  it('keeps the prompt open with an error for a name that breaks the username rules', () => {
    expect(run([START, { type: 'submit', name: 'Ann Lee' }])).toEqual({
      phase: 'naming',
      nameError: 'invalid',
    });
    expect(run([START, { type: 'submit', name: 'a'.repeat(51) }])).toEqual({
      phase: 'naming',
      nameError: 'too-long',
    });
    expect(
      run([START, { type: 'submit', name: 'Ann Lee' }, { type: 'submit', name: 'Ann' }]),
    ).toEqual({ phase: 'creating', username: 'Ann' });
  });

  it.each(['create', 'register', 'login'] as const)(
    'returns to idle with the %s failure, which clears later',
    (failure) => {
      const failed = run([START, { type: 'submit', name: 'Alice' }, { type: 'failed', failure }]);
      expect(failed).toEqual({ phase: 'idle', failure });
      expect(quickAccessReducer(failed, { type: 'clear-failure' })).toEqual(INITIAL_QUICK_ACCESS);
    },
  );

  it('starts over after a failure, clearing the old message', () => {
    expect(run([START], { phase: 'idle', failure: 'create' })).toEqual({
      phase: 'naming',
      nameError: null,
    });
  });

  it('ignores outcomes that arrive in the wrong phase', () => {
    expect(quickAccessReducer(INITIAL_QUICK_ACCESS, { type: 'succeeded' })).toBe(
      INITIAL_QUICK_ACCESS,
    );
    expect(quickAccessReducer(INITIAL_QUICK_ACCESS, { type: 'failed', failure: 'login' })).toBe(
      INITIAL_QUICK_ACCESS,
    );
    expect(quickAccessReducer(INITIAL_QUICK_ACCESS, { type: 'cancel' })).toBe(INITIAL_QUICK_ACCESS);
  });
});
