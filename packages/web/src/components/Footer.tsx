/**
 * Footer on every page (spec §2): description, legal links, contact line, language buttons
 * (in order en, de; the active one highlighted and pressed), copyright with the current year and tagline.
 */
import { Link } from 'react-router';

import { applyLanguage, LANGUAGES, useLanguage } from '../lib/i18n.ts';
import { CONTACT_EMAIL, PRODUCT_NAME } from '../lib/product.ts';
import { m } from '../paraglide/messages.js';

export function Footer() {
  const language = useLanguage();
  return (
    <footer className="footer">
      <p className="footer-description">{m.footer_description({ product: PRODUCT_NAME })}</p>
      <nav className="footer-links" aria-label={m.footer_legal_label()}>
        <Link to="/impressum">{m.footer_impressum()}</Link>
        <Link to="/datenschutz">{m.footer_datenschutz()}</Link>
      </nav>
      <p className="footer-contact">{m.footer_contact({ email: CONTACT_EMAIL })} </p>
      <div className="footer-languages" role="group" aria-label={m.footer_language_label()}>
        {LANGUAGES.map((code) => (
          <button
            key={code}
            type="button"
            className={code === language ? 'language-button active' : 'language-button'}
            aria-pressed={code === language}
            lang={code}
            onClick={() => applyLanguage(code)}
          >
            {code === 'en' ? 'English' : 'Deutsch'}
          </button>
        ))}
      </div>
      <p className="footer-copyright">
        {m.footer_copyright({ year: String(new Date().getFullYear()), product: PRODUCT_NAME })} ·{' '}
        {m.footer_tagline()}
      </p>
    </footer>
  );
}
