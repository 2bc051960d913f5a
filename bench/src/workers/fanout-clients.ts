/**
 * Child process of the fanout and cross-instance benchmarks: holds N sockets of one space and
 * is the writer, so that every latency is taken on one clock and the client work (parsing N
 * frames per save) never runs on the server's event loop.
 *
 * Request `{type: 'run', …FanoutRun}` → reply `{type: 'done', …FanoutOutcome}`: connects the
 * sockets (raw WS, tRPC subscriptions or the bare baseline's sockets), then saves `warmup +
 * saves` times one after the other; for each save it takes the time from just before the PUT
 * is sent to the arrival of its `content_update` on each socket, and starts the next save once
 * every socket has it.
 */
import type { AppRouter } from '@cipherspace/api';
import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import superjson from 'superjson';
import WebSocket from 'ws';

import { serveParent, type WorkerMessage } from '../lib/workers.ts';

/** Which sockets to hold. */
export type FanoutKind = 'raw' | 'trpc' | 'bare';

/** What to run (the `run` request). */
export interface FanoutRun {
  kind: FanoutKind;
  sockets: number;
  /**
   * raw: `/api/ws/{space}?token&session_id` URL; trpc: `ws://…/trpc`; bare: `ws://…/bare/ws`.
   * Several URLs (e.g. of several instances) are used in turn: socket i connects to url i mod n.
   */
  socketUrl: string | readonly string[];
  /** The readers' token (tRPC `connectionParams`). */
  token: string;
  spaceName: string;
  /** The full URL the writer PUTs to. */
  saveUrl: string;
  /** The writer's token (none for the bare baseline). */
  writerToken: string | null;
  /** The envelope every save sends. */
  envelope: string;
  /** The stored version before the first save. */
  startVersion: number;
  /** Saves measured, after `warmup` saves that are not. */
  saves: number;
  warmup: number;
  /** How long one save may take to reach every socket before the run fails, in ms. */
  saveTimeoutMs: number;
}

/** The `done` reply. */
export interface FanoutOutcome {
  /** From the start of a save request to the receipt on one socket, in ms: sockets × saves values. */
  latenciesMs: number[];
  /** Duration of each measured save request (until its response), in ms. */
  saveMs: number[];
  /** How long connecting all sockets took, in s. */
  connectSeconds: number;
  /** The version stored after the last save. */
  endVersion: number;
}

/** How many sockets are opened at the same time. */
const CONNECT_CONCURRENCY = 50;
const CONNECT_TIMEOUT_MS = 60_000;

interface Held {
  close(): void;
}

async function run(spec: FanoutRun): Promise<FanoutOutcome> {
  const sentAt = new Map<number, number>();
  const counts = new Map<number, number>();
  const latencies: number[] = [];
  const measuredFrom = spec.startVersion + spec.warmup + 1;
  let wake: (() => void) | null = null;
  const receipt = (version: number) => {
    const now = performance.now();
    const start = sentAt.get(version);
    if (start === undefined) return;
    if (version >= measuredFrom) latencies.push(now - start);
    const count = (counts.get(version) ?? 0) + 1;
    counts.set(version, count);
    if (count === spec.sockets) wake?.();
  };

  const held: Held[] = [];
  const started = performance.now();
  try {
    for (let i = 0; i < spec.sockets; i += CONNECT_CONCURRENCY) {
      const batch = Math.min(CONNECT_CONCURRENCY, spec.sockets - i);
      held.push(
        ...(await Promise.all(
          Array.from({ length: batch }, (_, j) => connect(spec, urlOf(spec, i + j), receipt)),
        )),
      );
    }
    const connectSeconds = (performance.now() - started) / 1000;

    const saveMs: number[] = [];
    let version = spec.startVersion;
    for (let i = 0; i < spec.warmup + spec.saves; i++) {
      const expected = version + 1;
      const everyone = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          wake = null;
          reject(
            new Error(
              `save ${expected} reached ${counts.get(expected) ?? 0} of ${spec.sockets} ${spec.kind} sockets within ${spec.saveTimeoutMs} ms`,
            ),
          );
        }, spec.saveTimeoutMs);
        wake = () => {
          clearTimeout(timer);
          wake = null;
          resolve();
        };
      });
      const start = performance.now();
      sentAt.set(expected, start);
      const response = await fetch(spec.saveUrl, {
        method: 'PUT',
        headers: {
          'content-type': 'application/json',
          ...(spec.writerToken ? { authorization: `Bearer ${spec.writerToken}` } : {}),
        },
        body: JSON.stringify({ encrypted_data: spec.envelope, metadata: { version } }),
      });
      const body = (await response.json()) as { content_metadata?: { version?: number } };
      if (response.status !== 200 || body.content_metadata?.version !== expected) {
        throw new Error(`save ${expected} answered ${response.status} ${JSON.stringify(body)}`);
      }
      if (expected >= measuredFrom) saveMs.push(performance.now() - start);
      await everyone;
      version = expected;
    }
    return { latenciesMs: latencies, saveMs, connectSeconds, endVersion: version };
  } finally {
    for (const socket of held) socket.close();
  }
}

function connect(spec: FanoutRun, url: string, receipt: (version: number) => void): Promise<Held> {
  return spec.kind === 'trpc'
    ? connectTrpc(spec, url, receipt)
    : connectRaw(spec.kind, url, receipt);
}

/** The URL socket `index` connects to. */
function urlOf(spec: FanoutRun, index: number): string {
  if (typeof spec.socketUrl === 'string') return spec.socketUrl;
  const url = spec.socketUrl[index % spec.socketUrl.length];
  if (url === undefined) throw new Error('socketUrl is an empty list');
  return url;
}

/** A raw socket (ours or the bare baseline's): open means subscribed (ours subscribes before the upgrade). */
function connectRaw(
  kind: FanoutKind,
  url: string,
  receipt: (version: number) => void,
): Promise<Held> {
  const socket = new WebSocket(url, { perMessageDeflate: false });
  socket.on('message', (data: Buffer) => {
    const message = JSON.parse(data.toString('utf8')) as {
      type?: string;
      data?: { version?: number };
    };
    if (message.type === 'content_update' && typeof message.data?.version === 'number') {
      receipt(message.data.version);
    }
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.terminate();
      reject(new Error(`a ${kind} socket did not open within ${CONNECT_TIMEOUT_MS} ms`));
    }, CONNECT_TIMEOUT_MS);
    socket.once('open', () => {
      clearTimeout(timer);
      socket.on('error', () => undefined);
      resolve({ close: () => socket.terminate() });
    });
    socket.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

/** A tRPC client of its own (one WebSocket) subscribed to `realtime.onEvent`, as the web app is. */
function connectTrpc(
  spec: FanoutRun,
  url: string,
  receipt: (version: number) => void,
): Promise<Held> {
  const wsClient = createWSClient({
    url,
    WebSocket: WebSocket as unknown as typeof globalThis.WebSocket,
    connectionParams: { token: spec.token },
  });
  const client = createTRPCClient<AppRouter>({
    links: [wsLink({ client: wsClient, transformer: superjson })],
  });
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
          resolve({
            close: () => {
              subscription.unsubscribe();
              void wsClient.close();
            },
          });
        },
        onData: (event) => {
          if (event.data.type === 'content_update') receipt(event.data.data.version);
        },
        onError: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      },
    );
  });
}

serveParent(async (message: WorkerMessage) => {
  if (message.type !== 'run') return null;
  const outcome = await run(message as unknown as FanoutRun & WorkerMessage);
  return { type: 'done', ...outcome };
});
