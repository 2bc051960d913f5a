/**
 * Fastify's `clientErrorHandler`: what the server answers when Node's HTTP parser rejects the
 * bytes of a connection (malformed HTTP, headers too large, a request that timed out).
 *
 * Like Node's own default (lib/_http_server.js `socketOnError`), the answer is written only on a
 * socket that has sent nothing yet. Fastify's default writes it regardless: a GET with a chunked
 * body to an invalid URL got its 400 and then a second, stray "400 Client Error" on the same
 * connection, which strict clients reject as a protocol error (found by fuzz.int.test.ts).
 *
 * The answer has no body, as Node's: the request could not be read, so whether it was a HEAD
 * (which must not get one) is unknown, and a body there is again a protocol error. It carries
 * the security headers, as every other answer does (security-headers.ts).
 */
import { STATUS_CODES } from 'node:http';

import type { FastifyServerOptions } from 'fastify';

import type { SecurityHeaders } from './security-headers.ts';

type ClientErrorHandler = NonNullable<FastifyServerOptions['clientErrorHandler']>;

/** The status for a parser error code. */
function statusFor(code: string | undefined): number {
  switch (code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return 408;
    case 'HPE_HEADER_OVERFLOW':
      return 431;
    default:
      return 400;
  }
}

/** The handler: answers once (if nothing was sent yet) with `headers`, and closes the connection. */
export function answerClientErrors(headers: SecurityHeaders): ClientErrorHandler {
  const headerLines = headers.map(([name, value]) => `${name}: ${value}\r\n`).join('');
  return (error, socket) => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    if (socket.writable && socket.bytesWritten === 0) {
      const status = statusFor(error.code);
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\nConnection: close\r\n${headerLines}\r\n`,
      );
    }
    socket.destroy(error);
  };
}
