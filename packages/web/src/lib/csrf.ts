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

/** Fetches a token once per page load; failures leave requests without one (bearer still works). */
export async function initCsrf(): Promise<void> {
  try {
    const response = await fetch('/api/csrf', { credentials: 'same-origin' });
    if (response.ok)
      token = ((await response.json()) as { csrf_token?: string }).csrf_token ?? null;
  } catch {
    token = null;
  }
}
