/**
 * Reads and writes the banner's two storage entries (spec §3 `development_banner_dismissed`,
 * `cookie_notice_accepted`); the rules themselves live in ./consent.ts.
 */
import { STORAGE_KEYS, writeJson } from '../../lib/storage.ts';
import {
  BANNER_DISMISSED_VALUE,
  bannerVisibility,
  createCookieConsent,
  type BannerVisibility,
} from './consent.ts';

/** What the banner shows for the values stored in this browser at `now`. */
export function readBannerVisibility(now: Date = new Date()): BannerVisibility {
  return bannerVisibility({
    dismissed: localStorage.getItem(STORAGE_KEYS.developmentBannerDismissed),
    consent: localStorage.getItem(STORAGE_KEYS.cookieNoticeAccepted),
    now,
  });
}

/** Hides the development notice for good. */
export function dismissDevelopmentNotice(): void {
  localStorage.setItem(STORAGE_KEYS.developmentBannerDismissed, BANNER_DISMISSED_VALUE);
}

/** Stores the cookie consent given at `now`, valid for one year (spec §9). */
export function acceptCookieNotice(now: Date = new Date()): void {
  writeJson(STORAGE_KEYS.cookieNoticeAccepted, createCookieConsent(now));
}
