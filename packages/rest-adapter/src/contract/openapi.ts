/**
 * The OpenAPI 3.1 document of `/api/*`, generated from the operation descriptions (which come
 * from the route table and its zod schemas — see `route.ts`). Every request body and response
 * body is a named schema under `components.schemas`, converted with `z.toJSONSchema` (JSON Schema
 * 2020-12, the dialect of OpenAPI 3.1). Response objects are closed (`additionalProperties:
 * false`) because the routes encode their output with the same schemas, which drops anything
 * undocumented; request objects are open (unknown members are ignored).
 */
import { z } from 'zod';

import { TAGS, type OperationDoc, type ResponseDoc } from './route.ts';
import {
  contentMetadataSchema,
  csrfTokenSchema,
  errorSchema,
  healthDegradedSchema,
  healthOkSchema,
  historyChangeSchema,
  historyEntrySchema,
  historyPageSchema,
  historyVersionSchema,
  loginResponseSchema,
  openApiDocumentSchema,
  savedToolContentSchema,
  sessionSchema,
  spaceInfoSchema,
  spaceSchema,
  toolChangeSchema,
  toolChangesSchema,
  toolContentSchema,
  toolListSchema,
  userListSchema,
  userSchema,
  usernameListSchema,
} from './schemas.ts';

/** A JSON Schema (2020-12) object. */
export type JsonSchema = Record<string, unknown>;

export interface OpenApiOperation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  security?: Record<string, string[]>[];
  parameters?: JsonSchema[];
  requestBody?: JsonSchema;
  responses: Record<string, JsonSchema>;
}

/** The subset of an OpenAPI 3.1 document this generator writes. */
export interface OpenApiDocument {
  openapi: '3.1.1';
  info: { title: string; version: string; summary: string; description: string };
  tags: { name: string; description: string }[];
  paths: Record<string, Partial<Record<'get' | 'put' | 'post' | 'delete', OpenApiOperation>>>;
  components: {
    schemas: Record<string, JsonSchema>;
    securitySchemes: Record<string, JsonSchema>;
  };
}

/** The version of the REST contract (not of the server). */
export const API_VERSION = '1.0.0';

/** Response schemas under their component names. */
const NAMED_RESPONSES: Record<string, z.ZodType> = {
  Error: errorSchema,
  Space: spaceSchema,
  SpaceInfo: spaceInfoSchema,
  User: userSchema,
  UserList: userListSchema,
  UsernameList: usernameListSchema,
  LoginResponse: loginResponseSchema,
  Session: sessionSchema,
  ContentMetadata: contentMetadataSchema,
  ToolContent: toolContentSchema,
  SavedToolContent: savedToolContentSchema,
  ToolList: toolListSchema,
  ToolChange: toolChangeSchema,
  ToolChanges: toolChangesSchema,
  ToolHistoryEntry: historyEntrySchema,
  ToolHistory: historyPageSchema,
  ToolHistoryChange: historyChangeSchema,
  ToolVersion: historyVersionSchema,
  Health: healthOkSchema,
  HealthDegraded: healthDegradedSchema,
  CsrfToken: csrfTokenSchema,
  OpenApiDocument: openApiDocumentSchema,
};

const PARAM_DESCRIPTIONS: Record<string, string> = {
  spaceName: 'The space name, percent-encoded (`Alpha Team` → `Alpha%20Team`).',
  userId: 'The id of a user of the space.',
  tool: 'The tool: one of `kanban`, `ticket-system`, `bulletin`, `diagrams`, `poker`, `randomizer`.',
  version:
    'A version of the tool content: a whole number from 1 to the current version. Out of ' +
    'range (below 1, or newer than the current version) → 400; not a whole number → 422.',
};

const SECURITY_SCHEMES: Record<string, JsonSchema> = {
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    description:
      'The `access_token` of `POST /api/auth/login`. A session expires 30 minutes after its ' +
      'last use (every call extends it) and 12 hours after login at the latest.',
  },
  queryToken: {
    type: 'apiKey',
    in: 'query',
    name: 'token',
    description:
      'The same `access_token`, as the `token` query parameter (a browser cannot set headers ' +
      'on a WebSocket).',
  },
};

const DESCRIPTION = `The REST contract of Cipherspace (product spec §7): what a third-party client
needs to create spaces, log in and read or write the encrypted content of every tool.

**End-to-end encryption.** The space key never reaches the server. Clients send *verifiers*
instead of the space key and passwords (\`encrypted_space_name\`, \`encrypted_password\`: PBKDF2
of the key, see \`packages/crypto/README.md\` §4), and tool content travels as an AES-256-GCM
envelope (\`encrypted_data\`, §3 there) that only holders of the key can open. Operations
(\`operations\` of a save, the changes and history answers) travel as \`op1\` envelopes under the
space's operations key, derived from the space key and name (§10–§11 there).

**Authentication.** \`POST /api/auth/login\` returns an \`access_token\`; send it as
\`Authorization: Bearer <access_token>\`.

**Errors.** Every error answer is \`{"detail": "…"}\` with the statuses listed per operation.
Unexpected server faults answer 500 with a generic detail, and paths under \`/api\` that are not
listed here answer 404. A client's input never causes a 5xx.

**Browsers.** Non-GET requests that carry the \`_csrf\` cookie must send its token
(\`GET /api/csrf\`) as \`X-CSRF-Token\`; bearer-only clients send no cookie and need nothing.

**Content and operations.** What the envelopes hold: a JSON Schema per tool's content and per
tool's operations at \`/api/docs/schemas/{tool}.content.schema.json\` and
\`/api/docs/schemas/{tool}.operations.schema.json\` (also \`docs/schemas/\`); every operation's
effects, errors and inverse in \`docs/operations.md\`, with test vectors in
\`docs/operation-vectors.json\` and the crypto's in \`docs/crypto-vectors.json\`.

**More.** Live updates: the raw WebSocket \`/api/ws/{spaceName}\` (\`docs/websocket.md\`).
TypeScript developers can use the typed tRPC API at \`/trpc\` instead (\`docs/typed-client.md\`).`;

/** `/api/spaces/:spaceName` → `/api/spaces/{spaceName}`. */
export function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

const componentRef = (id: string) => ({ $ref: `#/components/schemas/${id}` });

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Drops what a component must not repeat (`$schema`, `$id`): the document sets the dialect. */
function bare(schema: JsonSchema): JsonSchema {
  const { $schema: _schema, $id: _id, ...rest } = schema;
  return rest;
}

function toJsonSchema(schema: z.ZodType): JsonSchema {
  return bare(z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input' }));
}

/** Components for a registry of schemas; `closed` marks objects `additionalProperties: false`. */
function components(registry: z.core.$ZodRegistry<{ id: string }>, closed: boolean) {
  const result = z.toJSONSchema(registry, {
    target: 'draft-2020-12',
    io: 'input',
    uri: (id) => `#/components/schemas/${id}`,
    override: closed
      ? ({ jsonSchema }) => {
          if (jsonSchema.type === 'object' && jsonSchema.additionalProperties === undefined) {
            jsonSchema.additionalProperties = false;
          }
        }
      : undefined,
  });
  return Object.fromEntries(
    Object.entries(result.schemas).map(([id, schema]) => [id, bare(schema as JsonSchema)]),
  );
}

/** Builds the document for `operations` (every `/api/*` route). */
export function buildOpenApiDocument(operations: readonly OperationDoc[]): OpenApiDocument {
  const requests = z.registry<{ id: string }>();
  const responses = z.registry<{ id: string }>();
  const responseIds = new Map<z.ZodType, string>();
  for (const [id, schema] of Object.entries(NAMED_RESPONSES)) {
    responses.add(schema, { id });
    responseIds.set(schema, id);
  }
  const responseId = (operation: OperationDoc, status: string, schema: z.ZodType) => {
    let id = responseIds.get(schema);
    if (id === undefined) {
      id = `${capitalize(operation.operationId)}${status}Response`;
      responses.add(schema, { id });
      responseIds.set(schema, id);
    }
    return id;
  };

  const paths: OpenApiDocument['paths'] = {};
  for (const operation of operations) {
    const path = openApiPath(operation.url);
    const parameters: JsonSchema[] = Object.entries(operation.pathParams).map(([name, schema]) => ({
      name,
      in: 'path',
      required: true,
      ...(PARAM_DESCRIPTIONS[name] ? { description: PARAM_DESCRIPTIONS[name] } : {}),
      schema: toJsonSchema(schema),
    }));
    for (const [name, schema] of Object.entries(operation.query?.shape ?? {})) {
      const json = toJsonSchema(schema);
      const { description, ...rest } = json;
      parameters.push({
        name,
        in: 'query',
        required: !schema.safeParse(undefined).success,
        ...(typeof description === 'string' ? { description } : {}),
        schema: rest,
      });
    }

    for (const [name, schema] of Object.entries(operation.headers?.shape ?? {})) {
      const { description, ...rest } = toJsonSchema(schema);
      parameters.push({
        name,
        in: 'header',
        required: false,
        ...(typeof description === 'string' ? { description } : {}),
        schema: rest,
      });
    }

    let requestBody: JsonSchema | undefined;
    if (operation.body) {
      const id = `${capitalize(operation.operationId)}Request`;
      requests.add(operation.body.schema, { id });
      requestBody = {
        required: true,
        ...(operation.body.description ? { description: operation.body.description } : {}),
        content: { 'application/json': { schema: componentRef(id) } },
      };
    }

    const answers: Record<string, JsonSchema> = {};
    for (const [status, response] of Object.entries(operation.responses) as [
      string,
      ResponseDoc,
    ][]) {
      answers[status] = {
        description: response.description,
        ...(response.headers
          ? {
              headers: Object.fromEntries(
                Object.entries(response.headers).map(([name, description]) => [
                  name,
                  { description, schema: { type: 'string' } },
                ]),
              ),
            }
          : {}),
        ...(response.schema
          ? {
              content: {
                'application/json': {
                  schema: componentRef(responseId(operation, status, response.schema)),
                  ...(response.example !== undefined ? { example: response.example } : {}),
                },
              },
            }
          : {}),
      };
    }

    const credentials = operation.access === 'public' ? null : (operation.credentials ?? 'bearer');
    const entry: OpenApiOperation = {
      operationId: operation.operationId,
      summary: operation.summary,
      ...(operation.description !== undefined ? { description: operation.description } : {}),
      tags: [operation.tag],
      security: credentials
        ? [{ [credentials === 'bearer' ? 'bearerAuth' : 'queryToken']: [] }]
        : [],
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses: answers,
    };
    const method = operation.method.toLowerCase() as 'get' | 'put' | 'post' | 'delete';
    const item = (paths[path] ??= {});
    if (item[method]) throw new Error(`Two operations for ${operation.method} ${path}`);
    item[method] = entry;
  }

  return {
    openapi: '3.1.1',
    info: {
      title: 'Cipherspace REST API',
      version: API_VERSION,
      summary: 'Spaces, users and end-to-end encrypted tool content.',
      description: DESCRIPTION,
    },
    tags: TAGS.map((tag) => ({ ...tag })),
    paths,
    components: {
      schemas: { ...components(requests, false), ...components(responses, true) },
      securitySchemes: SECURITY_SCHEMES,
    },
  };
}
