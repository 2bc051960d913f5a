/**
 * CSRF token for state-changing requests (spec §7 "Non-GET relative requests carry a cross-site
 * request forgery header"). `GET /api/csrf` sets the httpOnly `_csrf` cookie and returns the
 * matching token, which the tRPC links send as `X-CSRF-Token`. It is the one call made with plain
 * fetch, because it is not part of the tRPC API.
 */
let token: string | null = null;

export function getCsrfToken(): string | null {
  return token;
}

/**
 * Fetches a token (once per page load from main.tsx). Never throws: a failure leaves requests
 * without one, which the server refuses with 403 — so a page opened offline (issue 17) tries again
 * when the window's `online` event fires (one listener however often this failed).
 */
export async function initCsrf(): Promise<void> {
  try {
    const response = await fetch('/api/csrf', { credentials: 'same-origin' });
    if (response.ok)
      token = ((await response.json()) as { csrf_token?: string }).csrf_token ?? null;
  } catch {
    token = null;
    addEventListener('online', retry, { once: true });
  }
}

// One function, so that the browser keeps one `online` listener however often the fetch failed.
function retry(): void {
  void initCsrf();
}
