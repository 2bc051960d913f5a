/**
 * Errors → HTTP (spec §7). Every error body is `{"detail": "..."}`.
 *
 * | cause                                  | status |
 * |----------------------------------------|--------|
 * | zod input validation (wrong fields/types) | 422 |
 * | malformed JSON, empty JSON body           | 400 |
 * | missing/forged/expired token, wrong verifiers | 401 |
 * | role, another space's token, self registration off | 403 |
 * | missing space, user or content           | 404 |
 * | version conflict, name taken             | 409 |
 * | body over the limit                      | 413 |
 * | unsupported content type                 | 415 |
 * | database unreachable or restarting       | 503 (detail says to try again) |
 * | anything unexpected                      | 500 (logged; detail is generic) |
 */
import { ERROR, isDatabaseUnavailable } from '@cipherspace/api';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { ZodError } from 'zod';

export interface HttpError {
  status: number;
  detail: string;
}

const GENERIC_DETAIL = 'Internal server error';

/** Maps anything thrown by a procedure or by Fastify's body parsing to a status and detail. */
export function toHttpError(error: unknown): HttpError {
  if (error instanceof TRPCError) {
    if (error.cause instanceof ZodError) {
      return { status: 422, detail: error.cause.issues[0]?.message ?? 'Invalid request' };
    }
    const status = getHTTPStatusCodeFromError(error);
    // SERVICE_UNAVAILABLE carries a message meant for clients ('try again in a moment').
    return { status, detail: status >= 500 && status !== 503 ? GENERIC_DETAIL : error.message };
  }
  if (isDatabaseUnavailable(error)) return { status: 503, detail: ERROR.databaseUnavailable };
  const status = statusOf(error);
  if (status !== null && status >= 400 && status < 500) {
    return { status, detail: error instanceof Error ? error.message : 'Bad request' };
  }
  return { status: 500, detail: GENERIC_DETAIL };
}

/** A request body that is not a JSON object: 422 before any procedure runs. */
export class NotAnObjectError extends Error {
  readonly statusCode = 422;
  constructor() {
    super('Request body must be a JSON object');
  }
}

function statusOf(error: unknown): number | null {
  if (typeof error !== 'object' || error === null) return null;
  const status = (error as { statusCode?: unknown }).statusCode;
  return typeof status === 'number' ? status : null;
}
