/** /api/content/* (spec §7) → content procedures. Mapping only. */
import type { FastifyInstance } from 'fastify';

import { callerFor, objectBody, type CreateContext } from '../caller.ts';

interface ToolParams {
  spaceName: string;
  tool: string;
}

export function contentRoutes(app: FastifyInstance, createContext: CreateContext): void {
  const caller = (request: Parameters<typeof callerFor>[1]) => callerFor(createContext, request);

  // Registered before `/:tool`; find-my-way prefers the static segment anyway.
  app.get<{ Params: { spaceName: string } }>('/api/content/:spaceName/tools', async (request) =>
    caller(request).content.list({ space_name: request.params.spaceName }),
  );

  app.get<{ Params: ToolParams }>('/api/content/:spaceName/:tool', async (request) =>
    caller(request).content.get({
      space_name: request.params.spaceName,
      tool: request.params.tool,
    }),
  );

  app.put<{ Params: ToolParams }>('/api/content/:spaceName/:tool', async (request) =>
    caller(request).content.save({
      ...objectBody(request),
      space_name: request.params.spaceName,
      tool: request.params.tool,
    }),
  );

  app.delete<{ Params: ToolParams }>('/api/content/:spaceName/:tool', async (request, reply) => {
    await caller(request).content.delete({
      space_name: request.params.spaceName,
      tool: request.params.tool,
    });
    return reply.code(204).send();
  });
}
