/** Builds a tRPC caller for a Fastify request, exactly as every other host builds its context. */
import { createCaller, type Context, type ContextInput } from '@cipherspace/api';
import type { FastifyRequest } from 'fastify';

import { NotAnObjectError } from './errors.ts';

export type CreateContext = (input: ContextInput) => Context;
export type Caller = ReturnType<typeof createCaller>;

export function callerFor(
  createContext: CreateContext,
  request: Pick<FastifyRequest, 'headers'>,
  signal?: AbortSignal,
): Caller {
  return createCaller(createContext({ headers: request.headers }), signal ? { signal } : undefined);
}

/**
 * The JSON body as an object (absent body → `{}`), typed as the procedure input it is handed
 * to — the procedure's zod schema is what validates it. @throws NotAnObjectError (422).
 */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
export function objectBody<T = Record<string, unknown>>(request: FastifyRequest): T {
  const body: unknown = request.body;
  if (body === undefined || body === null) return {} as T;
  if (typeof body !== 'object' || Array.isArray(body)) throw new NotAnObjectError();
  return body as T;
}
