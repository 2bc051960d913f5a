/**
 * A version of Diagrams as the history shows it: how many diagrams the collection held and, for
 * each in the order of the diagram select, its name and when and by whom it was last modified. The
 * drawings themselves are not shown: only the embedded editor can draw them, and it cannot be shown
 * read-only. Nothing in it acts; the history panel renders it inside an `inert` container.
 */
import type { Diagram, DiagramCollection } from '@cipherspace/tools/diagrams';
import { useId } from 'react';

import { formatDate } from '../../lib/date-format.ts';
import { useLanguage } from '../../lib/i18n.ts';
import { m } from '../../paraglide/messages.js';
import { diagramCountText } from './diagrams-messages.ts';
import './diagrams.css';

/** 'Last modified {date} by {name}', without the name when none is stored. */
function modifiedText(diagram: Diagram, language: string): string {
  const date = formatDate(diagram.lastModified, language, 'dateTime');
  const name = diagram.modifiedBy.trim();
  return name === ''
    ? m.history_preview_diagram_modified_at({ date })
    : m.history_preview_diagram_modified({ date, name });
}

/** Takes one version's collection; renders its diagrams' names and last changes. */
export function DiagramsHistoryPreview({ content }: { content: DiagramCollection }) {
  const language = useLanguage();
  const countId = useId();
  return (
    <div className="diagrams-history-preview">
      <p id={countId} className="diagrams-count">
        {diagramCountText(content.diagrams.length)}
      </p>
      <ul className="diagrams-history-list" aria-labelledby={countId}>
        {content.diagrams.map((diagram) => (
          <li key={diagram.id} className="diagrams-history-item">
            <span className="diagrams-history-name">{diagram.name}</span>
            <span className="field-hint">{modifiedText(diagram, language)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
