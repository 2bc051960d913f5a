/**
 * The real-time connection state machine of spec §4 "Real-time connection status", as a pure
 * function: `transition(state, event)` returns the next state and the effects the runtime
 * (./realtime-manager.ts) must carry out. No timers, sockets or storage here.
 *
 *   disconnected ──START──▶ connecting ──OPENED──▶ connected
 *   connected/connecting/reconnecting ──CLOSED(≠1000)──▶ reconnecting (retry after backoff)
 *   … ──CLOSED(1000)──▶ disconnected
 *   reconnecting, 5 attempts used, CLOSED ──▶ error + CONNECTION_PERMANENTLY_LOST
 *   the browser offline (NETWORK online=false): a lost connection waits, disconnected, without
 *   spending attempts (nor reconnecting on PAGE_VISIBLE or a screen's request);
 *   NETWORK online=true ──▶ connecting with all five attempts
 *   disconnected / error (not permanent) ──PAGE_VISIBLE | RECONNECT_REQUESTED──▶ connecting
 *   any ──SESSION_ENDED──▶ error + CONNECTION_PERMANENTLY_LOST;  any ──STOP──▶ disconnected
 *   SESSION_ENDED after EXPECT_SESSION_END (this tab logs out or deletes the space) ──▶ like STOP
 */

/** The five statuses of spec §4 Real-time connection status. */
export type ConnectionStatus =
  'disconnected' | 'connecting' | 'connected' | 'reconnecting' | 'error';

/** Maximum reconnect attempts after a connection is lost (spec §9 Real-time). */
export const MAX_RECONNECT_ATTEMPTS = 5;
/** Backoff base: attempt n waits RECONNECT_BASE_DELAY_MS × 2^n (spec §9 Real-time). */
export const RECONNECT_BASE_DELAY_MS = 1_000;
/** Backoff cap (spec §9 Real-time). */
export const RECONNECT_MAX_DELAY_MS = 30_000;
/** WebSocket close code of a normal closure (spec §9 Real-time). */
export const NORMAL_CLOSURE_CODE = 1000;
/** What browsers report when a socket dies without a close frame (server killed, network gone). */
export const ABNORMAL_CLOSURE_CODE = 1006;
/** Heartbeat ping interval while connected (spec §9 Real-time). */
export const HEARTBEAT_INTERVAL_MS = 30_000;
/** Tool screens reload their content this long after the connection is restored (spec §9). */
export const RELOAD_AFTER_RESTORE_MS = 1_000;

/** The permanent-loss signal's name (spec §4, §8). */
export const CONNECTION_PERMANENTLY_LOST = 'CONNECTION_PERMANENTLY_LOST';

/**
 * Signals for screens: `reconnected` when a connection that had been open opens again,
 * `restored` RELOAD_AFTER_RESTORE_MS later, `listening` each time the server has started this
 * tab's member stream (what is published from then on arrives; both emitted by the runtime),
 * and the permanent loss.
 */
export type RealtimeSignal =
  'reconnected' | 'restored' | 'listening' | typeof CONNECTION_PERMANENTLY_LOST;

/** Why a session's connection can never come back without a new login. */
export type SessionEndReason =
  'unauthorized' | 'session_ended' | 'member_removed' | 'space_deleted';

export interface ConnectionState {
  status: ConnectionStatus;
  /** A session wants the connection (between START and STOP). */
  active: boolean;
  /** Reconnect attempts started since the connection was last open (0 … MAX_RECONNECT_ATTEMPTS). */
  attempts: number;
  /** A retry timer is pending (status `reconnecting`, no socket yet). */
  retryPending: boolean;
  /** The connection has been open since START, so the next open is a reconnect. */
  hasConnected: boolean;
  /** CONNECTION_PERMANENTLY_LOST was emitted; nothing reconnects until the next START. */
  permanentlyLost: boolean;
  /** This tab is ending the session itself (logout, space deletion): its end is no loss. */
  sessionEndExpected: boolean;
  /**
   * The browser reports no network (`navigator.onLine` false; offline mode): no server can be
   * reached, so no attempt is spent until it reports the network back. Kept across START and STOP.
   */
  networkOffline: boolean;
}

export type ConnectionEvent =
  /** A session exists (login or page load while signed in). */
  | { type: 'START' }
  /** The session ended on this side (logout): close normally, stay disconnected. */
  | { type: 'STOP' }
  /** The socket opened; it counts as connected (and authenticated) at once. */
  | { type: 'OPENED' }
  /** The socket closed (or failed to open, which browsers report as close 1006). */
  | { type: 'CLOSED'; code: number }
  /** No socket could be created (e.g. no token); status `error`, not permanent. */
  | { type: 'FAILED' }
  /** The backoff timer of the pending retry fired. */
  | { type: 'RETRY_DUE' }
  /** The page became visible. */
  | { type: 'PAGE_VISIBLE' }
  /** A screen asks for a reconnect (e.g. the dashboard's retry). */
  | { type: 'RECONNECT_REQUESTED' }
  /** The server says the session is over (401, or an `error` message ending the stream). */
  | { type: 'SESSION_ENDED'; reason: SessionEndReason }
  /** This tab starts (true) or failed (false) a call that ends its own session. */
  | { type: 'EXPECT_SESSION_END'; expected: boolean }
  /** The browser reports the network gone (`offline` event) or back (`online`). */
  | { type: 'NETWORK'; online: boolean };

export type ConnectionEffect =
  /** Create a new socket; report OPENED / CLOSED for it. */
  | { type: 'openSocket' }
  /** Discard the current socket and everything on it (stream, heartbeat); close it normally. */
  | { type: 'closeSocket' }
  /** Fire RETRY_DUE after `delayMs`. */
  | { type: 'scheduleRetry'; delayMs: number }
  | { type: 'cancelRetry' }
  /** On the socket that just opened: subscribe to the member stream, join, start the heartbeat. */
  | { type: 'joinSpace' }
  | { type: 'emit'; signal: RealtimeSignal };

export interface Transition {
  state: ConnectionState;
  effects: ConnectionEffect[];
}

export const initialConnectionState: ConnectionState = {
  status: 'disconnected',
  active: false,
  attempts: 0,
  retryPending: false,
  hasConnected: false,
  permanentlyLost: false,
  sessionEndExpected: false,
  networkOffline: false,
};

/**
 * Delay before reconnect attempt `attempt` (0-based), in ms: 1 000 × 2^attempt, capped at
 * 30 000 — 1, 2, 4, 8, 16 s for the five attempts (spec §9 Real-time).
 */
export function backoffDelayMs(attempt: number): number {
  return Math.min(RECONNECT_BASE_DELAY_MS * 2 ** attempt, RECONNECT_MAX_DELAY_MS);
}

const unchanged = (state: ConnectionState): Transition => ({ state, effects: [] });

function permanentLoss(state: ConnectionState): Transition {
  if (state.permanentlyLost) return unchanged(state);
  return {
    state: { ...state, status: 'error', retryPending: false, permanentlyLost: true },
    effects: [
      { type: 'cancelRetry' },
      { type: 'closeSocket' },
      { type: 'emit', signal: CONNECTION_PERMANENTLY_LOST },
    ],
  };
}

/**
 * Waiting for the browser's network, with no socket and no retry: nothing is spent meanwhile
 * (NETWORK online=true reconnects with every attempt).
 */
function waitForNetwork(state: ConnectionState): Transition {
  return {
    state: { ...state, status: 'disconnected', retryPending: false },
    effects: [{ type: 'cancelRetry' }, { type: 'closeSocket' }],
  };
}

/**
 * A close other than 1000: retry with backoff, or give up after MAX_RECONNECT_ATTEMPTS — unless
 * the browser is offline: then wait for its network.
 */
function lost(state: ConnectionState): Transition {
  if (state.networkOffline) return waitForNetwork(state);
  if (state.attempts >= MAX_RECONNECT_ATTEMPTS) return permanentLoss(state);
  return {
    state: { ...state, status: 'reconnecting', retryPending: true },
    effects: [
      { type: 'closeSocket' },
      { type: 'scheduleRetry', delayMs: backoffDelayMs(state.attempts) },
    ],
  };
}

/** A socket is expected to report (opening or open), as opposed to waiting or idle. */
function socketExpected(state: ConnectionState): boolean {
  return (
    state.active &&
    !state.retryPending &&
    (state.status === 'connecting' ||
      state.status === 'connected' ||
      state.status === 'reconnecting')
  );
}

function reconnectNow(state: ConnectionState): Transition {
  // While the browser is offline no attempt can succeed: the network's return reconnects.
  const resumable =
    state.active &&
    !state.permanentlyLost &&
    !state.networkOffline &&
    (state.status === 'disconnected' || state.status === 'error');
  if (!resumable) return unchanged(state);
  return {
    state: { ...state, status: 'connecting', attempts: 0, retryPending: false },
    effects: [{ type: 'openSocket' }],
  };
}

/**
 * The next state and effects for `event` (spec §4 Real-time connection status). Events that do
 * not apply in the current state (a late OPENED after STOP, a second START) change nothing.
 */
export function transition(state: ConnectionState, event: ConnectionEvent): Transition {
  switch (event.type) {
    case 'START':
      if (state.active) return unchanged(state);
      return {
        state: {
          ...initialConnectionState,
          status: 'connecting',
          active: true,
          networkOffline: state.networkOffline,
        },
        effects: [{ type: 'cancelRetry' }, { type: 'openSocket' }],
      };
    case 'STOP':
      if (!state.active) return unchanged(state);
      return {
        state: { ...initialConnectionState, networkOffline: state.networkOffline },
        effects: [{ type: 'cancelRetry' }, { type: 'closeSocket' }],
      };
    case 'OPENED':
      if (!socketExpected(state) || state.status === 'connected') return unchanged(state);
      return {
        state: { ...state, status: 'connected', attempts: 0, hasConnected: true },
        effects: [
          { type: 'joinSpace' },
          ...(state.hasConnected ? [{ type: 'emit', signal: 'reconnected' } as const] : []),
        ],
      };
    case 'CLOSED':
      if (!socketExpected(state)) return unchanged(state);
      if (event.code === NORMAL_CLOSURE_CODE) {
        return {
          state: { ...state, status: 'disconnected', attempts: 0 },
          effects: [{ type: 'closeSocket' }],
        };
      }
      return lost(state);
    case 'FAILED':
      if (!state.active || state.permanentlyLost) return unchanged(state);
      return {
        state: { ...state, status: 'error', retryPending: false },
        effects: [{ type: 'cancelRetry' }, { type: 'closeSocket' }],
      };
    case 'RETRY_DUE':
      if (!state.active || !state.retryPending) return unchanged(state);
      if (state.networkOffline) return waitForNetwork(state);
      return {
        state: { ...state, attempts: state.attempts + 1, retryPending: false },
        effects: [{ type: 'openSocket' }],
      };
    case 'PAGE_VISIBLE':
    case 'RECONNECT_REQUESTED':
      return reconnectNow(state);
    case 'SESSION_ENDED':
      if (!state.active) return unchanged(state);
      if (state.sessionEndExpected) return transition(state, { type: 'STOP' });
      return permanentLoss(state);
    case 'EXPECT_SESSION_END':
      if (!state.active || state.sessionEndExpected === event.expected) return unchanged(state);
      return { state: { ...state, sessionEndExpected: event.expected }, effects: [] };
    case 'NETWORK': {
      if (state.networkOffline === !event.online) return unchanged(state);
      const next = { ...state, networkOffline: !event.online };
      if (event.online) return reconnectNow(next);
      // An open socket stays until it closes; a pending retry would only spend an attempt.
      return next.retryPending ? waitForNetwork(next) : unchanged(next);
    }
    default:
      return assertNever(event);
  }
}

function assertNever(value: never): never {
  throw new Error(`Unhandled connection event ${JSON.stringify(value)}`);
}
