/**
 * Child process of the sockets benchmark: opens many authenticated sockets of one space and
 * keeps them idle, each sending the spec's heartbeat (§3 `heartbeat {ping}`, §9 every 30 s) —
 * raw WebSockets, or tRPC clients subscribed to `realtime.onEvent` that call
 * `realtime.heartbeat`, as the web app does.
 *
 * Requests: `{type: 'open', …HoldSpec}` → `{type: 'opened', seconds}`; `{type: 'status'}` →
 * `{type: 'status', …HoldStatus}`; `{type: 'close'}` → `{type: 'closed'}`.
 */
import type { AppRouter } from '@cipherspace/api';
import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import superjson from 'superjson';
import WebSocket from 'ws';

import { serveParent, type WorkerMessage } from '../lib/workers.ts';

export interface HoldSpec {
  kind: 'raw' | 'trpc';
  count: number;
  /** raw: the `/api/ws/{space}?token&session_id` URL; trpc: `ws://…/trpc`. */
  socketUrl: string;
  token: string;
  spaceName: string;
  /** Time between two heartbeats of one socket, in ms (the first is sent right after opening). */
  heartbeatMs: number;
}

export interface HoldStatus {
  open: number;
  /** Sockets that had at least one heartbeat answered. */
  answered: number;
  /** Heartbeat answers in total. */
  pongs: number;
  /** Sockets closed or failed after opening. */
  lost: number;
}

const CONNECT_CONCURRENCY = 100;
const CONNECT_TIMEOUT_MS = 120_000;

interface Held {
  answered: boolean;
  close(): void;
}

const held: Held[] = [];
let pongs = 0;
let lost = 0;
const timers: NodeJS.Timeout[] = [];

function every(ms: number, action: () => void): void {
  // A random first delay spreads the heartbeats of many sockets over the interval.
  const first = setTimeout(() => {
    action();
    timers.push(setInterval(action, ms));
  }, Math.random() * ms);
  timers.push(first);
}

function openRaw(spec: HoldSpec): Promise<Held> {
  const socket = new WebSocket(spec.socketUrl, { perMessageDeflate: false });
  const entry: Held = { answered: false, close: () => socket.terminate() };
  const ping = () => {
    if (socket.readyState === WebSocket.OPEN) {
      socket.send(JSON.stringify({ type: 'heartbeat', data: { ping: Date.now() } }));
    }
  };
  socket.on('message', (data: Buffer) => {
    const message = JSON.parse(data.toString('utf8')) as { type?: string };
    if (message.type === 'heartbeat') {
      pongs += 1;
      entry.answered = true;
    }
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.terminate();
      reject(new Error(`a raw socket did not open within ${CONNECT_TIMEOUT_MS} ms`));
    }, CONNECT_TIMEOUT_MS);
    socket.once('open', () => {
      clearTimeout(timer);
      socket.on('error', () => undefined);
      socket.once('close', () => (lost += 1));
      ping();
      every(spec.heartbeatMs, ping);
      resolve(entry);
    });
    socket.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

function openTrpc(spec: HoldSpec): Promise<Held> {
  const wsClient = createWSClient({
    url: spec.socketUrl,
    WebSocket: WebSocket as unknown as typeof globalThis.WebSocket,
    connectionParams: { token: spec.token },
    onClose: () => (lost += 1),
  });
  const client = createTRPCClient<AppRouter>({
    links: [wsLink({ client: wsClient, transformer: superjson })],
  });
  const entry: Held = { answered: false, close: () => void wsClient.close() };
  const ping = () => {
    client.realtime.heartbeat.query({ space_name: spec.spaceName }).then(
      () => {
        pongs += 1;
        entry.answered = true;
      },
      () => undefined,
    );
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      subscription.unsubscribe();
      void wsClient.close();
      reject(new Error(`a tRPC subscription did not start within ${CONNECT_TIMEOUT_MS} ms`));
    }, CONNECT_TIMEOUT_MS);
    const subscription = client.realtime.onEvent.subscribe(
      { space_name: spec.spaceName },
      {
        onStarted: () => {
          clearTimeout(timer);
          ping();
          every(spec.heartbeatMs, ping);
          resolve(entry);
        },
        onError: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      },
    );
  });
}

async function open(spec: HoldSpec): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < spec.count; i += CONNECT_CONCURRENCY) {
    const batch = Math.min(CONNECT_CONCURRENCY, spec.count - i);
    const opener = spec.kind === 'raw' ? openRaw : openTrpc;
    held.push(...(await Promise.all(Array.from({ length: batch }, () => opener(spec)))));
  }
  return (performance.now() - started) / 1000;
}

function status(): HoldStatus {
  return {
    open: held.length - lost,
    answered: held.filter((entry) => entry.answered).length,
    pongs,
    lost,
  };
}

serveParent(async (message: WorkerMessage) => {
  switch (message.type) {
    case 'open':
      return {
        type: 'opened',
        seconds: await open(message as unknown as HoldSpec & WorkerMessage),
      };
    case 'status':
      return { type: 'status', ...status() };
    case 'close':
      for (const timer of timers) clearTimeout(timer);
      for (const entry of held) entry.close();
      return { type: 'closed' };
    default:
      return null;
  }
});
