/**
 * Rules of the landing page's development banner and cookie notice (spec §2 Landing page,
 * §3 storage keys `development_banner_dismissed` and `cookie_notice_accepted`, §9 "cookie
 * consent stored for one year"). Pure: callers pass the raw stored strings and the clock.
 *
 * The banner has two parts that are handled independently:
 * - the development notice, hidden for good once dismissed (`development_banner_dismissed`);
 * - the cookie notice, hidden while a consent record is unexpired (`cookie_notice_accepted`).
 * The banner disappears when neither part is shown, and comes back with the cookie notice once
 * the consent has expired.
 */

/** How long an accepted cookie notice stays accepted, in calendar years (spec §9). */
export const COOKIE_CONSENT_VALIDITY_YEARS = 1;

/** The value stored under `development_banner_dismissed` once the banner is dismissed. */
export const BANNER_DISMISSED_VALUE = 'true';

/** The JSON record stored under `cookie_notice_accepted`; both dates are ISO 8601 strings. */
export interface CookieConsent {
  accepted: true;
  acceptedAt: string;
  expiresAt: string;
}

/** What the banner shows right now. */
export interface BannerVisibility {
  developmentNotice: boolean;
  cookieNotice: boolean;
}

/**
 * When a consent given at `acceptedAt` expires: the same moment one calendar year later
 * (29 February rolls over to 1 March). Returns a new Date.
 */
export function consentExpiry(acceptedAt: Date): Date {
  const expiry = new Date(acceptedAt.getTime());
  expiry.setFullYear(expiry.getFullYear() + COOKIE_CONSENT_VALIDITY_YEARS);
  return expiry;
}

/** The record to store when the cookie notice is accepted at `now`. */
export function createCookieConsent(now: Date): CookieConsent {
  return {
    accepted: true,
    acceptedAt: now.toISOString(),
    expiresAt: consentExpiry(now).toISOString(),
  };
}

/**
 * Parses the stored `cookie_notice_accepted` value. Returns null for an absent, unparsable or
 * malformed value (including a bare `true` without expiry, which cannot say when it lapses).
 */
export function parseCookieConsent(raw: string | null): CookieConsent | null {
  if (raw === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  if (record.accepted !== true) return null;
  const { acceptedAt, expiresAt } = record;
  if (typeof acceptedAt !== 'string' || typeof expiresAt !== 'string') return null;
  if (Number.isNaN(Date.parse(acceptedAt)) || Number.isNaN(Date.parse(expiresAt))) return null;
  return { accepted: true, acceptedAt, expiresAt };
}

/** True while the stored consent exists and `now` is before its expiry. */
export function isCookieConsentValid(raw: string | null, now: Date): boolean {
  const consent = parseCookieConsent(raw);
  return consent !== null && now.getTime() < Date.parse(consent.expiresAt);
}

/** True when the stored `development_banner_dismissed` value says the banner was dismissed. */
export function isBannerDismissed(raw: string | null): boolean {
  return raw === BANNER_DISMISSED_VALUE;
}

/**
 * Which parts of the banner to show, from the two raw stored values and the clock.
 * `{ developmentNotice: false, cookieNotice: false }` means no banner at all.
 */
export function bannerVisibility(stored: {
  dismissed: string | null;
  consent: string | null;
  now: Date;
}): BannerVisibility {
  return {
    developmentNotice: !isBannerDismissed(stored.dismissed),
    cookieNotice: !isCookieConsentValid(stored.consent, stored.now),
  };
}
