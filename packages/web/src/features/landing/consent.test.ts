import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import {
  bannerVisibility,
  consentExpiry,
  createCookieConsent,
  isBannerDismissed,
  isCookieConsentValid,
  parseCookieConsent,
} from './consent.ts';

const ACCEPTED_AT = new Date('2025-03-10T09:30:00.000Z');

describe('cookie consent (spec §9: stored for one year)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(ACCEPTED_AT);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('records acceptance with an expiry one calendar year ahead', () => {
    expect(createCookieConsent(new Date())).toEqual({
      accepted: true,
      acceptedAt: '2025-03-10T09:30:00.000Z',
      expiresAt: '2026-03-10T09:30:00.000Z',
    });
  });

  it('stays valid until the expiry and lapses at it', () => {
    const raw = JSON.stringify(createCookieConsent(new Date()));
    expect(isCookieConsentValid(raw, new Date())).toBe(true);

    vi.setSystemTime(new Date('2026-03-10T09:29:59.999Z'));
    expect(isCookieConsentValid(raw, new Date())).toBe(true);

    vi.setSystemTime(new Date('2026-03-10T09:30:00.000Z'));
    expect(isCookieConsentValid(raw, new Date())).toBe(false);

    vi.advanceTimersByTime(24 * 60 * 60 * 1000);
    expect(isCookieConsentValid(raw, new Date())).toBe(false);
  });

  it('shows the cookie notice again once the consent has expired', () => {
    const consent = JSON.stringify(createCookieConsent(new Date()));
    expect(bannerVisibility({ dismissed: null, consent, now: new Date() }).cookieNotice).toBe(
      false,
    );
    vi.setSystemTime(new Date('2026-03-11T00:00:00.000Z'));
    expect(bannerVisibility({ dismissed: null, consent, now: new Date() }).cookieNotice).toBe(true);
  });

  it('rolls 29 February over to 1 March of the next year', () => {
    expect(consentExpiry(new Date('2024-02-29T12:00:00.000Z')).toISOString()).toBe(
      '2025-03-01T12:00:00.000Z',
    );
  });

  it.each([
    ['absent', null],
    ['not JSON', '{nope'],
    ['a bare true without expiry', 'true'],
    ['a string', '"yes"'],
    ['null', 'null'],
    ['not accepted', JSON.stringify({ accepted: false, acceptedAt: 'x', expiresAt: 'y' })],
    [
      'an unparsable expiry',
      JSON.stringify({ accepted: true, acceptedAt: ACCEPTED_AT, expiresAt: 'soon' }),
    ],
    ['no expiry', JSON.stringify({ accepted: true, acceptedAt: ACCEPTED_AT })],
  ])('treats %s as no consent', (_label, raw) => {
    expect(parseCookieConsent(raw)).toBeNull();
    expect(isCookieConsentValid(raw, new Date())).toBe(false);
  });
});

describe('development banner', () => {
  const now = new Date('2025-01-01T00:00:00.000Z');
  const consent = JSON.stringify(createCookieConsent(now));

  it('is dismissed only by the stored value "true"', () => {
    expect(isBannerDismissed('true')).toBe(true);
    expect(isBannerDismissed(null)).toBe(false);
    expect(isBannerDismissed('false')).toBe(false);
  });

  it('shows both parts to a first-time visitor', () => {
    expect(bannerVisibility({ dismissed: null, consent: null, now })).toEqual({
      developmentNotice: true,
      cookieNotice: true,
    });
  });

  it('hides each part independently and disappears when both are handled', () => {
    expect(bannerVisibility({ dismissed: 'true', consent: null, now })).toEqual({
      developmentNotice: false,
      cookieNotice: true,
    });
    expect(bannerVisibility({ dismissed: null, consent, now })).toEqual({
      developmentNotice: true,
      cookieNotice: false,
    });
    expect(bannerVisibility({ dismissed: 'true', consent, now })).toEqual({
      developmentNotice: false,
      cookieNotice: false,
    });
  });
});
