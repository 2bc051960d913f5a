/**
 * Frame of the two legal pages (spec §2 Privacy and legal notice): a back button to '/', the
 * title and the sections. Texts come from the messages, so the current language picks the
 * German or English version.
 */
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';

import { m } from '../../paraglide/messages.js';

/** One section: a heading, then paragraphs and/or a bulleted list, then closing paragraphs. */
export interface LegalSection {
  id: string;
  title: string;
  paragraphs?: readonly ReactNode[];
  items?: readonly ReactNode[];
  after?: readonly ReactNode[];
}

export function LegalDocument(props: {
  title: string;
  intro?: ReactNode;
  sections: readonly LegalSection[];
}) {
  const navigate = useNavigate();
  const back = (
    <button type="button" className="button" onClick={() => void navigate('/')}>
      {m.common_back_home()}
    </button>
  );
  return (
    <div className="page legal">
      <div className="row">{back}</div>
      <article className="card legal-document" aria-labelledby="legal-title">
        <h1 id="legal-title">{props.title}</h1>
        {props.intro ? <p className="legal-intro">{props.intro}</p> : null}
        {props.sections.map((section) => (
          <section key={section.id} aria-labelledby={`legal-${section.id}`}>
            <h2 id={`legal-${section.id}`}>{section.title}</h2>
            {section.paragraphs?.map((paragraph, index) => (
              <p key={index}>{paragraph}</p>
            ))}
            {section.items ? (
              <ul>
                {section.items.map((item, index) => (
                  <li key={index}>{item}</li>
                ))}
              </ul>
            ) : null}
            {section.after?.map((paragraph, index) => (
              <p key={index}>{paragraph}</p>
            ))}
          </section>
        ))}
      </article>
      <div className="row">{back}</div>
    </div>
  );
}
