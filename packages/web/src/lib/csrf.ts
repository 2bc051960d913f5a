/**
 * CSRF token for state-changing requests (spec §7 "Non-GET relative requests carry a cross-site
 * request forgery header"). `GET /api/csrf` sets the httpOnly `_csrf` cookie and returns the
 * matching token, which the tRPC links send as `X-CSRF-Token`. It is the one call made with plain
 * fetch, because it is not part of the tRPC API.
 *
 * A browser that still has the cookie from an earlier page load is refused (403) every non-GET
 * request without the header, so a mutation made before this page's token is in waits for it
 * ({@link csrfTokenForMutation}, used by ./http-link.ts). A request refused for its token all the
 * same is sent once more with a new one ({@link csrfRecoveringFetch}).
 */
import { httpDateSample, serverClock } from './realtime/server-clock.ts';

/**
 * How long a mutation made before the page's token is in waits for it, in ms, before it goes
 * without one: a few seconds, enough for a slow start-up answer, short enough that a server that
 * does not answer costs the member no more than that.
 */
export const CSRF_WAIT_MS = 5_000;

let token: string | null = null;
/** The fetch of /api/csrf under way, shared by everyone who asks meanwhile; null when none is. */
let inFlight: Promise<void> | null = null;

/** The page's token, or null while it has none (not fetched yet, or the fetch failed). */
export function getCsrfToken(): string | null {
  return token;
}

/**
 * Fetches a token (once per page load from main.tsx; again when a mutation finds none, see
 * {@link csrfTokenForMutation}). Calls made while a fetch is under way share it. Never throws: a
 * failure leaves requests without one, which the server refuses with 403 when the browser has the
 * cookie — so a page opened offline tries again when the window's `online` event fires (one
 * listener however often this failed).
 */
export function initCsrf(): Promise<void> {
  inFlight ??= fetchToken().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/**
 * `GET /api/csrf`: the token matching this browser's `_csrf` cookie (the server sets the cookie
 * when there is none), or null when the server answers with an error. Being the page's first API
 * call, its `Date` header also gives the tab its first estimate of the server's clock.
 * @throws TypeError when the server cannot be reached (offline).
 */
export async function requestCsrfToken(): Promise<string | null> {
  const sentMs = Date.now();
  const response = await fetch('/api/csrf', { credentials: 'same-origin', cache: 'no-store' });
  serverClock.record(httpDateSample(response.headers.get('date'), sentMs, Date.now()));
  if (!response.ok) return null;
  return ((await response.json()) as { csrf_token?: string }).csrf_token ?? null;
}

async function fetchToken(): Promise<void> {
  try {
    token = await requestCsrfToken();
  } catch {
    token = null;
    addEventListener('online', retry, { once: true });
  }
}

// One function, so that the browser keeps one `online` listener however often the fetch failed.
function retry(): void {
  void initCsrf();
}

/**
 * The token a state-changing request should carry: at once when the page has one; otherwise after
 * the fetch of it under way ends (the start-up one, usually), or a new fetch when none is under way
 * (a page opened offline whose start-up fetch failed; offline it fails fast), but never later than
 * `timeoutMs` — then whatever token there is, or null (the request goes without one, as before).
 * Never rejects.
 */
export async function csrfTokenForMutation(timeoutMs = CSRF_WAIT_MS): Promise<string | null> {
  if (token !== null) return token;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, timeoutMs);
  });
  await Promise.race([initCsrf(), timeout]);
  clearTimeout(timer);
  return token;
}

/**
 * A new token for a request the server refused for its CSRF token: forgets the page's token and
 * fetches one (sharing a fetch under way), waiting at most `timeoutMs` like
 * {@link csrfTokenForMutation}. Null when none came. Never rejects.
 */
export function renewCsrfToken(timeoutMs = CSRF_WAIT_MS): Promise<string | null> {
  token = null;
  return csrfTokenForMutation(timeoutMs);
}

/**
 * Whether `response` is the server's refusal of a state-changing request for its CSRF token: a
 * 403 whose JSON body is the server's own `{detail}` (spec §8), answered before any procedure ran
 * — a procedure's 403 (another space, not an admin) is a tRPC error body (`{error}`, or an array
 * of them for a batch), which a new token would not change.
 */
async function refusedForCsrf(response: Response): Promise<boolean> {
  if (response.status !== 403) return false;
  try {
    const body: unknown = await response.clone().json();
    return typeof body === 'object' && body !== null && 'detail' in body && !('error' in body);
  } catch {
    return false;
  }
}

/**
 * The `fetch` of the tRPC links (./http-link.ts, and the offline sync worker's): a POST that the
 * server refuses for its CSRF token (403 `{detail}`, see refusedForCsrf) is sent once more, with
 * the token `renewToken` gives (null: the refusal is the answer). Refused before any procedure
 * ran, the request changed nothing, so sending it again is safe.
 *
 * Why a token can stop matching the cookie (spec §7): two tabs of a browser without the `_csrf`
 * cookie fetch their first token at the same time, each gets a cookie of its own and the one set
 * last wins — every mutation of the other tab was refused until it was reloaded; or a mutation
 * left without a token after waiting CSRF_WAIT_MS.
 */
export function csrfRecoveringFetch(renewToken: () => Promise<string | null>): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    if (init?.method !== 'POST' || !(await refusedForCsrf(response))) return response;
    const renewed = await renewToken();
    if (renewed === null) return response;
    const headers = new Headers(init.headers);
    headers.set('x-csrf-token', renewed);
    return fetch(input, { ...init, headers });
  };
}
