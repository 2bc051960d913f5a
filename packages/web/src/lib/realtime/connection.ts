/**
 * The tab's one real-time connection (spec §4 Real-time connection status) over the raw WebSocket
 * `/api/ws/{spaceName}` (./raw-socket-transport.ts; docs/websocket.md) — the path whose fan-out
 * meets the 2× goal, where tRPC's WebSocket adapter did not.
 *
 * Reconnection is ours: every socket attempt is a fresh WebSocket, and the state machine
 * (./connection-machine.ts) decides after each close: retry with our backoff (1, 2, 4, 8, 16 s),
 * stay disconnected (close 1000), or give up (CONNECTION_PERMANENTLY_LOST). Queries and mutations,
 * presence included, stay on tRPC over HTTP.
 */
import { forwardRealtimeMessage } from '../content-prefetch.ts';
import { getToken } from '../session.ts';
import { rawSocketTransport } from './raw-socket-transport.ts';
import { globalTimers, RealtimeManager, type RealtimeMessage } from './realtime-manager.ts';
import { clockSample, serverClock } from './server-clock.ts';
import { setSessionEndExpectation } from './session-end-link.ts';

/**
 * Name of the window `CustomEvent` dispatched for every §3 message the member stream delivers
 * (`event.detail` is the message). The integration point for code outside the module graph;
 * screens use `onRealtimeMessage`.
 */
export const REALTIME_WINDOW_EVENT = 'cipherspace:realtime';

/**
 * This tab's id on the server: its own events are not echoed back to it. Not a secret;
 * `crypto.randomUUID` exists only in secure contexts (and newer browsers), so without it the id
 * comes from `getRandomValues`, and loading this module never throws.
 */
export const CLIENT_ID: string = newClientId();

function newClientId(): string {
  const api = globalThis.crypto as Partial<Crypto>;
  if (typeof api.randomUUID === 'function') return api.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The tab's connection manager. */
export const realtimeManager = new RealtimeManager({
  timers: globalTimers,
  onPageVisible: (listener) => {
    const onChange = () => {
      if (document.visibilityState === 'visible') listener();
    };
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  },
  network: {
    online: () => navigator.onLine,
    watch: (listener) => {
      const online = () => listener(true);
      const offline = () => listener(false);
      addEventListener('online', online);
      addEventListener('offline', offline);
      return () => {
        removeEventListener('online', online);
        removeEventListener('offline', offline);
      };
    },
  },
  publish: (message: RealtimeMessage) => {
    window.dispatchEvent(new CustomEvent(REALTIME_WINDOW_EVENT, { detail: message }));
  },
  pong: (pong, sentMs, receivedMs) => serverClock.record(clockSample(pong, sentMs, receivedMs)),
});

// The shell's parts that outlive this module's loading (it comes with the first signed-in
// screen): the content prefetch hears every message first, as its first listener; logout and
// deleting the space mark the session's end as expected.
realtimeManager.onMessage(forwardRealtimeMessage);
setSessionEndExpectation(() => realtimeManager.expectSessionEnd());

/**
 * Connects the signed-in session of `spaceName` (the token of ../session.ts); returns the
 * function that disconnects it (logout). spec §4.
 */
export function startRealtime(spaceName: string): () => void {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  realtimeManager.start(
    rawSocketTransport({
      spaceName,
      clientId: CLIENT_ID,
      token: getToken,
      origin: `${scheme}://${window.location.host}`,
    }),
  );
  // Closing, reloading or navigating away: the others drop this tab's presence within seconds.
  const leave = () => realtimeManager.leave();
  window.addEventListener('pagehide', leave);
  return () => {
    window.removeEventListener('pagehide', leave);
    realtimeManager.stop();
  };
}
