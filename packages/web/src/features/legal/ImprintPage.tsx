/**
 * Legal notice `/impressum` (spec §2 Legal notice): in German or English by the current
 * language. The operator is a sole proprietor; contact is the product e-mail.
 */
import { CONTACT_EMAIL, PRODUCT_NAME } from '../../lib/product.ts';
import { m } from '../../paraglide/messages.js';
import { LegalDocument, type LegalSection } from './LegalDocument.tsx';

export default function ImprintPage() {
  const product = PRODUCT_NAME;
  const sections: LegalSection[] = [
    {
      id: 'provider',
      title: m.legal_imprint_provider_title(),
      paragraphs: [m.legal_imprint_provider_text({ product })],
    },
    {
      id: 'contact',
      title: m.legal_imprint_contact_title(),
      paragraphs: [
        <a key="email" href={`mailto:${CONTACT_EMAIL}`}>
          {m.legal_imprint_email({ email: CONTACT_EMAIL })}
        </a>,
      ],
    },
    {
      id: 'responsible',
      title: m.legal_imprint_responsible_title(),
      paragraphs: [m.legal_imprint_responsible_text({ product })],
    },
    {
      id: 'dispute',
      title: m.legal_imprint_dispute_title(),
      paragraphs: [m.legal_imprint_dispute_text()],
    },
    {
      id: 'liability-content',
      title: m.legal_imprint_liability_content_title(),
      paragraphs: [m.legal_imprint_liability_content_text()],
    },
    {
      id: 'liability-links',
      title: m.legal_imprint_liability_links_title(),
      paragraphs: [m.legal_imprint_liability_links_text()],
    },
    {
      id: 'copyright',
      title: m.legal_imprint_copyright_title(),
      paragraphs: [m.legal_imprint_copyright_text({ product })],
    },
  ];
  return <LegalDocument title={m.legal_imprint_title()} sections={sections} />;
}
