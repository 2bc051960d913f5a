/**
 * The runtime around the state machine, with a scripted transport (standing in for the server's
 * WebSocket) and fake timers for the backoff and heartbeat clocks.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import {
  errorMessage,
  REALTIME_ERROR,
  RealtimeAuthError,
  RealtimeManager,
  globalTimers,
  type RealtimeEvent,
  type RealtimeTransport,
  type SocketHandlers,
} from './realtime-manager.ts';

interface FakeSocket {
  handlers: SocketHandlers;
  closed: boolean;
}

function fakeTransport() {
  const sockets: FakeSocket[] = [];
  const streams: {
    event: (event: RealtimeEvent) => void;
    started: () => void;
    failed: (error: unknown) => void;
    active: boolean;
  }[] = [];
  const calls = { join: 0, heartbeat: 0, leave: 0 };
  let heartbeatResult: () => Promise<unknown> = () => Promise.resolve({ response: 'pong' });
  let refuseSocket = false;
  const transport: RealtimeTransport = {
    openSocket(handlers) {
      if (refuseSocket) throw new Error('Authentication token not available');
      const socket: FakeSocket = { handlers, closed: false };
      sockets.push(socket);
      return {
        close: () => {
          socket.closed = true;
        },
      };
    },
    subscribe(handlers) {
      const stream = { ...handlers, active: true };
      streams.push(stream);
      return () => {
        stream.active = false;
      };
    },
    join() {
      calls.join += 1;
      return Promise.resolve({ ok: true });
    },
    heartbeat() {
      calls.heartbeat += 1;
      return heartbeatResult();
    },
    leave() {
      calls.leave += 1;
    },
  };
  return {
    transport,
    sockets,
    streams,
    calls,
    last: () => sockets[sockets.length - 1] as FakeSocket,
    setHeartbeat(result: () => Promise<unknown>) {
      heartbeatResult = result;
    },
    refuseSockets(refuse: boolean) {
      refuseSocket = refuse;
    },
  };
}

function setup(extra: { pong?: (pong: unknown, sentMs: number, receivedMs: number) => void } = {}) {
  const fake = fakeTransport();
  let visible: () => void = () => undefined;
  // The browser's network as the manager sees it (`navigator.onLine`, online/offline events).
  const network = { online: true, listener: null as ((online: boolean) => void) | null };
  const published: unknown[] = [];
  const warnings: string[] = [];
  const manager = new RealtimeManager({
    timers: globalTimers,
    onPageVisible: (listener) => {
      visible = listener;
      return () => {
        visible = () => undefined;
      };
    },
    network: {
      online: () => network.online,
      watch: (listener) => {
        network.listener = listener;
        return () => {
          network.listener = null;
        };
      },
    },
    publish: (message) => published.push(message),
    warn: (text) => warnings.push(text),
    ...extra,
  });
  const signals: string[] = [];
  manager.onSignal((signal) => signals.push(signal));
  const statuses: string[] = [];
  manager.subscribeStatus(() => statuses.push(manager.getStatus()));
  return {
    fake,
    manager,
    signals,
    statuses,
    published,
    warnings,
    becomeVisible: () => visible(),
    network,
    setNetwork: (online: boolean) => {
      network.online = online;
      network.listener?.(online);
    },
  };
}

const contentUpdate: RealtimeEvent = {
  type: 'content_update',
  space_name: 'Team',
  timestamp: '2024-01-01T00:00:00.000Z',
  data: { tool: 'kanban', content_hash: 'ab', modified_by: 'bob', version: 2 },
};

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('RealtimeManager', () => {
  it('connects on start, counts as connected on open, then subscribes and joins once', () => {
    const { fake, manager, statuses } = setup();
    manager.start(fake.transport);
    expect(manager.getStatus()).toBe('connecting');
    fake.last().handlers.opened();
    expect(manager.getStatus()).toBe('connected');
    expect(fake.streams).toHaveLength(1);
    expect(fake.calls.join).toBe(1);
    expect(statuses).toEqual(['connecting', 'connected']);
  });

  it('tells the server the page is going away only over an open socket', () => {
    const { fake, manager } = setup();
    manager.start(fake.transport);
    manager.leave();
    expect(fake.calls.leave).toBe(0);
    fake.last().handlers.opened();
    manager.leave();
    expect(fake.calls.leave).toBe(1);
    manager.stop();
    manager.leave();
    expect(fake.calls.leave).toBe(1);
  });

  it('sends a heartbeat every 30 s while connected', () => {
    const { fake, manager } = setup();
    manager.start(fake.transport);
    fake.last().handlers.opened();
    vi.advanceTimersByTime(29_999);
    expect(fake.calls.heartbeat).toBe(0);
    vi.advanceTimersByTime(1);
    expect(fake.calls.heartbeat).toBe(1);
    vi.advanceTimersByTime(60_000);
    expect(fake.calls.heartbeat).toBe(3);
  });

  it('with a pong listener, pings as soon as the socket opens and hands over every answer timed', async () => {
    const pongs: [unknown, number, number][] = [];
    const { fake, manager } = setup({
      pong: (pong, sentMs, receivedMs) => pongs.push([pong, sentMs, receivedMs]),
    });
    const answer = { type: 'heartbeat', timestamp: '2024-01-01T00:00:00.000Z' };
    fake.setHeartbeat(() => Promise.resolve(answer));
    manager.start(fake.transport);
    fake.last().handlers.opened();
    expect(fake.calls.heartbeat).toBe(1);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(fake.calls.heartbeat).toBe(2);
    expect(pongs).toHaveLength(2);
    const [pong, sentMs, receivedMs] = pongs[1] ?? [];
    expect(pong).toBe(answer);
    expect(receivedMs).toBeGreaterThanOrEqual(sentMs ?? Infinity);
    // The answer of a socket already discarded is not a sample.
    let late: (value: unknown) => void = () => undefined;
    fake.setHeartbeat(() => new Promise((resolve) => (late = resolve)));
    await vi.advanceTimersByTimeAsync(30_000);
    manager.stop();
    late(answer);
    await vi.advanceTimersByTimeAsync(0);
    expect(pongs).toHaveLength(2);
  });

  it('delivers §3 messages to listeners and the publisher', () => {
    const { fake, manager, published } = setup();
    const received: unknown[] = [];
    manager.onMessage((message) => received.push(message));
    manager.start(fake.transport);
    fake.last().handlers.opened();
    fake.streams[0]?.event(contentUpdate);
    expect(received).toEqual([contentUpdate]);
    expect(published).toEqual([contentUpdate]);
  });

  it('reconnects after 1 s on an abnormal close, emits reconnected, and restored 1 s later', () => {
    const { fake, manager, signals } = setup();
    manager.start(fake.transport);
    fake.last().handlers.opened();
    fake.last().handlers.closed(1006);
    expect(manager.getStatus()).toBe('reconnecting');
    expect(fake.sockets[0]?.closed).toBe(true);
    expect(fake.streams[0]?.active).toBe(false);
    vi.advanceTimersByTime(999);
    expect(fake.sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(fake.sockets).toHaveLength(2);
    fake.last().handlers.opened();
    expect(manager.getStatus()).toBe('connected');
    expect(fake.calls.join).toBe(2);
    expect(signals).toEqual(['reconnected']);
    vi.advanceTimersByTime(1_000);
    expect(signals).toEqual(['reconnected', 'restored']);
  });

  it("signals 'listening' each time the server starts the member stream, never for an old socket", () => {
    const { fake, manager, signals } = setup();
    manager.start(fake.transport);
    fake.last().handlers.opened();
    expect(signals).toEqual([]);
    expect(manager.isListening()).toBe(false);
    fake.streams[0]?.started();
    expect(signals).toEqual(['listening']);
    expect(manager.isListening()).toBe(true);
    fake.last().handlers.closed(1006);
    expect(manager.isListening()).toBe(false);
    vi.advanceTimersByTime(1_000);
    fake.last().handlers.opened();
    fake.streams[0]?.started(); // the first socket's stream, late
    expect(signals).toEqual(['listening', 'reconnected']);
    expect(manager.isListening()).toBe(false);
    fake.streams[1]?.started();
    expect(manager.isListening()).toBe(true);
    expect(signals).toEqual(['listening', 'reconnected', 'listening']);
  });

  it('gives up after 5 attempts (1+2+4+8+16 s): error and CONNECTION_PERMANENTLY_LOST', () => {
    const { fake, manager, signals } = setup();
    manager.start(fake.transport);
    fake.last().handlers.opened();
    fake.last().handlers.closed(1006);
    const openedAt: number[] = [];
    const start = Date.now();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const count = fake.sockets.length;
      while (fake.sockets.length === count) vi.advanceTimersByTime(100);
      openedAt.push(Date.now() - start);
      expect(manager.getStatus()).toBe('reconnecting');
      fake.last().handlers.closed(1006);
    }
    expect(openedAt).toEqual([1000, 3000, 7000, 15000, 31000]);
    expect(manager.getStatus()).toBe('error');
    expect(signals).toEqual(['CONNECTION_PERMANENTLY_LOST']);
    vi.advanceTimersByTime(120_000);
    expect(fake.sockets).toHaveLength(6);
  });

  it('while the browser is offline a lost connection waits, however long, and comes back with the network', () => {
    const { fake, manager, signals, setNetwork } = setup();
    manager.start(fake.transport);
    fake.last().handlers.opened();
    setNetwork(false);
    fake.last().handlers.closed(1006);
    expect(manager.getStatus()).toBe('disconnected');
    // Ten minutes offline: no socket, no attempt spent, no permanent loss (no logout).
    vi.advanceTimersByTime(600_000);
    expect(fake.sockets).toHaveLength(1);
    expect(signals).toEqual([]);
    setNetwork(true);
    expect(manager.getStatus()).toBe('connecting');
    expect(fake.sockets).toHaveLength(2);
    fake.last().handlers.opened();
    expect(manager.getStatus()).toBe('connected');
    expect(signals).toEqual(['reconnected']);
  });

  it('a page started offline waits for the network, and stop stops watching it', () => {
    const { fake, manager, signals, network, setNetwork } = setup();
    setNetwork(false);
    manager.start(fake.transport);
    fake.last().handlers.closed(1006);
    vi.advanceTimersByTime(120_000);
    expect(fake.sockets).toHaveLength(1);
    expect(manager.getStatus()).toBe('disconnected');
    setNetwork(true);
    fake.last().handlers.opened();
    expect(manager.getStatus()).toBe('connected');
    expect(signals).toEqual([]);
    manager.stop();
    expect(network.listener).toBeNull();
  });

  it('a normal close leaves it disconnected until the page becomes visible', () => {
    const { fake, manager, signals, becomeVisible } = setup();
    manager.start(fake.transport);
    fake.last().handlers.opened();
    fake.last().handlers.closed(1000);
    expect(manager.getStatus()).toBe('disconnected');
    vi.advanceTimersByTime(60_000);
    expect(fake.sockets).toHaveLength(1);
    becomeVisible();
    expect(manager.getStatus()).toBe('connecting');
    fake.last().handlers.opened();
    expect(signals).toEqual(['reconnected']);
  });

  it('a 401 on the heartbeat is a permanent loss', async () => {
    const { fake, manager, signals } = setup();
    manager.start(fake.transport);
    fake.last().handlers.opened();
    fake.setHeartbeat(() => Promise.reject(new RealtimeAuthError()));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(manager.getStatus()).toBe('error');
    expect(signals).toEqual(['CONNECTION_PERMANENTLY_LOST']);
    expect(fake.last().closed).toBe(true);
  });

  it('other heartbeat failures are left to the socket', async () => {
    const { fake, manager, signals } = setup();
    manager.start(fake.transport);
    fake.last().handlers.opened();
    fake.setHeartbeat(() => Promise.reject(new Error('WebSocket closed')));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(manager.getStatus()).toBe('connected');
    expect(signals).toEqual([]);
  });

  it.each(['session_ended', 'member_removed', 'space_deleted'] as const)(
    'a stream ending with error %s is a permanent loss',
    (code) => {
      const { fake, manager, signals, published } = setup();
      manager.start(fake.transport);
      fake.last().handlers.opened();
      fake.streams[0]?.event({
        type: 'error',
        space_name: 'Team',
        timestamp: '2024-01-01T00:00:00.000Z',
        data: { error: 'ended', code },
      });
      expect(manager.getStatus()).toBe('error');
      expect(signals).toEqual(['CONNECTION_PERMANENTLY_LOST']);
      expect(published).toEqual([]);
    },
  );

  it('the end of a session this tab ends itself disconnects without a loss', () => {
    const { fake, manager, signals } = setup();
    manager.start(fake.transport);
    fake.last().handlers.opened();
    manager.expectSessionEnd();
    fake.streams[0]?.event({
      type: 'error',
      space_name: 'Team',
      timestamp: '2024-01-01T00:00:00.000Z',
      data: { error: 'ended', code: 'session_ended' },
    });
    expect(manager.getStatus()).toBe('disconnected');
    expect(signals).toEqual([]);
    expect(fake.last().closed).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(fake.sockets).toHaveLength(1);
  });

  it('a refused subscription (401) is a permanent loss', () => {
    const { fake, manager, signals } = setup();
    manager.start(fake.transport);
    fake.last().handlers.opened();
    fake.streams[0]?.failed(new RealtimeAuthError());
    expect(signals).toEqual(['CONNECTION_PERMANENTLY_LOST']);
  });

  it('stop disconnects, closes the socket and ignores its late callbacks', () => {
    const { fake, manager } = setup();
    manager.start(fake.transport);
    const socket = fake.last();
    socket.handlers.opened();
    manager.stop();
    expect(manager.getStatus()).toBe('disconnected');
    expect(socket.closed).toBe(true);
    socket.handlers.closed(1006);
    vi.advanceTimersByTime(60_000);
    expect(manager.getStatus()).toBe('disconnected');
    expect(fake.sockets).toHaveLength(1);
    expect(fake.calls.heartbeat).toBe(0);
  });

  it('stop during the backoff cancels the retry', () => {
    const { fake, manager } = setup();
    manager.start(fake.transport);
    fake.last().handlers.opened();
    fake.last().handlers.closed(1006);
    manager.stop();
    vi.advanceTimersByTime(60_000);
    expect(fake.sockets).toHaveLength(1);
  });

  it('when no socket can be created: error (not permanent), retried when the page is visible', () => {
    const { fake, manager, signals, becomeVisible } = setup();
    fake.refuseSockets(true);
    manager.start(fake.transport);
    expect(manager.getStatus()).toBe('error');
    expect(signals).toEqual([]);
    fake.refuseSockets(false);
    becomeVisible();
    expect(manager.getStatus()).toBe('connecting');
    fake.last().handlers.opened();
    expect(manager.getStatus()).toBe('connected');
  });

  it('no restored signal when the reconnected socket drops within 1 s', () => {
    const { fake, manager, signals } = setup();
    manager.start(fake.transport);
    fake.last().handlers.opened();
    fake.last().handlers.closed(1006);
    vi.advanceTimersByTime(1_000);
    fake.last().handlers.opened();
    fake.last().handlers.closed(1006);
    vi.advanceTimersByTime(1_000);
    expect(signals).toEqual(['reconnected']);
  });

  it('a listener that throws does not stop the others or the connection', () => {
    const { fake, manager } = setup();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const received: unknown[] = [];
    manager.onMessage(() => {
      throw new Error('screen bug');
    });
    manager.onMessage((message) => received.push(message));
    manager.start(fake.transport);
    fake.last().handlers.opened();
    fake.streams[0]?.event(contentUpdate);
    expect(received).toEqual([contentUpdate]);
    expect(manager.getStatus()).toBe('connected');
    expect(errors).toHaveBeenCalledOnce();
    errors.mockRestore();
  });

  it('reconnect() retries a disconnected connection now', () => {
    const { fake, manager } = setup();
    manager.start(fake.transport);
    fake.last().handlers.opened();
    fake.last().handlers.closed(1000);
    manager.reconnect();
    expect(manager.getStatus()).toBe('connecting');
    expect(fake.sockets).toHaveLength(2);
  });
});

describe('RealtimeManager §8 error texts', () => {
  it("a socket 'error' event reports 'WebSocket connection error' until the socket opens again", () => {
    const { fake, manager, warnings } = setup();
    const notified: (string | null)[] = [];
    manager.subscribeStatus(() => notified.push(manager.getLastError()));
    manager.start(fake.transport);
    fake.last().handlers.opened();
    expect(manager.getLastError()).toBeNull();

    fake.last().handlers.error(new Event('error'));
    expect(warnings).toEqual(['WebSocket connection error']);
    expect(REALTIME_ERROR.socketError).toBe('WebSocket connection error');
    expect(manager.getLastError()).toBe('socketError');
    expect(notified).toContain('socketError');

    fake.last().handlers.closed(1006);
    expect(manager.getStatus()).toBe('reconnecting');
    expect(manager.getLastError()).toBe('socketError');
    vi.advanceTimersByTime(1_000);
    fake.last().handlers.opened();
    expect(manager.getStatus()).toBe('connected');
    expect(manager.getLastError()).toBeNull();
  });

  it('ignores the error event of a socket it already discarded', () => {
    const { fake, manager, warnings } = setup();
    manager.start(fake.transport);
    const first = fake.last();
    manager.stop();
    first.handlers.error();
    expect(warnings).toEqual([]);
    expect(manager.getLastError()).toBeNull();
  });

  it.each([
    ['undefined', undefined],
    ['an Error without a message', new Error('')],
    ['an object without a message', { code: 42 }],
  ])("a stream failure with %s reports 'Unknown WebSocket error'", (_label, error) => {
    const { fake, manager, warnings } = setup();
    manager.start(fake.transport);
    fake.last().handlers.opened();
    fake.streams[0]?.failed(error);
    expect(warnings).toEqual(['Unknown WebSocket error']);
    expect(manager.getLastError()).toBe('unknown');
    expect(manager.getStatus()).toBe('connected');
  });

  it("a stream failure with a message is a 'WebSocket connection error' with that detail", async () => {
    const { fake, manager, warnings } = setup();
    manager.start(fake.transport);
    fake.last().handlers.opened();
    fake.setHeartbeat(() => Promise.reject(new Error('WebSocket closed')));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(warnings).toEqual(['WebSocket connection error: WebSocket closed']);
    expect(manager.getLastError()).toBe('socketError');
  });

  it('a socket that cannot be created reports its reason, or the unknown error without one', () => {
    const { fake, manager, warnings } = setup();
    fake.refuseSockets(true);
    manager.start(fake.transport);
    expect(warnings).toEqual(['Authentication token not available']);
    expect(manager.getLastError()).toBe('noToken');

    const throwing = setup();
    throwing.fake.transport.openSocket = () => {
      throw new Error('');
    };
    throwing.manager.start(throwing.fake.transport);
    expect(throwing.warnings).toEqual(['Failed to establish connection: Unknown WebSocket error']);
    expect(throwing.manager.getLastError()).toBe('connectFailed');
  });

  it('start and stop clear the last error', () => {
    const { fake, manager } = setup();
    manager.start(fake.transport);
    fake.last().handlers.error();
    expect(manager.getLastError()).toBe('socketError');
    manager.stop();
    expect(manager.getLastError()).toBeNull();
  });

  it('after 5 failed attempts it reports the maximum-attempts text', () => {
    const { fake, manager, warnings } = setup();
    manager.start(fake.transport);
    fake.last().handlers.opened();
    fake.last().handlers.closed(1006);
    for (const delay of [1_000, 2_000, 4_000, 8_000, 16_000]) {
      vi.advanceTimersByTime(delay);
      fake.last().handlers.closed(1006);
    }
    expect(manager.getStatus()).toBe('error');
    expect(warnings).toEqual(['Unable to reconnect to server - maximum attempts exceeded']);
    expect(manager.getLastError()).toBe('maxAttempts');
  });
});

describe('errorMessage', () => {
  it('is the message when there is one, else null', () => {
    expect(errorMessage(new Error('boom'))).toBe('boom');
    expect(errorMessage({ message: 'plain' })).toBe('plain');
    expect(errorMessage('text')).toBe('text');
    expect(errorMessage(new Error('  '))).toBeNull();
    expect(errorMessage(undefined)).toBeNull();
    expect(errorMessage({ message: 3 })).toBeNull();
  });
});
