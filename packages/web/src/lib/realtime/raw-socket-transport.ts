/**
 * The tab's live channel over the raw WebSocket `/api/ws/{spaceName}` (docs/websocket.md; spec
 * §3 Real-time messages, §4 Real-time connection) — the path third-party clients speak, which fans
 * an event out to 1,000 sockets within 2× a bare `ws` loop, where tRPC's WebSocket adapter took 3×
 * (bench/RESULTS.md, fanout).
 *
 * One {@link RealtimeTransport} per signed-in space. Each socket attempt connects with
 * `?token=…&client_id=…&pending=1&refusal=close`:
 * - `client_id`: this tab's id, so what it causes is not echoed back to it;
 * - `pending=1`: members' saves in flight arrive as `content_pending`;
 * - `refusal=close`: a refused connection opens, says why in an `error` message and closes with
 *   4000 + the HTTP status — a browser cannot read the status of a refused upgrade.
 *
 * The server subscribes before it upgrades, so the member stream is `started` once the socket is
 * open. A close 4401/4403/4404 (session ended, another space's token, space gone) is a
 * {@link RealtimeAuthError} for the manager; every other close is the socket's `closed(code)`.
 */
import {
  REALTIME_ERROR,
  RealtimeAuthError,
  type RealtimeEvent,
  type RealtimeSocket,
  type RealtimeTransport,
  type SocketHandlers,
} from './realtime-manager.ts';

/** Close codes after which this session cannot reconnect (docs/websocket.md, Closing). */
const AUTH_CLOSE_CODES: ReadonlySet<number> = new Set([4401, 4403, 4404]);

/** What the transport needs of a browser `WebSocket` (Node's `ws` has the same). */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface RawSocketTransportOptions {
  /** The signed-in space. */
  spaceName: string;
  /** This tab's id (./connection.ts CLIENT_ID). */
  clientId: string;
  /** The session's bearer token now; null without a session (the attempt then fails). */
  token: () => string | null;
  /** `ws://host` or `wss://host` of our server. */
  origin: string;
  /** Opens a socket; default the browser's `WebSocket`. */
  open?: (url: string) => SocketLike;
}

type StreamHandlers = Parameters<RealtimeTransport['subscribe']>[0];

/** One socket attempt and what waits on it. */
interface Attempt {
  socket: SocketLike;
  open: boolean;
  /** Discarded by the manager: nothing more is reported. */
  discarded: boolean;
  stream: StreamHandlers | null;
  /** Heartbeats sent and not yet answered, oldest first. */
  pongs: { resolve(value: unknown): void; reject(error: unknown): void }[];
  /** The text of the last `error` message without a code (a refusal's reason). */
  refusal: string | null;
}

/** The WebSocket `readyState` of an open socket. */
const OPEN = 1;

/** The URL of a socket attempt for `spaceName` (see the module comment). */
export function rawSocketUrl(
  origin: string,
  spaceName: string,
  query: { token: string; clientId: string },
): string {
  const search = new URLSearchParams({
    token: query.token,
    client_id: query.clientId,
    pending: '1',
    refusal: 'close',
  });
  return `${origin}/api/ws/${encodeURIComponent(spaceName)}?${search.toString()}`;
}

/** The transport of one signed-in space; see the module comment. */
export function rawSocketTransport(options: RawSocketTransportOptions): RealtimeTransport {
  const openSocket = options.open ?? ((url: string) => new WebSocket(url) as SocketLike);
  let current: Attempt | null = null;

  const live = (attempt: Attempt) => current === attempt && !attempt.discarded;

  function receive(attempt: Attempt, data: unknown): void {
    let message: unknown;
    try {
      message = typeof data === 'string' ? JSON.parse(data) : undefined;
    } catch {
      message = undefined;
    }
    if (typeof message !== 'object' || message === null || !('type' in message)) {
      attempt.stream?.failed(new Error(`${REALTIME_ERROR.parseFailed}: ${String(data)}`));
      return;
    }
    const event = message as RealtimeEvent | { type: 'heartbeat' };
    if (event.type === 'heartbeat') {
      attempt.pongs.shift()?.resolve(event);
      return;
    }
    if (event.type === 'error' && !('code' in event.data)) {
      // A refusal (a close 4000 + status follows), or a heartbeat the server could not answer
      // (an expired session: a close 4401 follows, which the manager then hears as such).
      const text = (event.data as { error?: string }).error ?? REALTIME_ERROR.unknown;
      attempt.refusal = text;
      attempt.pongs.shift()?.reject(new Error(text));
      return;
    }
    attempt.stream?.event(event);
  }

  function closed(attempt: Attempt, handlers: SocketHandlers, code: number): void {
    const pongs = attempt.pongs.splice(0);
    if (AUTH_CLOSE_CODES.has(code)) {
      const error = new RealtimeAuthError({ cause: attempt.refusal ?? `closed ${code}` });
      attempt.stream?.failed(error);
      for (const pong of pongs) pong.reject(error);
    }
    handlers.closed(code);
    const gone = new Error(REALTIME_ERROR.connectFailed);
    for (const pong of pongs) pong.reject(gone);
  }

  function openAttempt(handlers: SocketHandlers): RealtimeSocket {
    const token = options.token();
    if (!token) throw new Error(REALTIME_ERROR.noToken);
    const url = rawSocketUrl(options.origin, options.spaceName, {
      token,
      clientId: options.clientId,
    });
    const socket = openSocket(url);
    const attempt: Attempt = {
      socket,
      open: false,
      discarded: false,
      stream: null,
      pongs: [],
      refusal: null,
    };
    current = attempt;
    socket.onopen = () => {
      if (!live(attempt)) return;
      attempt.open = true;
      handlers.opened();
    };
    socket.onmessage = (event) => {
      if (live(attempt)) receive(attempt, event.data);
    };
    socket.onerror = (event) => {
      if (live(attempt)) handlers.error(event);
    };
    socket.onclose = (event) => {
      attempt.open = false;
      if (live(attempt)) closed(attempt, handlers, event.code);
    };
    return {
      close() {
        attempt.discarded = true;
        attempt.open = false;
        if (current === attempt) current = null;
        for (const pong of attempt.pongs.splice(0)) {
          pong.reject(new Error(REALTIME_ERROR.connectFailed));
        }
        socket.close(1000);
      },
    };
  }

  /** The open socket of the current attempt. @throws 'Failed to establish connection' */
  function openAttemptNow(): Attempt {
    if (current?.open !== true || current.socket.readyState !== OPEN) {
      throw new Error(REALTIME_ERROR.connectFailed);
    }
    return current;
  }

  return {
    openSocket: openAttempt,
    subscribe(handlers) {
      const attempt = current;
      if (!attempt) {
        handlers.failed(new Error(REALTIME_ERROR.connectFailed));
        return () => undefined;
      }
      attempt.stream = handlers;
      // The server listens since before the upgrade: the stream runs once the socket is open.
      queueMicrotask(() => {
        if (live(attempt) && attempt.open && attempt.stream === handlers) handlers.started();
      });
      return () => {
        if (attempt.stream === handlers) attempt.stream = null;
      };
    },
    // eslint-disable-next-line @typescript-eslint/require-await -- a closed socket rejects
    async join() {
      openAttemptNow().socket.send(JSON.stringify({ type: 'user_joined' }));
      return { ok: true };
    },
    leave() {
      if (current?.open === true && current.socket.readyState === OPEN) {
        current.socket.send(JSON.stringify({ type: 'leave' }));
      }
    },
    async heartbeat() {
      const attempt = openAttemptNow();
      return await new Promise((resolve, reject) => {
        attempt.pongs.push({ resolve, reject });
        attempt.socket.send(JSON.stringify({ type: 'heartbeat', data: { ping: Date.now() } }));
      });
    },
  };
}
