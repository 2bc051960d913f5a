/**
 * The API reference: `GET /api/openapi.json` (the OpenAPI 3.1 document) and `/api/docs` (Swagger
 * UI over the same document, from `@fastify/swagger-ui`). Swagger UI's page loads its scripts
 * and styles as files from `/api/docs/static/*` (no inline script), so it runs under the
 * server's `script-src 'self'` Content-Security-Policy unchanged.
 *
 * "Try it out" works for writes in a browser that holds the app's `_csrf` cookie too: the server
 * refuses a write that carries the cookie without the matching `X-CSRF-Token` header (403,
 * server/src/csrf.ts), so the page asks `GET /api/csrf` for the token before each write to its
 * own origin and sends it, as the web app does ({@link csrfRequestInterceptor}).
 */
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

import type { OpenApiDocument } from './contract/openapi.ts';
import { DOCS_PATH, OPENAPI_PATH } from './contract/service-operations.ts';
import { registerSchemaRoutes } from './schemas-route.ts';

type StaticDocument = Extract<
  Parameters<typeof fastifySwagger>[1],
  { mode: 'static' }
>['specification'];

/** What Swagger UI hands its `requestInterceptor`: the request it is about to send. */
// A type, not an interface: it must fit Swagger UI's `{ [prop: string]: any }` request type.
// eslint-disable-next-line @typescript-eslint/consistent-type-definitions
type SwaggerRequest = {
  url?: string;
  method?: string;
  headers?: Record<string, string>;
};

/**
 * Swagger UI's `requestInterceptor` (spec §7 CSRF header): a write (not GET/HEAD/OPTIONS) to the
 * page's own origin gets the `X-CSRF-Token` header with a token from `GET /api/csrf` (which
 * answers `{ csrf_token }` for the cookie the browser holds, or sets one); anything else goes
 * out unchanged. If the token cannot be had, the request goes out without it and the server's
 * 403 shows. It runs in the browser: @fastify/swagger-ui copies its source into the page's
 * initializer script, so it must be self-contained (no outer names, no nested functions).
 */
export const csrfRequestInterceptor = async function (
  request: SwaggerRequest,
): Promise<SwaggerRequest> {
  // The page's location (the package is typed for Node, without the DOM's globals).
  const { location } = globalThis as unknown as { location: { href: string; origin: string } };
  const method = (request.method ?? 'GET').toUpperCase();
  const sameOrigin = new URL(request.url ?? '', location.href).origin === location.origin;
  if (!sameOrigin || method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return request;
  try {
    const answer = await fetch('/api/csrf', { credentials: 'same-origin' });
    const body = (await answer.json()) as { csrf_token?: unknown };
    if (typeof body.csrf_token === 'string')
      request.headers = { ...request.headers, 'X-CSRF-Token': body.csrf_token };
  } catch {
    // No token: the write goes out without one and Swagger UI shows the server's answer.
  }
  return request;
};

/** Registers the document and the reference page; `document` is served as given. */
export async function registerApiDocs(
  app: FastifyInstance,
  document: OpenApiDocument,
): Promise<void> {
  const json = JSON.stringify(document);
  app.get(OPENAPI_PATH, (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(json),
  );
  // The tools' content and operation schemas (docs/schemas/), under the reference's prefix.
  registerSchemaRoutes(app);

  // Swagger UI reads the document through `fastify.swagger()`; static mode serves ours as is.
  await app.register(fastifySwagger, {
    mode: 'static',
    // @fastify/swagger's types predate OpenAPI 3.1 documents in static mode.
    specification: { document } as unknown as StaticDocument,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PATH,
    theme: { title: 'Cipherspace API reference' },
    uiConfig: {
      // The reference only: no top bar with a field to load other documents.
      layout: 'BaseLayout',
      deepLinking: true,
      docExpansion: 'list',
      defaultModelsExpandDepth: 0,
      displayRequestDuration: true,
      tryItOutEnabled: false,
      requestInterceptor: csrfRequestInterceptor,
    },
  });
}
