/**
 * The landing page's dismissible development banner with the cookie notice and its Accept
 * button (spec §2 Landing page). Dismissing hides the development notice for good; accepting
 * hides the cookie notice for one year (see ./consent.ts).
 */
import { useState } from 'react';
import { Link } from 'react-router';

import { CONTACT_EMAIL, PRODUCT_NAME } from '../../lib/product.ts';
import { m } from '../../paraglide/messages.js';
import {
  acceptCookieNotice,
  dismissDevelopmentNotice,
  readBannerVisibility,
} from './banner-storage.ts';

export function DevelopmentBanner() {
  const [visibility, setVisibility] = useState(() => readBannerVisibility());
  if (!visibility.developmentNotice && !visibility.cookieNotice) return null;

  return (
    <section className="banner landing-banner" aria-label={m.landing_banner_label()}>
      {visibility.developmentNotice ? (
        <div className="landing-banner-item">
          <p id="landing-banner-development">
            {m.landing_banner_development({ product: PRODUCT_NAME, email: CONTACT_EMAIL })}
          </p>
          <button
            type="button"
            className="button"
            aria-label={m.landing_banner_dismiss_label()}
            onClick={() => {
              dismissDevelopmentNotice();
              setVisibility((current) => ({ ...current, developmentNotice: false }));
            }}
          >
            {m.landing_banner_dismiss()}
          </button>
        </div>
      ) : null}
      {visibility.cookieNotice ? (
        <div className="landing-banner-item">
          <p>
            {m.landing_cookie_notice()} <Link to="/datenschutz">{m.landing_cookie_more()}</Link>
          </p>
          <button
            type="button"
            className="button button-primary"
            onClick={() => {
              acceptCookieNotice();
              setVisibility((current) => ({ ...current, cookieNotice: false }));
            }}
          >
            {m.landing_cookie_accept()}
          </button>
        </div>
      ) : null}
    </section>
  );
}
