/**
 * The tab's one real-time connection (spec §4 Real-time connection status) over the typed tRPC
 * WebSocket at `/trpc` (token in `connectionParams`).
 *
 * Reconnection is ours, not the tRPC client's: every socket attempt is a fresh `createWSClient`
 * (not lazy, so it opens at once), and the first `onError`/`onClose` of a client closes that
 * client, which switches its built-in retry loop off before it ever runs. The state machine
 * (./connection-machine.ts) then decides: retry with our backoff (1, 2, 4, 8, 16 s), stay
 * disconnected (close 1000), or give up (CONNECTION_PERMANENTLY_LOST). `realtimeLink()` routes the
 * app's WebSocket operations (subscriptions, heartbeat) to the current client, so every screen
 * shares the same socket.
 */
import type { AppRouter } from '@cipherspace/api';
import {
  createWSClient,
  TRPCClientError,
  wsLink,
  type TRPCClient,
  type TRPCLink,
  type TRPCWebSocketClient,
} from '@trpc/client';
import { observable } from '@trpc/server/observable';
import superjson from 'superjson';

import { getToken } from '../session.ts';
import { ABNORMAL_CLOSURE_CODE, RECONNECT_MAX_DELAY_MS } from './connection-machine.ts';
import {
  globalTimers,
  REALTIME_ERROR,
  RealtimeAuthError,
  RealtimeManager,
  type RealtimeMessage,
  type RealtimeSocket,
  type RealtimeTransport,
  type SocketHandlers,
} from './realtime-manager.ts';

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

/** The tRPC WebSocket client of the current socket attempt, or null between attempts. */
let currentClient: TRPCWebSocketClient | null = null;

function socketUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}/trpc`;
}

/** One socket attempt: a fresh tRPC WebSocket client whose own retry loop never runs. */
function openTrpcSocket(handlers: SocketHandlers): RealtimeSocket {
  const token = getToken();
  if (!token) throw new Error(REALTIME_ERROR.noToken);
  let client: TRPCWebSocketClient | null = null;
  let closed = false;
  // Closing the client sets its `allowReconnect` off, so the retry it schedules after an error
  // or close finds nothing to do; our machine owns every retry.
  const shutDown = () => {
    if (closed) return;
    closed = true;
    if (client && currentClient === client) currentClient = null;
    void client?.close();
  };
  client = createWSClient({
    url: socketUrl,
    connectionParams: () => ({ token }),
    lazy: { enabled: false, closeMs: 0 },
    retryDelayMs: () => RECONNECT_MAX_DELAY_MS,
    onOpen: () => {
      if (!closed) handlers.opened();
    },
    // The socket's `error` event ('WebSocket connection error', spec §8); its close follows.
    onError: (cause) => {
      if (!closed) handlers.error(cause);
      shutDown();
    },
    onClose: (cause) => {
      shutDown();
      handlers.closed(cause?.code ?? ABNORMAL_CLOSURE_CODE);
    },
  });
  currentClient = client;
  return { close: shutDown };
}

function isAuthError(error: unknown): boolean {
  if (!(error instanceof TRPCClientError)) return false;
  const code = (error as TRPCClientError<AppRouter>).data?.code;
  return code === 'UNAUTHORIZED' || code === 'FORBIDDEN';
}

function mapError(error: unknown): unknown {
  return isAuthError(error) ? new RealtimeAuthError({ cause: error }) : error;
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
});

/**
 * Connects the signed-in session of `spaceName` through the app's typed client
 * (`trpc.useUtils().client`); returns the function that disconnects it (logout). spec §4.
 */
export function startRealtime(client: TRPCClient<AppRouter>, spaceName: string): () => void {
  const input = { space_name: spaceName, client_id: CLIENT_ID };
  const transport: RealtimeTransport = {
    openSocket: openTrpcSocket,
    subscribe(handlers) {
      // `pending`: also the content_pending of members' saves in flight (issue 15).
      const subscription = client.realtime.onEvent.subscribe(
        { ...input, pending: true },
        {
          onData: (tracked) => handlers.event(tracked.data),
          onStarted: () => handlers.started(),
          onError: (error) => handlers.failed(mapError(error)),
        },
      );
      return () => subscription.unsubscribe();
    },
    join: () =>
      client.realtime.join.mutate(input).catch((error: unknown) => {
        throw mapError(error);
      }),
    heartbeat: () =>
      client.realtime.heartbeat.query({ space_name: spaceName }).catch((error: unknown) => {
        throw mapError(error);
      }),
  };
  realtimeManager.start(transport);
  return () => realtimeManager.stop();
}

/** Own calls that end this tab's session: the server's end-of-session message is no loss. */
const SESSION_ENDING_PATHS = new Set(['auth.logout', 'spaces.delete']);

/**
 * A pass-through tRPC link that tells the connection when this tab ends its own session
 * (logout, deleting the space), so the member stream's end is not taken for a lost connection
 * (spec §4: that path is for sessions ended elsewhere). Put it first in the link chain.
 */
export function sessionEndLink(): TRPCLink<AppRouter> {
  return () =>
    ({ op, next }) => {
      if (!SESSION_ENDING_PATHS.has(op.path)) return next(op);
      return observable((observer) => {
        const withdraw = realtimeManager.expectSessionEnd();
        return next(op).subscribe({
          next: (value) => observer.next(value),
          error: (error) => {
            withdraw();
            observer.error(error);
          },
          complete: () => observer.complete(),
        });
      });
    };
}

/**
 * The tRPC link for WebSocket operations: each goes to the current socket's client, so the app
 * holds one connection per tab. Without an open attempt it fails with 'Failed to establish
 * connection' (spec §8).
 */
export function realtimeLink(): TRPCLink<AppRouter> {
  return (runtime) =>
    ({ op, next }) =>
      observable((observer) => {
        const client = currentClient;
        if (!client) {
          observer.error(TRPCClientError.from(new Error(REALTIME_ERROR.connectFailed)));
          return;
        }
        return wsLink<AppRouter>({ client, transformer: superjson })(runtime)({
          op,
          next,
        }).subscribe(observer);
      });
}
