import { describe, expect, it } from 'vitest';

import {
  backoffDelayMs,
  CONNECTION_PERMANENTLY_LOST,
  initialConnectionState,
  MAX_RECONNECT_ATTEMPTS,
  transition,
  type ConnectionEvent,
  type ConnectionState,
  type Transition,
} from './connection-machine.ts';

/** Applies events in order; returns the final transition and every effect on the way. */
function run(state: ConnectionState, ...events: ConnectionEvent[]) {
  let last: Transition = { state, effects: [] };
  const effects: Transition['effects'] = [];
  for (const event of events) {
    last = transition(last.state, event);
    effects.push(...last.effects);
  }
  return { state: last.state, effects, last: last.effects };
}

const connected = run(initialConnectionState, { type: 'START' }, { type: 'OPENED' }).state;
const lostConnection: ConnectionEvent = { type: 'CLOSED', code: 1006 };

describe('backoffDelayMs', () => {
  it('doubles from 1 s for the five attempts: 1, 2, 4, 8, 16 s', () => {
    expect([0, 1, 2, 3, 4].map(backoffDelayMs)).toEqual([1000, 2000, 4000, 8000, 16000]);
  });

  it('is capped at 30 s', () => {
    expect(backoffDelayMs(5)).toBe(30000);
    expect(backoffDelayMs(12)).toBe(30000);
  });
});

describe('start and open', () => {
  it('starts disconnected', () => {
    expect(initialConnectionState.status).toBe('disconnected');
  });

  it('START → connecting and opens a socket', () => {
    const { state, last } = run(initialConnectionState, { type: 'START' });
    expect(state.status).toBe('connecting');
    expect(state.active).toBe(true);
    expect(last).toContainEqual({ type: 'openSocket' });
  });

  it('a second START while active changes nothing', () => {
    const { state, last } = run(connected, { type: 'START' });
    expect(state).toEqual(connected);
    expect(last).toEqual([]);
  });

  it('OPENED → connected at once, then joins the space; the first open is no reconnect', () => {
    const { state, last } = run(initialConnectionState, { type: 'START' }, { type: 'OPENED' });
    expect(state.status).toBe('connected');
    expect(last).toEqual([{ type: 'joinSpace' }]);
  });

  it('ignores OPENED and CLOSED before START (stale sockets)', () => {
    expect(run(initialConnectionState, { type: 'OPENED' }).state).toEqual(initialConnectionState);
    expect(run(initialConnectionState, lostConnection).state).toEqual(initialConnectionState);
  });

  it('ignores a second OPENED while connected', () => {
    expect(run(connected, { type: 'OPENED' }).last).toEqual([]);
  });
});

describe('closing', () => {
  it('a close other than 1000 → reconnecting, retry after 1 s', () => {
    const { state, last } = run(connected, lostConnection);
    expect(state.status).toBe('reconnecting');
    expect(last).toEqual([{ type: 'closeSocket' }, { type: 'scheduleRetry', delayMs: 1000 }]);
  });

  it('a normal close (1000) → disconnected, no retry', () => {
    const { state, last } = run(connected, { type: 'CLOSED', code: 1000 });
    expect(state.status).toBe('disconnected');
    expect(last).toEqual([{ type: 'closeSocket' }]);
  });

  it('a failed first connect (close 1006 while connecting) → reconnecting too', () => {
    const { state } = run(initialConnectionState, { type: 'START' }, lostConnection);
    expect(state.status).toBe('reconnecting');
  });

  it('STOP → disconnected, cancels retries and closes the socket', () => {
    const waiting = run(connected, lostConnection).state;
    const { state, last } = run(waiting, { type: 'STOP' });
    expect(state).toEqual(initialConnectionState);
    expect(last).toEqual([{ type: 'cancelRetry' }, { type: 'closeSocket' }]);
  });

  it('STOP when not started changes nothing', () => {
    expect(run(initialConnectionState, { type: 'STOP' }).last).toEqual([]);
  });
});

describe('reconnecting', () => {
  it('waits 1, 2, 4, 8, 16 s between five attempts, then errors with the permanent-loss signal', () => {
    let state = run(connected, lostConnection).state;
    const delays = [1000];
    for (let attempt = 1; attempt <= MAX_RECONNECT_ATTEMPTS; attempt += 1) {
      const retry = transition(state, { type: 'RETRY_DUE' });
      expect(retry.effects).toEqual([{ type: 'openSocket' }]);
      expect(retry.state.attempts).toBe(attempt);
      expect(retry.state.status).toBe('reconnecting');
      const failed = transition(retry.state, lostConnection);
      state = failed.state;
      const scheduled = failed.effects.find((effect) => effect.type === 'scheduleRetry');
      if (scheduled) delays.push(scheduled.delayMs);
      else {
        expect(attempt).toBe(MAX_RECONNECT_ATTEMPTS);
        expect(failed.effects).toEqual([
          { type: 'cancelRetry' },
          { type: 'closeSocket' },
          { type: 'emit', signal: CONNECTION_PERMANENTLY_LOST },
        ]);
      }
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000]);
    expect(state.status).toBe('error');
    expect(state.permanentlyLost).toBe(true);
  });

  it('a successful reconnect → connected, attempts reset, emits reconnected', () => {
    const { state, last } = run(
      connected,
      lostConnection,
      { type: 'RETRY_DUE' },
      lostConnection,
      { type: 'RETRY_DUE' },
      { type: 'OPENED' },
    );
    expect(state.status).toBe('connected');
    expect(state.attempts).toBe(0);
    expect(last).toEqual([{ type: 'joinSpace' }, { type: 'emit', signal: 'reconnected' }]);
  });

  it('after a reconnect, a new loss starts again at 1 s with five fresh attempts', () => {
    const { last, state } = run(
      connected,
      lostConnection,
      { type: 'RETRY_DUE' },
      { type: 'OPENED' },
      lostConnection,
    );
    expect(state.attempts).toBe(0);
    expect(last).toContainEqual({ type: 'scheduleRetry', delayMs: 1000 });
  });

  it('ignores a CLOSED while only waiting for the retry timer', () => {
    const waiting = run(connected, lostConnection).state;
    expect(run(waiting, lostConnection).last).toEqual([]);
  });

  it('ignores RETRY_DUE when no retry is pending', () => {
    expect(run(connected, { type: 'RETRY_DUE' }).last).toEqual([]);
  });

  it('the initial connection succeeding on a retry emits no reconnected', () => {
    const { last } = run(
      initialConnectionState,
      { type: 'START' },
      lostConnection,
      { type: 'RETRY_DUE' },
      { type: 'OPENED' },
    );
    expect(last).toEqual([{ type: 'joinSpace' }]);
  });
});

describe('page visibility and reconnect requests', () => {
  const disconnected = run(connected, { type: 'CLOSED', code: 1000 }).state;

  it.each(['PAGE_VISIBLE', 'RECONNECT_REQUESTED'] as const)(
    '%s while disconnected → connecting with a new socket',
    (type) => {
      const { state, last } = run(disconnected, { type });
      expect(state.status).toBe('connecting');
      expect(last).toEqual([{ type: 'openSocket' }]);
    },
  );

  it('the visibility reconnect emits reconnected when it opens', () => {
    const { last } = run(disconnected, { type: 'PAGE_VISIBLE' }, { type: 'OPENED' });
    expect(last).toContainEqual({ type: 'emit', signal: 'reconnected' });
  });

  it('PAGE_VISIBLE in error that is not permanent → connecting', () => {
    const failed = run(connected, { type: 'FAILED' }).state;
    expect(failed.status).toBe('error');
    expect(run(failed, { type: 'PAGE_VISIBLE' }).state.status).toBe('connecting');
  });

  it('PAGE_VISIBLE after the permanent loss does nothing', () => {
    const lost = run(connected, { type: 'SESSION_ENDED', reason: 'unauthorized' }).state;
    expect(run(lost, { type: 'PAGE_VISIBLE' }).last).toEqual([]);
  });

  it.each(['connecting', 'connected', 'reconnecting'] as const)(
    'PAGE_VISIBLE while %s does nothing',
    (status) => {
      const state: ConnectionState = { ...connected, status };
      expect(run(state, { type: 'PAGE_VISIBLE' }).last).toEqual([]);
    },
  );

  it('PAGE_VISIBLE without a session does nothing', () => {
    expect(run(initialConnectionState, { type: 'PAGE_VISIBLE' }).last).toEqual([]);
  });
});

describe('session end', () => {
  it.each(['unauthorized', 'session_ended', 'member_removed', 'space_deleted'] as const)(
    '%s → error and the permanent-loss signal, once',
    (reason) => {
      const first = run(connected, { type: 'SESSION_ENDED', reason });
      expect(first.state.status).toBe('error');
      expect(first.last).toContainEqual({ type: 'emit', signal: CONNECTION_PERMANENTLY_LOST });
      expect(run(first.state, { type: 'SESSION_ENDED', reason }).last).toEqual([]);
    },
  );

  it('ends a pending retry', () => {
    const waiting = run(connected, lostConnection).state;
    const { state, last } = run(waiting, { type: 'SESSION_ENDED', reason: 'unauthorized' });
    expect(state.retryPending).toBe(false);
    expect(last[0]).toEqual({ type: 'cancelRetry' });
  });

  it('is ignored without a session', () => {
    expect(
      run(initialConnectionState, { type: 'SESSION_ENDED', reason: 'unauthorized' }).last,
    ).toEqual([]);
  });

  it('FAILED without a session is ignored', () => {
    expect(run(initialConnectionState, { type: 'FAILED' }).last).toEqual([]);
  });

  it('an expected end (own logout or space deletion) ends quietly like STOP', () => {
    const { state, last } = run(
      connected,
      { type: 'EXPECT_SESSION_END', expected: true },
      { type: 'SESSION_ENDED', reason: 'session_ended' },
    );
    expect(state).toEqual(initialConnectionState);
    expect(last).toEqual([{ type: 'cancelRetry' }, { type: 'closeSocket' }]);
  });

  it('a withdrawn expectation (the call failed) makes a later end a loss again', () => {
    const { state, last } = run(
      connected,
      { type: 'EXPECT_SESSION_END', expected: true },
      { type: 'EXPECT_SESSION_END', expected: false },
      { type: 'SESSION_ENDED', reason: 'space_deleted' },
    );
    expect(state.status).toBe('error');
    expect(last).toContainEqual({ type: 'emit', signal: CONNECTION_PERMANENTLY_LOST });
  });

  it('EXPECT_SESSION_END without a session, or repeated, changes nothing', () => {
    expect(
      run(initialConnectionState, { type: 'EXPECT_SESSION_END', expected: true }).state,
    ).toEqual(initialConnectionState);
    const expecting = run(connected, { type: 'EXPECT_SESSION_END', expected: true }).state;
    expect(run(expecting, { type: 'EXPECT_SESSION_END', expected: true }).state).toBe(expecting);
  });

  it('START after a permanent loss begins afresh', () => {
    const lost = run(connected, { type: 'SESSION_ENDED', reason: 'unauthorized' }).state;
    const { state } = run(lost, { type: 'STOP' }, { type: 'START' });
    expect(state).toMatchObject({ status: 'connecting', permanentlyLost: false, attempts: 0 });
  });
});

describe('the browser offline (offline mode)', () => {
  const offline: ConnectionEvent = { type: 'NETWORK', online: false };
  const online: ConnectionEvent = { type: 'NETWORK', online: true };

  it('a connection lost while the browser is offline waits, disconnected, spending no attempt', () => {
    const { state, last } = run(connected, offline, lostConnection);
    expect(state).toMatchObject({ status: 'disconnected', attempts: 0, retryPending: false });
    expect(last).toEqual([{ type: 'cancelRetry' }, { type: 'closeSocket' }]);
  });

  it('going offline while a retry waits cancels it: no attempt is spent, however long it lasts', () => {
    const { state, last } = run(
      connected,
      lostConnection,
      { type: 'RETRY_DUE' },
      lostConnection,
      offline,
    );
    expect(state).toMatchObject({ status: 'disconnected', attempts: 1, retryPending: false });
    expect(last).toEqual([{ type: 'cancelRetry' }, { type: 'closeSocket' }]);
    // A timer that fired all the same opens nothing.
    expect(run(state, { type: 'RETRY_DUE' }).last).toEqual([]);
    expect(run(state, ...Array<ConnectionEvent>(20).fill(lostConnection)).state).toMatchObject({
      status: 'disconnected',
      permanentlyLost: false,
    });
  });

  it('while offline neither the page becoming visible nor a screen asks for a socket', () => {
    const waiting = run(connected, offline, lostConnection).state;
    expect(run(waiting, { type: 'PAGE_VISIBLE' }).last).toEqual([]);
    expect(run(waiting, { type: 'RECONNECT_REQUESTED' }).last).toEqual([]);
  });

  it('the network back → connecting at once, with all five attempts', () => {
    const waiting = run(connected, lostConnection, { type: 'RETRY_DUE' }, lostConnection, offline);
    const { state, last } = run(waiting.state, online);
    expect(state).toMatchObject({ status: 'connecting', attempts: 0, networkOffline: false });
    expect(last).toEqual([{ type: 'openSocket' }]);
    const back = run(state, { type: 'OPENED' });
    expect(back.state.status).toBe('connected');
    expect(back.last).toContainEqual({ type: 'emit', signal: 'reconnected' });
  });

  it('the network back while a retry waits → tries at once instead of waiting out the backoff', () => {
    const waiting = run(initialConnectionState, online, { type: 'START' }, lostConnection).state;
    expect(waiting.retryPending).toBe(true);
    // Already online: nothing changes.
    expect(run(waiting, online).last).toEqual([]);
    const flapped = run(waiting, offline, online);
    expect(flapped.state).toMatchObject({ status: 'connecting', retryPending: false });
  });

  it('a page started offline tries once, then waits for the network without spending attempts', () => {
    const { state } = run(initialConnectionState, offline, { type: 'START' }, lostConnection);
    expect(state).toMatchObject({ status: 'disconnected', active: true, networkOffline: true });
    expect(run(state, online).last).toEqual([{ type: 'openSocket' }]);
  });

  it('an open socket stays while the browser says offline (it closes by itself if it must)', () => {
    expect(run(connected, offline)).toMatchObject({
      state: { status: 'connected', networkOffline: true },
      last: [],
    });
  });

  it('the network back after a logout or a permanent loss reconnects nothing', () => {
    const stopped = run(connected, offline, { type: 'STOP' }, online);
    expect(stopped.state.status).toBe('disconnected');
    expect(stopped.last).toEqual([]);
    const ended = run(
      connected,
      { type: 'SESSION_ENDED', reason: 'session_ended' },
      offline,
      online,
    );
    expect(ended.state.status).toBe('error');
    expect(ended.last).toEqual([]);
  });
});
