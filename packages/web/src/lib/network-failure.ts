/**
 * Telling "the server could not be reached" from "the server answered with an error": the first
 * means offline — a tool opens its cached content and queues changes, a login says the network is
 * needed — the second is the server's answer and is shown as such.
 */

/**
 * Whether `error` means the server could not be reached at all: a fetch that failed without an HTTP
 * answer (the browser's TypeError, e.g. 'Failed to fetch' offline) anywhere in its cause chain, or
 * a tRPC client error that carries no answer from the server (no `data`). An HTTP error answer
 * (4xx, 5xx) is not: the server was reached.
 */
export function isNetworkFailure(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    if (current instanceof TypeError) return true;
    const { name, data } = current as { name?: unknown; data?: unknown };
    if (name === 'TRPCClientError' && (data === undefined || data === null)) {
      const cause = (current as { cause?: unknown }).cause;
      // A client error made from a parse failure of an answer that did arrive is not offline.
      if (!(cause instanceof SyntaxError)) return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Whether `error` means the server is unreachable or unable to answer right now, so the call is
 * worth repeating and its failure must not be shown as the server's verdict: a network failure
 * ({@link isNetworkFailure}), a time-out or abort, an answer that is not the server's JSON (a
 * proxy's error page while the server is down), or an HTTP 5xx (502, 503 while restarting, …).
 * A 4xx answer (e.g. 404 'Space not found') is the server's verdict: false.
 */
export function isServerUnreachable(error: unknown): boolean {
  if (isNetworkFailure(error)) return true;
  if (typeof error !== 'object' || error === null) return false;
  const { name, data, cause } = error as { name?: unknown; data?: unknown; cause?: unknown };
  if (name === 'TimeoutError' || name === 'AbortError') return true;
  if (name !== 'TRPCClientError') return false;
  if (data === undefined || data === null) return cause instanceof SyntaxError;
  const status = (data as { httpStatus?: unknown }).httpStatus;
  return typeof status === 'number' && status >= 500;
}
