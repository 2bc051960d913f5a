/**
 * The API reference: `GET /api/openapi.json` (the OpenAPI 3.1 document) and `/api/docs` (Swagger
 * UI over the same document, from `@fastify/swagger-ui`). Swagger UI's page loads its scripts
 * and styles as files from `/api/docs/static/*` (no inline script), so it runs under the
 * server's `script-src 'self'` Content-Security-Policy unchanged.
 */
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

import type { OpenApiDocument } from './contract/openapi.ts';
import { DOCS_PATH, OPENAPI_PATH } from './contract/service-operations.ts';

type StaticDocument = Extract<
  Parameters<typeof fastifySwagger>[1],
  { mode: 'static' }
>['specification'];

/** Registers the document and the reference page; `document` is served as given. */
export async function registerApiDocs(
  app: FastifyInstance,
  document: OpenApiDocument,
): Promise<void> {
  const json = JSON.stringify(document);
  app.get(OPENAPI_PATH, (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(json),
  );

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
    },
  });
}
