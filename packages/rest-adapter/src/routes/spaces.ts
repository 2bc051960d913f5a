/** /api/spaces/* and /api/auth/* (spec §7) → spaces, auth and users procedures. Mapping only. */
import type { FastifyInstance } from 'fastify';

import { callerFor, objectBody, type CreateContext } from '../caller.ts';

interface SpaceParams {
  spaceName: string;
}
interface UserParams extends SpaceParams {
  userId: string;
}

export function spaceRoutes(app: FastifyInstance, createContext: CreateContext): void {
  const caller = (request: Parameters<typeof callerFor>[1]) => callerFor(createContext, request);

  app.post('/api/spaces/create', async (request, reply) => {
    reply.code(201);
    return caller(request).spaces.create(objectBody(request));
  });

  app.get<{ Params: SpaceParams }>('/api/spaces/:spaceName', async (request) =>
    caller(request).spaces.byName({ space_name: request.params.spaceName }),
  );

  app.get<{ Params: SpaceParams }>('/api/spaces/:spaceName/info', async (request) =>
    caller(request).spaces.info({ space_name: request.params.spaceName }),
  );

  app.put<{ Params: SpaceParams }>('/api/spaces/:spaceName', async (request) =>
    caller(request).spaces.update({ ...objectBody(request), space_name: request.params.spaceName }),
  );

  app.delete<{ Params: SpaceParams }>('/api/spaces/:spaceName', async (request, reply) => {
    await caller(request).spaces.delete({ space_name: request.params.spaceName });
    return reply.code(204).send();
  });

  app.post('/api/auth/login', async (request) => caller(request).auth.login(objectBody(request)));

  app.post('/api/auth/logout', async (request, reply) => {
    await caller(request).auth.logout();
    return reply.code(204).send();
  });

  app.get('/api/auth/session', async (request) => caller(request).auth.session());

  app.post<{ Params: SpaceParams }>(
    '/api/spaces/:spaceName/users/register',
    async (request, reply) => {
      const user = await caller(request).users.register({
        ...objectBody(request),
        space_name: request.params.spaceName,
      });
      reply.code(201);
      return user;
    },
  );

  app.get<{ Params: SpaceParams }>('/api/spaces/:spaceName/users', async (request) =>
    caller(request).users.list({ space_name: request.params.spaceName }),
  );

  app.get<{ Params: SpaceParams }>('/api/spaces/:spaceName/usernames', async (request) =>
    caller(request).users.usernames({ space_name: request.params.spaceName }),
  );

  app.post<{ Params: SpaceParams }>('/api/spaces/:spaceName/users', async (request, reply) => {
    const user = await caller(request).users.create({
      ...objectBody(request),
      space_name: request.params.spaceName,
    });
    reply.code(201);
    return user;
  });

  app.put<{ Params: UserParams }>('/api/spaces/:spaceName/users/:userId', async (request) =>
    caller(request).users.update({
      ...objectBody(request),
      space_name: request.params.spaceName,
      user_id: request.params.userId,
    }),
  );

  app.delete<{ Params: UserParams }>(
    '/api/spaces/:spaceName/users/:userId',
    async (request, reply) => {
      await caller(request).users.delete({
        space_name: request.params.spaceName,
        user_id: request.params.userId,
      });
      return reply.code(204).send();
    },
  );
}
