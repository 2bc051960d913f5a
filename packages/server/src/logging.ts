/**
 * Log settings: structured pino logs that never contain a token, verifier or ciphertext.
 * Request URLs are logged without their query string (the raw WebSocket carries its token
 * there), and credential headers are redacted.
 */
import type { FastifyServerOptions } from 'fastify';

/** Path of a URL without `?query`. */
export function pathOnly(url: string): string {
  const index = url.indexOf('?');
  return index === -1 ? url : url.slice(0, index);
}

/** pino options for Fastify; `stream` defaults to stdout. */
export function loggerOptions(
  level: string,
  stream?: NodeJS.WritableStream,
): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-csrf-token"]',
        'res.headers["set-cookie"]',
      ],
      censor: '[redacted]',
    },
    serializers: {
      err: serializeError,
      req(request: { id: string; method: string; url: string; ip?: string }) {
        return {
          id: request.id,
          method: request.method,
          url: pathOnly(request.url),
          ip: request.ip,
        };
      },
    },
  };
}

/** How many causes of an error are logged. */
const MAX_CAUSES = 5;

/** An error as logged. */
export interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/**
 * Logs an error as its type, message, stack, code and causes — and nothing else, with the bound
 * values of a failed query cut out: Drizzle's message "Failed query: …\nparams: …" (and its own
 * `params`, and PostgreSQL's `detail`/`where`) hold the ciphertext, metadata and ids of the
 * statement, which the log audit found in the logs of a failed save. A thrown non-error is logged
 * as its text.
 */
export function serializeError(error: Error, depth = 0): SerializedError {
  // pino hands over whatever was logged as `err`, whatever its type says.
  const value: unknown = error;
  if (!(value instanceof Error)) return { type: typeof value, message: String(value), stack: '' };
  const code = (value as { code?: unknown }).code;
  const cause: unknown = value.cause;
  return {
    type: value.constructor.name,
    message: withoutQueryParams(value.message),
    stack: withoutQueryParams(value.stack ?? ''),
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    ...(cause !== undefined && depth < MAX_CAUSES
      ? { cause: cause instanceof Error ? serializeError(cause, depth + 1) : cause }
      : {}),
  };
}

/** Drizzle appends the values after "\nparams: "; they run to the stack frames or the end. */
function withoutQueryParams(text: string): string {
  return text.replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/g, '\nparams: [redacted]');
}
