/**
 * Runs the connection state machine (./connection-machine.ts) against a real transport: opens
 * and discards sockets, schedules retries, holds the member stream, sends the heartbeat and
 * fans messages and signals out to listeners. The transport, timers and page visibility are
 * injected, so tests drive it with fake sockets and fake timers; ./connection.ts wires the app's
 * tRPC WebSocket into the one instance of the tab.
 */
import type { RouterOutputs } from '@cipherspace/api';

import {
  CONNECTION_PERMANENTLY_LOST,
  HEARTBEAT_INTERVAL_MS,
  initialConnectionState,
  MAX_RECONNECT_ATTEMPTS,
  RELOAD_AFTER_RESTORE_MS,
  transition,
  type ConnectionEffect,
  type ConnectionEvent,
  type ConnectionState,
  type ConnectionStatus,
  type RealtimeSignal,
} from './connection-machine.ts';

type StreamItem = RouterOutputs['realtime']['onEvent'] extends AsyncIterable<infer T> ? T : never;

/** Everything the member stream delivers: the §3 messages plus the final `error` message. */
export type RealtimeEvent = StreamItem['data'];

/**
 * A real-time message of spec §3 (content_update, presence_update, user_joined), plus
 * user_left (a connection of a member ended: drop its presence), content_pending and `resync` (live updates may have been lost between server instances: catch
 * up with the changes since your version), as screens receive it:
 * `{ type, space_name, timestamp, data }`.
 */
export type RealtimeMessage = Exclude<RealtimeEvent, { type: 'error' }>;

/**
 * §8 Real-time texts. The manager logs them (English, with any detail) and keeps the latest as
 * `getLastError()`, which screens show translated (./realtime-error-text.ts).
 */
export const REALTIME_ERROR = {
  maxAttempts: 'Unable to reconnect to server - maximum attempts exceeded',
  noToken: 'Authentication token not available',
  connectFailed: 'Failed to establish connection',
  parseFailed: 'Failed to parse message from server',
  /** The socket fired its `error` event (browsers give no detail with it). */
  socketError: 'WebSocket connection error',
  /** A WebSocket operation failed with an error that carries no message. */
  unknown: 'Unknown WebSocket error',
} as const;

/** Which §8 real-time text applies. */
export type RealtimeErrorKind = keyof typeof REALTIME_ERROR;

/** The message of `error` (an Error or anything with a string `message`), or null when empty. */
export function errorMessage(error: unknown): string | null {
  const message: unknown =
    typeof error === 'object' && error !== null && 'message' in error
      ? error.message
      : typeof error === 'string'
        ? error
        : null;
  return typeof message === 'string' && message.trim() !== '' ? message : null;
}

/** Thrown by a {@link RealtimeTransport} call when the server refused the session (401/403). */
export class RealtimeAuthError extends Error {
  constructor(options?: ErrorOptions) {
    super('Realtime session refused', options);
    this.name = 'RealtimeAuthError';
  }
}

/** One socket attempt; `close()` discards it (its late callbacks are ignored). */
export interface RealtimeSocket {
  close(): void;
}

/** What a socket attempt reports. `closed(code)` also covers a failed open (code 1006). */
export interface SocketHandlers {
  opened(): void;
  /** The socket's `error` event (a `closed` follows it). */
  error(cause?: unknown): void;
  closed(code: number): void;
}

/** The server side of one session, bound to its space; calls travel over the open socket. */
export interface RealtimeTransport {
  /** Opens a socket attempt; throws when none can be created (e.g. no token). */
  openSocket(handlers: SocketHandlers): RealtimeSocket;
  /**
   * Subscribes to the member stream; `started` once the server has started it (it listens from
   * then on), `failed` gets a RealtimeAuthError for 401/403.
   */
  subscribe(handlers: {
    event(event: RealtimeEvent): void;
    started(): void;
    failed(error: unknown): void;
  }): () => void;
  /** Tells the other members this member joined (spec §4: once after the socket opens). */
  join(): Promise<unknown>;
  /** One heartbeat ping (spec §9: every 30 s); rejects with RealtimeAuthError on 401. */
  heartbeat(): Promise<unknown>;
  /**
   * Tells the server this connection is going away (the page is being left), so the others drop
   * its presence within seconds; does nothing without an open socket. Never throws.
   */
  leave?(): void;
}

/** Timers (ms); each returns its cancel function. */
export interface Timers {
  after(callback: () => void, delayMs: number): () => void;
  every(callback: () => void, intervalMs: number): () => void;
}

/** Page visibility: calls `listener` whenever the page becomes visible. */
export type VisibilitySource = (listener: () => void) => () => void;

/**
 * The browser's network (offline mode): `online()` now, and `watch` calls its listener whenever the
 * network goes (false) or comes back (true); returns the unwatch function.
 */
export interface NetworkSource {
  online(): boolean;
  watch(listener: (online: boolean) => void): () => void;
}

export interface RealtimeManagerDeps {
  timers: Timers;
  onPageVisible: VisibilitySource;
  /** Without it the network counts as always there (every loss spends attempts). */
  network?: NetworkSource;
  /** Extra delivery of every §3 message (the app dispatches a window event). */
  publish?: (message: RealtimeMessage) => void;
  /** Diagnostics for §8 real-time texts; defaults to console.warn. */
  warn?: (text: string) => void;
  /**
   * Receives every heartbeat answer with the local epoch ms of its ping and of its arrival (the
   * server clock estimate, ./server-clock.ts). When given, a heartbeat is also sent as soon as a
   * socket opens, so the estimate is there within a round trip rather than after 30 s.
   */
  pong?: (pong: unknown, sentMs: number, receivedMs: number) => void;
}

/** The default timers, on the global clock (fake timers in tests replace it). */
export const globalTimers: Timers = {
  after(callback, delayMs) {
    const id = setTimeout(callback, delayMs);
    return () => clearTimeout(id);
  },
  every(callback, intervalMs) {
    const id = setInterval(callback, intervalMs);
    return () => clearInterval(id);
  },
};

const noop = () => undefined;

/** A tab's connection: one state machine, at most one socket at a time. */
export class RealtimeManager {
  private state: ConnectionState = initialConnectionState;
  private lastError: RealtimeErrorKind | null = null;
  private transport: RealtimeTransport | null = null;
  /** The current socket attempt; callbacks of any other attempt are stale. */
  private attempt: object | null = null;
  private socket: RealtimeSocket | null = null;
  private cancelRetry: () => void = noop;
  private leaveSpace: () => void = noop;
  private cancelRestored: () => void = noop;
  /** Whether the server has started the member stream of the current socket. */
  private listening = false;
  /** Stops watching the page's visibility and the network (set by start). */
  private stopWatching: () => void = noop;
  private readonly queue: ConnectionEvent[] = [];
  private running = false;
  private readonly statusListeners = new Set<() => void>();
  private readonly messageListeners = new Set<(message: RealtimeMessage) => void>();
  private readonly signalListeners = new Set<(signal: RealtimeSignal) => void>();

  constructor(private readonly deps: RealtimeManagerDeps) {}

  /** The current status (spec §4). */
  readonly getStatus = (): ConnectionStatus => this.state.status;

  /**
   * Whether the server has started this tab's member stream on the current socket: what is
   * published from now on arrives. Turns true with the 'listening' signal, false when the
   * socket closes.
   */
  readonly isListening = (): boolean => this.listening;

  /**
   * The §8 text (as a REALTIME_ERROR key) of the latest problem since the connection was last
   * open, or null; cleared when the socket opens and on START/STOP. Changes notify status
   * listeners.
   */
  readonly getLastError = (): RealtimeErrorKind | null => this.lastError;

  /** Calls `listener` on every status change; returns the unsubscribe function. */
  readonly subscribeStatus = (listener: () => void): (() => void) => {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  };

  /** Calls `listener` with every §3 message of the member stream. */
  readonly onMessage = (listener: (message: RealtimeMessage) => void): (() => void) => {
    this.messageListeners.add(listener);
    return () => this.messageListeners.delete(listener);
  };

  /**
   * Calls `listener` with 'reconnected', 'restored', 'listening' and
   * CONNECTION_PERMANENTLY_LOST.
   */
  readonly onSignal = (listener: (signal: RealtimeSignal) => void): (() => void) => {
    this.signalListeners.add(listener);
    return () => this.signalListeners.delete(listener);
  };

  /** Connects a session (replacing any previous one). */
  start(transport: RealtimeTransport): void {
    this.stop();
    this.setLastError(null);
    this.transport = transport;
    const { network } = this.deps;
    const stopWatchingNetwork =
      network?.watch((online) => this.dispatch({ type: 'NETWORK', online })) ?? noop;
    const stopWatchingVisibility = this.deps.onPageVisible(() =>
      this.dispatch({ type: 'PAGE_VISIBLE' }),
    );
    this.stopWatching = () => {
      stopWatchingVisibility();
      stopWatchingNetwork();
    };
    if (network) this.dispatch({ type: 'NETWORK', online: network.online() });
    this.dispatch({ type: 'START' });
  }

  /** Disconnects (logout): closes normally and stays disconnected. */
  stop(): void {
    this.stopWatching();
    this.stopWatching = noop;
    this.dispatch({ type: 'STOP' });
    this.transport = null;
    this.setLastError(null);
  }

  /** The page is going away: tells the server on the open socket, if any (see RealtimeTransport.leave). */
  leave(): void {
    if (this.state.status === 'connected') this.transport?.leave?.();
  }

  /** Reconnects now if disconnected or in a (non-permanent) error. */
  reconnect(): void {
    this.dispatch({ type: 'RECONNECT_REQUESTED' });
  }

  /**
   * Announces that this tab is ending its own session (logout, deleting the space): the
   * server's end-of-session message then disconnects quietly instead of signalling a loss.
   * Returns the function that withdraws it (the call failed).
   */
  expectSessionEnd(): () => void {
    this.dispatch({ type: 'EXPECT_SESSION_END', expected: true });
    return () => this.dispatch({ type: 'EXPECT_SESSION_END', expected: false });
  }

  private dispatch(event: ConnectionEvent): void {
    this.queue.push(event);
    if (this.running) return;
    this.running = true;
    try {
      for (let next = this.queue.shift(); next; next = this.queue.shift()) {
        const before = this.state.status;
        const result = transition(this.state, next);
        this.state = result.state;
        // The socket opened: earlier problems are over (the status change below notifies).
        if (this.state.status === 'connected' && before !== 'connected') this.lastError = null;
        for (const effect of result.effects) this.perform(effect);
        if (this.state.status !== before) this.notify(this.statusListeners, undefined);
      }
    } finally {
      this.running = false;
    }
  }

  private perform(effect: ConnectionEffect): void {
    switch (effect.type) {
      case 'openSocket':
        this.openSocket();
        return;
      case 'closeSocket':
        this.closeSocket();
        return;
      case 'scheduleRetry':
        this.cancelRetry();
        this.cancelRetry = this.deps.timers.after(
          () => this.dispatch({ type: 'RETRY_DUE' }),
          effect.delayMs,
        );
        return;
      case 'cancelRetry':
        this.cancelRetry();
        this.cancelRetry = noop;
        return;
      case 'joinSpace':
        this.joinSpace();
        return;
      case 'emit':
        this.emit(effect.signal);
        return;
      default:
        assertNever(effect);
    }
  }

  private openSocket(): void {
    this.closeSocket();
    const transport = this.transport;
    if (!transport) return;
    const attempt = {};
    this.attempt = attempt;
    try {
      this.socket = transport.openSocket({
        opened: () => {
          if (this.attempt === attempt) this.dispatch({ type: 'OPENED' });
        },
        error: () => {
          if (this.attempt === attempt) this.report('socketError');
        },
        closed: (code) => {
          if (this.attempt === attempt) this.dispatch({ type: 'CLOSED', code });
        },
      });
    } catch (error) {
      this.attempt = null;
      const message = errorMessage(error);
      if (message === REALTIME_ERROR.noToken) this.report('noToken');
      else this.report('connectFailed', message ?? REALTIME_ERROR.unknown);
      this.dispatch({ type: 'FAILED' });
    }
  }

  private closeSocket(): void {
    this.leaveSpace();
    this.leaveSpace = noop;
    const socket = this.socket;
    this.attempt = null;
    this.socket = null;
    socket?.close();
  }

  /** Member stream, join and heartbeat on the socket that just opened; undone by closeSocket. */
  private joinSpace(): void {
    const transport = this.transport;
    const attempt = this.attempt;
    if (!transport || !attempt) return;
    const current = () => this.attempt === attempt;
    const failed = (error: unknown) => {
      if (!current()) return;
      if (error instanceof RealtimeAuthError) {
        this.dispatch({ type: 'SESSION_ENDED', reason: 'unauthorized' });
        return;
      }
      // Any other failure of the stream, join or heartbeat: the socket's close decides what
      // happens next; here it is only reported.
      const message = errorMessage(error);
      if (message === null) this.report('unknown');
      else this.report('socketError', message);
    };
    const unsubscribe = transport.subscribe({
      event: (event) => {
        if (current()) this.receive(event);
      },
      started: () => {
        if (!current()) return;
        this.listening = true;
        this.emit('listening');
      },
      failed,
    });
    transport.join().catch(failed);
    const { pong } = this.deps;
    const heartbeat = () => {
      const sentMs = Date.now();
      transport.heartbeat().then((answer) => {
        if (current()) pong?.(answer, sentMs, Date.now());
      }, failed);
    };
    if (pong) heartbeat();
    const stopHeartbeat = this.deps.timers.every(heartbeat, HEARTBEAT_INTERVAL_MS);
    this.leaveSpace = () => {
      this.listening = false;
      unsubscribe();
      stopHeartbeat();
      this.cancelRestored();
      this.cancelRestored = noop;
    };
  }

  private receive(event: RealtimeEvent): void {
    switch (event.type) {
      case 'error':
        this.dispatch({ type: 'SESSION_ENDED', reason: event.data.code });
        return;
      case 'content_update':
      case 'content_pending':
      case 'presence_update':
      case 'user_joined':
      case 'user_left':
      case 'resync':
        this.notify(this.messageListeners, event);
        this.deps.publish?.(event);
        return;
      default: {
        // A message type this client does not know (a newer server): not ours to handle.
        const unknown: never = event;
        this.report('parseFailed', JSON.stringify(unknown));
      }
    }
  }

  private emit(signal: RealtimeSignal): void {
    if (signal === CONNECTION_PERMANENTLY_LOST) {
      if (this.state.attempts >= MAX_RECONNECT_ATTEMPTS) this.report('maxAttempts');
      else this.warn(CONNECTION_PERMANENTLY_LOST);
    }
    this.notify(this.signalListeners, signal);
    // spec §4/§9: tool screens reload on the reconnect and again 1 s after it.
    if (signal === 'reconnected') {
      this.cancelRestored();
      this.cancelRestored = this.deps.timers.after(
        () => this.emit('restored'),
        RELOAD_AFTER_RESTORE_MS,
      );
    }
  }

  /** Calls every listener; one that throws is reported and does not stop the others. */
  private notify<T>(listeners: Set<(value: T) => void>, value: T): void {
    for (const listener of listeners) {
      try {
        listener(value);
      } catch (error) {
        console.error(error);
      }
    }
  }

  /** Logs the §8 text of `kind` (with `detail`) and makes it the last error. */
  private report(kind: RealtimeErrorKind, detail?: string): void {
    this.warn(detail ? `${REALTIME_ERROR[kind]}: ${detail}` : REALTIME_ERROR[kind]);
    this.setLastError(kind);
  }

  private setLastError(kind: RealtimeErrorKind | null): void {
    if (this.lastError === kind) return;
    this.lastError = kind;
    this.notify(this.statusListeners, undefined);
  }

  private warn(text: string): void {
    (this.deps.warn ?? console.warn)(text);
  }
}

function assertNever(value: never): never {
  throw new Error(`Unhandled connection effect ${JSON.stringify(value)}`);
}
