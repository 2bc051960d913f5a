/**
 * The document is generated from the route table: request bodies are the procedures' own zod
 * inputs (minus the fields the path fills), responses are the schemas the routes encode with.
 */
import { ERROR } from '@cipherspace/api';
import { TOOL_NAMES } from '@cipherspace/tools/metadata';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { openApiDocument, restRoutes } from '../index.ts';
import { openApiPath } from './openapi.ts';
import { procedureInput } from './route.ts';
import { spaceSchema } from './schemas.ts';

const document = openApiDocument();

describe('OpenAPI document', () => {
  it('has one operation per REST route, with bearer auth exactly on the non-public ones', () => {
    for (const route of restRoutes) {
      const operation =
        document.paths[openApiPath(route.url)]?.[route.method.toLowerCase() as 'get'];
      expect(operation, `${route.method} ${route.url}`).toBeDefined();
      expect(operation?.operationId).toBe(route.operationId);
      expect(operation?.security).toEqual(route.access === 'public' ? [] : [{ bearerAuth: [] }]);
      expect(Object.keys(operation?.responses ?? {})).toContain(String(route.success.status));
    }
  });

  it("documents each body as its procedure's zod input without the path's and query's fields", () => {
    for (const route of restRoutes) {
      const operation =
        document.paths[openApiPath(route.url)]?.[route.method.toLowerCase() as 'get'];
      const input = procedureInput(route.procedure);
      const fromPath = new Set([
        ...Object.values(route.params ?? {}),
        ...Object.values(route.query ?? {}),
      ]);
      const bodyFields = Object.keys(input?.shape ?? {}).filter((field) => !fromPath.has(field));
      if (bodyFields.length === 0) {
        expect(operation?.requestBody, route.operationId).toBeUndefined();
        continue;
      }
      const ref = (
        operation?.requestBody as { content: Record<string, { schema: { $ref: string } }> }
      ).content['application/json']?.schema.$ref;
      const component = document.components.schemas[ref?.split('/').pop() ?? ''] as {
        properties: Record<string, unknown>;
        required?: string[];
      };
      expect(Object.keys(component.properties).sort(), route.operationId).toEqual(
        [...bodyFields].sort(),
      );
      // Required exactly when the procedure refuses the field missing.
      const required = bodyFields.filter(
        (field) => !(input?.shape[field]?.safeParse(undefined).success ?? true),
      );
      expect([...(component.required ?? [])].sort(), route.operationId).toEqual(required.sort());
    }
  });

  it('marks path parameters required with the procedure rules (space name ≤ 100 characters)', () => {
    const get = document.paths['/api/spaces/{spaceName}']?.get;
    expect(get?.parameters).toEqual([
      expect.objectContaining({
        name: 'spaceName',
        in: 'path',
        required: true,
        schema: expect.objectContaining({ type: 'string', maxLength: 100 }),
      }),
    ]);
  });

  it("documents the tool path parameter as one of the registry's tools, on every content path", () => {
    const toolParameters = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.values(operations).flatMap((operation) =>
        (operation.parameters ?? [])
          .filter((parameter) => parameter.name === 'tool')
          .map((parameter) => ({ path, parameter })),
      ),
    );
    // GET, PUT, DELETE of the content, its changes, its snapshot and the three history paths.
    expect(toolParameters).toHaveLength(8);
    for (const { path, parameter } of toolParameters) {
      expect(path).toMatch(/^\/api\/content\/\{spaceName\}\/\{tool\}/);
      expect(parameter).toEqual({
        name: 'tool',
        in: 'path',
        required: true,
        description:
          'The tool: one of `kanban`, `ticket-system`, `bulletin`, `diagrams`, `poker`, `randomizer`.',
        schema: { type: 'string', enum: [...TOOL_NAMES] },
      });
    }
  });

  it('documents query parameters with the procedure rules (changes since: an integer ≥ 0)', () => {
    const changes = document.paths['/api/content/{spaceName}/{tool}/changes']?.get;
    expect(changes?.parameters?.map((parameter) => [parameter.name, parameter.in])).toEqual([
      ['spaceName', 'path'],
      ['tool', 'path'],
      ['since', 'query'],
    ]);
    expect(changes?.parameters?.[2]).toMatchObject({
      required: true,
      description: expect.stringContaining('content_metadata.version'),
      schema: { type: 'integer', minimum: 0 },
    });
    expect(changes?.requestBody).toBeUndefined();
    expect(changes?.responses['200']).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ToolChanges' } } },
    });
    expect(document.components.schemas.ToolChanges).toMatchObject({
      additionalProperties: false,
      required: ['tool', 'version', 'too_far_behind', 'changes'],
    });
  });

  it('documents the history paths: a page with optional before/limit, a version in the path', () => {
    const list = document.paths['/api/content/{spaceName}/{tool}/history']?.get;
    expect(list?.parameters?.map((parameter) => [parameter.name, parameter.in])).toEqual([
      ['spaceName', 'path'],
      ['tool', 'path'],
      ['before', 'query'],
      ['limit', 'query'],
    ]);
    expect(list?.parameters?.[2]).toMatchObject({
      required: false,
      schema: { type: 'integer', minimum: 1 },
    });
    expect(list?.parameters?.[3]).toMatchObject({
      required: false,
      schema: { type: 'integer', minimum: 1, maximum: 100, default: 50 },
    });
    expect(list?.responses['200']).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ToolHistory' } } },
    });
    expect(Object.keys(list?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '401', '403', '404', '422', '503']),
    );

    const version = document.paths['/api/content/{spaceName}/{tool}/history/{version}']?.get;
    expect(version?.parameters?.[2]).toMatchObject({
      name: 'version',
      in: 'path',
      required: true,
      schema: { type: 'integer', minimum: 1 },
    });
    expect(version?.requestBody).toBeUndefined();
    expect(version?.responses['200']).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ToolVersion' } } },
    });
    expect(version?.responses['400']).toMatchObject({
      description: expect.stringContaining('newer than the current version'),
      content: { 'application/json': { example: { detail: ERROR.versionAhead } } },
    });
    expect(version?.responses['404']).toMatchObject({
      content: { 'application/json': { example: { detail: ERROR.versionNotKept } } },
    });
    expect(document.components.schemas.ToolVersion).toMatchObject({
      additionalProperties: false,
      required: ['version', 'base', 'changes'],
    });
    expect(document.components.schemas.ToolHistoryEntry).toMatchObject({
      additionalProperties: false,
      required: ['version', 'kind', 'modified_by', 'modified_at', 'size_bytes'],
    });
  });

  it('documents the optional operations of a save, and that they may come without the content', () => {
    const save = document.components.schemas.SaveContentRequest as {
      properties: Record<string, { description?: string; maxItems?: number; minItems?: number }>;
      required?: string[];
    };
    expect(save.required ?? []).not.toContain('operations');
    expect(save.required ?? []).not.toContain('encrypted_data');
    expect(save.properties.encrypted_data).toBeDefined();
    expect(save.properties.operations).toMatchObject({ minItems: 1, maxItems: 20 });
    expect(save.properties.operations?.description).toContain('replacement');
  });

  it('encodes responses as documented: ISO timestamps, undocumented fields dropped', () => {
    const created = new Date('2025-01-31T12:00:00.000Z');
    expect(
      z.encode(spaceSchema, {
        name: 'Alpha',
        force_user_passwords: true,
        allow_self_registration: false,
        created_at: created,
        internal: 'never sent',
      } as z.output<typeof spaceSchema>),
    ).toStrictEqual({
      name: 'Alpha',
      force_user_passwords: true,
      allow_self_registration: false,
      created_at: '2025-01-31T12:00:00.000Z',
    });
    expect(document.components.schemas.Space).toMatchObject({
      additionalProperties: false,
      required: ['name', 'force_user_passwords', 'allow_self_registration', 'created_at'],
      properties: { created_at: { type: 'string', format: 'date-time' } },
    });
  });
});
