/**
 * "The server cannot be reached" versus "the server said no" (spec §8: a failed space-info lookup
 * says 'Space not found' — only when the server said so, never while it is down).
 */
import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';

import { isNetworkFailure, isServerUnreachable } from './network-failure.ts';

/** A TRPCClientError as the client builds it from a server's error response. */
function answered(code: string, httpStatus: number) {
  return TRPCClientError.from({
    error: { message: code, code: -32600, data: { code, httpStatus } },
  });
}

describe('isServerUnreachable', () => {
  it('is true without an answer: a failed fetch, a time-out, a proxy page that is not JSON', () => {
    const offline = TRPCClientError.from(new TypeError('Failed to fetch'));
    expect(isNetworkFailure(offline)).toBe(true);
    expect(isServerUnreachable(offline)).toBe(true);
    expect(isServerUnreachable(new DOMException('timed out', 'TimeoutError'))).toBe(true);
    const proxyPage = TRPCClientError.from(new SyntaxError('Unexpected token <'));
    expect(isNetworkFailure(proxyPage)).toBe(false);
    expect(isServerUnreachable(proxyPage)).toBe(true);
  });

  it('is true for a 5xx answer (a server restarting or without its database)', () => {
    expect(isServerUnreachable(answered('INTERNAL_SERVER_ERROR', 500))).toBe(true);
    expect(isServerUnreachable(answered('SERVICE_UNAVAILABLE', 503))).toBe(true);
  });

  it("is false for the server's verdicts (404 Space not found, 401, 422) and anything else", () => {
    expect(isServerUnreachable(answered('NOT_FOUND', 404))).toBe(false);
    expect(isServerUnreachable(answered('UNAUTHORIZED', 401))).toBe(false);
    expect(isServerUnreachable(answered('UNPROCESSABLE_CONTENT', 422))).toBe(false);
    expect(isServerUnreachable(new Error('boom'))).toBe(false);
    expect(isServerUnreachable(null)).toBe(false);
  });
});
