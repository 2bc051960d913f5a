/**
 * The published JSON Schemas of every tool's content and operations beside the API reference:
 * `GET /api/docs/schemas/<tool>.content.schema.json` and `…/<tool>.operations.schema.json`
 * (public, like the reference; `application/schema+json`). The same documents as the
 * repository's docs/schemas/, generated in memory from `@cipherspace/tools` on first request
 * (z.toJSONSchema, io 'input': what the app accepts from a client writing content). An unknown
 * file is a 404.
 */
import { jsonFileText, schemaDocuments, SCHEMAS_DIR } from '@cipherspace/tools/docs';
import type { FastifyInstance } from 'fastify';

import { DOCS_PATH } from './contract/service-operations.ts';

/** Where the schemas are served: `${SCHEMAS_PATH}/<file>`. */
export const SCHEMAS_PATH = `${DOCS_PATH}/schemas`;

let cachedFiles: ReadonlyMap<string, string> | null = null;

// Each schema's JSON text by file name, as docs/schemas/ holds it (two-space indents, newline).
function schemaFiles(): ReadonlyMap<string, string> {
  cachedFiles ??= new Map(
    Object.entries(schemaDocuments()).map(([path, schema]) => [
      path.slice(SCHEMAS_DIR.length + 1),
      jsonFileText(schema),
    ]),
  );
  return cachedFiles;
}

/** Registers `GET ${SCHEMAS_PATH}/:file`. */
export function registerSchemaRoutes(app: FastifyInstance): void {
  app.get<{ Params: { file: string } }>(`${SCHEMAS_PATH}/:file`, (request, reply) => {
    const text = schemaFiles().get(request.params.file);
    if (text === undefined) return reply.code(404).send({ detail: 'No such schema' });
    return reply.type('application/schema+json; charset=utf-8').send(text);
  });
}
