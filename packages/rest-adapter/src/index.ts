/**
 * The documented REST contract (`/api/*`, spec §7) and the raw WebSocket (`/api/ws/{spaceName}`)
 * as one Fastify plugin over the tRPC routers (through `createCaller`): no business rules live
 * here, only paths, bodies and status codes.
 *
 * Register it once, after `@fastify/websocket`:
 * `await app.register(restAdapter, { createContext })`.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';

import type { CreateContext } from './caller.ts';
import { toHttpError } from './errors.ts';
import { contentRoutes } from './routes/content.ts';
import { spaceRoutes } from './routes/spaces.ts';
import { websocketRoutes } from './ws.ts';

export interface RestAdapterOptions {
  /** The same context factory the tRPC handler uses (`createContextFactory(deps)`). */
  createContext: CreateContext;
}

export const restAdapter: FastifyPluginAsync<RestAdapterOptions> = (
  app: FastifyInstance,
  options,
) => {
  app.setErrorHandler((error, request, reply) => {
    const { status, detail } = toHttpError(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    return reply.code(status).send({ detail });
  });
  spaceRoutes(app, options.createContext);
  contentRoutes(app, options.createContext);
  websocketRoutes(app, options.createContext);
  return Promise.resolve();
};

export { toHttpError, type HttpError } from './errors.ts';
export { WS_CLOSE } from './ws.ts';
export type { CreateContext } from './caller.ts';
