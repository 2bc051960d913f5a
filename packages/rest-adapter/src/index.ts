/**
 * The documented REST contract (`/api/*`, spec §7) and the raw WebSocket (`/api/ws/{spaceName}`)
 * as one Fastify plugin over the tRPC routers (through `createCaller`): no business rules live
 * here, only paths, bodies and status codes. It also serves the contract itself:
 * `GET /api/openapi.json` (OpenAPI 3.1, generated from the same route table and zod schemas
 * that serve the routes) and an interactive reference at `/api/docs`.
 *
 * Register it once, after `@fastify/websocket`:
 * `await app.register(restAdapter, { createContext, bodyLimitBytes })`.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';

import type { CreateContext } from './caller.ts';
import { buildOpenApiDocument, type OpenApiDocument } from './contract/openapi.ts';
import {
  describeRoute,
  registerRoute,
  type OperationDoc,
  type RestRoute,
} from './contract/route.ts';
import { csrfOperation, healthOperation, openApiOperation } from './contract/service-operations.ts';
import { registerApiDocs } from './docs.ts';
import { toHttpError } from './errors.ts';
import { authRoutes } from './routes/auth.ts';
import { contentRoutes } from './routes/content.ts';
import { historyRoutes } from './routes/history.ts';
import { spaceRoutes } from './routes/spaces.ts';
import { userRoutes } from './routes/users.ts';
import { websocketOperation, websocketRoutes } from './ws.ts';

export interface RestAdapterOptions {
  /** The same context factory the tRPC handler uses (`createContextFactory(deps)`). */
  createContext: CreateContext;
  /**
   * BODY_LIMIT_BYTES: the largest body of a content save from a live session, in bytes; every
   * other body takes at most SMALL_BODY_LIMIT_BYTES (body-limit.ts).
   */
  bodyLimitBytes: number;
}

/** Every REST route of the adapter (spec §7). */
export const restRoutes: readonly RestRoute[] = [
  ...spaceRoutes,
  ...authRoutes,
  ...userRoutes,
  ...contentRoutes,
  ...historyRoutes,
];

/** Every documented `/api/*` operation: the REST routes, the WebSocket and the service paths. */
export function apiOperations(): OperationDoc[] {
  return [
    ...restRoutes.map(describeRoute),
    websocketOperation,
    healthOperation,
    csrfOperation,
    openApiOperation,
  ];
}

let cachedDocument: OpenApiDocument | null = null;

/** The OpenAPI 3.1 document of `/api/*` (built once). */
export function openApiDocument(): OpenApiDocument {
  cachedDocument ??= buildOpenApiDocument(apiOperations());
  return cachedDocument;
}

export const restAdapter: FastifyPluginAsync<RestAdapterOptions> = async (
  app: FastifyInstance,
  options,
) => {
  // JSON routes take JSON only: without Fastify's default text/plain parser a text body is
  // refused with 415 (Unsupported Media Type), as the document says, instead of reaching a
  // route as a string (422). Scoped to this plugin: /trpc keeps its own parsers.
  app.removeContentTypeParser('text/plain');
  app.setErrorHandler((error, request, reply) => {
    const { status, detail } = toHttpError(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    return reply.code(status).send({ detail });
  });
  for (const route of restRoutes) {
    registerRoute(app, route, options.createContext, options.bodyLimitBytes);
  }
  websocketRoutes(app, options.createContext);
  await registerApiDocs(app, openApiDocument());
};

export { toHttpError, type HttpError } from './errors.ts';
export {
  BodyTooLargeError,
  guardBody,
  JSON_MAX_DEPTH,
  JSON_MAX_VALUES,
  JsonShape,
  SMALL_BODY_LIMIT_BYTES,
} from './body-limit.ts';
export { WS_CLOSE, WS_REFUSAL_CLOSE_BASE, WS_REFUSAL_STATUSES } from './ws.ts';
export {
  isClientSocketError,
  rememberUpgradeResponse,
  releaseUpgradeRequest,
} from './ws-release.ts';
export { DEFAULT_MESSAGE_RATE, MessageRate, type MessageRateLimits } from './message-rate.ts';
export type { CreateContext } from './caller.ts';
export type { OpenApiDocument } from './contract/openapi.ts';
export { OPENAPI_PATH, DOCS_PATH } from './contract/service-operations.ts';
