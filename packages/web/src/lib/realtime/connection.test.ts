/**
 * The tab's connection module (./connection.ts) and the shell's parts that are loaded before it
 * (it comes with the first signed-in screen): the content prefetch hears every message of the
 * connection, before the screens' listeners, and a logout through the app's tRPC links marks
 * the session's end as expected (the member stream's end then disconnects, no loss). The
 * transport is scripted, standing in for the server's WebSocket.
 */
import type { AppRouter } from '@cipherspace/api';
import { createTRPCClient, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { contentPrefetch } from '../content-prefetch.ts';
import { realtimeManager } from './connection.ts';
import type { RealtimeEvent, RealtimeTransport, SocketHandlers } from './realtime-manager.ts';
import { sessionEndLink } from './session-end-link.ts';

function scriptedTransport() {
  const opened: SocketHandlers[] = [];
  const streams: ((event: RealtimeEvent) => void)[] = [];
  const transport: RealtimeTransport = {
    openSocket(handlers) {
      opened.push(handlers);
      return { close: () => undefined };
    },
    subscribe(handlers) {
      streams.push((event) => handlers.event(event));
      return () => undefined;
    },
    join: () => Promise.resolve({ ok: true }),
    heartbeat: () => new Promise(() => undefined),
  };
  return {
    transport,
    open: () => opened[opened.length - 1]?.opened(),
    deliver: (event: RealtimeEvent) => streams[streams.length - 1]?.(event),
  };
}

const sessionEnded: RealtimeEvent = {
  type: 'error',
  space_name: 'Team',
  timestamp: '2024-01-01T00:00:00.000Z',
  data: { error: 'ended', code: 'session_ended' },
};

/** Answers every call once `answer` is called (the server's HTTP answer, held back). */
function heldBackServer() {
  let answer: () => void = () => undefined;
  const link: TRPCLink<AppRouter> = () => () =>
    observable((observer) => {
      answer = () => {
        observer.next({ result: { type: 'data', data: { success: true } } });
        observer.complete();
      };
      return () => undefined;
    });
  return { link, answer: () => answer() };
}

afterEach(() => {
  realtimeManager.stop();
  vi.restoreAllMocks();
});

describe("the tab's connection", () => {
  it('drops a prefetched answer on a content update before the screens hear of it', async () => {
    const { transport, open, deliver } = scriptedTransport();
    contentPrefetch.prefetch('Team', 'kanban', () => Promise.resolve('stored'));
    let prefetchedWhenHeard: unknown = 'not heard';
    const stop = realtimeManager.onMessage(() => {
      prefetchedWhenHeard = contentPrefetch.take('Team', 'kanban');
    });
    realtimeManager.start(transport);
    open();
    deliver({
      type: 'content_update',
      space_name: 'Team',
      timestamp: '2024-01-01T00:00:00.000Z',
      data: { tool: 'kanban', content_hash: 'ab', modified_by: 'bob', version: 2 },
    });
    stop();
    expect(prefetchedWhenHeard).toBeNull();
    // Another tool's answer stays.
    contentPrefetch.prefetch('Team', 'bulletin', () => Promise.resolve('stored'));
    await expect(contentPrefetch.take('Team', 'bulletin')).resolves.toBe('stored');
  });

  it("takes the member stream's end during this tab's logout for no loss", async () => {
    const { transport, open, deliver } = scriptedTransport();
    const signals: string[] = [];
    const stop = realtimeManager.onSignal((signal) => signals.push(signal));
    const server = heldBackServer();
    const client = createTRPCClient<AppRouter>({
      links: [sessionEndLink(), server.link],
    });
    realtimeManager.start(transport);
    open();
    const logout = client.auth.logout.mutate();
    deliver(sessionEnded);
    server.answer();
    await logout;
    stop();
    expect(realtimeManager.getStatus()).toBe('disconnected');
    expect(signals).toEqual([]);
  });

  it('takes the end of a session ended elsewhere for a permanent loss', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { transport, open, deliver } = scriptedTransport();
    const signals: string[] = [];
    const stop = realtimeManager.onSignal((signal) => signals.push(signal));
    realtimeManager.start(transport);
    open();
    deliver(sessionEnded);
    stop();
    expect(signals).toEqual(['CONNECTION_PERMANENTLY_LOST']);
    expect(warn).toHaveBeenCalledWith('CONNECTION_PERMANENTLY_LOST');
  });
});
