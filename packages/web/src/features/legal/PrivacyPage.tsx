/**
 * Privacy policy `/datenschutz` (spec §2 Privacy): in German or English by the current
 * language. States that tool content is end-to-end encrypted (the server keeps ciphertext and
 * verifiers only), what the browser stores (spec §3 storage keys), that cookie consent is kept
 * for one year (spec §9) and that inactive spaces are deleted automatically.
 */
import { CONTACT_EMAIL, PRODUCT, PRODUCT_NAME } from '../../lib/product.ts';
import { m } from '../../paraglide/messages.js';
import { LegalDocument, type LegalSection } from './LegalDocument.tsx';

export default function PrivacyPage() {
  const product = PRODUCT_NAME;
  const email = CONTACT_EMAIL;
  const sections: LegalSection[] = [
    {
      id: 'controller',
      title: m.legal_privacy_controller_title(),
      paragraphs: [m.legal_privacy_controller_text({ product, email })],
    },
    {
      id: 'encryption',
      title: m.legal_privacy_e2e_title(),
      paragraphs: [m.legal_privacy_e2e_text_1(), m.legal_privacy_e2e_text_2()],
    },
    {
      id: 'server',
      title: m.legal_privacy_server_title(),
      paragraphs: [m.legal_privacy_server_intro()],
      items: [
        m.legal_privacy_server_space(),
        m.legal_privacy_server_verifiers(),
        m.legal_privacy_server_users(),
        m.legal_privacy_server_sessions(),
        m.legal_privacy_server_content(),
      ],
    },
    {
      id: 'connection',
      title: m.legal_privacy_logs_title(),
      paragraphs: [m.legal_privacy_logs_text()],
    },
    {
      id: 'browser',
      title: m.legal_privacy_browser_title(),
      paragraphs: [m.legal_privacy_browser_intro({ product })],
      items: [
        m.legal_privacy_browser_session(),
        m.legal_privacy_browser_space_user(),
        m.legal_privacy_browser_space_key(),
        m.legal_privacy_browser_key_record({ product: PRODUCT }),
        m.legal_privacy_browser_usernames(),
        m.legal_privacy_browser_credentials({ product: PRODUCT }),
        m.legal_privacy_browser_language({ product: PRODUCT }),
        m.legal_privacy_browser_banner(),
        m.legal_privacy_browser_consent(),
        m.legal_privacy_browser_prefill(),
      ],
      after: [m.legal_privacy_browser_logout()],
    },
    {
      id: 'cookies',
      title: m.legal_privacy_cookies_title(),
      paragraphs: [m.legal_privacy_cookies_text()],
    },
    {
      id: 'deletion',
      title: m.legal_privacy_deletion_title(),
      paragraphs: [m.legal_privacy_deletion_text()],
    },
    {
      id: 'external',
      title: m.legal_privacy_external_title(),
      paragraphs: [m.legal_privacy_external_text()],
    },
    {
      id: 'basis',
      title: m.legal_privacy_basis_title(),
      items: [
        m.legal_privacy_basis_contract(),
        m.legal_privacy_basis_interest(),
        m.legal_privacy_basis_storage(),
      ],
    },
    {
      id: 'rights',
      title: m.legal_privacy_rights_title(),
      paragraphs: [m.legal_privacy_rights_intro()],
      items: [
        m.legal_privacy_rights_access(),
        m.legal_privacy_rights_rectification(),
        m.legal_privacy_rights_restriction(),
        m.legal_privacy_rights_objection(),
        m.legal_privacy_rights_complaint(),
      ],
      after: [m.legal_privacy_rights_contact({ email })],
    },
  ];
  return (
    <LegalDocument
      title={m.legal_privacy_title()}
      intro={m.legal_privacy_intro({ product })}
      sections={sections}
    />
  );
}
