/**
 * The import preview (ImportDialog) and its texts: counts per column/phase, every skip reason
 * translated for both trackers, the progress while saving, and a plan with nothing to import.
 */
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { defaultContent, type ImportPlan, type SkipReason } from '@cipherspace/tools/tracker';
import { ImportDialog, importResultText, skippedText } from './ImportDialog.tsx';

const content = defaultContent('kanban', {
  now: () => '2024-01-01T00:00:00.000Z',
  newId: (() => {
    let id = 0;
    return () => `id-${++id}`;
  })(),
});

const card = (title: string) => ({
  title,
  description: '',
  type: 'Task' as const,
  priority: 'none' as const,
  estimation: '',
  assignedPerson: '',
  tags: [],
  comments: [],
});

function renderDialog(plan: ImportPlan, extra: { importing?: boolean; error?: string } = {}) {
  const onImport = vi.fn();
  const onCancel = vi.fn();
  render(
    <ImportDialog
      open
      fileName="export.json"
      plan={plan}
      content={content}
      noun="card"
      importing={extra.importing ?? false}
      error={extra.error ?? null}
      onImport={onImport}
      onCancel={onCancel}
    />,
  );
  return { onImport, onCancel, dialog: screen.getByRole('dialog', { name: 'Import export.json' }) };
}

describe('ImportDialog', () => {
  it('lists each column with its count, existing or new, and says nothing is skipped', () => {
    const { dialog } = renderDialog({
      phases: [
        { name: 'done', issues: [card('A')] },
        { name: 'Later', issues: [card('B'), card('C')] },
      ],
      tagColors: {},
      skipped: [],
    });
    expect(within(dialog).getByText('To import: 3 cards into 2 columns.')).toBeInTheDocument();
    expect(
      within(dialog)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['Done1existing', 'Later2new']);
    expect(within(dialog).getByText('Nothing is skipped.')).toBeInTheDocument();
  });

  it('shows progress and waits while importing; the error when not saved', () => {
    const { dialog } = renderDialog(
      { phases: [{ name: 'Done', issues: [card('A')] }], tagColors: {}, skipped: [] },
      { importing: true, error: 'Failed to import. Please try again.' },
    );
    expect(within(dialog).getByRole('status')).toHaveTextContent('Importing…');
    expect(within(dialog).getByRole('button', { name: 'Importing…' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Failed to import');
  });

  it('offers no import for a file with nothing in it', () => {
    const { dialog } = renderDialog({ phases: [], tagColors: {}, skipped: [] });
    expect(within(dialog).getByText('The file contains nothing to import.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();
  });
});

describe('import texts', () => {
  it('counts cards and columns, issues and phases, one and many', () => {
    expect(importResultText('card', 8, 3, 2)).toBe(
      'Imported 8 cards into 3 columns; 2 items skipped',
    );
    expect(importResultText('issue', 1, 1, 0)).toBe('Imported 1 issue into 1 phase');
    expect(importResultText('card', 1, 2, 1)).toBe(
      'Imported 1 card into 2 columns; 1 item skipped',
    );
  });

  const reasons: Record<SkipReason, [string, string]> = {
    LIST_CLOSED: ['closed list, not imported', 'closed list, not imported'],
    LIST_MISSING: [
      'its list is not in the export, not imported',
      'its list is not in the export, not imported',
    ],
    TITLE_MISSING: ['no title, not imported', 'no title, not imported'],
    EXTRA_MEMBERS: [
      'more than one member, only the first is assigned',
      'more than one member, only the first is assigned',
    ],
    ESTIMATION_TOO_LONG: [
      'estimate longer than 3 characters, left empty',
      'estimate longer than 3 characters, left empty',
    ],
    UNKNOWN_TYPE: ['unknown type, imported as Task', 'unknown type, imported as Task'],
    UNKNOWN_PRIORITY: [
      'unknown priority, imported without priority',
      'unknown priority, imported without priority',
    ],
    INVALID_DATE: ['unreadable due date, left out', 'unreadable due date, left out'],
    LABEL_EMPTY: [
      'label without name and colour, not imported',
      'label without name and colour, not imported',
    ],
    MAX_PHASES: [
      'no room for another column, its cards go to the last column',
      'no room for another phase, its issues go to the last phase',
    ],
    PHASE_FULL: ['the column is full, not imported', 'the phase is full, not imported'],
  };

  it.each(Object.entries(reasons))('words %s for cards and for issues', (reason, [card, issue]) => {
    const item = { item: 'X', reason: reason as SkipReason };
    expect(skippedText('card', item)).toBe(`X: ${card}`);
    expect(skippedText('issue', { ...item, detail: 'd' })).toBe(`X: ${issue} (d)`);
  });
});
