/**
 * The language switch (spec §1 language toggle) changes a page's texts in place:
 * the page is rendered again, not re-mounted, so what a user typed, a selection and an open
 * dialog survive; a memoised section below the page follows the language too.
 */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useCallback, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { Footer } from '../components/Footer.tsx';
import { Modal } from '../components/Modal.tsx';
import { applyLanguage } from '../lib/i18n.ts';
import { m } from '../paraglide/messages.js';
import { PhaseSection } from '../tools/ticket/PhaseSection.tsx';
import { testBoard } from '../tools/ticket/test-board.ts';
import { TICKET_DEFAULT_SETTINGS } from '@cipherspace/tools/tracker';
import { MemoryRouter } from 'react-router';
import { localized } from './Localized.tsx';

const board = testBoard();
board.addIssue('Backlog', { title: 'First issue' });
board.addIssue('Backlog', { title: 'Second issue' });
const found = board.content.phases.find((phase) => phase.name === 'Backlog');
if (!found) throw new Error('no backlog');
const backlog = found;

const noop = () => undefined;

/** A page with state of every kind the switch must keep: typed text, a selection, a dialog. */
function Page() {
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<string | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [title, setTitle] = useState('');
  // Stable callbacks, as the page passes them: the memoised section is not rendered again by them.
  const openDialog = useCallback(() => setDialogOpen(true), []);
  return (
    <>
      <input aria-label="Note" value={search} onChange={(event) => setSearch(event.target.value)} />
      <p>{m.tracker_search_label()}</p>
      <PhaseSection
        phase={backlog}
        issues={backlog.issues}
        filtered={false}
        expanded
        selectedIssueId={selected}
        flags={TICKET_DEFAULT_SETTINGS}
        canDelete={false}
        onToggle={noop}
        onAddIssue={openDialog}
        onDelete={noop}
        onSelectIssue={setSelected}
      />
      <Modal
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        title={m.tracker_issue_form_add_title()}
      >
        <label>
          {m.tracker_issue_form_title_label()}
          <input value={title} onChange={(event) => setTitle(event.target.value)} />
        </label>
      </Modal>
    </>
  );
}

describe('localized(): the language switch keeps the page (spec §1)', () => {
  afterEach(() => {
    act(() => applyLanguage('en'));
    vi.restoreAllMocks();
  });

  it('changes the texts in place: typed text, the selection and the open dialog with its input survive', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        {localized(<Page />)}
        <Footer />
      </MemoryRouter>,
    );
    await user.type(screen.getByLabelText('Note'), 'invoice');
    await user.click(screen.getByRole('button', { name: /First issue/ }));
    expect(screen.getByRole('button', { name: /First issue/ })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await user.click(screen.getByRole('button', { name: 'Add issue to Backlog' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Issue' });
    await user.type(within(dialog).getByLabelText('Title'), 'Dark mode');

    // The footer is behind the modal; the switch is what a click on it does.
    act(() => screen.getByRole('button', { name: 'Deutsch', hidden: true }).click());

    expect(document.documentElement.lang).toBe('de');
    expect(screen.getByText('Suche', { selector: 'p' })).toBeInTheDocument();
    const germanDialog = screen.getByRole('dialog', { name: 'Issue hinzufügen' });
    expect(within(germanDialog).getByLabelText('Titel')).toHaveValue('Dark mode');
    const section = screen.getByRole('region', { name: 'Backlog', hidden: true });
    expect(section).toHaveTextContent('2 Issues');
    expect(
      within(section).getByRole('button', { name: 'Issue zu Backlog hinzufügen', hidden: true }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Note', { selector: 'input' })).toHaveValue('invoice');
    expect(
      within(section).getByRole('button', { name: /First issue/, hidden: true }),
    ).toHaveAttribute('aria-current', 'true');

    act(() => screen.getByRole('button', { name: 'English', hidden: true }).click());
    expect(document.documentElement.lang).toBe('en');
    expect(
      within(screen.getByRole('dialog', { name: 'Add Issue' })).getByLabelText('Title'),
    ).toHaveValue('Dark mode');
    expect(section).toHaveTextContent('2 issues');
  });
});
