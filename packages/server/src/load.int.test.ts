/**
 * Load: 200 sockets and 20 writers for 30 s on loopback — 0 5xx, 0 lost acknowledged saves,
 * every socket receives every update.
 *
 * A real listening server; RAW_SOCKETS raw `/api/ws/{spaceName}` sockets and TRPC_SOCKETS tRPC
 * `realtime.onEvent` subscriptions, each on a WebSocket of its own, all in one space; WRITERS
 * writers save over REST for LOAD_MS, spread over the registry's tools (three or four writers on
 * each), so that they also race each other: every save sends the version it is based on, a 409
 * reloads the tool and saves again (spec §4 Tool content), exactly as a client does.
 *
 * Afterwards, per tool, the acknowledged versions must be exactly 1…n (no version acknowledged
 * twice, none skipped), the stored version n, and the stored save the one acknowledged as n; and
 * every socket must have received a `content_update` for every acknowledged version.
 *
 * The writers are plain `fetch` loops rather than autocannon: each request carries the version
 * the previous answer returned, which a fixed-request load generator cannot do.
 */
import type { AppRouter } from '@cipherspace/api';
import { encryptJson } from '@cipherspace/crypto';
import { TOOL_NAMES, type ToolName } from '@cipherspace/tools/metadata';
import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

import {
  createSpaceOverRest,
  loginOverRest,
  startTestServer,
  wsUrlFor,
  type ClientSpace,
  type TestServer,
} from './testing.ts';

const RAW_SOCKETS = 160;
const TRPC_SOCKETS = 40;
const WRITERS = 20;
const USERS = 10;
const LOAD_MS = 30_000;
/** How long the sockets may take to receive the last updates after the writers stopped. */
const DRAIN_MS = 60_000;
/** Sockets opened at a time while setting up. */
const OPEN_BATCH = 20;

const SPACE_KEY = 'L0ad-Key!long-enough';

interface Ack {
  tool: ToolName;
  version: number;
  writer: number;
  seq: number;
}

/** What one socket received: the `tool:version` of every content_update, and its delays. */
interface Listener {
  kind: 'raw' | 'trpc';
  seen: Set<string>;
  errors: string[];
  closedEarly: boolean;
  close(): Promise<void>;
}

const updateKey = (tool: string, version: number) => `${tool}:${version}`;

/** Delays from a save (the update's timestamp) to its arrival at a socket, in ms. */
const delays: number[] = [];

function recordUpdate(listener: Listener, message: unknown): void {
  const update = message as {
    type?: unknown;
    timestamp?: unknown;
    data?: { tool?: unknown; version?: unknown };
  };
  if (update.type !== 'content_update') return;
  const { tool, version } = update.data ?? {};
  if (typeof tool !== 'string' || typeof version !== 'number') return;
  listener.seen.add(updateKey(tool, version));
  if (typeof update.timestamp === 'string' && delays.length < 200_000) {
    delays.push(Date.now() - Date.parse(update.timestamp));
  }
}

/** A raw socket (spec §7), open and subscribed once this resolves. */
function openRawSocket(server: TestServer, space: ClientSpace, token: string): Promise<Listener> {
  const socket = new WebSocket(wsUrlFor(server, space.name, { token }));
  let closing = false;
  const listener: Listener = {
    kind: 'raw',
    seen: new Set(),
    errors: [],
    closedEarly: false,
    close: () =>
      new Promise((resolve) => {
        closing = true;
        if (socket.readyState === WebSocket.CLOSED) {
          resolve();
          return;
        }
        socket.once('close', () => resolve());
        socket.close(1000);
      }),
  };
  socket.on('message', (data: Buffer) => {
    let message: unknown;
    try {
      message = JSON.parse(data.toString('utf8'));
    } catch {
      listener.errors.push('not JSON');
      return;
    }
    if ((message as { type?: unknown }).type === 'error') {
      listener.errors.push(JSON.stringify(message));
    }
    recordUpdate(listener, message);
  });
  socket.on('close', () => {
    if (!closing) listener.closedEarly = true;
  });
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(listener));
    socket.once('error', reject);
  });
}

/** A tRPC subscription on a WebSocket of its own, started (subscribed) once this resolves. */
function openTrpcSubscription(
  server: TestServer,
  space: ClientSpace,
  token: string,
): Promise<Listener> {
  const wsClient = createWSClient({
    url: `${server.wsUrl}/trpc`,
    WebSocket: WebSocket as unknown as typeof globalThis.WebSocket,
    connectionParams: { token },
  });
  const client = createTRPCClient<AppRouter>({
    links: [wsLink({ client: wsClient, transformer: superjson })],
  });
  let closing = false;
  const listener: Listener = {
    kind: 'trpc',
    seen: new Set(),
    errors: [],
    closedEarly: false,
    close: async () => {
      closing = true;
      subscription.unsubscribe();
      await wsClient.close();
    },
  };
  let started: () => void = () => undefined;
  let failed: (error: Error) => void = () => undefined;
  const ready = new Promise<Listener>((resolve, reject) => {
    started = () => resolve(listener);
    failed = reject;
  });
  const subscription = client.realtime.onEvent.subscribe(
    { space_name: space.name },
    {
      onStarted: () => started(),
      onData: (event) => recordUpdate(listener, event.data),
      onError: (error) => {
        listener.errors.push(error.message);
        failed(error);
      },
      onComplete: () => {
        if (!closing) listener.closedEarly = true;
      },
    },
  );
  return ready;
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

describe('load: 200 sockets and 20 writers', () => {
  let server: TestServer;
  let space: ClientSpace;
  const tokens: string[] = [];
  const listeners: Listener[] = [];
  let envelopes: string[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    space = await createSpaceOverRest(server, { key: SPACE_KEY });
    for (let i = 0; i < USERS; i++) {
      tokens.push((await loginOverRest(server, space, `user${i}`)).token);
    }
    envelopes = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        encryptJson({ title: `Board ${i}`, phases: [] }, SPACE_KEY),
      ),
    );
    const kinds = [
      ...Array.from({ length: RAW_SOCKETS }, () => 'raw' as const),
      ...Array.from({ length: TRPC_SOCKETS }, () => 'trpc' as const),
    ];
    for (let i = 0; i < kinds.length; i += OPEN_BATCH) {
      const batch = kinds.slice(i, i + OPEN_BATCH).map((kind, j) => {
        const token = tokens[(i + j) % USERS] ?? '';
        return kind === 'raw'
          ? openRawSocket(server, space, token)
          : openTrpcSubscription(server, space, token);
      });
      listeners.push(...(await Promise.all(batch)));
    }
  }, 300_000);

  afterAll(async () => {
    await Promise.all(listeners.map((listener) => listener.close()));
    await server.close();
  }, 120_000);

  it(
    'loses no acknowledged save and delivers every update to every socket, without a 5xx',
    { timeout: 300_000 },
    async () => {
      expect(listeners).toHaveLength(RAW_SOCKETS + TRPC_SOCKETS);
      const acks: Ack[] = [];
      const statuses = new Map<number, number>();
      const latencies: number[] = [];
      const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
      const contentUrl = (tool: ToolName) =>
        `${server.url}/api/content/${encodeURIComponent(space.name)}/${tool}`;

      const started = Date.now();
      const deadline = started + LOAD_MS;
      const writer = async (id: number) => {
        const tool = TOOL_NAMES[id % TOOL_NAMES.length];
        if (!tool) throw new Error(`no tool for writer ${id}`);
        const headers = {
          authorization: `Bearer ${tokens[id % USERS] ?? ''}`,
          'content-type': 'application/json',
        };
        let base = 0;
        let seq = 0;
        while (Date.now() < deadline) {
          seq += 1;
          const sentAt = performance.now();
          const res = await fetch(contentUrl(tool), {
            method: 'PUT',
            headers,
            body: JSON.stringify({
              encrypted_data: envelopes[seq % envelopes.length],
              metadata: { version: base, writer: id, seq },
            }),
          });
          const body = (await res.json()) as { content_metadata?: { version: number } };
          count(res.status);
          if (res.status === 200 && body.content_metadata) {
            latencies.push(performance.now() - sentAt);
            base = body.content_metadata.version;
            acks.push({ tool, version: base, writer: id, seq });
          } else if (res.status === 409) {
            // Someone saved first: load the latest version and apply the edit again.
            const latest = await fetch(contentUrl(tool), { headers });
            count(latest.status);
            const current = (await latest.json()) as { content_metadata?: { version: number } };
            base = current.content_metadata?.version ?? 0;
          } else if (res.status >= 500) {
            // Counted; keep going so the figures show how many.
          } else {
            throw new Error(`save answered ${res.status}: ${JSON.stringify(body)}`);
          }
        }
      };
      await Promise.all(Array.from({ length: WRITERS }, (_, id) => writer(id)));
      const writingMs = Date.now() - started;

      // Every socket must see every acknowledged version; wait for the last ones to arrive.
      const expected = acks.map((ack) => updateKey(ack.tool, ack.version));
      const missingOf = (listener: Listener) => expected.filter((key) => !listener.seen.has(key));
      const drainStarted = Date.now();
      while (
        Date.now() - drainStarted < DRAIN_MS &&
        listeners.some((listener) => missingOf(listener).length > 0)
      ) {
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      const drainMs = Date.now() - drainStarted;

      // What is stored: per tool, versions 1…n acknowledged once each, n stored, by its saver.
      const lost: string[] = [];
      for (const tool of TOOL_NAMES) {
        const versions = acks
          .filter((ack) => ack.tool === tool)
          .map((ack) => ack.version)
          .sort((a, b) => a - b);
        const res = await fetch(contentUrl(tool), {
          headers: { authorization: `Bearer ${tokens[0] ?? ''}` },
        });
        count(res.status);
        const stored = (await res.json()) as {
          content_metadata: { version: number; writer: number; seq: number };
        };
        const n = versions.length;
        if (versions.some((version, i) => version !== i + 1)) {
          lost.push(`${tool}: acknowledged versions are not exactly 1…${n}`);
        }
        if (stored.content_metadata.version !== n) {
          lost.push(
            `${tool}: stored version ${stored.content_metadata.version}, ${n} acknowledged`,
          );
        }
        const last = acks.find((ack) => ack.tool === tool && ack.version === n);
        if (
          last &&
          (stored.content_metadata.writer !== last.writer ||
            stored.content_metadata.seq !== last.seq)
        ) {
          lost.push(`${tool}: the stored save is not the one acknowledged as version ${n}`);
        }
      }

      const missing = listeners.map(missingOf);
      const acknowledged = new Set(expected);
      const unexpected = listeners.map(
        (listener) => [...listener.seen].filter((key) => !acknowledged.has(key)).length,
      );
      const totalMissing = missing.reduce((sum, keys) => sum + keys.length, 0);
      const delivered = listeners.reduce((sum, listener) => sum + listener.seen.size, 0);
      const conflicts = statuses.get(409) ?? 0;
      const fivexx = [...statuses.entries()].filter(([status]) => status >= 500);
      console.log(
        [
          `load: ${RAW_SOCKETS} raw sockets + ${TRPC_SOCKETS} tRPC subscriptions, ${WRITERS} writers on ${TOOL_NAMES.length} tools for ${(writingMs / 1000).toFixed(1)} s`,
          `load: ${acks.length} saves acknowledged (${(acks.length / (writingMs / 1000)).toFixed(1)}/s), ${conflicts} conflicts (409, reloaded and saved again); save latency p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms`,
          `load: statuses ${[...statuses.entries()]
            .sort(([a], [b]) => a - b)
            .map(([status, n]) => `${status}×${n}`)
            .join('  ')}; 5xx: ${fivexx.reduce((sum, [, n]) => sum + n, 0)}`,
          `load: ${delivered} updates delivered (${acks.length} × ${listeners.length} expected), ${totalMissing} missing, ${unexpected.reduce((a, b) => a + b, 0)} unacknowledged; delivery delay p50 ${percentile(delays, 50).toFixed(0)} ms, p99 ${percentile(delays, 99).toFixed(0)} ms; last update arrived ${drainMs} ms after the writers stopped`,
          `load: lost acknowledged saves: ${lost.length}`,
        ].join('\n'),
      );

      expect(fivexx).toEqual([]);
      expect(acks.length).toBeGreaterThan(TOOL_NAMES.length);
      expect(lost).toEqual([]);
      expect(totalMissing).toBe(0);
      expect(unexpected.every((n) => n === 0)).toBe(true);
      expect(listeners.filter((listener) => listener.closedEarly)).toEqual([]);
      expect(listeners.flatMap((listener) => listener.errors)).toEqual([]);
    },
  );
});
