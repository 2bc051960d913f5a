import { act, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import {
  createDiagram,
  defaultDiagramCollection,
  renameDiagram,
  type DiagramCollection,
} from '@cipherspace/tools/diagrams';
import { applyLanguage } from '../../lib/i18n.ts';
import { controlsIn, expectReadOnly, openHistoryPreview } from '../../testing/history-preview.tsx';
import { DiagramsHistoryPreview } from './diagrams-history-preview.tsx';

/** The default collection (saved 5 Mar 2025 09:00 UTC), plus 'Architecture' by bob a day later. */
function version(): DiagramCollection {
  let id = 0;
  let time = '2025-03-05T09:00:00.000Z';
  const ctx = { newId: () => `id-${++id}`, now: () => time };
  let collection = defaultDiagramCollection(ctx);
  time = '2025-03-06T14:30:00.000Z';
  collection = createDiagram(
    collection,
    { diagramId: 'arch', name: 'Architecture', modifiedBy: 'bob' },
    ctx,
  );
  return collection;
}

const renderPreview = (content: DiagramCollection) => <DiagramsHistoryPreview content={content} />;

const local = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );

afterEach(() => {
  applyLanguage('en');
});

describe('DiagramsHistoryPreview (a version of Diagrams, read-only)', () => {
  it('lists the diagrams by name with when and by whom each was last modified', async () => {
    const { preview } = await openHistoryPreview(version(), renderPreview);
    const view = expectReadOnly(preview);
    const list = within(view).getByRole('list', { name: '2 diagrams' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.diagrams-history-name')?.textContent)).toEqual([
      'Default Diagram',
      'Architecture',
    ]);
    expect(items[0]).toHaveTextContent(
      `Last modified ${local('2025-03-05T09:00:00.000Z', 'en')} by System`,
    );
    expect(items[1]).toHaveTextContent(
      `Last modified ${local('2025-03-06T14:30:00.000Z', 'en')} by bob`,
    );
    expect(controlsIn(view)).toEqual([]);
  });

  it('shows a rename as it was saved, in the reader’s language', async () => {
    const content = renameDiagram(
      version(),
      { diagramId: 'arch', name: 'Architektur', modifiedBy: 'ann' },
      { newId: () => 'unused', now: () => '2025-03-07T08:15:00.000Z' },
    );
    const { preview } = await openHistoryPreview(content, renderPreview);
    const view = expectReadOnly(preview);
    act(() => applyLanguage('de'));
    const list = within(view).getByRole('list', { name: '2 Diagramme' });
    expect(within(list).getAllByRole('listitem')[1]).toHaveTextContent(
      `ArchitekturZuletzt geändert am ${local('2025-03-07T08:15:00.000Z', 'de')} von ann`,
    );
  });

  it('leaves the name out when none is stored', async () => {
    const content = version();
    const unnamed: DiagramCollection = {
      ...content,
      diagrams: content.diagrams.map((diagram) => ({ ...diagram, modifiedBy: ' ' })),
    };
    const { preview } = await openHistoryPreview(unnamed, renderPreview);
    const first = within(expectReadOnly(preview)).getAllByRole('listitem')[0];
    expect(first).toHaveTextContent(`Last modified ${local('2025-03-05T09:00:00.000Z', 'en')}`);
    expect(first).not.toHaveTextContent(' by ');
  });
});
