/**
 * The servers a benchmark talks to, started in this process on free loopback ports:
 * - ours: the real server, built by `@cipherspace/server`'s `buildServer` exactly as `pnpm start`
 *   builds it, over PostgreSQL;
 * - bare: the baseline without our stack — a bare Fastify app whose routes run the same
 *   postgres.js query our content routes end in, and a bare `ws` server that receives the same
 *   UPDATE's notification by a plain loop over its sockets.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { createDb, type DbHandle } from '@cipherspace/db';
import { buildServer, loadConfig, openEventBus } from '@cipherspace/server';
import Fastify, { type FastifyInstance } from 'fastify';
import postgres from 'postgres';
import { WebSocketServer, type WebSocket } from 'ws';

import { ignoreNotice } from './postgres.ts';

/** A server listening on 127.0.0.1. */
export interface RunningServer {
  /** http://127.0.0.1:PORT */
  url: string;
  /** ws://127.0.0.1:PORT */
  wsUrl: string;
  /** Stops the server (open sockets are closed) and its database pool. */
  close(): Promise<void>;
}

/**
 * Throttle limits of benchmark servers: far above anything a run sends from one IP, so that
 * the measurements never meet a 429 (the throttle itself still runs on every request).
 */
const BENCH_RATE_LIMITS = {
  loginPerAccount: 1_000_000,
  loginPerIp: 1_000_000,
  windowMs: 15 * 60 * 1000,
  createPerIp: 1_000_000,
  createWindowMs: 60 * 60 * 1000,
};

/** Database connections per instance: the server's default (DB_POOL_SIZE). */
export const POOL_SIZE = 10;

/**
 * Where benchmark servers that need no web app look for one: a path that does not exist, so the
 * server serves the API only (it checks for `index.html` at start-up; nothing is created).
 */
const NO_WEB_DIR = join(tmpdir(), 'cipherspace-bench-no-web-build');

/**
 * Starts our server on `databaseUrl` (migrating it if needed) with logging off and the default
 * pool size; `webDistDir` is the web build it serves at `/` (none by default); `eventBusUrl`
 * (EVENT_BUS_URL) the broker that carries its live events to other instances instead of
 * LISTEN/NOTIFY. @throws when the database or the broker cannot be reached.
 */
export async function startOurServer(options: {
  databaseUrl: string;
  webDistDir?: string;
  eventBusUrl?: string;
}): Promise<RunningServer & { db: DbHandle; app: FastifyInstance }> {
  const config = {
    ...loadConfig({
      LOG_LEVEL: 'silent',
      PORT: '0',
      DATABASE_URL: options.databaseUrl,
      DB_POOL_SIZE: String(POOL_SIZE),
      WEB_DIST_DIR: options.webDistDir ?? NO_WEB_DIR,
      EVENT_BUS_URL: options.eventBusUrl,
    }),
    rateLimits: BENCH_RATE_LIMITS,
  };
  const db = await createDb({ databaseUrl: options.databaseUrl, poolSize: POOL_SIZE });
  const broker = config.eventBusUrl
    ? await openEventBus(config.eventBusUrl).catch(async (error: unknown) => {
        await db.close();
        throw error;
      })
    : null;
  let app: FastifyInstance;
  try {
    app = await buildServer(config, { db, ...(broker ? { notifier: broker } : {}) });
    await app.listen({ port: 0, host: '127.0.0.1' });
  } catch (error) {
    await broker?.close();
    await db.close();
    throw error;
  }
  const port = portOf(app);
  return {
    app,
    db,
    url: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}`,
    async close() {
      await app.close();
      await broker?.close();
      await db.close();
    },
  };
}

function portOf(app: FastifyInstance): number {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no TCP address');
  return address.port;
}

interface BareSaveBody {
  encrypted_data: string;
  metadata?: { version?: number };
}

/**
 * The bare baseline on `databaseUrl` (a pool of {@link POOL_SIZE}, like ours):
 * - `GET /bare/content/:spaceId/:tool` — the content row by (space id, tool), as JSON;
 * - `PUT /bare/content/:spaceId/:tool` `{encrypted_data, metadata: {version}}` — the versioned
 *   UPDATE of that row (409 when the version moved on); then one `content_update` text frame,
 *   serialised once, is sent to every socket of `/bare/ws` before the response;
 * - `GET /bare/ws` (WebSocket upgrade) — no authentication, no protocol: it only receives.
 */
export async function startBareServer(databaseUrl: string): Promise<RunningServer> {
  const sql = postgres(databaseUrl, { max: POOL_SIZE, fetch_types: false, onnotice: ignoreNotice });
  const app = Fastify({ logger: false, bodyLimit: 10 * 1024 * 1024 });
  const sockets = new Set<WebSocket>();
  const wss = new WebSocketServer({ noServer: true });
  app.server.on('upgrade', (request, socket, head) => {
    if (request.url !== '/bare/ws') {
      socket.destroy();
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      sockets.add(ws);
      ws.on('close', () => sockets.delete(ws));
      ws.on('error', () => sockets.delete(ws));
    });
  });

  app.get<{ Params: { spaceId: string; tool: string } }>(
    '/bare/content/:spaceId/:tool',
    async (request, reply) => {
      const [row] = await sql<
        { id: string; tool: string; encrypted_data: string; content_metadata: unknown }[]
      >`
        select id, tool, encrypted_data, content_metadata from tool_contents
        where space_id = ${request.params.spaceId} and tool = ${request.params.tool} limit 1`;
      if (!row) return reply.code(404).send({ detail: 'No content for this tool yet' });
      return row;
    },
  );

  app.put<{ Params: { spaceId: string; tool: string }; Body: BareSaveBody }>(
    '/bare/content/:spaceId/:tool',
    async (request, reply) => {
      const base = request.body.metadata?.version ?? 0;
      const metadata = { version: base + 1, last_modified: new Date().toISOString() };
      const [row] = await sql<{ id: string; tool: string; content_metadata: unknown }[]>`
        update tool_contents set encrypted_data = ${request.body.encrypted_data},
          content_metadata = ${sql.json(metadata)}, version = ${base + 1}, updated_at = now()
        where space_id = ${request.params.spaceId} and tool = ${request.params.tool}
          and version = ${base}
        returning id, tool, content_metadata`;
      if (!row) return reply.code(409).send({ detail: 'version conflict' });
      const frame = JSON.stringify({
        type: 'content_update',
        space_name: request.params.spaceId,
        timestamp: metadata.last_modified,
        data: { tool: row.tool, version: base + 1 },
      });
      for (const socket of sockets) socket.send(frame);
      return row;
    },
  );

  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
  } catch (error) {
    await sql.end({ timeout: 1 });
    throw error;
  }
  const port = portOf(app);
  return {
    url: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}`,
    async close() {
      for (const socket of sockets) socket.terminate();
      wss.close();
      await app.close();
      await sql.end({ timeout: 5 });
    },
  };
}
