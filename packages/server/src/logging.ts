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
